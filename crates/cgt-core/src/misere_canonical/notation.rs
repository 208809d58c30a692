//! CGSuite's notation for misère canonical forms, written and read.
//!
//! Written (as CGSuite writes it): `*[` … `]` around a game, where a nim
//! heap is its size (`&10;` from 10 on), a game of two or more options is
//! its options from the last in CGSuite's order, in parentheses when it is
//! itself an option, and a subscript follows a game: `#` for the game whose
//! only option it is, a size n for the sum with *n, `-n` for the game that
//! plus *n is it. The first subscript of a run opens `[` right after the
//! heap or parenthesis it starts from, and the run's end closes it:
//! `*[2#]`, `*[2[2]]`, `*[2[#2#]]`, `*[(2#1)2##]`, `*[2[##-2]0]`.
//!
//! Read: that notation, or CGSuite's input lists: `*[4,2]` (options *4
//! and *2), `*[[2],1]` (nested lists are games of those options), a list
//! of one element being that element (`*[2]` is *2, `*[[2]]` is {*2}),
//! list elements that are sums (`*[[*[4]+*[2]]]`), and sums `*[2]+*[2]`.
//! Inside `*[…]` with no comma, no `*` and no inner list, digits are the
//! written notation: `*[42]` has the options *4 and *2, as CGSuite writes
//! it, and a heap of 10 or more is `*[&10;]`.

use super::store::{MisereId, MisereStore};
use crate::canonical::NotationError;

/// How deep parentheses and lists may nest in what is read.
const MAX_DEPTH: usize = 200;

/// The largest heap read: a heap of n is a game of n options, built with
/// every smaller heap, so n² work.
const MAX_HEAP: u32 = 1024;

fn digits(n: u32) -> String {
    if n < 10 {
        n.to_string()
    } else {
        format!("&{n};")
    }
}

impl MisereStore {
    /// `g` as CGSuite writes it: `*[2#1]`.
    ///
    /// # Complexity
    /// Finds the parts of the games it writes (to write sums as
    /// subscripts); an explicit stack of what is left to write.
    pub fn display(&mut self, g: MisereId) -> String {
        // `opened[s]`: whether the subscript run of slot s has opened its
        // `[` (each option of a list starts a run of its own).
        let mut opened = vec![false];
        let mut out = String::from("*[");
        let mut stack = vec![Write::CloseRun(0), Write::Game(g, false, 0)];
        while let Some(task) = stack.pop() {
            match task {
                Write::Text(text) => out.push_str(&text),
                Write::CloseRun(slot) => {
                    if opened[slot] {
                        out.push(']');
                    }
                }
                Write::Game(g, parenthesize, slot) => {
                    self.write_step(g, parenthesize, slot, &mut opened, &mut out, &mut stack)
                }
            }
        }
        out.push(']');
        out
    }

    /// A list of games as CGSuite prints one: `[*[2],*[4[2#-4]]]`.
    pub fn display_list(&mut self, games: &[MisereId]) -> String {
        let written: Vec<String> = games.iter().map(|&g| self.display(g)).collect();
        format!("[{}]", written.join(","))
    }

    /// Writes what `g` starts with and pushes what follows: a heap is its
    /// size (and `[` if its run is to open one); a sum with *i or a
    /// difference from it that is born earlier is that game then the
    /// subscript i (`-i`); an odd game is its even part then `1`; a game
    /// of one option is that option then `#`; else its options from the
    /// last, each in a run of its own.
    fn write_step(
        &mut self,
        g: MisereId,
        parenthesize: bool,
        slot: usize,
        opened: &mut Vec<bool>,
        out: &mut String,
        stack: &mut Vec<Write>,
    ) {
        let b = self.birthday(g);
        if self.nim_heap(b) == g {
            out.push_str(&digits(b));
            if opened[slot] {
                out.push('[');
            }
            return;
        }
        let start = if self.is_even(g) { 2 } else { 3 };
        for i in (start..b).step_by(2) {
            let heap = self.nim_heap(i);
            if let Some(rest) = self.subtract(g, heap)
                && self.birthday(rest) < b
            {
                opened[slot] = true;
                stack.push(Write::Text(digits(i)));
                stack.push(Write::Game(rest, true, slot));
                return;
            }
            let more = self.add(g, heap);
            if self.birthday(more) < b {
                opened[slot] = true;
                stack.push(Write::Text(format!("-{}", digits(i))));
                stack.push(Write::Game(more, true, slot));
                return;
            }
        }
        if !self.is_even(g) {
            opened[slot] = true;
            stack.push(Write::Text("1".to_string()));
            stack.push(Write::Game(self.partner(g), true, slot));
            return;
        }
        let options = self.options(g);
        if options.len() < 2 {
            stack.push(Write::Text("#".to_string()));
            // An even game of one option: not 0 (a heap), so it has one.
            if let Some(&only) = options.first() {
                stack.push(Write::Game(only, true, slot));
            }
            return;
        }
        if parenthesize {
            out.push('(');
        }
        // The run this list is in opens after the closing parenthesis.
        let after = match (parenthesize, opened[slot]) {
            (true, true) => ")[",
            (true, false) => ")",
            (false, true) => "[",
            (false, false) => "",
        };
        stack.push(Write::Text(after.to_string()));
        for &o in &options {
            // Pushed first to last, so written last to first.
            let own = opened.len();
            opened.push(false);
            stack.push(Write::CloseRun(own));
            stack.push(Write::Game(o, true, own));
        }
    }

    /// Reads a game in CGSuite's notation (see the module's doc).
    ///
    /// # Example
    /// ```
    /// use cgt_core::misere_canonical::MisereStore;
    ///
    /// let mut store = MisereStore::new();
    /// let g = store.parse("*[[*[4]+*[2]]]").unwrap();
    /// assert_eq!(store.display(g), "*[4[2#]]");
    /// assert_eq!(store.parse("*[4[2#]]").unwrap(), g);
    /// ```
    pub fn parse(&mut self, text: &str) -> Result<MisereId, NotationError> {
        self.parse_with(text, &mut |_, _, _| {
            Err("heaps of take-and-break games are not read here".to_string())
        })
    }

    /// Reads a game as [`Self::parse`] does, and also CGSuite's heap of a
    /// take-and-break game, `game.heap.TakeAndBreak("0.77")(5)` (the
    /// `game.heap.` may be left out), as a term of a sum or an element of
    /// a list: `heap(store, code, n)` gives its canonical form, or says
    /// why not (a bad code, a heap too large).
    pub fn parse_with(
        &mut self,
        text: &str,
        heap: &mut dyn FnMut(&mut MisereStore, &str, usize) -> Result<MisereId, String>,
    ) -> Result<MisereId, NotationError> {
        let mut reader = Reader {
            chars: text.chars().collect(),
            at: 0,
            depth: 0,
            heap,
        };
        let g = reader.sum(self)?;
        reader.skip_space();
        if reader.at < reader.chars.len() {
            return Err(reader.error("expected `+` or the end"));
        }
        Ok(g)
    }
}

/// The heaps of games a reader asks its caller for.
type HeapOf<'a> = &'a mut dyn FnMut(&mut MisereStore, &str, usize) -> Result<MisereId, String>;

/// What is left to write, for [`MisereStore::display`].
enum Write {
    /// A game, in parentheses if it is a list, in the subscript run of a
    /// slot.
    Game(MisereId, bool, usize),
    Text(String),
    /// `]` if the slot's run opened a `[`.
    CloseRun(usize),
}

struct Reader<'a> {
    chars: Vec<char>,
    at: usize,
    depth: usize,
    heap: HeapOf<'a>,
}

impl Reader<'_> {
    fn error(&self, what: &str) -> NotationError {
        let found = match self.chars.get(self.at) {
            Some(c) => format!("`{c}`"),
            None => "the end".to_string(),
        };
        NotationError::new(self.at, format!("{what}, found {found}"))
    }

    fn skip_space(&mut self) {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.chars.get(self.at).copied()
    }

    fn expect(&mut self, c: char) -> Result<(), NotationError> {
        if self.peek() == Some(c) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected `{c}`")))
        }
    }

    fn deeper(&mut self) -> Result<(), NotationError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(&format!("nested deeper than {MAX_DEPTH}")));
        }
        Ok(())
    }

    /// term (`+` term)*
    fn sum(&mut self, store: &mut MisereStore) -> Result<MisereId, NotationError> {
        let mut g = self.term(store)?;
        while self.peek() == Some('+') {
            self.at += 1;
            let h = self.term(store)?;
            g = store.add(g, h);
        }
        Ok(g)
    }

    /// Whether `word` comes next (after spaces); if so, moves past it.
    fn eat(&mut self, word: &str) -> bool {
        self.skip_space();
        let n = word.chars().count();
        let next: String = self.chars.iter().skip(self.at).take(n).collect();
        if next == word {
            self.at += n;
            true
        } else {
            false
        }
    }

    /// `[game.heap.]TakeAndBreak("CODE")(n)`, after its name.
    fn heap_term(&mut self, store: &mut MisereStore) -> Result<MisereId, NotationError> {
        self.expect('(')?;
        self.expect('"')?;
        let start = self.at;
        while self.chars.get(self.at).is_some_and(|&c| c != '"') {
            self.at += 1;
        }
        let code: String = self.chars[start..self.at].iter().collect();
        self.expect('"')?;
        self.expect(')')?;
        self.expect('(')?;
        let at = self.at;
        let n = self.number()?;
        self.expect(')')?;
        (self.heap)(store, &code, n as usize).map_err(|e| NotationError::new(at, e))
    }

    /// `*[` body `]`, or a heap of a take-and-break game.
    fn term(&mut self, store: &mut MisereStore) -> Result<MisereId, NotationError> {
        if self.eat("game.heap.TakeAndBreak") || self.eat("TakeAndBreak") {
            return self.heap_term(store);
        }
        if self.peek() != Some('*') {
            return Err(self.error("expected `*[` or `TakeAndBreak(\"CODE\")(n)`"));
        }
        self.expect('*')?;
        self.expect('[')?;
        self.deeper()?;
        let g = if self.body_is_list() {
            let elements = self.list(store)?;
            match elements.as_slice() {
                [one] => *one,
                _ => store.game(&elements),
            }
        } else {
            self.written(store)?
        };
        self.expect(']')?;
        self.depth -= 1;
        Ok(g)
    }

    /// Whether the body from here to its `]` is an input list.
    fn body_is_list(&mut self) -> bool {
        self.skip_space();
        let mut depth = 0usize;
        let mut i = self.at;
        if self.chars.get(i) == Some(&']') {
            return true;
        }
        if self.chars.get(i) == Some(&'[') {
            return true;
        }
        while let Some(&c) = self.chars.get(i) {
            match c {
                '(' | '[' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                ']' if depth == 0 => return false,
                ']' => depth -= 1,
                ',' | '*' | 'T' | 'g' => return true,
                _ => {}
            }
            i += 1;
        }
        false
    }

    /// element (`,` element)*, maybe empty.
    fn list(&mut self, store: &mut MisereStore) -> Result<Vec<MisereId>, NotationError> {
        let mut out = Vec::new();
        if self.peek() == Some(']') {
            return Ok(out);
        }
        loop {
            out.push(self.element(store)?);
            if self.peek() == Some(',') {
                self.at += 1;
            } else {
                return Ok(out);
            }
        }
    }

    fn element(&mut self, store: &mut MisereStore) -> Result<MisereId, NotationError> {
        match self.peek() {
            Some('[') => {
                self.at += 1;
                self.deeper()?;
                let options = self.list(store)?;
                self.expect(']')?;
                self.depth -= 1;
                Ok(store.game(&options))
            }
            Some(c) if c.is_ascii_digit() => {
                let n = self.number()?;
                Ok(store.nim_heap(n))
            }
            Some('*' | 'g' | 'T') => self.sum(store),
            _ => Err(self.error("expected a heap size, `[`, `*[` or `TakeAndBreak`")),
        }
    }

    fn number(&mut self) -> Result<u32, NotationError> {
        self.skip_space();
        let start = self.at;
        while self.chars.get(self.at).is_some_and(char::is_ascii_digit) {
            self.at += 1;
        }
        let text: String = self.chars[start..self.at].iter().collect();
        match text.parse::<u32>() {
            Ok(n) if n <= MAX_HEAP => Ok(n),
            _ => {
                self.at = start;
                Err(self.error(&format!("expected a heap size from 0 to {MAX_HEAP}")))
            }
        }
    }

    /// One heap size of the written notation: a digit or `&n;`.
    fn written_size(&mut self) -> Result<u32, NotationError> {
        match self.chars.get(self.at) {
            Some(&c) if c.is_ascii_digit() => {
                self.at += 1;
                Ok(c as u32 - '0' as u32)
            }
            Some('&') => {
                self.at += 1;
                let n = self.number()?;
                self.expect(';')?;
                Ok(n)
            }
            _ => Err(self.error("expected a heap size (a digit or `&n;`)")),
        }
    }

    /// The written notation: items; one is itself, more are options.
    fn written(&mut self, store: &mut MisereStore) -> Result<MisereId, NotationError> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == ']' || c == ')' {
                break;
            }
            items.push(self.item(store)?);
        }
        match items.as_slice() {
            [] => Err(self.error("expected a game")),
            [one] => Ok(*one),
            _ => Ok(store.game(&items)),
        }
    }

    /// atom, then `#`s and a bracketed run of subscripts.
    fn item(&mut self, store: &mut MisereStore) -> Result<MisereId, NotationError> {
        let mut g = if self.peek() == Some('(') {
            self.at += 1;
            self.deeper()?;
            let g = self.written(store)?;
            self.expect(')')?;
            self.depth -= 1;
            g
        } else {
            let n = self.written_size()?;
            store.nim_heap(n)
        };
        loop {
            match self.chars.get(self.at) {
                Some('#') => {
                    self.at += 1;
                    g = store.game(&[g]);
                }
                Some('[') => {
                    self.at += 1;
                    while self.chars.get(self.at) != Some(&']') {
                        g = self.subscript(store, g)?;
                    }
                    self.at += 1;
                    return Ok(g);
                }
                _ => return Ok(g),
            }
        }
    }

    fn subscript(
        &mut self,
        store: &mut MisereStore,
        g: MisereId,
    ) -> Result<MisereId, NotationError> {
        match self.chars.get(self.at) {
            Some('#') => {
                self.at += 1;
                Ok(store.game(&[g]))
            }
            Some('-') => {
                self.at += 1;
                let start = self.at;
                let n = self.written_size()?;
                let heap = store.nim_heap(n);
                store.subtract(g, heap).ok_or_else(|| {
                    NotationError::new(
                        start,
                        format!("no game plus *{n} is the game before `-{n}`"),
                    )
                })
            }
            _ => {
                let n = self.written_size()?;
                let heap = store.nim_heap(n);
                Ok(store.add(g, heap))
            }
        }
    }
}

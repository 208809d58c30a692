//! CGSuite's notation for loopy games, read: `pass` among options, named
//! positions (`a{0|a}`), `on`, `off`, `over`, `under`, `upon`, `dud`,
//! `5over`, `3/2under`, `Tiny(on)`, `Miny(over)`, `^[on]`, `v<on>`, `+-`,
//! sums and differences, and `A & B`; every short game as
//! [`GameStore::parse`] reads it.

use super::{Graph, LoopyError, StopperId, StopperStore};
use crate::canonical::{GameId, GameStore, NotationError, literal_at};
use crate::outcome::Side;

/// How deeply braces and parentheses may nest.
const MAX_NESTING: usize = 200;
/// The most positions a game read may have (its sums included).
pub const MAX_READ_POSITIONS: usize = 1 << 16;

/// A value read: a stopper, or a sided value `onside & offside`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// A stopper (every short game is one).
    Stopper(StopperId),
    /// `onside & offside`, two stoppers with `onside >= offside`.
    Sided {
        /// The value when infinite play counts for Left.
        onside: StopperId,
        /// The value when infinite play counts for Right.
        offside: StopperId,
    },
}

/// A game a resolver gives for a `name(argument)` term: a short game, or a
/// game graph and its start.
#[derive(Clone, Debug)]
pub enum Term {
    /// A short game of the store.
    Short(GameId),
    /// A loopy game: its graph and the position it starts at.
    Loopy(Graph, u32),
}

/// The resolver of `name(argument)` terms: `None` for an unknown name.
pub type LoopyResolver<'r> =
    dyn FnMut(&mut GameStore, &str, &str) -> Option<Result<Term, String>> + 'r;

struct Reader<'a, 'r> {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
    store: &'a mut GameStore,
    resolve: &'a mut LoopyResolver<'r>,
    graph: Graph,
    /// Named positions being defined (innermost last): name, position.
    open: Vec<(String, u32)>,
}

/// One item between braces.
enum Item {
    Option(u32),
    Pass,
    Comma(usize),
    Bars(usize, usize),
}

impl StopperStore {
    /// Reads a game in CGSuite's notation for loopy games: a stopper, or
    /// `A & B` of two stoppers (`dud` is `on & off`).
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_core::loopy_partizan::{LoopyValue, StopperStore};
    /// let mut store = GameStore::new();
    /// let mut stoppers = StopperStore::new();
    /// let LoopyValue::Stopper(g) = stoppers.parse(&mut store, "{pass|3/2}")? else { panic!() };
    /// assert_eq!(stoppers.display(g, &mut store), "3/2under");
    /// let LoopyValue::Stopper(g) = stoppers.parse(&mut store, "{1,pass|0}")? else { panic!() };
    /// assert_eq!(stoppers.display(g, &mut store), "{1,pass|0}");
    /// // A name refers to the position it names, inside its braces.
    /// let LoopyValue::Stopper(g) = stoppers.parse(&mut store, "{0|a{0,*|a}}")? else { panic!() };
    /// assert_eq!(stoppers.display(g, &mut store), "over");
    /// let error = stoppers.parse(&mut store, "{0|b}").unwrap_err();
    /// assert_eq!(error.position(), 3);
    /// // The examples of the theory, as CGSuite prints them.
    /// for (game, written) in [
    ///     ("{-1/4+*|pass}", "-1/4v[on]"),
    ///     ("{on|0||0}", "Miny(on)"),
    ///     ("{0||0|under}", "Tiny(over)"),
    ///     ("+-{0|pass}", "+-over"),
    ///     ("+-(5over)", "+-(5over)"),
    ///     ("a{{|a}|}", "1 & 0"),
    ///     ("{0|{dud|},*}", "^ & v*"),
    ///     ("a{0|{0||||0,*2|||a|0||0}||0}", "a{0|{0||||0,*2|||a|0||0}||0}"),
    /// ] {
    ///     let value = stoppers.parse(&mut store, game)?;
    ///     assert_eq!(stoppers.display_value(value, &mut store), written);
    /// }
    /// # Ok::<(), cgt_core::canonical::NotationError>(())
    /// ```
    ///
    /// # Errors
    /// A [`NotationError`] with the position: bad notation, an undefined
    /// name, `pass` outside braces, `&` between games that are not
    /// stoppers, a graph of more than [`MAX_READ_POSITIONS`] positions, a
    /// game whose sides cannot be found ([`LoopyError::Unsettled`]).
    pub fn parse(
        &mut self,
        store: &mut GameStore,
        text: &str,
    ) -> Result<LoopyValue, NotationError> {
        self.parse_with(store, text, &mut |_, _, _| None)
    }

    /// Like [`StopperStore::parse`]; a term `name(argument)` the notation
    /// does not know is passed to `resolve(store, name, argument_text)`.
    ///
    /// # Errors
    /// As [`StopperStore::parse`]; a resolver's error at its term.
    pub fn parse_with(
        &mut self,
        store: &mut GameStore,
        text: &str,
        resolve: &mut LoopyResolver<'_>,
    ) -> Result<LoopyValue, NotationError> {
        let mut reader = Reader {
            chars: text.chars().collect(),
            pos: 0,
            depth: 0,
            store,
            resolve,
            graph: Graph::new(),
            open: Vec::new(),
        };
        reader.skip_space();
        let start = reader.pos;
        let first = reader.expression()?;
        reader.skip_space();
        let second = if reader.peek() == Some('&') {
            reader.pos += 1;
            reader.skip_space();
            let second_start = reader.pos;
            Some((second_start, reader.expression()?))
        } else {
            None
        };
        // The whole text is read before anything is valued: a value can
        // take long, and bad notation after it must not wait for it.
        reader.skip_space();
        if reader.pos < reader.chars.len() {
            return Err(reader.error_here("expected `+`, `-`, `&` or the end"));
        }
        let value = match second {
            Some((second_start, second)) => {
                let onside = reader.stopper(self, start, first)?;
                let offside = reader.stopper(self, second_start, second)?;
                if !self
                    .le(offside, onside)
                    .map_err(|e| NotationError::from_loopy(start, e))?
                {
                    return Err(NotationError::new(
                        start,
                        "the onside (before `&`) must be at least the offside",
                    ));
                }
                sided(onside, offside)
            }
            None => self
                .value(&reader.graph, first)
                .map_err(|e| NotationError::from_loopy(start, e))?,
        };
        Ok(value)
    }

    /// `on = {pass|}`.
    pub fn on(&mut self) -> StopperId {
        let mut graph = Graph::new();
        let on = graph.add_position();
        graph.add_move(on, Side::Left, on);
        self.stopper(&graph, on).expect("on is a stopper")
    }
}

fn sided(onside: StopperId, offside: StopperId) -> LoopyValue {
    if onside == offside {
        LoopyValue::Stopper(onside)
    } else {
        LoopyValue::Sided { onside, offside }
    }
}

impl Reader<'_, '_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.pos + k).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn error_here(&self, expected: &str) -> NotationError {
        let found = match self.peek() {
            Some(c) => format!("found `{c}`"),
            None => "found the end".to_string(),
        };
        NotationError::new(self.pos, format!("{expected}, {found}"))
    }

    fn enter(&mut self) -> Result<(), NotationError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(self.error_here(&format!("nesting deeper than {MAX_NESTING}")));
        }
        Ok(())
    }

    fn looks_at(&self, word: &str) -> bool {
        word.chars()
            .enumerate()
            .all(|(k, c)| self.peek_at(k) == Some(c))
    }

    /// A word (letters, digits, `_`) starting here.
    fn word(&self) -> String {
        self.chars[self.pos..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .collect()
    }

    fn checked(&self, position: usize) -> Result<(), NotationError> {
        if self.graph.len() > MAX_READ_POSITIONS {
            return Err(NotationError::new(
                position,
                format!("the game graph is too large: more than {MAX_READ_POSITIONS} positions"),
            ));
        }
        Ok(())
    }

    fn stopper(
        &self,
        stoppers: &mut StopperStore,
        position: usize,
        v: u32,
    ) -> Result<StopperId, NotationError> {
        stoppers.stopper(&self.graph, v).map_err(|e| match e {
            LoopyError::NotStopper => NotationError::new(
                position,
                "not a stopper (play can alternate forever): `&` takes two stoppers",
            ),
            e => NotationError::from_loopy(position, e),
        })
    }

    fn position(&mut self) -> u32 {
        self.graph.add_position()
    }

    /// A short game as positions.
    fn short(&mut self, at: usize, g: GameId) -> Result<u32, NotationError> {
        let room = MAX_READ_POSITIONS.saturating_sub(self.graph.len());
        self.graph
            .add_short_within(self.store, g, room)
            .ok_or_else(|| {
                NotationError::new(
                    at,
                    "the game has too many positions to take part in a loopy game",
                )
            })
    }

    /// Whether `v` reaches a named position still being defined.
    fn reaches_open(&self, v: u32) -> bool {
        let reach = self.graph.reachable(v);
        self.open.iter().any(|(_, p)| reach.contains(p))
    }

    fn complete(&self, at: usize, v: u32) -> Result<Graph, NotationError> {
        if self.reaches_open(v) {
            let name = &self.open.last().expect("open").0;
            return Err(NotationError::new(
                at,
                format!(
                    "a sum, a difference or `+-` cannot refer to `{name}` inside its own definition"
                ),
            ));
        }
        Ok(self.graph.restricted(v))
    }

    fn negative(&mut self, at: usize, v: u32) -> Result<u32, NotationError> {
        let negative = self.complete(at, v)?.negative();
        let offset = self.graph.append(&negative);
        self.checked(at)?;
        Ok(offset)
    }

    fn add(&mut self, at: usize, a: u32, b: u32) -> Result<u32, NotationError> {
        let (ga, gb) = (self.complete(at, a)?, self.complete(at, b)?);
        let sum = Graph::sum(&ga, 0, &gb, 0, MAX_READ_POSITIONS).ok_or_else(|| {
            NotationError::new(
                at,
                format!("the game graph is too large: more than {MAX_READ_POSITIONS} positions"),
            )
        })?;
        let offset = self.graph.append(&sum);
        self.checked(at)?;
        Ok(offset)
    }

    /// expression := ['-'] term (('+' | '-') term)*
    fn expression(&mut self) -> Result<u32, NotationError> {
        self.skip_space();
        let mut total = self.signed_term()?;
        loop {
            self.skip_space();
            let at = self.pos;
            let term = if self.looks_at("+-") || self.peek() == Some('±') {
                self.term()?
            } else if self.peek() == Some('+') {
                self.pos += 1;
                self.skip_space();
                self.signed_term()?
            } else if self.peek() == Some('-') {
                self.pos += 1;
                self.skip_space();
                let t = self.term()?;
                self.negative(at, t)?
            } else {
                return Ok(total);
            };
            total = self.add(at, total, term)?;
        }
    }

    fn signed_term(&mut self) -> Result<u32, NotationError> {
        if self.peek() == Some('-') && !self.looks_at("-+") {
            let at = self.pos;
            self.pos += 1;
            self.skip_space();
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return self.number_term(true);
            }
            let t = self.term()?;
            return self.negative(at, t);
        }
        if self.peek() == Some('+') && !self.looks_at("+-") {
            self.pos += 1;
            self.skip_space();
        }
        self.term()
    }

    fn term(&mut self) -> Result<u32, NotationError> {
        self.skip_space();
        let at = self.pos;
        if self.looks_at("+-") || self.peek() == Some('±') {
            self.enter()?;
            self.pos += if self.peek() == Some('±') { 1 } else { 2 };
            self.skip_space();
            let option = self.term()?;
            self.depth -= 1;
            let minus = self.negative(at, option)?;
            let v = self.position();
            self.graph.add_move(v, Side::Left, option);
            self.graph.add_move(v, Side::Right, minus);
            return Ok(v);
        }
        match self.peek() {
            Some('(') => {
                self.enter()?;
                self.pos += 1;
                let v = self.expression()?;
                self.skip_space();
                if self.peek() != Some(')') {
                    return Err(self.error_here("expected `)`"));
                }
                self.pos += 1;
                self.depth -= 1;
                Ok(v)
            }
            Some('{') => self.braces(None),
            Some(c) if c.is_ascii_digit() => self.number_term(false),
            Some('^') | Some('↑') | Some('v') | Some('↓') if self.at_upon() => {
                self.upon(at, None)
            }
            Some(c) if c == '*' || c == '^' || c == '↑' || c == '↓' => {
                let (g, end) = literal_at(self.store, &self.chars, self.pos, false)?;
                self.pos = end;
                self.short(at, g)
            }
            Some(c) if c.is_alphabetic() => self.word_term(),
            _ => Err(self.error_here("expected a game")),
        }
    }

    /// Whether `^[on]`, `^<on>`, `v[on]` or `v<on>` starts here.
    fn at_upon(&self) -> bool {
        let rest: String = self.chars[self.pos..].iter().skip(1).take(4).collect();
        rest == "[on]" || rest == "<on>"
    }

    /// `x^[on]*m` and the like: `upon = {pass|*}`, `^<on> = {0|v[on]*}`.
    fn upon(&mut self, at: usize, number: Option<u32>) -> Result<u32, NotationError> {
        let down = matches!(self.peek(), Some('v') | Some('↓'));
        let nth = self.peek_at(1) == Some('<');
        self.pos += 5;
        let nim = if self.peek() == Some('*') {
            self.pos += 1;
            let start = self.pos;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.pos += 1;
            }
            if self.pos == start {
                1
            } else {
                let digits: String = self.chars[start..self.pos].iter().collect();
                digits
                    .parse::<u64>()
                    .map_err(|_| NotationError::new(start, "the nimber is too large"))?
            }
        } else {
            0
        };
        // upon = {pass|*}; ^<on> = {0|v[on]*}.
        let zero = self.store.zero();
        let star = self.store.nimber(1);
        let zero = self.short(at, zero)?;
        let star_v = self.short(at, star)?;
        let upon = self.position();
        self.graph.add_move(upon, Side::Left, upon);
        self.graph.add_move(upon, Side::Right, star_v);
        let mut v = upon;
        if nth {
            let down_star = self.negative(at, upon)?;
            let down_star = self.add(at, down_star, star_v)?;
            v = self.position();
            self.graph.add_move(v, Side::Left, zero);
            self.graph.add_move(v, Side::Right, down_star);
        }
        if down {
            v = self.negative(at, v)?;
        }
        if nim > 0 {
            let m = self.store.nimber(nim);
            if !self.store.is_expandable(m) {
                return Err(NotationError::new(
                    at,
                    "the nimber is too large for a loopy game",
                ));
            }
            let m = self.short(at, m)?;
            v = self.add(at, v, m)?;
        }
        if let Some(x) = number {
            v = self.add(at, x, v)?;
        }
        Ok(v)
    }

    /// A number literal, perhaps with `over`, `under`, or an upon form
    /// after it (`5over`, `-1/4v[on]`), or any short literal.
    fn number_term(&mut self, negative: bool) -> Result<u32, NotationError> {
        let at = if negative { self.pos - 1 } else { self.pos };
        // The number alone first: digits and an optional `/denominator`.
        let mut end = self.pos;
        while self
            .chars
            .get(end)
            .is_some_and(|c| c.is_ascii_digit() || *c == '/' || c.is_whitespace())
        {
            end += 1;
        }
        while end > self.pos && self.chars[end - 1].is_whitespace() {
            end -= 1;
        }
        let suffix: String = self.chars[end..].iter().take(5).collect();
        let pseudo = if suffix.starts_with("over") {
            Some((true, 4))
        } else if suffix.starts_with("under") {
            Some((false, 5))
        } else {
            None
        };
        let upon_after = {
            let mut rest = self.chars[end..].iter();
            let arrow = rest
                .next()
                .is_some_and(|c| matches!(c, '^' | 'v' | '↑' | '↓'));
            let tail: String = rest.take(4).collect();
            arrow && (tail == "[on]" || tail == "<on>")
        };
        if pseudo.is_some() || upon_after {
            let number: Vec<char> = self.chars[..end].to_vec();
            let (x, number_end) = literal_at(self.store, &number, self.pos, negative)?;
            if number_end != end {
                return Err(NotationError::new(
                    number_end,
                    "expected a number before `over`, `under` or an upon",
                ));
            }
            self.pos = end;
            let x_v = self.short(at, x)?;
            if let Some((over, len)) = pseudo {
                self.pos += len;
                let v = self.position();
                if over {
                    self.graph.add_move(v, Side::Left, x_v);
                    self.graph.add_move(v, Side::Right, v);
                } else {
                    self.graph.add_move(v, Side::Left, v);
                    self.graph.add_move(v, Side::Right, x_v);
                }
                return Ok(v);
            }
            return self.upon(at, Some(x_v));
        }
        let (g, end) = literal_at(self.store, &self.chars, self.pos, negative)?;
        self.pos = end;
        self.short(at, g)
    }

    /// A keyword, a name (defined here or referred to), or a call.
    fn word_term(&mut self) -> Result<u32, NotationError> {
        let at = self.pos;
        let word = self.word();
        let after = self.pos + word.chars().count();
        let next = {
            let mut k = after;
            while self.chars.get(k).is_some_and(|c| c.is_whitespace()) {
                k += 1;
            }
            self.chars.get(k).copied()
        };
        match word.as_str() {
            "pass" => {
                return Err(NotationError::new(
                    at,
                    "`pass` is a move: it stands alone among the options in braces",
                ));
            }
            "on" | "off" | "over" | "under" | "upon" | "dud" => {
                self.pos = after;
                let zero = self.store.zero();
                let star = self.store.nimber(1);
                let v = self.position();
                match word.as_str() {
                    "on" => self.graph.add_move(v, Side::Left, v),
                    "off" => self.graph.add_move(v, Side::Right, v),
                    "over" => {
                        let z = self.short(at, zero)?;
                        self.graph.add_move(v, Side::Left, z);
                        self.graph.add_move(v, Side::Right, v);
                    }
                    "under" => {
                        let z = self.short(at, zero)?;
                        self.graph.add_move(v, Side::Left, v);
                        self.graph.add_move(v, Side::Right, z);
                    }
                    "upon" => {
                        let s = self.short(at, star)?;
                        self.graph.add_move(v, Side::Left, v);
                        self.graph.add_move(v, Side::Right, s);
                    }
                    _ => {
                        self.graph.add_move(v, Side::Left, v);
                        self.graph.add_move(v, Side::Right, v);
                    }
                }
                return Ok(v);
            }
            _ => {}
        }
        if next == Some('(') {
            return self.call(at, &word);
        }
        // A run of `v`s with nothing after is downs (a short literal).
        if word.chars().all(|c| c == 'v') && next != Some('{') {
            let (g, end) = literal_at(self.store, &self.chars, self.pos, false)?;
            self.pos = end;
            return self.short(at, g);
        }
        if next == Some('{') {
            self.pos = after;
            self.skip_space();
            return self.braces(Some(word));
        }
        match self.open.iter().rev().find(|(name, _)| *name == word) {
            Some(&(_, v)) => {
                self.pos = after;
                Ok(v)
            }
            None => Err(NotationError::new(
                at,
                format!("`{word}` is not a name defined around it"),
            )),
        }
    }

    /// `Tiny(G)`, `Miny(G)`, or the resolver's `name(argument)`.
    fn call(&mut self, at: usize, name: &str) -> Result<u32, NotationError> {
        self.pos += name.chars().count();
        self.skip_space();
        let open = self.pos;
        self.pos += 1;
        if name == "Tiny" || name == "Miny" {
            self.enter()?;
            let argument = self.expression()?;
            self.skip_space();
            if self.peek() != Some(')') {
                return Err(self.error_here("expected `)`"));
            }
            self.pos += 1;
            self.depth -= 1;
            // Tiny(G) = {0 || 0 | -G}, Miny(G) = {G | 0 || 0}.
            let zero = self.store.zero();
            let zero = self.short(at, zero)?;
            let (outer, inner) = (self.position(), self.position());
            if name == "Tiny" {
                let minus = self.negative(at, argument)?;
                self.graph.add_move(outer, Side::Left, zero);
                self.graph.add_move(outer, Side::Right, inner);
                self.graph.add_move(inner, Side::Left, zero);
                self.graph.add_move(inner, Side::Right, minus);
            } else {
                self.graph.add_move(outer, Side::Left, inner);
                self.graph.add_move(outer, Side::Right, zero);
                self.graph.add_move(inner, Side::Left, argument);
                self.graph.add_move(inner, Side::Right, zero);
            }
            return Ok(outer);
        }
        // The argument runs to the matching `)`.
        let mut depth = 1;
        let mut end = self.pos;
        while depth > 0 {
            match self.chars.get(end) {
                None => return Err(NotationError::new(open, "expected `)` to close this `(`")),
                Some('(') => depth += 1,
                Some(')') => depth -= 1,
                _ => {}
            }
            end += 1;
        }
        let argument: String = self.chars[self.pos..end - 1].iter().collect();
        self.pos = end;
        match (self.resolve)(self.store, name, &argument) {
            None => Err(NotationError::new(
                at,
                format!("`{name}` is not a known game"),
            )),
            Some(Err(message)) => Err(NotationError::new(open + 1, message)),
            Some(Ok(Term::Short(g))) => self.short(at, g),
            Some(Ok(Term::Loopy(graph, start))) => {
                let offset = self.graph.append(&graph.restricted(start));
                self.checked(at)?;
                Ok(offset)
            }
        }
    }

    /// `{…}`, perhaps named: options split by commas and runs of bars.
    fn braces(&mut self, name: Option<String>) -> Result<u32, NotationError> {
        let open = self.pos;
        self.enter()?;
        self.pos += 1;
        let v = self.position();
        if let Some(name) = name {
            self.open.push((name, v));
        }
        let named = self.open.last().is_some_and(|&(_, p)| p == v);
        let mut items = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                Some('}') => {
                    self.pos += 1;
                    break;
                }
                Some(',') => {
                    items.push(Item::Comma(self.pos));
                    self.pos += 1;
                }
                Some('|') => {
                    let start = self.pos;
                    while self.peek() == Some('|') {
                        self.pos += 1;
                    }
                    items.push(Item::Bars(start, self.pos - start));
                }
                None => return Err(self.error_here("expected `}`")),
                _ if self.word() == "pass" => {
                    let at = self.pos;
                    self.pos += 4;
                    self.skip_space();
                    if !matches!(self.peek(), Some(',' | '|' | '}')) {
                        return Err(NotationError::new(
                            at,
                            "`pass` is a move: it stands alone among the options",
                        ));
                    }
                    items.push(Item::Pass);
                }
                _ => {
                    let o = self.expression()?;
                    items.push(Item::Option(o));
                }
            }
        }
        self.depth -= 1;
        if named {
            self.open.pop();
        }
        if !items.iter().any(|i| matches!(i, Item::Bars(..))) {
            return Err(NotationError::new(open, "expected `|` between the braces"));
        }
        self.build(open, v, &items)?;
        Ok(v)
    }

    /// Gives `v` the options of `items`, splitting at the longest run of
    /// bars; the items on each side of it with bars of their own are games
    /// of their own (`{a || b | c}` is `{a | {b | c}}`).
    fn build(&mut self, open: usize, v: u32, items: &[Item]) -> Result<(), NotationError> {
        // An explicit stack of (position, items) still to build.
        let mut work: Vec<(u32, Vec<usize>)> = vec![(v, (0..items.len()).collect())];
        while let Some((target, indices)) = work.pop() {
            let longest = indices
                .iter()
                .filter_map(|&i| match items[i] {
                    Item::Bars(_, n) => Some(n),
                    _ => None,
                })
                .max()
                .expect("bars");
            let splits: Vec<usize> = indices
                .iter()
                .copied()
                .filter(|&i| matches!(items[i], Item::Bars(_, n) if n == longest))
                .collect();
            if splits.len() > 1 {
                let Item::Bars(at, _) = items[splits[1]] else {
                    unreachable!()
                };
                return Err(NotationError::new(
                    at,
                    "expected one run of the most bars between braces",
                ));
            }
            let split = splits[0];
            for (side, part) in [
                (
                    Side::Left,
                    indices
                        .iter()
                        .copied()
                        .filter(|&i| i < split)
                        .collect::<Vec<_>>(),
                ),
                (
                    Side::Right,
                    indices
                        .iter()
                        .copied()
                        .filter(|&i| i > split)
                        .collect::<Vec<_>>(),
                ),
            ] {
                // A side with bars of its own is one game, commas binding
                // tighter than bars (`{0||||0,*2|||a}` is `{0||||{0,*2|||a}}`),
                // as CGSuite reads and writes it.
                if part.iter().any(|&i| matches!(items[i], Item::Bars(..))) {
                    let inner = self.position();
                    self.graph.add_move(target, side, inner);
                    work.push((inner, part));
                    continue;
                }
                // Options separated by single commas.
                let mut expect_option = true;
                for &i in &part {
                    match items[i] {
                        Item::Option(o) if expect_option => {
                            self.graph.add_move(target, side, o);
                            expect_option = false;
                        }
                        Item::Pass if expect_option => {
                            self.graph.add_move(target, side, target);
                            expect_option = false;
                        }
                        Item::Comma(at) if !expect_option => {
                            let _ = at;
                            expect_option = true;
                        }
                        Item::Comma(at) => {
                            return Err(NotationError::new(at, "expected an option before `,`"));
                        }
                        _ => return Err(NotationError::new(open, "expected `,` between options")),
                    }
                }
                if expect_option && !part.is_empty() {
                    return Err(NotationError::new(open, "expected an option after `,`"));
                }
            }
        }
        Ok(())
    }
}

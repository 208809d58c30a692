//! The terms of the loopy notation: sums and differences, `+-`, numbers
//! and pseudonumbers (`5over`, `3/2under`, `-1/4v[on]`), the words `on`,
//! `off`, `over`, `under`, `upon` and `dud`, names of positions being
//! defined, and calls (`Tiny(G)`, `Miny(G)`, the resolver's), each built
//! into the reader's graph.

use super::{Reader, Term, TermError};
use crate::canonical::{GameId, literal_at};
use crate::notation::{Joiner, NotationError};
use crate::outcome::Side;

impl Reader<'_, '_, '_> {
    /// expression := ['-'] term (('+' | '-') term)*
    pub(super) fn expression(&mut self) -> Result<u32, NotationError> {
        self.text.skip_space();
        let mut total = self.signed_term()?;
        loop {
            self.text.skip_space();
            let at = self.text.pos;
            let term = match self.text.joiner() {
                Some(Joiner::Switch) => self.term()?,
                Some(Joiner::Plus) => self.signed_term()?,
                Some(Joiner::Minus) => {
                    let t = self.term()?;
                    self.negative(at, t)?
                }
                None => return Ok(total),
            };
            total = self.add(at, total, term)?;
        }
    }

    fn signed_term(&mut self) -> Result<u32, NotationError> {
        if self.text.peek() == Some('-') && !self.text.looks_at("-+") {
            let at = self.text.pos;
            self.text.pos += 1;
            self.text.skip_space();
            if self.text.peek().is_some_and(|c| c.is_ascii_digit()) {
                return self.number_term(true);
            }
            let t = self.term()?;
            return self.negative(at, t);
        }
        if self.text.peek() == Some('+') && !self.text.looks_at("+-") {
            self.text.pos += 1;
            self.text.skip_space();
        }
        self.term()
    }

    fn term(&mut self) -> Result<u32, NotationError> {
        self.text.skip_space();
        let at = self.text.pos;
        if self.text.at_switch() {
            self.text.enter()?;
            self.text.switch_sign();
            self.text.skip_space();
            let option = self.term()?;
            self.text.leave();
            let minus = self.negative(at, option)?;
            let v = self.position();
            self.graph.add_move(v, Side::Left, option);
            self.graph.add_move(v, Side::Right, minus);
            return Ok(v);
        }
        match self.text.peek() {
            Some('(') => {
                self.text.open()?;
                let v = self.expression()?;
                self.text.close(')')?;
                Ok(v)
            }
            Some('{') => self.braces(None),
            Some(c) if c.is_ascii_digit() => self.number_term(false),
            Some('^') | Some('↑') | Some('v') | Some('↓') if self.at_upon() => {
                self.upon(at, None)
            }
            Some(c) if c == '*' || c == '^' || c == '↑' || c == '↓' => {
                let (g, end) = literal_at(self.store, self.text.chars, self.text.pos, false)?;
                self.text.pos = end;
                self.short(at, g)
            }
            Some(c) if c.is_alphabetic() => self.word_term(),
            _ => Err(self.text.error_here("expected a game")),
        }
    }

    /// Whether `^[on]`, `^<on>`, `v[on]` or `v<on>` starts here.
    fn at_upon(&self) -> bool {
        let rest: String = self.text.chars[self.text.pos..]
            .iter()
            .skip(1)
            .take(4)
            .collect();
        rest == "[on]" || rest == "<on>"
    }

    /// `x^[on]*m` and the like: `upon = {pass|*}`, `^<on> = {0|v[on]*}`;
    /// `number` is the short number `x` written before it.
    ///
    /// `x^[on]*m` is read as the form the writer writes it for (see
    /// `upon_of` in the writer): `{pass | x + *(m^1)}`, and for `m = 1`
    /// `{pass, x | x}`; `xv[on]*m` as the negative of `(-x)^[on]*m`. So what the
    /// writer writes reads back whatever `m`, in a graph of `m + 3`
    /// positions, where the sum `upon + *m` has a product graph whose
    /// valuing grows as `m⁴` (the tests check the two agree while the sum
    /// can be valued).
    fn upon(&mut self, at: usize, number: Option<GameId>) -> Result<u32, NotationError> {
        let down = matches!(self.text.peek(), Some('v') | Some('↓'));
        let nth = self.text.peek_at(1) == Some('<');
        self.text.pos += 5;
        let nim = if self.text.peek() == Some('*') {
            self.text.pos += 1;
            let start = self.text.pos;
            while self.text.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.text.pos += 1;
            }
            if self.text.pos == start {
                1
            } else {
                let digits: String = self.text.chars[start..self.text.pos].iter().collect();
                digits
                    .parse::<u64>()
                    .map_err(|_| NotationError::new(start, "the nimber is too large"))?
            }
        } else {
            0
        };
        let too_large = || NotationError::new(at, "the nimber is too large for a loopy game");
        let m = self.store.nimber(nim);
        if nim > 0 && !self.store.is_expandable(m) {
            return Err(too_large());
        }
        if !nth {
            let mut x = number.unwrap_or_else(|| self.store.zero());
            if down {
                // `xv[on]*m = -((-x)^[on]*m)`.
                x = self.store.neg(x);
            }
            let star = self.store.nimber(nim ^ 1);
            if !self.store.is_expandable(star) {
                return Err(too_large());
            }
            let right = self
                .store
                .add(x, star)
                .map_err(|e| NotationError::from_value(at, e))?;
            let right = self.short(at, right)?;
            let mut v = self.position();
            self.graph.add_move(v, Side::Left, v);
            if nim == 1 {
                self.graph.add_move(v, Side::Left, right);
            }
            self.graph.add_move(v, Side::Right, right);
            if down {
                v = self.negative(at, v)?;
            }
            return Ok(v);
        }
        // upon = {pass|*}; ^<on> = {0|v[on]*}.
        let zero = self.store.zero();
        let star = self.store.nimber(1);
        let zero = self.short(at, zero)?;
        let star_v = self.short(at, star)?;
        let upon = self.position();
        self.graph.add_move(upon, Side::Left, upon);
        self.graph.add_move(upon, Side::Right, star_v);
        let down_star = self.negative(at, upon)?;
        let down_star = self.add(at, down_star, star_v)?;
        let mut v = self.position();
        self.graph.add_move(v, Side::Left, zero);
        self.graph.add_move(v, Side::Right, down_star);
        if down {
            v = self.negative(at, v)?;
        }
        if nim > 0 {
            let m = self.short(at, m)?;
            v = self.add(at, v, m)?;
        }
        if let Some(x) = number {
            let x = self.short(at, x)?;
            v = self.add(at, x, v)?;
        }
        Ok(v)
    }

    /// A number literal, perhaps with `over`, `under`, or an upon form
    /// after it (`5over`, `-1/4v[on]`), or any short literal.
    fn number_term(&mut self, negative: bool) -> Result<u32, NotationError> {
        let at = self.text.literal_start(negative);
        // The number alone first: digits and an optional `/denominator`.
        let mut end = self.text.pos;
        while self
            .text
            .chars
            .get(end)
            .is_some_and(|c| c.is_ascii_digit() || *c == '/' || c.is_whitespace())
        {
            end += 1;
        }
        while end > self.text.pos && self.text.chars[end - 1].is_whitespace() {
            end -= 1;
        }
        let suffix: String = self.text.chars[end..].iter().take(5).collect();
        let pseudo = if suffix.starts_with("over") {
            Some((true, 4))
        } else if suffix.starts_with("under") {
            Some((false, 5))
        } else {
            None
        };
        let upon_after = {
            let mut rest = self.text.chars[end..].iter();
            let arrow = rest
                .next()
                .is_some_and(|c| matches!(c, '^' | 'v' | '↑' | '↓'));
            let tail: String = rest.take(4).collect();
            arrow && (tail == "[on]" || tail == "<on>")
        };
        // `xTiny(G)` and `xMiny(G)`, as the writer writes a number plus a
        // Tiny or Miny of a loopy game: x + Tiny(G), x + Miny(G).
        let call_after = ["Tiny(", "Miny("]
            .into_iter()
            .find(|name| suffix.starts_with(name))
            .map(|name| &name[..4]);
        if let Some(name) = call_after.filter(|_| end > self.text.pos) {
            let number: Vec<char> = self.text.chars[..end].to_vec();
            let (x, number_end) = literal_at(self.store, &number, self.text.pos, negative)?;
            if number_end != end {
                return Err(NotationError::new(
                    number_end,
                    format!("expected a number before `{name}`"),
                ));
            }
            self.text.pos = end;
            let x_v = self.short(at, x)?;
            let call = self.call(at, name)?;
            return self.add(at, x_v, call);
        }
        if pseudo.is_some() || upon_after {
            let number: Vec<char> = self.text.chars[..end].to_vec();
            let (x, number_end) = literal_at(self.store, &number, self.text.pos, negative)?;
            if number_end != end {
                return Err(NotationError::new(
                    number_end,
                    "expected a number before `over`, `under` or an upon",
                ));
            }
            self.text.pos = end;
            if upon_after && pseudo.is_none() {
                return self.upon(at, Some(x));
            }
            let x_v = self.short(at, x)?;
            if let Some((over, len)) = pseudo {
                self.text.pos += len;
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
        }
        let (g, end) = literal_at(self.store, self.text.chars, self.text.pos, negative)?;
        self.text.pos = end;
        self.short(at, g)
    }

    /// A keyword, a name (defined here or referred to), or a call.
    fn word_term(&mut self) -> Result<u32, NotationError> {
        let at = self.text.pos;
        let word = self.text.word();
        let after = self.text.pos + word.chars().count();
        let next = {
            let mut k = after;
            while self.text.chars.get(k).is_some_and(|c| c.is_whitespace()) {
                k += 1;
            }
            self.text.chars.get(k).copied()
        };
        match word.as_str() {
            "pass" => {
                return Err(NotationError::about_loopy(
                    at,
                    "`pass` is a move: it stands alone among the options in braces",
                ));
            }
            "on" | "off" | "over" | "under" | "upon" | "dud" => {
                self.text.pos = after;
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
        // A run of `v`s with nothing after is downs (a short literal), as
        // is `v` and a count (`v3`, as the writer writes three downs)
        // unless a position being defined around has that name.
        let downs = word.chars().all(|c| c == 'v')
            || (word.len() > 1
                && word.starts_with('v')
                && word[1..].chars().all(|c| c.is_ascii_digit())
                && !self.open.iter().any(|(name, _)| *name == word));
        if downs && next != Some('{') {
            let (g, end) = literal_at(self.store, self.text.chars, self.text.pos, false)?;
            self.text.pos = end;
            return self.short(at, g);
        }
        if next == Some('{') {
            self.text.pos = after;
            self.text.skip_space();
            return self.braces(Some(word));
        }
        match self.open.iter().rev().find(|(name, _)| *name == word) {
            Some(&(_, v)) => {
                self.text.pos = after;
                Ok(v)
            }
            None => Err(NotationError::about_loopy(
                at,
                format!("`{word}` is not a name defined around it"),
            )),
        }
    }

    /// `Tiny(G)`, `Miny(G)`, or the resolver's `name(argument)`.
    fn call(&mut self, at: usize, name: &str) -> Result<u32, NotationError> {
        self.text.pos += name.chars().count();
        self.text.skip_space();
        let open = self.text.pos;
        self.text.pos += 1;
        if name == "Tiny" || name == "Miny" {
            // The `(` is read: the nesting is counted after it.
            self.text.enter()?;
            let argument = self.expression()?;
            self.text.close(')')?;
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
        let close = self.text.closing_paren(open)?;
        let argument: String = self.text.chars[self.text.pos..close].iter().collect();
        self.text.pos = close + 1;
        match (self.resolve)(self.store, name, &argument) {
            None => Err(NotationError::new(
                at,
                format!("`{name}` is not a known game"),
            )),
            Some(Err(TermError::Unreadable(message))) => Err(NotationError::new(open + 1, message)),
            // The message as before, with its kind: a limit, not bad input.
            Some(Err(TermError::Unvalued(e))) => {
                Err(NotationError::loopy_limit(open + 1, e.to_string(), e))
            }
            Some(Ok(Term::Short(g))) => self.short(at, g),
            Some(Ok(Term::Loopy(graph, start))) => {
                let offset = self.graph.append(&graph.restricted(start));
                self.checked(at)?;
                Ok(offset)
            }
        }
    }
}

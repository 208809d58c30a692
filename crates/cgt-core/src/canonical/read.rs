//! CGSuite's notation for short games, read: [`GameStore::parse`] and
//! [`GameStore::parse_with`], on a recursive-descent reader whose nesting
//! is bounded (200 levels of braces and parentheses).

use super::{GameId, GameStore, ValueError};
use crate::dyadic::Dyadic;
use crate::notation::{BraceReader, Cursor, Joiner, NotationError};

/// The largest multiple of up a literal may write (`^n`).
const MAX_UPS: u64 = i64::MAX as u64;

type Resolver<'r> = dyn FnMut(&mut GameStore, &str, &str) -> Option<Result<GameId, String>> + 'r;

fn parse(
    store: &mut GameStore,
    text: &str,
    resolve: &mut Resolver<'_>,
) -> Result<GameId, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut parser = Parser {
        text: Cursor::new(&chars, 0),
        store,
        resolve,
    };
    let g = parser.expression()?;
    parser.text.skip_space();
    if !parser.text.at_end() {
        return Err(parser.text.error_here("expected `+`, `-` or the end"));
    }
    Ok(g)
}

/// One literal of the short notation (a number, ups, a star, juxtaposed)
/// starting at `chars[pos]`, and where it ends; `negative` when a `-` just
/// before `pos` belongs to its number (`-1^` is `-1 + ↑`).
pub(crate) fn literal_at(
    store: &mut GameStore,
    chars: &[char],
    pos: usize,
    negative: bool,
) -> Result<(GameId, usize), NotationError> {
    let mut resolve = |_: &mut GameStore, _: &str, _: &str| None;
    let mut parser = Parser {
        text: Cursor::new(chars, pos),
        store,
        resolve: &mut resolve,
    };
    let g = parser.literal(negative)?;
    Ok((g, parser.text.pos))
}

struct Parser<'s, 'r, 'q, 'c> {
    text: Cursor<'c>,
    store: &'s mut GameStore,
    resolve: &'q mut Resolver<'r>,
}

impl Parser<'_, '_, '_, '_> {
    fn value<T>(&self, position: usize, result: Result<T, ValueError>) -> Result<T, NotationError> {
        result.map_err(|e| NotationError::from_value(position, e))
    }

    /// expression := [sign] term (('+' | '-' | '+-') term)*
    fn expression(&mut self) -> Result<GameId, NotationError> {
        self.text.skip_space();
        let mut total = self.signed_term()?;
        loop {
            self.text.skip_space();
            let start = self.text.pos;
            let term = match self.text.joiner() {
                Some(Joiner::Switch) => self.switch()?,
                Some(Joiner::Plus) => self.signed_term()?,
                Some(Joiner::Minus) => {
                    let t = self.signed_term()?;
                    self.store.neg(t)
                }
                None => return Ok(total),
            };
            let sum = self.store.add(total, term);
            total = self.value(start, sum)?;
        }
    }

    /// A first term, with an optional sign: `-` against a number literal
    /// belongs to the number (`-1^` is `-1 + ↑`), otherwise it negates.
    fn signed_term(&mut self) -> Result<GameId, NotationError> {
        if self.text.at_switch() {
            return self.switch();
        }
        match self.text.peek() {
            Some('-') => {
                self.text.pos += 1;
                self.text.skip_space();
                if self.text.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.literal(true)
                } else {
                    let t = self.term()?;
                    Ok(self.store.neg(t))
                }
            }
            Some('+') => {
                self.text.pos += 1;
                self.text.skip_space();
                self.term()
            }
            _ => self.term(),
        }
    }

    /// `+-G`, `±G`, `+-{A, B}`.
    fn switch(&mut self) -> Result<GameId, NotationError> {
        let start = self.text.pos;
        // A switch nests its option as braces do (`+-+-+-1`, `+-{…}`).
        self.text.enter()?;
        self.text.switch_sign();
        self.text.skip_space();
        let options = if self.text.peek() == Some('{') {
            self.switch_options()?
        } else {
            vec![self.term()?]
        };
        self.text.leave();
        let g = self.store.switch(&options);
        self.value(start, g)
    }

    /// term := '(' expression ')' | '{' … '}' | literal | name '(' … ')'
    fn term(&mut self) -> Result<GameId, NotationError> {
        self.text.skip_space();
        match self.text.peek() {
            Some('(') => {
                self.text.open()?;
                let g = self.expression()?;
                self.text.close(')')?;
                Ok(g)
            }
            Some('{') => self.braced_game(),
            Some('±') => self.switch(),
            Some('+') if self.text.peek_at(1) == Some('-') => self.switch(),
            Some(c) if c.is_ascii_digit() || c == '^' || c == '*' || c == '↑' || c == '↓' => {
                self.literal(false)
            }
            Some(c) if c.is_alphabetic() => {
                if self.at_downs() {
                    self.literal(false)
                } else {
                    self.call()
                }
            }
            _ => Err(self.text.error_here("expected a game")),
        }
    }

    /// Whether a word here is a run of `v`s (downs) rather than a name.
    fn at_downs(&self) -> bool {
        let mut k = 0;
        while self.text.peek_at(k) == Some('v') {
            k += 1;
        }
        k > 0
            && !self
                .text
                .peek_at(k)
                .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '(')
    }

    /// `name(argument)`: Tiny, Miny, or the resolver's.
    fn call(&mut self) -> Result<GameId, NotationError> {
        let start = self.text.pos;
        let name = self.text.word();
        self.text.pos += name.chars().count();
        self.text.skip_space();
        if self.text.peek() != Some('(') {
            return Err(NotationError::new(
                start,
                format!("unknown word `{name}`: expected a game"),
            ));
        }
        let open = self.text.pos;
        match name.as_str() {
            "Tiny" | "tiny" | "Miny" | "miny" => {
                self.text.open()?;
                let argument = self.expression()?;
                self.text.close(')')?;
                let g = if name.eq_ignore_ascii_case("tiny") {
                    self.store.tiny(argument)
                } else {
                    self.store.miny(argument)
                };
                self.value(start, g)
            }
            _ => {
                // The raw text up to the matching parenthesis.
                let end = self.text.closing_paren(open)?;
                let argument: String = self.text.chars[open + 1..end].iter().collect();
                match (self.resolve)(self.store, &name, &argument) {
                    None => Err(NotationError::new(start, format!("unknown name `{name}`"))),
                    Some(Err(message)) => Err(NotationError::new(open + 1, message)),
                    Some(Ok(g)) => {
                        self.text.pos = end + 1;
                        Ok(g)
                    }
                }
            }
        }
    }

    /// number? ups? star? (Tiny(..)|Miny(..))?, juxtaposed. The number is
    /// added last, as a translation: added first, it would make the star's
    /// sum walk a game born as late as the number (`-2147483648^<32>*5`,
    /// as written, was refused as too costly).
    fn literal(&mut self, negative: bool) -> Result<GameId, NotationError> {
        let start = self.text.literal_start(negative);
        let mut total = self.store.zero();
        let mut number = None;
        if let Some((digits_start, n)) = self.text.digits() {
            let too_big = || format!("the number is too large (at most {})", i64::MAX);
            let numerator =
                i64::try_from(n).map_err(|_| NotationError::new(digits_start, too_big()))?;
            let mut exponent = 0;
            // `1/2` and `1 / 2` alike (CGSuite reads both).
            let after_numerator = self.text.pos;
            self.text.skip_space();
            if self.text.peek() == Some('/') {
                self.text.pos += 1;
                self.text.skip_space();
                let Some((d_start, d)) = self.text.digits() else {
                    return Err(self.text.error_here("expected a denominator"));
                };
                if !d.is_power_of_two() || d.trailing_zeros() > Dyadic::MAX_EXPONENT {
                    return Err(NotationError::new(
                        d_start,
                        "expected a denominator that is a power of two up to 2^62",
                    ));
                }
                exponent = d.trailing_zeros();
            } else {
                self.text.pos = after_numerator;
            }
            let numerator = if negative { -numerator } else { numerator };
            let x = Dyadic::new(numerator, exponent)
                .ok_or_else(|| NotationError::new(digits_start, "the number does not fit"))?;
            number = Some(self.store.number(x));
        }
        let ups_start = self.text.pos;
        if let Some(ups) = self.ups()? {
            let sum = self.store.add(total, ups);
            total = self.value(ups_start, sum)?;
        }
        if self.text.peek() == Some('*') {
            let star_start = self.text.pos;
            self.text.pos += 1;
            let nim = match self.text.digits() {
                Some((_, n)) if n == u64::MAX => {
                    return Err(NotationError::new(
                        star_start + 1,
                        "the nimber is too large",
                    ));
                }
                Some((_, n)) => n,
                None => 1,
            };
            let star = self.store.nimber(nim);
            let sum = self.store.add(total, star);
            total = self.value(star_start, sum)?;
        }
        if self
            .text
            .peek()
            .is_some_and(|c| c == 'T' || c == 'M' || c == 't' || c == 'm')
            && self.text.pos > start
        {
            let call_start = self.text.pos;
            let g = self.call()?;
            let sum = self.store.add(total, g);
            total = self.value(call_start, sum)?;
        }
        if self.text.pos == start {
            return Err(self.text.error_here("expected a game"));
        }
        if let Some(x) = number {
            // Where the sum was said to fail when the number came first.
            let sum = self.store.add(total, x);
            total = self.value(ups_start, sum)?;
        }
        Ok(total)
    }

    /// `^`, `^^`, `^n`, `^<n>`, `^[n]`, and the same with `v` (or `↑`, `↓`).
    fn ups(&mut self) -> Result<Option<GameId>, NotationError> {
        let start = self.text.pos;
        let down = match self.text.peek() {
            Some('^') | Some('↑') => false,
            Some('v') | Some('↓') if self.at_downs() || self.text.peek() == Some('↓') => true,
            _ => return Ok(None),
        };
        let symbol = self.text.peek().expect("seen");
        let mut count: u64 = 0;
        while self.text.peek() == Some(symbol) {
            count += 1;
            self.text.pos += 1;
        }
        let g = match self.text.peek() {
            Some('<') | Some('[') if count == 1 => {
                let bracket = self.text.peek().expect("seen");
                let close = if bracket == '<' { '>' } else { ']' };
                self.text.pos += 1;
                let Some((n_start, n)) = self.text.digits() else {
                    return Err(self.text.error_here("expected a number"));
                };
                let most = GameStore::MAX_UP_NTH;
                if n == 0 || n > u64::from(most) {
                    return Err(NotationError::new(
                        n_start,
                        format!("expected a number from 1 to {most}"),
                    ));
                }
                if self.text.peek() != Some(close) {
                    return Err(self.text.error_here(&format!("expected `{close}`")));
                }
                self.text.pos += 1;
                let g = if bracket == '<' {
                    self.store.up_nth(n as u32)
                } else {
                    self.store.up_sum(n as u32)
                };
                self.value(start, g)?
            }
            _ => {
                if count == 1 {
                    if let Some((n_start, n)) = self.text.digits() {
                        if n > MAX_UPS {
                            return Err(NotationError::new(
                                n_start,
                                format!("expected at most {MAX_UPS} ups"),
                            ));
                        }
                        count = n;
                    }
                }
                if count > MAX_UPS {
                    return Err(NotationError::new(
                        start,
                        format!("expected at most {MAX_UPS} ups"),
                    ));
                }
                let g = self.store.ups(count as i64);
                self.value(start, g)?
            }
        };
        Ok(Some(if down { self.store.neg(g) } else { g }))
    }
}

impl<'c> BraceReader<'c> for Parser<'_, '_, '_, 'c> {
    type Game = GameId;
    type Error = NotationError;

    fn text(&mut self) -> &mut Cursor<'c> {
        &mut self.text
    }

    fn option(&mut self) -> Result<GameId, NotationError> {
        self.expression()
    }

    fn make(
        &mut self,
        open: usize,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<GameId, NotationError> {
        let g = self.store.game(left, right);
        self.value(open, g)
    }
}

impl GameStore {
    /// Reads a game written in CGSuite's notation.
    ///
    /// Reading accepts
    /// - numbers: `3`, `-1/2`, `5/8`, `1 / 2` (denominators powers of two);
    /// - nimbers `*`, `*8`; ups and downs `^`, `^^`, `^3`, `v`, `vv`, `v3`;
    ///   up-nth `^<n>`, `^[n]`, `v<n>`, `v[n]` ([`GameStore::up_nth`],
    ///   [`GameStore::up_sum`]);
    /// - juxtaposed sums of a number, ups and a star: `5/8*`, `-7/4^5*3`
    ///   (a `-` written against a number belongs to the number: `-1^` is
    ///   `-1 + ↑`), `-1/4^[2]*`;
    /// - `{L1, L2 | R1}` with any expressions as options, and any number of bars
    ///   (`{a||b|c}` is `{a | {b | c}}`: more bars bind looser);
    /// - `+-G` for `{G | -G}`, `+-{A, B}` for `{A, B | -A, -B}` (`±` too);
    /// - `Tiny(G)` = `{0 || 0 | -G}` and `Miny(G)` = `{G | 0 || 0}`, also after a
    ///   number (`3Tiny(1)` is `3 + Tiny(1)`);
    /// - sums and differences with `+` and `-`, parentheses, and a minus sign
    ///   at the start of any term (`1 + -1`, `1 - -1/2`).
    ///
    /// Whitespace between tokens never matters, and everything
    /// [`GameStore::display`] writes reads back as the same game.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// let mut store = GameStore::new();
    /// let g = store.parse("{0||0|-1}").expect("valid");
    /// let tiny = store.parse("Tiny(1)").expect("valid");
    /// assert_eq!(g, tiny);
    /// let sum = store.parse("1/2 + ^ + ^ + *").expect("valid");
    /// assert_eq!(store.display(sum), "1/2^^*");
    /// let error = store.parse("{1|2").expect_err("unclosed");
    /// assert_eq!(error.position(), 4);
    /// ```
    ///
    /// # Errors
    /// [`NotationError`]: what was expected, and where (in characters).
    pub fn parse(&mut self, text: &str) -> std::result::Result<GameId, NotationError> {
        self.parse_with(text, &mut |_, _, _| None)
    }

    /// Like [`GameStore::parse`]; a term `name(argument)` whose name the
    /// notation does not know (it knows `Tiny` and `Miny`) is passed to
    /// `resolve(store, name, argument_text)`: `None` means an unknown name
    /// (an error at that term), `Some(Err(message))` a bad argument.
    #[allow(clippy::type_complexity)]
    pub fn parse_with(
        &mut self,
        text: &str,
        resolve: &mut dyn FnMut(
            &mut GameStore,
            &str,
            &str,
        ) -> Option<std::result::Result<GameId, String>>,
    ) -> std::result::Result<GameId, NotationError> {
        parse(self, text, resolve)
    }
}

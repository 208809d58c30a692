//! CGSuite's notation for loopy games, read: `pass` among options, named
//! positions (`a{0|a}`), `on`, `off`, `over`, `under`, `upon`, `dud`,
//! `5over`, `3/2under`, `Tiny(on)`, `Miny(over)`, `^[on]`, `v<on>`, `+-`,
//! sums and differences, and `A & B`; every short game as
//! [`GameStore::parse`] reads it.
//!
//! The reader builds one [`Graph`] of every position the text writes, and
//! values it once the whole text is read. This file holds the front
//! ([`StopperStore::parse`]) and the graph's building blocks (short games,
//! negatives, sums, the bound on positions); the grammar is in two parts:
//! - `terms`: sums and differences, `+-`, numbers and pseudonumbers, the
//!   words (`on`, `over`, …), names and calls;
//! - `braces`: `{…}` and named `a{…}`, split by commas and runs of bars.

use super::{Graph, LoopyError, StopperId, StopperStore};
use crate::canonical::{GameId, GameStore};
use crate::notation::{Cursor, NotationError};
use crate::outcome::Side;

mod braces;
mod terms;

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

/// Why a resolver has no game for a `name(argument)` term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TermError {
    /// The argument does not read: what was expected, said at the
    /// argument.
    Unreadable(String),
    /// The argument reads, but valuing its game stopped (a limit of work
    /// or of size reached): its kind kept, so that a front end tells it
    /// from a bad input as it does for the whole text.
    Unvalued(LoopyError),
}

impl From<String> for TermError {
    fn from(message: String) -> Self {
        TermError::Unreadable(message)
    }
}

/// The resolver of `name(argument)` terms: `None` for an unknown name.
pub type LoopyResolver<'r> =
    dyn FnMut(&mut GameStore, &str, &str) -> Option<Result<Term, TermError>> + 'r;

struct Reader<'a, 'r, 'c> {
    text: Cursor<'c>,
    store: &'a mut GameStore,
    resolve: &'a mut LoopyResolver<'r>,
    graph: Graph,
    /// Named positions being defined (innermost last): name, position.
    open: Vec<(String, u32)>,
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
        let chars: Vec<char> = text.chars().collect();
        let mut reader = Reader {
            text: Cursor::new(&chars, 0),
            store,
            resolve,
            graph: Graph::new(),
            open: Vec::new(),
        };
        reader.text.skip_space();
        let start = reader.text.pos;
        let first = reader.expression()?;
        reader.text.skip_space();
        let second = if reader.text.peek() == Some('&') {
            reader.text.pos += 1;
            reader.text.skip_space();
            let second_start = reader.text.pos;
            Some((second_start, reader.expression()?))
        } else {
            None
        };
        // The whole text is read before anything is valued: a value can
        // take long, and bad notation after it must not wait for it.
        reader.text.skip_space();
        if !reader.text.at_end() {
            return Err(reader.text.error_here("expected `+`, `-`, `&` or the end"));
        }
        // Both sides of `A & B` share one limit of work.
        self.metered(|stoppers| match second {
            Some((second_start, second)) => {
                let onside = reader.stopper(stoppers, start, first)?;
                let offside = reader.stopper(stoppers, second_start, second)?;
                if !stoppers
                    .le(offside, onside)
                    .map_err(|e| NotationError::from_loopy(start, e))?
                {
                    return Err(NotationError::about_loopy(
                        start,
                        "the onside (before `&`) must be at least the offside",
                    ));
                }
                Ok(sided(onside, offside))
            }
            None => stoppers
                .value(&reader.graph, first)
                .map_err(|e| NotationError::from_loopy(start, e)),
        })
    }

    /// `on = {pass|}`.
    pub fn on(&mut self) -> StopperId {
        let mut graph = Graph::new();
        let on = graph.add_position();
        graph.add_move(on, Side::Left, on);
        self.small_stopper(&graph, on).expect("on is a stopper")
    }
}

/// The reader's graph past [`MAX_READ_POSITIONS`]: a limit reached (its
/// kind [`LoopyError::TooLarge`]), not notation that does not read.
fn too_many_positions(at: usize, positions: usize) -> NotationError {
    NotationError::loopy_limit(
        at,
        format!("the game graph is too large: more than {MAX_READ_POSITIONS} positions"),
        LoopyError::TooLarge {
            positions,
            limit: MAX_READ_POSITIONS,
        },
    )
}

fn sided(onside: StopperId, offside: StopperId) -> LoopyValue {
    if onside == offside {
        LoopyValue::Stopper(onside)
    } else {
        LoopyValue::Sided { onside, offside }
    }
}

impl Reader<'_, '_, '_> {
    fn checked(&self, position: usize) -> Result<(), NotationError> {
        if self.graph.len() > MAX_READ_POSITIONS {
            return Err(too_many_positions(position, self.graph.len()));
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
            LoopyError::NotStopper => NotationError::about_loopy(
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
                NotationError::loopy_limit(
                    at,
                    "the game has too many positions to take part in a loopy game",
                    LoopyError::TooLarge {
                        positions: MAX_READ_POSITIONS + 1,
                        limit: MAX_READ_POSITIONS,
                    },
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
            return Err(NotationError::about_loopy(
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
        let sum = Graph::sum(&ga, 0, &gb, 0, MAX_READ_POSITIONS)
            .ok_or_else(|| too_many_positions(at, MAX_READ_POSITIONS + 1))?;
        let offset = self.graph.append(&sum);
        self.checked(at)?;
        Ok(offset)
    }
}

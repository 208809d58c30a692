//! The values of ruleset positions as terms of a game expression: the
//! registry of rulesets ([`RULESETS`]: name, rules in a line, an example),
//! and [`Rulesets`], one memo per ruleset, each building its values in the
//! expression's own store (never a store of its own, so nothing is copied).
//!
//! A partizan ruleset is valued by [`ValueMemo`] (canonical forms); an
//! impartial one by the Grundy search, its values the nimbers `*n`.

use crate::ParseError;
use crate::clobber::Clobber;
use crate::cutcake::Cutcake;
use crate::domineering::Domineering;
use crate::eatcake::Eatcake;
use crate::elephants::Elephants;
use crate::hackenbush::Hackenbush;
use crate::maundy_cake::MaundyCake;
use crate::partizan_euclid::PartizanEuclid;
use crate::toads::ToadsAndFrogs;
use crate::toppling::Toppling;
use cgt_core::canonical::{GameId, GameStore, ValueError};
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::partizan::{PartizanGame, ValueMemo};
use std::collections::HashMap;

/// A ruleset as `cgt-lab eval` names it.
#[derive(Clone, Copy, Debug)]
pub struct Ruleset {
    /// The name in expressions: `domineering`.
    pub name: &'static str,
    /// Its rules in one line.
    pub rules: &'static str,
    /// A term of an expression, as the name and a position: `domineering(..#|...)`.
    pub example: &'static str,
    /// A fresh memo for the ruleset's positions.
    make: fn() -> Box<dyn Term>,
}

/// Every ruleset `cgt-lab eval` reads, in the order `eval --list` shows.
pub const RULESETS: &[Ruleset] = &[
    Ruleset {
        name: "domineering",
        rules: "Left places a vertical domino on two empty cells, Right a horizontal one \
                (rows split by `|`, `.` empty, `#` filled)",
        example: "domineering(..#|...)",
        make: || partizan(Domineering, Domineering::parse),
    },
    Ruleset {
        name: "hackenbush",
        rules: "cut an edge of your colour (`l` blue, Left's; `r` red, Right's; `e` green, \
                either's); what no longer reaches the ground falls (a stalk from the \
                ground, branches in parentheses split by `;`)",
        example: "hackenbush(l(r;lr))",
        make: || partizan(Hackenbush, Hackenbush::parse),
    },
    Ruleset {
        name: "clobber",
        rules: "move one of your stones onto an orthogonally adjacent enemy stone, which is \
                removed (`x` Left's, `o` Right's, `.` empty, rows split by `|`)",
        example: "clobber(xo.|oxx)",
        make: || partizan(Clobber, Clobber::parse),
    },
    Ruleset {
        name: "toppling",
        rules: "Toppling Dominoes: topple one of your dominoes (`l` Left's, `r` Right's, `e` \
                either's) left or right, and every domino on that side falls",
        example: "toppling(lrrl)",
        make: || partizan(Toppling, Toppling::parse),
    },
    Ruleset {
        name: "toads",
        rules: "Toads and Frogs: move one of your creatures (`t` Left's toads, rightwards; `f` \
                Right's frogs, leftwards; `.` empty) onto the next cell if empty, or jump it over \
                one enemy onto the empty cell beyond (`;jump=J`: over up to J enemies; \
                `;slide=K`: up to K empty cells)",
        example: "toads(ttt..fff)",
        make: || partizan(ToadsAndFrogs, ToadsAndFrogs::parse),
    },
    Ruleset {
        name: "elephants",
        rules: "Elephants and Rhinos: move one of your animals (`t` Left's, rightwards; `f` \
                Right's, leftwards; `.` empty) onto the next cell if it is empty; no jumps",
        example: "elephants(tttt..fff)",
        make: || partizan(ToadsAndFrogs, Elephants::parse),
    },
    Ruleset {
        name: "cutcake",
        rules: "Cutcake: a cake `m,n` of m rows and n columns; Left cuts it between two columns, \
                Right between two rows, into two cakes",
        example: "cutcake(3,10)",
        make: || partizan(Cutcake, Cutcake::parse),
    },
    Ruleset {
        name: "eatcake",
        rules: "Eatcake: a cake `m,n` of m rows and n columns; Left eats a column, Right a row, \
                and the rest falls into the cakes on either side",
        example: "eatcake(3,4)",
        make: || partizan(Eatcake, Eatcake::parse),
    },
    Ruleset {
        name: "maundy_cake",
        rules: "Maundy Cake: a cake `m,n` of m rows and n columns; Left cuts it along column \
                lines into k >= 2 equal cakes, Right along row lines",
        example: "maundy_cake(3,10)",
        make: || partizan(MaundyCake, MaundyCake::parse),
    },
    Ruleset {
        name: "partizan_euclid",
        rules: "Partizan Euclid: a pair `p,q`; unless q divides p (or q = 0), Left moves to \
                (q, p mod q) and Right to (q, q - p mod q)",
        example: "partizan_euclid(8,7)",
        make: || partizan(PartizanEuclid, PartizanEuclid::parse),
    },
];

/// The rulesets' names as they appear in expressions.
pub fn names() -> impl Iterator<Item = &'static str> {
    RULESETS.iter().map(|r| r.name)
}

/// Why a position has no value: it does not read, or its value overflows.
enum TermError {
    Position(ParseError),
    Value(ValueError),
}

/// A ruleset's memo, behind one interface: the value of a position given
/// as text, in a store.
trait Term {
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError>;
}

/// A partizan ruleset valued by canonical forms.
struct PartizanTerm<G: PartizanGame> {
    memo: ValueMemo<G>,
    parse: fn(&str) -> Result<G::Position, ParseError>,
}

fn partizan<G: PartizanGame + 'static>(
    game: G,
    parse: fn(&str) -> Result<G::Position, ParseError>,
) -> Box<dyn Term> {
    Box::new(PartizanTerm {
        memo: ValueMemo::new(game),
        parse,
    })
}

impl<G: PartizanGame> Term for PartizanTerm<G> {
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError> {
        let position = (self.parse)(argument).map_err(TermError::Position)?;
        self.memo.value(store, &position).map_err(TermError::Value)
    }
}

/// An impartial ruleset valued by the Grundy search: its value is `*g`.
struct ImpartialTerm<G: ImpartialGame> {
    memo: GrundyMemo<G>,
    parse: fn(&str) -> Result<G::Position, ParseError>,
}

/// The memo of an impartial ruleset, for [`RULESETS`].
#[allow(dead_code)]
fn impartial<G: ImpartialGame + 'static>(
    game: G,
    parse: fn(&str) -> Result<G::Position, ParseError>,
) -> Box<dyn Term> {
    Box::new(ImpartialTerm {
        memo: GrundyMemo::new(game),
        parse,
    })
}

impl<G: ImpartialGame> Term for ImpartialTerm<G> {
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError> {
        let position = (self.parse)(argument).map_err(TermError::Position)?;
        let grundy = self.memo.grundy(&position);
        Ok(store.nimber(grundy.value()))
    }
}

/// Values of ruleset positions, memoised per ruleset, for
/// [`GameStore::parse_with`]: every ruleset of [`RULESETS`], as
/// `domineering(..#|...)`, `hackenbush(l(r;lr))`, `clobber(xo.|oxx)`, ….
///
/// The values are built in the store passed to [`Rulesets::resolve`]: keep
/// one `Rulesets` beside one store, and a position valued again costs a
/// look-up and adds no game (with another store, the memos start over).
///
/// # Example
/// ```
/// use cgt_core::canonical::GameStore;
/// use cgt_rulesets::Rulesets;
///
/// let mut store = GameStore::new();
/// let mut rulesets = Rulesets::new();
/// let sum = store
///     .parse_with("domineering(..|..) + hackenbush(lr)", &mut |s, name, arg| {
///         rulesets.resolve(s, name, arg)
///     })
///     .expect("a valid expression");
/// // The 2 × 2 square is ±1; the blue-red stalk is 1/2.
/// let expected = store.parse("{3/2|-1/2}").expect("notation");
/// assert_eq!(sum, expected);
/// assert_eq!(store.display(sum), "{3/2|-1/2}");
/// // The same position again adds nothing to the store.
/// let games = store.len();
/// let again = store
///     .parse_with("domineering(..|..)", &mut |s, name, arg| rulesets.resolve(s, name, arg))
///     .expect("a valid expression");
/// assert_eq!(store.display(again), "+-1");
/// assert_eq!(store.len(), games);
/// ```
#[derive(Default)]
pub struct Rulesets {
    memos: HashMap<&'static str, Box<dyn Term>>,
}

impl Rulesets {
    /// Nothing computed yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The value of the position `argument` of the ruleset `name` in
    /// `store`: `None` if `name` is not a ruleset, `Some(Err(message))` if
    /// the position does not read or its value overflows. The message of a
    /// position that does not read is `NAME position: at character k: ...`,
    /// k counted from 1 at the first character after `(`.
    pub fn resolve(
        &mut self,
        store: &mut GameStore,
        name: &str,
        argument: &str,
    ) -> Option<Result<GameId, String>> {
        let ruleset = RULESETS.iter().find(|r| r.name == name)?;
        let memo = self.memos.entry(ruleset.name).or_insert_with(ruleset.make);
        Some(memo.value(store, argument).map_err(|e| match e {
            TermError::Position(e) => format!("{name} position: {e}"),
            TermError::Value(e) => e.to_string(),
        }))
    }
}

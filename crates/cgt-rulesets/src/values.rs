//! The values of ruleset positions as terms of a game expression: the
//! registry of rulesets ([`RULESETS`]: name, rules in a line, an example),
//! and [`Rulesets`], one memo per ruleset, each building its values in the
//! expression's own store (never a store of its own, so nothing is copied).
//!
//! A partizan ruleset is valued by [`ValueMemo`] (canonical forms); an
//! impartial one by the Grundy search, its values the nimbers `*n`.

use crate::ParseError;
use crate::amazons::Amazons;
use crate::arc_kayles::ArcKayles;
use crate::childish_hackenbush::ChildishHackenbush;
use crate::clobber::Clobber;
use crate::col::Col;
use crate::cram::Cram;
use crate::cutcake::Cutcake;
use crate::digraph_placement::DigraphPlacement;
use crate::domineering::Domineering;
use crate::eatcake::Eatcake;
use crate::elephants::Elephants;
use crate::fission::Fission;
use crate::gen_clobber::GenClobber;
use crate::hackenbush::Hackenbush;
use crate::kayles::Kayles;
use crate::konane::Konane;
use crate::maundy_cake::MaundyCake;
use crate::nogo::NoGo;
use crate::partizan_arc_kayles::PartizanArcKayles;
use crate::partizan_euclid::PartizanEuclid;
use crate::ski_jumps::SkiJumps;
use crate::snort::Snort;
use crate::toads::ToadsAndFrogs;
use crate::toppling::{Dominoes, RowValues, Toppling};
use cgt_core::canonical::{GameId, GameStore, ValueError};
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::outcome::Side;
use cgt_core::partizan::{PartizanGame, ValueMemo};
use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;
use std::collections::HashMap;
use std::fmt;
use std::hash::Hash;

/// A ruleset as `cgt eval` names it.
#[derive(Clone, Copy, Debug)]
pub struct Ruleset {
    /// The name in expressions: `domineering`.
    pub name: &'static str,
    /// Its rules in one line.
    pub rules: &'static str,
    /// A term of an expression, as the name and a position: `domineering(..#|...)`.
    pub example: &'static str,
    /// A fresh memo for the ruleset's positions.
    pub(crate) make: fn() -> Box<dyn Term>,
}

/// Every ruleset `cgt eval` reads, in the order `eval --list` shows.
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
        make: || Box::new(TopplingTerm::new()),
    },
    Ruleset {
        name: "col",
        rules: "colour an uncoloured vertex, never next to your own colour; a coloured vertex \
                goes and tints its neighbours (`.` untinted, `L` next to Left's colour, `R` \
                next to Right's; `-` edges, CGSuite's graph strings)",
        example: "col(R-.-R-.-L-.-R-.-R-.)",
        make: || partizan(Col, Col::parse),
    },
    Ruleset {
        name: "snort",
        rules: "colour an uncoloured vertex, never next to the other colour; a coloured vertex \
                goes and tints its neighbours (`.` untinted, `L` next to Left's colour, `R` \
                next to Right's; `-` edges, CGSuite's graph strings)",
        example: "snort(L-.-.-.-L)",
        make: || partizan(Snort, Snort::parse),
    },
    Ruleset {
        name: "arc_kayles",
        rules: "impartial: remove two adjacent vertices (an edge's ends) and their edges \
                (`.` vertices, `-` edges, CGSuite's graph strings)",
        example: "arc_kayles(.-.-.(-.;-.))",
        make: || impartial(ArcKayles, ArcKayles::parse),
    },
    Ruleset {
        name: "kayles",
        rules: "impartial: knock down one pin or two adjacent pins of a row, which may split \
                it in two (rows of n pins written `n`, separated by `,`)",
        example: "kayles(7,3)",
        make: || impartial(Kayles, Kayles::parse),
    },
    Ruleset {
        name: "partizan_arc_kayles",
        rules: "remove the two ends of an edge of your colour and their edges (`l` blue, \
                Left's; `r` red, Right's; `e` green, either's; CGSuite's graph strings)",
        example: "partizan_arc_kayles(lrlr(ll;ree(rl;l)))",
        make: || partizan(PartizanArcKayles, PartizanArcKayles::parse),
    },
    Ruleset {
        name: "childish_hackenbush",
        rules: "Hackenbush where a blue (`l`) or red (`r`) edge may be cut only if nothing \
                else falls; green (`e`) edges as in Hackenbush (CGSuite's graph strings, \
                the first vertex the ground)",
        example: "childish_hackenbush(l(l;rl))",
        make: || partizan(ChildishHackenbush, ChildishHackenbush::parse),
    },
    Ruleset {
        name: "digraph_placement",
        rules: "take a vertex of your colour (`L` Left's, `R` Right's); it goes with every \
                vertex it has an arc to (`>` an arc to the next vertex, `<` from it, `-` \
                both; CGSuite's directed graph strings)",
        example: "digraph_placement(L>R<L-R)",
        make: || partizan(DigraphPlacement, DigraphPlacement::parse),
    },
    Ruleset {
        name: "amazons",
        rules: "move one of your amazons as a queen (any distance through empty squares), \
                then shoot an arrow from where it lands, as a queen moves, that burns the \
                square it lands on (`x` Left's, `o` Right's, `.` empty, `#` burned, rows \
                split by `|`)",
        example: "amazons(x...|o...)",
        make: || partizan(Amazons, Amazons::parse),
    },
    Ruleset {
        name: "cram",
        rules: "impartial Domineering: either player places a domino on two adjacent empty \
                cells, vertically or horizontally; the values are nimbers (`.` empty, `#` \
                filled, rows split by `|`)",
        example: "cram(...|...|..#)",
        make: || impartial(Cram, Cram::parse),
    },
    Ruleset {
        name: "anticlobber",
        rules: "Anti-Clobber: move one of your stones onto an orthogonally adjacent empty \
                square, leaving an enemy stone where it was (`x` Left's, `o` Right's, `.` \
                empty, `#` off the board, rows split by `|`)",
        example: "anticlobber(x..|.o.)",
        make: || {
            partizan(GenClobber::ANTI_CLOBBER, |t| {
                GenClobber::ANTI_CLOBBER.parse(t)
            })
        },
    },
    Ruleset {
        name: "hot_clobber",
        rules: "Hot Clobber: move one of your stones onto an orthogonally adjacent stone of \
                either colour, which is removed (`x` Left's, `o` Right's, `.` empty, rows \
                split by `|`)",
        example: "hot_clobber(xxo|o.x)",
        make: || {
            partizan(GenClobber::HOT_CLOBBER, |t| {
                GenClobber::HOT_CLOBBER.parse(t)
            })
        },
    },
    Ruleset {
        name: "cannibal_clobber",
        rules: "Cannibal Clobber (MCGS's name for Hot Clobber): move one of your stones onto \
                an orthogonally adjacent stone of either colour, which is removed (`x` \
                Left's, `o` Right's, `.` empty, rows split by `|`)",
        example: "cannibal_clobber(xxo|o.x)",
        make: || {
            partizan(GenClobber::HOT_CLOBBER, |t| {
                GenClobber::HOT_CLOBBER.parse(t)
            })
        },
    },
    Ruleset {
        name: "kings",
        rules: "Clobber with king steps: move one of your stones onto an enemy stone one \
                step away orthogonally or diagonally, which is removed (`x` Left's, `o` \
                Right's, `.` empty, rows split by `|`)",
        example: "kings(xo.|.ox)",
        make: || partizan(GenClobber::KINGS, |t| GenClobber::KINGS.parse(t)),
    },
    Ruleset {
        name: "knights",
        rules: "Clobber with knight jumps: move one of your stones a knight's jump onto an \
                enemy stone, which is removed (`x` Left's, `o` Right's, `.` empty, rows \
                split by `|`)",
        example: "knights(x.o|o.x|.x.)",
        make: || partizan(GenClobber::KNIGHTS, |t| GenClobber::KNIGHTS.parse(t)),
    },
    Ruleset {
        name: "rooks",
        rules: "Clobber with rook moves: slide one of your stones along a row or column \
                through empty squares onto the first stone met, if an enemy's, which is \
                removed (`x` Left's, `o` Right's, `.` empty, rows split by `|`)",
        example: "rooks(x.o|o.x)",
        make: || partizan(GenClobber::ROOKS, |t| GenClobber::ROOKS.parse(t)),
    },
    Ruleset {
        name: "queens",
        rules: "Clobber with queen moves: slide one of your stones along a row, column or \
                diagonal through empty squares onto the first stone met, if an enemy's, \
                which is removed (`x` Left's, `o` Right's, `.` empty, rows split by `|`)",
        example: "queens(x.o|o.x)",
        make: || partizan(GenClobber::QUEENS, |t| GenClobber::QUEENS.parse(t)),
    },
    Ruleset {
        name: "konane",
        rules: "jump one of your stones orthogonally over an adjacent enemy stone onto the \
                empty square beyond, removing it, and maybe on in the same direction, each \
                stop a move (`x` Left's, `o` Right's, `.` empty, `#` off the board, rows \
                split by `|`)",
        example: "konane(xo.o|.xo.|o..x)",
        make: || partizan(Konane, Konane::parse),
    },
    Ruleset {
        name: "fission",
        rules: "split a stone into two on the empty squares on both sides of it, emptying its \
                own: Left above and below, Right left and right (`x` a stone, `.` empty, \
                `#` off the board, rows split by `|`)",
        example: "fission(.....|..x..|.....)",
        make: || partizan(Fission, Fission::parse),
    },
    Ruleset {
        name: "nogo",
        rules: "place a stone of your colour on an empty point, as in Go, but never so that \
                a group (yours or the enemy's) is left without a liberty (`x` black, Left's; \
                `o` white, Right's; `.` empty, `#` off the board, rows split by `|`)",
        example: "nogo(...|.x.|..o)",
        make: || partizan(NoGo, NoGo::parse),
    },
    Ruleset {
        name: "ski_jumps",
        rules: "Ski-Jumps: slide one of your skiers any distance through empty squares, Left's \
                right and Right's left, maybe off the board; or jump a jumper down over an \
                opposing skier just below onto the empty square beyond, which makes the \
                jumped one a slipper (`L`/`R` jumpers, `l`/`r` slippers, `.` empty, rows \
                split by `|`, top row first)",
        example: "ski_jumps(L....|....R|l....)",
        make: || partizan(SkiJumps, SkiJumps::parse),
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
pub(crate) enum TermError {
    Position(ParseError),
    Value(ValueError),
}

/// The parts of a position that the search still has to move in (ids of
/// positions a [`Term`] keeps), beside the value of the rest.
pub(crate) type Pieces = SmallVec<[usize; 4]>;

/// A ruleset's memo, behind one interface: the value of a position given
/// as text, in a store; and, for [`crate::solve`], its positions kept by
/// number, their moves, and their split into parts too big to value and a
/// value of the rest.
pub(crate) trait Term: Send {
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError>;

    /// Reads `argument` and keeps it: its number.
    fn read(&mut self, argument: &str) -> Result<usize, ParseError>;

    /// The numbers of the options of position `id` for `side`, unsplit.
    fn whole_options(&mut self, id: usize, side: Side, out: &mut Vec<usize>);

    /// Splits position `id` into its components: those valued within
    /// `budget` new positions are added into the value returned, the others
    /// are pushed onto `parts`.
    fn split(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
        parts: &mut Pieces,
    ) -> Result<GameId, ValueError>;

    /// Every option of part `id` for `side`, split as [`split`](Self::split)
    /// does.
    fn options(
        &mut self,
        store: &mut GameStore,
        id: usize,
        side: Side,
        budget: usize,
        out: &mut Vec<(Pieces, GameId)>,
    ) -> Result<(), ValueError>;

    /// The value of position `id` if it takes at most `budget` new
    /// positions.
    fn value_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError>;

    /// Position `id` in the syntax its reader reads.
    fn write(&self, id: usize) -> String;

    /// How many positions have a value in the memo.
    fn positions(&self) -> usize;
}

/// The most moves (Left's and Right's together) of a component that a
/// search with a finite budget tries to value.
pub const SMALL_MOVES: usize = 6;

/// Positions kept by number, each once.
struct Kept<P> {
    positions: Vec<P>,
    ids: FxHashMap<P, usize>,
}

impl<P: Clone + Eq + Hash> Kept<P> {
    fn new() -> Self {
        Kept {
            positions: Vec::new(),
            ids: FxHashMap::default(),
        }
    }

    fn id(&mut self, position: P) -> usize {
        if let Some(&id) = self.ids.get(&position) {
            return id;
        }
        let id = self.positions.len();
        self.positions.push(position.clone());
        self.ids.insert(position, id);
        id
    }
}

/// A partizan ruleset valued by canonical forms.
struct PartizanTerm<G: PartizanGame> {
    memo: ValueMemo<G>,
    parse: fn(&str) -> Result<G::Position, ParseError>,
    kept: Kept<G::Position>,
    /// The kept positions whose value did not come within a search's budget.
    too_big: FxHashSet<usize>,
    scratch: Vec<G::Position>,
}

fn partizan<G>(game: G, parse: fn(&str) -> Result<G::Position, ParseError>) -> Box<dyn Term>
where
    G: PartizanGame + Send + 'static,
    G::Position: fmt::Display + Send,
{
    Box::new(partizan_term(game, parse))
}

fn partizan_term<G: PartizanGame>(
    game: G,
    parse: fn(&str) -> Result<G::Position, ParseError>,
) -> PartizanTerm<G> {
    PartizanTerm {
        memo: ValueMemo::new(game),
        parse,
        kept: Kept::new(),
        too_big: FxHashSet::default(),
        scratch: Vec::new(),
    }
}

impl<G: PartizanGame> PartizanTerm<G> {
    /// [`Term::split`] of a position not necessarily kept.
    fn split_position(
        &mut self,
        store: &mut GameStore,
        position: G::Position,
        budget: usize,
        parts: &mut Pieces,
    ) -> Result<GameId, ValueError> {
        let mut components = Vec::new();
        self.memo.game().components(&position, &mut components);
        if components.is_empty() {
            components.push(position);
        }
        let mut value = store.zero();
        for component in components {
            if let Some(&id) = self.kept.ids.get(&component)
                && self.too_big.contains(&id)
            {
                parts.push(id);
                continue;
            }
            // With no budget, only a value already known is used; with a
            // finite one, only a component with few moves is tried (a
            // failed try costs the budget, and big values slow the sums).
            let small = budget == usize::MAX
                || budget > 0 && {
                    let mut moves = std::mem::take(&mut self.scratch);
                    moves.clear();
                    self.memo.game().options(&component, Side::Left, &mut moves);
                    self.memo
                        .game()
                        .options(&component, Side::Right, &mut moves);
                    let few = moves.len() <= SMALL_MOVES;
                    self.scratch = moves;
                    few
                };
            let value_of = if !small {
                self.memo.known(store, &component)
            } else {
                self.memo.value_within(store, &component, budget)?
            };
            match value_of {
                Some(v) => value = store.add(value, v)?,
                None => {
                    let id = self.kept.id(component);
                    self.too_big.insert(id);
                    parts.push(id);
                }
            }
        }
        Ok(value)
    }
}

impl<G> Term for PartizanTerm<G>
where
    G: PartizanGame + Send,
    G::Position: fmt::Display + Send,
{
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError> {
        let position = (self.parse)(argument).map_err(TermError::Position)?;
        self.memo.value(store, &position).map_err(TermError::Value)
    }

    fn read(&mut self, argument: &str) -> Result<usize, ParseError> {
        let position = (self.parse)(argument)?;
        Ok(self.kept.id(position))
    }

    fn whole_options(&mut self, id: usize, side: Side, out: &mut Vec<usize>) {
        let mut options = std::mem::take(&mut self.scratch);
        options.clear();
        self.memo
            .game()
            .options(&self.kept.positions[id], side, &mut options);
        out.extend(options.drain(..).map(|o| self.kept.id(o)));
        self.scratch = options;
    }

    fn split(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
        parts: &mut Pieces,
    ) -> Result<GameId, ValueError> {
        let position = self.kept.positions[id].clone();
        self.split_position(store, position, budget, parts)
    }

    fn options(
        &mut self,
        store: &mut GameStore,
        id: usize,
        side: Side,
        budget: usize,
        out: &mut Vec<(Pieces, GameId)>,
    ) -> Result<(), ValueError> {
        let mut options = Vec::new();
        self.memo
            .game()
            .options(&self.kept.positions[id], side, &mut options);
        for option in options {
            let mut parts = Pieces::new();
            let value = self.split_position(store, option, budget, &mut parts)?;
            out.push((parts, value));
        }
        Ok(())
    }

    fn value_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError> {
        let position = self.kept.positions[id].clone();
        self.memo.value_within(store, &position, budget)
    }

    fn write(&self, id: usize) -> String {
        self.kept.positions[id].to_string()
    }

    fn positions(&self) -> usize {
        self.memo.len()
    }
}

/// Toppling Dominoes: a whole row is valued by [`RowValues`], which keeps
/// one id per stretch of the row where a [`ValueMemo`] keeps a copy of
/// each stretch too (a row of 2500 dominoes has 3 million stretches); the
/// moves, and the parts the solver splits off, are [`PartizanTerm`]'s.
struct TopplingTerm {
    inner: PartizanTerm<Toppling>,
    /// The rows valued, in the store of `token`.
    rows: FxHashMap<Dominoes, GameId>,
    token: Option<u64>,
    /// The row being valued in steps (by `value_within`), as far as it got.
    pending: Option<(Dominoes, RowValues)>,
}

impl TopplingTerm {
    fn new() -> Self {
        TopplingTerm {
            inner: partizan_term(Toppling, Toppling::parse),
            rows: FxHashMap::default(),
            token: None,
            pending: None,
        }
    }

    /// The value of `row` if it takes at most `budget` stretches of two
    /// colours more.
    fn row_value(
        &mut self,
        store: &mut GameStore,
        row: &Dominoes,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError> {
        if self.token != Some(store.token()) {
            self.rows.clear();
            self.token = Some(store.token());
        }
        if let Some(&value) = self.rows.get(row) {
            return Ok(Some(value));
        }
        if let Some(value) = row.monochrome_value(store) {
            return Ok(Some(value));
        }
        let values = match &mut self.pending {
            Some((pending, values)) if pending == row => values,
            pending => &mut pending.insert((row.clone(), RowValues::new(row))).1,
        };
        let value = values.advance(store, budget)?;
        if let Some(value) = value {
            self.rows.insert(row.clone(), value);
            self.pending = None;
        }
        Ok(value)
    }
}

impl Term for TopplingTerm {
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError> {
        let row = Toppling::parse(argument).map_err(TermError::Position)?;
        let value = self
            .row_value(store, &row, usize::MAX)
            .map_err(TermError::Value)?;
        Ok(value.expect("an unbounded search ends with the value"))
    }

    fn read(&mut self, argument: &str) -> Result<usize, ParseError> {
        self.inner.read(argument)
    }

    fn whole_options(&mut self, id: usize, side: Side, out: &mut Vec<usize>) {
        self.inner.whole_options(id, side, out);
    }

    fn split(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
        parts: &mut Pieces,
    ) -> Result<GameId, ValueError> {
        self.inner.split(store, id, budget, parts)
    }

    fn options(
        &mut self,
        store: &mut GameStore,
        id: usize,
        side: Side,
        budget: usize,
        out: &mut Vec<(Pieces, GameId)>,
    ) -> Result<(), ValueError> {
        self.inner.options(store, id, side, budget, out)
    }

    fn value_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        budget: usize,
    ) -> Result<Option<GameId>, ValueError> {
        let row = self.inner.kept.positions[id].clone();
        self.row_value(store, &row, budget)
    }

    fn write(&self, id: usize) -> String {
        self.inner.write(id)
    }

    /// The stretches of rows valued by rule are not counted: only what
    /// the memo searched, and the rows.
    fn positions(&self) -> usize {
        self.inner.positions() + self.rows.len()
    }
}

/// An impartial ruleset valued by the Grundy search: its value is `*g`.
struct ImpartialTerm<G: ImpartialGame> {
    memo: GrundyMemo<G>,
    parse: fn(&str) -> Result<G::Position, ParseError>,
    kept: Kept<G::Position>,
}

/// The memo of an impartial ruleset, for [`RULESETS`].
fn impartial<G>(game: G, parse: fn(&str) -> Result<G::Position, ParseError>) -> Box<dyn Term>
where
    G: ImpartialGame + Send + 'static,
    G::Position: fmt::Display + Send,
{
    Box::new(ImpartialTerm {
        memo: GrundyMemo::new(game),
        parse,
        kept: Kept::new(),
    })
}

impl<G> Term for ImpartialTerm<G>
where
    G: ImpartialGame + Send,
    G::Position: fmt::Display + Send,
{
    fn value(&mut self, store: &mut GameStore, argument: &str) -> Result<GameId, TermError> {
        let position = (self.parse)(argument).map_err(TermError::Position)?;
        let grundy = self.memo.grundy(&position);
        Ok(store.nimber(grundy.value()))
    }

    fn read(&mut self, argument: &str) -> Result<usize, ParseError> {
        let position = (self.parse)(argument)?;
        Ok(self.kept.id(position))
    }

    fn whole_options(&mut self, id: usize, _: Side, out: &mut Vec<usize>) {
        let mut options = Vec::new();
        self.memo
            .game()
            .options(&self.kept.positions[id], &mut options);
        out.extend(options.into_iter().map(|o| self.kept.id(o)));
    }

    /// Impartial positions are always valued: the Grundy search is far
    /// cheaper than a search of the sum.
    fn split(
        &mut self,
        store: &mut GameStore,
        id: usize,
        _: usize,
        _: &mut Pieces,
    ) -> Result<GameId, ValueError> {
        let grundy = self.memo.grundy(&self.kept.positions[id]);
        Ok(store.nimber(grundy.value()))
    }

    fn options(
        &mut self,
        store: &mut GameStore,
        id: usize,
        _: Side,
        _: usize,
        out: &mut Vec<(Pieces, GameId)>,
    ) -> Result<(), ValueError> {
        let mut options = Vec::new();
        self.memo
            .game()
            .options(&self.kept.positions[id], &mut options);
        for option in options {
            let grundy = self.memo.grundy(&option);
            out.push((Pieces::new(), store.nimber(grundy.value())));
        }
        Ok(())
    }

    fn value_within(
        &mut self,
        store: &mut GameStore,
        id: usize,
        _: usize,
    ) -> Result<Option<GameId>, ValueError> {
        let grundy = self.memo.grundy(&self.kept.positions[id]);
        Ok(Some(store.nimber(grundy.value())))
    }

    fn write(&self, id: usize) -> String {
        self.kept.positions[id].to_string()
    }

    fn positions(&self) -> usize {
        self.memo.len()
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
        let (name, memo) = self.memo(name)?;
        Some(memo.value(store, argument).map_err(|e| match e {
            TermError::Position(e) => format!("{name} position: {e}"),
            TermError::Value(e) => e.to_string(),
        }))
    }

    /// [`resolve`](Self::resolve) within a budget: the value of the
    /// position if it takes at most `budget` positions not valued before,
    /// `Some(Ok(None))` when it would take more. The positions valued on the
    /// way are kept, so asking again goes on from them: a caller that wants
    /// to stop a long search (on Ctrl-C, say) asks in steps.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_rulesets::Rulesets;
    ///
    /// let (mut store, mut rulesets) = (GameStore::new(), Rulesets::new());
    /// let value = loop {
    ///     match rulesets.value_within(&mut store, "domineering", "....|....", 10) {
    ///         Some(Ok(Some(value))) => break value,
    ///         Some(Ok(None)) => continue, // here a caller may stop instead
    ///         _ => unreachable!("a ruleset and a position that reads"),
    ///     }
    /// };
    /// assert_eq!(store.display(value), "Miny(2)");
    /// ```
    pub fn value_within(
        &mut self,
        store: &mut GameStore,
        name: &str,
        argument: &str,
        budget: usize,
    ) -> Option<Result<Option<GameId>, String>> {
        let (name, memo) = self.memo(name)?;
        let id = match memo.read(argument) {
            Ok(id) => id,
            Err(e) => return Some(Err(format!("{name} position: {e}"))),
        };
        Some(
            memo.value_within(store, id, budget)
                .map_err(|e| e.to_string()),
        )
    }

    /// The position `argument` of ruleset `name` as the ruleset writes it
    /// (the form its reader reads back), and the positions `side` can move
    /// to, written likewise. `None` if `name` is not a ruleset; the error
    /// is [`resolve`](Self::resolve)'s.
    ///
    /// # Example
    /// ```
    /// use cgt_core::outcome::Side;
    /// use cgt_rulesets::Rulesets;
    ///
    /// let mut rulesets = Rulesets::new();
    /// let (position, moves) = rulesets.moves("toppling", "lr", Side::Left).unwrap().unwrap();
    /// assert_eq!(position, "lr");
    /// assert_eq!(moves, ["", "r"]);
    /// ```
    pub fn moves(
        &mut self,
        name: &str,
        argument: &str,
        side: Side,
    ) -> Option<Result<(String, Vec<String>), String>> {
        let (name, memo) = self.memo(name)?;
        let id = match memo.read(argument) {
            Ok(id) => id,
            Err(e) => return Some(Err(format!("{name} position: {e}"))),
        };
        let mut options = Vec::new();
        memo.whole_options(id, side, &mut options);
        let written = options.iter().map(|&o| memo.write(o)).collect();
        Some(Ok((memo.write(id), written)))
    }

    /// The position `argument` of ruleset `name` as the ruleset writes it:
    /// the form its reader reads back, the same for every way of writing
    /// one position. `None` if `name` is not a ruleset; the error is
    /// [`resolve`](Self::resolve)'s.
    ///
    /// # Example
    /// ```
    /// let mut rulesets = cgt_rulesets::Rulesets::new();
    /// let written = rulesets.written("domineering", " .. | .# ").unwrap();
    /// assert_eq!(written.as_deref(), Ok("..|.#"));
    /// ```
    pub fn written(&mut self, name: &str, argument: &str) -> Option<Result<String, String>> {
        let (name, memo) = self.memo(name)?;
        Some(
            memo.read(argument)
                .map(|id| memo.write(id))
                .map_err(|e| format!("{name} position: {e}")),
        )
    }

    /// How many positions of every ruleset have been valued (searched)
    /// so far: each position once, however often it was asked for.
    ///
    /// # Example
    /// ```
    /// use cgt_core::canonical::GameStore;
    /// use cgt_rulesets::Rulesets;
    ///
    /// let (mut store, mut rulesets) = (GameStore::new(), Rulesets::new());
    /// assert_eq!(rulesets.positions(), 0);
    /// rulesets.resolve(&mut store, "domineering", "..|..").unwrap().unwrap();
    /// let searched = rulesets.positions();
    /// assert!(searched >= 3); // the square, a 1 × 2 or 2 × 1 strip, nothing
    /// rulesets.resolve(&mut store, "domineering", "..|..").unwrap().unwrap();
    /// assert_eq!(rulesets.positions(), searched);
    /// ```
    pub fn positions(&self) -> usize {
        self.memos.values().map(|term| term.positions()).sum()
    }

    fn memo(&mut self, name: &str) -> Option<(&'static str, &mut Box<dyn Term>)> {
        let ruleset = RULESETS.iter().find(|r| r.name == name)?;
        Some((
            ruleset.name,
            self.memos.entry(ruleset.name).or_insert_with(ruleset.make),
        ))
    }
}

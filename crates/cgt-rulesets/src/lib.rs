//! Rulesets written by their rules, a module each:
//! - grids, on the board they share ([`board`]): [`domineering`], [`clobber`] and its family ([`gen_clobber`]:
//!   kings, knights, rooks, queens, hot and anti Clobber), [`amazons`],
//!   [`konane`], [`cram`] (impartial), [`fission`], [`nogo`],
//!   [`ski_jumps`], [`gen_king_dirt`] (MCGS's generalised King Dirt); [`placement`]: placement games given by each player's
//!   shapes (Domineering and Cram among them);
//! - hexagons: [`sheep`] (MCGS's Sheep, Battle Sheep);
//! - strips: [`toppling`] (Toppling Dominoes), [`toads`] (Toads and Frogs,
//!   with CGSuite's `jump` and `slide`), [`elephants`] (Elephants and
//!   Rhinos);
//! - rows of pins: [`kayles`] (impartial);
//! - sums of heaps, impartial, read and bounded as [`heaps`] says:
//!   [`nim`], [`dawsons_kayles`], [`grundys_game`], [`subtraction`],
//!   [`splittles`] and [`take_and_break`] (CGSuite's codes, which the others
//!   are); [`wythoff`] (a pair of piles, and Fraenkel's r-Wythoff);
//! - tokens on pairs of numbers moved by listed steps: [`coordinate`]
//!   (impartial; CGSuite's coordinate rulesets, Wythoff's game among them);
//! - cakes and pairs ([`cake`]): [`cutcake`], [`eatcake`], [`maundy_cake`],
//!   [`partizan_euclid`], [`turn_and_eatcake`], [`mem`] (impartial);
//! - partizan heap games ([`partizan_heaps`]: Partizan Subtraction,
//!   Splittles and Take-and-Break, by CGSuite's take-and-break codes,
//!   [`take_and_break`]); coin-turning games and their heap forms ([`turning`],
//!   impartial);
//! - graphs, in CGSuite's graph strings ([`graph`]): [`hackenbush`],
//!   [`childish_hackenbush`], [`col`], [`snort`], [`fjords`], [`arc_kayles`]
//!   (impartial), [`weighted_arc_kayles`] (impartial),
//!   [`partizan_arc_kayles`], [`digraph_placement`];
//! - cgt-tools' games and Chomp: [`bipartite_snort`] (Snort on graphs of
//!   tinted vertices), [`quelhas`] (Domineering with lines of any
//!   length), [`quicksort`] (the Quicksort and pseudo-Quicksort games,
//!   impartial), [`chomp`] (impartial, on Young diagrams), [`poset`]
//!   (poset games, impartial);
//! - drawings of spots and lines: [`sprouts`] (impartial, in Lemoine and
//!   Viennot's notation); coins and strings: [`strings_and_coins`]
//!   (Nimstring, impartial; graph strings or a Dots-and-Boxes board);
//! - loopy games, whose play may come back to a position: [`backsliding`]
//!   (Backsliding Toads and Frogs), [`fox_and_geese`] (Fox and Geese),
//!   [`ceylonese`] (its Ceylonese variant, the fox moving up to two
//!   squares) and [`wind_up`] (Wind-up, impartial),
//!   each read and built into the game graph of the positions it reaches
//!   ([`loopy`]), for `cgt-core`'s
//!   [`loopy_partizan`](cgt_core::loopy_partizan).
//!
//! Each but the loopy ones is a
//! [`PartizanGame`](cgt_core::partizan::PartizanGame) (or an
//! [`ImpartialGame`](cgt_core::impartial::ImpartialGame)) with a reader for
//! the usual text form of its positions (CGSuite's, where it has one),
//! moves written from the rules alone, and a split of a position into the
//! independent parts whose sum it is. These are games, not theory: the
//! values come from `cgt-core`.
//!
//! - Positions are read from text (`parse` on each game, e.g.
//!   [`domineering::Domineering::parse`]); a bad one is a [`ParseError`]
//!   that says where. The module `parse` holds it (`cgt-core`'s
//!   `NotationError` under this name) and the grid reader the board games
//!   share; `board` the bitboards (shifts, regions, reflections).
//! - [`variants`]: CGSuite's impartial, dicotic and twisted variants of any
//!   short ruleset, each a registry entry whose position is a term of the
//!   base ruleset (`impartial(domineering(..|..))`).
//! - [`registry`] holds every ruleset, short and loopy, with what a front
//!   end needs (names, rules, an example, kind, layout, the solver's
//!   budget, reading, moves, values): [`RULESETS`]. Front ends loop over it
//!   and name no ruleset.
//! - [`Rulesets`] ([`values`]) values `name(position)` terms inside a game
//!   expression in the expression's store (`cgt eval` uses it), one memo
//!   per ruleset behind one interface (`terms`).
//! - [`solve::Solver`] says who wins a sum and how without its whole value
//!   (`cgt solve`): small regions valued, the rest searched; a sum of
//!   impartial terms by the search of outcomes of `nim_search`.
//! - [`misere::MisereGames`] reads a sum as literal forms (positions by
//!   their own game trees) for partizan misère play (`cgt eval --misere`):
//!   the outcome, and comparison modulo dead-ending games.
//!
//! The tests check every ruleset's values against a search of its rules
//! (`OutcomeMemo`) on every position up to a size, and the sums of pairs.
//!
//! # Example
//! A Domineering board splits into regions; its value is their sum.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::outcome::Outcome;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::domineering::Domineering;
//! use cgt_rulesets::hackenbush::Hackenbush;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Domineering);
//! // A 2 x 3 region (the top right cell filled) and a 2 x 3 block, apart.
//! let board = Domineering::parse("..##...|...#...")?;
//! let value = memo.value(&mut store, &board).expect("a small value");
//! assert_eq!(store.display(value), "{3|1||1/2|-3/2}");
//! assert_eq!(store.outcome(value), Outcome::L);
//!
//! // Blue-red Hackenbush stalks are numbers; their values go in the same store.
//! let mut memo = ValueMemo::new(Hackenbush);
//! let value = memo.value(&mut store, &Hackenbush::parse("lrrlr")?).expect("a small value");
//! assert_eq!(store.display(value), "5/16");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```
//!
//! # Complexity
//! As `ValueMemo`: each distinct normalised position reached is valued
//! once. An empty 5 × 6 Domineering board reaches about 1.7 million.

pub mod amazons;
pub mod board;
pub mod cram;
pub mod domineering;
pub mod fission;
pub mod gen_clobber;
pub mod gen_king_dirt;
pub mod kayles;
pub mod konane;
pub mod loopy;
pub mod misere;
mod nim_search;
pub mod nogo;
mod parse;
pub mod registry;
pub mod ski_jumps;
pub mod solve;
mod terms;
#[cfg(test)]
mod testing;
pub mod values;
pub mod variants;

pub use parse::{MAX_CELLS, ParseError};
pub use registry::{RULESETS, Ruleset};
pub use values::Rulesets;

pub mod arc_kayles;
pub mod backsliding;
pub mod bipartite_snort;
pub mod cake;
pub mod ceylonese;
pub mod childish_hackenbush;
pub mod chomp;
pub mod clobber;
pub mod col;
pub mod coordinate;
pub mod cutcake;
pub mod digraph_placement;
pub mod eatcake;
pub mod elephants;
pub mod fjords;
pub mod fox_and_geese;
pub mod graph;
pub mod hackenbush;
pub mod maundy_cake;
pub mod mem;
pub mod partizan_arc_kayles;
pub mod partizan_euclid;
pub mod partizan_heaps;
pub mod placement;
pub mod poset;
pub mod quelhas;
pub mod quicksort;
pub mod sheep;
pub mod snort;
pub mod sprouts;
pub mod strings_and_coins;
pub mod toads;
pub mod toppling;
pub mod turn_and_eatcake;
pub mod turning;
pub mod weighted_arc_kayles;
pub mod wind_up;

pub mod dawsons_kayles;
pub mod grundys_game;
pub mod heaps;
pub mod nim;
pub mod splittles;
pub mod subtraction;
pub mod take_and_break;
pub mod wythoff;

use cgt_core::outcome::Side;

/// The colour of a Hackenbush edge or a toppling domino: who may move it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Left's (`l`).
    Blue,
    /// Right's (`r`).
    Red,
    /// Either player's (`e`).
    Green,
}

impl Colour {
    /// `l`, `r` or `e`.
    pub fn from_char(c: char) -> Option<Colour> {
        match c {
            'l' => Some(Colour::Blue),
            'r' => Some(Colour::Red),
            'e' => Some(Colour::Green),
            _ => None,
        }
    }

    /// The letter of this colour: `l`, `r` or `e`.
    pub fn to_char(self) -> char {
        match self {
            Colour::Blue => 'l',
            Colour::Red => 'r',
            Colour::Green => 'e',
        }
    }

    /// Whether `side` may cut or topple a piece of this colour.
    pub fn movable_by(self, side: Side) -> bool {
        matches!(
            (self, side),
            (Colour::Green, _) | (Colour::Blue, Side::Left) | (Colour::Red, Side::Right)
        )
    }
}

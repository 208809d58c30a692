//! Loopy partizan games: game graphs whose play may return to a position,
//! their outcomes with draws, and the values of *stoppers*, in simplest
//! form.
//!
//! A loopy game is a finite graph of positions with Left and Right moves;
//! a move back to the same position is a *pass*. Play may go on forever,
//! so each player moving first either wins or draws or loses
//! ([`LoopyOutcomeClass`]). A *stopper* is a loopy game from which play
//! cannot alternate forever; stoppers have values with an order defined by
//! play (`G <= H` when Left, moving second in `H - G`, never runs out of
//! moves), and each value has a unique *simplest form*. Sources: Conway,
//! "Loopy games" (1978); Berlekamp, Conway and Guy, *Winning Ways*,
//! ch. 11; Siegel, *Combinatorial Game Theory*, ch. VI.
//!
//! The chapters, a file each:
//! - `graph`: [`Graph`], positions and their moves; sums and negatives;
//!   short games of a [`GameStore`](crate::canonical::GameStore) as graphs.
//! - `outcome`: [`Graph::outcomes`] (retrograde analysis of the states
//!   (position, player to move)) and [`Graph::is_stopper`].
//! - `order`: [`Graph::order`], the order of stoppers by survival.
//! - `simplest`: [`Graph::simplest_form`] (equal positions fused,
//!   dominated options removed, reversible options bypassed) and
//!   [`StopperStore`], each simplest form kept once.
//! - `components`: stoppers valued a strongly connected component at a
//!   time, so that only a component (and the forms it moves to) need fit
//!   the bound of the order.
//! - `read`: [`StopperStore::parse`], CGSuite's notation for loopy games
//!   read, to a [`LoopyValue`] (a stopper or `A & B`): the front and the
//!   graph it builds; its parts `terms` (sums, numbers, pseudonumbers,
//!   words, calls) and `braces` (`{…}` split by commas and bars).
//! - `side_order`: [`Graph::onside_le`], `G⁺ <= H⁺` by play on the graphs,
//!   for games that are not stoppers.
//! - `sides`: [`StopperStore::value`], the onside and offside of any game
//!   by sidling: a stopper, or `onside & offside`.
//! - `stops`: [`StopperStore::stop`], where alternating best play comes to
//!   rest on a pseudonumber.
//! - `degree`: [`StopperStore::upsum`], [`StopperStore::downsum`],
//!   [`StopperStore::degree`] and [`StopperStore::variety`].
//! - `write`: [`StopperStore::display`], CGSuite's notation written as
//!   CGSuite writes it (`over`, `3/2under`, `-1/4v[on]`, `Miny(on)`,
//!   `a{0|{a|-1}}`).
//!
//! No function here recurses: every search runs on an explicit stack or
//! queue.
//!
//! # Example
//! `on = {on|}` is above every stopper; `over = {0|over}` is above 0 and
//! below 1/2.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::dyadic::Dyadic;
//! use cgt_core::loopy_partizan::{Graph, StopperStore};
//! use cgt_core::outcome::Side;
//! let mut graph = Graph::new();
//! let (on, over, zero) = (graph.add_position(), graph.add_position(), graph.add_position());
//! graph.add_move(on, Side::Left, on);
//! graph.add_move(over, Side::Left, zero);
//! graph.add_move(over, Side::Right, over);
//! let mut stoppers = StopperStore::new();
//! let (on, over) = (stoppers.stopper(&graph, on)?, stoppers.stopper(&graph, over)?);
//! let mut store = GameStore::new();
//! let half = store.number(Dyadic::new(1, 1).expect("fits"));
//! let (zero, half) = (store.zero(), half);
//! let (zero, half) = (stoppers.short(&mut store, zero)?, stoppers.short(&mut store, half)?);
//! assert!(stoppers.le(over, on)? && !stoppers.le(on, over)?);
//! assert!(stoppers.le(zero, over)? && !stoppers.le(over, zero)?);
//! assert!(stoppers.le(over, half)? && !stoppers.le(half, over)?);
//! # Ok::<(), cgt_core::loopy_partizan::LoopyError>(())
//! ```

mod components;
mod degree;
mod graph;
mod order;
mod outcome;
mod read;
mod side_order;
mod sides;
mod simplest;
mod stops;
mod write;

pub use graph::Graph;
pub use order::{MAX_ORDER_POSITIONS, MAX_ORDER_WORK, Order};
pub use outcome::{LoopyOutcomeClass, Play};
pub use read::{LoopyResolver, LoopyValue, MAX_READ_POSITIONS, Term, TermError};
pub use side_order::MAX_SIDE_ORDER_STATES;
pub use sides::{MAX_SIDLING_FORM, MAX_SIDLING_ROUNDS, MAX_SIMPLIFYING_WORK};
pub use simplest::{MAX_LOOPY_WORK, SimplestForm, StopperId, StopperStore, max_loopy_work};

use std::fmt;

/// Why a loopy game has no answer here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopyError {
    /// Play can alternate forever: the game is not a stopper.
    NotStopper,
    /// Neither sidling (this many rounds) nor the simplification of the
    /// graph within its bounded work settled the onside or offside.
    Unsettled {
        /// The rounds tried.
        rounds: usize,
    },
    /// The check of [`StopperStore::set_interrupt`] asked to stop.
    Interrupted,
    /// Comparing the positions of a graph would take more steps than
    /// allowed ([`MAX_ORDER_WORK`]): refused before the work.
    TooCostly {
        /// The steps it would take (pairs of positions and their moves).
        work: u64,
        /// The most allowed.
        limit: u64,
    },
    /// The graph (or a sum's) has more positions than the work allows.
    TooLarge {
        /// Positions met (at least).
        positions: usize,
        /// The most allowed.
        limit: usize,
    },
}

impl fmt::Display for LoopyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyError::NotStopper => write!(f, "not a stopper: play can alternate forever"),
            LoopyError::Unsettled { rounds } => {
                write!(
                    f,
                    "sidling did not settle on the onside and offside in {rounds} rounds \
                     (cgt cannot find the sides of this game yet)"
                )
            }
            LoopyError::Interrupted => write!(f, "interrupted"),
            LoopyError::TooCostly { work, limit } => {
                write!(
                    f,
                    "comparing the positions of this loopy game is too much work: \
                     {work} steps, at most {limit}"
                )
            }
            LoopyError::TooLarge { positions, limit } => {
                write!(
                    f,
                    "the game graph is too large: {positions} positions, at most {limit}"
                )
            }
        }
    }
}

impl std::error::Error for LoopyError {}

//! A small library of combinatorial game theory: games written by their
//! rules, and memos that answer for them.
//!
//! Write a game by its rules, as an implementation of one trait, and ask a
//! memo that owns it for answers: values, outcome classes, winning moves.
//!
//! - [`impartial`]: [`ImpartialGame`](impartial::ImpartialGame) and
//!   [`GrundyMemo`](impartial::GrundyMemo): Grundy values, outcome, a
//!   winning move, and a winning move in a disjunctive sum.
//! - [`heap`]: [`HeapGame`](heap::HeapGame), games whose positions are
//!   single heaps (take-and-break, subtraction games): the dense
//!   [`grundy_table`](heap::grundy_table), and [`HeapSum`](heap::HeapSum),
//!   the sum of heaps as an `ImpartialGame`.
//! - [`partizan`]: [`PartizanGame`](partizan::PartizanGame) and
//!   [`OutcomeMemo`](partizan::OutcomeMemo): the L/R/N/P outcome class and a
//!   winning move for either player.
//! - [`canonical`]: [`GameStore`](canonical::GameStore), the canonical forms
//!   of short partizan games, each kept once: sums, comparison, stops,
//!   temperature, cooling, reduced forms, atomic weights, CGSuite's notation
//!   read and written as CGSuite writes it;
//!   [`ValueMemo`](partizan::ValueMemo) values a `PartizanGame`'s positions
//!   in a store the caller owns. The module is a file per chapter of the
//!   theory (store, memo, simplify, order, sum, temperature, reduced,
//!   birthday, atomic weight, named families, notation read and written).
//! - [`solve`]: who wins a sum, by minimax search over its parts with a
//!   transposition table ([`SumSearch`](solve::SumSearch)), the parts it
//!   can value cheaply replaced by their values.
//! - [`dyadic`]: exact [`Dyadic`](dyadic::Dyadic) rationals, the numbers.
//! - [`thermograph`]: [`Thermograph`](thermograph::Thermograph)s with exact walls.
//! - [`scoring`]: [`ScoringGame`](scoring::ScoringGame) and
//!   [`ScoreMemo`](scoring::ScoreMemo): the best margin and the best move.
//! - [`nimber`]: the [`Nimber`](nimber::Nimber) type (`*n`, nim-addition)
//!   and the winning component of a sum; the nim product, powers, inverses
//!   and square roots (the field of order 2^64).
//! - [`fibonacci_nim`]: Zeckendorf sums, and the winner and a winning move
//!   of Fibonacci Nim (take at most twice the last take) for any quota.
//! - [`staircase_nim`]: Staircase Nim (the odd steps' Nim sum) and its
//!   winning move; [`moore_nim`]: Moore's Nim_k (take from up to k heaps)
//!   and its winning move.
//! - [`wythoff`]: Wythoff's game in exact integers: P-positions, the test
//!   for one position, every winning move.
//! - [`outcome`]: [`Outcome`](outcome::Outcome) classes and the players.
//! - [`mex`]: the minimum excludant, and a reusable set for hot loops.
//! - [`interval`]: tables for interval dynamic programming.
//! - [`misere`]: misère play (the last mover loses): outcome, g⁻, genus and
//!   winning moves of positions and sums ([`MisereMemo`](misere::MisereMemo)),
//!   misère Nim, and the anti-SG rule with its precondition.
//! - [`dead_ending`]: Left dead ends in misère play, their order modulo
//!   the dead-ending universe and their canonical forms
//!   ([`LeftDeadEnds`](dead_ending::LeftDeadEnds)), counted by birthday.
//! - [`partizan_misere`]: partizan games in misère play as literal forms
//!   ([`Forms`](partizan_misere::Forms)): the outcome of a game or a sum by
//!   search ([`MisereSearch`](partizan_misere::MisereSearch)), and G ≥ H
//!   modulo the dead-ending universe
//!   ([`DeadEndingOrder`](partizan_misere::DeadEndingOrder)).
//! - [`misere_canonical`]: misère canonical forms of impartial games kept
//!   once by id ([`MisereStore`](misere_canonical::MisereStore)): Conway's
//!   simplification, sums, mates, genus, parts and partitions, the
//!   predicates CGSuite names, CGSuite's notation (`*[2#1]`) read and
//!   written as CGSuite writes it.
//! - [`misere_quotient`]: misère quotients of heap games (Plambeck and
//!   Siegel): [`MisereQuotient`](misere_quotient::MisereQuotient), the
//!   monoid that decides every sum of heaps, its presentation, P-portion,
//!   Φ and tameness, computed heap by heap and proven.
//! - [`remoteness`]: remoteness and suspense
//!   ([`RemotenessMemo`](remoteness::RemotenessMemo)), and the compounds in
//!   which every component moves each turn ("Every-SG").
//! - [`loopy`]: games whose positions repeat: win, loss or draw with the
//!   remoteness and a best move, by retrograde analysis
//!   ([`MoveGraph`](loopy::MoveGraph), [`LoopyGame`](loopy::LoopyGame)).
//! - [`loopy_partizan`]: loopy partizan games: graphs whose play may return
//!   to a position ([`Graph`](loopy_partizan::Graph)), their outcomes with
//!   draws, the simplest forms of stoppers
//!   ([`StopperStore`](loopy_partizan::StopperStore)), the onside and
//!   offside of any game, and CGSuite's notation for them, read and written.
//! - [`green_hackenbush`]: Green Hackenbush on any rooted multigraph: the
//!   Grundy value by the colon and fusion principles, and a winning cut.
//!
//! - [`memo`]: [`GameMemo`](memo::GameMemo), the table behind all three
//!   memos.
//! - `notation` (private): what the readers of text share: the error they
//!   return, [`NotationError`](canonical::NotationError), and the cursor
//!   the two readers of CGSuite's notation (`canonical`'s and
//!   `loopy_partizan`'s) walk the text with.
//!
//! Memo tables are values the caller owns, each bound to the game it was
//! built for; nothing here keeps global state, and no search recurses on
//! the call stack, so deep games do not overflow it.
//!
//! # Example
//! Nim: the player to move wins exactly when the heaps' XOR is not zero.
//! ```
//! use cgt_core::impartial::{GrundyMemo, ImpartialGame, SumMove};
//! use cgt_core::nimber::Nimber;
//!
//! struct Nim;
//! impl ImpartialGame for Nim {
//!     type Position = u64;
//!     fn options(&self, &heap: &u64, out: &mut Vec<u64>) {
//!         out.extend(0..heap);
//!     }
//! }
//!
//! let mut memo = GrundyMemo::new(Nim);
//! assert_eq!(memo.grundy(&5), Nimber(5));
//! let heaps = [3, 4, 5];
//! assert_eq!(memo.grundy_of_sum(&heaps).to_string(), "*2");
//! assert_eq!(memo.winning_move_in_sum(&heaps), Some(SumMove { component: 0, to: 1 }));
//! ```

pub mod canonical;
pub mod dead_ending;
pub mod dyadic;
pub mod fibonacci_nim;
pub mod green_hackenbush;
pub mod heap;
pub mod impartial;
pub mod interval;
pub mod loopy;
pub mod loopy_partizan;
pub mod memo;
pub mod mex;
pub mod misere;
pub mod misere_canonical;
pub mod misere_quotient;
pub mod moore_nim;
pub mod nimber;
mod notation;
pub mod outcome;
pub mod partizan;
pub mod partizan_misere;
pub mod remoteness;
pub mod scoring;
pub mod solve;
pub mod staircase_nim;
pub mod thermograph;
pub mod wythoff;

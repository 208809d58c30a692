//! Sprague-Grundy values of impartial games.
//!
//! A position's Grundy value (nimber) is the mex of its options' values; the
//! value of a sum of games is the XOR of the values, and the player to move
//! wins exactly when it is non-zero (Sprague 1935, Grundy 1939; *Winning
//! Ways*, ch. 4).
//!
//! - [`ImpartialGame`]: a game given by its rules, a position type and the
//!   options of each position.
//! - [`GrundyMemo`]: values, outcome and a winning move of any position of
//!   one game, memoised, with an explicit stack (no recursion).
//! - [`GrundyMemo::winning_move_in_sum`]: the same for a disjunctive sum of
//!   positions, by the Sprague-Grundy theorem.
//!
//! Heap games, whose positions are single heaps, have their own module,
//! [`heap`](crate::heap): a dense table of values and the sum as a game.
//!
//! # Example
//! Kayles (*Winning Ways*, ch. 4): knock down one pin or two adjacent pins
//! from a row, which may split it in two.
//! ```
//! use cgt_core::impartial::{GrundyMemo, ImpartialGame};
//! use cgt_core::nimber::Nimber;
//!
//! struct Kayles;
//! impl ImpartialGame for Kayles {
//!     /// The rows of pins, sorted, no empty rows.
//!     type Position = Vec<u32>;
//!     fn options(&self, rows: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
//!         for (i, &row) in rows.iter().enumerate() {
//!             for take in 1..=row.min(2) {
//!                 for left in 0..=row - take {
//!                     let mut next = rows.clone();
//!                     next.remove(i);
//!                     next.extend([left, row - take - left].into_iter().filter(|&r| r > 0));
//!                     next.sort_unstable();
//!                     out.push(next);
//!                 }
//!             }
//!         }
//!     }
//! }
//!
//! let mut memo = GrundyMemo::new(Kayles);
//! let values: Vec<u64> = (0..12).map(|n| memo.grundy(&vec![n]).value()).collect();
//! assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
//! // Rows of 4 and 5 pins: *1 + *4 = *5, so the mover wins; a winning move
//! // leaves a position of value 0.
//! let start = vec![4, 5];
//! assert_eq!(memo.grundy(&start), Nimber(5));
//! let next = memo.winning_move(&start).unwrap();
//! assert!(memo.grundy(&next).is_zero());
//! ```

use crate::memo::GameMemo;
use crate::mex::MexSet;
use crate::nimber::{Nimber, winning_component};
use crate::outcome::Outcome;
use std::hash::Hash;

/// An impartial game under normal play: both players have the same options,
/// and who cannot move loses.
///
/// `Position` is everything that decides the options (for a sum of heaps,
/// the sorted heaps). The game value itself holds the rules' parameters (a
/// subtraction set, a board size), so one memo serves one game only.
pub trait ImpartialGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;

    /// Pushes onto `options` every position one move away from `position`.
    /// The game must end: no position may be reachable from itself.
    fn options(&self, position: &Self::Position, options: &mut Vec<Self::Position>);

    /// Pushes the independent components whose disjunctive sum `position`
    /// is; pushes nothing (the default) when it does not split. The Grundy
    /// search ([`GrundyMemo::grundy`]) then values the position as the
    /// nim-sum of its parts' values (the Sprague-Grundy theorem); other
    /// searches (misère play, remoteness) ignore it.
    fn components(&self, position: &Self::Position, parts: &mut Vec<Self::Position>) {
        let _ = (position, parts);
    }
}

/// A move in a disjunctive sum: which component, and the position it becomes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SumMove<P> {
    /// The index of the component moved in.
    pub component: usize,
    /// That component's new position.
    pub to: P,
}

/// Grundy values of one impartial game's positions, memoised in a table
/// bound to that game: a [`GameMemo`] with the questions of impartial games.
///
/// The memo owns its game: a table filled by one set of rules can never
/// answer for another. A memo of one game type is not a memo of another:
/// ```compile_fail
/// use cgt_core::impartial::{GrundyMemo, ImpartialGame};
/// struct Nim;
/// struct Kayles;
/// impl ImpartialGame for Nim {
///     type Position = u32;
///     fn options(&self, &heap: &u32, out: &mut Vec<u32>) { out.extend(0..heap) }
/// }
/// impl ImpartialGame for Kayles {
///     type Position = u32;
///     fn options(&self, &row: &u32, out: &mut Vec<u32>) { out.extend(row.saturating_sub(2)..row) }
/// }
/// let memo: GrundyMemo<Nim> = GrundyMemo::new(Kayles); // does not compile
/// ```
///
/// # Example
/// A sum of heaps of the subtraction game S(1, 2) (take one or two): the
/// values are n mod 3, and the winning move is in the component the
/// Sprague-Grundy theorem points to.
/// ```
/// use cgt_core::impartial::{GrundyMemo, ImpartialGame, SumMove};
/// use cgt_core::nimber::Nimber;
/// use cgt_core::outcome::Outcome;
///
/// struct TakeOneOrTwo;
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u32;
///     fn options(&self, &heap: &u32, out: &mut Vec<u32>) {
///         out.extend((1..=2).filter(|&t| t <= heap).map(|t| heap - t));
///     }
/// }
///
/// let mut memo = GrundyMemo::new(TakeOneOrTwo);
/// assert_eq!(memo.grundy(&7), Nimber(1));
/// assert_eq!(memo.outcome(&9), Outcome::P);
/// // Heaps 4, 5, 5: *1 + *2 + *2 = *1; take one from the 4.
/// let heaps = [4, 5, 5];
/// assert_eq!(memo.grundy_of_sum(&heaps), Nimber(1));
/// assert_eq!(memo.winning_move_in_sum(&heaps), Some(SumMove { component: 0, to: 3 }));
/// assert_eq!(memo.winning_move_in_sum(&[3, 5, 5]), None);
/// ```
///
/// # Complexity
/// Each position reachable from a queried one is expanded once, with O(1)
/// expected hash operations per option; memory is one entry per position.
///
/// # Panics
/// If a cycle is reachable from a queried position (the game must end).
pub type GrundyMemo<G> = GameMemo<G, <G as ImpartialGame>::Position, Nimber>;

impl<G: ImpartialGame, V: Clone> GameMemo<G, G::Position, V> {
    /// The value of `position` from its options' values by `combine`: the
    /// search behind each memo of an impartial game's positions.
    pub(crate) fn evaluate_options(
        &mut self,
        position: &G::Position,
        combine: impl FnMut(&G::Position, &[((), V)]) -> V,
    ) -> V {
        let mut buffer = Vec::new();
        self.evaluate(
            position,
            |game, p, out| {
                buffer.clear();
                game.options(p, &mut buffer);
                out.extend(buffer.drain(..).map(|o| (o, ())));
            },
            combine,
        )
    }
}

impl<G: ImpartialGame> GameMemo<G, G::Position, Nimber> {
    /// The Grundy value of `position`: the mex of its options' values, or
    /// the nim-sum of its parts' values where the game splits it into
    /// [`components`](ImpartialGame::components).
    pub fn grundy(&mut self, position: &G::Position) -> Nimber {
        match self.grundy_until(position, &mut || false) {
            Some(g) => g,
            None => unreachable!("a search that is never stopped ends"),
        }
    }

    /// [`grundy`](Self::grundy) that asks `stop()` every thousand or so
    /// positions it opens, and returns `None` as soon as it says yes; the
    /// values found so far stay in the memo, so asking again goes on from
    /// them. A program that computes for people (the Python module) stops
    /// a long search on Ctrl-C this way.
    ///
    /// # Example
    /// ```
    /// use cgt_core::impartial::GrundyMemo;
    /// use cgt_core::nimber::Nimber;
    /// # use cgt_core::impartial::ImpartialGame;
    /// # #[derive(Clone, Copy)]
    /// # struct Subtract;
    /// # impl ImpartialGame for Subtract {
    /// #     type Position = u32;
    /// #     fn options(&self, n: &u32, out: &mut Vec<u32>) {
    /// #         out.extend((1..=2).filter(|k| k <= n).map(|k| n - k));
    /// #     }
    /// # }
    /// // Taking 1 or 2 from a heap: G(n) = n mod 3.
    /// let mut memo = GrundyMemo::new(Subtract);
    /// assert_eq!(memo.grundy_until(&100_000, &mut || true), None);
    /// assert_eq!(memo.grundy_until(&100_000, &mut || false), Some(Nimber(1)));
    /// ```
    pub fn grundy_until(
        &mut self,
        position: &G::Position,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Nimber> {
        self.grundy_asking(position, crate::memo::STOP_EVERY, stop)
    }

    /// [`grundy_until`](Self::grundy_until) that also gives up once it has
    /// opened `budget` positions (about: it counts them `budget` at a time,
    /// a thousand at most): `None` then, as when `stop()` says yes. What it
    /// valued stays in the memo. A search that values only what is cheap
    /// (a solver of sums adding small components into a nimber) asks this.
    ///
    /// # Example
    /// ```
    /// use cgt_core::impartial::GrundyMemo;
    /// use cgt_core::nimber::Nimber;
    /// # use cgt_core::impartial::ImpartialGame;
    /// # struct Subtract;
    /// # impl ImpartialGame for Subtract {
    /// #     type Position = u32;
    /// #     fn options(&self, n: &u32, out: &mut Vec<u32>) {
    /// #         out.extend((1..=2).filter(|k| k <= n).map(|k| n - k));
    /// #     }
    /// # }
    /// let mut memo = GrundyMemo::new(Subtract);
    /// assert_eq!(memo.grundy_within(&10_000, 100, &mut || false), None);
    /// assert_eq!(memo.grundy_within(&50, 100, &mut || false), Some(Nimber(2)));
    /// ```
    pub fn grundy_within(
        &mut self,
        position: &G::Position,
        budget: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Nimber> {
        let every = budget.clamp(1, crate::memo::STOP_EVERY);
        let mut opened = 0u32;
        self.grundy_asking(position, every, &mut || {
            opened = opened.saturating_add(every);
            stop() || opened >= budget
        })
    }

    fn grundy_asking(
        &mut self,
        position: &G::Position,
        every: u32,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<Nimber> {
        let mut seen = MexSet::new();
        let mut buffer = Vec::new();
        // Each child is tagged: `true` for a part, `false` for an option.
        let expand = |game: &G, p: &G::Position, out: &mut Vec<(G::Position, bool)>| {
            buffer.clear();
            game.components(p, &mut buffer);
            if buffer.is_empty() || (buffer.len() == 1 && buffer[0] == *p) {
                buffer.clear();
                game.options(p, &mut buffer);
                out.extend(buffer.drain(..).map(|o| (o, false)));
            } else {
                out.extend(buffer.drain(..).map(|part| (part, true)));
            }
        };
        let combine = |_: &G::Position, options: &[(bool, Nimber)]| {
            if options.first().is_some_and(|&(part, _)| part) {
                return options.iter().map(|&(_, g)| g).sum();
            }
            seen.clear();
            // A mex over k values is at most k: larger values cannot matter.
            let small = options
                .iter()
                .filter_map(|&(_, g)| usize::try_from(g.value()).ok())
                .filter(|&g| g <= options.len());
            seen.extend(small);
            Nimber(seen.mex() as u64)
        };
        self.evaluate_until(position, expand, combine, every, stop)
    }

    /// `N` if the player to move wins `position`, else `P`.
    pub fn outcome(&mut self, position: &G::Position) -> Outcome {
        if self.grundy(position).is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }

    /// Whether the player to move wins `position`.
    pub fn mover_wins(&mut self, position: &G::Position) -> bool {
        !self.grundy(position).is_zero()
    }

    /// The first option (in the game's order) with the value `target`.
    fn option_with_value(&mut self, position: &G::Position, target: Nimber) -> Option<G::Position> {
        let mut options = Vec::new();
        self.game().options(position, &mut options);
        options.into_iter().find(|o| self.grundy(o) == target)
    }

    /// A move that leaves the opponent a lost position (value `0`): the
    /// first such option in the game's order, or `None` if `position` is
    /// lost.
    pub fn winning_move(&mut self, position: &G::Position) -> Option<G::Position> {
        if self.grundy(position).is_zero() {
            return None;
        }
        self.option_with_value(position, Nimber::ZERO)
    }

    /// The Grundy value of the disjunctive sum of `components` (play in any
    /// one component per move): the nim-sum of their values.
    pub fn grundy_of_sum(&mut self, components: &[G::Position]) -> Nimber {
        components.iter().map(|c| self.grundy(c)).sum()
    }

    /// A winning move in the disjunctive sum of `components`: the component
    /// to move in and its new position, leaving a sum of value `0`; `None`
    /// if the sum is lost.
    ///
    /// # Complexity
    /// One value per component, then the options of one component.
    pub fn winning_move_in_sum(
        &mut self,
        components: &[G::Position],
    ) -> Option<SumMove<G::Position>> {
        let values: Vec<Nimber> = components.iter().map(|c| self.grundy(c)).collect();
        let (component, target) = winning_component(&values)?;
        // A value is the mex of the options' values, so every smaller value,
        // the target included, is some option's value.
        let to = self
            .option_with_value(&components[component], target)
            .expect("the mex property gives an option of every smaller value");
        Some(SumMove { component, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Subtraction(&'static [usize]);

    impl ImpartialGame for Subtraction {
        type Position = usize;
        fn options(&self, &heap: &usize, out: &mut Vec<usize>) {
            out.extend(self.0.iter().filter(|&&s| s <= heap).map(|&s| heap - s));
        }
    }

    #[test]
    fn dense_and_sparse_agree_on_a_subtraction_game() {
        use crate::heap::{HeapGame, HeapOptions, grundy_table};
        // Subtract 1, 3 or 4: period 7 with values 0 1 0 1 2 3 2.
        const SUBTRACT: [usize; 3] = [1, 3, 4];
        struct Heaps;
        impl HeapGame for Heaps {
            fn heap_options(&self, n: usize, options: &mut HeapOptions) {
                for &s in SUBTRACT.iter().filter(|&&s| s <= n) {
                    options.push(&[n - s]);
                }
            }
        }
        let table = grundy_table(&Heaps, 60).expect("heaps shrink");
        let mut memo = GrundyMemo::new(Subtraction(&SUBTRACT));
        for (x, &g) in table.iter().enumerate() {
            assert_eq!(g.value(), [0, 1, 0, 1, 2, 3, 2][x % 7], "table at {x}");
            assert_eq!(memo.grundy(&x), g, "memo at {x}");
        }
    }

    #[test]
    fn winning_moves_leave_zero_and_exist_exactly_in_n_positions() {
        let mut memo = GrundyMemo::new(Subtraction(&[1, 3, 4]));
        for a in 0..15 {
            match memo.winning_move(&a) {
                Some(to) => assert!(memo.grundy(&to).is_zero() && memo.mover_wins(&a)),
                None => assert_eq!(memo.outcome(&a), Outcome::P),
            }
            for b in 0..15 {
                let heaps = [a, b, 7];
                match memo.winning_move_in_sum(&heaps) {
                    Some(SumMove { component, to }) => {
                        let mut after = heaps;
                        assert!(memo.game().0.contains(&(after[component] - to)));
                        after[component] = to;
                        assert!(memo.grundy_of_sum(&after).is_zero(), "{heaps:?}");
                    }
                    None => assert!(memo.grundy_of_sum(&heaps).is_zero(), "{heaps:?}"),
                }
            }
        }
    }

    #[test]
    fn components_are_nim_summed() {
        /// Nim on sorted heaps, split into single heaps; the option count
        /// shows which positions were searched whole.
        struct SplitNim;
        impl ImpartialGame for SplitNim {
            type Position = Vec<u32>;
            fn options(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
                assert!(heaps.len() <= 1, "{heaps:?} was searched, not split");
                for &h in heaps {
                    out.extend((0..h).map(|k| if k == 0 { vec![] } else { vec![k] }));
                }
            }
            fn components(&self, heaps: &Vec<u32>, parts: &mut Vec<Vec<u32>>) {
                if heaps.len() > 1 {
                    parts.extend(heaps.iter().map(|&h| vec![h]));
                }
            }
        }
        let mut memo = GrundyMemo::new(SplitNim);
        assert_eq!(memo.grundy(&vec![3, 5, 6]), Nimber(0));
        assert_eq!(memo.grundy(&vec![1, 2, 7]), Nimber(4));
        assert_eq!(memo.grundy(&vec![6]), Nimber(6));
    }

    #[test]
    fn deep_chains_do_not_overflow_the_stack() {
        let mut memo = GrundyMemo::new(Subtraction(&[1]));
        assert!(!memo.mover_wins(&1_000_000));
        assert!(memo.mover_wins(&999_999));
    }

    #[test]
    #[should_panic(expected = "cycle")]
    fn cycles_are_reported() {
        struct Circle;
        impl ImpartialGame for Circle {
            type Position = u8;
            fn options(&self, &s: &u8, out: &mut Vec<u8>) {
                out.push((s + 1) % 3);
            }
        }
        GrundyMemo::new(Circle).grundy(&0);
    }
}

//! Remoteness and suspense: how long an impartial game lasts under best
//! play, and the compounds in which every component moves at once.
//!
//! Smith (1966), *Winning Ways*, ch. 9 ("If you can't beat 'em, join 'em!"):
//!
//! - The **remoteness** R(G) counts the moves left when the winner hurries
//!   and the loser stalls: 0 with no move; else, if some option has an even
//!   remoteness (a loss for the opponent), 1 + the smallest such; else
//!   1 + the largest remoteness of an option. The player to move wins iff
//!   R(G) is odd. It decides the **conjunctive compound** (every component
//!   moves each turn; play stops as soon as one component is finished, and
//!   who cannot move loses): the player to move wins iff the smallest
//!   remoteness over the components is odd.
//! - The **suspense** S(G) counts them when the winner stalls and the loser
//!   hurries: 0 with no move; else, if some option has an even suspense,
//!   1 + the largest such; else 1 + the smallest suspense of an option. The
//!   player to move wins iff S(G) is odd. It decides the **continued
//!   conjunctive compound**, known in contests as "Every-SG" (every
//!   unfinished component moves each turn, play stops when all are
//!   finished, and the last mover wins): the player to move wins iff the
//!   largest suspense over the components is odd.
//!
//! Proof sketch for both compounds: a player who wins the deciding component
//! (the one that ends first, resp. last) moves every component by its
//! remoteness (resp. suspense) move, which lowers each count by exactly one,
//! so the deciding count keeps its parity advantage; the opponent cannot
//! change any count by other than −1 in the direction that helps him,
//! because the counts are the optimum of exactly that race (*Winning Ways*,
//! ch. 9). The tests check both rules against a search of the whole compound
//! on all small positions.
//!
//! # Example
//! Subtract 1 or 2 from a heap: a heap of 3 is lost and lasts 2 moves
//! either way; a heap of 4 is won only by taking 1 (leaving the lost 3), so
//! both of its counts are 3.
//! ```
//! use cgt_core::impartial::ImpartialGame;
//! use cgt_core::remoteness::RemotenessMemo;
//!
//! struct TakeOneOrTwo;
//! impl ImpartialGame for TakeOneOrTwo {
//!     type Position = u32;
//!     fn options(&self, &heap: &u32, out: &mut Vec<u32>) {
//!         out.extend((1..=2).filter(|&t| t <= heap).map(|t| heap - t));
//!     }
//! }
//!
//! let mut memo = RemotenessMemo::new(TakeOneOrTwo);
//! assert_eq!(memo.remoteness(&3), 2);
//! assert_eq!(memo.remoteness(&4), 3);
//! assert_eq!(memo.suspense(&2), 1);
//! // Every-SG on heaps 2 and 3: largest suspense 2 is even, the mover loses.
//! assert!(!memo.every_sg_mover_wins(&[2, 3]));
//! assert!(memo.every_sg_mover_wins(&[2, 4]));
//! ```

use crate::impartial::ImpartialGame;
use crate::memo::GameMemo;

/// The remoteness and the suspense of one position (see the module's
/// documentation): each is odd exactly when the player to move wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tempo {
    /// Moves left when the winner hurries and the loser stalls.
    pub remoteness: u64,
    /// Moves left when the winner stalls and the loser hurries.
    pub suspense: u64,
}

/// Remoteness and suspense of one impartial game's positions, memoised in
/// a table bound to that game: a [`GameMemo`] with the questions of the
/// conjunctive compounds.
///
/// # Example
/// A sum in which both components must move each turn (Every-SG): the
/// player to move makes every component's suspense move.
/// ```
/// use cgt_core::impartial::ImpartialGame;
/// use cgt_core::remoteness::RemotenessMemo;
///
/// struct TakeOneOrTwo;
/// impl ImpartialGame for TakeOneOrTwo {
///     type Position = u32;
///     fn options(&self, &heap: &u32, out: &mut Vec<u32>) {
///         out.extend((1..=2).filter(|&t| t <= heap).map(|t| heap - t));
///     }
/// }
///
/// let mut memo = RemotenessMemo::new(TakeOneOrTwo);
/// assert!(memo.every_sg_mover_wins(&[4, 1]));
/// assert_eq!(memo.every_sg_moves(&[4, 1]), [Some(3), Some(0)]);
/// assert!(!memo.every_sg_mover_wins(&[3, 0]));
/// ```
///
/// # Complexity
/// Each position reachable from a queried one is expanded once; a compound
/// of k components costs k lookups.
///
/// # Panics
/// If a cycle is reachable from a queried position (the game must end).
pub type RemotenessMemo<G> = GameMemo<G, <G as ImpartialGame>::Position, Tempo>;

impl<G: ImpartialGame> GameMemo<G, G::Position, Tempo> {
    /// The remoteness and suspense of `position`.
    pub fn tempo(&mut self, position: &G::Position) -> Tempo {
        self.evaluate_options(position, |_, options| {
            let remoteness = options.iter().map(|(_, t)| t.remoteness);
            let suspense = options.iter().map(|(_, t)| t.suspense);
            Tempo {
                remoteness: count(remoteness, true),
                suspense: count(suspense, false),
            }
        })
    }

    /// The remoteness of `position`: odd iff the player to move wins.
    pub fn remoteness(&mut self, position: &G::Position) -> u64 {
        self.tempo(position).remoteness
    }

    /// The suspense of `position`: odd iff the player to move wins.
    pub fn suspense(&mut self, position: &G::Position) -> u64 {
        self.tempo(position).suspense
    }

    /// The first option (in the game's order) whose count, by `measure`, is
    /// one less than the position's.
    fn move_by(
        &mut self,
        position: &G::Position,
        measure: fn(Tempo) -> u64,
    ) -> Option<G::Position> {
        let target = measure(self.tempo(position)).checked_sub(1)?;
        let mut options = Vec::new();
        self.game().options(position, &mut options);
        options
            .into_iter()
            .find(|o| measure(self.tempo(o)) == target)
    }

    /// The remoteness move: the winner's fastest win, or the loser's slowest
    /// loss; `None` if the position is finished.
    pub fn remoteness_move(&mut self, position: &G::Position) -> Option<G::Position> {
        self.move_by(position, |t| t.remoteness)
    }

    /// The suspense move: the winner's slowest win, or the loser's fastest
    /// loss; `None` if the position is finished.
    pub fn suspense_move(&mut self, position: &G::Position) -> Option<G::Position> {
        self.move_by(position, |t| t.suspense)
    }

    /// Whether the player to move wins the conjunctive compound of
    /// `components` (all move each turn; play stops when one is finished):
    /// the smallest remoteness is odd. With no component he cannot move.
    pub fn conjunctive_mover_wins(&mut self, components: &[G::Position]) -> bool {
        components
            .iter()
            .map(|c| self.remoteness(c))
            .min()
            .is_some_and(|r| r % 2 == 1)
    }

    /// Whether the player to move wins the continued conjunctive compound
    /// ("Every-SG") of `components` (every unfinished one moves each turn;
    /// the last mover wins): the largest suspense is odd.
    pub fn every_sg_mover_wins(&mut self, components: &[G::Position]) -> bool {
        components
            .iter()
            .map(|c| self.suspense(c))
            .max()
            .is_some_and(|s| s % 2 == 1)
    }

    /// The best move in every component of an Every-SG compound: each
    /// component's suspense move (`None` for a finished one). It wins when
    /// [`every_sg_mover_wins`](Self::every_sg_mover_wins), and otherwise
    /// makes the game last as long as possible.
    pub fn every_sg_moves(&mut self, components: &[G::Position]) -> Vec<Option<G::Position>> {
        components.iter().map(|c| self.suspense_move(c)).collect()
    }

    /// The best move in every component of a conjunctive compound: each
    /// component's remoteness move (`None` for a finished one, when the
    /// compound is over).
    pub fn conjunctive_moves(&mut self, components: &[G::Position]) -> Vec<Option<G::Position>> {
        components.iter().map(|c| self.remoteness_move(c)).collect()
    }
}

/// One count from the options' counts: 0 with no option; else 1 + the
/// smallest (`winner_hurries`) or largest even count if there is one (a move
/// to a lost position), else 1 + the largest (resp. smallest) count.
fn count(counts: impl Iterator<Item = u64> + Clone, winner_hurries: bool) -> u64 {
    let even = counts.clone().filter(|c| c % 2 == 0);
    let (best_even, best) = if winner_hurries {
        (even.min(), counts.max())
    } else {
        (even.max(), counts.min())
    };
    best_even.or(best).map_or(0, |c| c + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundyMemo;

    /// Euclid's game on a pair: take a positive multiple of the smaller
    /// number from the larger, keeping it non-negative; a pair with a zero
    /// is finished.
    #[derive(Clone, Copy)]
    struct Euclid;
    impl ImpartialGame for Euclid {
        type Position = (u32, u32);
        fn options(&self, &(a, b): &(u32, u32), out: &mut Vec<(u32, u32)>) {
            if a == 0 || b == 0 {
                return;
            }
            let (small, large) = (a.min(b), a.max(b));
            out.extend((1..=large / small).map(|k| (small, large - k * small)));
        }
    }

    /// A small explicit game: 0 is finished, 1 → 0, 2 → 1, 3 → 0 or 2, and
    /// n ≥ 4 → n − 1 (a long chain).
    #[derive(Clone, Copy)]
    struct Graph;
    impl ImpartialGame for Graph {
        type Position = u32;
        fn options(&self, &n: &u32, out: &mut Vec<u32>) {
            match n {
                0 => {}
                3 => out.extend([0, 2]),
                _ => out.push(n - 1),
            }
        }
    }

    /// A compound of positions of `game` (kept sorted) in which every
    /// component that can move does (`continued`: play stops when all are
    /// finished), or all must (play stops when one is finished); who cannot
    /// move loses.
    struct Compound<G> {
        game: G,
        continued: bool,
    }
    impl<G: ImpartialGame> ImpartialGame for Compound<G>
    where
        G::Position: Ord,
    {
        type Position = Vec<G::Position>;
        fn options(&self, parts: &Vec<G::Position>, out: &mut Vec<Vec<G::Position>>) {
            let per_part: Vec<Vec<G::Position>> = parts
                .iter()
                .map(|p| {
                    let mut options = Vec::new();
                    self.game.options(p, &mut options);
                    options
                })
                .collect();
            let finished = per_part.iter().filter(|o| o.is_empty()).count();
            if finished == parts.len() || (!self.continued && finished > 0) {
                return;
            }
            // Every combination of one option per unfinished part.
            let mut combos = vec![Vec::new()];
            for (part, options) in parts.iter().zip(&per_part) {
                let stay = [part.clone()];
                let choices: &[G::Position] = if options.is_empty() { &stay } else { options };
                combos = combos
                    .into_iter()
                    .flat_map(|c: Vec<G::Position>| {
                        choices
                            .iter()
                            .map(move |o| [c.clone(), vec![o.clone()]].concat())
                    })
                    .collect();
            }
            for mut combo in combos {
                combo.sort_unstable();
                out.push(combo);
            }
        }
    }

    fn pairs(max: u32) -> Vec<(u32, u32)> {
        (0..=max)
            .flat_map(|a| (0..=max).map(move |b| (a, b)))
            .collect()
    }

    #[test]
    fn counts_are_odd_exactly_for_wins() {
        let mut memo = RemotenessMemo::new(Euclid);
        let mut grundy = GrundyMemo::new(Euclid);
        for p in pairs(40) {
            let tempo = memo.tempo(&p);
            let wins = grundy.mover_wins(&p);
            assert_eq!(tempo.remoteness % 2 == 1, wins, "{p:?}");
            assert_eq!(tempo.suspense % 2 == 1, wins, "{p:?}");
        }
    }

    /// Checks both rules and both kinds of moves on every compound of the
    /// given components against the search of the whole compound.
    fn check_compounds<G: ImpartialGame + Clone>(game: G, compounds: &[Vec<G::Position>])
    where
        G::Position: Ord + std::fmt::Debug,
    {
        let mut memo = RemotenessMemo::new(game.clone());
        let mut continued = GrundyMemo::new(Compound {
            game: game.clone(),
            continued: true,
        });
        let mut conjunctive = GrundyMemo::new(Compound {
            game,
            continued: false,
        });
        for components in compounds {
            let mut sorted = components.clone();
            sorted.sort_unstable();
            let every = continued.mover_wins(&sorted);
            assert_eq!(
                memo.every_sg_mover_wins(components),
                every,
                "{components:?}"
            );
            let conj = conjunctive.mover_wins(&sorted);
            assert_eq!(
                memo.conjunctive_mover_wins(components),
                conj,
                "{components:?}"
            );
            if every {
                // The suspense moves of all components leave a loss.
                let mut after: Vec<G::Position> = components
                    .iter()
                    .zip(memo.every_sg_moves(components))
                    .map(|(p, m)| m.unwrap_or_else(|| p.clone()))
                    .collect();
                after.sort_unstable();
                assert!(!continued.mover_wins(&after), "{components:?}");
            }
            if conj {
                let mut after: Vec<G::Position> = memo
                    .conjunctive_moves(components)
                    .into_iter()
                    .map(|m| m.expect("no component is finished"))
                    .collect();
                after.sort_unstable();
                assert!(!conjunctive.mover_wins(&after), "{components:?}");
            }
        }
    }

    #[test]
    fn both_compounds_match_a_search_of_the_whole_compound() {
        let small = pairs(7);
        let mut compounds = Vec::new();
        for (i, &a) in small.iter().enumerate() {
            for &b in &small[i..] {
                for c in [None, Some((2, 5)), Some((3, 7)), Some((1, 1))] {
                    compounds.push([vec![a, b], c.into_iter().collect()].concat());
                }
            }
        }
        assert_eq!(compounds.len(), 4 * 64 * 65 / 2);
        check_compounds(Euclid, &compounds);
        let graph: Vec<Vec<u32>> = (0..7)
            .flat_map(|a| (a..7).flat_map(move |b| (b..7).map(move |c| vec![a, b, c])))
            .collect();
        check_compounds(Graph, &graph);
    }

    #[test]
    fn remoteness_is_not_what_decides_every_sg() {
        // 3 wins at once (to 0) or stalls (to the lost 2): remoteness 1,
        // suspense 3. With 2 (lost, both counts 2) beside it, Every-SG goes
        // by suspense: 3 is odd, a win; the largest remoteness, 2, would
        // say a loss.
        let mut memo = RemotenessMemo::new(Graph);
        assert_eq!(
            memo.tempo(&3),
            Tempo {
                remoteness: 1,
                suspense: 3
            }
        );
        assert_eq!(
            memo.tempo(&2),
            Tempo {
                remoteness: 2,
                suspense: 2
            }
        );
        let mut whole = GrundyMemo::new(Compound {
            game: Graph,
            continued: true,
        });
        assert!(whole.mover_wins(&vec![2, 3]));
        assert!(memo.every_sg_mover_wins(&[3, 2]));
        assert_eq!(memo.every_sg_moves(&[3, 2]), [Some(2), Some(1)]);
    }

    #[test]
    fn deep_chains_do_not_overflow_the_stack() {
        let mut memo = RemotenessMemo::new(Graph);
        assert_eq!(
            memo.tempo(&1_000_000),
            Tempo {
                remoteness: 999_998,
                suspense: 1_000_000
            }
        );
    }
}

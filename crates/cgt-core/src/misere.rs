//! Misère play of impartial games: the player who makes the last move loses.
//!
//! Under misère play the Sprague-Grundy theorem fails: a sum is not decided
//! by the nim-sum of its components (Conway, *On Numbers and Games*, ch. 12;
//! *Winning Ways*, ch. 13). What stays true is the recursion itself, so a sum
//! is searched as one game: a position of the search is the multiset of the
//! components' positions, and a move changes one component.
//!
//! - [`MisereMemo`]: the misère outcome, the misère Grundy value g⁻, the
//!   genus and a winning move of any position or sum of positions of one
//!   [`ImpartialGame`], memoised in a table bound to the game, with an
//!   explicit stack (no recursion).
//! - [`misere_nim_mover_wins`] and [`misere_nim_winning_move`]: misère Nim's
//!   closed form (Bouton 1901).
//! - [`anti_sg_mover_wins`]: the "SJ theorem" of contest folklore, with the
//!   precondition under which it is true.
//! - [`misere_heap_values`]: g⁻ of the single heaps of a [`HeapGame`], by a
//!   search of the sums of heaps its moves create.
//!
//! The misère Grundy value is g⁻(G) = 1 if G has no move, else the mex of
//! g⁻ over G's options; the player to move wins G under misère play iff
//! g⁻(G) ≠ 0. Unlike the normal value, g⁻ of a sum is not a function of g⁻
//! of its parts: [`MisereMemo::misere_grundy_of_sum`] searches the sum.
//!
//! # Example
//! Kayles under misère play: a row of one pin is a loss for the player to
//! move (he must knock it down), two rows of one pin are a win.
//! ```
//! use cgt_core::impartial::ImpartialGame;
//! use cgt_core::misere::MisereMemo;
//! use cgt_core::outcome::Outcome;
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
//! let mut memo = MisereMemo::new(Kayles);
//! assert_eq!(memo.outcome(&vec![1]), Outcome::P);
//! assert_eq!(memo.outcome_of_sum(&[vec![1], vec![1]]), Outcome::N);
//! // A row of 4 pins has normal value *1 but is a misère loss.
//! assert_eq!(memo.outcome(&vec![4]), Outcome::P);
//! assert_eq!(memo.genus(&vec![4]).to_string(), "1^031");
//! ```

use crate::heap::{BadOption, HeapGame, HeapOptions, HeapSum};
use crate::impartial::{ImpartialGame, SumMove};
use crate::memo::GameMemo;
use crate::mex::MexSet;
use crate::nimber::{Nimber, winning_component};
use crate::outcome::Outcome;
use std::fmt;

/// A sum of positions of one game and of Nim heaps, in the canonical form
/// the [`MisereMemo`] stores: both lists sorted, empty Nim heaps dropped, so
/// the order of the components does not matter.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SumPosition<P> {
    components: Vec<P>,
    nim_heaps: Vec<u64>,
}

impl<P: Ord> SumPosition<P> {
    /// The sum of `components` and of Nim heaps of the sizes `nim_heaps`.
    pub fn new(mut components: Vec<P>, nim_heaps: &[u64]) -> Self {
        components.sort_unstable();
        let mut nim_heaps: Vec<u64> = nim_heaps.iter().copied().filter(|&h| h > 0).collect();
        nim_heaps.sort_unstable();
        Self {
            components,
            nim_heaps,
        }
    }

    /// The game's positions in the sum, sorted.
    pub fn components(&self) -> &[P] {
        &self.components
    }

    /// The Nim heaps in the sum, sorted, none empty.
    pub fn nim_heaps(&self) -> &[u64] {
        &self.nim_heaps
    }
}

/// The two Grundy values of one sum: under normal play and under misère
/// play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SumValues {
    /// The normal-play Grundy value (the nim-sum of the parts' values).
    pub normal: Nimber,
    /// The misère Grundy value g⁻: 1 with no move, else the mex of the
    /// options' g⁻. Zero exactly when the player to move loses under misère
    /// play.
    pub misere: Nimber,
}

/// The genus of a game (Conway, *On Numbers and Games*, ch. 12; *Winning
/// Ways*, ch. 13): its normal value g and the misère values
/// γₖ = g⁻(G + 2 + … + 2) with k Nim heaps of 2 added.
///
/// The sequence γ₀, γ₁, γ₂, … ends by alternating between two values (ONAG,
/// ch. 12). As in *Winning Ways* and CGSuite only its head is written:
/// γ₀ … γₖ₋₁ for the first k ≥ 2 with γₖ = γₖ₋₂, after which the last two
/// terms alternate (this module's tests check four more terms of every
/// small position against a search of the whole sum). Shown as `g^γ₀γ₁…` (`0^120`, `1^031`, `2^20`), with
/// the terms between commas in brackets when one has two digits or more.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    /// The normal-play Grundy value g.
    pub normal: Nimber,
    /// The head γ₀, γ₁, … of the misère values; its last two terms repeat.
    pub misere: Vec<u64>,
}

impl Genus {
    /// γₖ = g⁻(G + k·2) for any k, from the head and its repeating tail.
    ///
    /// # Example
    /// ```
    /// use cgt_core::misere::Genus;
    /// use cgt_core::nimber::Nimber;
    /// let zero = Genus { normal: Nimber(0), misere: vec![1, 2, 0] };
    /// let values: Vec<u64> = (0..6).map(|k| zero.misere_with_twos(k)).collect();
    /// assert_eq!(values, [1, 2, 0, 2, 0, 2]);
    /// ```
    pub fn misere_with_twos(&self, k: usize) -> u64 {
        let len = self.misere.len();
        if k < len {
            self.misere[k]
        } else {
            // The last two terms alternate.
            self.misere[len - 2 + (k - (len - 2)) % 2]
        }
    }
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal.value())?;
        if self.misere.iter().all(|&v| v < 10) {
            self.misere.iter().try_for_each(|v| write!(f, "{v}"))
        } else {
            let terms: Vec<String> = self.misere.iter().map(u64::to_string).collect();
            write!(f, "({})", terms.join(","))
        }
    }
}

/// Misère values of one impartial game's positions and of sums of them,
/// memoised in a table bound to that game: a [`GameMemo`] over
/// [`SumPosition`]s.
///
/// A sum is searched as one game, each sum once: its options change one
/// component (by one of the game's moves) or one Nim heap. Both values of
/// [`SumValues`] are kept, so the same search gives the genus.
///
/// # Example
/// Nim heaps under misère play, written as the game of one heap: the
/// memo searches the sums itself.
/// ```
/// use cgt_core::impartial::{ImpartialGame, SumMove};
/// use cgt_core::misere::MisereMemo;
/// use cgt_core::nimber::Nimber;
///
/// struct Nim;
/// impl ImpartialGame for Nim {
///     type Position = u64;
///     fn options(&self, &heap: &u64, out: &mut Vec<u64>) {
///         out.extend(0..heap);
///     }
/// }
///
/// let mut memo = MisereMemo::new(Nim);
/// assert_eq!(memo.misere_grundy(&0), Nimber(1));
/// assert_eq!(memo.misere_grundy(&1), Nimber(0));
/// // Heaps 1, 1: take one and leave the last to the opponent.
/// assert!(memo.mover_wins_sum(&[1, 1]));
/// assert_eq!(memo.winning_move_in_sum(&[1, 1]), Some(SumMove { component: 0, to: 0 }));
/// // With a heap of two or more, misère Nim is won as normal Nim is.
/// assert!(!memo.mover_wins_sum(&[1, 2, 3]));
/// // With none, it is the other way round.
/// assert!(memo.mover_wins_sum(&[1, 1]) && !memo.mover_wins_sum(&[1]));
/// assert_eq!(memo.genus(&0).to_string(), "0^120");
/// ```
///
/// # Complexity
/// Each sum reachable from a queried one is expanded once: for k components
/// that is up to the number of multisets of k reachable positions, which
/// grows fast; each expansion costs the components' options plus a sort of
/// each new sum.
///
/// # Panics
/// If a cycle is reachable from a queried position (the game must end).
pub type MisereMemo<G> = GameMemo<G, SumPosition<<G as ImpartialGame>::Position>, SumValues>;

impl<G: ImpartialGame> GameMemo<G, SumPosition<G::Position>, SumValues>
where
    G::Position: Ord,
{
    /// Both Grundy values of `sum`.
    pub fn values(&mut self, sum: &SumPosition<G::Position>) -> SumValues {
        let mut buffer = Vec::new();
        let mut normal = MexSet::new();
        let mut misere = MexSet::new();
        self.evaluate(
            sum,
            |game, sum, out| {
                for (i, component) in sum.components.iter().enumerate() {
                    // Equal components have the same options.
                    if i > 0 && sum.components[i - 1] == *component {
                        continue;
                    }
                    buffer.clear();
                    game.options(component, &mut buffer);
                    for option in buffer.drain(..) {
                        let mut next = sum.clone();
                        next.components[i] = option;
                        next.components.sort_unstable();
                        out.push((next, ()));
                    }
                }
                for (i, &heap) in sum.nim_heaps.iter().enumerate() {
                    if i > 0 && sum.nim_heaps[i - 1] == heap {
                        continue;
                    }
                    for smaller in 0..heap {
                        let mut next = sum.clone();
                        next.nim_heaps.remove(i);
                        if smaller > 0 {
                            let at = next.nim_heaps.partition_point(|&h| h < smaller);
                            next.nim_heaps.insert(at, smaller);
                        }
                        out.push((next, ()));
                    }
                }
            },
            |_, options| {
                normal.clear();
                misere.clear();
                // A mex over k values is at most k: larger values cannot matter.
                let small = |g: Nimber| {
                    usize::try_from(g.value())
                        .ok()
                        .filter(|&g| g <= options.len())
                };
                normal.extend(options.iter().filter_map(|(_, v)| small(v.normal)));
                misere.extend(options.iter().filter_map(|(_, v)| small(v.misere)));
                SumValues {
                    normal: Nimber(normal.mex() as u64),
                    misere: if options.is_empty() {
                        Nimber(1)
                    } else {
                        Nimber(misere.mex() as u64)
                    },
                }
            },
        )
    }

    /// The misère Grundy value g⁻ of one position.
    pub fn misere_grundy(&mut self, position: &G::Position) -> Nimber {
        self.misere_grundy_of_sum(std::slice::from_ref(position))
    }

    /// The misère Grundy value g⁻ of the sum of `components`.
    pub fn misere_grundy_of_sum(&mut self, components: &[G::Position]) -> Nimber {
        self.values(&SumPosition::new(components.to_vec(), &[]))
            .misere
    }

    /// The misère outcome of one position: `N` if the player to move wins
    /// (he can leave the last move to the opponent), else `P`.
    pub fn outcome(&mut self, position: &G::Position) -> Outcome {
        self.outcome_of_sum(std::slice::from_ref(position))
    }

    /// The misère outcome of the sum of `components`.
    pub fn outcome_of_sum(&mut self, components: &[G::Position]) -> Outcome {
        if self.mover_wins_sum(components) {
            Outcome::N
        } else {
            Outcome::P
        }
    }

    /// Whether the player to move wins the sum of `components` under misère
    /// play (with no move at all he has won: the opponent moved last).
    pub fn mover_wins_sum(&mut self, components: &[G::Position]) -> bool {
        !self.misere_grundy_of_sum(components).is_zero()
    }

    /// A move that leaves the opponent a misère loss in one position: the
    /// first such option in the game's order, or `None` if there is none.
    pub fn winning_move(&mut self, position: &G::Position) -> Option<G::Position> {
        self.winning_move_in_sum(std::slice::from_ref(position))
            .map(|SumMove { to, .. }| to)
    }

    /// A winning move in the sum of `components` under misère play: the
    /// component to move in and its new position; `None` if every move
    /// loses (or there is no move, which under misère play is a win).
    ///
    /// # Complexity
    /// The options of every component, each looked up as a sum.
    pub fn winning_move_in_sum(
        &mut self,
        components: &[G::Position],
    ) -> Option<SumMove<G::Position>> {
        let mut options = Vec::new();
        for (component, position) in components.iter().enumerate() {
            options.clear();
            self.game().options(position, &mut options);
            for option in options.drain(..) {
                let mut next = components.to_vec();
                next[component] = option;
                if !self.mover_wins_sum(&next) {
                    return Some(SumMove {
                        component,
                        to: next.swap_remove(component),
                    });
                }
            }
        }
        None
    }

    /// The genus of one position: its normal value and the misère values of
    /// it plus 0, 1, 2, … Nim heaps of 2, up to where they alternate (see
    /// [`Genus`]).
    pub fn genus(&mut self, position: &G::Position) -> Genus {
        self.genus_of_sum(std::slice::from_ref(position))
    }

    /// The genus of the sum of `components`.
    ///
    /// # Complexity
    /// A search of the sum with up to k + 1 Nim heaps of 2, for the length k
    /// of the head.
    pub fn genus_of_sum(&mut self, components: &[G::Position]) -> Genus {
        let mut twos: Vec<u64> = Vec::new();
        let mut misere = Vec::new();
        let mut normal = Nimber::ZERO;
        loop {
            let values = self.values(&SumPosition::new(components.to_vec(), &twos));
            if twos.is_empty() {
                normal = values.normal;
            }
            misere.push(values.misere.value());
            let k = misere.len() - 1;
            if k >= 2 && misere[k] == misere[k - 2] {
                misere.pop();
                return Genus { normal, misere };
            }
            twos.push(2);
        }
    }
}

/// The misère Grundy values g⁻(0), …, g⁻(len − 1) of single heaps of a
/// heap game.
///
/// A heap's options are sums of smaller heaps, and g⁻ of a sum is not a
/// function of g⁻ of its heaps, so each heap is searched as a game: one memo
/// over the sorted lists of heaps ([`HeapSum`] positions) shared by all
/// heaps, g⁻ = 1 for the empty list and the mex of the options' g⁻
/// otherwise. `progress(n, positions)` is called after each heap n with
/// the number of positions valued so far.
///
/// # Errors
/// [`BadOption`] if the rules list, for some heap below `len`, an option
/// with a heap that is not smaller; nothing is searched then.
///
/// # Example
/// Kayles (`0.77`): knock down one or two adjacent pins, maybe splitting the
/// row.
/// ```
/// use cgt_core::heap::{HeapGame, HeapOptions};
/// use cgt_core::misere::misere_heap_values;
///
/// struct Kayles;
/// impl HeapGame for Kayles {
///     fn heap_options(&self, n: usize, options: &mut HeapOptions) {
///         for take in 1..=n.min(2) {
///             for left in 0..=(n - take) / 2 {
///                 options.push(&[left, n - take - left]);
///             }
///         }
///     }
/// }
///
/// let values = misere_heap_values(&Kayles, 10, &mut |_, _| {}).unwrap();
/// let values: Vec<u64> = values.iter().map(|g| g.value()).collect();
/// assert_eq!(values, [1, 0, 2, 3, 0, 1, 3, 2, 1, 0]);
/// ```
///
/// # Complexity
/// One expansion per list of heaps reachable from a heap below `len`: for
/// games that only shrink a heap (subtraction games, Nim) that is `len`
/// positions; for games that split heaps it grows like the number of
/// partitions of `len` (about 2·10^5 for 50), which is what bounds `len`.
pub fn misere_heap_values<G: HeapGame + ?Sized>(
    game: &G,
    len: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<Nimber>, BadOption> {
    let values = misere_heap_values_until(game, len, &mut |n, positions| {
        progress(n, positions);
        true
    })?;
    Ok(values.expect("a search that is never stopped ends"))
}

/// [`misere_heap_values`] that can be stopped between heaps: after each
/// heap `go_on(n, positions)` is asked, and `Ok(None)` returned as soon as
/// it says no (a program that runs searches for people stops one on Ctrl-C
/// this way).
///
/// # Errors
/// As [`misere_heap_values`].
pub fn misere_heap_values_until<G: HeapGame + ?Sized>(
    game: &G,
    len: usize,
    go_on: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Option<Vec<Nimber>>, BadOption> {
    let mut options = HeapOptions::new();
    for n in 0..len {
        options.clear();
        game.heap_options(n, &mut options);
        if let Some(&heap) = options.iter().flatten().find(|&&heap| heap >= n) {
            return Err(BadOption { n, heap });
        }
    }
    let mut memo: GameMemo<HeapSum<&G>, Vec<usize>, Nimber> = GameMemo::new(HeapSum(game));
    let mut buffer = Vec::new();
    let mut seen = MexSet::new();
    let mut values = Vec::with_capacity(len);
    for n in 0..len {
        let value = memo.evaluate(
            &HeapSum::<&G>::position(&[n]),
            |sum, heaps, out| {
                buffer.clear();
                sum.options(heaps, &mut buffer);
                out.extend(buffer.drain(..).map(|o| (o, ())));
            },
            |_, options| {
                if options.is_empty() {
                    return Nimber(1);
                }
                seen.clear();
                // A mex over k values is at most k: larger values cannot matter.
                seen.extend(
                    options
                        .iter()
                        .filter_map(|&(_, g)| usize::try_from(g.value()).ok())
                        .filter(|&g| g <= options.len()),
                );
                Nimber(seen.mex() as u64)
            },
        );
        values.push(value);
        if !go_on(n, memo.len()) && n + 1 < len {
            return Ok(None);
        }
    }
    Ok(Some(values))
}

/// Whether the player to move wins misère Nim with these heaps (who takes
/// the last object loses).
///
/// Bouton (1901): if some heap has two or more objects, the player to move
/// wins iff the heaps' XOR is not zero, as in normal play; if every heap
/// has at most one, he wins iff the number of heaps of one is even. Proof
/// sketch: with a big heap, play the normal strategy until the move that
/// would leave no big heap, and there leave an odd number of heaps of one
/// instead; the opponent can never reach that point first, since a position
/// with XOR zero has no heap or two big heaps.
///
/// # Example
/// ```
/// use cgt_core::misere::misere_nim_mover_wins;
/// assert!(!misere_nim_mover_wins(&[1]));
/// assert!(misere_nim_mover_wins(&[1, 1]));
/// assert!(misere_nim_mover_wins(&[3, 5, 1])); // HDU 1907's sample
/// assert!(!misere_nim_mover_wins(&[2, 2]));
/// ```
///
/// # Complexity
/// O(n).
pub fn misere_nim_mover_wins(heaps: &[u64]) -> bool {
    if heaps.iter().any(|&h| h >= 2) {
        heaps.iter().fold(0, |x, &h| x ^ h) != 0
    } else {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 0
    }
}

/// A winning move in misère Nim, as (heap index, objects left in it); `None`
/// if the player to move loses, or if there is no object left (then he has
/// already won).
///
/// With one heap of two or more: leave it 0 or 1 so that an odd number of
/// heaps of one remain. With two or more: the normal-play move (it leaves a
/// big heap). With none: take a heap of one.
///
/// # Example
/// ```
/// use cgt_core::misere::misere_nim_winning_move;
/// assert_eq!(misere_nim_winning_move(&[3, 5, 1]), Some((1, 2)));
/// assert_eq!(misere_nim_winning_move(&[5, 1, 1]), Some((0, 1)));
/// assert_eq!(misere_nim_winning_move(&[1, 1]), Some((0, 0)));
/// assert_eq!(misere_nim_winning_move(&[1, 1, 1]), None);
/// ```
///
/// # Complexity
/// O(n).
pub fn misere_nim_winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    if !misere_nim_mover_wins(heaps) {
        return None;
    }
    let mut big = heaps.iter().enumerate().filter(|&(_, &h)| h >= 2);
    match (big.next(), big.next()) {
        (Some((index, _)), None) => {
            let ones = heaps.iter().filter(|&&h| h == 1).count() as u64;
            // Leave an odd number of heaps of one.
            Some((index, 1 - ones % 2))
        }
        (Some(_), Some(_)) => {
            let values: Vec<Nimber> = heaps.iter().map(|&h| Nimber(h)).collect();
            winning_component(&values).map(|(index, target)| (index, target.value()))
        }
        _ => heaps.iter().position(|&h| h == 1).map(|index| (index, 0)),
    }
}

/// The anti-SG rule ("SJ theorem", Jia Zhihao 2009) for a misère sum of
/// components with normal-play Grundy values `values`: the player to move
/// wins iff either the nim-sum is not zero and some value exceeds 1, or the
/// nim-sum is zero and no value exceeds 1.
///
/// **Precondition**, without which the rule is wrong: (i) a component of
/// value 0 has no move, and (ii) a move changes one component into one
/// component (no move splits a component into several). Misère Nim meets
/// both. Kayles rows meet (i) but not (ii): a move may split a row, and
/// there the rule gives wrong answers (this module's tests show one).
///
/// Proof sketch under (i) and (ii): let W be the positions the rule calls
/// won. A finished sum (all values 0) is in W and won, as misère play
/// wants. From W: with one value above 1, move it to 0 or 1 so that an odd
/// number of ones remain; with two or more, make the normal move to nim-sum
/// 0 (a value above 1 survives); with all values at most 1 (an even number
/// of ones, at least two by (i)), move a 1 to 0. Each leaves a position
/// outside W, and from outside W every move enters W (one component changes;
/// by (i) only the ones can move when no value exceeds 1).
///
/// # Example
/// ```
/// use cgt_core::misere::anti_sg_mover_wins;
/// use cgt_core::nimber::Nimber;
/// // Misère Nim heaps 3, 5, 1 (HDU 1907's sample): the mover wins.
/// assert!(anti_sg_mover_wins(&[Nimber(3), Nimber(5), Nimber(1)]));
/// assert!(!anti_sg_mover_wins(&[Nimber(1)]));
/// ```
///
/// # Complexity
/// O(n).
pub fn anti_sg_mover_wins(values: &[Nimber]) -> bool {
    let total: Nimber = values.iter().copied().sum();
    let big = values.iter().any(|v| v.value() > 1);
    total.is_zero() != big
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::GrundyMemo;

    /// Nim with a single heap as the position.
    struct Nim;
    impl ImpartialGame for Nim {
        type Position = u64;
        fn options(&self, &heap: &u64, out: &mut Vec<u64>) {
            out.extend(0..heap);
        }
    }

    /// Kayles on whole positions (sorted rows, no empty rows), plus Nim
    /// heaps (sorted, no empty heaps): every move of the sum written out.
    #[derive(Clone, Copy)]
    struct KaylesAndNim;
    type Whole = (Vec<u32>, Vec<u64>);
    impl ImpartialGame for KaylesAndNim {
        type Position = Whole;
        fn options(&self, (rows, heaps): &Whole, out: &mut Vec<Whole>) {
            for (i, &row) in rows.iter().enumerate() {
                for take in 1..=row.min(2) {
                    for left in 0..=row - take {
                        let mut next = rows.clone();
                        next.remove(i);
                        next.extend([left, row - take - left].into_iter().filter(|&r| r > 0));
                        next.sort_unstable();
                        out.push((next, heaps.clone()));
                    }
                }
            }
            for (i, &heap) in heaps.iter().enumerate() {
                for smaller in 0..heap {
                    let mut next = heaps.clone();
                    next[i] = smaller;
                    next.retain(|&h| h > 0);
                    next.sort_unstable();
                    out.push((rows.clone(), next));
                }
            }
        }
    }

    /// The game with one extra move from every finished position to a new
    /// finished one: its normal-play Grundy value is the misère g⁻ of the
    /// original by definition (a finished position gets mex{0} = 1).
    struct LastMoveLoses<G>(G);
    impl<G: ImpartialGame> ImpartialGame for LastMoveLoses<G> {
        type Position = Option<G::Position>;
        fn options(&self, position: &Self::Position, out: &mut Vec<Self::Position>) {
            let Some(position) = position else { return };
            let mut options = Vec::new();
            self.0.options(position, &mut options);
            if options.is_empty() {
                out.push(None);
            }
            out.extend(options.into_iter().map(Some));
        }
    }

    /// As the module's Kayles, one row per position.
    struct Kayles;
    impl ImpartialGame for Kayles {
        type Position = Vec<u32>;
        fn options(&self, rows: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
            let mut whole = Vec::new();
            KaylesAndNim.options(&(rows.clone(), Vec::new()), &mut whole);
            out.extend(whole.into_iter().map(|(rows, _)| rows));
        }
    }

    fn sorted_lists(max_len: usize, max: u32) -> Vec<Vec<u32>> {
        let mut all = vec![Vec::new()];
        let mut frontier = vec![Vec::new()];
        for _ in 0..max_len {
            let mut next = Vec::new();
            for list in &frontier {
                let low = list.last().copied().unwrap_or(1);
                for v in low..=max {
                    let mut longer: Vec<u32> = list.clone();
                    longer.push(v);
                    next.push(longer);
                }
            }
            all.extend(next.iter().cloned());
            frontier = next;
        }
        all
    }

    #[test]
    fn sums_of_kayles_rows_and_nim_heaps_match_the_whole_game_search() {
        let mut memo = MisereMemo::new(Kayles);
        let mut whole = GrundyMemo::new(LastMoveLoses(KaylesAndNim));
        let mut normal = GrundyMemo::new(KaylesAndNim);
        let mut checked = 0;
        for rows in sorted_lists(3, 7) {
            for heaps in [
                vec![],
                vec![1],
                vec![2],
                vec![1, 2],
                vec![2, 2],
                vec![3],
                vec![2, 2, 2],
            ] {
                // Each row is its own component of the memo's sum.
                let components: Vec<Vec<u32>> = rows.iter().map(|&r| vec![r]).collect();
                let got = memo.values(&SumPosition::new(components, &heaps));
                let position = (rows.clone(), heaps.clone());
                assert_eq!(
                    got.misere,
                    whole.grundy(&Some(position.clone())),
                    "{position:?}"
                );
                assert_eq!(got.normal, normal.grundy(&position), "{position:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 120 * 7);
    }

    #[test]
    fn winning_moves_in_sums_leave_a_misere_loss_and_exist_exactly_in_wins() {
        let mut memo = MisereMemo::new(Kayles);
        let mut whole = GrundyMemo::new(LastMoveLoses(KaylesAndNim));
        for rows in sorted_lists(3, 8) {
            let components: Vec<Vec<u32>> = rows.iter().map(|&r| vec![r]).collect();
            let wins = whole.mover_wins(&Some((rows.clone(), Vec::new())));
            assert_eq!(memo.mover_wins_sum(&components), wins, "{rows:?}");
            assert_eq!(memo.outcome_of_sum(&components) == Outcome::N, wins);
            match memo.winning_move_in_sum(&components) {
                None => assert!(!wins || rows.is_empty(), "{rows:?}"),
                Some(SumMove { component, to }) => {
                    let mut options = Vec::new();
                    Kayles.options(&components[component], &mut options);
                    assert!(options.contains(&to), "illegal move in {rows:?}");
                    let mut after: Vec<u32> = rows.clone();
                    after.remove(component);
                    after.extend(&to);
                    after.sort_unstable();
                    assert!(!whole.mover_wins(&Some((after, Vec::new()))), "{rows:?}");
                }
            }
        }
    }

    #[test]
    fn genus_terms_match_the_whole_game_search_and_keep_alternating() {
        let mut memo = MisereMemo::new(Kayles);
        let mut whole = GrundyMemo::new(LastMoveLoses(KaylesAndNim));
        for rows in sorted_lists(2, 9) {
            let components: Vec<Vec<u32>> = rows.iter().map(|&r| vec![r]).collect();
            let genus = memo.genus_of_sum(&components);
            // Four terms past the head, each from the whole game.
            for k in 0..genus.misere.len() + 4 {
                let twos = vec![2; k];
                let expected = whole.grundy(&Some((rows.clone(), twos)));
                assert_eq!(
                    genus.misere_with_twos(k),
                    expected.value(),
                    "{rows:?} + {k} twos"
                );
            }
        }
    }

    #[test]
    fn genera_of_small_nim_heaps_are_winning_ways_table() {
        let mut memo = MisereMemo::new(Nim);
        let genera: Vec<String> = (0..6).map(|h| memo.genus(&h).to_string()).collect();
        assert_eq!(genera, ["0^120", "1^031", "2^20", "3^31", "4^46", "5^57"]);
        let kayles: Vec<String> = {
            let mut memo = MisereMemo::new(Kayles);
            (0..6).map(|n| memo.genus(&vec![n]).to_string()).collect()
        };
        // Kayles's genera as in Winning Ways's table (ch. 13).
        assert_eq!(kayles, ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]);
    }

    /// Kayles as a heap game: one heap is one row.
    struct KaylesHeap;
    impl HeapGame for KaylesHeap {
        fn heap_options(&self, n: usize, options: &mut HeapOptions) {
            for take in 1..=n.min(2) {
                for left in 0..=n - take {
                    options.push(&[left, n - take - left]);
                }
            }
        }
    }

    #[test]
    fn heap_values_match_the_memo_of_whole_positions() {
        let mut memo = MisereMemo::new(Kayles);
        let mut calls = 0;
        let values = misere_heap_values(&KaylesHeap, 16, &mut |n, positions| {
            assert_eq!(n, calls);
            assert!(positions > n);
            calls += 1;
        })
        .expect("rows shrink");
        assert_eq!(calls, 16);
        for (n, &value) in values.iter().enumerate() {
            assert_eq!(value, memo.misere_grundy(&vec![n as u32]), "row {n}");
        }
        // Nim: single heaps only, g⁻ swaps 0 and 1.
        struct NimHeap;
        impl HeapGame for NimHeap {
            fn heap_options(&self, n: usize, options: &mut HeapOptions) {
                (0..n).for_each(|m| options.push(&[m]));
            }
        }
        let nim = misere_heap_values(&NimHeap, 6, &mut |_, _| {}).expect("heaps shrink");
        assert_eq!(nim, [1, 0, 2, 3, 4, 5].map(Nimber));
    }

    #[test]
    fn heap_rules_that_do_not_shrink_are_an_error_before_any_search() {
        struct Stuck;
        impl HeapGame for Stuck {
            fn heap_options(&self, n: usize, options: &mut HeapOptions) {
                if n == 3 {
                    options.push(&[1, 3]);
                }
            }
        }
        let error = misere_heap_values(&Stuck, 5, &mut |_, _| panic!("no search")).unwrap_err();
        assert_eq!(error, BadOption { n: 3, heap: 3 });
        assert_eq!(
            misere_heap_values(&Stuck, 3, &mut |_, _| {}).map(|v| v.len()),
            Ok(3)
        );
    }

    #[test]
    fn misere_nim_closed_form_matches_the_search() {
        let mut memo = MisereMemo::new(Nim);
        let mut lists = vec![Vec::new()];
        for _ in 0..4 {
            let longer: Vec<Vec<u64>> = lists
                .iter()
                .filter(|l: &&Vec<u64>| l.len() == lists.last().map_or(0, Vec::len))
                .flat_map(|l| (0..8).map(move |h| [l.clone(), vec![h]].concat()))
                .collect();
            lists.extend(longer);
        }
        assert_eq!(lists.len(), 1 + 8 + 64 + 512 + 4096);
        for heaps in &lists {
            let wins = memo.mover_wins_sum(heaps);
            assert_eq!(misere_nim_mover_wins(heaps), wins, "{heaps:?}");
            match misere_nim_winning_move(heaps) {
                None => assert!(!wins || heaps.iter().all(|&h| h == 0), "{heaps:?}"),
                Some((index, leave)) => {
                    assert!(leave < heaps[index], "{heaps:?}");
                    let mut after = heaps.clone();
                    after[index] = leave;
                    assert!(!memo.mover_wins_sum(&after), "{heaps:?} -> {after:?}");
                }
            }
        }
    }

    #[test]
    fn anti_sg_holds_for_nim_and_fails_for_kayles_rows() {
        let mut memo = MisereMemo::new(Nim);
        for a in 0..8 {
            for b in 0..8 {
                for c in 0..8 {
                    let heaps = [a, b, c];
                    let values = heaps.map(Nimber);
                    assert_eq!(anti_sg_mover_wins(&values), memo.mover_wins_sum(&heaps));
                }
            }
        }
        let mut misere = MisereMemo::new(Kayles);
        let mut normal = GrundyMemo::new(Kayles);
        let wrong: Vec<Vec<u32>> = sorted_lists(2, 8)
            .into_iter()
            .filter(|rows| {
                let components: Vec<Vec<u32>> = rows.iter().map(|&r| vec![r]).collect();
                let values: Vec<Nimber> = components.iter().map(|c| normal.grundy(c)).collect();
                anti_sg_mover_wins(&values) != misere.mover_wins_sum(&components)
            })
            .collect();
        assert!(!wrong.is_empty());
        // A row of 8 pins has value *1, the rule says the mover loses, but
        // he wins; then 1 + 5, 1 + 8, 4 + 5, 4 + 8, 5 + 5, 8 + 8.
        assert_eq!(
            wrong,
            [
                vec![8],
                vec![1, 5],
                vec![1, 8],
                vec![4, 5],
                vec![4, 8],
                vec![5, 5],
                vec![8, 8]
            ]
        );
        let components = [vec![8]];
        assert_eq!(normal.grundy(&components[0]), Nimber(1));
        assert!(misere.mover_wins_sum(&components));
    }
}

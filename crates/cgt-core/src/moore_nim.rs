//! Moore's Nim_k: Nim where a move may take from up to k heaps at once.
//!
//! A move takes a positive number of objects from at least one and at most
//! k heaps (any amounts, each heap its own); who cannot move loses. The
//! player to move loses iff, in every binary digit, the number of heaps
//! with that digit set is a multiple of k + 1 (Moore, "A generalization of
//! the game called Nim", *Annals of Mathematics* 1910). For k = 1 this is
//! Nim.
//!
//! # Example
//! ```
//! use cgt_core::moore_nim::{mover_wins, winning_move};
//! // k = 2: heaps 1, 1, 1 have three 1-bits, a multiple of 3: lost.
//! assert!(!mover_wins(&[1, 1, 1], 2));
//! assert!(mover_wins(&[1, 1, 1], 1));
//! // Heaps 1, 2, 4 with k = 2: bring the 2 and the 4 down to 1 each.
//! assert_eq!(winning_move(&[1, 2, 4], 2), Some(vec![(1, 1), (2, 1)]));
//! assert!(!mover_wins(&[1, 1, 1], 2));
//! ```

/// Whether the player to move wins Nim_k on `heaps`.
///
/// # Panics
/// If `k` is 0 (no move takes anything).
///
/// # Complexity
/// O(64 · n).
pub fn mover_wins(heaps: &[u64], k: usize) -> bool {
    assert!(k >= 1, "Nim_k needs k >= 1");
    let modulus = k as u64 + 1;
    (0..64).any(|bit| heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64 % modulus != 0)
}

/// A winning move: the heaps to take from, each as `(index, new size)`
/// (at most k of them, sorted by index, each strictly smaller), or `None`
/// if the player to move loses.
///
/// From the highest binary digit down, with r the digit's count modulo
/// k + 1: either r more heaps with the digit set join the move (their digit
/// cleared, so they are smaller and all their lower digits are free), or
/// k + 1 − r heaps already in the move get the digit set. One of the two
/// always fits within k heaps (if k + 1 − r exceeds the heaps in the move,
/// the move plus r is at most k).
///
/// # Example
/// ```
/// use cgt_core::moore_nim::winning_move;
/// assert_eq!(winning_move(&[4, 4, 4], 2), None);
/// assert_eq!(winning_move(&[4, 4, 4, 4], 2), Some(vec![(0, 0)]));
/// ```
///
/// # Panics
/// If `k` is 0.
///
/// # Complexity
/// O(64 · n).
pub fn winning_move(heaps: &[u64], k: usize) -> Option<Vec<(usize, u64)>> {
    assert!(k >= 1, "Nim_k needs k >= 1");
    let modulus = k + 1;
    // The heaps in the move and their new sizes, built digit by digit.
    let mut chosen: Vec<(usize, u64)> = Vec::new();
    for bit in (0..64).rev() {
        let mask = 1_u64 << bit;
        let set_outside: Vec<usize> = (0..heaps.len())
            .filter(|&i| heaps[i] & mask != 0 && chosen.iter().all(|&(j, _)| j != i))
            .collect();
        let r = set_outside.len() % modulus;
        if r == 0 {
            continue;
        }
        let free = chosen.len();
        if modulus - r <= free {
            for entry in chosen.iter_mut().take(modulus - r) {
                entry.1 |= mask;
            }
        } else {
            // free + r ≤ k here.
            for &i in set_outside.iter().take(r) {
                // Higher digits kept, this one cleared, lower ones free (0).
                chosen.push((i, heaps[i] & !(mask | (mask - 1))));
            }
        }
    }
    if chosen.is_empty() {
        return None;
    }
    chosen.sort_unstable();
    Some(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::{GrundyMemo, ImpartialGame};

    /// Nim_k from its rules, on sorted heaps.
    struct MooreNim(usize);

    impl ImpartialGame for MooreNim {
        type Position = Vec<u64>;
        fn options(&self, heaps: &Vec<u64>, out: &mut Vec<Vec<u64>>) {
            // Every vector of new sizes h'_i ≤ h_i (a mixed-radix count),
            // kept when 1 to k heaps changed.
            let total: u64 = heaps.iter().map(|&h| h + 1).product();
            for code in 0..total {
                let mut rest = code;
                let mut next = Vec::with_capacity(heaps.len());
                for &h in heaps {
                    next.push(rest % (h + 1));
                    rest /= h + 1;
                }
                let changed = next.iter().zip(heaps).filter(|(a, b)| a != b).count();
                if (1..=self.0).contains(&changed) {
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
    }

    #[test]
    fn winner_and_winning_move_match_the_game_for_k_up_to_3() {
        for k in 1..=3 {
            let mut memo = GrundyMemo::new(MooreNim(k));
            // Up to 4 heaps of 0..=5 (sorted lists: the rest are the same).
            let mut lists = vec![vec![]];
            for _ in 0..4 {
                let longer: Vec<Vec<u64>> = lists
                    .iter()
                    .filter(|l: &&Vec<u64>| l.len() == lists.last().map_or(0, Vec::len))
                    .flat_map(|l| {
                        let low = l.last().copied().unwrap_or(0);
                        (low..=5).map(move |h| {
                            let mut next = l.clone();
                            next.push(h);
                            next
                        })
                    })
                    .collect();
                lists.extend(longer);
            }
            for heaps in lists {
                let wins = memo.mover_wins(&heaps);
                assert_eq!(mover_wins(&heaps, k), wins, "k = {k}, {heaps:?}");
                match winning_move(&heaps, k) {
                    None => assert!(!wins, "k = {k}, {heaps:?}"),
                    Some(moves) => {
                        assert!(
                            (1..=k).contains(&moves.len()),
                            "k = {k}, {heaps:?}: {moves:?}"
                        );
                        let mut next = heaps.clone();
                        for &(i, size) in &moves {
                            assert!(size < heaps[i], "k = {k}, {heaps:?}: {moves:?}");
                            next[i] = size;
                        }
                        next.sort_unstable();
                        assert!(!memo.mover_wins(&next), "k = {k}, {heaps:?}: {moves:?}");
                    }
                }
            }
        }
    }
}

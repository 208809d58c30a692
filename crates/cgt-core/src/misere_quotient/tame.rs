//! Tame quotients: those of misère Nim (Plambeck and Siegel, §3).
//!
//! A quotient is tame when it is isomorphic, as a bipartite monoid (the
//! P-portion sent onto the P-portion), to T_k, the quotient of misère Nim
//! with heaps below 2^k: T_0 is trivial, T_1 = <a | a2=1> (order 2),
//! T_2 = <a,b | a2=1,b3=b> (order 6), and T_k has order 2^k + 2 for k ≥ 2.
//! These are the quotients of the tame games of Conway (*On Numbers and
//! Games*, ch. 12), whose sums are decided by their genus as misère Nim is.

use super::{Limits, MisereQuotient};
use crate::heap::{HeapGame, HeapOptions};
use std::fmt;

/// Which tame quotient: T_k, misère Nim's quotient with heaps below 2^k.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tame {
    /// k.
    pub k: u32,
}

impl fmt::Display for Tame {
    /// `T2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "T{}", self.k)
    }
}

/// Nim with heaps below `bound`: any number may be taken from a heap.
struct NimBelow(usize);

impl HeapGame for NimBelow {
    fn heap_options(&self, n: usize, options: &mut HeapOptions) {
        if n < self.0 {
            for rest in 0..n {
                if rest == 0 {
                    options.push(&[]);
                } else {
                    options.push(&[rest]);
                }
            }
        } else {
            // Heaps from `bound` up never occur in the sums asked about.
            options.push(&[]);
        }
    }
}

/// The k with |T_k| = order, if any.
fn tame_k(order: usize) -> Option<u32> {
    match order {
        1 => Some(0),
        2 => Some(1),
        _ => (2..20u32).find(|&k| (1usize << k) + 2 == order),
    }
}

/// The most generator images tried before giving up on an isomorphism.
const SEARCH: usize = 2_000_000;

/// Whether `q` is some T_k, found by looking for an isomorphism: an image
/// in T_k for each generator of `q` that keeps every relation, the
/// P-portion and the order.
pub(super) fn recognise(q: &MisereQuotient) -> Option<Tame> {
    let k = tame_k(q.order())?;
    let heaps = (1usize << k) - 1;
    let nim = MisereQuotient::compute(&NimBelow(1 << k), heaps, Limits::default(), &mut |_, _| {})
        .ok()?;
    if nim.order() != q.order() {
        return None;
    }
    let rank = q.presentation.generators().len();
    let relations = q.presentation.relations();
    let words: Vec<(&Vec<u32>, bool)> = q
        .presentation
        .first_words()
        .iter()
        .enumerate()
        .map(|(x, w)| (w, q.p[x]))
        .collect();
    let eval = |image: &[u32], word: &[u32]| {
        let mut x = nim.identity();
        for (i, &e) in word.iter().enumerate() {
            for _ in 0..e {
                x = nim.mul(x, super::Element(image[i]));
            }
        }
        x
    };
    // Depth-first over the generators' images, checking each relation as
    // soon as every generator it uses has an image.
    let mut image: Vec<u32> = Vec::with_capacity(rank);
    let mut tried = 0usize;
    let mut next_choice: Vec<u32> = vec![0];
    while let Some(choice) = next_choice.last_mut() {
        if *choice as usize >= nim.order() {
            next_choice.pop();
            image.pop();
            if let Some(c) = next_choice.last_mut() {
                *c += 1;
            }
            continue;
        }
        tried += 1;
        if tried > SEARCH {
            return None;
        }
        image.push(*choice);
        let depth = image.len();
        let fits = relations.iter().all(|(left, right)| {
            let used = |w: &Vec<u32>| w.iter().rposition(|&e| e > 0).map_or(0, |i| i + 1);
            used(left).max(used(right)) > depth || eval(&image, left) == eval(&image, right)
        });
        if fits && depth == rank {
            let keeps_p = words.iter().all(|&(w, p)| nim.is_p(eval(&image, w)) == p);
            let onto = words
                .iter()
                .map(|(w, _)| eval(&image, w))
                .collect::<std::collections::BTreeSet<_>>()
                .len()
                == nim.order();
            if keeps_p && onto {
                return Some(Tame { k });
            }
        }
        if fits && depth < rank {
            next_choice.push(0);
        } else {
            image.pop();
            if let Some(c) = next_choice.last_mut() {
                *c += 1;
            }
        }
    }
    None
}

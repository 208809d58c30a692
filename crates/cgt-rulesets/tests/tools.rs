//! cgt-tools' games (the Quicksort games, Bipartite Snort, Quelhas, poset
//! games, Wind-up) and Chomp against their game trees, on every position up
//! to a size: the value (with the splits into components and the
//! normalisation) has the outcome a plain search of the rules finds and
//! equals the value computed from the moves alone; impartial ones have the
//! Grundy value of a plain mex search; the sum of two positions has the
//! outcome the search of the sum finds; the solver agrees. Then the values
//! the papers and cgt-tools publish.

use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use cgt_rulesets::quicksort::{PseudoQuicksort, Quicksort, Sequence};

mod common;
use common::check_against;

/// An impartial game from its rules, as a partizan one whose players have
/// the same moves (for the shared checks).
#[derive(Clone)]
struct Both<G>(G);

impl<G: ImpartialGame> PartizanGame for Both<G> {
    type Position = G::Position;
    fn options(&self, p: &G::Position, _: Side, out: &mut Vec<G::Position>) {
        self.0.options(p, out);
    }
}

/// Every permutation of `1..=n`, in lexicographic order.
fn permutations(n: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut p: Vec<u32> = (1..=n).collect();
    loop {
        out.push(p.clone());
        // The next permutation: the longest decreasing suffix, swapped.
        let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else {
            return out;
        };
        let j = (i..p.len())
            .rev()
            .find(|&j| p[j] > p[i - 1])
            .expect("a larger");
        p.swap(i - 1, j);
        p[i..].reverse();
    }
}

/// The Quicksort games from Chen's rules on the numbers as written: pivot
/// on a number `p` of the sequence; the numbers below `p` (with `between`,
/// up to `p`) first, then `p` (without `between`), then the larger; a move
/// must change the sequence. No renumbering, no split.
#[derive(Clone)]
struct PlainQuicksort {
    between: bool,
}

impl ImpartialGame for PlainQuicksort {
    type Position = Vec<u32>;
    fn options(&self, s: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for &p in s {
            let low = |x: u32| x < p || (self.between && x == p);
            let mut next: Vec<u32> = s.iter().copied().filter(|&x| low(x)).collect();
            if !self.between {
                next.push(p);
            }
            next.extend(s.iter().copied().filter(|&x| x > p));
            if next != *s {
                out.push(next);
            }
        }
    }
}

fn sequence_text(s: &[u32]) -> String {
    s.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

fn check_quicksort<G>(name: &str, game: G, between: bool)
where
    G: ImpartialGame<Position = Sequence> + PartizanGame<Position = Sequence> + Clone,
{
    let plain = PlainQuicksort { between };
    let mut memo = GrundyMemo::new(game.clone());
    let mut search = GrundyMemo::new(plain.clone());
    let mut positions = Vec::new();
    for n in 1..=7 {
        for p in permutations(n) {
            let s = Sequence::parse(&sequence_text(&p)).expect("a sequence");
            assert_eq!(memo.grundy(&s), search.grundy(&p), "{name}({s})");
            if n <= 5 {
                positions.push(s);
            }
        }
    }
    let convert = |s: &Sequence| s.ranks().iter().map(|&r| u32::from(r)).collect();
    check_against(name, game, Both(plain), convert, &positions, 40);
}

#[test]
fn quicksort_values_agree_with_the_search() {
    check_quicksort("quicksort", Quicksort, false);
}

#[test]
fn pseudo_quicksort_values_agree_with_the_search() {
    check_quicksort("pseudo_quicksort", PseudoQuicksort, true);
}

#[test]
fn quicksort_published_values() {
    // cgt-tools' tests of `Quicksort` (cgt/short/impartial/games/quicksort.rs),
    // typed in: (sequence, Grundy value).
    let mut memo = GrundyMemo::new(Quicksort);
    for (text, g) in [
        ("1,2,3,6,5,4", 2),
        ("4,1,6,5,7,3,8,2", 5),
        ("4,1,6,5,7,8,2,3", 0),
    ] {
        let s = Sequence::parse(text).expect("a sequence");
        assert_eq!(memo.grundy(&s).value(), g, "quicksort({text})");
    }
    // Its "one end hypothesis", checked there for n < 16: 2,3,…,n,1 is
    // *(n-1).
    for n in 2..16u32 {
        let mut s: Vec<u32> = (2..=n).collect();
        s.push(1);
        let s = Sequence::parse(&sequence_text(&s)).expect("a sequence");
        assert_eq!(memo.grundy(&s).value(), u64::from(n - 1), "quicksort({s})");
    }
    // And of `PseudoQuicksort` (pseudo_quicksort.rs).
    let mut memo = GrundyMemo::new(PseudoQuicksort);
    for (text, g) in [
        ("1,2,3,6,5,4", 0),
        ("4,1,6,5,7,3,8,2", 5),
        ("4,1,6,5,7,8,2,3", 3),
    ] {
        let s = Sequence::parse(text).expect("a sequence");
        assert_eq!(memo.grundy(&s).value(), g, "pseudo_quicksort({text})");
    }
}

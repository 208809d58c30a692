//! The impartial heap rulesets (`nim`, `dawsons_kayles`, `grundys_game`,
//! `subtraction`, `splittles`, `take_and_break`, `wythoff`) against a
//! plain search of their rules: each heap (or pair) up to a size, and sums
//! of two, searched whole with no split and no Sprague-Grundy theory, and
//! valued through the registry; the solver against the same search; and
//! the values Winning Ways, Wythoff, Fraenkel and CGSuite's documentation
//! publish, typed in with their source.

mod common;

use cgt_core::canonical::GameStore;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use cgt_rulesets::Rulesets;
use cgt_rulesets::kayles::Kayles;
use cgt_rulesets::wythoff::Wythoff;
use common::{WYTHOFF_P_POSITIONS, check_refusals, check_solver};

/// Heap rules from their definition alone: the heaps a move on a heap of
/// n may leave (in any order, zeros allowed, repeats allowed).
type Rule = fn(u32) -> Vec<Vec<u32>>;

/// Every way to write `m` as `j` heaps of 1 or more, in every order.
fn compositions(m: u32, j: usize) -> Vec<Vec<u32>> {
    let mut out = vec![vec![]];
    for k in 0..j {
        let mut next = Vec::new();
        for prefix in &out {
            let used: u32 = prefix.iter().sum();
            if k + 1 == j {
                if m > used {
                    next.push([prefix.clone(), vec![m - used]].concat());
                }
            } else {
                for h in 1..m.saturating_sub(used) {
                    next.push([prefix.clone(), vec![h]].concat());
                }
            }
        }
        out = next;
    }
    if j == 0 {
        return if m == 0 { vec![vec![]] } else { vec![] };
    }
    out
}

fn nim_rule(n: u32) -> Vec<Vec<u32>> {
    (0..n).map(|m| vec![m]).collect()
}

fn dawson_rule(n: u32) -> Vec<Vec<u32>> {
    // Two adjacent pins of a row of n: a pins to their left.
    (0..n.saturating_sub(1))
        .map(|a| vec![a, n - 2 - a])
        .collect()
}

fn grundy_rule(n: u32) -> Vec<Vec<u32>> {
    (1..n)
        .filter(|&a| 2 * a != n)
        .map(|a| vec![a, n - a])
        .collect()
}

fn subtraction_134(n: u32) -> Vec<Vec<u32>> {
    [1, 3, 4]
        .iter()
        .filter(|&&k| k <= n)
        .map(|&k| vec![n - k])
        .collect()
}

fn subtraction_allbut_2(n: u32) -> Vec<Vec<u32>> {
    (1..=n).filter(|&k| k != 2).map(|k| vec![n - k]).collect()
}

/// Splittles of {2, 3}: take 2 or 3, and leave the rest as one heap or
/// two (a row with a gap anywhere).
fn splittles_23(n: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for k in [2, 3].into_iter().filter(|&k| k <= n) {
        out.extend((0..=n - k).map(|a| vec![a, n - k - a]));
    }
    out
}

/// Splittles of all but {1}.
fn splittles_allbut_1(n: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for k in 2..=n {
        out.extend((0..=n - k).map(|a| vec![a, n - k - a]));
    }
    out
}

/// `8?.{1,3!}` from the definitions of the
/// modifiers: split into three heaps not all equal; or take one and leave
/// one heap or three different ones.
fn modified(n: u32) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = compositions(n, 3)
        .into_iter()
        .filter(|h| !(h[0] == h[1] && h[1] == h[2]))
        .collect();
    if n >= 1 {
        out.extend(compositions(n - 1, 1));
        out.extend(
            compositions(n - 1, 3)
                .into_iter()
                .filter(|h| h[0] != h[1] && h[1] != h[2] && h[0] != h[2]),
        );
    }
    out
}

/// `{2+}=.0`: split into two or more equal heaps.
fn equal_parts(n: u32) -> Vec<Vec<u32>> {
    (2..=n)
        .filter(|k| n % k == 0)
        .map(|k| vec![n / k; k as usize])
        .collect()
}

/// A sum of heaps searched whole under `Rule`: sorted heaps, no split.
#[derive(Clone, Copy)]
struct Plain(Rule);

impl ImpartialGame for Plain {
    type Position = Vec<u32>;
    fn options(&self, heaps: &Vec<u32>, out: &mut Vec<Vec<u32>>) {
        for (i, &n) in heaps.iter().enumerate() {
            for leave in (self.0)(n) {
                let mut next: Vec<u32> = heaps[..i].to_vec();
                next.extend_from_slice(&heaps[i + 1..]);
                next.extend(leave.into_iter().filter(|&h| h > 0));
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

/// An impartial game as a partizan one, for the solver's check: both
/// players have its options.
#[derive(Clone, Copy)]
struct Both<G>(G);

impl<G: ImpartialGame> PartizanGame for Both<G> {
    type Position = G::Position;
    fn options(&self, p: &G::Position, _: Side, out: &mut Vec<G::Position>) {
        self.0.options(p, out);
    }
}

/// The Grundy values of single heaps 0 to `upto` from `rule` by the mex
/// of each move's nim-sum: the table the whole search checks for small
/// heaps, and that stands in for it on large ones.
fn mex_table(rule: Rule, upto: u32) -> Vec<u64> {
    let mut table: Vec<u64> = Vec::new();
    for n in 0..=upto {
        let seen: Vec<u64> = rule(n)
            .iter()
            .map(|leave| leave.iter().fold(0, |x, &h| x ^ table[h as usize]))
            .collect();
        table.push((0..).find(|g| !seen.contains(g)).unwrap_or(0));
    }
    table
}

/// Checks the ruleset `name` (its heaps after `prefix`): every heap up to
/// `whole` and every sum of two heaps up to `pairs` against the search of
/// the whole position by `rule`, with no split; every heap up to `upto`
/// against the mex table of `rule`; all through the registry. Then the
/// solver on the small heaps and their sums.
fn check_heaps(name: &str, prefix: &str, rule: Rule, whole: u32, upto: u32, pairs: u32) {
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    let mut search = GrundyMemo::new(Plain(rule));
    let mut value = |store: &mut GameStore, heaps: &[u32]| {
        let text: Vec<String> = heaps.iter().map(u32::to_string).collect();
        let position = format!("{prefix}{}", text.join(","));
        rulesets
            .resolve(store, name, &position)
            .expect("a ruleset")
            .unwrap_or_else(|e| panic!("{name}({position}): {e}"))
    };
    let table = mex_table(rule, upto);
    for (n, &g) in table.iter().enumerate() {
        let n = n as u32;
        if n <= whole {
            let h = if n > 0 { vec![n] } else { vec![] };
            assert_eq!(
                search.grundy(&h).value(),
                g,
                "the search of {name}({prefix}{n})"
            );
        }
        let v = value(&mut store, &[n]);
        assert_eq!(v, store.nimber(g), "{name}({prefix}{n})");
    }
    for a in 0..=pairs {
        for b in a..=pairs {
            let mut heaps = vec![a, b];
            heaps.retain(|&h| h > 0);
            let g = search.grundy(&heaps).value();
            let v = value(&mut store, &[a, b]);
            assert_eq!(v, store.nimber(g), "{name}({prefix}{a},{b})");
        }
    }
    let cases: Vec<(String, Vec<u32>)> = (0..=pairs.min(8))
        .map(|n| (format!("{prefix}{n}"), if n > 0 { vec![n] } else { vec![] }))
        .collect();
    check_solver(name, Both(Plain(rule)), &cases, cases.len());
}

#[test]
fn named_heap_games_agree_with_the_search_of_their_rules() {
    check_heaps("nim", "", nim_rule, 12, 100, 8);
    check_heaps("dawsons_kayles", "", dawson_rule, 20, 150, 9);
    check_heaps("grundys_game", "", grundy_rule, 20, 150, 9);
}

#[test]
fn subtraction_and_splittles_agree_with_the_search_of_their_rules() {
    check_heaps("subtraction", "[4,1,3];", subtraction_134, 30, 150, 10);
    check_heaps(
        "subtraction",
        "[2],allbut;",
        subtraction_allbut_2,
        12,
        100,
        8,
    );
    check_heaps("splittles", "[3,2];", splittles_23, 18, 100, 9);
    check_heaps("splittles", "[1],allbut;", splittles_allbut_1, 14, 60, 8);
}

#[test]
fn take_and_break_agrees_with_the_search_of_its_rules() {
    check_heaps("take_and_break", "0.[3];", nim_rule, 12, 100, 8);
    check_heaps("take_and_break", "0.07;", dawson_rule, 20, 150, 9);
    check_heaps("take_and_break", "4!.0;", grundy_rule, 20, 150, 9);
    check_heaps("take_and_break", "8?.{1,3!};", modified, 12, 40, 7);
    check_heaps("take_and_break", "{2+}=.0;", equal_parts, 30, 200, 10);
    check_heaps("take_and_break", "0.300303330[3];", allbut_2359, 14, 100, 8);
}

/// Subtraction of all but {2, 3, 5, 9}, which CGSuite's documentation of
/// `FromSubtractionSet` writes `0.300303330[3]`.
fn allbut_2359(n: u32) -> Vec<Vec<u32>> {
    (1..=n)
        .filter(|k| ![2, 3, 5, 9].contains(k))
        .map(|k| vec![n - k])
        .collect()
}

/// Wythoff's game (r = 1) or Fraenkel's r-Wythoff from the definition:
/// (k, l) taken with k + l ≥ 1 and, if both are positive, |k − l| < r.
#[derive(Clone, Copy)]
struct PlainWythoff(u32);

impl ImpartialGame for PlainWythoff {
    type Position = (u32, u32);
    fn options(&self, &(a, b): &(u32, u32), out: &mut Vec<(u32, u32)>) {
        for k in 0..=a {
            for l in 0..=b {
                let one_pile = (k == 0) != (l == 0);
                let both = k > 0 && l > 0 && k.abs_diff(l) < self.0;
                if one_pile || both {
                    out.push((a - k, b - l));
                }
            }
        }
    }
}

/// Two Wythoff positions side by side, searched as one.
#[derive(Clone, Copy)]
struct WythoffSum(u32);

impl ImpartialGame for WythoffSum {
    type Position = ((u32, u32), (u32, u32));
    fn options(&self, &(p, q): &Self::Position, out: &mut Vec<Self::Position>) {
        let mut moves = Vec::new();
        PlainWythoff(self.0).options(&p, &mut moves);
        out.extend(moves.drain(..).map(|p2| (p2, q)));
        PlainWythoff(self.0).options(&q, &mut moves);
        out.extend(moves.drain(..).map(|q2| (p, q2)));
    }
}

#[test]
fn wythoff_agrees_with_the_search_of_its_rules() {
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    for r in [1, 2, 3] {
        let suffix = if r == 1 {
            String::new()
        } else {
            format!(";r={r}")
        };
        let mut search = GrundyMemo::new(PlainWythoff(r));
        let mut sums = GrundyMemo::new(WythoffSum(r));
        let mut cases = Vec::new();
        for a in 0..=14 {
            for b in 0..=14 {
                let text = format!("{a},{b}{suffix}");
                let g = search.grundy(&(a, b)).value();
                let v = rulesets
                    .resolve(&mut store, "wythoff", &text)
                    .expect("a ruleset")
                    .expect("a value");
                assert_eq!(v, store.nimber(g), "wythoff({text})");
                if a <= b && b <= 4 {
                    cases.push((text, (a, b)));
                }
            }
        }
        // Sums of two small positions: the nim-sum.
        let mut memo = GrundyMemo::new(Wythoff);
        for (x, p) in &cases {
            for (y, q) in &cases {
                let expected = sums.grundy(&(*p, *q));
                let g = memo.grundy(&Wythoff::parse(x).expect("reads"))
                    + memo.grundy(&Wythoff::parse(y).expect("reads"));
                assert_eq!(g, expected, "{x} + {y}");
            }
        }
        check_solver("wythoff", Both(PlainWythoff(r)), &cases, 12);
    }
}

/// G(0), … of the ruleset `name` on one heap, `prefix` before it.
fn heap_values(name: &str, prefix: &str, upto: u32) -> Vec<u64> {
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    (0..=upto)
        .map(|n| {
            let v = rulesets
                .resolve(&mut store, name, &format!("{prefix}{n}"))
                .expect("a ruleset")
                .expect("a value");
            let mut k = 0;
            while store.nimber(k) != v {
                k += 1;
            }
            k
        })
        .collect()
}

#[test]
fn dawsons_kayles_has_the_values_of_winning_ways() {
    // Winning Ways, ch. 4 (the octal game 0.07; OEIS A002187 shifted by
    // one): n = 0 to 52.
    let published = [
        0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0,
        4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2,
    ];
    let values = heap_values("dawsons_kayles", "", 300);
    assert_eq!(values[..published.len()], published);
    // Periodic with period 34 from n = 53 (Winning Ways; the lab's plot).
    for n in 53..=300 - 34 {
        assert_eq!(values[n + 34], values[n], "G({})", n + 34);
    }
}

#[test]
fn grundys_game_has_the_values_of_winning_ways() {
    // Winning Ways, ch. 4 (OEIS A002188): n = 0 to 40.
    let published = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1,
    ];
    assert_eq!(heap_values("grundys_game", "", 40), published);
    assert_eq!(heap_values("take_and_break", "4!.0;", 40), published);
}

#[test]
fn subtraction_games_have_the_values_of_winning_ways() {
    // Winning Ways, ch. 4: S(1,3,4) has period 7, 0 1 0 1 2 3 2; S(1,2,3)
    // is n mod 4 (Bachet's game); Nim is n.
    let s134 = heap_values("subtraction", "[1,3,4];", 70);
    assert!(
        s134.iter()
            .enumerate()
            .all(|(n, &g)| g == [0, 1, 0, 1, 2, 3, 2][n % 7])
    );
    let s123 = heap_values("subtraction", "[1,2,3];", 70);
    assert!(s123.iter().enumerate().all(|(n, &g)| g == n as u64 % 4));
    let nim: Vec<u64> = (0..=70).collect();
    assert_eq!(heap_values("nim", "", 70), nim);
    assert_eq!(heap_values("subtraction", "[],allbut;", 70), nim);
    // Lasker's Nim (Winning Ways, ch. 4): take any number, or split a heap
    // in two; 0 1 2 4 3 5 6 8 7, and so on with period 4 and saltus 4.
    let lasker = heap_values("take_and_break", "4.[3];", 40);
    for (n, &g) in lasker.iter().enumerate().skip(1) {
        let expected = match n % 4 {
            3 => n + 1,
            0 => n - 1,
            _ => n,
        };
        assert_eq!(g, expected as u64, "G({n})");
    }
}

#[test]
fn splittles_of_one_and_two_is_kayles() {
    // Splittles of {1, 2} is the code 0.77, Kayles (Winning Ways, ch. 4);
    // of {2}, 0.07, Dawson's Kayles: checked against their own rulesets.
    let mut memo = GrundyMemo::new(Kayles);
    let kayles: Vec<u64> = (0..=200)
        .map(|n| {
            memo.grundy(&Kayles::parse(&n.to_string()).expect("a row"))
                .value()
        })
        .collect();
    assert_eq!(heap_values("splittles", "[1,2];", 200), kayles);
    assert_eq!(heap_values("take_and_break", "0.77;", 200), kayles);
    assert_eq!(
        heap_values("splittles", "[2];", 200),
        heap_values("dawsons_kayles", "", 200)
    );
}

#[test]
fn wythoff_has_the_golden_ratio_p_positions_and_the_published_values() {
    let mut memo = GrundyMemo::new(Wythoff);
    let g = |memo: &mut GrundyMemo<Wythoff>, text: &str| {
        memo.grundy(&Wythoff::parse(text).expect("reads")).value()
    };
    for (a, b) in WYTHOFF_P_POSITIONS {
        assert_eq!(g(&mut memo, &format!("{a},{b}")), 0, "({a}, {b})");
    }
    for a in 0..=60u64 {
        for b in 0..=60u64 {
            let p = g(&mut memo, &format!("{a},{b}")) == 0;
            assert_eq!(p, cgt_core::wythoff::is_p_position(a, b), "({a}, {b})");
        }
    }
    // Winning Ways, ch. 3 (the nim-values of Wythoff's Queen): the corner
    // of the table.
    let table = [
        [0, 1, 2, 3, 4, 5, 6, 7],
        [1, 2, 0, 4, 5, 3, 7, 8],
        [2, 0, 1, 5, 3, 4, 8, 6],
        [3, 4, 5, 6, 2, 0, 1, 9],
        [4, 5, 3, 2, 7, 6, 9, 0],
        [5, 3, 4, 0, 6, 8, 10, 1],
        [6, 7, 8, 1, 9, 10, 3, 4],
        [7, 8, 6, 9, 0, 1, 4, 5],
    ];
    for (a, row) in table.iter().enumerate() {
        for (b, &value) in row.iter().enumerate() {
            assert_eq!(g(&mut memo, &format!("{a},{b}")), value, "({a}, {b})");
        }
    }
}

#[test]
fn r_wythoff_has_fraenkels_p_positions() {
    // Fraenkel 1982: the P-positions of r-Wythoff are (A_n, B_n), A_n the
    // mex of the A_i and B_i before, B_n = A_n + r·n.
    let mut memo = GrundyMemo::new(Wythoff);
    for r in 2..=4u32 {
        let mut used = [false; 200];
        let mut pairs = Vec::new();
        for n in 0..30u32 {
            let a = (0..).find(|&x| !used[x as usize]).unwrap_or(0);
            let b = a + r * n;
            used[a as usize] = true;
            used[b as usize] = true;
            pairs.push((a, b));
        }
        for x in 0..=40u32 {
            for y in x..=40u32 {
                let text = format!("{x},{y};r={r}");
                let p = memo
                    .grundy(&Wythoff::parse(&text).expect("reads"))
                    .is_zero();
                assert_eq!(p, pairs.contains(&(x, y)), "{text}");
            }
        }
    }
}

#[test]
fn positions_write_back_as_they_read() {
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    for (name, text, written) in [
        ("nim", " 5,0, 3", "3,5"),
        ("nim", "0", "0"),
        ("dawsons_kayles", "7,4", "4,7"),
        ("subtraction", "[4,1,3,1];10,7", "[1,3,4];7,10"),
        ("subtraction", "[ 2 ] , allbut ; 5", "[2],allbut;5"),
        ("splittles", "[2,3];9,4", "[2,3];4,9"),
        ("take_and_break", "0.{2,3};4", "0.C;4"),
        ("take_and_break", "0.&64;;70", "0.&64;;70"),
        ("take_and_break", "4.[3];5", "4.[3];5"),
        ("wythoff", "7,4;r=1", "4,7"),
        ("wythoff", "7,4;r=2", "4,7;r=2"),
    ] {
        assert_eq!(
            rulesets
                .written(name, text)
                .expect("a ruleset")
                .expect("reads"),
            written,
            "{name}({text})"
        );
        let v = rulesets.resolve(&mut store, name, text).expect("a ruleset");
        assert_eq!(
            v,
            rulesets
                .resolve(&mut store, name, written)
                .expect("a ruleset")
        );
    }
}

#[test]
fn bad_positions_say_where_and_what() {
    check_refusals(&[
        (
            "nim",
            "3,x",
            "nim position: at character 3: expected a heap size, found 'x'",
        ),
        (
            "nim",
            "10001",
            "nim position: at character 1: a heap has at most 10000 tokens",
        ),
        (
            "nim",
            "5000",
            "nim position: at character 1: a heap has at most 1999 tokens under these rules \
             (the heaps up to it list at most 2000000 options)",
        ),
        (
            "take_and_break",
            "1.7;3",
            "take_and_break position: at character 1: d0 (taking nothing) may only split a \
             heap in two or more: leaving it whole or empty would never end",
        ),
        (
            "take_and_break",
            "0.77",
            "take_and_break position: at character 5: expected ';' and the heaps after the \
             code, as in 0.77;7,3",
        ),
        (
            "subtraction",
            "1,3;4",
            "subtraction position: at character 1: expected '[' and the set, as in \
             [1,3,4];10, found '1'",
        ),
        (
            "splittles",
            "[1],all;4",
            "splittles position: at character 5: expected allbut, found 'a'",
        ),
        (
            "wythoff",
            "3,5;r=0",
            "wythoff position: at character 7: r is at least 1",
        ),
    ]);
}

#[test]
fn open_codes_and_large_pairs_are_bounded_by_their_options() {
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    // `0.*`: take one token and leave the rest as any heaps. Heap n has
    // p(n - 1) options (partitions), so heaps up to N list p(0) + … +
    // p(N - 1): the largest N within ten million, from the partition
    // numbers.
    let mut p = vec![0u64; 120];
    p[0] = 1;
    for part in 1..120 {
        for m in part..120 {
            p[m] += p[m - part];
        }
    }
    let within = (1..120)
        .take_while(|&n| p[..n].iter().sum::<u64>() <= 2_000_000)
        .last();
    let within = within.expect("some heaps are within");
    let error = rulesets
        .resolve(&mut store, "take_and_break", "0.*;300")
        .expect("a ruleset")
        .expect_err("too big");
    assert_eq!(
        error,
        format!(
            "take_and_break position: at character 5: a heap has at most {within} tokens under \
             these rules (the heaps up to it list at most 2000000 options)"
        )
    );
    let at = |n: usize| format!("0.*;{n}");
    assert!(
        rulesets
            .written("take_and_break", &at(within))
            .expect("a ruleset")
            .is_ok()
    );
    assert!(
        rulesets
            .written("take_and_break", &at(within + 1))
            .expect("a ruleset")
            .is_err()
    );
    // Wythoff: the error names the largest square of piles within.
    let error = rulesets
        .resolve(&mut store, "wythoff", "500,500")
        .expect("a ruleset")
        .expect_err("too big");
    let prefix = "wythoff position: at character 1: the positions below 500,500 list more than \
                  10000000 options (those below ";
    let rest = error
        .strip_prefix(prefix)
        .unwrap_or_else(|| panic!("{error}"));
    let n: u32 = rest
        .split(',')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a number");
    assert!(n > 150, "{error}");
    assert!(
        rulesets
            .written("wythoff", &format!("{n},{n}"))
            .expect("a ruleset")
            .is_ok()
    );
    let over = format!("{},{}", n + 1, n + 1);
    assert!(
        rulesets
            .written("wythoff", &over)
            .expect("a ruleset")
            .is_err()
    );
}

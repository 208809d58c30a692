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
use cgt_rulesets::bipartite_snort::BipartiteSnort;
use cgt_rulesets::chomp::{Chomp, Diagram};
use cgt_rulesets::col::{Tint, Tinted};
use cgt_rulesets::cram::Cells;
use cgt_rulesets::poset::{Order, Poset};
use cgt_rulesets::quelhas::Quelhas;
use cgt_rulesets::quicksort::{PseudoQuicksort, Quicksort, Sequence};
use cgt_rulesets::snort::Snort;
use cgt_rulesets::wind_up::WindUp;

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

/// Chomp from Gale's rules on the squares left of an R × C bar (bit
/// `r * C + c`, square (0, 0) the poisoned one): eat a square other than
/// the poisoned one and every square (r', c') with r' ≥ r and c' ≥ c. No
/// transposition.
#[derive(Clone)]
struct PlainChomp {
    cols: usize,
}

impl ImpartialGame for PlainChomp {
    type Position = u64;
    fn options(&self, &left: &u64, out: &mut Vec<u64>) {
        for square in 1..64 {
            if left >> square & 1 == 0 {
                continue;
            }
            let (r, c) = (square / self.cols, square % self.cols);
            let eaten = (0..64)
                .filter(|&k| k / self.cols >= r && k % self.cols >= c)
                .fold(0u64, |m, k| m | 1 << k);
            out.push(left & !eaten);
        }
    }
}

/// Every Young diagram of at most `rows` rows of at most `cols` squares.
fn diagrams(rows: usize, cols: u8) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut stack: Vec<Vec<u8>> = (1..=cols).map(|n| vec![n]).collect();
    while let Some(d) = stack.pop() {
        if d.len() < rows {
            let last = *d.last().expect("a row");
            stack.extend((1..=last).map(|n| {
                let mut e = d.clone();
                e.push(n);
                e
            }));
        }
        out.push(d);
    }
    out.sort();
    out
}

/// The squares of `rows` (lengths) on a bar `cols` wide.
fn bar(rows: &[u8], cols: usize) -> u64 {
    let mut m = 0;
    for (r, &n) in rows.iter().enumerate() {
        for c in 0..usize::from(n) {
            m |= 1 << (r * cols + c);
        }
    }
    m
}

fn lengths_text(rows: &[u8]) -> String {
    rows.iter().map(u8::to_string).collect::<Vec<_>>().join(",")
}

#[test]
fn chomp_values_agree_with_the_search() {
    // Every diagram in a 6 × 6 box: the Grundy value of the plain search.
    let plain = PlainChomp { cols: 6 };
    let mut memo = GrundyMemo::new(Chomp);
    let mut search = GrundyMemo::new(plain.clone());
    for d in diagrams(6, 6) {
        let text = lengths_text(&d);
        let diagram = Chomp::parse(&text).expect("a diagram");
        assert_eq!(
            memo.grundy(&diagram),
            search.grundy(&bar(&d, 6)),
            "chomp({text})"
        );
    }
    // Every diagram in a 4 × 4 box through the shared checks (a diagram
    // may be kept transposed: its squares are taken as written).
    let positions: Vec<Diagram> = diagrams(4, 4)
        .iter()
        .map(|d| Chomp::parse(&lengths_text(d)).expect("a diagram"))
        .collect();
    let convert = |d: &Diagram| bar(d.rows(), 6);
    check_against("chomp", Chomp, Both(plain), convert, &positions, 40);
}

#[test]
fn chomp_published_values() {
    let mut memo = GrundyMemo::new(Chomp);
    let mut grundy = |text: &str| memo.grundy(&Chomp::parse(text).expect(text)).value();
    // Gale (1974): every rectangle but the poisoned square alone is a
    // first player's win (strategy stealing); on an n × n square the
    // winning move leaves an L with equal arms, which is a P-position.
    for n in 2..=7 {
        assert_ne!(grundy(&format!("{n}x{n}")), 0, "{n} x {n}");
        let l = std::iter::once(n.to_string())
            .chain((1..n).map(|_| "1".to_string()))
            .collect::<Vec<_>>()
            .join(",");
        assert_eq!(grundy(&l), 0, "{l}");
    }
    for (r, c) in [(2, 3), (3, 5), (4, 6), (5, 7)] {
        assert_ne!(grundy(&format!("{r}x{c}")), 0, "{r} x {c}");
    }
    // An L of arms a and b (rows `a,1,…,1`, b ones) is P exactly when
    // a − 1 = b; two rows `a,b` exactly when a = b + 1 (Zeilberger,
    // *Three-rowed Chomp*, 2001, on two-rowed Chomp); so on 2 × n the
    // winning move leaves `n,n-1`.
    for a in 1..=8u8 {
        for b in 0..=8u8 {
            let l: Vec<u8> = std::iter::once(a).chain((0..b).map(|_| 1)).collect();
            assert_eq!(grundy(&lengths_text(&l)) == 0, a - 1 == b, "{l:?}");
            if b >= 1 && b <= a {
                assert_eq!(grundy(&format!("{a},{b}")) == 0, a == b + 1, "{a},{b}");
            }
        }
    }
}

/// A Bipartite Snort position from cgt-tools' rules on a plain graph:
/// each vertex's tint (true: `L`), adjacency, and the vertices left.
type PlainGraph = (Vec<bool>, Vec<u64>, u64);

/// Bipartite Snort from cgt-tools' rules: Left moves in a vertex tinted
/// `L`, which goes with its neighbours tinted `R` (those tinted `L` stay);
/// Right likewise.
#[derive(Clone)]
struct PlainBipartiteSnort;

impl PartizanGame for PlainBipartiteSnort {
    type Position = PlainGraph;
    fn options(
        &self,
        (tints, adjacency, alive): &PlainGraph,
        side: Side,
        out: &mut Vec<PlainGraph>,
    ) {
        let mine = side == Side::Left;
        for v in 0..tints.len() {
            if alive >> v & 1 == 0 || tints[v] != mine {
                continue;
            }
            let theirs = (0..tints.len())
                .filter(|&w| adjacency[v] >> w & 1 == 1 && tints[w] != mine)
                .fold(0u64, |m, w| m | 1 << w);
            out.push((
                tints.clone(),
                adjacency.clone(),
                alive & !(1 << v) & !theirs,
            ));
        }
    }
}

/// Every graph on `n` vertices with every tinting: the graph string (each
/// vertex `L:i` or `R:i`, each edge a piece) and the plain graph.
fn tinted_graphs(n: usize) -> Vec<(String, PlainGraph)> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    let mut out = Vec::new();
    for tinting in 0..1u32 << n {
        let tints: Vec<bool> = (0..n).map(|v| tinting >> v & 1 == 1).collect();
        let vertex = |v: usize| format!("{}:{v}", if tints[v] { 'L' } else { 'R' });
        for code in 0..1u32 << pairs.len() {
            let mut adjacency = vec![0u64; n];
            let mut pieces: Vec<String> = (0..n).map(vertex).collect();
            for (i, &(a, b)) in pairs.iter().enumerate() {
                if code >> i & 1 == 1 {
                    adjacency[a] |= 1 << b;
                    adjacency[b] |= 1 << a;
                    pieces.push(format!("{}-{}", vertex(a), vertex(b)));
                }
            }
            let alive = (1u64 << n) - 1;
            out.push((pieces.join(";"), (tints.clone(), adjacency, alive)));
        }
    }
    out
}

#[test]
fn bipartite_snort_values_agree_with_the_search() {
    // Every tinted graph of up to 4 vertices.
    let mut positions: Vec<Tinted> = Vec::new();
    let mut plain: Vec<(Tinted, PlainGraph)> = Vec::new();
    for n in 1..=4 {
        for (text, graph) in tinted_graphs(n) {
            let p = BipartiteSnort::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            positions.push(p.clone());
            plain.push((p, graph));
        }
    }
    // A position's plain graph: its labels and edges as read.
    let convert = |t: &Tinted| -> PlainGraph {
        let tints = t.labels().iter().map(|&l| l == Tint::Left).collect();
        let adjacency = (0..t.len()).map(|v| t.out(v, 0)).collect();
        (tints, adjacency, (1u64 << t.len()) - 1)
    };
    for (p, graph) in &plain {
        assert_eq!(&convert(p).0, &graph.0, "{p}");
    }
    check_against(
        "bipartite_snort",
        Snort,
        PlainBipartiteSnort,
        convert,
        &positions,
        40,
    );
}

#[test]
fn bipartite_snort_published_values() {
    use cgt_core::canonical::GameStore;
    use cgt_core::partizan::ValueMemo;
    let mut store = GameStore::new();
    let mut memo = ValueMemo::new(Snort);
    let mut value = |text: &str| {
        let v = memo
            .value(&mut store, &BipartiteSnort::parse(text).expect(text))
            .expect("small");
        store.display(v)
    };
    // cgt-tools' reduction (`BipartiteSnort::reductions`): a graph whose
    // vertices are all `L` is the integer of its size, all `R` its
    // negative.
    assert_eq!(value("L;L;L;L"), "4");
    assert_eq!(value("R-R;R"), "-3");
    // A Bipartite Snort position has no untinted vertex.
    assert!(BipartiteSnort::parse("L-.").is_err());
}

/// Quelhas from cgt-tools' rules on a plain grid (1 empty, 0 filled): Left
/// fills a vertical line of two or more empty cells, Right a horizontal
/// one. No dropping of dead cells, reflections or split.
#[derive(Clone)]
struct PlainQuelhas;

type Plain = (usize, usize, Vec<u8>);

impl PartizanGame for PlainQuelhas {
    type Position = Plain;
    fn options(&self, (rows, cols, cells): &Plain, side: Side, out: &mut Vec<Plain>) {
        let (dr, dc) = if side == Side::Left { (1, 0) } else { (0, 1) };
        for r in 0..*rows {
            for c in 0..*cols {
                let mut next = cells.clone();
                let (mut i, mut j, mut n) = (r, c, 0);
                while i < *rows && j < *cols && cells[i * cols + j] == 1 {
                    next[i * cols + j] = 0;
                    n += 1;
                    if n >= 2 {
                        out.push((*rows, *cols, next.clone()));
                    }
                    i += dr;
                    j += dc;
                }
            }
        }
    }
}

#[test]
fn quelhas_values_agree_with_the_search() {
    let shapes = [(1, 5), (2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 2)];
    let mut boards = Vec::new();
    for (rows, cols) in shapes {
        for code in 0..1u32 << (rows * cols) {
            let text: Vec<String> = (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| {
                            if code >> (r * cols + c) & 1 == 1 {
                                '.'
                            } else {
                                '#'
                            }
                        })
                        .collect()
                })
                .collect();
            boards.push(Quelhas::parse(&text.join("|")).expect("a board"));
        }
    }
    let convert = |b: &Cells| -> Plain {
        let (rows, cols) = (b.rows(), b.cols());
        let cells = (0..rows * cols)
            .map(|i| u8::from(b.is_empty(i / cols, i % cols)))
            .collect();
        (rows, cols, cells)
    };
    check_against("quelhas", Quelhas, PlainQuelhas, convert, &boards, 40);
}

/// A poset game from its rules on the elements as numbered: each element's
/// up-set (itself and all above) and the elements left; a move removes an
/// element left and everything above it. No renumbering, no split.
#[derive(Clone)]
struct PlainPoset;

type PlainOrder = (Vec<u64>, u64);

impl ImpartialGame for PlainPoset {
    type Position = PlainOrder;
    fn options(&self, (up, left): &PlainOrder, out: &mut Vec<PlainOrder>) {
        for (a, &above) in up.iter().enumerate() {
            if left >> a & 1 == 1 {
                out.push((up.clone(), left & !above));
            }
        }
    }
}

/// Every poset on `n` elements numbered along a linear extension (so every
/// poset up to isomorphism): the text (each chosen pair `a<b`, a < b) and
/// its up-sets by the transitive closure (Warshall).
fn posets(n: usize) -> Vec<(String, Vec<u64>)> {
    let pairs: Vec<(usize, usize)> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect();
    let mut out = Vec::new();
    for code in 0..1u32 << pairs.len() {
        let chosen: Vec<(usize, usize)> = pairs
            .iter()
            .enumerate()
            .filter(|&(i, _)| code >> i & 1 == 1)
            .map(|(_, &p)| p)
            .collect();
        let mut below = vec![vec![false; n]; n];
        for &(a, b) in &chosen {
            below[a][b] = true;
        }
        for k in 0..n {
            for a in 0..n {
                for b in 0..n {
                    if below[a][k] && below[k][b] {
                        below[a][b] = true;
                    }
                }
            }
        }
        let up = (0..n)
            .map(|a| {
                (0..n)
                    .filter(|&b| a == b || below[a][b])
                    .fold(0u64, |m, b| m | 1 << b)
            })
            .collect();
        let relations: Vec<String> = chosen
            .iter()
            .map(|(a, b)| format!("{}<{}", a + 1, b + 1))
            .collect();
        let text = if relations.is_empty() {
            n.to_string()
        } else {
            format!("{n}:{}", relations.join(","))
        };
        out.push((text, up));
    }
    out
}

fn plain_order(order: &Order) -> PlainOrder {
    let n = order.len();
    let up = (0..n)
        .map(|a| {
            (0..n)
                .filter(|&b| order.at_or_below(a, b))
                .fold(0u64, |m, b| m | 1 << b)
        })
        .collect();
    (up, if n == 64 { u64::MAX } else { (1u64 << n) - 1 })
}

#[test]
fn poset_values_agree_with_the_search() {
    let mut memo = GrundyMemo::new(Poset);
    let mut search = GrundyMemo::new(PlainPoset);
    let mut positions = Vec::new();
    for n in 0..=5 {
        for (text, up) in posets(n) {
            let order = Poset::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            let plain = (up, (1u64 << n) - 1);
            assert_eq!(plain_order(&order), plain, "{text}: the order read");
            assert_eq!(memo.grundy(&order), search.grundy(&plain), "poset({text})");
            if n <= 4 {
                positions.push(order);
            }
        }
    }
    check_against(
        "poset",
        Poset,
        Both(PlainPoset),
        plain_order,
        &positions,
        40,
    );
}

#[test]
fn poset_published_values() {
    let mut memo = GrundyMemo::new(Poset);
    let mut grundy = |text: &str| memo.grundy(&Poset::parse(text).expect(text)).value();
    // A chain of n elements is a Nim heap of n; n elements none below
    // another are n heaps of 1 (Nim is the poset game of disjoint chains).
    for n in 1..=10u64 {
        let chain: Vec<String> = (1..=n).map(|k| k.to_string()).collect();
        let text = if n == 1 {
            "1".to_string()
        } else {
            format!("{n}:{}", chain.join("<"))
        };
        assert_eq!(grundy(&text), n, "{text}");
        assert_eq!(grundy(&n.to_string()), n % 2);
    }
    // Chomp on an R × C bar is the poset game of the grid's product order
    // without its least element (Soltys and Wilson, 2011): the same
    // values as `chomp(RxC)`.
    let mut chomp = GrundyMemo::new(Chomp);
    for (rows, cols) in [(2, 3), (3, 3), (2, 5), (3, 4)] {
        let number = |r: usize, c: usize| r * cols + c; // (0, 0) left out
        let mut chains = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if r + 1 < rows && (r, c) != (0, 0) {
                    chains.push(format!("{}<{}", number(r, c), number(r + 1, c)));
                }
                if c + 1 < cols && (r, c) != (0, 0) {
                    chains.push(format!("{}<{}", number(r, c), number(r, c + 1)));
                }
            }
        }
        let text = format!("{}:{}", rows * cols - 1, chains.join(","));
        let bar = Chomp::parse(&format!("{rows}x{cols}")).expect("a bar");
        assert_eq!(
            grundy(&text),
            chomp.grundy(&bar).value(),
            "{rows} x {cols}: {text}"
        );
    }
}

#[test]
fn wind_up_outcomes_agree_with_the_search() {
    use cgt_core::loopy::{LoopyOutcome, outcomes_by_rounds};
    use cgt_core::loopy_partizan::LoopyOutcomeClass;
    // Every modulus up to 6, every subtraction set, every counter: the
    // outcome of the graph against the definitions iterated by rounds on
    // the rules (from k ≠ 0 to k − s mod n).
    for n in 1..=6usize {
        for set in 1..1u32 << n {
            let take: Vec<usize> = (1..=n).filter(|s| set >> (s - 1) & 1 == 1).collect();
            let options: Vec<Vec<usize>> = (0..n)
                .map(|k| {
                    if k == 0 {
                        vec![]
                    } else {
                        take.iter().map(|s| (k + n - s % n) % n).collect()
                    }
                })
                .collect();
            let expected = outcomes_by_rounds(&options);
            let take_text: Vec<String> = take.iter().map(usize::to_string).collect();
            for (k, outcome) in expected.iter().enumerate() {
                let text = format!("{k};n={n};take={}", take_text.join(","));
                let game = WindUp::game_graph(&WindUp::parse(&text).expect(&text)).expect("small");
                let class = match outcome {
                    LoopyOutcome::Win(_) => LoopyOutcomeClass::N,
                    LoopyOutcome::Loss(_) => LoopyOutcomeClass::P,
                    LoopyOutcome::Draw => LoopyOutcomeClass::D,
                };
                assert_eq!(game.graph().outcomes()[0], class, "wind_up({text})");
            }
        }
    }
}

#[test]
fn wind_up_published_values() {
    use cgt_core::canonical::GameStore;
    use cgt_core::loopy_partizan::StopperStore;
    // cgt-tools' test `sequence_reduction_graph_equivalence`: Wind-up with
    // n = 40 and the set {6, 7} has only nimbers, those of the sequence
    // reached by starting from the subtraction game's period (0 ×6, 1 ×6,
    // 2) repeated and, again and again, putting 0 first and the mex of
    // the values a move reaches at every other place, until it repeats.
    let (n, take) = (40usize, [6usize, 7]);
    let period = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2];
    let mut seq: Vec<u64> = (0..n).map(|i| period[i % period.len()]).collect();
    let mut seen = vec![seq.clone()];
    loop {
        let mut next = vec![0u64];
        for i in 1..n {
            let reached: Vec<u64> = take.iter().map(|s| seq[(i + n - s) % n]).collect();
            next.push((0..).find(|g| !reached.contains(g)).expect("a mex"));
        }
        if next == seq || seen.contains(&next) {
            seq = next;
            break;
        }
        seen.push(next.clone());
        seq = next;
    }
    let mut stoppers = StopperStore::new();
    let mut store = GameStore::new();
    for (k, &g) in seq.iter().enumerate() {
        let text = format!("{k};n=40;take=6,7");
        let game = WindUp::game_graph(&WindUp::parse(&text).expect(&text)).expect("small");
        let value = stoppers.value(game.graph(), 0).expect("a stopper");
        let nimber = match g {
            0 => "0".to_string(),
            1 => "*".to_string(),
            g => format!("*{g}"),
        };
        assert_eq!(
            stoppers.display_value(value, &mut store),
            nimber,
            "wind_up({text})"
        );
    }
}

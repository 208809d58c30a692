//! The problem as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use crate::Tree;
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size, enumerate, shrink};

/// The problem `green-hackenbush`: its judge input is a list of test cases,
/// each the list of its trees.
#[derive(Clone, Copy, Debug)]
pub struct GreenHackenbush;

/// The judge's limits: N < 100 trees, m < 100 vertices, k < 500 edges.
pub const JUDGE_TREES: u64 = 99;
/// See [`JUDGE_TREES`].
pub const JUDGE_VERTICES: u32 = 99;
/// See [`JUDGE_TREES`].
pub const JUDGE_EDGES: u64 = 499;

/// Every multigraph on the vertices 1..=`m` with at most `most` edges
/// (loops included; an edge as (smaller, larger) label), as multisets of
/// the possible edges.
pub fn multigraphs(m: u32, most: usize) -> Vec<Tree> {
    let kinds: Vec<(u32, u32)> = (1..=m).flat_map(|a| (a..=m).map(move |b| (a, b))).collect();
    let mut graphs = Vec::new();
    let mut stack: Vec<Vec<usize>> = vec![Vec::new()];
    while let Some(chosen) = stack.pop() {
        let edges: Vec<(u32, u32)> = chosen.iter().map(|&k| kinds[k]).collect();
        graphs.push(Tree::new(m, &edges).expect("labels in 1..=m"));
        if chosen.len() < most {
            let from = chosen.last().copied().unwrap_or(0);
            for k in from..kinds.len() {
                let mut more = chosen.clone();
                more.push(k);
                stack.push(more);
            }
        }
    }
    graphs
}

/// A judge-like tree on `m` vertices: edges and polygons (loops and
/// parallel pairs included) hung from earlier vertices; labels shuffled,
/// vertex 1 kept as the root.
fn cactus(rng: &mut Rng, m: u32) -> Tree {
    let mut edges = Vec::new();
    let mut made = 1_u32;
    while made < m {
        let at = rng.range(1, u64::from(made)) as u32;
        if rng.chance(1, 3) {
            let room = u64::from(m - made);
            let len = rng.range(1, room.min(5) + 1) as u32;
            // A polygon through `at` and len - 1 new vertices.
            let mut previous = at;
            for _ in 1..len {
                made += 1;
                edges.push((previous, made));
                previous = made;
            }
            edges.push((previous, at));
        } else {
            made += 1;
            edges.push((at, made));
        }
    }
    let mut labels: Vec<u32> = (2..=m).collect();
    rng.shuffle(&mut labels);
    let label = |v: u32| if v == 1 { 1 } else { labels[v as usize - 2] };
    let edges: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (label(a), label(b))).collect();
    Tree::new(m, &edges).expect("labels in 1..=m")
}

/// `k` edges with endpoints anywhere in 1..=`m`: loops, parallel edges and
/// parts away from the root come by chance.
fn random_multigraph(rng: &mut Rng, m: u32, k: u64) -> Tree {
    let mut end = || rng.range(1, u64::from(m)) as u32;
    let edges: Vec<(u32, u32)> = (0..k).map(|_| (end(), end())).collect();
    Tree::new(m, &edges).expect("labels in 1..=m")
}

/// A tree of either shape.
fn any_tree(rng: &mut Rng, m: u32, k: u64) -> Tree {
    if rng.chance(1, 2) {
        cactus(rng, m)
    } else {
        random_multigraph(rng, m, k)
    }
}

impl Problem for GreenHackenbush {
    const NAME: &'static str = "green-hackenbush";

    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Vec<Vec<Tree>>;

    cgt_testkit::judge_functions!();

    /// Every multigraph on 4 vertices with at most 5 edges, alone (3003
    /// cases), and every sum of two multigraphs on 2 vertices with at most
    /// 3 edges (400 cases); 100 cases per input.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        let alone = multigraphs(4, 5).into_iter().map(|t| vec![t]);
        let small = multigraphs(2, 3);
        let pairs: Vec<Vec<Tree>> = enumerate::lists_of_len(2, &small).collect();
        enumerate::chunks(alone.chain(pairs), 100)
    }

    /// `Tiny`: 1 to 3 cases of 1 or 2 trees on at most 5 vertices with at
    /// most 8 edges in all (within the exhaustive search); `Small`: up to 5
    /// cases of up to 4 trees on up to 12 vertices and 20 edges; `Max`: 10
    /// cases of 99 trees on 99 vertices, half judge-like (a tree with
    /// polygons), half random multigraphs of 499 edges; `N(k)`: one such case
    /// of k trees.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let (cases, trees, m, k) = match size {
            Size::Tiny => {
                let cases = rng.range(1, 3);
                return (0..cases)
                    .map(|_| {
                        let n = rng.range(1, 2);
                        (0..n)
                            .map(|_| {
                                let m = rng.range(1, 5) as u32;
                                let k = rng.range(0, 8 / n);
                                random_multigraph(&mut rng, m, k)
                            })
                            .collect()
                    })
                    .collect();
            }
            Size::Small => (rng.range(1, 5), 4, 12, 20),
            Size::Max => (10, JUDGE_TREES, JUDGE_VERTICES, JUDGE_EDGES),
            Size::N(k) => (1, k.max(1), JUDGE_VERTICES, JUDGE_EDGES),
        };
        let fixed = matches!(size, Size::Max | Size::N(_));
        (0..cases)
            .map(|_| {
                let n = if fixed { trees } else { rng.range(1, trees) };
                (0..n)
                    .map(|_| {
                        let (m, k) = if fixed {
                            (m, k)
                        } else {
                            (rng.range(1, u64::from(m)) as u32, rng.range(0, k))
                        };
                        any_tree(&mut rng, m, k)
                    })
                    .collect()
            })
            .collect()
    }

    /// Fewer cases, fewer trees (at least one), or in a tree: one edge
    /// fewer, m down to the largest label used, or an edge's larger end
    /// moved to vertex 1.
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        shrink::list_cases(input, 1, smaller_trees)
    }
}

/// Smaller versions of `tree` (by the test kit's measure).
fn smaller_trees(tree: &Tree) -> Vec<Tree> {
    let edges = tree.edges();
    let mut smaller = Vec::new();
    for i in shrink::spread(edges.len(), 4) {
        let mut fewer = edges.to_vec();
        fewer.remove(i);
        smaller.push(Tree::new(tree.vertices(), &fewer).expect("still valid"));
    }
    let largest = edges.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(1);
    if largest < tree.vertices() {
        smaller.push(Tree::new(largest, edges).expect("labels up to the largest"));
    }
    for i in shrink::spread(edges.len(), 4) {
        let (a, b) = edges[i];
        if a.max(b) > 1 {
            let mut moved = edges.to_vec();
            moved[i] = (a.min(b), 1);
            smaller.push(Tree::new(tree.vertices(), &moved).expect("still valid"));
        }
    }
    smaller
}

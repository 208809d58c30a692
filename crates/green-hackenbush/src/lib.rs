//! Christmas Game: Green Hackenbush on several rooted multigraphs with
//! cycles, loops and parallel edges.
//!
//! Sources: POJ 3710 "Christmas Game", generalised to any rooted multigraph.
//! The statement, with the judge's limits, is in this crate's `README.md`.
//!
//! # Rules
//! A test case is N "trees"; tree t is a finite multigraph on the vertices
//! 1..m, grounded at vertex 1 (loops and parallel edges allowed, any cycles,
//! parts not connected to vertex 1 allowed). A move deletes one edge of one
//! tree; then every edge no longer connected to its tree's vertex 1
//! disappears (edges never connected to it are gone from the start). The
//! player who cannot move loses. Sally moves first.
//!
//! # Judge format
//! Input: test cases until the end of the input; each: `N`, then N trees,
//! each `m k` and k edges `a b` (1 ≤ a, b ≤ m). Output per case: `Sally` if
//! Sally wins, else `Harry`. Judge limits: N < 100, m < 100, k < 500, and the
//! judge's graphs are trees with simple polygons. Ours: any multigraph as
//! above with N ≥ 1, 1 ≤ m ≤ [`MAX_VERTICES`], k ≥ 0. An endpoint outside
//! 1..m, m = 0, N = 0, or an empty input is malformed (exit status 2).
//!
//! # Idea
//! The trees form a disjunctive sum, so Sally wins iff the XOR of their
//! Grundy values is not zero (Sprague-Grundy). The value of one tree comes
//! from the fusion principle: contract each 2-edge-connected component to one
//! vertex, its edges becoming loops (worth *1 each), and apply the colon
//! principle to the tree of bridges left: g(C) = (loops at C mod 2) ⊕
//! ⨁ (g(child) + 1). The theory, its references and its proof of
//! correctness against the literal game are in
//! [`cgt_core::green_hackenbush`]; this crate's tests check the verdict and
//! the winning cut against a search of the literal game (edge sets of every
//! tree, a cut, the loose edges dropped) on every multigraph of at most 4
//! vertices and 5 edges, loops included, and on sums of small ones.
//!
//! # Complexity
//! O(k + 1) per tree (vertices no edge touches cost nothing), O(size of the input)
//! in all; no recursion. A winning
//! cut ([`winning_cut`]) costs O(m + k) more when the bridge tree leads to
//! it, up to O(k · (m + k)) when edges of a component must be tried.
//!
//! # Example
//! ```
//! use green_hackenbush::{Cut, Player, Tree, winner, winning_cut};
//! // The sample: an edge (*1) and a triangle on a stalk (*2): *3, Sally wins.
//! let trees = [
//!     Tree::new(2, &[(1, 2)])?,
//!     Tree::new(4, &[(1, 2), (2, 3), (2, 4), (3, 4)])?,
//! ];
//! assert_eq!(trees[1].grundy().value(), 2);
//! assert_eq!(winner(&trees), Player::Sally);
//! // Sally must leave *1 in the second tree: cutting the triangle's edge
//! // 3-4 leaves two single edges on top of 1-2, *(0 + 1) = *1.
//! assert_eq!(winning_cut(&trees), Some(Cut { tree: 1, edge: 3 }));
//! # Ok::<(), green_hackenbush::TreeError>(())
//! ```

use cgt_core::green_hackenbush::{RootedGraph, Workspace, grundy_of};
use cgt_core::nimber::{Nimber, winning_component};
use cgt_judge::{InputError, JudgeError, Tokens};
use std::fmt;
use std::io::Write;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The most vertices a tree may have (the judge's: fewer than 100).
pub const MAX_VERTICES: u32 = 1_000_000;

/// The two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The first player.
    Sally,
    /// The second player.
    Harry,
}

impl Player {
    /// The judge's name for the player.
    pub fn as_str(self) -> &'static str {
        match self {
            Player::Sally => "Sally",
            Player::Harry => "Harry",
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a tree is not valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// m is 0 or above [`MAX_VERTICES`].
    VertexCount(u32),
    /// An endpoint outside 1..=m.
    Endpoint {
        /// The edge's index (0-based).
        edge: usize,
        /// The bad endpoint.
        vertex: u32,
        /// m.
        vertices: u32,
    },
}

impl fmt::Display for TreeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TreeError::VertexCount(m) => {
                write!(f, "a tree has 1 to {MAX_VERTICES} vertices, not {m}")
            }
            TreeError::Endpoint {
                edge,
                vertex,
                vertices,
            } => write!(
                f,
                "edge {} has the endpoint {vertex}, not in 1..={vertices}",
                edge + 1
            ),
        }
    }
}

impl std::error::Error for TreeError {}

/// One "tree": a multigraph on the vertices 1..=m, grounded at vertex 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tree {
    vertices: u32,
    edges: Vec<(u32, u32)>,
}

impl Tree {
    /// The tree on 1..=`vertices` with `edges` (labels from 1).
    ///
    /// # Errors
    /// A [`TreeError`] if `vertices` is 0 or above [`MAX_VERTICES`], or an
    /// endpoint is outside 1..=`vertices`.
    pub fn new(vertices: u32, edges: &[(u32, u32)]) -> Result<Self, TreeError> {
        if !(1..=MAX_VERTICES).contains(&vertices) {
            return Err(TreeError::VertexCount(vertices));
        }
        for (edge, &(a, b)) in edges.iter().enumerate() {
            for vertex in [a, b] {
                if !(1..=vertices).contains(&vertex) {
                    return Err(TreeError::Endpoint {
                        edge,
                        vertex,
                        vertices,
                    });
                }
            }
        }
        Ok(Tree {
            vertices,
            edges: edges.to_vec(),
        })
    }

    /// m.
    pub fn vertices(&self) -> u32 {
        self.vertices
    }

    /// The edges, labels from 1.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The tree as a [`RootedGraph`] on the vertices 0..=m (0 unused),
    /// root 1, edges in the same order.
    ///
    /// # Complexity
    /// O(m + k).
    pub fn graph(&self) -> RootedGraph {
        RootedGraph::new(self.vertices as usize + 1, 1, &self.edges)
    }

    /// The Grundy value of the game on this tree alone.
    ///
    /// # Complexity
    /// O(k) (vertices that no edge touches cost nothing).
    pub fn grundy(&self) -> Nimber {
        Valuer::default().grundy(self.vertices, &self.edges)
    }
}

/// Buffers reused from one tree to the next, so that valuing a tree
/// allocates nothing once they have grown.
#[derive(Clone, Debug, Default)]
struct Valuer {
    /// Label → compact number, all `u32::MAX` between calls.
    number: Vec<u32>,
    compact: Vec<(u32, u32)>,
    workspace: Workspace,
}

impl Valuer {
    /// The Grundy value of the tree with `edges` on 1..=`m` (root 1), in
    /// O(k): labels are used as they are (vertex 0 unused) when m ≤ 2k + 1
    /// or the largest label is; sparser ones are first renumbered through
    /// the `number` table.
    fn grundy(&mut self, m: u32, edges: &[(u32, u32)]) -> Nimber {
        let dense = |bound: u32| bound as usize <= 2 * edges.len() + 1;
        if dense(m) {
            return grundy_of(m as usize + 1, 1, edges, &mut self.workspace);
        }
        let largest = edges.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(1);
        if dense(largest) {
            return grundy_of(largest as usize + 1, 1, edges, &mut self.workspace);
        }
        let number = &mut self.number;
        if number.len() <= largest as usize {
            number.resize(largest as usize + 1, u32::MAX);
        }
        number[1] = 0;
        let mut used = 1_u32;
        let mut id = |v: u32| {
            let slot = &mut number[v as usize];
            if *slot == u32::MAX {
                *slot = used;
                used += 1;
            }
            *slot
        };
        self.compact.clear();
        self.compact
            .extend(edges.iter().map(|&(a, b)| (id(a), id(b))));
        for &(a, b) in edges {
            number[a as usize] = u32::MAX;
            number[b as usize] = u32::MAX;
        }
        number[1] = u32::MAX;
        grundy_of(used as usize, 0, &self.compact, &mut self.workspace)
    }
}

/// The winner of the sum of `trees`, Sally moving first.
///
/// # Complexity
/// O(total m + k).
pub fn winner(trees: &[Tree]) -> Player {
    let total: Nimber = trees.iter().map(Tree::grundy).sum();
    if total.is_zero() {
        Player::Harry
    } else {
        Player::Sally
    }
}

/// A move: delete edge `edge` (its index in the tree's list) of tree
/// `tree`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cut {
    /// The tree's index.
    pub tree: usize,
    /// The edge's index in that tree.
    pub edge: usize,
}

/// A winning move for the player to move, or `None` if the sum's value is
/// 0: in the tree the Sprague-Grundy theorem points to, an edge whose
/// deletion leaves that tree the value that makes the sum 0.
///
/// # Complexity
/// O(total m + k), plus [`RootedGraph::cut_to`] in one tree.
pub fn winning_cut(trees: &[Tree]) -> Option<Cut> {
    let values: Vec<Nimber> = trees.iter().map(Tree::grundy).collect();
    let (tree, target) = winning_component(&values)?;
    let edge = trees[tree]
        .graph()
        .cut_to(target)
        .expect("every smaller value is an option's (mex)");
    Some(Cut { tree, edge })
}

/// What the reader hands on, in input order.
pub(crate) enum Event<'e, 't> {
    /// One tree of the current case: m and its edges.
    Tree(u32, &'e [(u32, u32)]),
    /// The current case is complete: say whether Sally wins (the tokens are
    /// for the brute force's error about a case too big for it).
    #[cfg_attr(not(feature = "testkit"), allow(dead_code))]
    EndOfCase(&'e Tokens<'t>),
}

/// Reads every case, handing each tree to `on` as soon as it is read (so
/// only one tree's edges are held at a time), then the end of the case,
/// whose answer (`Some(sally_wins)`) it writes.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    mut on: impl FnMut(Event<'_, '_>) -> Result<Option<bool>, InputError>,
) -> Result<(), JudgeError> {
    let mut tokens = Tokens::new(input);
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut text = Vec::new();
    let mut number = 0;
    loop {
        if number > 0 && tokens.at_end() {
            break;
        }
        number += 1;
        tokens.begin_case(number);
        // Each tree takes at least two tokens (m and k).
        let n = tokens.count_in("the number of trees N", 1..=usize::MAX, 2)?;
        for _ in 0..n {
            let m = tokens.u32_in("the number of vertices m", 1..=MAX_VERTICES)?;
            let k = tokens.count("the number of edges k", 2)?;
            edges.clear();
            edges.reserve(k);
            for _ in 0..k {
                let a = tokens.u32_in("an endpoint of an edge, a vertex in 1..=m", 1..=m)?;
                let b = tokens.u32_in("an endpoint of an edge, a vertex in 1..=m", 1..=m)?;
                edges.push((a, b));
            }
            on(Event::Tree(m, &edges))?;
        }
        let sally = on(Event::EndOfCase(&tokens))?.expect("the end of a case has an answer");
        text.extend_from_slice(if sally { b"Sally\n" } else { b"Harry\n" });
    }
    out.write_all(&text)?;
    Ok(())
}

/// The judge function: reads every case, writes `Sally` or `Harry` per
/// case.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input; [`JudgeError::Output`] if
/// `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// green_hackenbush::solve(b"2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n1 1 1\n1 1\n", &mut out).unwrap();
/// assert_eq!(out, b"Sally\nSally\n");
/// ```
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut valuer = Valuer::default();
    let mut total = Nimber::ZERO;
    judge(input, out, |event| match event {
        Event::Tree(m, edges) => {
            total += valuer.grundy(m, edges);
            Ok(None)
        }
        Event::EndOfCase(_) => Ok(Some(!std::mem::take(&mut total).is_zero())),
    })
}

/// The test cases of a valid judge input, each the list of its trees.
///
/// # Errors
/// As [`solve`], on malformed input.
///
/// # Example
/// ```
/// use green_hackenbush::Tree;
/// let cases = green_hackenbush::parse(b"1 2 1 1 2").unwrap();
/// assert_eq!(cases, [vec![Tree::new(2, &[(1, 2)]).unwrap()]]);
/// ```
pub fn parse(input: &[u8]) -> Result<Vec<Vec<Tree>>, InputError> {
    let mut cases = Vec::new();
    cgt_judge::read_only(|sink| {
        let mut trees = Vec::new();
        judge(input, sink, |event| match event {
            Event::Tree(m, edges) => {
                trees.push(Tree {
                    vertices: m,
                    edges: edges.to_vec(),
                });
                Ok(None)
            }
            Event::EndOfCase(_) => {
                cases.push(std::mem::take(&mut trees));
                Ok(Some(false))
            }
        })
    })?;
    Ok(cases)
}

/// The judge input of `cases`: the format [`solve`] reads, one line per
/// tree header and per edge.
///
/// # Example
/// ```
/// use green_hackenbush::Tree;
/// let cases = [vec![Tree::new(2, &[(1, 2)]).unwrap()]];
/// assert_eq!(green_hackenbush::render(&cases), "1\n2 1\n1 2\n");
/// ```
pub fn render(cases: &[Vec<Tree>]) -> String {
    use std::fmt::Write as _;
    let mut text = String::new();
    for trees in cases {
        writeln!(text, "{}", trees.len()).expect("String write");
        for tree in trees {
            writeln!(text, "{} {}", tree.vertices, tree.edges.len()).expect("String write");
            for &(a, b) in &tree.edges {
                writeln!(text, "{a} {b}").expect("String write");
            }
        }
    }
    text
}

//! Arc Kayles: players take turns removing two adjacent vertices of a
//! graph (the two ends of an edge) with every edge at them; impartial
//! (Schaefer, "On the complexity of some two-person perfect-information
//! games", 1978; CGSuite's `game.graph.ArcKayles`).
//!
//! A position is a graph string ([`crate::graph`]) of `.` vertices (or
//! none written: `---` is a path of four) and `-` edges, at most 64
//! vertices: `.-.-.`, `-(-;-;-)`, `:A----:A`. As in CGSuite, a loop
//! (`:A-:A`) is an edge whose two ends are one vertex: taking it removes
//! that vertex alone (a path of looped vertices is Kayles).
//!
//! The connected components are independent games, valued by the Grundy
//! search as the nim-sum of their values
//! ([`ImpartialGame::components`]); a vertex with no edge is left out.
//!
//! # Example
//! Paths are Dawson's Kayles heaps (CGSuite checks the first 50): a path of
//! n vertices is the heap of n - 1 in octal 0.07.
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::arc_kayles::ArcKayles;
//!
//! let mut memo = GrundyMemo::new(ArcKayles);
//! let values: Vec<u64> = (1..=12)
//!     .map(|n| memo.grundy(&ArcKayles::parse(&"-".repeat(n - 1)).unwrap()).value())
//!     .collect();
//! assert_eq!(values, [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]);
//! // A 4-cycle: whichever edge goes, an edge is left: *0 after two moves.
//! assert_eq!(memo.grundy(&ArcKayles::parse(":A----:A")?).value(), 0);
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::col::all;
use crate::graph::{self, Graph, Syntax};
use crate::parse::ParseError;
use cgt_core::impartial::ImpartialGame;
use std::fmt;

/// The rules of Arc Kayles; positions are [`Plain`] graphs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ArcKayles;

/// A graph with no labels.
pub type Plain = Graph<(), 1>;

const SYNTAX: Syntax<(), ()> = Syntax {
    vertex: |_| None,
    plain_vertex: Some(()),
    edge: |c| (c == '-').then_some(()),
    directed: false,
    vertices: "a vertex ('.')",
    edges: "an edge ('-')",
};

impl ArcKayles {
    /// Reads a position: a graph string of `.` vertices and `-` edges, at
    /// most 64 vertices (see [`crate::graph`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::arc_kayles::ArcKayles;
    /// assert_eq!(ArcKayles::parse(".-.(-.;-.)")?.len(), 4);
    /// assert_eq!(ArcKayles::parse("--x").unwrap_err().position(), 2);
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Plain, ParseError> {
        let read = graph::read(text, &SYNTAX)?;
        let edges: Vec<(usize, usize, usize)> =
            read.edges.iter().map(|&(a, b, ())| (a, b, 0)).collect();
        Ok(Graph::new(read.labels, &edges, false))
    }
}

/// Every option of removing the ends of an edge of one of `layers`, once
/// per pair of ends.
pub(crate) fn remove_ends<L: Copy, const K: usize>(
    graph: &Graph<L, K>,
    layers: &[usize],
    out: &mut Vec<Graph<L, K>>,
) {
    let n = graph.len();
    for v in 0..n {
        let ends = layers.iter().fold(0, |m, &k| m | graph.out(v, k)) & !all(v);
        let mut rest = ends;
        while rest != 0 {
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            out.push(graph.induced(all(n) & !(1 << u | 1 << v), |w| graph.labels()[w]));
        }
    }
}

/// Whether a graph has an edge.
pub(crate) fn has_edge<L: Copy, const K: usize>(graph: &Graph<L, K>) -> bool {
    (0..graph.len()).any(|v| (0..K).any(|k| graph.out(v, k) != 0))
}

impl fmt::Display for Plain {
    /// The graph as a string [`ArcKayles::parse`] reads back: one piece
    /// per edge, vertices named by their numbers (`.:{0}-.:{1}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, |()| '.', |_| "-", false)
    }
}

impl ImpartialGame for ArcKayles {
    type Position = Plain;

    fn options(&self, graph: &Plain, out: &mut Vec<Plain>) {
        remove_ends(graph, &[0], out);
    }

    fn components(&self, graph: &Plain, parts: &mut Vec<Plain>) {
        graph.split(parts, has_edge);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_removes_both_ends() {
        let graph = ArcKayles::parse(".-.(-.;-.);.:A-:A").expect("a graph");
        let mut out = Vec::new();
        ArcKayles.options(&graph, &mut out);
        let options: Vec<String> = out.iter().map(Plain::to_string).collect();
        // Edges 0-1, 1-2, 1-3 and the loop at 4, which removes 4 alone.
        let lone = ".:{2}-.:{2};.:{0};.:{1}";
        assert_eq!(
            options,
            [lone, lone, lone, ".:{0}-.:{1};.:{1}-.:{2};.:{1}-.:{3}"]
        );
        let mut parts = Vec::new();
        ArcKayles.components(&out[0], &mut parts);
        assert_eq!(parts.len(), 1, "the lone vertices are left out");
    }
}

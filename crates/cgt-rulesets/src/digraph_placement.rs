//! Digraph Placement: a directed graph with blue (Left's) and red
//! (Right's) vertices; a move takes a vertex of your colour and removes it
//! with every vertex it has an arc to, and every arc at them (Clow and
//! McKay, "Digraph placement games", arXiv:2407.12219, 2024; the rules of
//! t4ccer's cgt-tools).
//!
//! CGSuite has no such game; a position is written in its `DirectedGraph`
//! strings ([`crate::graph`]): vertices `L` (blue, Left's) and `R` (red,
//! Right's), every vertex written (there is no `.`); `>` an arc to the
//! next vertex, `<` an arc from it, `-` both arcs: `L>R` (taking `L`
//! removes `R` too), `L<R`, `L-R`, `L>R(>L;<R)`, `L:A>R>L:A` (a directed
//! 3-cycle); at most 64 vertices.
//!
//! The weakly connected components are independent games
//! ([`PartizanGame::components`]).
//!
//! # Example
//! cgt-tools' example, `2v*` (vertices named 0 to 4 to write every arc).
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::digraph_placement::DigraphPlacement;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(DigraphPlacement);
//! let graph = DigraphPlacement::parse(
//!     "R:0<R:1<L:2>R:0; R:0<L:3>R:1; R:0<L:4>R:1-L:4; L:2>L:4<L:3",
//! )?;
//! let value = memo.value(&mut store, &graph).expect("small");
//! assert_eq!(store.display(value), "2v*");
//! // In `L>R`, taking `L` removes `R` too, taking `R` leaves `L`: {0 | 1} = 1/2.
//! // Taking either in `L-R` removes both: *.
//! let half = memo.value(&mut store, &DigraphPlacement::parse("L>R")?).expect("small");
//! assert_eq!(store.display(half), "1/2");
//! let star = memo.value(&mut store, &DigraphPlacement::parse("L-R")?).expect("small");
//! assert_eq!(store.display(star), "*");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::col::all;
use crate::graph::{self, Graph, Syntax};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The rules of Digraph Placement; positions are [`Digraph`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DigraphPlacement;

/// A directed graph whose vertices belong to Left or Right.
pub type Digraph = Graph<Side, 1>;

const SYNTAX: Syntax<Side, ()> = Syntax {
    vertex: |c| match c {
        'L' => Some(Side::Left),
        'R' => Some(Side::Right),
        _ => None,
    },
    plain_vertex: None,
    edge: |c| (c == '-').then_some(()),
    directed: true,
    vertices: "a vertex ('L' or 'R')",
    edges: "an arc ('>', '<' or '-')",
};

fn letter(side: Side) -> char {
    match side {
        Side::Left => 'L',
        Side::Right => 'R',
    }
}

impl DigraphPlacement {
    /// Reads a position: a directed graph string of `L` and `R` vertices
    /// and `>`, `<`, `-` arcs, at most 64 vertices (see [`crate::graph`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::digraph_placement::DigraphPlacement;
    /// let graph = DigraphPlacement::parse("L>R<L")?;
    /// assert_eq!((graph.out(0, 0), graph.out(1, 0), graph.out(2, 0)), (0b010, 0, 0b010));
    /// let error = DigraphPlacement::parse("L>.").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 3: expected a vertex ('L' or 'R'), found '.'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Digraph, ParseError> {
        let read = graph::read(text, &SYNTAX)?;
        let arcs: Vec<(usize, usize, usize)> =
            read.edges.iter().map(|&(a, b, ())| (a, b, 0)).collect();
        Ok(Graph::new(read.labels, &arcs, true))
    }
}

impl fmt::Display for Digraph {
    /// The digraph as a string [`DigraphPlacement::parse`] reads back: one
    /// piece per arc, vertices named by their numbers (`L:{0}>R:{1}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, letter, |_| ">", true)
    }
}

impl PartizanGame for DigraphPlacement {
    type Position = Digraph;

    fn options(&self, graph: &Digraph, side: Side, out: &mut Vec<Digraph>) {
        for (v, &owner) in graph.labels().iter().enumerate() {
            if owner == side {
                let gone = 1 << v | graph.out(v, 0);
                out.push(graph.induced(all(graph.len()) & !gone, |w| graph.labels()[w]));
            }
        }
    }

    fn components(&self, graph: &Digraph, parts: &mut Vec<Digraph>) {
        graph.split(parts, |_| true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{options, parts};

    #[test]
    fn a_move_removes_the_vertex_and_where_its_arcs_go() {
        let graph = DigraphPlacement::parse("L>R>L;R").expect("a digraph");
        let left = options(&DigraphPlacement, &graph, Side::Left);
        assert_eq!(left, ["L:{0};R:{1}", "L:{0}>R:{1};R:{2}"]);
        let right = options(&DigraphPlacement, &graph, Side::Right);
        assert_eq!(right, ["L:{0};R:{1}", "L:{0}>R:{1};R:{1}>L:{2}"]);
        assert_eq!(parts(&DigraphPlacement, &graph).len(), 2);
    }
}

//! Partizan Arc Kayles: Arc Kayles on a graph whose edges are coloured;
//! Left removes the two ends of a blue or green edge, Right of a red or
//! green one, with every edge at them (CGSuite's
//! `game.graph.PartizanArcKayles`).
//!
//! A position is a graph string ([`crate::graph`]) with edges `l` (blue),
//! `r` (red) and `e` (green) and `.` vertices (or none written), at most 64
//! vertices: `llr` is a path of four vertices, `l(r;e)` a blue edge
//! carrying a red and a green one. A loop (`:A l:A`) removes its one vertex.
//! The connected components are independent games; a vertex with no edge
//! is left out.
//!
//! # Example
//! CGSuite's examples.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::partizan_arc_kayles::PartizanArcKayles;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(PartizanArcKayles);
//! let value = memo.value(&mut store, &PartizanArcKayles::parse("llr")?).expect("small");
//! assert_eq!(store.display(value), "1/2");
//! let tree = PartizanArcKayles::parse("lrlr(ll;ree(rl;l))")?;
//! let value = memo.value(&mut store, &tree).expect("small");
//! assert_eq!(store.display(value), "{3*|2*||3/2,3/2*|1/2*}");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::Colour;
use crate::arc_kayles::{has_edge, remove_ends};
use crate::graph::{self, Graph, Syntax};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The rules of Partizan Arc Kayles; positions are [`Coloured`] graphs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PartizanArcKayles;

/// A graph with blue, red and green edges (layers 0, 1 and 2).
pub type Coloured = Graph<(), 3>;

/// The graph strings of Partizan Arc Kayles (and of Childish Hackenbush):
/// plain vertices `.` and undirected edges `l`, `r` and `e`.
pub(crate) const SYNTAX: Syntax<(), Colour> = Syntax {
    vertex: |_| None,
    plain_vertex: Some(()),
    edge: Colour::from_char,
    directed: false,
    vertices: "a vertex ('.')",
    edges: "an edge ('l', 'r' or 'e')",
};

/// The layer of an edge colour.
pub(crate) fn layer(colour: Colour) -> usize {
    match colour {
        Colour::Blue => 0,
        Colour::Red => 1,
        Colour::Green => 2,
    }
}

impl PartizanArcKayles {
    /// Reads a position: a graph string of `.` vertices and `l`, `r`, `e`
    /// edges, at most 64 vertices (see [`crate::graph`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::partizan_arc_kayles::PartizanArcKayles;
    /// assert_eq!(PartizanArcKayles::parse("l(r;e)")?.len(), 4);
    /// let error = PartizanArcKayles::parse("l-r").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "at character 2: expected an edge ('l', 'r' or 'e'), '(', ';', ')' or the end, found '-'"
    /// );
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Coloured, ParseError> {
        let read = graph::read(text, &SYNTAX)?;
        let edges: Vec<(usize, usize, usize)> = read
            .edges
            .iter()
            .map(|&(a, b, c)| (a, b, layer(c)))
            .collect();
        Ok(Graph::new(read.labels, &edges, false))
    }
}

impl fmt::Display for Coloured {
    /// The graph as a string [`PartizanArcKayles::parse`] reads back: one
    /// piece per edge, vertices named by their numbers (`.:{0}l.:{1}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, |()| '.', |k| ["l", "r", "e"][k], false)
    }
}

impl PartizanGame for PartizanArcKayles {
    type Position = Coloured;

    fn options(&self, graph: &Coloured, side: Side, out: &mut Vec<Coloured>) {
        let layers = match side {
            Side::Left => [0, 2],
            Side::Right => [1, 2],
        };
        remove_ends(graph, &layers, out);
    }

    fn components(&self, graph: &Coloured, parts: &mut Vec<Coloured>) {
        graph.split(parts, has_edge);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::options;

    #[test]
    fn each_side_removes_the_ends_of_its_edges() {
        let graph = PartizanArcKayles::parse("lre").expect("a path");
        let left = options(&PartizanArcKayles, &graph, Side::Left);
        assert_eq!(left, [".:{0}e.:{1}", ".:{0}l.:{1}"]);
        let right = options(&PartizanArcKayles, &graph, Side::Right);
        assert_eq!(right, [".:{0};.:{1}", ".:{0}l.:{1}"]);
    }
}

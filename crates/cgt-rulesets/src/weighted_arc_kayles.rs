//! Weighted Arc Kayles: Arc Kayles on a graph whose vertices carry
//! weights; a move takes one from the weight of each end of an edge whose
//! ends both weigh more than 0; impartial (CGSuite's
//! `game.graph.WeightedArcKayles`, defined there as
//! `GenArcKayles(weighted => true)`; its tutorial "Games on Graphs" writes
//! weighted graphs `9-1-2`).
//!
//! A position is a graph string ([`crate::graph`]) whose vertices are
//! their weights, one digit `0` to `9` each (CGSuite's `{12}` for a weight
//! above 9 is not read), and `-` edges, at most 64 vertices: `9-1-2`,
//! `2(-1;-1;-1)`, `2:A-1-1-2:A`. A loop (`2:A-2:A`) takes one from its one
//! vertex. A vertex of weight 0 can never be an end of a move again, so it
//! is removed (as CGSuite splits a position at them); the connected
//! components are independent games, valued by the Grundy search as the
//! nim-sum of their values.
//!
//! # Example
//! Values worked out by hand from the rules.
//! ```
//! use cgt_core::impartial::GrundyMemo;
//! use cgt_rulesets::weighted_arc_kayles::WeightedArcKayles;
//!
//! let mut memo = GrundyMemo::new(WeightedArcKayles);
//! let mut grundy = |text: &str| memo.grundy(&WeightedArcKayles::parse(text).unwrap()).value();
//! // An edge of weights 1 and 1 is one move; of 2 and 2, two: *0.
//! assert_eq!(grundy("1-1"), 1);
//! assert_eq!(grundy("2-2"), 0);
//! // An edge's move count is its smaller weight.
//! assert_eq!(grundy("3-9"), 1);
//! // Weights 1 everywhere is Arc Kayles: a path of three vertices is *1.
//! assert_eq!(grundy("1-1-1"), 1);
//! ```

use crate::graph::{self, Graph, Syntax};
use crate::parse::ParseError;
use cgt_core::impartial::ImpartialGame;
use std::fmt;

/// The rules of Weighted Arc Kayles; positions are [`Weighted`] graphs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct WeightedArcKayles;

/// A graph whose vertices carry weights, none 0.
pub type Weighted = Graph<u8, 1>;

/// The heaviest weight a vertex may carry, one digit.
pub const MAX_WEIGHT: u8 = 9;

const SYNTAX: Syntax<u8, ()> = Syntax {
    vertex: |c| c.to_digit(10).map(|d| d as u8),
    plain_vertex: None,
    edge: |c| (c == '-').then_some(()),
    directed: false,
    vertices: "a vertex's weight ('0' to '9')",
    edges: "an edge ('-')",
};

/// The graph on the vertices of weight more than 0.
fn without_zeros(graph: &Weighted) -> Weighted {
    let keep = (0..graph.len())
        .filter(|&v| graph.labels()[v] > 0)
        .fold(0u64, |m, v| m | 1 << v);
    graph.induced(keep, |v| graph.labels()[v])
}

impl WeightedArcKayles {
    /// Reads a position: a graph string of weights `0` to `9` and `-`
    /// edges, at most 64 vertices (see [`crate::graph`]); vertices of
    /// weight 0 are left out.
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::weighted_arc_kayles::WeightedArcKayles;
    /// assert_eq!(WeightedArcKayles::parse("9-1-2")?.to_string(), "9:{0}-1:{1};1:{1}-2:{2}");
    /// assert_eq!(WeightedArcKayles::parse("9-0-2")?.to_string(), "9:{0};2:{1}");
    /// let error = WeightedArcKayles::parse("9-.").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 3: expected a vertex's weight ('0' to '9'), found '.'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Weighted, ParseError> {
        let read = graph::read(text, &SYNTAX)?;
        let edges: Vec<(usize, usize, usize)> =
            read.edges.iter().map(|&(a, b, ())| (a, b, 0)).collect();
        Ok(without_zeros(&Graph::new(read.labels, &edges, false)))
    }
}

impl fmt::Display for Weighted {
    /// The graph as a string [`WeightedArcKayles::parse`] reads back: one
    /// piece per edge, vertices named by their numbers (`2:{0}-1:{1}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(
            f,
            |w| char::from_digit(u32::from(w), 10).unwrap_or('?'),
            |_| "-",
            false,
        )
    }
}

impl ImpartialGame for WeightedArcKayles {
    type Position = Weighted;

    fn options(&self, graph: &Weighted, out: &mut Vec<Weighted>) {
        // Every vertex left weighs more than 0: every edge is a move.
        for v in 0..graph.len() {
            let mut ends = graph.out(v, 0) & !((1u64 << v) - 1);
            while ends != 0 {
                let u = ends.trailing_zeros() as usize;
                ends &= ends - 1;
                let lighter = graph.induced(u64::MAX, |w| {
                    let weight = graph.labels()[w];
                    if w == u || w == v { weight - 1 } else { weight }
                });
                out.push(without_zeros(&lighter));
            }
        }
    }

    fn components(&self, graph: &Weighted, parts: &mut Vec<Weighted>) {
        graph.split(parts, |part| (0..part.len()).any(|v| part.out(v, 0) != 0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_lightens_both_ends_and_a_loop_its_one_vertex() {
        let graph = WeightedArcKayles::parse("2-1;1:A-1:A").expect("a graph");
        let mut out = Vec::new();
        WeightedArcKayles.options(&graph, &mut out);
        let options: Vec<String> = out.iter().map(Weighted::to_string).collect();
        assert_eq!(options, ["1:{1}-1:{1};1:{0}", "2:{0}-1:{1}"]);
        let mut parts = Vec::new();
        WeightedArcKayles.components(&out[0], &mut parts);
        assert_eq!(parts.len(), 1, "the lone vertex is left out");
    }
}

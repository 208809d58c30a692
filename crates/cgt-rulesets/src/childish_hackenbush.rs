//! Childish Hackenbush: Hackenbush in which a blue or red edge may be cut
//! only if nothing else falls; Left cuts a blue or green edge, Right a red
//! or green one, and a green edge falls as in Hackenbush, taking with it
//! every edge no longer connected to the ground (CGSuite's
//! `game.graph.ChildishHackenbush`, its `GenHackenbush` with blue and red
//! "childish" edges).
//!
//! A position is a graph string ([`crate::graph`]) whose first vertex is
//! the ground, with edges `l` (blue), `r` (red) and `e` (green) and `.`
//! vertices (or none written): `lrl` is a stalk, `l(l;rl)` a tree,
//! `:{g}llrr:{g}` a cycle through the ground, at most 64 vertices. Every
//! vertex must be connected to the ground (CGSuite refuses such a graph
//! too); the empty string is the empty picture, 0.
//!
//! Positions are [`hackenbush::Graph`](crate::hackenbush::Graph)s, and the parts that meet only at
//! the ground are independent games, as in Hackenbush.
//!
//! # Example
//! CGSuite's examples.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::childish_hackenbush::ChildishHackenbush;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(ChildishHackenbush);
//! let mut value = |text: &str| {
//!     let graph = ChildishHackenbush::parse(text).expect("a graph");
//!     let value = memo.value(&mut store, &graph).expect("small");
//!     store.display(value)
//! };
//! assert_eq!(value("l(l;rl)"), "2");
//! assert_eq!(value(":{ground}llllllrrrr:{ground}"), "{4|-2}");
//! assert_eq!(value("r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))"), "15/16");
//! assert_eq!(value("(e:B;e:Bllllllrrr:B)"), "{0|^[4]*||vv}");
//! ```

use crate::Colour;
use crate::graph;
use crate::hackenbush::{Graph, Hackenbush};
use crate::parse::ParseError;
use crate::partizan_arc_kayles::SYNTAX;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;

/// The rules of Childish Hackenbush; positions are Hackenbush [`Graph`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ChildishHackenbush;

impl ChildishHackenbush {
    /// Reads a position: a graph string of `l`, `r`, `e` edges whose first
    /// vertex is the ground, every vertex connected to it, at most 64
    /// vertices (see [`crate::graph`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::childish_hackenbush::ChildishHackenbush;
    /// assert_eq!(ChildishHackenbush::parse(":Alrl:A")?.edges().len(), 3);
    /// let error = ChildishHackenbush::parse("lr;l").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "at character 4: this vertex is not connected to the ground (the first vertex)"
    /// );
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Graph, ParseError> {
        let read = graph::read(text, &SYNTAX)?;
        let n = read.labels.len();
        // Which vertices reach the ground, vertex 0.
        let mut reached = vec![false; n];
        if n > 0 {
            reached[0] = true;
            let mut grew = true;
            while grew {
                grew = false;
                for &(a, b, _) in &read.edges {
                    if reached[a] != reached[b] {
                        reached[a] = true;
                        reached[b] = true;
                        grew = true;
                    }
                }
            }
        }
        if let Some(v) = reached.iter().position(|&r| !r) {
            return Err(ParseError::new(
                read.at[v],
                "this vertex is not connected to the ground (the first vertex)",
            ));
        }
        let edges: Vec<(u32, u32, Colour)> = read
            .edges
            .iter()
            .map(|&(a, b, c)| (a as u32, b as u32, c))
            .collect();
        Ok(Graph::from_edges(&edges))
    }
}

impl PartizanGame for ChildishHackenbush {
    type Position = Graph;

    fn options(&self, graph: &Graph, side: Side, out: &mut Vec<Graph>) {
        let edges = graph.edges();
        let mut rest = Vec::with_capacity(edges.len());
        for (i, edge) in edges.iter().enumerate() {
            // Parallel equal edges give the same option: cut the first only.
            if !edge.colour.movable_by(side) || (i > 0 && edges[i - 1] == *edge) {
                continue;
            }
            rest.clear();
            rest.extend(
                edges[..i]
                    .iter()
                    .chain(&edges[i + 1..])
                    .map(|e| (e.a, e.b, e.colour)),
            );
            let option = Graph::from_edges(&rest);
            // A blue or red edge is cut only if nothing else falls.
            if edge.colour == Colour::Green || option.edges().len() == rest.len() {
                out.push(option);
            }
        }
    }

    fn components(&self, graph: &Graph, parts: &mut Vec<Graph>) {
        Hackenbush.components(graph, parts);
    }
}

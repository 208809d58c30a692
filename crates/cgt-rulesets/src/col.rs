//! Col: players take turns colouring an uncoloured vertex of a graph, Left
//! blue and Right red, never next to a vertex of their own colour
//! (*Winning Ways*, ch. 2; *On Numbers and Games*; CGSuite's
//! `game.graph.Col`).
//!
//! As CGSuite plays it, a coloured vertex is removed and leaves a tint on
//! its uncoloured neighbours: `L` is an uncoloured vertex next to one of
//! Left's (so, in Col, only Right may colour it), `R` next to one of
//! Right's, `.` neither. Colouring a vertex tints its untinted neighbours
//! with the mover's colour and removes the neighbours tinted with the
//! other colour (next to both colours, nobody may colour them). A position
//! is a graph string ([`crate::graph`]) of `.`, `L` and `R` vertices and `-`
//! edges: `L-.-R`, `.(-.;-.;-.)`, `:A-.-.-:A`; at most 64 vertices.
//!
//! The graph's connected components are independent games
//! ([`PartizanGame::components`]), and a component of one vertex is
//! valued as such (no component is left out).
//!
//! # Example
//! CGSuite's example: a path of ten vertices, five of them tinted.
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::col::Col;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Col);
//! let path = Col::parse("R-.-R-.-L-.-R-.-R-.")?;
//! let value = memo.value(&mut store, &path).expect("a small value");
//! assert_eq!(store.display(value), "7/8");
//! // A lone vertex is * (either may colour it); one tinted by Right is Left's: 1.
//! let star = memo.value(&mut store, &Col::parse(".")?).expect("small");
//! assert_eq!(store.display(star), "*");
//! let one = memo.value(&mut store, &Col::parse("R")?).expect("small");
//! assert_eq!(store.display(one), "1");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::graph::{self, Graph, Syntax};
use crate::parse::ParseError;
use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use std::fmt;

/// The rules of Col; positions are [`Tinted`] graphs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Col;

/// An uncoloured vertex of Col or Snort: next to a colour or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tint {
    /// `.`: next to no coloured vertex.
    None,
    /// `L`: next to a vertex Left coloured.
    Left,
    /// `R`: next to a vertex Right coloured.
    Right,
}

impl Tint {
    fn of(side: Side) -> Tint {
        match side {
            Side::Left => Tint::Left,
            Side::Right => Tint::Right,
        }
    }

    /// `.`, `L` or `R`.
    pub fn to_char(self) -> char {
        match self {
            Tint::None => '.',
            Tint::Left => 'L',
            Tint::Right => 'R',
        }
    }
}

/// The uncoloured vertices of a Col or Snort position, each with its tint,
/// and the edges between them.
pub type Tinted = Graph<Tint, 1>;

const SYNTAX: Syntax<Tint, ()> = Syntax {
    vertex: |c| match c {
        'L' => Some(Tint::Left),
        'R' => Some(Tint::Right),
        _ => None,
    },
    plain_vertex: Some(Tint::None),
    edge: |c| (c == '-').then_some(()),
    directed: false,
    vertices: "a vertex ('.', 'L' or 'R')",
    edges: "an edge ('-')",
};

/// Reads a graph of `.`, `L`, `R` vertices and `-` edges.
pub(crate) fn parse_tinted(text: &str) -> Result<Tinted, ParseError> {
    let read = graph::read(text, &SYNTAX)?;
    let edges: Vec<(usize, usize, usize)> =
        read.edges.iter().map(|&(a, b, ())| (a, b, 0)).collect();
    Ok(Graph::new(read.labels, &edges, false))
}

/// The options of `side` in a colouring game: `may_colour` says which tints
/// `side` may colour.
pub(crate) fn colourings(
    graph: &Tinted,
    side: Side,
    may_colour: impl Fn(Tint) -> bool,
    out: &mut Vec<Tinted>,
) {
    let (mine, theirs) = (Tint::of(side), Tint::of(side.opponent()));
    for (v, &tint) in graph.labels().iter().enumerate() {
        if !may_colour(tint) {
            continue;
        }
        let near = graph.out(v, 0) & !(1 << v);
        // v goes, and so do its neighbours tinted with the other colour.
        let mut gone = 1u64 << v;
        for (w, &t) in graph.labels().iter().enumerate() {
            if near >> w & 1 == 1 && t == theirs {
                gone |= 1 << w;
            }
        }
        let keep = all(graph.len()) & !gone;
        out.push(graph.induced(keep, |w| {
            let t = graph.labels()[w];
            if near >> w & 1 == 1 && t == Tint::None {
                mine
            } else {
                t
            }
        }));
    }
}

/// The first `n` bits.
pub(crate) fn all(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

impl Col {
    /// Reads a position: a graph string of `.` (untinted), `L` (tinted by
    /// Left: only Right may colour it) and `R` vertices and `-` edges, at
    /// most 64 vertices (see [`crate::graph`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::col::{Col, Tint};
    /// let graph = Col::parse("L-.(-R;-.)")?;
    /// assert_eq!(graph.labels(), [Tint::Left, Tint::None, Tint::Right, Tint::None]);
    /// let error = Col::parse("L-x").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "at character 3: expected an edge ('-'), '(', ';', ')' or the end, found 'x'"
    /// );
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Tinted, ParseError> {
        parse_tinted(text)
    }
}

impl fmt::Display for Tinted {
    /// The graph as a string [`Col::parse`] reads back: one piece per
    /// edge, vertices named by their numbers (`L:{0}-.:{1}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, Tint::to_char, |_| "-", false)
    }
}

impl PartizanGame for Col {
    type Position = Tinted;

    fn options(&self, graph: &Tinted, side: Side, out: &mut Vec<Tinted>) {
        let mine = Tint::of(side);
        colourings(graph, side, |t| t != mine, out);
    }

    fn components(&self, graph: &Tinted, parts: &mut Vec<Tinted>) {
        graph.split(parts, |_| true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(graphs: &[Tinted]) -> Vec<String> {
        graphs.iter().map(Tinted::to_string).collect()
    }

    #[test]
    fn colouring_tints_and_removes_neighbours() {
        let graph = Col::parse("L-.-R").expect("a path");
        let mut out = Vec::new();
        Col.options(&graph, Side::Left, &mut out);
        // Left may colour `.` (tinting nothing new: L stays, R goes) or `R`.
        assert_eq!(strings(&out), ["L:{0}", "L:{0}-L:{1}"]);
        out.clear();
        Col.options(&graph, Side::Right, &mut out);
        assert_eq!(strings(&out), ["R:{0}-R:{1}", "R:{0}"]);
        assert_eq!(Col::parse(&graph.to_string()), Ok(graph));
    }

    #[test]
    fn components_are_connected_parts() {
        let graph = Col::parse("L-.;R;.-.-.").expect("three parts");
        let mut parts = Vec::new();
        Col.components(&graph, &mut parts);
        assert_eq!(
            strings(&parts),
            ["L:{0}-.:{1}", "R:{0}", ".:{0}-.:{1};.:{1}-.:{2}"]
        );
        let mut none = Vec::new();
        Col.components(&parts[2], &mut none);
        assert!(none.is_empty());
    }
}

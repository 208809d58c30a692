//! Bipartite Snort: Snort on a bipartite graph whose one side is all next
//! to Left's colour and the other all next to Right's (cgt-tools'
//! `BipartiteSnort`, "Snort but on tinted, bipartite graph", and its
//! `snort bipartite` search of such graphs).
//!
//! A position is a [`Snort`](crate::snort::Snort) position ([`Tinted`]) in which every vertex is
//! `L` or `R`. Left colours an `L` vertex: it goes, and so do its `R`
//! neighbours (no one may colour them now); Right likewise on an `R`
//! vertex. The moves are Snort's, and they keep a position of this form.
//! In the bipartite graphs cgt-tools searches, every edge joins an `L` to
//! an `R`; like its `BipartiteSnort` type, the reader takes any graph of
//! tinted vertices (an edge between two `L`s stays when Left takes one of
//! them). An `L` vertex with no edge is a free move for Left, so a graph of
//! k such vertices is the integer k (cgt-tools' reduction).
//!
//! # Example
//! ```
//! use cgt_core::canonical::GameStore;
//! use cgt_core::partizan::ValueMemo;
//! use cgt_rulesets::bipartite_snort::BipartiteSnort;
//! use cgt_rulesets::snort::Snort;
//!
//! let mut store = GameStore::new();
//! let mut memo = ValueMemo::new(Snort);
//! // Three lone `L` vertices: 3.
//! let value = memo.value(&mut store, &BipartiteSnort::parse("L;L;L")?).expect("small");
//! assert_eq!(store.display(value), "3");
//! // A star: Left takes the centre (and every leaf), Right a leaf (and the
//! // centre), leaving two `R` vertices.
//! let value = memo.value(&mut store, &BipartiteSnort::parse("L(-R;-R;-R)")?).expect("small");
//! assert_eq!(store.display(value), "{0|-2}");
//! # Ok::<(), cgt_rulesets::ParseError>(())
//! ```

use crate::col::{Tint, Tinted, parse_tinted};
use crate::parse::ParseError;

/// The positions of Bipartite Snort, whose rules are
/// [`Snort`](crate::snort::Snort)'s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BipartiteSnort;

impl BipartiteSnort {
    /// Reads a position: a graph string of `L` and `R` vertices and `-`
    /// edges, at most 64 vertices (see [`crate::graph`]).
    ///
    /// # Example
    /// ```
    /// use cgt_rulesets::bipartite_snort::BipartiteSnort;
    /// assert_eq!(BipartiteSnort::parse("L-R-L")?.len(), 3);
    /// let error = BipartiteSnort::parse("L-.-R").unwrap_err();
    /// assert_eq!(error.to_string(), "at character 3: expected 'L' or 'R' (Bipartite Snort's vertices are all tinted), found '.'");
    /// # Ok::<(), cgt_rulesets::ParseError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Tinted, ParseError> {
        let graph = parse_tinted(text)?;
        if let Some(at) = untinted_at(text)
            && graph.labels().contains(&Tint::None)
        {
            return Err(ParseError::new(
                at,
                "expected 'L' or 'R' (Bipartite Snort's vertices are all tinted), found '.'",
            ));
        }
        Ok(graph)
    }
}

/// Where the first `.` vertex of a graph string is, outside names in
/// braces and the one-letter names after `:`.
fn untinted_at(text: &str) -> Option<usize> {
    let mut braces = 0usize;
    let mut named = false;
    for (i, c) in text.chars().enumerate() {
        match c {
            '{' => braces += 1,
            '}' => braces = braces.saturating_sub(1),
            '.' if braces == 0 && !named => return Some(i),
            _ => {}
        }
        named = c == ':' && braces == 0;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snort::Snort;
    use crate::testing::options;
    use cgt_core::outcome::Side;

    #[test]
    fn a_move_takes_the_vertex_and_its_neighbours() {
        let graph = BipartiteSnort::parse("L-R-L-R").expect("a path");
        // Taking the first vertex leaves the last two; taking the third
        // takes both `R`s, leaving the first alone.
        let left = options(&Snort, &graph, Side::Left);
        assert_eq!(left, ["L:{0}-R:{1}", "L:{0}"]);
    }
}

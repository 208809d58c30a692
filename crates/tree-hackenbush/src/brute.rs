//! Game on Tree played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no Grundy theory: a position is the set
//! of edges still connected to vertex 1, a move deletes one of them and drops
//! every edge that no longer reaches vertex 1, and cgt-core's
//! [`GrundyMemo`] decides who wins. Exponential in the number of edges:
//! only for small trees.

use crate::judge;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most vertices (so at most this many − 1 edges) this search accepts.
pub const MAX_VERTICES: usize = 14;

/// A position: the edges of vertex 1's component, each as (smaller label,
/// larger label), sorted. The empty position has no move.
pub type Position = Vec<(u8, u8)>;

/// The edges of `edges` that are connected to vertex 1, normalised and
/// sorted, found by growing the set of vertices reached from 1 until it stops
/// growing.
fn component_of_one(edges: &[(u8, u8)]) -> Position {
    let mut reached = [false; 256];
    reached[1] = true;
    let mut grew = true;
    while grew {
        grew = false;
        for &(x, y) in edges {
            let (x, y) = (usize::from(x), usize::from(y));
            if reached[x] != reached[y] {
                reached[x] = true;
                reached[y] = true;
                grew = true;
            }
        }
    }
    let mut kept: Position = edges
        .iter()
        .filter(|&&(x, _)| reached[usize::from(x)])
        .map(|&(x, y)| (x.min(y), x.max(y)))
        .collect();
    kept.sort_unstable();
    kept
}

/// The start position of a tree given by its edges (labels 1..=N), if every
/// label is at most [`MAX_VERTICES`].
pub fn position(edges: &[(u32, u32)]) -> Option<Position> {
    let small = |v: u32| {
        u8::try_from(v)
            .ok()
            .filter(|&v| usize::from(v) <= MAX_VERTICES)
    };
    let edges: Vec<(u8, u8)> = edges
        .iter()
        .map(|&(x, y)| Some((small(x)?, small(y)?)))
        .collect::<Option<_>>()?;
    Some(component_of_one(&edges))
}

/// The position after deleting the edge `x`–`y` (either order) from
/// `position` and dropping what no longer reaches vertex 1; `None` if
/// `position` has no such edge.
pub fn after_cut(position: &Position, x: u8, y: u8) -> Option<Position> {
    let edge = (x.min(y), x.max(y));
    let at = position.iter().position(|&e| e == edge)?;
    let mut rest = position.clone();
    rest.remove(at);
    Some(component_of_one(&rest))
}

/// The rules of Game on Tree, as an impartial game on the edge sets of
/// vertex 1's component.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ImpartialGame for Rules {
    type Position = Position;

    /// Deleting one edge, with everything that no longer reaches vertex 1.
    fn options(&self, position: &Position, out: &mut Vec<Position>) {
        for &(x, y) in position {
            out.extend(after_cut(position, x, y));
        }
    }
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a tree with more than [`MAX_VERTICES`] vertices
/// is rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Rules);
    judge(input, out, |tree, tokens| {
        match position(tree.edges()).filter(|_| tree.vertices() <= MAX_VERTICES) {
            Some(p) => Ok(memo.mover_wins(&p)),
            None => Err(tokens.error_in_case(format!(
                "the exhaustive search takes at most {MAX_VERTICES} vertices, found N = {}",
                tree.vertices()
            ))),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_drops_the_part_without_vertex_one() {
        // 1-2, 2-3, 3-4, 2-5: cutting 2-3 drops 3-4 too.
        let start = position(&[(1, 2), (3, 2), (3, 4), (5, 2)]).expect("small");
        assert_eq!(start, [(1, 2), (2, 3), (2, 5), (3, 4)]);
        assert_eq!(after_cut(&start, 3, 2), Some(vec![(1, 2), (2, 5)]));
        assert_eq!(after_cut(&start, 1, 2), Some(vec![]));
        assert_eq!(after_cut(&start, 1, 3), None);
        let mut next = Vec::new();
        Rules.options(&start, &mut next);
        assert_eq!(next.len(), 4);
        assert_eq!(position(&[(1, 15)]), None);
    }

    #[test]
    fn paths_from_vertex_one_alternate() {
        let mut memo = GrundyMemo::new(Rules);
        for n in 1..=MAX_VERTICES as u32 {
            // A path of n - 1 edges with vertex 1 at its end: both players
            // can take everything at once, so the first wins iff any edge.
            let path: Vec<(u32, u32)> = (1..n).map(|v| (v, v + 1)).collect();
            let start = position(&path).expect("small");
            assert_eq!(memo.mover_wins(&start), n > 1, "path of {n}");
        }
    }
}

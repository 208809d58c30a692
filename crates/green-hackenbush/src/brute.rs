//! The game played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no Hackenbush theory and not even the
//! Sprague-Grundy theorem for the sum: a position is the whole test case,
//! the list of every tree's edges still connected to its vertex 1 (each
//! tree's edges sorted, the trees sorted); a move deletes one edge of one
//! tree and drops the edges no longer connected to its vertex 1; and
//! cgt-core's [`GrundyMemo`] decides who wins. Exponential in the number of
//! edges: only for small cases.

use crate::{Event, Tree, judge};
use cgt_core::green_hackenbush::edges_in_play;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most edges in all trees of a case this search accepts.
pub const MAX_EDGES: usize = 10;

/// The largest vertex label this search accepts.
pub const MAX_LABEL: u32 = 15;

/// One tree's edges in play, each as (smaller label, larger label), sorted.
pub type TreePosition = Vec<(u8, u8)>;

/// A position: every tree's edges in play, the trees sorted.
pub type Position = Vec<TreePosition>;

/// The edges of `edges` connected to vertex 1, normalised and sorted
/// (cgt-core's [`edges_in_play`], grounded at 1).
pub fn connected_to_root(edges: &[(u8, u8)]) -> TreePosition {
    edges_in_play(edges, 1)
}

/// The rules, as an impartial game on whole test cases.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ImpartialGame for Rules {
    type Position = Position;

    fn options(&self, trees: &Position, out: &mut Vec<Position>) {
        for (t, tree) in trees.iter().enumerate() {
            for e in 0..tree.len() {
                let mut rest = tree.clone();
                rest.remove(e);
                let mut next = trees.clone();
                next[t] = connected_to_root(&rest);
                next.sort_unstable();
                out.push(next);
            }
        }
    }
}

/// The position of one tree, if its labels are at most [`MAX_LABEL`].
pub fn tree_position(edges: &[(u32, u32)]) -> Option<TreePosition> {
    let small = |v: u32| u8::try_from(v).ok().filter(|&v| u32::from(v) <= MAX_LABEL);
    let edges: Vec<(u8, u8)> = edges
        .iter()
        .map(|&(a, b)| Some((small(a)?, small(b)?)))
        .collect::<Option<_>>()?;
    Some(connected_to_root(&edges))
}

/// The position of a case, if it is within the bounds.
pub fn position(trees: &[Tree]) -> Option<Position> {
    let total: usize = trees.iter().map(|t| t.edges().len()).sum();
    if total > MAX_EDGES {
        return None;
    }
    let mut position: Position = trees
        .iter()
        .map(|t| tree_position(t.edges()))
        .collect::<Option<_>>()?;
    position.sort_unstable();
    Some(position)
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a case with more than [`MAX_EDGES`] edges in
/// all or a label above [`MAX_LABEL`] is rejected as too big for this
/// search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Rules);
    let mut trees = Vec::new();
    judge(input, out, |event| {
        match event {
        Event::Tree(m, edges) => {
            trees.push(Tree::new(m, edges).expect("the reader checked it"));
            Ok(None)
        }
        Event::EndOfCase(tokens) => match position(&std::mem::take(&mut trees)) {
            Some(p) => Ok(Some(memo.mover_wins(&p))),
            None => Err(tokens.error_in_case(format!(
                "the exhaustive search takes at most {MAX_EDGES} edges in all and labels up to {MAX_LABEL}"
            ))),
        },
    }
    })
}

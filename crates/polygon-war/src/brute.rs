//! Polygon war played out literally, for tests and `cargo xtask stress`.
//!
//! Written from the rules alone, with no parity argument: a position is the
//! set of triangles still on the table and the black triangle. A side of a
//! remaining triangle is on the boundary of what is left iff no other
//! remaining triangle has that side; a move cuts off a remaining triangle
//! with at least two sides on the boundary. Cutting off the black triangle
//! wins: the position after it has no moves, so the next player, who cannot
//! move, loses. cgt-core's [`GrundyMemo`] decides who wins.
//! Exponential in the number of triangles: only for small polygons.

use crate::judge;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_judge::JudgeError;
use std::io::Write;

/// The most vertices this search accepts.
pub const MAX_VERTICES: usize = 16;

/// A position: the triangles left (each with its vertices in increasing
/// order, the list sorted) and the black triangle.
///
/// The black triangle is named by its vertices, so one memo serves every
/// polygon and every choice of the black triangle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// The triangles still on the table.
    pub remaining: Vec<[u8; 3]>,
    /// The black triangle; once it is not among `remaining`, the game is over.
    pub black: [u8; 3],
}

fn normalised(triangle: [u32; 3]) -> Option<[u8; 3]> {
    let mut small = [0_u8; 3];
    for (s, &v) in small.iter_mut().zip(&triangle) {
        *s = u8::try_from(v).ok()?;
    }
    small.sort_unstable();
    Some(small)
}

/// The start of the game on `triangles` with `triangles[black]` black, if
/// every vertex is below 256 and `black` is a position in the list.
pub fn position(triangles: &[[u32; 3]], black: usize) -> Option<Position> {
    let mut remaining = triangles
        .iter()
        .map(|&t| normalised(t))
        .collect::<Option<Vec<_>>>()?;
    let black = remaining.get(black).copied()?;
    remaining.sort_unstable();
    Some(Position { remaining, black })
}

/// The sides of a triangle (vertices in increasing order).
fn sides([a, b, c]: [u8; 3]) -> [[u8; 2]; 3] {
    [[a, b], [b, c], [a, c]]
}

/// The position after cutting off `triangle`, if that is a legal move: the
/// game is not over, `triangle` is still there, and at least two of its
/// sides are on the boundary of what is left.
pub fn cut(position: &Position, triangle: [u32; 3]) -> Option<Position> {
    if !position.remaining.contains(&position.black) {
        return None;
    }
    let triangle = normalised(triangle)?;
    let index = position.remaining.iter().position(|&t| t == triangle)?;
    let others = || {
        position
            .remaining
            .iter()
            .enumerate()
            .filter(move |&(j, _)| j != index)
            .map(|(_, &t)| t)
    };
    let on_boundary = sides(triangle)
        .into_iter()
        .filter(|side| others().all(|other| !sides(other).contains(side)))
        .count();
    if on_boundary < 2 {
        return None;
    }
    Some(Position {
        remaining: others().collect(),
        black: position.black,
    })
}

/// The rules of polygon war, as an impartial game: both players may cut
/// off the same triangles.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules;

impl ImpartialGame for Rules {
    type Position = Position;

    /// Cutting off one triangle with two sides on the boundary, while the
    /// black triangle is still there.
    fn options(&self, position: &Position, out: &mut Vec<Position>) {
        for &triangle in &position.remaining {
            out.extend(cut(position, triangle.map(u32::from)));
        }
    }
}

/// The judge function, answered by the exhaustive search.
///
/// # Errors
/// As [`crate::solve`], and a polygon with more than [`MAX_VERTICES`]
/// vertices is rejected as too big for this search.
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    let mut memo = GrundyMemo::new(Rules);
    judge(input, out, |polygon, tokens| {
        match position(polygon.triangles(), 0).filter(|_| polygon.vertices() <= MAX_VERTICES) {
            Some(start) => Ok(memo.mover_wins(&start)),
            None => Err(tokens.error_in_case(format!(
                "the exhaustive search takes at most {MAX_VERTICES} vertices"
            ))),
        }
    })
}

//! Polygon war: two players cut ears off a triangulated convex polygon, and
//! whoever cuts off the black triangle wins.
//!
//! Sources: POI 1999 多边形之战 (Polish Olympiad in Informatics, stage I);
//! Luogu P5932. The statement, with the judge's limits, is in this crate's
//! `README.md`.
//!
//! # Rules
//! A convex polygon with vertices 0..n−1 (clockwise) is cut by n − 3
//! non-crossing diagonals into n − 2 triangles; one of them is black. The
//! players move in turn; a move cuts off one triangle along a drawn diagonal,
//! that is, removes a triangle that has two sides on the boundary of what is
//! left of the polygon (an *ear* of the remaining polygon). Whoever cuts off
//! the black triangle wins.
//!
//! # Judge format
//! Input: `n`, then n − 2 lines of three vertex numbers, one triangle each,
//! the vertices of a line in any order and the lines in any order except that
//! the first triangle is the black one. Output: `TAK` if the first player
//! wins, else `NIE`. Judge limits: 4 ≤ n ≤ 50000.
//!
//! This crate accepts any n from 3 to [`MAX_VERTICES`] (2^32 − 1). For
//! n = 3 the polygon is a single triangle, the black one. There is no
//! diagonal to cut along, but the triangle has (three) sides on the
//! boundary, so we let the first player take it at once: `TAK`. The same
//! position arises in a longer game when only the black triangle is left,
//! and the exhaustive search treats both alike, by the rule "at least two
//! sides on the boundary".
//!
//! The input must be a triangulation of the polygon; anything else is
//! rejected (exit status 2, with the reason and the line). The checks are
//! local and take linear time (see [`Triangulation::new`]): the right number
//! of triangles, vertices in 0..n, three distinct vertices per triangle,
//! every polygon side (i, i + 1 mod n) in exactly one triangle, every
//! diagonal in exactly two, no repeated triangle. Together they are
//! *complete*: any list of triangles that passes them is a triangulation, so
//! crossing diagonals are rejected too (proof below; the tests confirm it on
//! every multiset of n − 2 triangles for n ≤ 7).
//!
//! # Idea
//! Call a triangle an ear when it has at least two sides on the boundary.
//!
//! **Rule.** The first player wins iff the black triangle is an ear of the
//! whole polygon (it has two polygon sides, or three when n = 3) or n is
//! even. With the black triangle given by its vertices this reads off the
//! input in O(1): a side (u, v) is a polygon side iff u and v differ by 1 or
//! by n − 1.
//!
//! **Proof.** If the black triangle is an ear, cut it off. Otherwise the
//! black triangle has at least two diagonals, and the other triangles fall
//! into the (two or three) non-empty sub-polygons beyond them. Nobody may cut
//! off a white triangle that leaves the black one an ear: the opponent would
//! cut off the black one next. Call such a cut *fatal*; the black triangle
//! becomes an ear only when the last triangle beyond one of its diagonals
//! is cut off, so a cut is fatal exactly when the black triangle has two
//! diagonals (not three) and the cut empties one of those two sub-polygons.
//! Claim: with m triangles left and the black one not an ear, the player to
//! move loses iff m is odd. For m = 3 (the fewest: one triangle beyond each of two
//! diagonals) both possible cuts are fatal, so the mover loses. For m ≥ 4
//! there is a cut that is not fatal: if all three sub-polygons are non-empty,
//! any ear will do; otherwise one sub-polygon has at least two triangles; as
//! a triangulated polygon it has two ears, at most one of which lies on the
//! black triangle's diagonal, and the other one is an ear of the whole
//! polygon whose removal leaves that sub-polygon non-empty. A fatal cut
//! loses at once, so the mover wins iff some non-fatal cut leaves a lost
//! position, i.e. iff m − 1 is odd. At the start m = n − 2, so the first
//! player wins iff n is even. The winning move is then any non-fatal ear
//! ([`Triangulation::winning_move`]).
//!
//! **Validation is complete.** Glue the n − 2 triangles along their common
//! edges into a 2-complex K. The n polygon sides lie in one triangle each and
//! the d other edges in two, so 3(n − 2) = n + 2d, d = n − 3, and
//! χ(K) = n − (n + d) + (n − 2) = 1. At a vertex the edges and triangles
//! form a graph of paths and cycles (each edge is in one or two triangles),
//! and the vertex's two polygon sides are its only path ends: one path, and
//! maybe cycles. Splitting each vertex once per extra cycle (s splits in
//! all) makes K a surface K′ with χ(K′) = 1 + s, whose boundary is the
//! polygon's n-cycle. The component F holding that boundary is a connected
//! surface with boundary, so χ(F) ≤ 1; each of the c other components is
//! closed, so χ ≤ 2, and its (at least three) vertices are all splits, as
//! every original vertex lies on the boundary. So 1 + 3c ≤ 1 + s = χ(K′) ≤
//! 1 + 2c: c = 0, then s = 0 and χ(F) = 1, and a connected surface with one
//! boundary cycle and χ = 1 is a disc. In a triangulated disc whose vertices
//! all lie on its boundary cycle 0, 1, …, n − 1, each diagonal cuts the disc
//! in two, and two edges meet only at vertices, none of them inside; so no
//! two diagonals interleave along the cycle, i.e. none cross in the convex
//! polygon: the triangles are a triangulation.
//!
//! The tests check the rule and every returned winning move against an
//! exhaustive search of the literal game (the `brute` module of the
//! `testkit` feature) on every triangulation of every polygon with up to 10
//! vertices (15521 positions: Catalan(n − 2) triangulations times n − 2
//! choices of the black triangle), each triangle in turn black.
//!
//! # Complexity
//! Reading and validating: O(n) time and memory. The answer and a winning
//! move: O(1) and O(n).
//!
//! # Example
//! ```
//! use polygon_war::Triangulation;
//! // The sample: a hexagon; the black triangle (0 1 2) is an ear.
//! let hexagon = Triangulation::new(6, &[[0, 1, 2], [2, 4, 3], [4, 2, 0], [0, 5, 4]]).unwrap();
//! assert!(hexagon.first_player_wins(0));
//! assert_eq!(hexagon.winning_move(0), Some(0)); // cut off the black triangle
//! // With the inner triangle (0 2 4) black: n = 6 is even, so the first
//! // player wins by cutting off an ear; the second must then expose it.
//! assert!(hexagon.first_player_wins(2));
//! assert_eq!(hexagon.winning_move(2), Some(0));
//! // A fan of a pentagon with its middle triangle black: n = 5 is odd.
//! let fan = Triangulation::new(5, &[[0, 2, 3], [0, 1, 2], [0, 3, 4]]).unwrap();
//! assert!(!fan.first_player_wins(0));
//! assert_eq!(fan.winning_move(0), None);
//! // Crossing diagonals are not a triangulation.
//! assert!(Triangulation::new(4, &[[0, 1, 2], [1, 2, 3]]).is_err());
//! ```

use cgt_judge::{InputError, JudgeError, Tokens};
use std::fmt::{self, Write as _};
use std::io::Write;

/// The README's Rust example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

#[cfg(feature = "testkit")]
pub mod brute;
#[cfg(feature = "testkit")]
pub mod problem;

/// The most vertices a [`Triangulation`] may have: vertex numbers are `u32`.
pub const MAX_VERTICES: usize = u32::MAX as usize;

/// The judge's largest n.
pub const JUDGE_MAX_VERTICES: usize = 50_000;

/// Why a list of triangles is not a triangulation of the polygon.
///
/// Triangle fields are 0-based positions in the list (the black triangle of
/// the judge format is 0); the `Display` text numbers triangles from 1, as a
/// reader of the input counts them. Sides and diagonals are given with the
/// smaller vertex first, except the polygon side (n − 1, 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TriangulationError {
    /// n is smaller than 3.
    TooFewVertices {
        /// The number of vertices given.
        n: usize,
    },
    /// n is larger than [`MAX_VERTICES`].
    TooManyVertices {
        /// The number of vertices given.
        n: usize,
    },
    /// The number of triangles is not n − 2.
    WrongCount {
        /// The number of vertices.
        n: usize,
        /// The number of triangles given.
        triangles: usize,
    },
    /// A vertex number is not in 0..n.
    VertexOutOfRange {
        /// Which triangle.
        triangle: usize,
        /// The vertex number.
        vertex: u32,
        /// The number of vertices.
        n: usize,
    },
    /// A triangle names one vertex twice.
    RepeatedVertex {
        /// Which triangle.
        triangle: usize,
        /// The repeated vertex.
        vertex: u32,
    },
    /// Two triangles have the same three vertices.
    RepeatedTriangle {
        /// The earlier triangle.
        first: usize,
        /// The later one.
        second: usize,
    },
    /// A polygon side is in no triangle.
    SideMissing {
        /// The side (i, i + 1 mod n).
        side: [u32; 2],
    },
    /// A polygon side is in two triangles.
    SideRepeated {
        /// The side (i, i + 1 mod n).
        side: [u32; 2],
        /// The earlier triangle.
        first: usize,
        /// The later one.
        second: usize,
    },
    /// A diagonal is in one triangle only.
    DiagonalOnce {
        /// The diagonal.
        diagonal: [u32; 2],
        /// The triangle it is in.
        triangle: usize,
    },
    /// A diagonal is in three or more triangles.
    DiagonalThrice {
        /// The diagonal.
        diagonal: [u32; 2],
        /// The first three triangles it is in.
        triangles: [usize; 3],
    },
}

impl TriangulationError {
    /// The triangle the error is best shown at (the last one involved), if
    /// any.
    pub fn triangle(&self) -> Option<usize> {
        match *self {
            TriangulationError::VertexOutOfRange { triangle, .. }
            | TriangulationError::RepeatedVertex { triangle, .. }
            | TriangulationError::DiagonalOnce { triangle, .. } => Some(triangle),
            TriangulationError::RepeatedTriangle { second, .. }
            | TriangulationError::SideRepeated { second, .. } => Some(second),
            TriangulationError::DiagonalThrice { triangles, .. } => Some(triangles[2]),
            TriangulationError::TooFewVertices { .. }
            | TriangulationError::TooManyVertices { .. }
            | TriangulationError::WrongCount { .. }
            | TriangulationError::SideMissing { .. } => None,
        }
    }
}

impl fmt::Display for TriangulationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TriangulationError::TooFewVertices { n } => {
                write!(f, "a polygon has at least 3 vertices, n is {n}")
            }
            TriangulationError::TooManyVertices { n } => {
                write!(
                    f,
                    "n is {n}, more than the {MAX_VERTICES} vertices supported"
                )
            }
            TriangulationError::WrongCount { n, triangles } => write!(
                f,
                "a triangulation of {n} vertices has n − 2 = {} triangles, found {triangles}",
                n.saturating_sub(2)
            ),
            TriangulationError::VertexOutOfRange {
                triangle,
                vertex,
                n,
            } => write!(
                f,
                "triangle {} has vertex {vertex}, but the vertices are 0..={}",
                triangle + 1,
                n.saturating_sub(1)
            ),
            TriangulationError::RepeatedVertex { triangle, vertex } => write!(
                f,
                "triangle {} has vertex {vertex} twice; a triangle has three distinct vertices",
                triangle + 1
            ),
            TriangulationError::RepeatedTriangle { first, second } => {
                write!(f, "triangle {} repeats triangle {}", second + 1, first + 1)
            }
            TriangulationError::SideMissing { side: [a, b] } => write!(
                f,
                "the polygon side ({a}, {b}) is in no triangle; every side is in exactly one"
            ),
            TriangulationError::SideRepeated {
                side: [a, b],
                first,
                second,
            } => write!(
                f,
                "the polygon side ({a}, {b}) is in triangles {} and {}; every side is in exactly one",
                first + 1,
                second + 1
            ),
            TriangulationError::DiagonalOnce {
                diagonal: [a, b],
                triangle,
            } => write!(
                f,
                "the diagonal ({a}, {b}) of triangle {} is in no other triangle; \
                 every diagonal is in exactly two",
                triangle + 1
            ),
            TriangulationError::DiagonalThrice {
                diagonal: [a, b],
                triangles: [x, y, z],
            } => write!(
                f,
                "the diagonal ({a}, {b}) is in triangles {}, {} and {}; \
                 every diagonal is in exactly two",
                x + 1,
                y + 1,
                z + 1
            ),
        }
    }
}

impl std::error::Error for TriangulationError {}

/// A validated triangulation of the convex polygon with vertices 0..n−1.
///
/// # Example
/// ```
/// use polygon_war::{Triangulation, TriangulationError};
/// let square = Triangulation::new(4, &[[2, 0, 1], [3, 2, 0]]).unwrap();
/// assert_eq!(square.vertices(), 4);
/// assert_eq!(square.triangles(), &[[2, 0, 1], [3, 2, 0]]);
/// assert_eq!(
///     Triangulation::new(4, &[[0, 1, 2], [0, 1, 3]]),
///     Err(TriangulationError::SideRepeated { side: [0, 1], first: 0, second: 1 })
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Triangulation {
    n: u32,
    triangles: Vec<[u32; 3]>,
}

/// No triangle yet (for the per-side and per-diagonal tables).
const NONE: u32 = u32::MAX;

/// The three vertices in increasing order.
fn sorted(mut triangle: [u32; 3]) -> [u32; 3] {
    triangle.sort_unstable();
    triangle
}

/// The three sides of a sorted triangle, each with the smaller vertex first.
fn sides_of([a, b, c]: [u32; 3]) -> [[u32; 2]; 3] {
    [[a, b], [b, c], [a, c]]
}

/// Which polygon side `[u, v]` (u < v) is, as its first vertex i of
/// (i, i + 1 mod n), or `None` for a diagonal.
fn side_index(n: u32, [u, v]: [u32; 2]) -> Option<u32> {
    if v == u + 1 {
        Some(u)
    } else if u == 0 && v == n - 1 {
        Some(n - 1)
    } else {
        None
    }
}

impl Triangulation {
    /// Validates `triangles` as a triangulation of the convex polygon with
    /// vertices 0..n−1; the vertices of a triangle may come in any order.
    ///
    /// The checks (n − 2 triangles, vertices in range and distinct, each
    /// polygon side in exactly one triangle, each diagonal in exactly two,
    /// no repeated triangle) are complete: whatever passes them is a
    /// triangulation, without crossing diagonals (see the crate
    /// documentation for the proof).
    ///
    /// # Errors
    /// The first problem found, as a [`TriangulationError`]. The order of the
    /// checks: n, the count, each triangle's vertices (in list order), the
    /// polygon sides (a side met twice, in list order, then the first side
    /// met never), the diagonals (by smaller vertex, then list order).
    ///
    /// # Complexity
    /// O(n) time and memory.
    pub fn new(n: usize, triangles: &[[u32; 3]]) -> Result<Self, TriangulationError> {
        if n < 3 {
            return Err(TriangulationError::TooFewVertices { n });
        }
        let Ok(n32) = u32::try_from(n) else {
            return Err(TriangulationError::TooManyVertices { n });
        };
        if triangles.len() != n - 2 {
            return Err(TriangulationError::WrongCount {
                n,
                triangles: triangles.len(),
            });
        }
        let mut sorted_triangles = Vec::with_capacity(triangles.len());
        for (t, &triangle) in triangles.iter().enumerate() {
            if let Some(&vertex) = triangle.iter().find(|&&v| v >= n32) {
                return Err(TriangulationError::VertexOutOfRange {
                    triangle: t,
                    vertex,
                    n,
                });
            }
            let s = sorted(triangle);
            if s[0] == s[1] || s[1] == s[2] {
                return Err(TriangulationError::RepeatedVertex {
                    triangle: t,
                    vertex: s[1],
                });
            }
            sorted_triangles.push(s);
        }
        check_edges(n32, &sorted_triangles)?;
        Ok(Self {
            n: n32,
            triangles: triangles.to_vec(),
        })
    }

    /// The number of vertices n.
    pub fn vertices(&self) -> usize {
        self.n as usize
    }

    /// The n − 2 triangles, in the order and with the vertex order given.
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// How many sides of triangle `t` are sides of the polygon (0 to 3).
    ///
    /// # Panics
    /// If `t` is not a triangle's position.
    pub fn polygon_sides(&self, t: usize) -> usize {
        sides_of(sorted(self.triangles[t]))
            .into_iter()
            .filter(|&side| side_index(self.n, side).is_some())
            .count()
    }

    /// Whether triangle `t` is an ear of the whole polygon: it has two sides
    /// on the boundary (three when n = 3), so it can be cut off at once.
    ///
    /// # Panics
    /// If `t` is not a triangle's position.
    pub fn is_ear(&self, t: usize) -> bool {
        self.polygon_sides(t) >= 2
    }

    /// Whether the first player wins when triangle `black` is the black one:
    /// iff it is an ear or n is even (see the crate documentation).
    ///
    /// # Example
    /// ```
    /// use polygon_war::Triangulation;
    /// // A fan of a heptagon around vertex 0; the middle triangle (0 3 4)
    /// // is black. n = 7 is odd: the second player wins.
    /// let fan: Vec<[u32; 3]> = (1..6).map(|i| [0, i, i + 1]).collect();
    /// let fan = Triangulation::new(7, &fan).unwrap();
    /// assert!(!fan.first_player_wins(2));
    /// assert!(fan.first_player_wins(0)); // (0 1 2) is an ear
    /// ```
    ///
    /// # Complexity
    /// O(1).
    ///
    /// # Panics
    /// If `black` is not a triangle's position.
    pub fn first_player_wins(&self, black: usize) -> bool {
        self.is_ear(black) || self.n % 2 == 0
    }

    /// A winning first move when triangle `black` is the black one: the
    /// position of the triangle to cut off, or `None` if the first player
    /// loses.
    ///
    /// If the black triangle is an ear, the move cuts it off. Otherwise
    /// (n even) it is the first ear, in list order, whose removal keeps the
    /// black triangle from becoming an ear: any ear if all three sides of the
    /// black triangle are diagonals, else an ear that is not cut off along
    /// one of the black triangle's diagonals.
    ///
    /// # Example
    /// ```
    /// use polygon_war::Triangulation;
    /// // A fan of a hexagon; (0 2 3) is black. Cutting off (0 1 2) would
    /// // make it an ear; cutting off (0 4 5) leaves three triangles, and the
    /// // second player must expose the black one.
    /// let fan = Triangulation::new(6, &[[0, 2, 3], [0, 1, 2], [0, 3, 4], [0, 4, 5]]).unwrap();
    /// assert_eq!(fan.winning_move(0), Some(3));
    /// ```
    ///
    /// # Complexity
    /// O(n).
    ///
    /// # Panics
    /// If `black` is not a triangle's position.
    pub fn winning_move(&self, black: usize) -> Option<usize> {
        if self.is_ear(black) {
            return Some(black);
        }
        if !self.first_player_wins(black) {
            return None;
        }
        let black_vertices = self.triangles[black];
        let black_diagonals = 3 - self.polygon_sides(black);
        (0..self.triangles.len()).find(|&t| {
            if t == black || !self.is_ear(t) {
                return false;
            }
            if black_diagonals == 3 {
                return true;
            }
            // The ear is cut off along its one diagonal; it is fatal iff that
            // diagonal is a side of the black triangle.
            let diagonal = sides_of(sorted(self.triangles[t]))
                .into_iter()
                .find(|&side| side_index(self.n, side).is_none());
            !diagonal.is_some_and(|d| d.iter().all(|v| black_vertices.contains(v)))
        })
    }
}

/// Each polygon side in exactly one triangle, each diagonal in exactly two,
/// no triangle twice; `triangles` are sorted and in range, n ≥ 3.
fn check_edges(n: u32, triangles: &[[u32; 3]]) -> Result<(), TriangulationError> {
    let len = n as usize;
    // Polygon sides: who holds each one. Diagonals: bucketed by their
    // smaller vertex (a counting sort), as (larger vertex, triangle).
    let mut side_owner = vec![NONE; len];
    let mut bucket_start = vec![0_u32; len + 1];
    for &triangle in triangles {
        for side in sides_of(triangle) {
            if side_index(n, side).is_none() {
                bucket_start[side[0] as usize + 1] += 1;
            }
        }
    }
    for i in 0..len {
        bucket_start[i + 1] += bucket_start[i];
    }
    let mut fill = bucket_start.clone();
    let mut diagonals = vec![(0_u32, 0_u32); bucket_start[len] as usize];
    for (t, &triangle) in triangles.iter().enumerate() {
        let t32 = t as u32;
        for side in sides_of(triangle) {
            match side_index(n, side) {
                Some(i) => {
                    let owner = side_owner[i as usize];
                    if owner != NONE {
                        let first = owner as usize;
                        return Err(if triangles[first] == triangle {
                            TriangulationError::RepeatedTriangle { first, second: t }
                        } else {
                            TriangulationError::SideRepeated {
                                side: [i, (i + 1) % n],
                                first,
                                second: t,
                            }
                        });
                    }
                    side_owner[i as usize] = t32;
                }
                None => {
                    let slot = &mut fill[side[0] as usize];
                    diagonals[*slot as usize] = (side[1], t32);
                    *slot += 1;
                }
            }
        }
    }
    if let Some(i) = side_owner.iter().position(|&owner| owner == NONE) {
        let i = i as u32;
        return Err(TriangulationError::SideMissing {
            side: [i, (i + 1) % n],
        });
    }
    // Within the bucket of u, count each larger vertex v with a stamp.
    let mut stamp = vec![NONE; len];
    let mut holders = vec![[NONE; 2]; len];
    for u in 0..n {
        let bucket =
            &diagonals[bucket_start[u as usize] as usize..bucket_start[u as usize + 1] as usize];
        for &(v, t) in bucket {
            let v_index = v as usize;
            let held = &mut holders[v_index];
            if stamp[v_index] != u {
                stamp[v_index] = u;
                *held = [t, NONE];
                continue;
            }
            let same = |other: u32| triangles[other as usize] == triangles[t as usize];
            if let Some(&first) = held.iter().find(|&&h| h != NONE && same(h)) {
                return Err(TriangulationError::RepeatedTriangle {
                    first: first as usize,
                    second: t as usize,
                });
            }
            if held[1] != NONE {
                return Err(TriangulationError::DiagonalThrice {
                    diagonal: [u, v],
                    triangles: [held[0] as usize, held[1] as usize, t as usize],
                });
            }
            held[1] = t;
        }
        if let Some(&(v, t)) = bucket
            .iter()
            .find(|&&(v, _)| holders[v as usize][1] == NONE)
        {
            return Err(TriangulationError::DiagonalOnce {
                diagonal: [u, v],
                triangle: t as usize,
            });
        }
    }
    Ok(())
}

/// The judge function: reads the polygon, writes `TAK` if the first player
/// wins, else `NIE`.
///
/// # Errors
/// [`JudgeError::Input`] on malformed input, including triangles that are
/// not a triangulation (the message names the rule broken and points at the
/// triangle's first vertex number); nothing is written then.
/// [`JudgeError::Output`] if `out` fails.
///
/// # Example
/// ```
/// let mut out = Vec::new();
/// polygon_war::solve(b"6\n0 1 2\n2 4 3\n4 2 0\n0 5 4\n", &mut out).unwrap();
/// assert_eq!(out, b"TAK\n");
/// let error = polygon_war::solve(b"4\n0 1 2\n1 2 3\n", &mut Vec::new()).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "malformed input: token 5 (line 3): not a triangulation: \
///      the polygon side (1, 2) is in triangles 1 and 2; every side is in exactly one"
/// );
/// ```
///
/// # Complexity
/// O(size of the input).
pub fn solve<W: Write>(input: &[u8], out: &mut W) -> Result<(), JudgeError> {
    judge(input, out, |polygon, _| Ok(polygon.first_player_wins(0)))
}

/// Reads the one case and writes the winner that `first_wins` finds for the
/// validated triangulation (the black triangle is number 0); shared by
/// [`solve`] and the brute force, so both read the same format.
pub(crate) fn judge<W: Write>(
    input: &[u8],
    out: &mut W,
    first_wins: impl FnOnce(&Triangulation, &Tokens<'_>) -> Result<bool, InputError>,
) -> Result<(), JudgeError> {
    let polygon = read(input)?;
    let tokens = Tokens::new(input);
    let wins = first_wins(&polygon, &tokens)?;
    writeln!(out, "{}", if wins { "TAK" } else { "NIE" })?;
    Ok(())
}

/// Reads and validates the input.
fn read(input: &[u8]) -> Result<Triangulation, InputError> {
    let mut tokens = Tokens::new(input);
    let n = tokens.count_in("the number of vertices n", 3..=MAX_VERTICES, 1)?;
    let count = n - 2;
    let room = tokens.max_tokens_left();
    if count.checked_mul(3).is_none_or(|needed| needed > room) {
        return Err(tokens.error_at_last(format!(
            "n is {n}, so n − 2 = {count} triangles of 3 vertices follow, \
             but the rest of the input holds at most {room} tokens"
        )));
    }
    let last_vertex = u32::try_from(n - 1).expect("n ≤ MAX_VERTICES");
    let mut triangles = Vec::with_capacity(count);
    for _ in 0..count {
        let mut triangle = [0; 3];
        for vertex in &mut triangle {
            *vertex = tokens.u32_in("a vertex number", 0..=last_vertex)?;
        }
        triangles.push(triangle);
    }
    if let Some(extra) = tokens.next_token() {
        let shown = String::from_utf8_lossy(&extra.text[..extra.text.len().min(24)]);
        return Err(tokens.error_at(
            &extra,
            format!(
                "expected the end of the input after the n − 2 = {count} triangles, found {shown:?}"
            ),
        ));
    }
    Triangulation::new(n, &triangles).map_err(|e| {
        let message = format!("not a triangulation: {e}");
        match e.triangle() {
            // Token 1 is n; triangle t starts at token 2 + 3t.
            Some(t) => {
                let mut again = Tokens::new(input);
                let first_vertex = (0..2 + 3 * t).filter_map(|_| again.next_token()).last();
                match first_vertex {
                    Some(token) => tokens.error_at(&token, message),
                    None => tokens.error_in_case(message),
                }
            }
            None => tokens.error_in_case(message),
        }
    })
}

/// The triangulation of a valid judge input, the black triangle first.
///
/// # Errors
/// As [`solve`], on malformed input (including triangles that are not a
/// triangulation).
///
/// # Example
/// ```
/// let polygon = polygon_war::parse(b"4\n0 1 2\n2 3 0\n").unwrap();
/// assert_eq!(polygon.vertices(), 4);
/// assert_eq!(polygon.triangles(), &[[0, 1, 2], [2, 3, 0]]);
/// assert!(polygon_war::parse(b"4\n0 1 2\n1 2 3\n").is_err());
/// ```
pub fn parse(input: &[u8]) -> Result<Triangulation, InputError> {
    read(input)
}

/// The judge input of `polygon`: n, then its triangles in their order (the
/// first is the black one), one per line.
///
/// # Example
/// ```
/// use polygon_war::Triangulation;
/// let square = Triangulation::new(4, &[[0, 1, 2], [2, 3, 0]]).unwrap();
/// assert_eq!(polygon_war::render(&square), "4\n0 1 2\n2 3 0\n");
/// ```
pub fn render(polygon: &Triangulation) -> String {
    let mut text = String::with_capacity(16 * polygon.triangles.len() + 8);
    writeln!(text, "{}", polygon.n).expect("String write");
    for [a, b, c] in &polygon.triangles {
        writeln!(text, "{a} {b} {c}").expect("String write");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_triangle_is_an_ear_and_wins_at_once() {
        let triangle = Triangulation::new(3, &[[2, 0, 1]]).expect("valid");
        assert_eq!(triangle.polygon_sides(0), 3);
        assert!(triangle.first_player_wins(0));
        assert_eq!(triangle.winning_move(0), Some(0));
    }

    #[test]
    fn each_rule_is_reported() {
        use TriangulationError as E;
        let check = |n: usize, triangles: &[[u32; 3]], expected: E| {
            assert_eq!(
                Triangulation::new(n, triangles),
                Err(expected),
                "{n} {triangles:?}"
            );
        };
        check(2, &[], E::TooFewVertices { n: 2 });
        check(4, &[[0, 1, 2]], E::WrongCount { n: 4, triangles: 1 });
        check(
            3,
            &[[0, 1, 3]],
            E::VertexOutOfRange {
                triangle: 0,
                vertex: 3,
                n: 3,
            },
        );
        check(
            4,
            &[[0, 1, 2], [2, 3, 2]],
            E::RepeatedVertex {
                triangle: 1,
                vertex: 2,
            },
        );
        check(
            4,
            &[[0, 1, 2], [2, 1, 0]],
            E::RepeatedTriangle {
                first: 0,
                second: 1,
            },
        );
        check(
            4,
            &[[0, 1, 2], [0, 1, 3]],
            E::SideRepeated {
                side: [0, 1],
                first: 0,
                second: 1,
            },
        );
        check(
            5,
            &[[0, 1, 3], [1, 2, 4], [0, 2, 4]],
            E::SideMissing { side: [2, 3] },
        );
        // A hexagon: the inner triangle (0 2 4) twice, with two ears.
        check(
            6,
            &[[0, 1, 2], [0, 2, 4], [4, 2, 0], [0, 4, 5]],
            E::SideMissing { side: [2, 3] },
        );
        // An octagon: four ears and the inner triangle (0 2 4) twice.
        let ears = [[0, 1, 2], [2, 3, 4], [4, 5, 6], [6, 7, 0]];
        let twice = [ears[0], ears[1], ears[2], ears[3], [0, 2, 4], [4, 2, 0]];
        check(
            8,
            &twice,
            E::RepeatedTriangle {
                first: 4,
                second: 5,
            },
        );
        // The diagonal (0, 2) in three triangles.
        let thrice = [ears[0], ears[1], ears[2], ears[3], [0, 2, 4], [0, 2, 6]];
        check(
            8,
            &thrice,
            E::DiagonalThrice {
                diagonal: [0, 2],
                triangles: [0, 4, 5],
            },
        );
        // A hexagon: three ears and the triangle (1 3 5), which crosses them.
        check(
            6,
            &[[0, 1, 2], [2, 3, 4], [4, 5, 0], [1, 3, 5]],
            E::DiagonalOnce {
                diagonal: [0, 2],
                triangle: 0,
            },
        );
    }

    #[test]
    fn the_largest_n_does_not_overflow() {
        assert_eq!(
            Triangulation::new(MAX_VERTICES + 1, &[]),
            Err(TriangulationError::TooManyVertices {
                n: MAX_VERTICES + 1
            })
        );
        assert_eq!(
            Triangulation::new(MAX_VERTICES, &[]),
            Err(TriangulationError::WrongCount {
                n: MAX_VERTICES,
                triangles: 0
            })
        );
        // Sides at the top of the range: (n − 2, n − 1) and (n − 1, 0).
        let n = u32::MAX;
        assert_eq!(side_index(n, [n - 2, n - 1]), Some(n - 2));
        assert_eq!(side_index(n, [0, n - 1]), Some(n - 1));
        assert_eq!(side_index(n, [1, n - 1]), None);
    }
}

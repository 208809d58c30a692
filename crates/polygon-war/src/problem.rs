//! Polygon war as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use crate::{JUDGE_MAX_VERTICES, MAX_VERTICES, Triangulation, side_index, sides_of, sorted};
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size};

/// The problem `polygon-war`: its judge input is one triangulation, the
/// black triangle first.
#[derive(Clone, Copy, Debug)]
pub struct PolygonWar;

impl Problem for PolygonWar {
    const NAME: &'static str = "polygon-war";
    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Triangulation;

    cgt_testkit::judge_functions!();

    /// Every triangulation of every polygon with 3 to 10 vertices, each
    /// triangle in turn black (moved to the front): 15521 inputs.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        (3..=10).flat_map(|n| {
            all_triangulations(n)
                .into_iter()
                .flat_map(move |triangles| {
                    (0..triangles.len()).map(move |black| {
                        let mut list = triangles.clone();
                        list.swap(0, black);
                        Triangulation::new(n, &list).expect("a triangulation")
                    })
                })
        })
    }

    /// `Tiny` has 3 ≤ n ≤ 9 (within the exhaustive search's bound),
    /// `Small` has 10 ≤ n ≤ 200, `Max` is n = 50000 (a random triangulation
    /// with the black triangle deep inside, all three of its sides
    /// diagonals), and `N(k)` has n = k (at least 3). The shapes: fans,
    /// zig-zags (the dual tree is a path), random triangulations (uniform or
    /// lopsided splits); the labels are rotated, the triangles shuffled and
    /// the vertices of each line too; the black triangle is an ear, or has
    /// one polygon side, or none.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        let n = match size {
            Size::Tiny => rng.range(3, 9),
            Size::Small => rng.range(10, 200),
            Size::Max => JUDGE_MAX_VERTICES as u64,
            Size::N(k) => k.clamp(3, MAX_VERTICES as u64),
        };
        let n = u32::try_from(n).expect("clamped to MAX_VERTICES");
        let shape = if size == Size::Max { 2 } else { rng.below(4) };
        let mut triangles = match shape {
            0 => (1..n - 1).map(|i| [0, i, i + 1]).collect(),
            1 => zig_zag(n),
            _ => random_triangulation(n, shape == 3, &mut rng),
        };
        let rotation = rng.below(u64::from(n)) as u32;
        for triangle in &mut triangles {
            for v in triangle.iter_mut() {
                *v = (*v + rotation) % n;
            }
        }
        let sides = |triangle: &[u32; 3]| {
            sides_of(sorted(*triangle))
                .into_iter()
                .filter(|&side| side_index(n, side).is_some())
                .count()
        };
        // 0: an ear; 1: one polygon side; 2: deep inside (no polygon side).
        let wanted = if size == Size::Max {
            2
        } else {
            rng.below(3) as usize
        };
        let mut candidates: Vec<usize> = Vec::new();
        for want in [wanted, 1, 2, 0] {
            candidates = (0..triangles.len())
                .filter(|&t| match want {
                    0 => sides(&triangles[t]) >= 2,
                    1 => sides(&triangles[t]) == 1,
                    _ => sides(&triangles[t]) == 0,
                })
                .collect();
            if !candidates.is_empty() {
                break;
            }
        }
        let black = *rng.pick(&candidates);
        triangles.swap(0, black);
        rng.shuffle(&mut triangles[1..]);
        for triangle in &mut triangles {
            rng.shuffle(triangle);
        }
        Triangulation::new(n as usize, &triangles).expect("a generated triangulation")
    }

    /// The black triangle alone (n = 3), all white ears cut off at once,
    /// the first half of them, then each white ear on its own (at most 24).
    /// Cutting off an ear removes its tip vertex, and the vertices above it
    /// move down by one; the order of the triangles and of the vertices
    /// within a line is kept, so the black triangle stays first. Each
    /// candidate has at least one triangle fewer.
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        let white_ears: Vec<usize> = if input.n > 3 {
            (1..input.triangles.len())
                .filter(|&t| input.is_ear(t))
                .collect()
        } else {
            Vec::new()
        };
        let edits = if white_ears.is_empty() {
            0
        } else {
            2 + usize::from(white_ears.len() >= 2) + white_ears.len().min(24)
        };
        (0..edits).map(move |edit| {
            let keep = match edit {
                0 => {
                    let mut keep = vec![false; input.n as usize];
                    for &v in &input.triangles[0] {
                        keep[v as usize] = true;
                    }
                    keep
                }
                1 => without_tips(&input, &white_ears),
                2 if white_ears.len() >= 2 => {
                    without_tips(&input, &white_ears[..white_ears.len() / 2])
                }
                _ => {
                    let one = edit - 2 - usize::from(white_ears.len() >= 2);
                    without_tips(&input, &white_ears[one..=one])
                }
            };
            restrict(&input, &keep)
        })
    }
}

/// Which vertices stay when the `ears` are cut off: all but their tips (the
/// vertex between an ear's two polygon sides).
fn without_tips(polygon: &Triangulation, ears: &[usize]) -> Vec<bool> {
    let mut keep = vec![true; polygon.n as usize];
    for &t in ears {
        let [a, b, c] = sorted(polygon.triangles[t]);
        let tip = if b == a + 1 && c == b + 1 {
            b
        } else if a == 0 && b == 1 {
            a
        } else {
            c
        };
        keep[tip as usize] = false;
    }
    keep
}

/// The triangles whose vertices are all kept, the kept vertices renumbered
/// in order.
fn restrict(polygon: &Triangulation, keep: &[bool]) -> Triangulation {
    let mut rank = Vec::with_capacity(keep.len());
    let mut kept = 0_u32;
    for &k in keep {
        rank.push(kept);
        kept += u32::from(k);
    }
    let triangles: Vec<[u32; 3]> = polygon
        .triangles
        .iter()
        .filter(|triangle| triangle.iter().all(|&v| keep[v as usize]))
        .map(|triangle| triangle.map(|v| rank[v as usize]))
        .collect();
    Triangulation::new(kept as usize, &triangles).expect("cutting off ears keeps a triangulation")
}

/// Every triangulation of the convex polygon 0..n−1 (n ≥ 3), built
/// bottom-up: `table[i][j]` holds the triangulations of the sub-polygon
/// i, i + 1, …, j, each one the triangle (i, k, j) with triangulations of
/// i..k and k..j. Each list is shown a little shuffled: reversed, and the
/// vertices of each line rotated.
///
/// # Example
/// ```
/// use polygon_war::problem::all_triangulations;
/// // Catalan numbers: a polygon of n vertices has Catalan(n − 2).
/// assert_eq!(all_triangulations(6).len(), 14);
/// assert_eq!(all_triangulations(3), [vec![[0, 1, 2]]]);
/// ```
pub fn all_triangulations(n: usize) -> Vec<Vec<[u32; 3]>> {
    let mut table: Vec<Vec<Vec<Vec<[u32; 3]>>>> = vec![vec![Vec::new(); n]; n];
    for i in 0..n - 1 {
        table[i][i + 1] = vec![Vec::new()];
    }
    for len in 2..n {
        for i in 0..n - len {
            let j = i + len;
            let mut all = Vec::new();
            for (k, from_k) in table.iter().enumerate().take(j).skip(i + 1) {
                for left in &table[i][k] {
                    for right in &from_k[j] {
                        let mut t = vec![[i as u32, k as u32, j as u32]];
                        t.extend_from_slice(left);
                        t.extend_from_slice(right);
                        all.push(t);
                    }
                }
            }
            table[i][j] = all;
        }
    }
    let all = std::mem::take(&mut table[0][n - 1]);
    all.into_iter()
        .map(|triangles| {
            triangles
                .iter()
                .rev()
                .enumerate()
                .map(|(t, &[a, b, c])| match t % 3 {
                    0 => [a, b, c],
                    1 => [c, a, b],
                    _ => [b, c, a],
                })
                .collect()
        })
        .collect()
}

/// The zig-zag triangulation: its triangles alternate between the two ends
/// of a band, so the dual tree is a path.
fn zig_zag(n: u32) -> Vec<[u32; 3]> {
    let (mut low, mut high) = (0, n - 1);
    let mut triangles = Vec::with_capacity(n as usize - 2);
    while high - low >= 2 {
        if triangles.len() % 2 == 0 {
            triangles.push([low, low + 1, high]);
            low += 1;
        } else {
            triangles.push([low, high - 1, high]);
            high -= 1;
        }
    }
    triangles
}

/// A random triangulation: split the polygon low..=high by a triangle
/// (low, k, high), then the two sides, with an explicit stack. `lopsided`
/// often takes k next to an end, which makes long, thin dual trees.
fn random_triangulation(n: u32, lopsided: bool, rng: &mut Rng) -> Vec<[u32; 3]> {
    let mut triangles = Vec::with_capacity(n as usize - 2);
    let mut stack = vec![(0, n - 1)];
    while let Some((low, high)) = stack.pop() {
        if high - low < 2 {
            continue;
        }
        let k = if lopsided && rng.chance(2, 3) {
            if rng.chance(1, 2) { low + 1 } else { high - 1 }
        } else {
            rng.range(u64::from(low) + 1, u64::from(high) - 1) as u32
        };
        triangles.push([low, k, high]);
        stack.push((low, k));
        stack.push((k, high));
    }
    triangles
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shrunk(text: &str) -> Vec<String> {
        let polygon = crate::parse(text.as_bytes()).expect("valid");
        PolygonWar::shrink(polygon)
            .map(|p| crate::render(&p))
            .collect()
    }

    #[test]
    fn shrinking_cuts_off_ears_and_keeps_the_black_triangle_first() {
        assert_eq!(
            shrunk("5\n0 2 3\n0 1 2\n0 3 4\n"),
            // Black alone, both ears cut off (black alone again), the first
            // half of the ears, (0 1 2) cut off, (0 3 4) cut off.
            [
                "3\n0 1 2\n",
                "3\n0 1 2\n",
                "4\n0 1 2\n0 2 3\n",
                "4\n0 1 2\n0 2 3\n",
                "4\n0 2 3\n0 1 2\n"
            ]
        );
        assert!(shrunk("3\n0 1 2\n").is_empty());
        for seed in 0..60 {
            let input = PolygonWar::generate(seed, Size::Small);
            let black = input.triangles[0];
            let order = |t: [u32; 3]| [t[0] < t[1], t[1] < t[2], t[0] < t[2]];
            for candidate in PolygonWar::shrink(input) {
                assert_eq!(order(candidate.triangles[0]), order(black), "seed {seed}");
            }
        }
    }

    #[test]
    fn generated_inputs_are_varied() {
        let mut kinds = [0; 3];
        let mut answers = [0; 2];
        let mut parities = [0; 2];
        for seed in 0..200 {
            let size = match seed % 3 {
                0 => Size::Tiny,
                1 => Size::Small,
                _ => Size::N(seed + 3),
            };
            let polygon = PolygonWar::generate(seed, size);
            if let Size::N(k) = size {
                assert_eq!(polygon.vertices() as u64, k);
            }
            kinds[polygon.polygon_sides(0).min(2)] += 1;
            answers[usize::from(polygon.first_player_wins(0))] += 1;
            parities[polygon.vertices() % 2] += 1;
        }
        assert!(kinds.iter().all(|&k| k >= 20), "black kinds {kinds:?}");
        assert!(answers.iter().all(|&a| a >= 40), "answers {answers:?}");
        assert!(parities.iter().all(|&p| p >= 40), "parities {parities:?}");
        let max = PolygonWar::generate(1, Size::Max);
        assert_eq!(max.vertices(), JUDGE_MAX_VERTICES);
        assert_eq!(max.polygon_sides(0), 0, "the black triangle is deep inside");
    }
}

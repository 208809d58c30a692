//! The problem as a [`Problem`] of the test kit: generator, lazy shrinker
//! and the exhaustive range, for the generic suite and `cargo xtask`.

use crate::{Board, Cell, MAX_N};
use cgt_testkit::generate::Rng;
use cgt_testkit::{Problem, Size};

/// The problem `advance-or-eat`: its judge input is one board.
#[derive(Clone, Copy, Debug)]
pub struct AdvanceOrEat;

/// Every N × N board (N ≤ 4) with at most `most_pieces` pieces, by the
/// set of occupied squares, then the colours.
fn boards(n: usize, most_pieces: usize) -> impl Iterator<Item = Board> {
    let squares = n * n;
    (0u32..1 << squares)
        .filter(move |occupied| occupied.count_ones() as usize <= most_pieces)
        .flat_map(move |occupied| {
            let pieces = occupied.count_ones();
            (0u32..1 << pieces).map(move |colours| {
                let mut cells = vec![Cell::Empty; squares];
                let mut k = 0;
                for (i, cell) in cells.iter_mut().enumerate() {
                    if occupied >> i & 1 == 1 {
                        *cell = if colours >> k & 1 == 1 {
                            Cell::Black
                        } else {
                            Cell::White
                        };
                        k += 1;
                    }
                }
                Board::new(cells.chunks(n).map(<[Cell]>::to_vec).collect()).expect("n <= 4")
            })
        })
}

/// A random N × N board where each square holds a piece with chance
/// `density` / 8, and at most `most_pieces` pieces.
fn random_board(rng: &mut Rng, n: usize, density: u64, most_pieces: usize) -> Board {
    let mut pieces = 0;
    let rows = (0..n)
        .map(|_| {
            (0..n)
                .map(|_| {
                    if pieces < most_pieces && rng.chance(density, 8) {
                        pieces += 1;
                        if rng.chance(1, 2) {
                            Cell::White
                        } else {
                            Cell::Black
                        }
                    } else {
                        Cell::Empty
                    }
                })
                .collect()
        })
        .collect();
    Board::new(rows).expect("n is in 1..=8")
}

impl Problem for AdvanceOrEat {
    const NAME: &'static str = "advance-or-eat";

    const GENERATED_FIXTURES: &'static [(&'static str, u64, Size)] = &[("max.in", 1, Size::Max)];

    type Input = Board;

    cgt_testkit::judge_functions!();

    /// Every board of side 1 and 2, every 3 × 3 board with at most 5
    /// pieces, every 4 × 4 board with at most 3: 11 960 boards.
    fn exhaustive() -> impl Iterator<Item = Self::Input> {
        boards(1, 1)
            .chain(boards(2, 4))
            .chain(boards(3, 5))
            .chain(boards(4, 3))
    }

    /// `Tiny`: N ≤ 4 with at most 5 pieces (within the search); `Small`:
    /// N ≤ 8, any density; `Max` and `N(k)`: an 8 × 8 board (k × k for
    /// k ≤ 8), a piece on about 3 squares in 4.
    fn generate(seed: u64, size: Size) -> Self::Input {
        let mut rng = Rng::new(seed);
        match size {
            Size::Tiny => {
                let n = rng.range(1, 4) as usize;
                let density = rng.range(1, 8);
                random_board(&mut rng, n, density, crate::brute::MAX_PIECES)
            }
            Size::Small => {
                let n = rng.range(1, MAX_N as u64) as usize;
                let density = rng.range(0, 8);
                random_board(&mut rng, n, density, usize::MAX)
            }
            Size::Max => random_board(&mut rng, MAX_N, 6, usize::MAX),
            Size::N(k) => {
                random_board(&mut rng, (k.clamp(1, MAX_N as u64)) as usize, 6, usize::MAX)
            }
        }
    }

    /// The board without one row and one column (N − 1; the only change
    /// that makes an input smaller by the test kit's measure, which counts
    /// tokens and the sum of numbers), for up to 8 choices of the pair.
    fn shrink(input: Self::Input) -> impl Iterator<Item = Self::Input> + 'static {
        let n = input.size();
        let pairs: Vec<(usize, usize)> = if n <= 1 {
            Vec::new()
        } else {
            cgt_testkit::shrink::spread(n * n, 8)
                .map(|i| (i / n, i % n))
                .collect()
        };
        pairs.into_iter().map(move |(drop_row, drop_col)| {
            let rows = input
                .rows()
                .iter()
                .enumerate()
                .filter(|&(r, _)| r != drop_row)
                .map(|(_, row)| {
                    row.iter()
                        .enumerate()
                        .filter(|&(c, _)| c != drop_col)
                        .map(|(_, &cell)| cell)
                        .collect()
                })
                .collect();
            Board::new(rows).expect("N - 1 >= 1")
        })
    }
}

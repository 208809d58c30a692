//! Placement games by their shapes against the built-in rulesets and a
//! search of the rules: with Left's vertical domino and Right's horizontal
//! one the values are Domineering's, with both dominoes for both players
//! Cram's, on every board up to 12 cells and on random larger ones; for
//! other shapes (trominoes, L shapes, monominoes, shapes with a gap,
//! asymmetric sets) the values equal the canonical forms of a plain game
//! written here, whose moves lay each shape at every place on the whole
//! board and keep it as it is: no cell dropped, no split, no symmetry.

use cgt_core::canonical::{GameId, GameStore};
use cgt_core::outcome::Side;
use cgt_core::partizan::{PartizanGame, ValueMemo};
use cgt_rulesets::cram::Cram;
use cgt_rulesets::domineering::Domineering;
use cgt_rulesets::placement::{PlacementGame, Symmetries};

type Shapes = Vec<Vec<(i64, i64)>>;

const VERTICAL: [(i64, i64); 2] = [(0, 0), (1, 0)];
const HORIZONTAL: [(i64, i64); 2] = [(0, 0), (0, 1)];

/// Every board of `rows × cols` cells, each empty or filled, as text.
fn all_boards(rows: usize, cols: usize) -> impl Iterator<Item = String> {
    (0u64..1 << (rows * cols)).map(move |filled| board(rows, cols, filled))
}

/// The board whose cell (r, c) is filled when bit `r * cols + c` of
/// `filled` is set.
fn board(rows: usize, cols: usize, filled: u64) -> String {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    if filled >> (r * cols + c) & 1 == 1 {
                        '#'
                    } else {
                        '.'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// Every size of board with at most `cells` cells.
fn sizes(cells: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..=cells).flat_map(move |rows| (1..=cells / rows).map(move |cols| (rows, cols)))
}

/// A seeded stream of bits (xorshift), for random boards.
struct Bits(u64);

impl Bits {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A mask of `cells` bits, each set with probability 1/4.
    fn quarter(&mut self, cells: usize) -> u64 {
        let mask = if cells == 64 {
            u64::MAX
        } else {
            (1 << cells) - 1
        };
        self.next() & self.next() & mask
    }
}

/// `count` random boards of each size of `sizes`, a quarter of their cells
/// filled.
fn random_boards(sizes: &[(usize, usize)], count: usize, seed: u64) -> Vec<String> {
    let mut bits = Bits(seed);
    sizes
        .iter()
        .flat_map(|&(rows, cols)| {
            (0..count)
                .map(|_| board(rows, cols, bits.quarter(rows * cols)))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn placement(
    left: &[&[(i64, i64)]],
    right: &[&[(i64, i64)]],
    symmetries: Symmetries,
) -> PlacementGame {
    let list = |shapes: &[&[(i64, i64)]]| -> Shapes { shapes.iter().map(|s| s.to_vec()).collect() };
    PlacementGame::new(&list(left), &list(right), symmetries).expect("good shapes")
}

/// Checks the placement game against another game on each board, both read
/// from the same text.
fn check<B: PartizanGame>(
    game: PlacementGame,
    reference: B,
    read: impl Fn(&str) -> B::Position,
    boards: impl IntoIterator<Item = String>,
) -> usize {
    let mut store = GameStore::new();
    let mut ours = ValueMemo::new(game);
    let mut theirs = ValueMemo::new(reference);
    let mut checked = 0;
    for text in boards {
        let position = PlacementGame::parse(&text).expect("a board");
        let a: GameId = ours.value(&mut store, &position).expect("a small value");
        let b = theirs
            .value(&mut store, &read(&text))
            .expect("a small value");
        assert_eq!(
            store.display(a),
            store.display(b),
            "{text}: the placement game against the reference"
        );
        checked += 1;
    }
    checked
}

fn domineering_board(text: &str) -> cgt_rulesets::domineering::Grid {
    Domineering::parse(text).expect("a board")
}

fn cram_board(text: &str) -> cgt_rulesets::cram::Cells {
    Cram::parse(text).expect("a board")
}

#[test]
fn dominoes_are_domineering_on_every_board_up_to_12_cells() {
    let game = placement(&[&VERTICAL], &[&HORIZONTAL], Symmetries::AsGiven);
    let boards = sizes(12).flat_map(|(rows, cols)| all_boards(rows, cols));
    let checked = check(game, Domineering, domineering_board, boards);
    assert!(checked > 30_000, "{checked}");
}

#[test]
fn dominoes_are_domineering_on_random_larger_boards() {
    let game = placement(&[&VERTICAL], &[&HORIZONTAL], Symmetries::AsGiven);
    let mut boards = random_boards(&[(4, 5), (5, 4), (3, 7), (5, 5), (4, 6), (2, 10)], 6, 7);
    boards.push(board(4, 5, 0));
    boards.push(board(4, 4, 0));
    check(game, Domineering, domineering_board, boards);
    // Given once with rotations, the vertical domino is both dominoes: a
    // game the same shape for both, Cram.
    let both = placement(&[&VERTICAL], &[&HORIZONTAL], Symmetries::Rotations);
    let boards = random_boards(&[(4, 5), (5, 5)], 4, 11);
    check(both, Cram, cram_board, boards);
}

#[test]
fn both_dominoes_for_both_are_cram_on_every_board_up_to_12_cells() {
    let game = placement(
        &[&VERTICAL, &HORIZONTAL],
        &[&HORIZONTAL, &VERTICAL],
        Symmetries::AsGiven,
    );
    let boards = sizes(12).flat_map(|(rows, cols)| all_boards(rows, cols));
    let checked = check(game.clone(), Cram, cram_board, boards);
    assert!(checked > 30_000, "{checked}");
    let boards = random_boards(&[(4, 5), (5, 5), (3, 8)], 6, 3);
    check(game, Cram, cram_board, boards);
}

/// A placement game by its rules alone: a board of `rows × cols` cells
/// (true: empty), each shape laid at every place where its cells are on
/// the board and empty. Shapes are given by all their cells' offsets.
struct Plain {
    left: Shapes,
    right: Shapes,
}

type PlainBoard = (usize, usize, Vec<bool>);

fn plain_board(text: &str) -> PlainBoard {
    let rows: Vec<&str> = text.split('|').collect();
    let cols = rows[0].len();
    let cells = rows
        .iter()
        .flat_map(|r| r.chars().map(|c| c == '.'))
        .collect();
    (rows.len(), cols, cells)
}

impl PartizanGame for Plain {
    type Position = PlainBoard;

    fn options(&self, (rows, cols, cells): &PlainBoard, side: Side, out: &mut Vec<PlainBoard>) {
        let shapes = match side {
            Side::Left => &self.left,
            Side::Right => &self.right,
        };
        let (rows, cols) = (*rows as i64, *cols as i64);
        for shape in shapes {
            // Every translation that could put a cell on the board.
            for dr in -8..rows + 8 {
                for dc in -8..cols + 8 {
                    let placed: Option<Vec<usize>> = shape
                        .iter()
                        .map(|&(r, c)| {
                            let (r, c) = (r + dr, c + dc);
                            let on = (0..rows).contains(&r) && (0..cols).contains(&c);
                            let at = (r * cols + c) as usize;
                            (on && cells[at]).then_some(at)
                        })
                        .collect();
                    if let Some(placed) = placed {
                        let mut after = cells.clone();
                        for at in placed {
                            after[at] = false;
                        }
                        out.push((rows as usize, cols as usize, after));
                    }
                }
            }
        }
    }
}

/// The placement game of `left` and `right` (as given) against [`Plain`]
/// on every board of at most `cells` cells.
fn check_rules(left: &[&[(i64, i64)]], right: &[&[(i64, i64)]], cells: usize) {
    check_expanded(left, right, Symmetries::AsGiven, left, right, cells);
}

/// The placement game of `left` and `right` with `symmetries`' images,
/// against [`Plain`] given every image written out (`all_left`,
/// `all_right`), on every board of at most `cells` cells.
fn check_expanded(
    left: &[&[(i64, i64)]],
    right: &[&[(i64, i64)]],
    symmetries: Symmetries,
    all_left: &[&[(i64, i64)]],
    all_right: &[&[(i64, i64)]],
    cells: usize,
) {
    let list = |shapes: &[&[(i64, i64)]]| -> Shapes { shapes.iter().map(|s| s.to_vec()).collect() };
    let plain = Plain {
        left: list(all_left),
        right: list(all_right),
    };
    let game = placement(left, right, symmetries);
    let boards = sizes(cells).flat_map(|(rows, cols)| all_boards(rows, cols));
    check(game, plain, plain_board, boards);
}

const MONOMINO: [(i64, i64); 1] = [(0, 0)];
const I3_DOWN: [(i64, i64); 3] = [(0, 0), (1, 0), (2, 0)];
const I3_ACROSS: [(i64, i64); 3] = [(0, 0), (0, 1), (0, 2)];
/// The L tromino's four orientations: the corner cell top left, top
/// right, bottom right, bottom left.
const L: [[(i64, i64); 3]; 4] = [
    [(0, 0), (0, 1), (1, 0)],
    [(0, 0), (0, 1), (1, 1)],
    [(0, 1), (1, 0), (1, 1)],
    [(0, 0), (1, 0), (1, 1)],
];

#[test]
fn straight_trominoes_one_way_each() {
    // Transposing exchanges the players: boards pair with their negatives.
    check_rules(&[&I3_DOWN], &[&I3_ACROSS], 10);
}

#[test]
fn an_l_against_a_monomino() {
    // One orientation of the L: only the transpose keeps it.
    check_rules(&[&L[3]], &[&MONOMINO], 9);
    check_rules(&[&[(5, -2), (5, -1), (6, -1)]], &[&VERTICAL], 9);
}

#[test]
fn every_l_against_both_dominoes() {
    let all_l: Vec<&[(i64, i64)]> = L.iter().map(|l| &l[..]).collect();
    check_expanded(
        &[&L[0]],
        &[&VERTICAL],
        Symmetries::RotationsAndReflections,
        &all_l,
        &[&VERTICAL, &HORIZONTAL],
        9,
    );
}

#[test]
fn a_monomino_against_a_domino() {
    check_rules(&[&MONOMINO], &[&HORIZONTAL], 10);
}

#[test]
fn a_shape_with_a_gap_joins_cells_apart() {
    // Two cells with one between: cells that touch nowhere still interact.
    check_rules(&[&[(0, 0), (0, 2)]], &[&VERTICAL], 10);
    check_rules(&[&[(0, 0), (2, 1)]], &[&[(0, 0), (1, 1)]], 9);
}

#[test]
fn diagonals_exchanged_by_a_reflection() {
    check_rules(&[&[(0, 0), (1, 1)]], &[&[(0, 1), (1, 0)]], 10);
}

#[test]
fn an_asymmetric_set_and_an_impartial_one() {
    // Left: an L and the straight tromino across; Right: the S tetromino.
    check_rules(
        &[&L[1], &I3_ACROSS],
        &[&[(0, 1), (0, 2), (1, 0), (1, 1)]],
        10,
    );
    // The same shapes for both: values are nimbers.
    let shapes: [&[(i64, i64)]; 3] = [&L[2], &HORIZONTAL, &MONOMINO];
    check_rules(&shapes, &shapes, 9);
}

#[test]
fn rotations_of_an_l() {
    let all_l: Vec<&[(i64, i64)]> = L.iter().map(|l| &l[..]).collect();
    // The quarter turns of one L are all four (an L is its own mirror
    // image turned).
    check_expanded(
        &[&L[0]],
        &[&I3_ACROSS],
        Symmetries::Rotations,
        &all_l,
        &[&I3_ACROSS, &I3_DOWN],
        9,
    );
}

#[test]
fn boards_read_as_the_grid_rulesets_read_them() {
    for text in ["..|.x", "..|...", "", "|", ".#.|#.#", "  . . | # . "] {
        let ours = PlacementGame::parse(text).map(|b| b.to_string());
        let theirs = Domineering::parse(text).map(|b| b.to_string());
        assert_eq!(ours, theirs, "{text:?}");
    }
}

//! The grid rulesets' values against their game trees, on every position
//! up to a size: the outcome class of the value (computed with the splits
//! into regions and the normalisation) is the class a search of the rules
//! finds, written here on plain grids of cells; the value equals the
//! canonical form computed from the moves alone, with no split; and the
//! outcome of the sum of two positions, computed from their values, is what
//! the search of the sum finds. Impartial rulesets: the value is `*g`, g
//! the Grundy value a plain mex search of the rules finds.

use cgt_core::canonical::GameStore;
use cgt_core::impartial::{GrundyMemo, ImpartialGame};
use cgt_core::outcome::Side;
use cgt_core::partizan::{PartizanGame, ValueMemo};
use cgt_rulesets::ParseError;
use cgt_rulesets::amazons::{Amazons, Arena, Square};
use cgt_rulesets::cram::{Cells, Cram};
use cgt_rulesets::fission::Fission;
use cgt_rulesets::gen_clobber::{GenClobber, Pieces};
use cgt_rulesets::konane::Konane;
use cgt_rulesets::nogo::NoGo;
use cgt_rulesets::ski_jumps::{SkiJumps, Skier, Slope};

mod common;
use common::{MovesOnly, check_against};

/// Every board of `rows × cols` cells, each cell one of `symbols`, as text.
fn all_boards(rows: usize, cols: usize, symbols: &[char]) -> Vec<String> {
    let k = symbols.len();
    let cells = rows * cols;
    let count = k.pow(cells as u32);
    assert!(count <= 1 << 18, "{rows} x {cols} is too many boards");
    (0..count)
        .map(|code| {
            (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| symbols[code / k.pow((r * cols + c) as u32) % k])
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect()
}

/// A board as rows × cols cells, row by row, each a small code.
type Plain = (usize, usize, Vec<u8>);

/// The steps `(dr, dc)`, each of -2 to 2, that `keep` keeps.
fn steps(keep: fn(isize, isize) -> bool) -> Vec<(isize, isize)> {
    (-2..=2)
        .flat_map(|dr| (-2..=2).map(move |dc| (dr, dc)))
        .filter(|&(dr, dc)| keep(dr, dc))
        .collect()
}

/// The eight queen (and king) directions.
fn compass() -> Vec<(isize, isize)> {
    steps(|dr, dc| dr.abs().max(dc.abs()) == 1)
}

/// The four orthogonal steps.
fn orthogonal() -> Vec<(isize, isize)> {
    steps(|dr, dc| dr.abs() + dc.abs() == 1)
}

/// The eight knight jumps.
fn knight() -> Vec<(isize, isize)> {
    steps(|dr, dc| dr.abs() * dc.abs() == 2)
}

/// Every board of the shapes `shapes` over `symbols`, read by `parse`.
fn boards<P>(
    shapes: &[(usize, usize)],
    symbols: &[char],
    parse: impl Fn(&str) -> Result<P, ParseError>,
) -> Vec<P> {
    shapes
        .iter()
        .flat_map(|&(rows, cols)| all_boards(rows, cols, symbols))
        .map(|t| parse(&t).expect("a board"))
        .collect()
}

/// The cell `k` steps from (r, c) in direction `d`, if on the board.
fn ray(
    rows: usize,
    cols: usize,
    (r, c): (usize, usize),
    d: (isize, isize),
    k: isize,
) -> Option<usize> {
    let r2 = r as isize + d.0 * k;
    let c2 = c as isize + d.1 * k;
    if r2 < 0 || c2 < 0 || r2 >= rows as isize || c2 >= cols as isize {
        None
    } else {
        Some(r2 as usize * cols + c2 as usize)
    }
}

/// Amazons from the rules alone on a plain grid: 0 empty, 1 Left's amazon,
/// 2 Right's, 3 burned.
#[derive(Clone)]
struct PlainAmazons;

impl PartizanGame for PlainAmazons {
    type Position = Plain;
    fn options(&self, (rows, cols, cells): &Plain, side: Side, out: &mut Vec<Plain>) {
        let (rows, cols) = (*rows, *cols);
        let me = if side == Side::Left { 1 } else { 2 };
        for from in 0..rows * cols {
            if cells[from] != me {
                continue;
            }
            for d in compass() {
                for k in 1.. {
                    let Some(to) = ray(rows, cols, (from / cols, from % cols), d, k) else {
                        break;
                    };
                    if cells[to] != 0 {
                        break;
                    }
                    let mut moved = cells.clone();
                    moved[from] = 0;
                    moved[to] = me;
                    for a in compass() {
                        for l in 1.. {
                            let Some(arrow) = ray(rows, cols, (to / cols, to % cols), a, l) else {
                                break;
                            };
                            if moved[arrow] != 0 {
                                break;
                            }
                            let mut burned = moved.clone();
                            burned[arrow] = 3;
                            out.push((rows, cols, burned));
                        }
                    }
                }
            }
        }
    }
}

fn plain_arena(board: &Arena) -> Plain {
    let (rows, cols) = (board.rows(), board.cols());
    let cells = (0..rows * cols)
        .map(|i| match board.square(i / cols, i % cols) {
            Square::Empty => 0,
            Square::Amazon(Side::Left) => 1,
            Square::Amazon(Side::Right) => 2,
            Square::Burned => 3,
        })
        .collect();
    (rows, cols, cells)
}

#[test]
fn amazons_values_agree_with_the_game_tree() {
    // N = 9: every board of up to 7 squares in a row, every 2 × 2, 2 × 3
    // and 3 × 2 board (4 kinds of square), the 2 × 4 boards with at most
    // three amazons and the 3 × 3 boards with at most two; the first 341
    // (rows of up to 4 squares) in pairs.
    let shapes = [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 5),
        (1, 6),
        (1, 7),
        (2, 2),
        (2, 3),
        (3, 2),
    ];
    let mut boards = boards(&shapes, &['.', 'x', 'o', '#'], Amazons::parse);
    for t in all_boards(2, 4, &['.', 'x', 'o', '#']) {
        if t.matches('x').count() + t.matches('o').count() <= 3 {
            boards.push(Amazons::parse(&t).expect("a board"));
        }
    }
    // Every 3 × 3 board with at most two amazons.
    for t in all_boards(3, 3, &['.', 'x', 'o', '#']) {
        if t.matches('x').count() + t.matches('o').count() <= 2 {
            boards.push(Amazons::parse(&t).expect("a board"));
        }
    }
    check_against("amazons", Amazons, PlainAmazons, plain_arena, &boards, 341);
}

/// Cram from the rules alone on a plain grid (1 empty, 0 filled), with no
/// trimming, dropping of dead cells, symmetries or split.
struct PlainCram;

impl ImpartialGame for PlainCram {
    type Position = Plain;
    fn options(&self, (rows, cols, cells): &Plain, out: &mut Vec<Plain>) {
        for (down, right) in [(1, 0), (0, 1)] {
            for r in 0..rows.saturating_sub(down) {
                for c in 0..cols.saturating_sub(right) {
                    let (a, b) = (r * cols + c, (r + down) * cols + c + right);
                    if cells[a] == 1 && cells[b] == 1 {
                        let mut next = cells.clone();
                        next[a] = 0;
                        next[b] = 0;
                        out.push((*rows, *cols, next));
                    }
                }
            }
        }
    }
}

fn plain_cells(board: &Cells) -> Plain {
    let (rows, cols) = (board.rows(), board.cols());
    let cells = (0..rows * cols)
        .map(|i| u8::from(board.is_empty(i / cols, i % cols)))
        .collect();
    (rows, cols, cells)
}

#[test]
fn cram_values_are_the_grundy_values_of_the_game_tree() {
    // N = 16: every board of up to 16 cells in these shapes.
    let shapes = [
        (1, 8),
        (2, 3),
        (2, 5),
        (3, 3),
        (2, 6),
        (3, 4),
        (4, 3),
        (3, 5),
        (4, 4),
    ];
    let boards = boards(&shapes, &['#', '.'], Cram::parse);
    let mut store = GameStore::new();
    let mut values = ValueMemo::new(Cram);
    let mut plain = ValueMemo::new(MovesOnly(Cram));
    let mut grundy = GrundyMemo::new(Cram);
    let mut search = GrundyMemo::new(PlainCram);
    for board in &boards {
        let g = search.grundy(&plain_cells(board)).value();
        assert_eq!(grundy.grundy(board).value(), g, "Grundy value of {board}");
        let v = values.value(&mut store, board).expect("small values");
        assert_eq!(v, store.nimber(g), "value of {board}: {}", store.display(v));
        let w = plain.value(&mut store, board).expect("small values");
        assert_eq!(v, w, "value of {board} with and without the split");
    }
}

#[test]
fn cram_example_is_star_four() {
    // The example `cram(.........|##.######)`, by the plain mex search.
    let board = Cram::parse(".........|##.######").expect("a board");
    let mut search = GrundyMemo::new(PlainCram);
    assert_eq!(search.grundy(&plain_cells(&board)).value(), 4);
    let mut store = GameStore::new();
    let v = ValueMemo::new(Cram)
        .value(&mut store, &board)
        .expect("small");
    assert_eq!(store.display(v), "*4");
}

/// A Clobber variant from CGSuite's `GenClobber` schema, on a plain grid
/// (0 empty, 1 Left's stone, 2 Right's, 3 off the board): a stone at `c`
/// looks along a direction `d`, past empty squares if it slides, at the
/// square `p` it reaches; if `p` holds a value in `onto` (given for Left,
/// with 1 and 2 swapped for Right), `p` gets the stone and `c` gets
/// `behind` (given for Left, likewise swapped).
#[derive(Clone)]
struct PlainGenClobber {
    directions: Vec<(isize, isize)>,
    onto: Vec<u8>,
    behind: u8,
    slide: bool,
}

fn swap_colours(v: u8) -> u8 {
    match v {
        1 => 2,
        2 => 1,
        v => v,
    }
}

impl PartizanGame for PlainGenClobber {
    type Position = Plain;
    fn options(&self, (rows, cols, cells): &Plain, side: Side, out: &mut Vec<Plain>) {
        let (rows, cols) = (*rows, *cols);
        let colour = |v: u8| {
            if side == Side::Left {
                v
            } else {
                swap_colours(v)
            }
        };
        let me = colour(1);
        for c in 0..rows * cols {
            if cells[c] != me {
                continue;
            }
            for &d in &self.directions {
                let mut n = 1;
                let at = |n| ray(rows, cols, (c / cols, c % cols), d, n);
                while self.slide && at(n).is_some_and(|p| cells[p] == 0) {
                    n += 1;
                }
                let Some(p) = at(n) else { continue };
                if self.onto.iter().any(|&v| colour(v) == cells[p]) {
                    let mut next = cells.clone();
                    next[c] = colour(self.behind);
                    next[p] = me;
                    out.push((rows, cols, next));
                }
            }
        }
    }
}

fn plain_pieces(board: &Pieces) -> Plain {
    let (rows, cols) = (board.rows(), board.cols());
    let cells = (0..rows * cols)
        .map(|i| {
            let (r, c) = (i / cols, i % cols);
            match board.stone(r, c) {
                _ if !board.is_on_board(r, c) => 3,
                Some(Side::Left) => 1,
                Some(Side::Right) => 2,
                None => 0,
            }
        })
        .collect();
    (rows, cols, cells)
}

/// Rows of up to 4 squares of x, o and . (3 + 9 + 27 + 81 = 120 boards),
/// then the larger shapes.
const STONE_SHAPES: [(usize, usize); 10] = [
    (1, 1),
    (1, 2),
    (1, 3),
    (1, 4),
    (1, 7),
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (3, 3),
];

/// Rows of up to 4 squares, one of `long_row` and the shapes of 4 to 8
/// squares; with 4 kinds of square (squares off the board too), the rows
/// of up to 3 squares (4 + 16 + 64 = 84 boards) come first.
fn walled_shapes(long_row: usize) -> [(usize, usize); 9] {
    [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, long_row),
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
    ]
}

#[test]
fn clobber_variants_agree_with_the_game_tree() {
    // Each variant, its plain rules (directions, what a stone moves onto,
    // what it leaves behind, whether it slides), its boards (N = 9: every
    // board of up to 9 squares in these shapes) and how many of the first
    // are summed in pairs.
    let stones: &[char] = &['.', 'x', 'o'];
    let walled: &[char] = &['.', 'x', 'o', '#'];
    let table = [
        ("kings", GenClobber::KINGS, compass(), vec![2], 0, false),
        ("knights", GenClobber::KNIGHTS, knight(), vec![2], 0, false),
        ("rooks", GenClobber::ROOKS, orthogonal(), vec![2], 0, true),
        ("queens", GenClobber::QUEENS, compass(), vec![2], 0, true),
        (
            "hot_clobber",
            GenClobber::HOT_CLOBBER,
            orthogonal(),
            vec![1, 2],
            0,
            false,
        ),
        (
            "anticlobber",
            GenClobber::ANTI_CLOBBER,
            orthogonal(),
            vec![0],
            2,
            false,
        ),
    ];
    for (name, game, directions, onto, behind, slide) in table {
        let plain = PlainGenClobber {
            directions,
            onto,
            behind,
            slide,
        };
        // N = 8 with squares off the board for Anti-Clobber.
        let (shapes, symbols, pairs) = if game == GenClobber::ANTI_CLOBBER {
            (walled_shapes(6).to_vec(), walled, 84)
        } else {
            (STONE_SHAPES.to_vec(), stones, 120)
        };
        let boards = boards(&shapes, symbols, |t| game.parse(t));
        check_against(name, game, plain, plain_pieces, &boards, pairs);
    }
}

/// Konane from the rules alone on a plain grid (0 empty, 1 Left's stone,
/// 2 Right's, 3 off the board).
#[derive(Clone)]
struct PlainKonane;

impl PartizanGame for PlainKonane {
    type Position = Plain;
    fn options(&self, (rows, cols, cells): &Plain, side: Side, out: &mut Vec<Plain>) {
        let (rows, cols) = (*rows, *cols);
        let (me, them) = if side == Side::Left { (1, 2) } else { (2, 1) };
        for c in 0..rows * cols {
            if cells[c] != me {
                continue;
            }
            for d in orthogonal() {
                let at = |n| ray(rows, cols, (c / cols, c % cols), d, n);
                let mut next = cells.clone();
                next[c] = 0;
                for k in 0.. {
                    let (Some(over), Some(to)) = (at(2 * k + 1), at(2 * k + 2)) else {
                        break;
                    };
                    if cells[over] != them || cells[to] != 0 {
                        break;
                    }
                    next[over] = 0;
                    let mut landed = next.clone();
                    landed[to] = me;
                    out.push((rows, cols, landed));
                }
            }
        }
    }
}

#[test]
fn konane_values_agree_with_the_game_tree() {
    // N = 8 (4 kinds of square), rows of up to 3 squares in pairs.
    let boards = boards(&walled_shapes(8), &['.', 'x', 'o', '#'], Konane::parse);
    check_against("konane", Konane, PlainKonane, plain_pieces, &boards, 84);
}

/// Fission from the rules alone on a plain grid (0 empty, 1 a stone, 3 off
/// the board): Left splits a stone onto the empty squares above and below
/// it, Right onto those left and right of it.
#[derive(Clone)]
struct PlainFission;

impl PartizanGame for PlainFission {
    type Position = Plain;
    fn options(&self, (rows, cols, cells): &Plain, side: Side, out: &mut Vec<Plain>) {
        let (rows, cols) = (*rows, *cols);
        let d = if side == Side::Left { (1, 0) } else { (0, 1) };
        for c in 0..rows * cols {
            let at = |n| ray(rows, cols, (c / cols, c % cols), d, n);
            if cells[c] != 1 {
                continue;
            }
            if let (Some(a), Some(b)) = (at(-1), at(1))
                && cells[a] == 0
                && cells[b] == 0
            {
                let mut next = cells.clone();
                next[c] = 0;
                next[a] = 1;
                next[b] = 1;
                out.push((rows, cols, next));
            }
        }
    }
}

#[test]
fn fission_values_agree_with_the_game_tree() {
    // N = 10 (3 kinds of square), rows of up to 4 squares in pairs.
    let shapes = [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 8),
        (3, 3),
        (2, 4),
        (4, 2),
        (2, 5),
        (5, 2),
    ];
    let boards = boards(&shapes, &['.', 'x', '#'], Fission::parse);
    check_against("fission", Fission, PlainFission, plain_pieces, &boards, 120);
}

/// NoGo from the rules alone on a plain grid (0 empty, 1 black, 2 white, 3
/// off the board): a stone may be placed on an empty point when afterwards
/// every group on the board has a liberty.
#[derive(Clone)]
struct PlainNoGo;

/// Whether every group of stones on `cells` has an empty neighbour.
fn every_group_breathes(rows: usize, cols: usize, cells: &[u8]) -> bool {
    let next_to = |p: usize| {
        let (r, c) = (p / cols, p % cols);
        orthogonal()
            .into_iter()
            .filter_map(move |d| ray(rows, cols, (r, c), d, 1))
    };
    let mut seen = vec![false; cells.len()];
    for start in 0..cells.len() {
        if seen[start] || !matches!(cells[start], 1 | 2) {
            continue;
        }
        let (mut stack, mut liberty) = (vec![start], false);
        seen[start] = true;
        while let Some(p) = stack.pop() {
            for q in next_to(p) {
                if cells[q] == 0 {
                    liberty = true;
                } else if cells[q] == cells[start] && !seen[q] {
                    seen[q] = true;
                    stack.push(q);
                }
            }
        }
        if !liberty {
            return false;
        }
    }
    true
}

impl PartizanGame for PlainNoGo {
    type Position = Plain;
    fn options(&self, (rows, cols, cells): &Plain, side: Side, out: &mut Vec<Plain>) {
        let me = if side == Side::Left { 1 } else { 2 };
        for p in 0..cells.len() {
            if cells[p] == 0 {
                let mut next = cells.clone();
                next[p] = me;
                if every_group_breathes(*rows, *cols, &next) {
                    out.push((*rows, *cols, next));
                }
            }
        }
    }
}

#[test]
fn nogo_values_agree_with_the_game_tree() {
    // N = 9 (4 kinds of point up to 8 points, 3 kinds on 3 × 3; boards with a group without a liberty are
    // no positions and are checked to be refused), rows of up to 3 points
    // in pairs.
    let mut boards = Vec::new();
    for (rows, cols) in walled_shapes(8) {
        for text in all_boards(rows, cols, &['.', 'x', 'o', '#']) {
            let plain = match NoGo::parse(&text) {
                Ok(board) => {
                    boards.push(board);
                    plain_pieces(&board)
                }
                Err(_) => {
                    let cells = text
                        .chars()
                        .filter(|&c| c != '|')
                        .map(|c| match c {
                            '.' => 0,
                            'x' => 1,
                            'o' => 2,
                            _ => 3,
                        })
                        .collect::<Vec<u8>>();
                    (rows, cols, cells)
                }
            };
            assert_eq!(
                NoGo::parse(&text).is_ok(),
                every_group_breathes(plain.0, plain.1, &plain.2),
                "{text}"
            );
        }
    }
    // And every 3 × 3 board of black, white and empty points.
    boards.extend(
        all_boards(3, 3, &['.', 'x', 'o'])
            .iter()
            .filter_map(|t| NoGo::parse(t).ok()),
    );
    check_against("nogo", NoGo, PlainNoGo, plain_pieces, &boards, 40);
}

/// Ski-Jumps from the rules alone on a plain grid (0 empty, 1 Left's
/// jumper, 2 Left's slipper, 3 Right's jumper, 4 Right's slipper), with no
/// trimming or split.
#[derive(Clone)]
struct PlainSkiJumps;

impl PartizanGame for PlainSkiJumps {
    type Position = Plain;
    fn options(&self, (rows, cols, cells): &Plain, side: Side, out: &mut Vec<Plain>) {
        let (rows, cols) = (*rows, *cols);
        let (mine, theirs, way, jumper, their_slipper) = match side {
            Side::Left => ([1, 2], [3, 4], 1isize, 1, 4),
            Side::Right => ([3, 4], [1, 2], -1, 3, 2),
        };
        for p in 0..rows * cols {
            if !mine.contains(&cells[p]) {
                continue;
            }
            let (r, c) = (p / cols, p % cols);
            for k in 1.. {
                let mut next = cells.clone();
                next[p] = 0;
                match ray(rows, cols, (r, c), (0, way), k) {
                    None => {
                        out.push((rows, cols, next));
                        break;
                    }
                    Some(q) if cells[q] == 0 => {
                        next[q] = cells[p];
                        out.push((rows, cols, next));
                    }
                    Some(_) => break,
                }
            }
            if cells[p] == jumper
                && let (Some(over), Some(to)) = (
                    ray(rows, cols, (r, c), (1, 0), 1),
                    ray(rows, cols, (r, c), (1, 0), 2),
                )
                && theirs.contains(&cells[over])
                && cells[to] == 0
            {
                let mut next = cells.clone();
                next[p] = 0;
                next[over] = their_slipper;
                next[to] = jumper;
                out.push((rows, cols, next));
            }
        }
    }
}

fn plain_slope(slope: &Slope) -> Plain {
    let (rows, cols) = (slope.rows(), slope.cols());
    let cells = (0..rows * cols)
        .map(|i| match slope.skier(i / cols, i % cols) {
            None => 0,
            Some(Skier {
                side: Side::Left,
                jumper,
            }) => {
                if jumper {
                    1
                } else {
                    2
                }
            }
            Some(Skier {
                side: Side::Right,
                jumper,
            }) => {
                if jumper {
                    3
                } else {
                    4
                }
            }
        })
        .collect();
    (rows, cols, cells)
}

#[test]
fn ski_jumps_values_agree_with_the_game_tree() {
    // N = 9: every board of up to 6 squares in these shapes (5 kinds of
    // square), and those of 3 × 3 and 4 × 2 with at most 3 skiers; rows of
    // up to 3 squares (5 + 25 + 125 = 155) in pairs.
    let symbols = ['.', 'L', 'l', 'R', 'r'];
    let shapes = [
        (1, 1),
        (1, 2),
        (1, 3),
        (1, 4),
        (1, 6),
        (2, 2),
        (2, 3),
        (3, 2),
    ];
    let mut boards = boards(&shapes, &symbols, SkiJumps::parse);
    for (rows, cols) in [(3, 3), (4, 2)] {
        let cells = rows * cols;
        let mut count = 0;
        for code in 0..5usize.pow(cells as u32) {
            let digits: Vec<usize> = (0..cells)
                .map(|i| code / 5usize.pow(i as u32) % 5)
                .collect();
            if digits.iter().filter(|&&d| d != 0).count() > 3 {
                continue;
            }
            let text = (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| symbols[digits[r * cols + c]])
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("|");
            boards.push(SkiJumps::parse(&text).expect("a board"));
            count += 1;
        }
        assert!(count > 1000);
    }
    check_against(
        "ski_jumps",
        SkiJumps,
        PlainSkiJumps,
        plain_slope,
        &boards,
        155,
    );
}

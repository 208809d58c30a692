//! Generalised King Dirt (MCGS's `gen_king_dirt`) against its game tree,
//! on every board up to a size with a few counts of kings to place: the
//! outcome of the value (with the split) is what a plain search of the
//! rules finds, the value is the canonical form found with no split, sums
//! of two positions agree with the search of the sum, and the solver
//! agrees (the shared checks); then results MCGS's test files state.

use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use cgt_rulesets::gen_king_dirt::{Field, GenKingDirt};
use cgt_rulesets::solve::Solver;

mod common;
use common::check_against;

/// A position as the rules say it: rows, columns, the cells row by row
/// (`.`, `x`, `o`, `#`), the kings Left and Right have to place, and
/// whether they must place.
type Plain = (usize, usize, Vec<char>, usize, usize, bool);

/// King Dirt from MCGS's rules alone: place a king of yours on an empty
/// cell while you have one to place, or (unless you must place and have
/// one) step a king of yours to an empty cell among the eight around it,
/// the cell it leaves turning to dirt.
#[derive(Clone)]
struct PlainKingDirt;

impl PartizanGame for PlainKingDirt {
    type Position = Plain;
    fn options(&self, position: &Plain, side: Side, out: &mut Vec<Plain>) {
        let (rows, cols, cells, left, right, must) = position;
        let (me, mine) = if side == Side::Left {
            ('x', *left)
        } else {
            ('o', *right)
        };
        let mut placed = false;
        if mine > 0 {
            for i in 0..cells.len() {
                if cells[i] == '.' {
                    let mut next = cells.clone();
                    next[i] = me;
                    let (l, r) = if side == Side::Left {
                        (left - 1, *right)
                    } else {
                        (*left, right - 1)
                    };
                    out.push((*rows, *cols, next, l, r, *must));
                    placed = true;
                }
            }
        }
        if *must && placed {
            return;
        }
        let (rows, cols) = (*rows as isize, *cols as isize);
        for r in 0..rows {
            for c in 0..cols {
                if cells[(r * cols + c) as usize] != me {
                    continue;
                }
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        let (nr, nc) = (r + dr, c + dc);
                        if (dr, dc) == (0, 0)
                            || !(0..rows).contains(&nr)
                            || !(0..cols).contains(&nc)
                        {
                            continue;
                        }
                        let to = (nr * cols + nc) as usize;
                        if cells[to] == '.' {
                            let mut next = cells.clone();
                            next[(r * cols + c) as usize] = '#';
                            next[to] = me;
                            out.push((rows as usize, cols as usize, next, *left, *right, *must));
                        }
                    }
                }
            }
        }
    }
}

fn plain(field: &Field) -> Plain {
    let board = field.board();
    let (rows, cols) = (board.rows(), board.cols());
    let cells = (0..rows * cols)
        .map(|i| board.symbol(i / cols, i % cols).expect("on the board"))
        .collect();
    (
        rows,
        cols,
        cells,
        field.unplaced(Side::Left),
        field.unplaced(Side::Right),
        field.must_place(),
    )
}

/// Every board of `rows` × `cols` cells of `symbols`, with the prefix
/// `prefix`.
fn fields(rows: usize, cols: usize, symbols: &[char], prefix: &str) -> Vec<Field> {
    let cells = rows * cols;
    let k = symbols.len();
    (0..k.pow(cells as u32))
        .map(|code| {
            let text: Vec<String> = (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| symbols[code / k.pow((r * cols + c) as u32) % k])
                        .collect()
                })
                .collect();
            GenKingDirt::parse(&format!("{prefix}{}", text.join("|"))).expect("a position")
        })
        .collect()
}

#[test]
fn gen_king_dirt_values_agree_with_the_game_tree() {
    let mut all = Vec::new();
    let symbols = ['.', 'x', 'o', '#'];
    // No kings to place: every board of up to 4 cells, and 2 × 3 boards
    // (the diagonal steps) without dirt.
    for (rows, cols) in [(1, 1), (1, 2), (1, 3), (2, 2), (1, 4)] {
        all.extend(fields(rows, cols, &symbols, ""));
    }
    all.extend(fields(2, 3, &['.', 'x', 'o'], ""));
    // Kings to place, with and without must place.
    for prefix in ["1,0,0:", "0,1,1:", "1,1,0:", "1,1,1:", "2,1,0:", "2,1,1:"] {
        for (rows, cols) in [(1, 2), (1, 3), (2, 2)] {
            all.extend(fields(rows, cols, &symbols, prefix));
        }
    }
    all.sort();
    all.dedup();
    check_against("gen_king_dirt", GenKingDirt, PlainKingDirt, plain, &all, 60);
}

/// Results MCGS v1.7's test files state for its `gen_king_dirt` positions
/// (`input/autotests/gen_king_dirt/*.test`, "Results from: CGSuite
/// 2.2-beta2"), a few typed in here: the position as MCGS writes it (`X`
/// Black is Left, `O` White is Right), then whether Left first wins and
/// whether Right first wins.
#[test]
fn gen_king_dirt_agrees_with_mcgs_test_files() {
    let cases = [
        // 3x3_110.test
        ("1,1,0:X..|.#.|.X#", true, false),
        ("1,1,0:..X|...|..O", true, true),
        ("1,1,0:..O|.X.|.X.", false, false),
        ("1,1,0:O..|..#|.#.", false, true),
        // 3x3_111.test
        ("1,1,1:.X.|.O.|OX.", true, true),
        ("1,1,1:...|.O.|.O.", false, true),
        ("1,1,1:.#X|..O|.#O", false, false),
        // 3x3_220.test
        ("2,2,0:#.O|O..|.#X", false, false),
        ("2,2,0:...|#..|..X", true, true),
        // 4x4_111.test
        ("1,1,1:....|....|.X.#|#...", true, false),
        ("1,1,1:O...|OO.#|#...|...#", false, true),
    ];
    let mut store = cgt_core::canonical::GameStore::new();
    let mut solver = Solver::new();
    for (mcgs, left_wins, right_wins) in cases {
        let expr = format!(
            "gen_king_dirt({})",
            mcgs.replace('X', "x").replace('O', "o")
        );
        for (side, wins) in [(Side::Left, left_wins), (Side::Right, right_wins)] {
            let answer = solver.solve(&mut store, &expr, side).expect("reads");
            assert_eq!(answer.winner == side, wins, "{expr}, {side:?} first");
        }
    }
}

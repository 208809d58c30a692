//! Sheep (MCGS's `sheep`) against its game tree, on every board up to a
//! size: the outcome of the value (with the split into regions) is what a
//! plain search of the rules finds, the value is the canonical form found
//! with no split, sums of two boards agree with the search of the sum, and
//! the solver agrees (the shared checks); then a few values worked by
//! hand.

use cgt_core::canonical::GameStore;
use cgt_core::outcome::Side;
use cgt_core::partizan::{PartizanGame, ValueMemo};
use cgt_rulesets::sheep::{Pasture, Sheep};

mod common;
use common::check_against;

/// A board as the rules say it: rows, columns, the herds row by row.
type Plain = (usize, usize, Vec<i8>);

/// Sheep from MCGS's rules alone: a herd of n >= 2 of the mover's sends
/// 1..n-1 of its sheep in one of the six directions (up, up-right, right,
/// down, down-left, left) to the last empty cell before a herd or the
/// edge, at least one cell away.
#[derive(Clone)]
struct PlainSheep;

impl PartizanGame for PlainSheep {
    type Position = Plain;
    fn options(&self, (rows, cols, herds): &Plain, side: Side, out: &mut Vec<Plain>) {
        let sign = if side == Side::Left { 1 } else { -1 };
        let (rows, cols) = (*rows as isize, *cols as isize);
        for r in 0..rows {
            for c in 0..cols {
                let n = herds[(r * cols + c) as usize] * sign;
                if n < 2 {
                    continue;
                }
                for (dr, dc) in [(-1, 0), (-1, 1), (0, 1), (1, 0), (1, -1), (0, -1)] {
                    let (mut er, mut ec) = (r, c);
                    loop {
                        let (nr, nc) = (er + dr, ec + dc);
                        let inside = (0..rows).contains(&nr) && (0..cols).contains(&nc);
                        if !inside || herds[(nr * cols + nc) as usize] != 0 {
                            break;
                        }
                        (er, ec) = (nr, nc);
                    }
                    if (er, ec) == (r, c) {
                        continue;
                    }
                    for k in 1..n {
                        let mut next = herds.clone();
                        next[(r * cols + c) as usize] = (n - k) * sign;
                        next[(er * cols + ec) as usize] = k * sign;
                        out.push((rows as usize, cols as usize, next));
                    }
                }
            }
        }
    }
}

fn plain(board: &Pasture) -> Plain {
    let (rows, cols) = (board.rows(), board.cols());
    let herds = (0..rows * cols)
        .map(|i| board.herd(i / cols, i % cols))
        .collect();
    (rows, cols, herds)
}

/// Every board of `rows` × `cols` cells holding the herds `herds`.
fn boards(rows: usize, cols: usize, herds: &[i8]) -> Vec<Pasture> {
    let cells = rows * cols;
    let k = herds.len();
    (0..k.pow(cells as u32))
        .map(|code| {
            let text: Vec<String> = (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| herds[code / k.pow((r * cols + c) as u32) % k].to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect();
            Sheep::parse(&text.join("|")).expect("a board")
        })
        .collect()
}

#[test]
fn sheep_values_agree_with_the_game_tree() {
    let herds = [0, 2, -2, 3, -3, 1, -1];
    let mut all = Vec::new();
    for (rows, cols) in [(1, 1), (1, 2), (2, 1), (1, 3), (1, 4), (2, 2)] {
        all.extend(boards(rows, cols, &herds));
    }
    // Wider boards with fewer kinds of herd: the diagonal neighbours.
    for (rows, cols) in [(2, 3), (3, 2)] {
        all.extend(boards(rows, cols, &[0, 2, -3, 1]));
    }
    check_against("sheep", Sheep, PlainSheep, plain, &all, 60);
}

#[test]
fn sheep_values_worked_by_hand() {
    let mut store = GameStore::new();
    let mut memo = ValueMemo::new(Sheep);
    let mut value = |text: &str| {
        let v = memo
            .value(&mut store, &Sheep::parse(text).expect("a board"))
            .expect("a small value");
        store.display(v)
    };
    // Left's herd of 2 has one move, to the empty cell; Right has none.
    assert_eq!(value("2,0"), "1");
    // A herd of 3: two moves (1 or 2 sheep), each leaving no move.
    assert_eq!(value("3,0"), "1");
    // Whoever moves first takes the one empty cell.
    assert_eq!(value("2,0,-2"), "*");
    // Walls of 1 keep the two herds apart: 1 + -1.
    assert_eq!(value("2,0,1,0,-2"), "0");
    // Down-left is a neighbour, down-right is not: the herd in the top
    // right cell reaches the bottom left one; from the top left cell, the
    // bottom right one is out of reach.
    assert_eq!(value("1,2|0,1"), "1");
    assert_eq!(value("2,1|1,0"), "0");
}

//! Each ruleset's values against its game tree, on every position up to a
//! size: the outcome class of the value (computed with the splits into
//! components and the normalisation) is the class the search of the rules
//! finds; the value equals the canonical form computed from the moves
//! alone, with no split; and the outcome of the sum of two positions,
//! computed from their values, is what the search of the sum finds.

use cgt_core::outcome::Side;
use cgt_core::partizan::PartizanGame;
use cgt_rulesets::Colour;
use cgt_rulesets::clobber::Clobber;
use cgt_rulesets::domineering::{Domineering, Grid};
use cgt_rulesets::hackenbush::{Graph, Hackenbush};
use cgt_rulesets::toppling::{Dominoes, Toppling};

mod common;
use common::check_against;

/// [`check_against`] with the game itself as the reference (its moves are
/// the rules', with no normalisation).
fn check<G: PartizanGame + Clone>(name: &str, game: G, positions: &[G::Position], pairs: usize)
where
    G::Position: std::fmt::Debug + std::fmt::Display,
{
    check_against(
        name,
        game.clone(),
        game,
        G::Position::clone,
        positions,
        pairs,
    );
}

/// Domineering from the rules alone, on a grid of booleans (true = empty),
/// with no bitboards, trimming or reflections.
#[derive(Clone)]
struct PlainDomineering;

impl PartizanGame for PlainDomineering {
    /// Rows, columns and the cells row by row.
    type Position = (usize, usize, Vec<bool>);
    fn options(
        &self,
        (rows, cols, cells): &Self::Position,
        side: Side,
        out: &mut Vec<Self::Position>,
    ) {
        let (down, right) = match side {
            Side::Left => (1, 0),
            Side::Right => (0, 1),
        };
        for r in 0..rows.saturating_sub(down) {
            for c in 0..cols.saturating_sub(right) {
                let (a, b) = (r * cols + c, (r + down) * cols + c + right);
                if cells[a] && cells[b] {
                    let mut next = cells.clone();
                    next[a] = false;
                    next[b] = false;
                    out.push((*rows, *cols, next));
                }
            }
        }
    }
}

fn plain_grid(grid: &Grid) -> (usize, usize, Vec<bool>) {
    let (rows, cols) = (grid.rows(), grid.cols());
    let cells = (0..rows * cols)
        .map(|i| grid.is_empty(i / cols, i % cols))
        .collect();
    (rows, cols, cells)
}

/// Every subset of the cells of a `rows × cols` board, as text with the
/// two characters for "in" and "out".
fn all_boards(rows: usize, cols: usize, symbols: [char; 2]) -> Vec<String> {
    assert!(rows * cols <= 16);
    (0u32..1 << (rows * cols))
        .map(|mask| board_text(rows, cols, |i| symbols[(mask >> i & 1) as usize]))
        .collect()
}

fn board_text(rows: usize, cols: usize, cell: impl Fn(usize) -> char) -> String {
    (0..rows)
        .map(|r| (0..cols).map(|c| cell(r * cols + c)).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

#[test]
fn domineering_values_agree_with_the_game_tree() {
    let mut boards: Vec<Grid> = Vec::new();
    for (rows, cols) in [
        (2, 3),
        (1, 6),
        (3, 3),
        (2, 4),
        (4, 2),
        (2, 5),
        (3, 4),
        (4, 4),
        (3, 5),
    ] {
        boards.extend(
            all_boards(rows, cols, ['#', '.'])
                .iter()
                .map(|t| Domineering::parse(t).expect("a board")),
        );
    }
    // The first 64 boards (all of 2 × 3) are also summed in pairs.
    check_against(
        "domineering",
        Domineering,
        PlainDomineering,
        plain_grid,
        &boards,
        64,
    );
}

/// The memo keeps one board of each board and its transpose: every board
/// of up to 12 cells (all subsets of 1 × n to 3 × 4 and 4 × 3) is valued
/// from the kept one, negated, and equals the canonical form of the plain
/// search of its own moves; and the board kept answers for itself.
#[test]
fn transposed_domineering_boards_are_negatives() {
    use cgt_core::canonical::GameStore;
    use cgt_core::partizan::ValueMemo;
    let mut store = GameStore::new();
    let mut memo = ValueMemo::new(Domineering);
    let mut plain = ValueMemo::new(PlainDomineering);
    let mut negated = 0;
    for (rows, cols) in [
        (1, 12),
        (12, 1),
        (2, 6),
        (6, 2),
        (3, 4),
        (4, 3),
        (2, 2),
        (3, 3),
    ] {
        for text in all_boards(rows, cols, ['#', '.']) {
            let grid = Domineering::parse(&text).expect("a board");
            let expected = plain.value(&mut store, &plain_grid(&grid)).expect("small");
            assert_eq!(memo.value(&mut store, &grid), Ok(expected), "{text}");
            if let Some(kept) = Domineering.negative_of(&grid) {
                negated += 1;
                assert_eq!(Domineering.negative_of(&kept), None, "{text}: {kept}");
                let kept_value = plain.value(&mut store, &plain_grid(&kept)).expect("small");
                assert_eq!(store.neg(kept_value), expected, "{text}: {kept}");
            }
        }
    }
    assert!(negated > 1000, "{negated}");
}

#[test]
fn clobber_values_agree_with_the_game_tree() {
    let mut boards = Vec::new();
    for (rows, cols) in [(1, 4), (2, 2), (1, 7), (2, 3), (3, 3), (2, 4), (2, 5)] {
        let cells = rows * cols;
        for code in 0..3usize.pow(cells as u32) {
            let text = board_text(rows, cols, |i| {
                ['.', 'x', 'o'][code / 3usize.pow(i as u32) % 3]
            });
            boards.push(Clobber::parse(&text).expect("a board"));
        }
    }
    check("clobber", Clobber, &boards, 81 + 81);
}

/// Every string of `l`, `r` and `e` of length up to `most`, shortest first.
fn lre_strings(most: u32) -> Vec<String> {
    let mut strings = Vec::new();
    for len in 0..=most {
        for code in 0..3usize.pow(len) {
            strings.push(
                (0..len)
                    .map(|i| ['l', 'r', 'e'][code / 3usize.pow(i) % 3])
                    .collect(),
            );
        }
    }
    strings
}

#[test]
fn hackenbush_values_agree_with_the_game_tree() {
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    let mut graphs: Vec<Graph> = Vec::new();
    // Every stalk of up to 5 edges.
    for text in lre_strings(5) {
        graphs.push(Hackenbush::parse(&text).expect("a stalk"));
    }
    let stalks = graphs.len();
    // Every rooted tree of up to 5 edges (vertex i's parent below i, 0 the
    // ground) in every colouring.
    for edges in 1..=5usize {
        let mut parents = vec![0usize; edges];
        loop {
            for code in 0..3usize.pow(edges as u32) {
                let list: Vec<(usize, usize, Colour)> = (0..edges)
                    .map(|i| (parents[i], i + 1, colours[code / 3usize.pow(i as u32) % 3]))
                    .collect();
                graphs.push(Hackenbush::graph(edges + 1, &[0], &list).expect("a tree"));
            }
            // The next parent array: parents[i] in 0..=i.
            let Some(i) = (0..edges).rev().find(|&i| parents[i] < i) else {
                break;
            };
            parents[i] += 1;
            parents[i + 1..].iter_mut().for_each(|p| *p = 0);
        }
    }
    // Every graph of 3 edges between the ground (0, 1) and vertices 2, 3,
    // cycles and parallel edges included.
    let pairs = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3), (2, 2)];
    for a in 0..pairs.len() {
        for b in a..pairs.len() {
            for c in b..pairs.len() {
                for code in 0..27 {
                    let list: Vec<(usize, usize, Colour)> = [a, b, c]
                        .iter()
                        .enumerate()
                        .map(|(k, &p)| {
                            (
                                pairs[p].0,
                                pairs[p].1,
                                colours[code / 3usize.pow(k as u32) % 3],
                            )
                        })
                        .collect();
                    graphs.push(Hackenbush::graph(4, &[0, 1], &list).expect("a graph"));
                }
            }
        }
    }
    check("hackenbush", Hackenbush, &graphs, stalks.min(121));
}

#[test]
fn toppling_values_agree_with_the_game_tree() {
    let rows: Vec<Dominoes> = lre_strings(8)
        .iter()
        .map(|text| Toppling::parse(text).expect("a row"))
        .collect();
    // Rows of up to 4 dominoes (121) are summed in pairs.
    check("toppling", Toppling, &rows, 121);
}

#[test]
fn long_rows_and_stalks_are_valued_by_their_rules() {
    use cgt_core::canonical::GameStore;
    use cgt_rulesets::Rulesets;
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    let mut value = |store: &mut GameStore, name: &str, text: &str| {
        rulesets
            .resolve(store, name, text)
            .expect("a ruleset")
            .map(|v| store.display(v).to_string())
    };
    let blue = "l".repeat(2500);
    assert_eq!(value(&mut store, "toppling", &blue).as_deref(), Ok("2500"));
    let halves = format!("{}{}", "l".repeat(300), "r".repeat(300));
    assert_eq!(
        value(&mut store, "toppling", &halves).as_deref(),
        Ok("+-299")
    );
    let stalk = "l".repeat(100_000);
    assert_eq!(
        value(&mut store, "hackenbush", &stalk).as_deref(),
        Ok("100000")
    );
    // 99960 - 1/2^40: 40 edges above the change of colour fit.
    let stalk = format!("{}r{}", "l".repeat(99_960), "l".repeat(39));
    let expected = format!("{}/1099511627776", 99_960u64 * (1 << 40) - 1);
    assert_eq!(value(&mut store, "hackenbush", &stalk), Ok(expected));
    let stalk = format!("{}r{}", "l".repeat(50_000), "l".repeat(49_999));
    let error = value(&mut store, "hackenbush", &stalk).expect_err("overflows");
    assert!(error.contains("overflowed"), "{error}");

    // In steps, as Python asks: the same value as in one go.
    let row = format!("{}e{}rl", "l".repeat(20), "r".repeat(20));
    let whole = value(&mut store, "toppling", &row).expect("a value");
    let mut other = GameStore::new();
    let mut steps = Rulesets::new();
    let mut asked = 0;
    let stepped = loop {
        asked += 1;
        match steps.value_within(&mut other, "toppling", &row, 50) {
            Some(Ok(Some(v))) => break other.display(v).to_string(),
            Some(Ok(None)) => continue,
            answer => panic!("{answer:?}"),
        }
    };
    assert_eq!(stepped, whole);
    assert!(asked > 1, "{asked} steps");
}

//! The solver across rulesets: impartial terms against their Grundy values,
//! sums of different rulesets and notation against the outcome of the sum's
//! value, and `G - G`, which the second player wins, for every ruleset.
//! (Each ruleset's own positions and pairs are checked against a search of
//! its rules in the other test files, through `common::check_solver`.)

use cgt_core::canonical::GameStore;
use cgt_core::impartial::GrundyMemo;
use cgt_core::outcome::Side;
use cgt_rulesets::RULESETS;
use cgt_rulesets::Rulesets;
use cgt_rulesets::cram::Cram;
use cgt_rulesets::kayles::Kayles;
use cgt_rulesets::registry::Kind;
use cgt_rulesets::solve::Solver;
use std::collections::HashMap;

/// Who wins `expr` with each player first, by the solver with `budget`.
fn winners(solver: &mut Solver, store: &mut GameStore, expr: &str) -> (Side, Side) {
    let mut winner = |side| {
        solver
            .solve(store, expr, side)
            .unwrap_or_else(|e| panic!("{expr}: {e}"))
            .winner
    };
    (winner(Side::Left), winner(Side::Right))
}

#[test]
fn impartial_terms_are_won_by_the_mover_exactly_when_their_nim_sum_is_not_zero() {
    let mut kayles = GrundyMemo::new(Kayles);
    let mut cram = GrundyMemo::new(Cram);
    let boards = ["..", "...|...", "...|.#.|...", "....|....", "..#|...|#.."];
    for budget in [0, 20] {
        let mut store = GameStore::new();
        let mut solver = Solver::with_budget(budget);
        for a in 0..24u32 {
            for b in [0u32, 1, 5, 17] {
                let rows = format!("{a},{b}");
                let g = kayles.grundy(&Kayles::parse(&rows).unwrap()).value();
                for board in boards {
                    let h = cram.grundy(&Cram::parse(board).unwrap()).value();
                    let expr = format!("kayles({rows}) + cram({board})");
                    let expected = if g ^ h != 0 {
                        (Side::Left, Side::Right)
                    } else {
                        (Side::Right, Side::Left)
                    };
                    assert_eq!(winners(&mut solver, &mut store, &expr), expected, "{expr}");
                }
            }
        }
    }
}

/// The Grundy value of a Cram board (`cells[r][c]`: empty) from the rules
/// alone: the mex over every domino placed on two adjacent empty cells.
/// (Recursion as deep as the dominoes a board holds: at most 4 here.)
fn plain_cram(cells: &mut Vec<Vec<bool>>, memo: &mut HashMap<Vec<Vec<bool>>, u64>) -> u64 {
    if let Some(&g) = memo.get(cells) {
        return g;
    }
    let mut seen = Vec::new();
    for r in 0..cells.len() {
        for c in 0..cells[r].len() {
            for (dr, dc) in [(0, 1), (1, 0)] {
                let (r2, c2) = (r + dr, c + dc);
                if r2 < cells.len() && c2 < cells[r].len() && cells[r][c] && cells[r2][c2] {
                    cells[r][c] = false;
                    cells[r2][c2] = false;
                    seen.push(plain_cram(cells, memo));
                    cells[r][c] = true;
                    cells[r2][c2] = true;
                }
            }
        }
    }
    let g = (0..).find(|g| !seen.contains(g)).expect("a mex");
    memo.insert(cells.clone(), g);
    g
}

/// Every board of up to 3 × 3 cells (`.` and `#`), as the impartial
/// variant of Domineering, beside every nimber `*k` up to `*8`, and the
/// first boards in pairs beside each nimber up to `*4`: the search of
/// outcomes (budget 0: nothing valued first) wins exactly when the Grundy
/// values of the rules' mex search and `k` have a nim-sum that is not 0.
/// The nimbers are what Lemoine and Viennot's search takes apart: a
/// component with `*n` is won by a move of the nimber to its value below
/// `n`, and a part's value is added into the nimber the last part meets.
#[test]
fn every_small_impartial_board_beside_a_nimber_is_won_as_its_grundy_value_says() {
    let mut memo = HashMap::new();
    let mut boards = Vec::new();
    for rows in 1..=3 {
        for cols in 1..=3 {
            for code in 0u32..1 << (rows * cols) {
                let mut cells: Vec<Vec<bool>> = (0..rows)
                    .map(|r| (0..cols).map(|c| code >> (r * cols + c) & 1 == 1).collect())
                    .collect();
                let text = cells
                    .iter()
                    .map(|row| row.iter().map(|&e| if e { '.' } else { '#' }).collect())
                    .collect::<Vec<String>>()
                    .join("|");
                let g = plain_cram(&mut cells, &mut memo);
                boards.push((format!("impartial(domineering({text}))"), g));
            }
        }
    }
    let mut store = GameStore::new();
    let mut searched = 0;
    // A new solver for each question: what an earlier question found (a
    // board's value, from its smaller nimbers) would settle it unsearched.
    let mut check = |expr: String, nim_sum: u64| {
        let mut solver = Solver::with_budget(0);
        let expected = if nim_sum != 0 {
            (Side::Left, Side::Right)
        } else {
            (Side::Right, Side::Left)
        };
        assert_eq!(winners(&mut solver, &mut store, &expr), expected, "{expr}");
        searched += solver.searched();
    };
    for (term, g) in &boards {
        for k in 0..=8u64 {
            check(format!("{term} + *{k}"), g ^ k);
        }
    }
    let valued: Vec<_> = boards.iter().filter(|(_, g)| *g > 0).take(40).collect();
    for (i, (a, g)) in valued.iter().enumerate() {
        for (b, h) in &valued[i..] {
            for k in 0..=4u64 {
                check(format!("{a} + {b} + *{k}"), g ^ h ^ k);
            }
        }
    }
    assert!(searched > 0, "the search of outcomes never ran");
    assert!(
        boards.iter().any(|(_, g)| *g >= 3),
        "no board of value 3 or more"
    );
}

/// Sums of impartial terms and a nimber: the search of outcomes (budget 0,
/// nothing valued first) gives the answer of the valued path (every term
/// valued), the same winner and the same first winning move, in the order
/// of the terms and their options, then of the nimber's.
#[test]
fn impartial_sums_searched_answer_as_valued_ones() {
    let terms = [
        "kayles(7,3)",
        "kayles(4,4,2)",
        "dawsons_kayles(9)",
        "cram(...|...)",
        "cram(..#|...|.#.)",
        "impartial(domineering(...|..#))",
        "impartial(clobber(xox|o..))",
        "impartial(toads(tt..f.f))",
        "impartial(elephants(t..f.t.f))",
    ];
    let nimbers = ["0", "*", "*3", "*13", "*2 + *5"];
    let mut store = GameStore::new();
    let mut valued = Solver::with_budget(usize::MAX);
    let mut searched = Solver::with_budget(0);
    let mut moves = 0;
    for (i, a) in terms.iter().enumerate() {
        for b in &terms[i..] {
            for nimber in nimbers {
                let expr = format!("{a} + {b} + {nimber}");
                for side in [Side::Left, Side::Right] {
                    let expected = valued.solve(&mut store, &expr, side).expect("solves");
                    let answer = searched.solve(&mut store, &expr, side).expect("solves");
                    assert_eq!(answer, expected, "{expr}, {side:?} first");
                    moves += usize::from(answer.winning_move.is_some());
                }
            }
        }
    }
    assert!(moves > 200, "only {moves} winning moves compared");
    assert!(searched.searched() > 0, "the search of outcomes never ran");
}

#[test]
fn sums_of_every_two_rulesets_agree_with_the_value_of_the_sum() {
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    let mut value = |store: &mut GameStore, expr: &str| {
        store
            .parse_with(expr, &mut |s, name, arg| rulesets.resolve(s, name, arg))
            .unwrap_or_else(|e| panic!("{expr}: {e}"))
    };
    // Small positions of each ruleset: its example, or a smaller one where
    // the example is slow to search with nothing valued.
    let terms: Vec<String> = RULESETS
        .iter()
        .filter(|r| r.kind != Kind::Loopy)
        .map(|r| match r.name {
            "amazons" => "amazons(x..|.o.)".to_owned(),
            _ => r.example.to_owned(),
        })
        .collect();
    // (With nothing valued, sums of two cakes are too big to search.)
    for budget in [20, usize::MAX] {
        let mut solver = Solver::with_budget(budget);
        for (i, a) in terms.iter().enumerate() {
            for b in &terms[i..] {
                for expr in [format!("{a} + {b}"), format!("{a} - {b} + {{1|-1/2}}")] {
                    let g = value(&mut store, &expr);
                    let outcome = store.outcome(g);
                    let expected = (outcome.winner(Side::Left), outcome.winner(Side::Right));
                    assert_eq!(
                        winners(&mut solver, &mut store, &expr),
                        expected,
                        "{expr} = {}, budget {budget}",
                        store.display(g)
                    );
                }
            }
            // G - G = 0: the second player wins.
            let zero = format!("{a} - {a}");
            assert_eq!(
                winners(&mut solver, &mut store, &zero),
                (Side::Right, Side::Left),
                "{zero}"
            );
        }
    }
}

#[test]
fn a_winning_move_names_the_term_and_what_it_becomes() {
    let mut store = GameStore::new();
    let mut solver = Solver::new();
    // 1/2 - 1/2 + *: only the star is worth moving in.
    let answer = solver
        .solve(
            &mut store,
            "hackenbush(lr) - hackenbush(lr) + clobber(xo)",
            Side::Left,
        )
        .unwrap();
    let winning = answer.winning_move.expect("the first player wins *");
    assert_eq!(winning.term, Some(2));
    assert_eq!(winning.from, "clobber(xo)");
    // A move in the part written in notation.
    let answer = solver
        .solve(&mut store, "{1|-1} + clobber(xo|ox)", Side::Right)
        .unwrap();
    assert_eq!(answer.winner, Side::Right);
    // The second player wins: no move.
    let answer = solver
        .solve(&mut store, "clobber(xo) + *", Side::Left)
        .unwrap();
    assert_eq!((answer.winner, answer.winning_move), (Side::Right, None));
}

/// Terms `eval` values at once (cakes, Partizan Euclid, Toppling rows
/// beside other terms, Hackenbush stalks and small regions) are valued
/// first by the solver with its budgets; with budget 0 it searches them
/// as before. Both give
/// the same winner and the same winning move (the first, in the order of
/// the options, after which the opponent loses), and each move wins: the
/// sum it leaves is won by the player who made it, moving second.
#[test]
fn terms_valued_first_answer_as_the_search_does_and_their_moves_win() {
    let terms = [
        "cutcake(3,5)",
        "cutcake(4,4)",
        "eatcake(3,4)",
        "eatcake(2,5)",
        "maundy_cake(6,10)",
        "maundy_cake(4,9)",
        "partizan_euclid(8,5)",
        "toppling(lrrl)",
        "toppling(eeelr)",
        "toppling(eeee)",
        "hackenbush(llrl)",
        "hackenbush(rle)",
        "hackenbush(l(r;lr))",
        "clobber(xo.|oxx)",
        "domineering(..|..)",
    ];
    let others = ["0", "*", "1/2", "-1", "^", "{1|-1}", "*2"];
    let mut store = GameStore::new();
    let mut first = Solver::new();
    let mut searched = Solver::with_budget(0);
    let mut checked = Solver::with_budget(0);
    let mut moves = 0;
    for a in terms {
        for b in terms.iter().take(5) {
            for other in others {
                let expr = format!("{a} - {b} + {other}");
                for side in [Side::Left, Side::Right] {
                    let valued = first.solve(&mut store, &expr, side).expect("solves");
                    let search = searched.solve(&mut store, &expr, side).expect("solves");
                    assert_eq!(valued, search, "{expr}, {side:?} first");
                    let Some(m) = valued.winning_move else {
                        continue;
                    };
                    // The sum the move leaves, the part moved in replaced by
                    // what it becomes.
                    let after = match m.term {
                        Some(0) if m.from == a => format!("{} - {b} + {other}", m.to),
                        Some(1) if m.from == *b => format!("{a} - {} + {other}", m.to),
                        None => format!("{a} - {b} + ({})", m.to),
                        _ => panic!("{expr}: a move in {}", m.from),
                    };
                    let reply = checked.solve(&mut store, &after, side.opponent());
                    assert_eq!(reply.expect("solves").winner, side, "{expr}: {after}");
                    moves += 1;
                }
            }
        }
    }
    assert!(moves > 100, "only {moves} winning moves checked");
}

/// The options a batch at a time, where Hackenbush and Toppling Dominoes
/// make only the batch: batches of every size, joined, are the options.
#[test]
fn options_a_batch_at_a_time_are_the_options() {
    use cgt_core::partizan::PartizanGame;
    use cgt_rulesets::hackenbush::Hackenbush;
    use cgt_rulesets::toppling::Toppling;

    fn check<G: PartizanGame>(game: &G, position: &G::Position, what: &str)
    where
        G::Position: std::fmt::Debug,
    {
        for side in [Side::Left, Side::Right] {
            let mut all = Vec::new();
            game.options(position, side, &mut all);
            for count in [1, 2, 3, 7, 100] {
                let mut joined = Vec::new();
                let mut from = 0;
                loop {
                    let before = joined.len();
                    game.options_in(position, side, from, count, &mut joined);
                    assert!(joined.len() - before <= count, "{what}");
                    if joined.len() == before {
                        break;
                    }
                    from += count;
                }
                assert_eq!(joined, all, "{what}, {side:?}, batches of {count}");
            }
        }
    }
    for row in ["", "l", "lrrl", "eelre", "rrrrr", "lelelrlr"] {
        check(&Toppling, &Toppling::parse(row).expect("a row"), row);
    }
    for graph in [
        "l",
        "llrl",
        "l(r;lr)",
        "e(l;l;r(e;e))",
        "lllrrrlel",
        "ll(l;l)",
    ] {
        check(
            &Hackenbush,
            &Hackenbush::parse(graph).expect("a graph"),
            graph,
        );
    }
}

/// A nimber too large to list its options (`*2147483647`) beside a rest of
/// numbers, ups and nimbers: the solver tries only the few moves that can
/// differ, and finds the winner and the winning move `*k` that listing the
/// options of `*4000` (within the limit) finds, for each rest and side;
/// beside a term of another kind the sum is refused as too large, as
/// `eval` refuses it.
#[test]
fn a_huge_nimber_in_notation_wins_by_the_move_the_listing_finds() {
    let mut store = GameStore::new();
    let mut solver = Solver::new();
    let rests = [
        "0",
        "1",
        "-1",
        "*",
        "*2",
        "*3",
        "*5",
        "*4001",
        "^",
        "v",
        "^*",
        "v*3",
        "1/2*2",
        "-2*7",
        "^^*6",
        "1/4 + *1000",
    ];
    for rest in rests {
        for side in [Side::Left, Side::Right] {
            let listed = solver
                .solve(&mut store, &format!("*4000 + {rest}"), side)
                .unwrap_or_else(|e| panic!("*4000 + {rest}: {e}"));
            let huge = solver
                .solve(&mut store, &format!("*2147483647 + {rest}"), side)
                .unwrap_or_else(|e| panic!("*2147483647 + {rest}: {e}"));
            assert_eq!(huge.winner, listed.winner, "{rest} {side:?}");
            let to =
                |a: &cgt_rulesets::solve::Answer| a.winning_move.as_ref().map(|w| w.to.clone());
            if rest.contains(['^', 'v']) {
                // The options of ^*m hold *(m^1): only whether there is a move.
                assert_eq!(
                    to(&huge).is_some(),
                    to(&listed).is_some(),
                    "{rest} {side:?}"
                );
            } else {
                assert_eq!(to(&huge), to(&listed), "{rest} {side:?}");
            }
        }
    }
    assert!(
        solver
            .solve(&mut store, "*2147483647 + {1|0}", Side::Left)
            .is_err()
    );
}

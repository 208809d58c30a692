//! The impartial variant of every partizan ruleset against a plain Grundy
//! search of its rules: on every position reached from the ruleset's
//! example (where they are few), the variant's value is `*g` with `g` the
//! mex of the Grundy values of every option Left or Right has, found with
//! no split into components; the solver's winner of a sum of two such
//! positions is the player to move exactly when the XOR of their Grundy
//! values is not 0. Impartial Domineering is Cram, written apart.

use cgt_core::canonical::GameStore;
use cgt_core::outcome::Side;
use cgt_rulesets::registry::{self, Kind};
use cgt_rulesets::solve::Solver;
use cgt_rulesets::{RULESETS, Rulesets};
use std::collections::HashMap;

/// The most positions a ruleset's example may reach for it to be checked.
const MOST_POSITIONS: usize = 1500;

/// Every position reached from `start` by Left's and Right's moves of the
/// ruleset `name`, written, with their options; `None` if more than
/// [`MOST_POSITIONS`].
fn game_tree(
    rulesets: &mut Rulesets,
    name: &str,
    start: &str,
) -> Option<HashMap<String, Vec<String>>> {
    let mut tree: HashMap<String, Vec<String>> = HashMap::new();
    let mut todo = vec![start.to_string()];
    while let Some(position) = todo.pop() {
        let mut options = Vec::new();
        let mut written = String::new();
        for side in [Side::Left, Side::Right] {
            let (w, moves) = rulesets
                .moves(name, &position, side)
                .expect("a ruleset")
                .expect("a position that reads");
            written = w;
            // Each option as its own reading writes it (a ruleset may write
            // an option in a form that reads back written otherwise).
            for o in moves {
                let again = rulesets.written(name, &o).expect("a ruleset");
                options.push(again.expect("an option reads back"));
            }
        }
        if tree.contains_key(&written) {
            continue;
        }
        todo.extend(options.iter().cloned());
        tree.insert(written, options);
        if tree.len() > MOST_POSITIONS {
            return None;
        }
    }
    Some(tree)
}

/// The Grundy value of `position` in `tree`, from its options alone.
fn grundy(
    tree: &HashMap<String, Vec<String>>,
    position: &str,
    memo: &mut HashMap<String, u64>,
) -> u64 {
    if let Some(&g) = memo.get(position) {
        return g;
    }
    let options = tree.get(position).expect("a position of the tree").clone();
    let seen: Vec<u64> = options.iter().map(|o| grundy(tree, o, memo)).collect();
    let g = (0..).find(|g| !seen.contains(g)).expect("a missing value");
    memo.insert(position.to_string(), g);
    g
}

#[test]
fn every_partizan_ruleset_has_an_impartial_variant_with_the_union_of_the_moves() {
    let partizan: Vec<_> = RULESETS
        .iter()
        .filter(|r| r.kind == Kind::Partizan)
        .collect();
    let mut checked = Vec::new();
    let mut store = GameStore::new();
    let mut rulesets = Rulesets::new();
    let mut solver = Solver::new();
    for base in partizan {
        let name = format!("impartial_{}", base.name);
        let variant = registry::find(&name).unwrap_or_else(|| panic!("no {name}"));
        assert_eq!(variant.kind, Kind::Impartial);
        assert_eq!(variant.layout, base.layout);
        let Some(tree) = game_tree(&mut rulesets, base.name, base.example_position()) else {
            continue;
        };
        let mut memo = HashMap::new();
        let mut positions: Vec<&String> = tree.keys().collect();
        positions.sort();
        for &position in &positions {
            let g = grundy(&tree, position, &mut memo);
            let value = rulesets
                .resolve(&mut store, &name, position)
                .expect("a ruleset")
                .expect("a value");
            let expected = store.nimber(g);
            assert_eq!(
                value,
                expected,
                "{name}({position}): {}",
                store.display(value)
            );
        }
        // Sums of two positions through the solver, either player first.
        for a in positions.iter().step_by(positions.len() / 12 + 1) {
            for b in positions.iter().step_by(positions.len() / 7 + 1) {
                let expr = format!("{name}({a}) + {name}({b})");
                let nonzero = memo[*a] ^ memo[*b] != 0;
                for first in [Side::Left, Side::Right] {
                    let answer = solver.solve(&mut store, &expr, first).expect(&expr);
                    let expected = if nonzero { first } else { first.opponent() };
                    assert_eq!(answer.winner, expected, "{expr}, {first:?} first");
                }
            }
        }
        checked.push(base.name);
    }
    // Most examples are small enough to search whole.
    assert!(checked.len() >= 15, "only {checked:?}");
}

#[test]
fn impartial_domineering_is_cram() {
    let (mut store, mut rulesets) = (GameStore::new(), Rulesets::new());
    for board in [
        "..",
        "...|...",
        "...|...|...",
        "....|....",
        "..#.|....|.#..",
        ".....|.....",
    ] {
        let a = rulesets.resolve(&mut store, "impartial_domineering", board);
        let b = rulesets.resolve(&mut store, "cram", board);
        assert_eq!(a, b, "{board}");
    }
}

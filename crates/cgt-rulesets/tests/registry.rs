//! The registry's entries say true things about their rulesets: each
//! example reads and its written form reads back, a grid's or a strip's cells are what its positions hold,
//! a graph's labels read,
//! names are unique, and the loopy entries build game graphs.

use cgt_core::outcome::Side;
use cgt_rulesets::registry::{self, Kind, Layout};
use cgt_rulesets::{RULESETS, Rulesets};
use std::collections::HashSet;

/// The position as the ruleset writes it, or the error, whatever its kind.
fn written(rulesets: &mut Rulesets, name: &str, text: &str) -> Result<String, String> {
    let ruleset = registry::find(name).expect("a registered name");
    match ruleset.loopy() {
        Some(rules) => rules.written(text).map_err(|e| e.to_string()),
        None => rulesets.written(name, text).expect("a short ruleset"),
    }
}

#[test]
fn names_and_class_names_are_unique_and_examples_name_their_ruleset() {
    let names: HashSet<_> = RULESETS.iter().map(|r| r.name).collect();
    let classes: HashSet<_> = RULESETS.iter().map(|r| r.class_name).collect();
    assert_eq!(names.len(), RULESETS.len());
    assert_eq!(classes.len(), RULESETS.len());
    for r in RULESETS {
        assert_eq!(r.example, format!("{}({})", r.name, r.example_position()));
        assert!(
            r.class_name.starts_with(|c: char| c.is_ascii_uppercase()),
            "{}",
            r.name
        );
        assert!(!r.rules.is_empty());
        assert!(std::ptr::eq(registry::find(r.name).expect("found"), r));
    }
    assert!(registry::find("chess").is_none());
}

#[test]
fn every_example_reads_and_writes_back() {
    let mut rulesets = Rulesets::new();
    for r in RULESETS {
        let text = written(&mut rulesets, r.name, r.example_position())
            .unwrap_or_else(|e| panic!("{}: {e}", r.example));
        // What is written reads back (Partizan Arc Kayles numbers the
        // vertices of what it writes anew, so its text need not repeat).
        let again = written(&mut rulesets, r.name, &text);
        assert!(again.is_ok(), "{}: {text} does not read back", r.name);
    }
}

#[test]
fn a_grid_or_a_strip_holds_its_cells_and_only_they_are_listed() {
    let mut rulesets = Rulesets::new();
    for r in RULESETS {
        let cells = match r.layout {
            Layout::Grid { cells } => cells,
            Layout::Strip { cells } => cells,
            _ => continue,
        };
        // The board, and the rules after it (`;jump=2`, a turning code).
        let (board, rules) = match r.example_position().split_once(';') {
            Some((board, rules)) => (board, format!(";{rules}")),
            None => (r.example_position(), String::new()),
        };
        assert!(
            board.chars().all(|c| c == '|' || cells.contains(c)),
            "{}: {board} holds a cell outside {cells:?}",
            r.name
        );
        // Each listed cell may stand in the example's first cell.
        for c in cells.chars() {
            let text: String = std::iter::once(c)
                .chain(board.chars().skip(1))
                .chain(rules.chars())
                .collect();
            assert!(
                written(&mut rulesets, r.name, &text).is_ok(),
                "{}: {text:?} (cell {c:?}) does not read",
                r.name
            );
        }
        if let Layout::Strip { .. } = r.layout {
            assert!(!board.contains('|'), "{}", r.name);
        }
    }
}

#[test]
fn a_graph_reads_every_label_listed_and_a_cake_is_two_numbers() {
    let mut rulesets = Rulesets::new();
    for r in RULESETS {
        match r.layout {
            Layout::Graph {
                vertices,
                edges,
                ground,
            } => {
                let edge = edges.chars().next().expect("an edge label");
                // A path of three vertices, each label in the middle; a
                // ruleset whose vertices are not written leaves them out.
                let ends = vertices
                    .chars()
                    .next()
                    .map(String::from)
                    .unwrap_or_default();
                let middles: Vec<String> = if vertices.is_empty() {
                    vec![String::new()]
                } else {
                    vertices.chars().map(String::from).collect()
                };
                for v in &middles {
                    for e in edges.chars() {
                        let text = format!("{ends}{e}{v}{edge}{ends}");
                        assert!(
                            written(&mut rulesets, r.name, &text).is_ok(),
                            "{}: {text:?} does not read",
                            r.name
                        );
                    }
                }
                // Two pieces: a graph on the ground refuses the one that
                // does not reach it.
                let one = format!("{ends}{edge}{ends}");
                let two = format!("{one};{one}");
                assert_eq!(
                    written(&mut rulesets, r.name, &two).is_err(),
                    ground,
                    "{}: {two:?}",
                    r.name
                );
                // A letter not listed is refused where a vertex stands.
                if !vertices.is_empty() {
                    let text = format!("{ends}{edge}Q{edge}{ends}");
                    assert!(written(&mut rulesets, r.name, &text).is_err(), "{text}");
                }
            }
            Layout::Numbers { cakes: true } => {
                let position = r.example_position();
                assert_eq!(position.split(',').count(), 2, "{}", r.name);
                assert!(
                    written(&mut rulesets, r.name, "2,3 + 2*(1,1)").is_ok(),
                    "{}",
                    r.name
                );
            }
            _ => {}
        }
    }
}

#[test]
fn short_entries_value_and_loopy_entries_build_graphs() {
    let mut store = cgt_core::canonical::GameStore::new();
    let mut rulesets = Rulesets::new();
    for r in RULESETS {
        let short = rulesets.resolve(&mut store, r.name, r.example_position());
        match r.loopy() {
            Some(rules) => {
                assert_eq!(r.kind, Kind::Loopy);
                assert!(
                    short.is_none(),
                    "{}: a loopy ruleset is no short term",
                    r.name
                );
                let graph = rules.graph(r.example_position()).expect("a small graph");
                let moves = rules
                    .moves(r.example_position(), Side::Left)
                    .expect("reads");
                assert_eq!(graph.moves(0, Side::Left).len(), moves.len(), "{}", r.name);
            }
            None => {
                assert_ne!(r.kind, Kind::Loopy);
                let value = short.expect("a short ruleset").expect("a value");
                if r.kind == Kind::Impartial {
                    let nimber = store
                        .as_number_up_star(value)
                        .filter(|&(n, up, _)| n == cgt_core::dyadic::Dyadic::ZERO && up == 0);
                    assert!(nimber.is_some(), "{}: {}", r.name, store.display(value));
                }
            }
        }
    }
}

//! A bench per family of rulesets: the value of a position from nothing
//! (a fresh store and memos per iteration), and who wins a position by the
//! solver (fresh as well), on positions that take milliseconds; and the
//! sides of two loopy positions, which take seconds.

use cgt_core::canonical::GameStore;
use cgt_core::loopy_partizan::StopperStore;
use cgt_core::outcome::Side;
use cgt_rulesets::Rulesets;
use cgt_rulesets::backsliding::BackslidingToadsAndFrogs;
use cgt_rulesets::solve::Solver;
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

/// A position of each family, as `cgt eval` reads it.
const VALUES: &[(&str, &str)] = &[
    ("grids", "clobber(xoxo|oxox|xoxo)"),
    ("grids", "amazons(x...|....|...o)"),
    ("grids", "konane(xoxo|o.ox|xoxo|oxox)"),
    ("grids", "fission(x..x|....|.x..)"),
    ("grids", "nogo(....|....|..x.)"),
    ("grids", "cram(.....|.....|.....)"),
    ("strips", "toads(tttt....ffff)"),
    ("strips", "toppling(lrlrelrlrrlelrlrrlrl)"),
    ("graphs", "snort(.-.-.-.-.-.-.-.)"),
    ("graphs", "col(.-.-.-.-.-.-.-.-.)"),
    (
        "graphs",
        "hackenbush(l(r;lr(l;e);lrl(l;r))) + hackenbush(:Alrlrl:A)",
    ),
    ("cakes", "cutcake(8,8) + eatcake(5,5) + maundy_cake(40,30)"),
    ("rows", "kayles(300,201,17)"),
];

fn values(c: &mut Criterion) {
    let mut group = c.benchmark_group("ruleset values");
    group.sample_size(10);
    for &(family, expr) in VALUES {
        group.bench_function(format!("{family}: {expr}"), |b| {
            b.iter(|| {
                let mut store = GameStore::new();
                let mut rulesets = Rulesets::new();
                let value = store
                    .parse_with(black_box(expr), &mut |s, name, arg| {
                        rulesets.resolve(s, name, arg)
                    })
                    .expect("a position that reads");
                black_box(store.display(value).len())
            });
        });
    }
    group.finish();
}

/// Positions for the solver: one board, and a sum of many small parts.
const SOLVED: &[&str] = &[
    "clobber(xxxxxoo|xxxxxox|xxoooxo)",
    "domineering(....#.|..##.#|###..#|.###..|.###..|..#...)",
    "domineering(...|...) + domineering(....|...#) + domineering(..|..|..) + clobber(xoxoxo) + clobber(xxo|oox) + toppling(lrlrr) + hackenbush(lrl(r;ll))",
];

fn solved(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for &expr in SOLVED {
        group.bench_function(expr, |b| {
            b.iter(|| {
                let mut store = GameStore::new();
                let mut solver = Solver::new();
                let answer = solver
                    .solve(&mut store, black_box(expr), Side::Left)
                    .expect("a sum that reads");
                black_box(answer.winner)
            });
        });
    }
    group.finish();
}

/// Loopy positions and their values as CGSuite gives them: sides found by
/// simplifying the game graph, where sidling alone does not settle. Each
/// iteration checks the value, so the bench run once in test mode (as CI
/// runs it, optimised) is also the check of CGSuite's example.
const LOOPY: &[(&str, &str)] = &[("tt..ff", "*"), ("ttt..fff", "{on||0|-1/2} & {1/2|0||off}")];

fn loopy(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy values");
    group.sample_size(10);
    for &(strip, want) in LOOPY {
        group.bench_function(format!("backsliding({strip})"), |b| {
            b.iter(|| {
                let strip = BackslidingToadsAndFrogs::parse(black_box(strip)).expect("a strip");
                let game = BackslidingToadsAndFrogs::game_graph(&strip).expect("a small graph");
                let mut stoppers = StopperStore::new();
                let mut store = GameStore::new();
                let value = stoppers.value(game.graph(), 0).expect("sides found");
                assert_eq!(stoppers.display_value(value, &mut store), want);
            });
        });
    }
    group.finish();
}

criterion_group!(benches, values, solved, loopy);
criterion_main!(benches);

//! `misere EXPR [--json]`: the misère canonical form of an impartial game,
//! as CGSuite writes it; and `values CODE --upto N --misere --canonical`.

use crate::args::{GrundyOptions, MisereOptions};
use crate::failure::{Failure, output_error, usage_error};
use crate::worker::on_worker;
use cgt_core::misere_canonical::{MisereId, MisereStore};
use std::io::Write;

/// Reads EXPR on the worker and writes its form (`--json`: the object).
pub fn run(options: &MisereOptions, out: &mut impl Write) -> Result<(), Failure> {
    let expr = options.expr.clone();
    let json = options.json;
    let line = on_worker(
        "misere",
        options.max_memory,
        60,
        |s| Some(format!("misere: computing canonical forms ({s:.0} s)")),
        move || {
            let mut store = MisereStore::new();
            let g = store
                .parse_with(&expr, &mut heap_of)
                .map_err(|e| usage_error(format!("misere: EXPR {e}")))?;
            Ok(if json {
                to_json(&mut store, g)
            } else {
                store.display(g)
            })
        },
    )?;
    writeln!(out, "{line}").map_err(output_error)?;
    out.flush().map_err(output_error)
}

/// `TakeAndBreak("CODE")(n)`: the form of a heap of n of the game CODE
/// (any game `values` reads).
fn heap_of(store: &mut MisereStore, code: &str, n: usize) -> Result<MisereId, String> {
    let game = cgt_lab::Game::parse(code).map_err(|e| format!("TakeAndBreak(\"{code}\"): {e}"))?;
    let forms = store.heap_forms(game.heap_game(), n);
    forms.last().copied().ok_or_else(|| "no heap".to_string())
}

/// The `--json` object: games and lists of games as CGSuite prints them.
fn to_json(store: &mut MisereStore, g: MisereId) -> String {
    let value = store.display(g);
    let mate = store.mate(g);
    let mate = store.display(mate);
    let options = store.options(g);
    let options = store.display_list(&options);
    let parts = store.parts(g);
    let parts = store.display_list(&parts);
    let partitions: Vec<String> = store
        .partitions(g)
        .iter()
        .map(|p| store.display_list(p))
        .collect();
    let outcome = if store.is_p_position(g) { "P" } else { "N" };
    let mut fields = vec![
        format!("\"value\":\"{value}\""),
        format!("\"birthday\":{}", store.birthday(g)),
        format!("\"genus\":\"{}\"", store.genus(g)),
        format!("\"mate\":\"{mate}\""),
        format!("\"misere_nim_value\":{}", store.misere_nim_value(g)),
        format!("\"nim_value\":{}", store.nim_value(g)),
        format!("\"outcome\":\"{outcome}\""),
        format!("\"options\":\"{options}\""),
        format!("\"parts\":\"{parts}\""),
        format!("\"partitions\":\"[{}]\"", partitions.join(",")),
    ];
    for (name, holds) in store.predicates(g) {
        fields.push(format!("\"{name}\":{holds}"));
    }
    format!("{{{}}}", fields.join(","))
}

/// `values CODE --upto N --misere --canonical`: the form of each heap
/// 0..=N, one a line.
pub fn run_values(options: &GrundyOptions, out: &mut impl Write) -> Result<(), Failure> {
    let game = options.game.clone();
    let upto = options.upto.unwrap_or(0);
    let lines = on_worker(
        "values",
        options.max_memory,
        60,
        |s| {
            Some(format!(
                "values: computing misère canonical forms ({s:.0} s)"
            ))
        },
        move || {
            let mut store = MisereStore::new();
            let forms = store.heap_forms(game.heap_game(), upto);
            Ok(forms
                .into_iter()
                .map(|g| store.display(g))
                .collect::<Vec<_>>())
        },
    )?;
    for line in lines {
        writeln!(out, "{line}").map_err(output_error)?;
    }
    out.flush().map_err(output_error)
}

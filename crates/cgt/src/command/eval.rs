//! `eval EXPR [--json] [--thermograph FILE.svg] [--stats]`, and
//! `eval --list`.

use crate::args::EvalOptions;
use crate::budget::peak_memory;
use crate::failure::{Failure, NAME, output_error, usage_error, write_file};
use crate::worker::on_worker;
use cgt_core::canonical::{GameStore, ValueError};
use cgt_core::loopy_partizan::{LoopyError, StopperStore};
use cgt_lab::eval;
use cgt_rulesets::Rulesets;
use std::io::{self, Write};
use std::time::Instant;

/// `eval --list`: every ruleset, with an example and its rules, a line each.
pub fn list(out: &mut impl Write) -> Result<(), Failure> {
    for ruleset in cgt_rulesets::RULESETS {
        writeln!(out, "{}: {}", ruleset.example, ruleset.rules).map_err(output_error)?;
    }
    out.flush().map_err(output_error)
}

/// Values EXPR on the worker, writes the thermograph file and then the
/// value (or `--json`'s object); `--stats` adds a line on stderr after it.
pub fn run(options: &EvalOptions, out: &mut impl Write) -> Result<(), Failure> {
    let start = Instant::now();
    let expr = options.expr.clone();
    let (json, picture, stats) = (options.json, options.thermograph.is_some(), options.stats);
    let evaluated = on_worker(
        "eval",
        options.max_memory,
        60,
        |s| Some(format!("eval: computing canonical forms ({s:.0} s)")),
        move || evaluate(&expr, json, picture, stats),
    )?;
    let seconds = start.elapsed().as_secs_f64();
    if let (Some(file), Some(svg)) = (&options.thermograph, &evaluated.svg) {
        write_file("--thermograph", file, svg)?;
    }
    writeln!(out, "{}", evaluated.line).map_err(output_error)?;
    out.flush().map_err(output_error)?;
    if let Some((positions, games, bytes)) = evaluated.stats {
        // On stderr, after the answer: stdout stays the value alone.
        let peak = peak_memory().map_or_else(|| "null".to_owned(), |b| b.to_string());
        let line = if options.json {
            format!(
                "{{\"positions_searched\":{positions},\"games_stored\":{games},\
                 \"store_bytes\":{bytes},\"peak_bytes\":{peak},\"seconds\":{seconds:.3}}}"
            )
        } else {
            format!(
                "{NAME}: eval --stats: positions searched {positions}, games stored {games}, \
                 store bytes {bytes}, peak bytes {peak}, seconds {seconds:.3}"
            )
        };
        // Like the progress line, a stderr that cannot be written loses it.
        let _ = writeln!(io::stderr(), "{line}");
    }
    Ok(())
}

/// What `eval` prints, and the thermograph if asked for.
pub(crate) struct Evaluated {
    /// The value, or `--json`'s object.
    pub line: String,
    /// The thermograph, when asked for.
    pub svg: Option<String>,
    /// Ruleset positions searched, games in the store, the store's bytes,
    /// when asked for (`--stats`).
    stats: Option<(usize, usize, usize)>,
}

/// The library's work for `eval`; `stats`: whether to count the store
/// (a walk over some of its tables).
fn evaluate(expr: &str, json: bool, picture: bool, stats: bool) -> Result<Evaluated, Failure> {
    let mut store = GameStore::new();
    let mut stoppers = StopperStore::new();
    let mut rulesets = Rulesets::new();
    evaluate_in(
        (&mut store, &mut stoppers, &mut rulesets),
        expr,
        json,
        picture,
        stats,
    )
}

/// [`evaluate`] in stores the caller keeps: `cgt explore` values the
/// ruleset positions first, in steps it can stop, and then answers
/// `/api/eval` by this same code, so its answer is `eval --json`'s.
pub(crate) fn evaluate_in(
    (store, stoppers, rulesets): (&mut GameStore, &mut StopperStore, &mut Rulesets),
    expr: &str,
    json: bool,
    picture: bool,
    stats: bool,
) -> Result<Evaluated, Failure> {
    let evaluation = eval::eval_any_with(store, stoppers, rulesets, expr).map_err(|e| {
        match e.loopy_error() {
            // A game whose sides sidling cannot settle is not a bad
            // input: it is one cgt cannot value yet.
            Some(LoopyError::Unsettled { .. } | LoopyError::TooCostly { .. }) => {
                Failure::Message(format!("eval: EXPR {e}"), 1)
            }
            // A limit reached, not a bad input.
            _ if matches!(e.value_error(), Some(ValueError::TooCostly { .. })) => {
                Failure::Message(format!("eval: EXPR {e}"), 1)
            }
            _ => usage_error(format!("eval: EXPR {e}")),
        }
    })?;
    let stats = |store: &GameStore| {
        stats.then(|| (rulesets.positions(), store.len(), store.memory_bytes()))
    };
    let g = match evaluation {
        eval::Evaluation::Short(g) => g,
        eval::Evaluation::Loopy(value) => {
            if picture {
                return Err(Failure::Message(
                    "eval: the thermograph: a loopy game has none here".to_string(),
                    1,
                ));
            }
            let line = if json {
                eval::loopy_json(stoppers, store, value)
                    .map_err(|e| Failure::Message(format!("eval: {e}"), 1))?
            } else {
                stoppers.display_value(value, store)
            };
            let stats = stats(store);
            return Ok(Evaluated {
                line,
                svg: None,
                stats,
            });
        }
    };
    let line = if json {
        eval::to_json(store, g).map_err(|e| Failure::Message(format!("eval: {e}"), 1))?
    } else {
        // Not copied: the written form of a big value is gigabytes.
        store.display(g)
    };
    let svg = if picture {
        let svg = eval::thermograph_picture(store, g)
            .map_err(|e| Failure::Message(format!("eval: the thermograph: {e}"), 1))?;
        Some(svg)
    } else {
        None
    };
    let stats = stats(store);
    Ok(Evaluated { line, svg, stats })
}

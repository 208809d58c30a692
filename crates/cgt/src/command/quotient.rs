//! `quotient <game> [--max-heap N] [--json] [--outcome H,H,…]`: the misère
//! quotient of the sums of the game's heaps up to N (cgt-core's
//! `misere_quotient`), or who wins one sum and a winning move.

use crate::args::QuotientOptions;
use crate::failure::{Failure, output_error};
use crate::worker::on_worker;
use cgt_core::misere_quotient::{Limits, MisereQuotient, Periodicity};
use cgt_core::outcome::Outcome;
use cgt_lab::json;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// `--max-heap` when neither it nor `--outcome` says.
pub const DEFAULT_MAX_HEAP: usize = 20;

/// Computes the quotient on the worker and writes it (text or `--json`);
/// with `--outcome`, the sum's outcome and a winning move. A bound passed
/// is one line on stderr and exit status 1, after the partial quotient
/// with `--json`.
pub fn run(options: &QuotientOptions, out: &mut impl Write) -> Result<(), Failure> {
    let largest = options
        .outcome
        .as_ref()
        .and_then(|h| h.iter().max().copied());
    let max_heap = options
        .max_heap
        .unwrap_or(DEFAULT_MAX_HEAP)
        .max(largest.unwrap_or(0));
    let game = options.game.clone();
    let limits = Limits {
        max_order: options.max_order.unwrap_or(Limits::default().max_order),
        ..Limits::default()
    };
    // The last heap done and its order, for the progress line (a heap
    // where a quotient grows can take minutes, the ones before it
    // milliseconds); with --stats, its lines per heap take the place of
    // the progress line, both being on stderr.
    let reached = Arc::new((AtomicUsize::new(0), AtomicUsize::new(1)));
    let line = {
        let reached = Arc::clone(&reached);
        let stats = options.stats;
        move |s: f64| {
            let heap = reached.0.load(Ordering::Relaxed);
            let order = reached.1.load(Ordering::Relaxed);
            (!stats).then(|| {
                format!("Q computed up to n = {heap} of {max_heap} (order {order}, {s:.0} s)")
            })
        }
    };
    let (stats, json) = (options.stats, options.json);
    let result = on_worker("quotient", options.max_memory, 78, line, move || {
        let start = Instant::now();
        Ok(MisereQuotient::compute(
            game.heap_game(),
            max_heap,
            limits,
            &mut |heap, order| {
                reached.1.store(order, Ordering::Relaxed);
                reached.0.store(heap, Ordering::Relaxed);
                if stats {
                    write_stats(heap, order, start.elapsed().as_secs_f64(), json);
                }
            },
        ))
    })?;
    let name = options.game.name();
    let periodicity = |q: &MisereQuotient| proven_period(&options.game, q);
    let (quotient, stopped) = match result {
        Ok(q) => (q, None),
        Err(stopped) => (*stopped.partial.clone(), Some(stopped)),
    };
    if let Some(stopped) = &stopped {
        if options.json && options.outcome.is_none() {
            let json = to_json(name, &quotient, periodicity(&quotient));
            writeln!(out, "{json}").map_err(output_error)?;
            out.flush().map_err(output_error)?;
        }
        return Err(Failure::Message(format!("quotient {name}: {stopped}"), 1));
    }
    match &options.outcome {
        Some(heaps) => write_outcome(name, &quotient, heaps, options.json, out)?,
        None if options.json => {
            let json = to_json(name, &quotient, periodicity(&quotient));
            writeln!(out, "{json}").map_err(output_error)?
        }
        None => write_text(name, &quotient, periodicity(&quotient), out).map_err(output_error)?,
    }
    out.flush().map_err(output_error)
}

/// `--stats`: one line on stderr for a heap done, as it is done (so that a
/// run stopped by a limit, or killed, keeps the heaps it finished). A
/// stderr that cannot be written loses the line, never the answer.
fn write_stats(heap: usize, order: usize, seconds: f64, json: bool) {
    let line = if json {
        format!("{{\"heap\":{heap},\"order\":{order},\"seconds\":{seconds:.6}}}")
    } else {
        format!("cgt: quotient --stats: heap {heap}, order {order}, seconds {seconds:.6}")
    };
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The period of Φ that Plambeck and Siegel's periodicity theorem proves
/// from `q`, for a finite octal code (the theorem needs its last digit).
fn proven_period(game: &cgt_lab::Game, q: &MisereQuotient) -> Option<Periodicity> {
    let code = game.code().filter(|c| c.is_finite_octal())?;
    q.periodicity(code.last_nonzero()?)
}

fn write_text(
    name: &str,
    q: &MisereQuotient,
    periodicity: Option<Periodicity>,
    out: &mut impl Write,
) -> std::io::Result<()> {
    writeln!(out, "{name}, heaps up to {}:", q.max_heap())?;
    writeln!(
        out,
        "Q = {}; P = {{{}}}",
        q.presentation(),
        q.p_portion_words().join(",")
    )?;
    writeln!(out, "order: {}", q.order())?;
    match q.tame() {
        Some(t) => writeln!(out, "tame: {t}")?,
        None => writeln!(out, "tame: no (wild)")?,
    }
    let phi: Vec<String> = (0..=q.max_heap())
        .filter_map(|n| q.phi(n))
        .map(|x| q.word(x))
        .collect();
    writeln!(out, "phi(0..={}): {}", q.max_heap(), phi.join(" "))?;
    match periodicity {
        Some(found) => writeln!(
            out,
            "period: {} from heap {}, and Q is the whole game's (Plambeck and Siegel's periodicity theorem)",
            found.period, found.preperiod
        ),
        None => writeln!(out, "period: not proven"),
    }
}

fn json_list(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|s| json::string(s)).collect();
    format!("[{}]", items.join(","))
}

/// The `--json` object: code, presentation, order, p_portion, tame, phi,
/// preperiod, period (null when the periodicity theorem proves none) and
/// max_heap.
fn to_json(name: &str, q: &MisereQuotient, periodicity: Option<Periodicity>) -> String {
    let (preperiod, period) = periodicity.map_or(("null".to_owned(), "null".to_owned()), |p| {
        (p.preperiod.to_string(), p.period.to_string())
    });
    let phi: Vec<String> = (0..=q.max_heap())
        .filter_map(|n| q.phi(n))
        .map(|x| q.word(x))
        .collect();
    let tame = q
        .tame()
        .map_or("null".to_owned(), |t| json::string(&t.to_string()));
    format!(
        "{{\"code\":{},\"presentation\":{},\"order\":{},\"p_portion\":{},\"tame\":{},\"phi\":{},\"preperiod\":{},\"period\":{},\"max_heap\":{}}}",
        json::string(name),
        json::string(&q.presentation()),
        q.order(),
        json_list(&q.p_portion_words()),
        tame,
        json_list(&phi),
        preperiod,
        period,
        q.max_heap()
    )
}

fn write_outcome(
    name: &str,
    q: &MisereQuotient,
    heaps: &[usize],
    json: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let (outcome, winning) = q
        .outcome(heaps)
        .ok_or_else(|| Failure::Message("quotient: a heap above the quotient's".to_owned(), 1))?;
    let letter = if outcome == Outcome::P { "P" } else { "N" };
    let heaps_text: Vec<String> = heaps.iter().map(usize::to_string).collect();
    let to_text = |to: &[usize]| {
        if to.is_empty() {
            "0".to_owned()
        } else {
            to.iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join("+")
        }
    };
    let line = if json {
        let mv = winning.as_ref().map_or("null".to_owned(), |m| {
            let to: Vec<String> = m.to.iter().map(usize::to_string).collect();
            format!(
                "{{\"index\":{},\"heap\":{},\"to\":[{}]}}",
                m.index,
                m.heap,
                to.join(",")
            )
        });
        format!(
            "{{\"code\":{},\"heaps\":[{}],\"outcome\":\"{letter}\",\"move\":{mv}}}",
            json::string(name),
            heaps_text.join(",")
        )
    } else {
        let who = if outcome == Outcome::P {
            "the player to move loses"
        } else {
            "the player to move wins"
        };
        match &winning {
            Some(m) => format!(
                "{name} {} in misère play: {letter} ({who}); move heap {} to {}",
                heaps_text.join("+"),
                m.heap,
                to_text(&m.to)
            ),
            None => format!(
                "{name} {} in misère play: {letter} ({who})",
                heaps_text.join("+")
            ),
        }
    };
    writeln!(out, "{line}").map_err(output_error)
}

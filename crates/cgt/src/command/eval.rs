//! `eval EXPR [--json] [--thermograph FILE.svg] [--stats]`,
//! `eval --misere EXPR [--compare H | --ends] [--json]`,
//! `eval --misere --dead-ends left|right --born-by N`, and `eval --list`.

use crate::args::{DeadEndsOptions, EvalOptions};
use crate::budget::peak_memory;
use crate::failure::{Failure, NAME, output_error, usage_error, write_file};
use crate::worker::on_worker;
use cgt_core::canonical::GameStore;
use cgt_core::dead_ending::LeftDeadEnds;
use cgt_core::loopy_partizan::StopperStore;
use cgt_core::outcome::Side;
use cgt_core::partizan_misere::MisereError;
use cgt_lab::eval;
use cgt_lab::json;
use cgt_rulesets::Rulesets;
use cgt_rulesets::misere::MisereGames;
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
    if options.misere {
        return run_misere(options, out);
    }
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
    let evaluated =
        eval::evaluated((store, stoppers, rulesets), expr, json, picture).map_err(|e| {
            if e.bad_input {
                usage_error(e.message)
            } else {
                Failure::Message(e.message, 1)
            }
        })?;
    let stats = stats.then(|| (rulesets.positions(), store.len(), store.memory_bytes()));
    Ok(Evaluated {
        line: evaluated.line,
        svg: evaluated.svg,
        stats,
    })
}

/// `eval --misere EXPR [--compare H] [--json]`: the misère outcome of EXPR
/// from its literal form, or its order against H modulo dead-ending games.
fn run_misere(options: &EvalOptions, out: &mut impl Write) -> Result<(), Failure> {
    let (expr, compare, json) = (options.expr.clone(), options.compare.clone(), options.json);
    let ends = options.ends;
    let line = on_worker(
        "eval",
        options.max_memory,
        60,
        |s| Some(format!("eval: searching misère play ({s:.0} s)")),
        move || {
            let mut games = MisereGames::new();
            match compare {
                None if ends => misere_ends(&mut games, &expr, json),
                None => misere_outcome(&mut games, &expr, json),
                Some(other) => misere_compare(&mut games, &expr, &other, json),
            }
        },
    )?;
    writeln!(out, "{line}").map_err(output_error)?;
    out.flush().map_err(output_error)
}

/// The failure for a misère error about `what` (`EXPR` or `--compare`):
/// what does not read, or is not in the universe, is bad input (status 2);
/// a limit reached is not (status 1).
fn misere_failure(what: &str, error: &MisereError) -> Failure {
    match error {
        MisereError::Notation(_) => usage_error(format!("eval: {what} {error}")),
        MisereError::NotDeadEnding => usage_error(format!("eval: {what}: {error}")),
        _ => Failure::Message(format!("eval: {what}: {error}"), 1),
    }
}

fn misere_outcome(games: &mut MisereGames, expr: &str, json: bool) -> Result<String, Failure> {
    let mut never = || false;
    let left = games
        .mover_wins(expr, Side::Left, &mut never)
        .map_err(|e| misere_failure("EXPR", &e))?;
    let right = games
        .mover_wins(expr, Side::Right, &mut never)
        .map_err(|e| misere_failure("EXPR", &e))?;
    let outcome = cgt_core::outcome::Outcome::from_first_player_wins(left, right);
    let winner = |side: Side, mover_wins: bool| match (side, mover_wins) {
        (Side::Left, true) | (Side::Right, false) => "left",
        _ => "right",
    };
    let (l, r) = (winner(Side::Left, left), winner(Side::Right, right));
    Ok(if json {
        format!(
            "{{\"expression\":{},\"play\":\"misere\",\"outcome\":\"{outcome}\",\"left_first\":\"{l}\",\"right_first\":\"{r}\"}}",
            json::string(expr)
        )
    } else {
        let name = |w: &str| if w == "left" { "Left" } else { "Right" };
        format!(
            "misère outcome: {outcome}\nLeft moving first: {} wins\nRight moving first: {} wins",
            name(l),
            name(r)
        )
    })
}

/// `eval --misere EXPR --ends`: whether EXPR (a sum as one form) is a Left
/// dead end, a Right dead end, and dead-ending.
fn misere_ends(games: &mut MisereGames, expr: &str, json: bool) -> Result<String, Failure> {
    let g = games.one(expr).map_err(|e| misere_failure("EXPR", &e))?;
    let forms = games.forms();
    let left = forms.is_dead_end(g, Side::Left);
    let right = forms.is_dead_end(g, Side::Right);
    let dead_ending = forms.is_dead_ending(g);
    Ok(if json {
        format!(
            "{{\"expression\":{},\"left_dead_end\":{left},\"right_dead_end\":{right},\"dead_ending\":{dead_ending}}}",
            json::string(expr)
        )
    } else {
        let yes = |b: bool| if b { "yes" } else { "no" };
        format!(
            "Left dead end: {}\nRight dead end: {}\ndead-ending: {}",
            yes(left),
            yes(right),
            yes(dead_ending)
        )
    })
}

/// `eval --misere --dead-ends left|right --born-by N [--json]`: the
/// canonical dead ends of that side born by day N, earlier days first, as
/// `eval --misere` reads them.
pub fn dead_ends(options: &DeadEndsOptions, out: &mut impl Write) -> Result<(), Failure> {
    let mut ends = LeftDeadEnds::new();
    let born = ends.born_by(options.born_by);
    let texts: Vec<&str> = born.iter().map(|&g| ends.write(g, options.side)).collect();
    if options.json {
        let side = match options.side {
            Side::Left => "left",
            Side::Right => "right",
        };
        let games: Vec<String> = texts.iter().map(|t| json::string(t)).collect();
        writeln!(
            out,
            "{{\"side\":\"{side}\",\"born_by\":{},\"count\":{},\"games\":[{}]}}",
            options.born_by,
            texts.len(),
            games.join(",")
        )
        .map_err(output_error)?;
    } else {
        for text in texts {
            writeln!(out, "{text}").map_err(output_error)?;
        }
    }
    out.flush().map_err(output_error)
}

fn misere_compare(
    games: &mut MisereGames,
    expr: &str,
    other: &str,
    json: bool,
) -> Result<String, Failure> {
    let mut never = || false;
    let g = games.one(expr).map_err(|e| misere_failure("EXPR", &e))?;
    let h = games
        .one(other)
        .map_err(|e| misere_failure("--compare", &e))?;
    for (what, form) in [("EXPR", g), ("--compare", h)] {
        if !games.forms().is_dead_ending(form) {
            return Err(misere_failure(what, &MisereError::NotDeadEnding));
        }
    }
    let ge = games
        .ge_forms(g, h, &mut never)
        .map_err(|e| misere_failure("EXPR", &e))?;
    let le = games
        .ge_forms(h, g, &mut never)
        .map_err(|e| misere_failure("EXPR", &e))?;
    let relation = match (ge, le) {
        (true, true) => "equal",
        (true, false) => "greater",
        (false, true) => "less",
        (false, false) => "incomparable",
    };
    Ok(if json {
        format!(
            "{{\"expression\":{},\"compare\":{},\"universe\":\"dead-ending\",\"ge\":{ge},\"le\":{le},\"relation\":\"{relation}\"}}",
            json::string(expr),
            json::string(other)
        )
    } else {
        format!("{relation} (modulo dead-ending games)")
    })
}

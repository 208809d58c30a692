//! `cgt-lab`: Sprague-Grundy values, periods and formulas of heap games, and
//! the values of partizan games, from the command line. Run `cgt-lab --help`
//! for the commands.

use cgt_lab::{Analysis, ComputeError, Game, Lang, analyse_with_values, eval, formula, plot_svg};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "\
usage: cgt-lab values  <game> --upto N [--misere] [--json] [--plot FILE.svg]
       cgt-lab period  <game> [--upto N] [--json] [--plot FILE.svg]
       cgt-lab formula <game> --lang rust|cpp [--upto N]
       cgt-lab eval    EXPR [--json] [--thermograph FILE.svg]

<game>: a take-and-break code d0.d1d2...dt in octal or hexadecimal (0.77, .16,
0.8F), with an optional repeating last digit (4.(3), 0.(3)), or a subtraction
game S(1,3,4). N: a number, or 2^k.

period: least period, least preperiod for it and saltus; 'certified' only when
the Guy-Smith periodicity theorem proves it (finite octal codes, saltus 0).
Default cap: 2^22 values for finite octal codes, 2^12 for other games.
values --misere: the misère values g⁻(0..=N) (the last mover loses) of single
heaps, by a search of the sums of heaps (at most 2^20; games that split heaps
get slow from about N = 40).
eval: the canonical form of EXPR, a sum or difference (+, -, parentheses) of
games in CGSuite's notation (3/4, *2, ^, v3, {1|*}, +-1, Tiny(2)) and ruleset
positions: domineering(..#|...) (Left vertical), hackenbush(l(r;lr)) (l blue,
r red, e green; a stalk from the ground, branches in parentheses), clobber(xo.|oxx)
(x Left's stones), toppling(lrrl). --json: value, outcome, stops, mean,
temperature, birthday, reduced form and atomic weight.

Exit status: 0 done, 1 no period found (formula) or no result, 2 bad input.";

/// A failure: the message and the exit status.
struct Failure(String, u8);

fn usage_error(message: impl Into<String>) -> Failure {
    Failure(message.into(), 2)
}

struct Options {
    command: String,
    game: Game,
    upto: Option<usize>,
    json: bool,
    misere: bool,
    plot: Option<String>,
    lang: Option<Lang>,
}

/// Reads N: decimal digits or `2^k`.
fn parse_count(text: &str) -> Option<u64> {
    if let Some(exponent) = text.strip_prefix("2^") {
        let k: u32 = exponent.parse().ok()?;
        1u64.checked_shl(k).filter(|_| k < 64)
    } else {
        text.parse().ok()
    }
}

fn parse_args(args: &[String]) -> Result<Options, Failure> {
    let command = args
        .first()
        .ok_or_else(|| usage_error("expected a command (values, period or formula); try --help"))?
        .clone();
    if !matches!(command.as_str(), "values" | "period" | "formula") {
        return Err(usage_error(format!(
            "argument 1: expected a command (values, period or formula), found \"{command}\""
        )));
    }
    let text = args
        .get(1)
        .ok_or_else(|| usage_error(format!("argument 2: expected a game after {command}")))?;
    let game = Game::parse(text).map_err(|e| usage_error(e.to_string()))?;
    let mut options = Options {
        command,
        game,
        upto: None,
        json: false,
        misere: false,
        plot: None,
        lang: None,
    };
    let mut i = 2;
    while i < args.len() {
        let flag = args[i].as_str();
        let value = |name: &str| {
            args.get(i + 1).ok_or_else(|| {
                usage_error(format!("argument {}: expected a value after {name}", i + 2))
            })
        };
        match flag {
            "--upto" => {
                let text = value("--upto")?;
                let max = options.game.max_upto();
                let upto = parse_count(text)
                    .filter(|&n| n <= max as u64)
                    .ok_or_else(|| {
                        usage_error(format!(
                            "argument {}: --upto expected a number in 0..={max} (or 2^k) for {}, \
                             found \"{text}\"",
                            i + 2,
                            options.game.name()
                        ))
                    })?;
                options.upto = Some(upto as usize);
                i += 2;
            }
            "--plot" => {
                options.plot = Some(value("--plot")?.clone());
                i += 2;
            }
            "--lang" => {
                let text = value("--lang")?;
                let lang = text
                    .parse()
                    .map_err(|e: String| usage_error(format!("argument {}: --lang {e}", i + 2)))?;
                options.lang = Some(lang);
                i += 2;
            }
            "--json" => {
                options.json = true;
                i += 1;
            }
            "--misere" => {
                options.misere = true;
                i += 1;
            }
            _ => {
                return Err(usage_error(format!(
                    "argument {}: expected --upto, --misere, --json, --plot or --lang, found \"{flag}\"",
                    i + 1
                )));
            }
        }
    }
    let command = options.command.as_str();
    if command == "values" && options.upto.is_none() {
        return Err(usage_error("values: expected --upto N"));
    }
    if command != "values" && options.misere {
        return Err(usage_error(format!(
            "{command}: --misere is for values only"
        )));
    }
    if command == "formula" && options.lang.is_none() {
        return Err(usage_error("formula: expected --lang rust or --lang cpp"));
    }
    if command != "formula" && options.lang.is_some() {
        return Err(usage_error(format!(
            "{command}: --lang is for formula only"
        )));
    }
    if command == "formula" && (options.json || options.plot.is_some()) {
        return Err(usage_error(
            "formula: --json and --plot are for values and period",
        ));
    }
    Ok(options)
}

/// A progress line on stderr, only when it is a terminal and the run has
/// taken more than a second.
struct Progress {
    start: Instant,
    terminal: bool,
    shown: bool,
    /// What is computed: `G(n)`, or `g-(n)` for misère values.
    what: &'static str,
    /// When the line was last written: at most 10 times a second.
    last: Option<Instant>,
}

impl Progress {
    fn new(what: &'static str) -> Self {
        Self {
            start: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            shown: false,
            what,
            last: None,
        }
    }

    fn update(&mut self, n: usize, target: usize) {
        let recent = self
            .last
            .is_some_and(|t| t.elapsed() < Duration::from_millis(100));
        if self.terminal && !recent && self.start.elapsed() > Duration::from_secs(1) {
            eprint!(
                "\rcgt-lab: {} computed up to n = {n} of {target} ({:.0} s)   ",
                self.what,
                self.start.elapsed().as_secs_f64()
            );
            self.shown = true;
            self.last = Some(Instant::now());
        }
    }

    fn finish(&self) {
        if self.shown {
            eprint!("\r{:78}\r", "");
        }
    }
}

fn compute_error(error: ComputeError) -> Failure {
    let status = if matches!(error, ComputeError::TooFar { .. }) {
        2
    } else {
        1
    };
    Failure(error.to_string(), status)
}

fn write_plot(file: &str, svg: &str) -> Result<(), Failure> {
    std::fs::write(file, svg).map_err(|e| Failure(format!("--plot {file}: {e}"), 1))
}

/// `eval EXPR [--json] [--thermograph FILE.svg]`.
fn run_eval(args: &[String]) -> Result<(), Failure> {
    let expr = args
        .get(1)
        .ok_or_else(|| usage_error("argument 2: expected an expression after eval"))?;
    let mut options = eval::EvalOptions {
        expr: expr.clone(),
        json: false,
        thermograph: None,
    };
    let mut i = 2;
    while i < args.len() {
        match args[i].as_str() {
            "--json" => options.json = true,
            "--thermograph" => {
                let file = args.get(i + 1).ok_or_else(|| {
                    usage_error(format!(
                        "argument {}: expected a file after --thermograph",
                        i + 2
                    ))
                })?;
                options.thermograph = Some(file.clone());
                i += 1;
            }
            flag => {
                return Err(usage_error(format!(
                    "argument {}: expected --json or --thermograph, found \"{flag}\"",
                    i + 1
                )));
            }
        }
        i += 1;
    }
    let line = eval::run(&options).map_err(|(message, status)| Failure(message, status))?;
    println!("{line}");
    Ok(())
}

fn run(args: &[String]) -> Result<(), Failure> {
    if args.first().is_some_and(|a| a == "eval") {
        return run_eval(args);
    }
    let options = parse_args(args)?;
    let game = &options.game;
    let mut progress = Progress::new(if options.misere { "g-(n)" } else { "G(n)" });
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let io = |e: std::io::Error| Failure(format!("writing the output: {e}"), 1);
    match options.command.as_str() {
        "values" => {
            let upto = options.upto.unwrap_or(0);
            let mut sequence = cgt_lab::Sequence::new(game);
            let result = if options.misere {
                cgt_lab::misere_values(game, upto, &mut |n, t| progress.update(n, t))
            } else {
                sequence
                    .extend_to(upto, &mut |n, t| progress.update(n, t))
                    .map(|()| Vec::new())
            };
            progress.finish();
            let misere = result.map_err(compute_error)?;
            let values = if options.misere {
                &misere[..]
            } else {
                sequence.values()
            };
            let (open, close) = if options.json { ("[", "]") } else { ("", "") };
            let separator = if options.json { "," } else { " " };
            write!(out, "{open}").map_err(io)?;
            for (n, v) in values.iter().enumerate() {
                if n > 0 {
                    write!(out, "{separator}").map_err(io)?;
                }
                write!(out, "{v}").map_err(io)?;
            }
            writeln!(out, "{close}").map_err(io)?;
            if let Some(file) = &options.plot {
                let t = game
                    .code()
                    .filter(|c| c.is_finite_octal() && !options.misere)
                    .and_then(|c| c.last_nonzero());
                let found = cgt_lab::find_pattern(values, t);
                write_plot(file, &plot_svg(game.name(), values, found))?;
            }
        }
        "period" | "formula" => {
            let cap = options.upto.unwrap_or_else(|| game.default_cap());
            let result = analyse_with_values(game, cap, &mut |n, t| progress.update(n, t));
            progress.finish();
            let (analysis, values) = result.map_err(compute_error)?;
            if options.command == "formula" {
                let lang = options.lang.unwrap_or(Lang::Rust);
                let Some(code) = formula(&analysis, &values, lang) else {
                    return Err(no_period(&analysis));
                };
                write!(out, "{code}").map_err(io)?;
            } else {
                if options.json {
                    writeln!(out, "{}", analysis.to_json()).map_err(io)?;
                } else {
                    writeln!(out, "{analysis}").map_err(io)?;
                }
                if let Some(file) = &options.plot {
                    write_plot(file, &plot_svg(game.name(), &values, analysis.found))?;
                }
            }
        }
        _ => unreachable!("commands are checked in parse_args"),
    }
    out.flush().map_err(io)
}

fn no_period(analysis: &Analysis) -> Failure {
    Failure(
        format!(
            "no period found for {} in G(0..={}), so no formula (try a larger --upto)",
            analysis.game, analysis.checked_upto
        ),
        1,
    )
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure(message, status)) => {
            eprintln!("cgt-lab: {message}");
            ExitCode::from(status)
        }
    }
}

//! The command line, read by one parser for every command ([`parse_args`]):
//! the command, its operand (a game or an expression) and its options, in
//! any order; `--` ends the options, so that an operand starting with `-`
//! can follow it. An argument that starts with `--` is an option; one that
//! starts with a single `-` (`-1`, `-{1|2}`) is an operand, as no option
//! has a one-dash name but `-h`. Argument numbers in the errors count
//! from 1 after the program's name.

use crate::failure::{Failure, usage_error};
use cgt_core::outcome::Side;
use cgt_lab::{Game, Lang};
use std::ffi::OsString;

/// The text of `--help`.
pub const USAGE: &str = "\
usage: cgt values  <game> --upto N [--misere [--canonical]] [--json] [--plot FILE.svg] [--max-memory SIZE]
                   [--threads N] [--checkpoint FILE [--checkpoint-every SECONDS]] [--resume FILE]
       cgt period  <game> [--upto N] [--json] [--plot FILE.svg] [--max-memory SIZE] [--threads N]
       cgt formula <game> --lang rust|cpp [--upto N] [--max-memory SIZE]
       cgt eval    EXPR [--json] [--thermograph FILE.svg] [--stats] [--max-memory SIZE]
       cgt eval    --misere EXPR [--compare H | --ends] [--json] [--max-memory SIZE]
       cgt eval    --misere --dead-ends left|right --born-by N [--json]
       cgt eval    --list
       cgt solve   EXPR [--first left|right] [--json] [--budget N] [--stats] [--max-memory SIZE]
       cgt solve   --batch [--budget N] [--stats] [--max-memory SIZE]
       cgt explore [EXPR] [--port N] [--open] [--max-memory SIZE]
       cgt misere  EXPR [--json] [--max-memory SIZE]
       cgt quotient <game> [--max-heap N] [--max-order N] [--json] [--outcome H,H,...]
                   [--stats] [--max-memory SIZE]
       cgt census  FAMILY --ask QUESTION [--upto N] --out FILE.jsonl|FILE.parquet [--jobs N]
                   [--max-memory SIZE]
       cgt census  --row GAME --ask QUESTION [--upto N] [--max-memory SIZE]

<game>: a take-and-break code d0.d1d2...dt in octal or hexadecimal (0.77, .16,
0.8F), with an optional repeating last digit (4.(3), 0.(3)), or a subtraction
game S(1,3,4). N: a number, or 2^k. Options may come before or after the
operand; -- ends them (eval -- -1).

period: least period, least preperiod for it and saltus; 'certified' only when
the Guy-Smith periodicity theorem proves it (finite octal codes, saltus 0).
Default cap: 2^22 values for finite octal codes, 2^12 for other games, less
where listing the splits would pass a budget of work (checked_upto says where).
--threads N (values, period): at most N threads (default: every core); the
engine of finite octal codes uses up to 64, once its values take over 1.5 µs
each (0.3 µs for codes with neighbouring split digits, whose threads meet
less often), the others one. Each thread keeps its own copy of the values (2
bytes each). The values are the same for any N.
values --checkpoint FILE (finite octal codes): writes the values computed so
far to FILE every SECONDS (--checkpoint-every, default 10) and at the end,
atomically (FILE.tmp, then renamed); --resume FILE continues from such a
file (the same game) to the same values as an uninterrupted run.
values --misere: the misère values g⁻(0..=N) (the last mover loses) of single
heaps, by a search of the sums of heaps (at most 2^20; games that split heaps
get slow from about N = 40). --misere --canonical: the misère canonical form of
each heap, as CGSuite writes it, one a line.
misere: the misère canonical form of an impartial game EXPR in CGSuite's
notation: *[2], *[[2],1] (lists of options), *[2#1] (as CGSuite writes
them), sums *[2]+*[2], heaps game.heap.TakeAndBreak(\"0.77\")(5); written as
CGSuite writes it. --json: value, birthday, genus, mate, misere_nim_value,
nim_value, outcome, options, parts, partitions and the predicates is_tame,
is_restive, is_restless, is_tameable, is_half_tame, is_even, is_prime,
is_extraverted, is_introverted, is_generally_tame, is_generally_restive,
is_nim_heap.
eval: the canonical form of EXPR, a sum or difference (+, -, parentheses) of
games in CGSuite's notation (3/4, *2, ^, v3, {1|*}, +-1, Tiny(2)) and ruleset
positions: domineering(..#|...) (Left vertical), hackenbush(l(r;lr)) (l blue,
r red, e green; a stalk from the ground, branches in parentheses), clobber(xo.|oxx)
(x Left's stones), toppling(lrrl); eval --list lists every ruleset with its
rules and an example. --json: value, outcome, stops, mean, temperature,
birthday, reduced form and atomic weight. --stats: after the value, one
line on stderr: ruleset positions searched, games stored, the store's memory
in bytes, the peak memory of the process and the time (with --json, as a
JSON object).
eval --misere: the misère outcome (the last mover loses) of EXPR as written,
not of its canonical form: ruleset positions by their own game trees, {..|..}
with the options written, sums term by term; the class (L, R, N, P) and who
wins with each player moving first. --json: expression, play, outcome,
left_first, right_first. --compare H: EXPR against H modulo dead-ending games
(both must be dead-ending): greater, less, equal or incomparable; --json:
expression, compare, universe, ge, le, relation. --ends: whether EXPR is a
Left dead end (Left never has a move), a Right dead end, and dead-ending
(every follower where a player cannot move is a dead end of theirs);
--json: expression, left_dead_end, right_dead_end, dead_ending.
eval --misere --dead-ends left|right --born-by N: the canonical Left (or
Right) dead ends modulo dead-ending games born by day N (0 to 4: 1, 2, 4,
10, 52 of them), one a line as eval reads them; --json: side, born_by,
count, games.
solve: who wins EXPR (any sum eval reads) with each player moving first, or
the one --first names, and a winning move (the ruleset term moved in and what
it becomes), by a search that values only the small regions. --json: one
object. --batch: reads lines 'left: EXPR', 'right: EXPR' or 'EXPR' from
standard input and writes a JSON object for each. --budget N: value a region
with at most 6 moves when its value takes at most N new positions (default:
each ruleset's own, 20, or 0 where regions rarely split or never do; 0: search
everything). --stats: after the answers, one line on stderr (a JSON object with
--json or --batch): cases, sums searched, games stored, peak bytes and the
seconds spent answering (each line from read to answer; no start, no output).
explore: serves a page on 127.0.0.1 (a free port unless --port) to see and
play any position eval reads: its value, game tree, thermograph, a board
editor and a perfect opponent; prints its address (with ?q=EXPR), and opens
the browser with --open. Runs until stopped (Ctrl-C).
quotient: the misère quotient (Plambeck and Siegel) of the sums of heaps up
to N (--max-heap, default 20, at most 10000): its presentation in
MisereSolver's notation, P-portion, order, whether it is tame (T_k: misère
Nim's with heaps below 2^k) and Φ(n) of each heap; --json: code,
presentation, order, p_portion, tame, phi, preperiod, period (proven by
Plambeck and Siegel's periodicity theorem for finite octal codes; null: not
proven), max_heap. --outcome 3,5,7: who wins that sum in misère play (N: the
player to move) and a winning move. A candidate quotient past --max-order
elements (default 10000; a candidate can be larger than the quotient it
leads to): one line, exit status 1 (with --json, the partial quotient of the
heaps before first). --stats: a line on stderr as each heap is done (a JSON
object with --json): the heap, the order of its partial quotient and the
seconds since the computation started; a run stopped by a limit keeps them.
census: asks QUESTION of every game of FAMILY and writes one row per game
to FILE (JSON lines, or Parquet with FILE.journal.jsonl beside it). FAMILY:
octal:K (every code 0.d1..dj, j <= K, digits 0-7; a code with trailing
zeros is run once, its row says same_as), subtraction:K (every subtraction
set within 1..K), NAME:RxC or NAME:N (every board of R rows and C columns,
or strip of 1..N cells, of a ruleset of eval --list on a grid or a strip),
or a file of games, one per line. QUESTION: period (the keys of period
--json, N the cap), values (game, upto, max, zeros, distinct of G(0..=N)),
misere (misere --json of the heap of N, default 10), quotient (quotient
--json, --max-heap N), value (eval --json of each position or line). Each
row adds seconds and peak_memory; a game that fails has status \"failed\"
and its reason, after one retry. Each game runs in a child process (--row:
the row of one game on stdout); --jobs N at once (default: every core).
Rerunning with the same FILE skips the games done.
--max-memory SIZE (every command that computes): stop with a one-line
message and exit status 1 when the process holds more than SIZE (500M, 4G;
default: 3/4 of the machine's memory, or where `ulimit -v` allows less, a
third of that address space) instead of being killed by the system.

Exit status: 0 done, 1 no period found (formula), past the memory budget or
no result, 2 bad input.";
/// The commands on heap games.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Grundy {
    /// `values`: G(0..=N), or the misère values.
    Values,
    /// `period`: the least period, preperiod and saltus.
    Period,
    /// `formula`: the values as code.
    Formula,
}

impl Grundy {
    /// The command's name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Values => "values",
            Self::Period => "period",
            Self::Formula => "formula",
        }
    }
}

/// `values`, `period` and `formula`.
pub struct GrundyOptions {
    pub command: Grundy,
    pub game: Game,
    pub upto: Option<usize>,
    pub json: bool,
    pub misere: bool,
    /// `--canonical` (with `--misere`): the misère canonical forms.
    pub canonical: bool,
    pub plot: Option<String>,
    pub lang: Option<Lang>,
    pub max_memory: Option<u64>,
    /// `--threads N`; `None`: [`cgt_lab::default_threads`].
    pub threads: Option<usize>,
    /// `--checkpoint FILE`, `--checkpoint-every SECONDS` and `--resume FILE`.
    pub checkpoint: Option<String>,
    pub checkpoint_every: Option<u64>,
    pub resume: Option<String>,
}

/// `eval EXPR [--json] [--thermograph FILE.svg] [--stats]`, or
/// `eval --misere EXPR [--compare H] [--json]`.
pub struct EvalOptions {
    pub expr: String,
    pub json: bool,
    pub thermograph: Option<String>,
    pub stats: bool,
    pub max_memory: Option<u64>,
    /// `--misere`: the misère outcome (partizan, from literal forms).
    pub misere: bool,
    /// `--compare H` (with `--misere`): EXPR against H modulo dead-ending
    /// games.
    pub compare: Option<String>,
    /// `--ends` (with `--misere`): whether EXPR is a Left or Right dead end
    /// and dead-ending.
    pub ends: bool,
}

/// `eval --misere --dead-ends left|right --born-by N [--json]`.
pub struct DeadEndsOptions {
    pub side: Side,
    /// At most [`cgt_core::dead_ending::LeftDeadEnds::MAX_DAY`].
    pub born_by: u32,
    pub json: bool,
}

/// `solve EXPR [--first left|right] [--json]` or `solve --batch`.
pub struct SolveOptions {
    /// `None` for `--batch`.
    pub expr: Option<String>,
    pub first: Option<Side>,
    pub json: bool,
    /// `None`: each ruleset's own.
    pub budget: Option<usize>,
    /// One line on stderr after the answers: the cases, the sums searched,
    /// the games stored, the peak bytes and the seconds in the cases.
    pub stats: bool,
    pub max_memory: Option<u64>,
}

/// `explore [EXPR] [--port N] [--open] [--max-memory SIZE]`.
pub struct ExploreOptions {
    /// The position the page opens with.
    pub expr: Option<String>,
    /// `None`: a free port.
    pub port: Option<u16>,
    pub open: bool,
    pub max_memory: Option<u64>,
}

/// `misere EXPR [--json]`.
pub struct MisereOptions {
    pub expr: String,
    pub json: bool,
    pub max_memory: Option<u64>,
}

/// `quotient <game> [--max-heap N] [--json] [--outcome H,H,…] [--stats]`.
pub struct QuotientOptions {
    pub game: Game,
    pub max_heap: Option<usize>,
    /// `--max-order N`: the most elements a candidate quotient may have.
    pub max_order: Option<usize>,
    pub json: bool,
    /// The heaps of `--outcome`.
    pub outcome: Option<Vec<usize>>,
    /// `--stats`: a line on stderr per heap done.
    pub stats: bool,
    pub max_memory: Option<u64>,
}

/// `census FAMILY --ask QUESTION [--upto N] --out FILE [--jobs N]`, or
/// `census --row GAME --ask QUESTION [--upto N]`.
pub struct CensusOptions {
    /// The family, or with `row` the one game.
    pub family: String,
    pub ask: cgt_census::Ask,
    pub upto: Option<usize>,
    /// `None` with `row` only.
    pub out: Option<String>,
    /// `None`: every core.
    pub jobs: Option<usize>,
    /// `--row`: this process is a worker; it writes one game's row.
    pub row: bool,
    pub max_memory: Option<u64>,
}

/// What the command line asks for.
pub enum Task {
    Census(CensusOptions),
    Misere(MisereOptions),
    Quotient(QuotientOptions),
    Help,
    /// `eval --list`: the rulesets.
    Rulesets,
    Grundy(GrundyOptions),
    Eval(EvalOptions),
    /// `eval --misere --dead-ends`: the dead ends born by a day.
    DeadEnds(DeadEndsOptions),
    Solve(SolveOptions),
    Explore(ExploreOptions),
}

/// The arguments as text: an argument that is not valid UTF-8 is an error
/// that says which one (counted from 1 after the program's name).
pub fn utf8_args(args: impl IntoIterator<Item = OsString>) -> Result<Vec<String>, Failure> {
    args.into_iter()
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|arg| {
                usage_error(format!(
                    "argument {}: expected valid UTF-8, found {arg:?}",
                    i + 1
                ))
            })
        })
        .collect()
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

/// An argument after the command, with its number.
enum Item<'a> {
    /// A game or an expression.
    Operand(usize, &'a str),
    Flag(Flag<'a>),
}

/// An option, and the argument after it when the command's option takes
/// one (`None` at the end of the line).
struct Flag<'a> {
    number: usize,
    name: &'a str,
    value: Option<(usize, &'a str)>,
}

impl<'a> Flag<'a> {
    /// The option's value and its argument number: `what` names it in the
    /// error when the line ends first.
    fn value(&self, what: &str) -> Result<(usize, &'a str), Failure> {
        self.value.ok_or_else(|| {
            usage_error(format!(
                "argument {}: expected {what} after {}",
                self.number + 1,
                self.name
            ))
        })
    }
}

/// The arguments after the command (`args[0]`), in order: an argument
/// that starts with `--` is an option, and takes the next argument, whatever
/// it is, when it is one of `with_value`; `--` itself makes every argument
/// after it an operand; anything else is an operand.
fn items<'a>(args: &'a [String], with_value: &[&str]) -> Vec<Item<'a>> {
    let mut items = Vec::with_capacity(args.len());
    let mut operands_only = false;
    let mut at = 1;
    while let Some(arg) = args.get(at) {
        // Numbered from 1 after the program's name: `args[at]` is argument at + 1.
        let number = at + 1;
        at += 1;
        if operands_only || !arg.starts_with("--") {
            items.push(Item::Operand(number, arg));
        } else if arg == "--" {
            operands_only = true;
        } else {
            let value = if with_value.contains(&arg.as_str()) {
                let value = args.get(at).map(|v| (at + 1, v.as_str()));
                at += 1;
                value
            } else {
                None
            };
            items.push(Item::Flag(Flag {
                number,
                name: arg,
                value,
            }));
        }
    }
    items
}

/// The first operand of `items` and its index among them. Without one,
/// the first option not in `known` is the error (`expected` lists those
/// it takes), or else that `missing` (`a game`, `an expression`) is
/// missing after `command`, numbered as the argument after the last.
fn operand<'a>(
    items: &[Item<'a>],
    args: &[String],
    (known, expected): (&[&str], &str),
    missing: &str,
    command: &str,
) -> Result<(usize, &'a str), Failure> {
    let found = items.iter().enumerate().find_map(|(i, item)| match item {
        Item::Operand(_, text) => Some((i, *text)),
        Item::Flag(_) => None,
    });
    found.ok_or_else(|| {
        let unknown = items.iter().find_map(|item| match item {
            Item::Flag(flag) if !known.contains(&flag.name) => Some(flag),
            _ => None,
        });
        match unknown {
            Some(flag) => unexpected(flag.number, expected, flag.name),
            None => usage_error(format!(
                "argument {}: expected {missing} after {command}",
                args.len() + 1
            )),
        }
    })
}

/// The error for an argument a command does not take: `expected` lists
/// what it does take.
fn unexpected(number: usize, expected: &str, found: &str) -> Failure {
    usage_error(format!(
        "argument {number}: expected {expected}, found \"{found}\""
    ))
}

/// The one parser of the command line, for every command.
pub fn parse_args(args: &[String]) -> Result<Task, Failure> {
    // Help wherever it is asked for, but not as an operand after `--`.
    let options = args.iter().take_while(|a| *a != "--");
    if options.into_iter().any(|a| a == "--help" || a == "-h") {
        return Ok(Task::Help);
    }
    let command = args.first().ok_or_else(|| {
        usage_error("expected a command (values, period, formula, eval, solve, misere, quotient, explore or census); try --help")
    })?;
    let command = match command.as_str() {
        "eval" if args.get(1).is_some_and(|a| a == "--list") => {
            if let Some(extra) = args.get(2) {
                return Err(usage_error(format!(
                    "argument 3: expected nothing after eval --list, found \"{extra}\""
                )));
            }
            return Ok(Task::Rulesets);
        }
        "eval"
            if args
                .iter()
                .take_while(|a| *a != "--")
                .any(|a| a == "--dead-ends") =>
        {
            return parse_dead_ends(args).map(Task::DeadEnds);
        }
        "eval" => return parse_eval(args).map(Task::Eval),
        "solve" => return parse_solve(args).map(Task::Solve),
        "explore" => return parse_explore(args).map(Task::Explore),
        "misere" => return parse_misere(args).map(Task::Misere),
        "quotient" => return parse_quotient(args).map(Task::Quotient),
        "census" => return parse_census(args).map(Task::Census),
        "values" => Grundy::Values,
        "period" => Grundy::Period,
        "formula" => Grundy::Formula,
        _ => {
            return Err(usage_error(format!(
                "argument 1: expected a command (values, period, formula, eval, solve, misere, quotient, explore or census), found \"{command}\""
            )));
        }
    };
    parse_grundy(command, args).map(Task::Grundy)
}

/// `values|period|formula <game> [flags]`.
fn parse_grundy(command: Grundy, args: &[String]) -> Result<GrundyOptions, Failure> {
    // The line as it was before --canonical (values --misere only) came.
    const EXPECTED: &str = "--upto, --misere, --json, --plot, --lang, --max-memory, --threads, \
                            --checkpoint, --checkpoint-every or --resume";
    // The first 8 take a value.
    const KNOWN: [&str; 11] = [
        "--upto",
        "--plot",
        "--lang",
        "--max-memory",
        "--threads",
        "--checkpoint",
        "--resume",
        "--checkpoint-every",
        "--json",
        "--misere",
        "--canonical",
    ];
    let name = command.name();
    let items = items(args, &KNOWN[..8]);
    let (game_at, text) = operand(&items, args, (&KNOWN, EXPECTED), "a game", name)?;
    let game = Game::parse(text).map_err(|e| usage_error(e.to_string()))?;
    let mut options = GrundyOptions {
        command,
        game,
        upto: None,
        json: false,
        misere: false,
        canonical: false,
        plot: None,
        lang: None,
        max_memory: None,
        threads: None,
        checkpoint: None,
        checkpoint_every: None,
        resume: None,
    };
    for (i, item) in items.iter().enumerate() {
        let flag = match item {
            _ if i == game_at => continue,
            Item::Operand(number, text) => return Err(unexpected(*number, EXPECTED, text)),
            Item::Flag(flag) => flag,
        };
        match flag.name {
            "--upto" => {
                let (number, text) = flag.value("a value")?;
                let max = options.game.max_upto();
                let upto = parse_count(text)
                    .and_then(|n| cgt_lab::check_upto(&options.game, n).ok())
                    .ok_or_else(|| {
                        usage_error(format!(
                            "argument {number}: --upto expected a number in 0..={max} (or 2^k) \
                             for {}, found \"{text}\"",
                            options.game.name()
                        ))
                    })?;
                options.upto = Some(upto);
            }
            "--plot" => options.plot = Some(flag.value("a value")?.1.to_owned()),
            "--lang" => {
                let (number, text) = flag.value("a value")?;
                let lang = text
                    .parse()
                    .map_err(|e: String| usage_error(format!("argument {number}: --lang {e}")))?;
                options.lang = Some(lang);
            }
            "--json" => options.json = true,
            "--misere" => options.misere = true,
            "--canonical" => options.canonical = true,
            "--max-memory" => options.max_memory = Some(parse_memory(flag)?),
            "--threads" => {
                let (number, text) = flag.value("a number of threads")?;
                let threads = text.parse::<usize>().ok().filter(|&t| t >= 1);
                options.threads = Some(threads.ok_or_else(|| {
                    usage_error(format!(
                        "argument {number}: --threads expected a number of threads, at least 1, \
                         found \"{text}\""
                    ))
                })?);
            }
            "--checkpoint" => options.checkpoint = Some(flag.value("a file")?.1.to_owned()),
            "--resume" => options.resume = Some(flag.value("a file")?.1.to_owned()),
            "--checkpoint-every" => {
                let (number, text) = flag.value("a number of seconds")?;
                options.checkpoint_every = Some(text.parse().map_err(|_| {
                    usage_error(format!(
                        "argument {number}: --checkpoint-every expected a number of seconds, \
                         found \"{text}\""
                    ))
                })?);
            }
            other => return Err(unexpected(flag.number, EXPECTED, other)),
        }
    }
    if command == Grundy::Values && options.upto.is_none() {
        return Err(usage_error("values: expected --upto N"));
    }
    if options.canonical && !(command == Grundy::Values && options.misere) {
        return Err(usage_error(format!(
            "{name}: --canonical is for values --misere only"
        )));
    }
    if options.canonical && (options.json || options.plot.is_some()) {
        return Err(usage_error(
            "values: --misere --canonical writes forms, one a line: not with --json or --plot",
        ));
    }
    if command != Grundy::Values && options.misere {
        return Err(usage_error(format!("{name}: --misere is for values only")));
    }
    if command == Grundy::Formula && options.lang.is_none() {
        return Err(usage_error("formula: expected --lang rust or --lang cpp"));
    }
    if command != Grundy::Formula && options.lang.is_some() {
        return Err(usage_error(format!("{name}: --lang is for formula only")));
    }
    if command == Grundy::Formula && options.threads.is_some() {
        return Err(usage_error("formula: --threads is for values and period"));
    }
    let saving = options.checkpoint.is_some() || options.resume.is_some();
    if saving && (command != Grundy::Values || options.misere) {
        return Err(usage_error(format!(
            "{name}: --checkpoint and --resume are for values (not --misere) only"
        )));
    }
    if saving && !options.game.code().is_some_and(|c| c.is_finite_octal()) {
        return Err(usage_error(format!(
            "values: --checkpoint and --resume are for finite octal codes, not {}",
            options.game.name()
        )));
    }
    if options.checkpoint_every.is_some() && options.checkpoint.is_none() {
        return Err(usage_error(
            "values: --checkpoint-every needs --checkpoint FILE",
        ));
    }
    if command == Grundy::Formula && (options.json || options.plot.is_some()) {
        return Err(usage_error(
            "formula: --json and --plot are for values and period",
        ));
    }
    Ok(options)
}

/// The largest heap `quotient` takes, in `--max-heap` and `--outcome`.
const MAX_QUOTIENT_HEAP: usize = 10_000;

/// `quotient <game> [--max-heap N] [--json] [--outcome H,H,…] [--stats]`.
fn parse_quotient(args: &[String]) -> Result<QuotientOptions, Failure> {
    const EXPECTED: &str = "--max-heap, --max-order, --outcome, --json, --stats or --max-memory";
    // The first 4 take a value.
    const KNOWN: [&str; 6] = [
        "--max-heap",
        "--max-order",
        "--outcome",
        "--max-memory",
        "--json",
        "--stats",
    ];
    let items = items(args, &KNOWN[..4]);
    let (game_at, text) = operand(&items, args, (&KNOWN, EXPECTED), "a game", "quotient")?;
    let game = Game::parse(text).map_err(|e| usage_error(e.to_string()))?;
    let mut options = QuotientOptions {
        game,
        max_heap: None,
        max_order: None,
        json: false,
        outcome: None,
        stats: false,
        max_memory: None,
    };
    let heap = |text: &str| {
        text.parse::<usize>()
            .ok()
            .filter(|&h| h <= MAX_QUOTIENT_HEAP)
    };
    for (i, item) in items.iter().enumerate() {
        let flag = match item {
            _ if i == game_at => continue,
            Item::Operand(number, text) => return Err(unexpected(*number, EXPECTED, text)),
            Item::Flag(flag) => flag,
        };
        match flag.name {
            "--json" => options.json = true,
            "--stats" => options.stats = true,
            "--max-memory" => options.max_memory = Some(parse_memory(flag)?),
            "--max-heap" => {
                let (number, text) = flag.value("a number")?;
                options.max_heap = Some(heap(text).ok_or_else(|| {
                    usage_error(format!(
                        "argument {number}: --max-heap expected a number in 0..={MAX_QUOTIENT_HEAP}, \
                         found \"{text}\""
                    ))
                })?);
            }
            "--max-order" => {
                let (number, text) = flag.value("a number")?;
                let order = text.parse::<usize>().ok().filter(|&n| n >= 1);
                options.max_order = Some(order.ok_or_else(|| {
                    usage_error(format!(
                        "argument {number}: --max-order expected a number of elements, at least 1, \
                         found \"{text}\""
                    ))
                })?);
            }
            "--outcome" => {
                let (number, text) = flag.value("heaps")?;
                let heaps: Option<Vec<usize>> = text.split(',').map(heap).collect();
                options.outcome = Some(heaps.ok_or_else(|| {
                    usage_error(format!(
                        "argument {number}: --outcome expected heaps in 0..={MAX_QUOTIENT_HEAP} \
                         separated by commas (3,5,7), found \"{text}\""
                    ))
                })?);
            }
            other => return Err(unexpected(flag.number, EXPECTED, other)),
        }
    }
    Ok(options)
}

/// The most worker processes `census --jobs` starts.
const MAX_JOBS: usize = 1024;

/// `census FAMILY --ask QUESTION [--upto N] --out FILE [--jobs N]` or
/// `census --row GAME --ask QUESTION [--upto N]`.
fn parse_census(args: &[String]) -> Result<CensusOptions, Failure> {
    const EXPECTED: &str = "--ask, --upto, --out, --jobs, --row or --max-memory";
    // The first 5 take a value.
    const KNOWN: [&str; 6] = [
        "--ask",
        "--upto",
        "--out",
        "--jobs",
        "--max-memory",
        "--row",
    ];
    let items = items(args, &KNOWN[..5]);
    let (family_at, family) = operand(&items, args, (&KNOWN, EXPECTED), "a family", "census")?;
    let mut ask = None;
    let mut options = CensusOptions {
        family: family.to_owned(),
        ask: cgt_census::Ask::Period,
        upto: None,
        out: None,
        jobs: None,
        row: false,
        max_memory: None,
    };
    for (i, item) in items.iter().enumerate() {
        let flag = match item {
            _ if i == family_at => continue,
            Item::Operand(number, text) => return Err(unexpected(*number, EXPECTED, text)),
            Item::Flag(flag) => flag,
        };
        match flag.name {
            "--ask" => {
                let (number, text) = flag.value("a question")?;
                ask = Some(
                    cgt_census::Ask::parse(text)
                        .map_err(|e| usage_error(format!("argument {number}: {e}")))?,
                );
            }
            "--upto" => {
                let (number, text) = flag.value("a value")?;
                let upto = parse_count(text).and_then(|n| usize::try_from(n).ok());
                options.upto = Some(upto.ok_or_else(|| {
                    usage_error(format!(
                        "argument {number}: --upto expected a number (or 2^k), found \"{text}\""
                    ))
                })?);
            }
            "--out" => options.out = Some(flag.value("a file")?.1.to_owned()),
            "--jobs" => {
                let (number, text) = flag.value("a number of processes")?;
                let jobs = text
                    .parse::<usize>()
                    .ok()
                    .filter(|j| (1..=MAX_JOBS).contains(j));
                options.jobs = Some(jobs.ok_or_else(|| {
                    usage_error(format!(
                        "argument {number}: --jobs expected a number of processes in 1..={MAX_JOBS}, \
                         found \"{text}\""
                    ))
                })?);
            }
            "--row" => options.row = true,
            "--max-memory" => options.max_memory = Some(parse_memory(flag)?),
            other => return Err(unexpected(flag.number, EXPECTED, other)),
        }
    }
    options.ask = ask.ok_or_else(|| {
        usage_error("census: expected --ask period, values, misere, quotient or value")
    })?;
    if options.row && (options.out.is_some() || options.jobs.is_some()) {
        return Err(usage_error(
            "census: --row writes one row on standard output: not with --out or --jobs",
        ));
    }
    if !options.row {
        let out = options.out.as_deref().ok_or_else(|| {
            usage_error("census: expected --out FILE.jsonl or --out FILE.parquet")
        })?;
        cgt_census::table::Format::of(out).map_err(|e| usage_error(format!("census: {e}")))?;
    }
    Ok(options)
}

/// `eval EXPR [--json] [--thermograph FILE.svg] [--stats]`.
fn parse_eval(args: &[String]) -> Result<EvalOptions, Failure> {
    const EXPECTED: &str =
        "--json, --thermograph, --stats, --misere, --compare, --ends or --max-memory";
    // The first 3 take a value.
    const KNOWN: [&str; 7] = [
        "--thermograph",
        "--max-memory",
        "--compare",
        "--json",
        "--stats",
        "--misere",
        "--ends",
    ];
    let items = items(args, &KNOWN[..3]);
    let (expr_at, expr) = operand(&items, args, (&KNOWN, EXPECTED), "an expression", "eval")?;
    let mut options = EvalOptions {
        expr: expr.to_owned(),
        json: false,
        thermograph: None,
        stats: false,
        max_memory: None,
        misere: false,
        compare: None,
        ends: false,
    };
    for (i, item) in items.iter().enumerate() {
        let flag = match item {
            _ if i == expr_at => continue,
            Item::Operand(number, text) => return Err(unexpected(*number, EXPECTED, text)),
            Item::Flag(flag) => flag,
        };
        match flag.name {
            "--json" => options.json = true,
            "--thermograph" => options.thermograph = Some(flag.value("a file")?.1.to_owned()),
            "--stats" => options.stats = true,
            "--max-memory" => options.max_memory = Some(parse_memory(flag)?),
            "--misere" => options.misere = true,
            "--compare" => options.compare = Some(flag.value("a game")?.1.to_owned()),
            "--ends" => options.ends = true,
            other => return Err(unexpected(flag.number, EXPECTED, other)),
        }
    }
    if options.compare.is_some() && !options.misere {
        return Err(usage_error(
            "eval: --compare is for --misere only (normal-play values compare in Python or by eval of G - H)",
        ));
    }
    if options.ends && !options.misere {
        return Err(usage_error("eval: --ends is for --misere only"));
    }
    if options.ends && options.compare.is_some() {
        return Err(usage_error(
            "eval: --ends and --compare ask different questions: one at a time",
        ));
    }
    if options.misere && (options.thermograph.is_some() || options.stats) {
        return Err(usage_error(
            "eval: --thermograph and --stats are for normal play, not with --misere",
        ));
    }
    Ok(options)
}

/// `eval --misere --dead-ends left|right --born-by N [--json]`: no EXPR.
fn parse_dead_ends(args: &[String]) -> Result<DeadEndsOptions, Failure> {
    use cgt_core::dead_ending::LeftDeadEnds;
    const EXPECTED: &str = "--misere, --dead-ends, --born-by or --json";
    // The first 2 take a value.
    const KNOWN: [&str; 4] = ["--dead-ends", "--born-by", "--misere", "--json"];
    let mut misere = false;
    let (mut side, mut born_by, mut json) = (None, None, false);
    for item in items(args, &KNOWN[..2]) {
        let flag = match item {
            Item::Operand(number, text) => {
                return Err(usage_error(format!(
                    "argument {number}: expected {EXPECTED} (eval --dead-ends takes no expression), found \"{text}\""
                )));
            }
            Item::Flag(flag) => flag,
        };
        match flag.name {
            "--misere" => misere = true,
            "--json" => json = true,
            "--dead-ends" => {
                let (number, text) = flag.value("left or right")?;
                side = Some(match text {
                    "left" => Side::Left,
                    "right" => Side::Right,
                    _ => return Err(unexpected(number, "left or right", text)),
                });
            }
            "--born-by" => {
                let (number, text) = flag.value("a day")?;
                let max = LeftDeadEnds::MAX_DAY;
                let day = text.parse::<u32>().ok().filter(|&d| d <= max);
                born_by = Some(day.ok_or_else(|| {
                    unexpected(
                        number,
                        &format!("a day from 0 to {max} (day {} would be 2^52 sets)", max + 1),
                        text,
                    )
                })?);
            }
            other => return Err(unexpected(flag.number, EXPECTED, other)),
        }
    }
    if !misere {
        return Err(usage_error("eval: --dead-ends is for --misere only"));
    }
    let side = side.ok_or_else(|| usage_error("eval: expected left or right after --dead-ends"))?;
    let born_by = born_by.ok_or_else(|| usage_error("eval: --dead-ends expects --born-by N"))?;
    Ok(DeadEndsOptions {
        side,
        born_by,
        json,
    })
}

/// `misere EXPR [--json] [--max-memory SIZE]`.
fn parse_misere(args: &[String]) -> Result<MisereOptions, Failure> {
    const EXPECTED: &str = "--json or --max-memory";
    // The first takes a value.
    const KNOWN: [&str; 2] = ["--max-memory", "--json"];
    let items = items(args, &KNOWN[..1]);
    let (expr_at, expr) = operand(&items, args, (&KNOWN, EXPECTED), "an expression", "misere")?;
    let mut options = MisereOptions {
        expr: expr.to_owned(),
        json: false,
        max_memory: None,
    };
    for (i, item) in items.iter().enumerate() {
        let flag = match item {
            _ if i == expr_at => continue,
            Item::Operand(number, text) => return Err(unexpected(*number, EXPECTED, text)),
            Item::Flag(flag) => flag,
        };
        match flag.name {
            "--json" => options.json = true,
            "--max-memory" => options.max_memory = Some(parse_memory(flag)?),
            other => return Err(unexpected(flag.number, EXPECTED, other)),
        }
    }
    Ok(options)
}

/// `solve EXPR [--first left|right] [--json]` or `solve --batch`: the
/// first of EXPR and `--batch` decides which; `--first` is for EXPR only.
fn parse_solve(args: &[String]) -> Result<SolveOptions, Failure> {
    const FOR_EXPR: &str = "--first, --json, --budget, --stats or --max-memory";
    const FOR_BATCH: &str = "--budget, --stats, --max-memory or nothing after --batch";
    let items = items(args, &["--max-memory", "--budget", "--first"]);
    // `None` until EXPR or `--batch`; then `Some(None)` for --batch.
    let mut expr: Option<Option<&str>> = None;
    let expected = |expr: Option<Option<&str>>| match expr {
        Some(None) => FOR_BATCH,
        _ => FOR_EXPR,
    };
    let mut options = SolveOptions {
        expr: None,
        first: None,
        json: false,
        budget: None,
        stats: false,
        max_memory: None,
    };
    // `--first` met before `--batch`: refused once `--batch` is.
    let mut first_flag = None;
    for item in &items {
        let flag = match item {
            Item::Operand(_, text) if expr.is_none() => {
                expr = Some(Some(*text));
                continue;
            }
            Item::Operand(number, text) => return Err(unexpected(*number, expected(expr), text)),
            Item::Flag(flag) => flag,
        };
        match flag.name {
            "--batch" if expr.is_none() => expr = Some(None),
            "--first" if expr == Some(None) => {
                return Err(unexpected(flag.number, FOR_BATCH, flag.name));
            }
            // `--batch` writes JSON anyway.
            "--json" => options.json = true,
            "--stats" => options.stats = true,
            "--first" => {
                let (number, side) = flag.value("left or right")?;
                options.first = Some(match side {
                    "left" => Side::Left,
                    "right" => Side::Right,
                    _ => {
                        return Err(usage_error(format!(
                            "argument {number}: --first expected left or right, found \"{side}\""
                        )));
                    }
                });
                first_flag = first_flag.or(Some(flag));
            }
            "--max-memory" => options.max_memory = Some(parse_memory(flag)?),
            "--budget" => {
                let (number, text) = flag.value("a number")?;
                options.budget = Some(text.parse().map_err(|_| {
                    usage_error(format!(
                        "argument {number}: --budget expected a number of positions, found \"{text}\""
                    ))
                })?);
            }
            other => return Err(unexpected(flag.number, expected(expr), other)),
        }
    }
    match expr {
        None => Err(usage_error(format!(
            "argument {}: expected an expression or --batch after solve",
            args.len() + 1
        ))),
        Some(None) => match first_flag {
            Some(flag) => Err(unexpected(flag.number, FOR_BATCH, flag.name)),
            None => Ok(SolveOptions {
                json: true,
                ..options
            }),
        },
        Some(Some(expr)) => Ok(SolveOptions {
            expr: Some(expr.to_owned()),
            ..options
        }),
    }
}

/// `explore [EXPR] [--port N] [--open] [--max-memory SIZE]`.
fn parse_explore(args: &[String]) -> Result<ExploreOptions, Failure> {
    const EXPECTED: &str = "--port, --open or --max-memory";
    let items = items(args, &["--port", "--max-memory"]);
    let mut options = ExploreOptions {
        expr: None,
        port: None,
        open: false,
        max_memory: None,
    };
    for item in &items {
        let flag = match item {
            Item::Operand(_, text) if options.expr.is_none() => {
                options.expr = Some((*text).to_owned());
                continue;
            }
            Item::Operand(number, text) => return Err(unexpected(*number, EXPECTED, text)),
            Item::Flag(flag) => flag,
        };
        match flag.name {
            "--open" => options.open = true,
            "--max-memory" => options.max_memory = Some(parse_memory(flag)?),
            "--port" => {
                let (number, text) = flag.value("a port")?;
                let port = text.parse::<u16>().ok().filter(|&p| p > 0);
                options.port = Some(port.ok_or_else(|| {
                    usage_error(format!(
                        "argument {number}: --port expected a port in 1..=65535, found \"{text}\""
                    ))
                })?);
            }
            other => return Err(unexpected(flag.number, EXPECTED, other)),
        }
    }
    Ok(options)
}

/// `--max-memory SIZE`: bytes, or a number with `K`, `M` or `G` (powers
/// of 1024).
fn parse_memory(flag: &Flag<'_>) -> Result<u64, Failure> {
    let (number, text) = flag.value("a size")?;
    let (digits, unit) = match text.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&text[..i], c.to_ascii_uppercase()),
        _ => (text, 'B'),
    };
    let scale: u64 = match unit {
        'B' => 1,
        'K' => 1 << 10,
        'M' => 1 << 20,
        'G' => 1 << 30,
        _ => 0,
    };
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(scale))
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            usage_error(format!(
                "argument {number}: --max-memory expected a size such as 500M or 4G, found \"{text}\""
            ))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_parser_reads_every_command() {
        let args = |list: &[&str]| list.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
        assert!(matches!(
            parse_args(&args(&["eval", "1", "-h"])),
            Ok(Task::Help)
        ));
        let Ok(Task::Eval(eval)) =
            parse_args(&args(&["eval", "1", "--thermograph", "t.svg", "--json"]))
        else {
            panic!("eval");
        };
        assert_eq!((eval.expr.as_str(), eval.json), ("1", true));
        assert_eq!(eval.thermograph.as_deref(), Some("t.svg"));
        let Ok(Task::Grundy(values)) = parse_args(&args(&[
            "values", "0.07", "--upto", "2^4", "--plot", "p.svg", "--misere",
        ])) else {
            panic!("values");
        };
        assert!(values.command == Grundy::Values && values.misere && !values.json);
        assert_eq!(
            (values.upto, values.plot.as_deref()),
            (Some(16), Some("p.svg"))
        );
        let Ok(Task::Grundy(formula)) = parse_args(&args(&["formula", "0.07", "--lang", "cpp"]))
        else {
            panic!("formula");
        };
        assert!(formula.command == Grundy::Formula && formula.lang == Some(Lang::Cpp));
        // --max-memory reads alike for every command.
        let Ok(Task::Grundy(period)) = parse_args(&args(&["period", "0.07", "--max-memory", "3k"]))
        else {
            panic!("period");
        };
        assert_eq!(period.max_memory, Some(3 << 10));
        let Ok(Task::Eval(eval)) =
            parse_args(&args(&["eval", "1", "--stats", "--max-memory", "2G"]))
        else {
            panic!("eval --stats");
        };
        assert!(eval.stats && eval.max_memory == Some(2 << 30));
        let Ok(Task::Solve(batch)) = parse_args(&args(&["solve", "--batch", "--max-memory", "7"]))
        else {
            panic!("solve --batch");
        };
        assert_eq!(batch.max_memory, Some(7));
        let Ok(Task::Explore(explore)) =
            parse_args(&args(&["explore", "--port", "8080", "1/2", "--open"]))
        else {
            panic!("explore");
        };
        assert_eq!(
            (explore.expr.as_deref(), explore.port, explore.open),
            (Some("1/2"), Some(8080), true)
        );
        let Ok(Task::Explore(bare)) = parse_args(&args(&["explore"])) else {
            panic!("explore alone");
        };
        assert!(bare.expr.is_none() && bare.port.is_none() && !bare.open);
        assert!(parse_args(&args(&["explore", "--port", "0"])).is_err());
        assert!(parse_args(&args(&["explore", "1", "2"])).is_err());
    }

    #[test]
    fn options_come_before_or_after_the_operand() {
        let args = |list: &[&str]| list.iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
        let Ok(Task::Eval(eval)) = parse_args(&args(&["eval", "--json", "-1", "--stats"])) else {
            panic!("eval");
        };
        assert_eq!(
            (eval.expr.as_str(), eval.json, eval.stats),
            ("-1", true, true)
        );
        // `--` ends the options; a flag's value is taken as it is.
        let Ok(Task::Eval(eval)) = parse_args(&args(&["eval", "--thermograph", "--", "--", "-h"]))
        else {
            panic!("eval --");
        };
        assert_eq!(eval.expr, "-h");
        assert_eq!(eval.thermograph.as_deref(), Some("--"));
        let Ok(Task::Grundy(values)) = parse_args(&args(&[
            "values",
            "--upto",
            "2^3",
            "--threads",
            "2",
            "0.07",
        ])) else {
            panic!("values");
        };
        assert_eq!((values.upto, values.threads), (Some(8), Some(2)));
        let Ok(Task::Solve(batch)) = parse_args(&args(&["solve", "--budget", "3", "--batch"]))
        else {
            panic!("solve --batch");
        };
        assert!(batch.expr.is_none() && batch.json && batch.budget == Some(3));
        let Ok(Task::Solve(solve)) = parse_args(&args(&["solve", "--first", "right", "-1"])) else {
            panic!("solve");
        };
        assert_eq!(solve.expr.as_deref(), Some("-1"));
        assert!(solve.first == Some(Side::Right) && !solve.json);
    }
}

//! The answers of `cgt explore`'s JSON API (README: `cgt explore`),
//! shared by its two front ends: the server of the `cgt` command and the
//! Python module's notebook widget, which asks the same questions of the
//! same code and so shows the same bytes. Each call values in stores of
//! its own, made and dropped with it, and looks at a stop flag the caller
//! gives (a cancelled request, a memory budget passed, a deadline).
//!
//! - [`eval_json`]: `cgt eval EXPR --json`'s line.
//! - [`thermograph_svg`]: `eval --thermograph`'s picture.
//! - [`options_json`]: the options of a position with their values and
//!   marks (dominated, reversible), and the canonical form's options.
//! - [`solve_json`]: `cgt solve`'s answer (not stoppable inside: callers
//!   run it on a thread of their own and stop waiting).
//! - [`rulesets_json`]: the registry, for the page's boards.
//!
//! # Example
//! ```
//! use cgt_lab::explore::{Stop, eval_json, options_json};
//! use std::sync::Arc;
//! let never: Stop = Arc::new(|| false);
//! let json = eval_json("domineering(..|..)", &never).unwrap();
//! assert!(json.starts_with("{\"value\":\"+-1\""));
//! let options = options_json("{1|*}", &never).unwrap();
//! assert!(options.contains("\"left\":[{\"expression\":\"1\""));
//! ```

use crate::eval::{self, EvalFailure, Evaluation};
use cgt_core::canonical::{GameId, GameStore};
use cgt_core::loopy_partizan::StopperStore;
use cgt_core::outcome::Side;
use cgt_rulesets::Rulesets;
use cgt_rulesets::registry::{self, RULESETS, Ruleset};
use cgt_rulesets::solve::Solver;
use std::sync::Arc;

/// New positions a ruleset term is valued by between two looks at the
/// stop flag.
const STEP: usize = 20_000;

/// Why a call has no answer.
#[derive(Debug)]
pub enum Failed {
    /// The input, or a limit: the line to show (a 400 from the server).
    Message(String),
    /// The stop flag was raised; the caller says why.
    Stopped,
}

impl From<EvalFailure> for Failed {
    fn from(e: EvalFailure) -> Self {
        Failed::Message(e.message)
    }
}

/// The caller's stop flag: true once the computation should stop. The
/// store looks at it every few games it makes, the ruleset values between
/// steps of 20,000 positions.
pub type Stop = Arc<dyn Fn() -> bool + Send + Sync>;

/// `cgt eval EXPR --json`'s line (`GET /api/eval?q=EXPR`).
///
/// # Errors
/// `eval`'s message for a bad expression or a limit; [`Failed::Stopped`].
pub fn eval_json(expr: &str, stop: &Stop) -> Result<String, Failed> {
    run(stop, |work| work.eval(expr))
}

/// `cgt eval EXPR --thermograph`'s SVG picture (`GET /api/thermograph`).
///
/// # Errors
/// As [`eval_json`]; a loopy game has no thermograph here.
pub fn thermograph_svg(expr: &str, stop: &Stop) -> Result<String, Failed> {
    run(stop, |work| work.thermograph(expr))
}

/// The options of `expr` as JSON (`GET /api/options`): of a ruleset
/// position its moves, of anything else its canonical form's options,
/// each with its value and whether it is dominated or reversible, and the
/// canonical form's options beside them.
///
/// # Errors
/// As [`eval_json`], and a ruleset position its rules refuse.
pub fn options_json(expr: &str, stop: &Stop) -> Result<String, Failed> {
    run(stop, |work| work.options(expr))
}

/// `cgt solve EXPR`'s JSON (`GET /api/solve`): who wins with `first` (or
/// each side) moving first, and a winning move. Its search cannot be
/// stopped inside: a front end runs it on a thread of its own and stops
/// waiting for it.
///
/// # Errors
/// `solve: ` and the reason, for a bad expression or a limit.
pub fn solve_json(expr: &str, first: Option<Side>) -> Result<String, String> {
    let mut store = GameStore::new();
    let mut solver = Solver::new();
    crate::solve::solve(&mut solver, &mut store, expr, first)
        .map(|s| s.json())
        .map_err(|e| format!("solve: {e}"))
}

/// The side the API's `first=` names: none for absent or empty.
///
/// # Errors
/// The line to answer for another word.
pub fn first_side(text: Option<&str>) -> Result<Option<Side>, String> {
    match text {
        None | Some("") => Ok(None),
        Some("left") => Ok(Some(Side::Left)),
        Some("right") => Ok(Some(Side::Right)),
        Some(other) => Err(format!(
            "explore: first: expected left or right, found \"{other}\""
        )),
    }
}

/// Runs `f` on fresh stores that look at `stop`; [`Failed::Stopped`] when
/// it was raised, whatever `f` answered.
fn run<T>(stop: &Stop, f: impl FnOnce(&mut Work<'_>) -> Result<T, Failed>) -> Result<T, Failed> {
    let mut store = GameStore::new();
    let check = Arc::clone(stop);
    // Sums and thermographs look at the flag every 16 games they make.
    let result = store.with_interrupt(
        move || check(),
        |store| {
            f(&mut Work {
                store,
                stoppers: StopperStore::new(),
                rulesets: Rulesets::new(),
                stop: Arc::clone(stop),
            })
        },
    );
    if stop() {
        return Err(Failed::Stopped);
    }
    result
}

/// The stores of one computation, and how it learns to stop.
struct Work<'a> {
    store: &'a mut GameStore,
    stoppers: StopperStore,
    rulesets: Rulesets,
    stop: Stop,
}

impl Work<'_> {
    /// Values the ruleset terms of `expr` in steps, looking at the stop
    /// flag between them, so that what follows finds them valued.
    fn value_terms(&mut self, expr: &str) {
        let (rulesets, stop) = (&mut self.rulesets, &self.stop);
        // A loopy expression does not read here: the loopy reading values it.
        let _ = self.store.parse_with(expr, &mut |store, name, argument| {
            loop {
                match rulesets.value_within(store, name, argument, STEP) {
                    Some(Ok(None)) => {}
                    Some(Ok(Some(value))) => return Some(Ok(value)),
                    Some(Err(e)) => return Some(Err(e)),
                    None => return None,
                }
                if stop() {
                    return Some(Err("stopped".to_owned()));
                }
            }
        });
    }

    /// `/api/eval`: `cgt eval EXPR --json`'s line, by its code.
    fn eval(&mut self, expr: &str) -> Result<String, Failed> {
        self.value_terms(expr);
        if (self.stop)() {
            return Err(Failed::Stopped);
        }
        let stores = (&mut *self.store, &mut self.stoppers, &mut self.rulesets);
        let evaluated = eval::evaluated(stores, expr, true, false).map_err(Failed::from)?;
        Ok(evaluated.line)
    }

    /// `/api/thermograph`: `eval --thermograph`'s picture.
    fn thermograph(&mut self, expr: &str) -> Result<String, Failed> {
        self.value_terms(expr);
        if (self.stop)() {
            return Err(Failed::Stopped);
        }
        let stores = (&mut *self.store, &mut self.stoppers, &mut self.rulesets);
        let evaluated = eval::evaluated(stores, expr, false, true).map_err(Failed::from)?;
        Ok(evaluated.svg.unwrap_or_default())
    }

    /// The value of `expr`: a short game's id, or the written loopy value.
    fn value(&mut self, expr: &str) -> Result<Result<GameId, String>, Failed> {
        self.value_terms(expr);
        if (self.stop)() {
            return Err(Failed::Stopped);
        }
        let evaluation =
            eval::eval_any_with(self.store, &mut self.stoppers, &mut self.rulesets, expr)
                .map_err(|e| Failed::Message(format!("eval: EXPR {e}")))?;
        Ok(match evaluation {
            Evaluation::Short(g) => Ok(g),
            Evaluation::Loopy(v) => Err(self.stoppers.display_value(v, self.store)),
        })
    }

    /// `/api/options`: the options of a ruleset position (or, for
    /// notation and sums, of the canonical form), each with its value and
    /// marks, and the canonical form's options.
    fn options(&mut self, expr: &str) -> Result<String, Failed> {
        let value = self.value(expr)?;
        let term = single_term(expr);
        let mut out = String::from("{\"expression\":");
        out.push_str(&json_string(expr));
        out.push_str(",\"value\":");
        match value {
            Ok(g) => out.push_str(&json_string(&self.store.display(g))),
            Err(ref loopy) => out.push_str(&json_string(loopy)),
        }
        out.push_str(",\"loopy\":");
        out.push_str(if value.is_err() { "true" } else { "false" });
        out.push_str(",\"ruleset\":");
        match term {
            Some((ruleset, position)) => {
                out.push_str(&format!(
                    "{{\"name\":{},\"position\":{}}}",
                    json_string(ruleset.name),
                    json_string(position)
                ));
            }
            None => out.push_str("null"),
        }
        for side in [Side::Left, Side::Right] {
            out.push_str(if side == Side::Left {
                ",\"left\":["
            } else {
                ",\"right\":["
            });
            let moves: Vec<String> = match (term, &value) {
                (Some((ruleset, position)), _) => self.moves(ruleset, position, side)?,
                (None, Ok(g)) => {
                    let options = self
                        .store
                        .options(*g, side)
                        .map_err(|e| Failed::Message(format!("explore: {e}")))?
                        .to_vec();
                    options.iter().map(|&o| self.store.display(o)).collect()
                }
                (None, Err(_)) => Vec::new(),
            };
            let mut values = Vec::with_capacity(moves.len());
            for m in &moves {
                values.push(self.value(m)?);
            }
            let marks = match &value {
                Ok(g) => self.marks(*g, side, &values),
                Err(_) => vec![(false, false); values.len()],
            };
            for (i, (m, v)) in moves.iter().zip(&values).enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let written = match v {
                    Ok(g) => self.store.display(*g),
                    Err(loopy) => loopy.clone(),
                };
                let (dominated, reversible) = marks[i];
                out.push_str(&format!(
                    "{{\"expression\":{},\"value\":{},\"dominated\":{dominated},\"reversible\":{reversible}}}",
                    json_string(m),
                    json_string(&written)
                ));
            }
            out.push(']');
        }
        out.push_str(",\"canonical\":");
        match value {
            Ok(g) => {
                out.push_str("{\"left\":[");
                let left = self
                    .store
                    .left_options(g)
                    .map_err(|e| Failed::Message(format!("explore: {e}")))?
                    .to_vec();
                let right = self
                    .store
                    .right_options(g)
                    .map_err(|e| Failed::Message(format!("explore: {e}")))?
                    .to_vec();
                let written = |store: &mut GameStore, list: &[GameId]| {
                    list.iter()
                        .map(|&o| json_string(&store.display(o)))
                        .collect::<Vec<_>>()
                        .join(",")
                };
                out.push_str(&written(self.store, &left));
                out.push_str("],\"right\":[");
                out.push_str(&written(self.store, &right));
                out.push_str("]}");
            }
            Err(_) => out.push_str("null"),
        }
        out.push('}');
        Ok(out)
    }

    /// The positions `side` moves to from a ruleset position, each as a
    /// term `name(position)`.
    fn moves(
        &mut self,
        ruleset: &Ruleset,
        position: &str,
        side: Side,
    ) -> Result<Vec<String>, Failed> {
        let moves = match ruleset.loopy() {
            Some(rules) => rules.moves(position, side).map_err(|e| e.to_string()),
            None => match self.rulesets.moves(ruleset.name, position, side) {
                Some(result) => result.map(|(_, moves)| moves),
                None => Ok(Vec::new()),
            },
        }
        .map_err(|e| Failed::Message(format!("{} position: {e}", ruleset.name)))?;
        Ok(moves
            .iter()
            .map(|m| format!("{}({m})", ruleset.name))
            .collect())
    }

    /// For each of `side`'s options of `g` (valued as `values`): whether
    /// another option is at least as good for `side` (an equal one
    /// earlier in the list counts), and, if not, whether it reverses
    /// through its value's option: a Right option of a Left option's
    /// value at most `g` (a Left option of a Right option's value at least
    /// `g`).
    fn marks(
        &mut self,
        g: GameId,
        side: Side,
        values: &[Result<GameId, String>],
    ) -> Vec<(bool, bool)> {
        let better = |store: &mut GameStore, a: GameId, b: GameId| match side {
            Side::Left => store.ge(a, b),
            Side::Right => store.le(a, b),
        };
        let mut marks = Vec::with_capacity(values.len());
        for (i, v) in values.iter().enumerate() {
            let Ok(v) = *v else {
                marks.push((false, false));
                continue;
            };
            let dominated = values.iter().enumerate().any(|(j, w)| match *w {
                Ok(w) if j != i => better(self.store, w, v) && (w != v || j < i),
                _ => false,
            });
            let reversible = !dominated && {
                // A value too large to list its options has none to reverse
                // through here (the store refuses to expand it).
                let back = (self.store.options(v, side.opponent()))
                    .map(<[GameId]>::to_vec)
                    .unwrap_or_default();
                back.iter().any(|&r| better(self.store, g, r))
            };
            marks.push((dominated, reversible));
        }
        marks
    }
}

/// The ruleset and position of `expr` when it is one ruleset term
/// `name(position)` and nothing else.
fn single_term(expr: &str) -> Option<(&'static Ruleset, &str)> {
    let expr = expr.trim();
    let open = expr.find('(')?;
    let ruleset = registry::find(expr[..open].trim())?;
    let inner = expr.get(open + 1..)?.strip_suffix(')')?;
    // The parenthesis after the name must close at the very end.
    let mut depth = 0usize;
    for c in inner.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth == 0 => return None,
            ')' => depth -= 1,
            _ => {}
        }
    }
    (depth == 0).then_some((ruleset, inner))
}

/// `GET /api/rulesets`: the registry, every entry with its name, kind,
/// layout (and the cells of a grid or a strip), rules and example.
pub fn rulesets_json() -> String {
    let entries: Vec<String> = RULESETS
        .iter()
        .map(|r| {
            let (kind, layout) = (r.kind.name(), r.layout.name());
            let cells = r
                .layout
                .cells()
                .map_or_else(|| "null".to_owned(), json_string);
            format!(
                "{{\"name\":{},\"kind\":\"{kind}\",\"layout\":\"{layout}\",\"cells\":{cells},\
                 \"rules\":{},\"example\":{},\"position\":{}}}",
                json_string(r.name),
                json_string(r.rules),
                json_string(r.example),
                json_string(r.example_position())
            )
        })
        .collect();
    format!("[{}]", entries.join(","))
}

/// `text` as a JSON string, quotes included.
pub fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

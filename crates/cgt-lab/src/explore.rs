//! The answers of `cgt explore`'s JSON API (README: `cgt explore`),
//! shared by its two front ends: the server of the `cgt` command and the
//! Python module's notebook widget, which asks the same questions of the
//! same code and so shows the same bytes. Each call values in the stores
//! of its expression, which a front end's [`Kept`] keeps for the next call
//! on it: a view asks for a position's value, its thermograph and its
//! options at once, the first of those values it while the others wait
//! for its stores, so a view values its position once. A call looks at a
//! stop flag the caller gives (a cancelled request, a memory budget
//! passed, a deadline); a call stopped drops its stores and every game
//! they hold.
//!
//! - [`eval_json`]: `cgt eval EXPR --json`'s line.
//! - [`thermograph_svg`]: `eval --thermograph`'s picture.
//! - [`options_json`]: the options of a position with their values and
//!   marks (dominated, reversible), a sum's moves term by term, and the
//!   canonical form's options.
//! - [`solve_json`]: `cgt solve`'s answer (not stoppable inside: callers
//!   run it on a thread of their own and stop waiting).
//! - [`rulesets_json`]: the registry, for the page's boards and editors.
//!
//! # Example
//! ```
//! use cgt_lab::explore::{Kept, Stop, eval_json, options_json};
//! use std::sync::Arc;
//! let never: Stop = Arc::new(|| false);
//! let kept = Kept::default();
//! let json = eval_json(&kept, "domineering(..|..)", &never).unwrap();
//! assert!(json.starts_with("{\"value\":\"+-1\""));
//! let options = options_json(&kept, "{1|*}", &never).unwrap();
//! assert!(options.contains("\"left\":[{\"expression\":\"1\""));
//! ```

use crate::eval::{self, EvalFailure, Evaluation};
use crate::json;
use cgt_core::canonical::{GameId, GameStore};
use cgt_core::loopy_partizan::StopperStore;
use cgt_core::outcome::Side;
use cgt_rulesets::Rulesets;
use cgt_rulesets::registry::{self, Layout, RULESETS, Ruleset};
use cgt_rulesets::solve::Solver;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, TryLockError};
use std::time::Duration;

/// How many expressions' stores a [`Kept`] keeps for the next call on the
/// same expression (the least recently used goes first).
pub const STORES_KEPT: usize = 4;

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

/// The stores of the last [`STORES_KEPT`] expressions a front end valued,
/// for its next calls on them (one per server, one per Python process).
#[derive(Default)]
pub struct Kept {
    /// The most recent first.
    slots: Mutex<Vec<(String, Slot)>>,
    /// Stores made anew: what a view that values once makes one of.
    made: AtomicUsize,
}

/// Where an expression's stores are kept: empty while a call holds them
/// (and its lock held, so that the next call waits for them).
type Slot = Arc<Mutex<Option<Stores>>>;

/// What a call values in, kept for the next call on its expression.
struct Stores {
    games: GameStore,
    stoppers: StopperStore,
    rulesets: Rulesets,
}

impl Kept {
    /// Drops every store kept (a store in use goes when its call ends), as
    /// when the process passes its memory budget.
    pub fn clear(&self) {
        self.slots
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }

    /// How many stores were made anew: one for each expression valued with
    /// none kept.
    pub fn made(&self) -> usize {
        self.made.load(Ordering::Relaxed)
    }

    /// The place of `expr`'s stores, made the most recent (and the least
    /// recent dropped past [`STORES_KEPT`]).
    fn slot(&self, expr: &str) -> Slot {
        let mut slots = self.slots.lock().unwrap_or_else(PoisonError::into_inner);
        let slot = match slots.iter().position(|(e, _)| e == expr) {
            Some(i) => slots.remove(i).1,
            None => Arc::new(Mutex::new(None)),
        };
        slots.insert(0, (expr.to_owned(), Arc::clone(&slot)));
        slots.truncate(STORES_KEPT);
        slot
    }
}

/// `cgt eval EXPR --json`'s line (`GET /api/eval?q=EXPR`).
///
/// # Errors
/// `eval`'s message for a bad expression or a limit; [`Failed::Stopped`].
pub fn eval_json(kept: &Kept, expr: &str, stop: &Stop) -> Result<String, Failed> {
    run(kept, expr, stop, |work| work.eval(expr))
}

/// `cgt eval EXPR --thermograph`'s SVG picture (`GET /api/thermograph`).
///
/// # Errors
/// As [`eval_json`]; a loopy game has no thermograph here.
pub fn thermograph_svg(kept: &Kept, expr: &str, stop: &Stop) -> Result<String, Failed> {
    run(kept, expr, stop, |work| work.thermograph(expr))
}

/// The options of `expr` as JSON (`GET /api/options`): of a ruleset
/// position its moves, of anything else its canonical form's options,
/// each with its value and whether it is dominated or reversible; `sum`:
/// for a sum with a ruleset term, its terms and each player's moves term by
/// term (else null); and the canonical form's options beside them.
///
/// # Errors
/// As [`eval_json`], and a ruleset position its rules refuse.
pub fn options_json(kept: &Kept, expr: &str, stop: &Stop) -> Result<String, Failed> {
    run(kept, expr, stop, |work| work.options(expr))
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

/// Runs `f` in `expr`'s stores (new ones if none are kept), which look at
/// `stop`; [`Failed::Stopped`] when it was raised, whatever `f` answered.
/// A call on the same expression that is running first is waited for: its
/// stores then hold the values.
fn run<T>(
    kept: &Kept,
    expr: &str,
    stop: &Stop,
    f: impl FnOnce(&mut Work<'_>) -> Result<T, Failed>,
) -> Result<T, Failed> {
    let slot = kept.slot(expr);
    let mut held = loop {
        match slot.try_lock() {
            Ok(held) => break held,
            Err(TryLockError::Poisoned(poisoned)) => break poisoned.into_inner(),
            Err(TryLockError::WouldBlock) if stop() => return Err(Failed::Stopped),
            Err(TryLockError::WouldBlock) => std::thread::sleep(Duration::from_millis(10)),
        }
    };
    let mut stores = held.take().unwrap_or_else(|| {
        kept.made.fetch_add(1, Ordering::Relaxed);
        Stores {
            games: GameStore::new(),
            stoppers: StopperStore::new(),
            rulesets: Rulesets::new(),
        }
    });
    let Stores {
        games,
        stoppers,
        rulesets,
    } = &mut stores;
    let check = Arc::clone(stop);
    // Sums and thermographs look at the flag every 16 games they make.
    let result = games.with_interrupt(
        move || check(),
        |store| {
            f(&mut Work {
                store,
                stoppers,
                rulesets,
                stop: Arc::clone(stop),
            })
        },
    );
    if stop() {
        // A stopped call may have left its stores half done: they go.
        return Err(Failed::Stopped);
    }
    *held = Some(stores);
    result
}

/// The stores of one computation, and how it learns to stop.
struct Work<'a> {
    store: &'a mut GameStore,
    stoppers: &'a mut StopperStore,
    rulesets: &'a mut Rulesets,
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
        let stores = (&mut *self.store, &mut *self.stoppers, &mut *self.rulesets);
        let evaluated = eval::evaluated(stores, expr, true, false).map_err(Failed::from)?;
        Ok(evaluated.line)
    }

    /// `/api/thermograph`: `eval --thermograph`'s picture.
    fn thermograph(&mut self, expr: &str) -> Result<String, Failed> {
        self.value_terms(expr);
        if (self.stop)() {
            return Err(Failed::Stopped);
        }
        let stores = (&mut *self.store, &mut *self.stoppers, &mut *self.rulesets);
        let evaluated = eval::evaluated(stores, expr, false, true).map_err(Failed::from)?;
        Ok(evaluated.svg.unwrap_or_default())
    }

    /// The value of `expr`: a short game's id, or the written loopy value.
    fn value(&mut self, expr: &str) -> Result<Result<GameId, String>, Failed> {
        self.value_terms(expr);
        if (self.stop)() {
            return Err(Failed::Stopped);
        }
        let evaluation = eval::eval_any_with(self.store, self.stoppers, self.rulesets, expr)
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
        out.push_str(&json::string(expr));
        out.push_str(",\"value\":");
        match value {
            Ok(g) => out.push_str(&json::string(&self.store.display(g))),
            Err(ref loopy) => out.push_str(&json::string(loopy)),
        }
        out.push_str(",\"loopy\":");
        out.push_str(if value.is_err() { "true" } else { "false" });
        out.push_str(",\"ruleset\":");
        match term {
            Some((ruleset, position)) => {
                out.push_str(&format!(
                    "{{\"name\":{},\"position\":{}}}",
                    json::string(ruleset.name),
                    json::string(position)
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
                    json::string(m),
                    json::string(&written)
                ));
            }
            out.push(']');
        }
        out.push_str(",\"sum\":");
        match (&value, term) {
            (Ok(g), None) => {
                let sum = self.sum(expr, *g)?;
                out.push_str(&sum);
            }
            _ => out.push_str("null"),
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
                        .map(|&o| json::string(&store.display(o)))
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

    /// The `sum` field of `/api/options`: for a sum with a ruleset term
    /// (`clobber(xo) + ^ - toads(t.f)`), its terms and each player's moves
    /// term by term (a move in one term, the others as they are), each
    /// with the value of the sum it leaves and marks as the position's
    /// options have; `null` when the expression has no ruleset term at
    /// its top level.
    fn sum(&mut self, expr: &str, g: GameId) -> Result<String, Failed> {
        let chars: Vec<char> = expr.chars().collect();
        let found = cgt_rulesets::solve::top_terms(&chars);
        if found.is_empty() {
            return Ok("null".to_owned());
        }
        // The rest, in notation, with a 0 in each ruleset term's place.
        let mut rest_chars = chars.clone();
        for f in &found {
            for (k, c) in rest_chars[f.name.start..=f.close].iter_mut().enumerate() {
                *c = if k == 0 { '0' } else { ' ' };
            }
        }
        let rest_text: String = rest_chars.into_iter().collect();
        let rest = match self.value(&rest_text)? {
            Ok(r) if r != self.store.zero() => Some(r),
            _ => None,
        };
        let text =
            |range: std::ops::RangeInclusive<usize>| -> String { chars[range].iter().collect() };
        let mut out = String::from("{\"terms\":[");
        for (i, f) in found.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let term = text(f.name.start..=f.close);
            out.push_str(&format!(
                "{{\"expression\":{},\"negated\":{}}}",
                json::string(&term),
                f.negated
            ));
        }
        if let Some(r) = rest {
            let written = self.store.display(r);
            out.push_str(&format!(
                ",{{\"expression\":{},\"negated\":false}}",
                json::string(&written)
            ));
        }
        out.push(']');
        for side in [Side::Left, Side::Right] {
            // Each move: the sum it leaves, its term (from 1), the term after.
            let mut moves: Vec<(String, usize, String)> = Vec::new();
            for (i, f) in found.iter().enumerate() {
                let name = text(f.name.start..=f.open - 1);
                let Some(ruleset) = registry::find(name.trim()) else {
                    continue;
                };
                let position = text(f.open + 1..=f.close - 1);
                let mover = if f.negated { side.opponent() } else { side };
                for to in self.moves(ruleset, &position, mover)? {
                    let whole: String = chars[..f.name.start]
                        .iter()
                        .copied()
                        .chain(to.chars())
                        .chain(chars[f.close + 1..].iter().copied())
                        .collect();
                    moves.push((whole, i + 1, to));
                }
            }
            if let Some(r) = rest {
                let options = self
                    .store
                    .options(r, side)
                    .map_err(|e| Failed::Message(format!("explore: {e}")))?
                    .to_vec();
                let mut terms = String::new();
                for f in &found {
                    let term = text(f.name.start..=f.close);
                    match (terms.is_empty(), f.negated) {
                        (true, false) => terms.push_str(&term),
                        (true, true) => terms.push_str(&format!("-{term}")),
                        (false, false) => terms.push_str(&format!(" + {term}")),
                        (false, true) => terms.push_str(&format!(" - {term}")),
                    }
                }
                for o in options {
                    let to = self.store.display(o);
                    let whole = if o == self.store.zero() {
                        terms.clone()
                    } else {
                        format!("{terms} + ({to})")
                    };
                    moves.push((whole, found.len() + 1, to));
                }
            }
            let mut values = Vec::with_capacity(moves.len());
            for (whole, _, _) in &moves {
                values.push(self.value(whole)?);
            }
            let marks = self.marks(g, side, &values);
            out.push_str(if side == Side::Left {
                ",\"left\":["
            } else {
                ",\"right\":["
            });
            for (i, ((whole, term, to), v)) in moves.iter().zip(&values).enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let written = match v {
                    Ok(g) => self.store.display(*g),
                    Err(loopy) => loopy.clone(),
                };
                let (dominated, reversible) = marks[i];
                out.push_str(&format!(
                    "{{\"expression\":{},\"term\":{term},\"to\":{},\"value\":{},\
                     \"dominated\":{dominated},\"reversible\":{reversible}}}",
                    json::string(whole),
                    json::string(to),
                    json::string(&written)
                ));
            }
            out.push(']');
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
/// layout (and the cells of a grid or a strip), rules and example; `graph`
/// (a graph's vertex and edge labels, and whether its first vertex is the
/// ground, else null) and `cakes` (whether its numbers are cakes).
pub fn rulesets_json() -> String {
    let entries: Vec<String> = RULESETS
        .iter()
        .map(|r| {
            let (kind, layout) = (r.kind.name(), r.layout.name());
            let cells = r
                .layout
                .cells()
                .map_or_else(|| "null".to_owned(), json::string);
            let graph = match r.layout {
                Layout::Graph {
                    vertices,
                    edges,
                    ground,
                } => format!(
                    "{{\"vertices\":{},\"edges\":{},\"ground\":{ground}}}",
                    json::string(vertices),
                    json::string(edges)
                ),
                _ => "null".to_owned(),
            };
            let cakes = matches!(r.layout, Layout::Numbers { cakes: true });
            format!(
                "{{\"name\":{},\"kind\":\"{kind}\",\"layout\":\"{layout}\",\"cells\":{cells},\
                 \"rules\":{},\"example\":{},\"position\":{},\"graph\":{graph},\"cakes\":{cakes}}}",
                json::string(r.name),
                json::string(r.rules),
                json::string(r.example),
                json::string(r.example_position())
            )
        })
        .collect();
    format!("[{}]", entries.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never() -> Stop {
        Arc::new(|| false)
    }

    #[test]
    fn calls_on_one_expression_value_it_in_one_store_even_at_once() {
        let kept = Kept::default();
        let expr = "domineering(....|....|...#)";
        let stop = never();
        let answers: Vec<Result<String, Failed>> = std::thread::scope(|scope| {
            let running = [
                scope.spawn(|| eval_json(&kept, expr, &stop)),
                scope.spawn(|| thermograph_svg(&kept, expr, &stop)),
                scope.spawn(|| options_json(&kept, expr, &stop)),
            ];
            running
                .into_iter()
                .map(|r| r.join().expect("no panic"))
                .collect()
        });
        let options = match &answers[..] {
            [Ok(_), Ok(_), Ok(options)] => options.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(kept.made(), 1);
        // The same answer from kept stores as from new ones.
        assert_eq!(options_json(&kept, expr, &stop).ok(), Some(options.clone()));
        let fresh = Kept::default();
        assert_eq!(options_json(&fresh, expr, &stop).ok(), Some(options));
        assert_eq!(kept.made(), 1);
        // Past STORES_KEPT other expressions, the first one's are dropped.
        for n in 0..STORES_KEPT {
            assert!(eval_json(&kept, &n.to_string(), &stop).is_ok());
        }
        assert_eq!(kept.made(), 1 + STORES_KEPT);
        assert!(eval_json(&kept, expr, &stop).is_ok());
        assert_eq!(kept.made(), 2 + STORES_KEPT);
        // Cleared, the next call makes its stores anew.
        kept.clear();
        assert!(eval_json(&kept, expr, &stop).is_ok());
        assert_eq!(kept.made(), 3 + STORES_KEPT);
    }

    #[test]
    fn a_stopped_call_keeps_no_stores() {
        let kept = Kept::default();
        let stopped: Stop = Arc::new(|| true);
        assert!(matches!(
            eval_json(&kept, "domineering(....|....)", &stopped),
            Err(Failed::Stopped)
        ));
        assert!(eval_json(&kept, "domineering(....|....)", &never()).is_ok());
        assert_eq!(kept.made(), 2);
    }

    #[test]
    fn a_sum_moves_term_by_term_and_numbers_its_terms_as_solve_does() {
        let kept = Kept::default();
        let body =
            options_json(&kept, "clobber(xo) - toads(t.f) + {1|-1}", &never()).expect("an answer");
        let sum = &body[body.find("\"sum\":").expect("a sum field")..];
        assert!(sum.starts_with(
            "\"sum\":{\"terms\":[{\"expression\":\"clobber(xo)\",\"negated\":false},\
             {\"expression\":\"toads(t.f)\",\"negated\":true},\
             {\"expression\":\"+-1\",\"negated\":false}],\"left\":["
        ));
        // Left moves in clobber, in the subtracted toads as Right (a frog),
        // and in the switch; the others stay as written.
        for m in [
            "{\"expression\":\"clobber(.x) - toads(t.f) + {1|-1}\",\"term\":1,\"to\":\"clobber(.x)\"",
            "{\"expression\":\"clobber(xo) - toads(tf.) + {1|-1}\",\"term\":2,\"to\":\"toads(tf.)\"",
            "{\"expression\":\"clobber(xo) - toads(t.f) + (1)\",\"term\":3,\"to\":\"1\"",
        ] {
            assert!(sum.contains(m), "{m} not in {sum}");
        }
        // One ruleset term alone has its own moves, and no sum.
        let one = options_json(&kept, "clobber(xo)", &never()).expect("an answer");
        assert!(one.contains("\"sum\":null"), "{one}");
    }
}

//! The JSON API of `cgt explore` and the page's files (README: `cgt
//! explore`). Each computation runs on its connection's thread in the
//! stores of its expression: the page asks for a position's value, its
//! thermograph and its options at once, and the first of those values it
//! while the others wait for its stores, so a view values its position
//! once ([`STORES_KEPT`] expressions' stores are kept). A computation
//! stops, with its stores and every game they hold dropped, when the page
//! cancels it (`POST /api/cancel?id=`), when the process holds more than
//! the memory budget (which drops the stores kept too), or past
//! [`WORK_SECONDS`].

use super::server::{Request, Response};
use crate::budget::Budget;
use crate::command::eval::evaluate_in;
use crate::failure::Failure;
use cgt_core::canonical::{GameId, GameStore};
use cgt_core::loopy_partizan::StopperStore;
use cgt_core::outcome::Side;
use cgt_lab::eval::{self, Evaluation};
use cgt_rulesets::Rulesets;
use cgt_rulesets::registry::{self, Layout, RULESETS, Ruleset};
use cgt_rulesets::solve::Solver;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, TryLockError, mpsc};
use std::time::{Duration, Instant};

/// The longest a computation may run.
pub const WORK_SECONDS: u64 = 600;
/// The most computations running at once; past it, 503.
pub const MAX_RUNNING: usize = 24;
/// How many expressions' stores are kept for the next call on the same
/// expression (the least recently used goes first).
pub const STORES_KEPT: usize = 4;
/// New positions a ruleset term is valued by between two looks at the
/// stop flag.
const STEP: usize = 20_000;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
const BOARD_JS: &str = include_str!("assets/board.js");
const EDITOR_JS: &str = include_str!("assets/editor.js");
const STYLE_CSS: &str = include_str!("assets/style.css");

/// Why a computation stopped (0 while it runs).
const RUNNING: u8 = 0;
const CANCELLED: u8 = 1;
const PAST_MEMORY: u8 = 2;
const PAST_TIME: u8 = 3;

/// A computation the page may cancel.
struct Job {
    stop: AtomicU8,
    deadline: Instant,
}

impl Job {
    /// Whether to stop now (and, past the deadline, says so for later).
    fn stopped(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) != RUNNING {
            return true;
        }
        if Instant::now() > self.deadline {
            let _ = self.stop.compare_exchange(
                RUNNING,
                PAST_TIME,
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
            return true;
        }
        false
    }
}

/// What every connection's thread shares.
#[derive(Default)]
pub struct Shared {
    /// Connections being served.
    pub connections: AtomicUsize,
    /// The running computations, by the page's id for them (or a number).
    jobs: Mutex<HashMap<String, Arc<Job>>>,
    next: AtomicUsize,
    /// The budget's message when the process last passed it.
    memory: Mutex<Option<String>>,
    /// The stores of the last few expressions, the most recent first.
    kept: Mutex<Vec<(String, Slot)>>,
    /// Stores made anew: what a view that values once makes one of.
    made: AtomicUsize,
}

/// Where an expression's stores are kept: empty while a computation
/// holds them (and its lock held, so that the next call waits for them).
type Slot = Arc<Mutex<Option<Stores>>>;

/// What a computation values in, kept for the next call on its expression.
struct Stores {
    games: GameStore,
    stoppers: StopperStore,
    rulesets: Rulesets,
}

impl Shared {
    /// Watches the memory the process holds, as `cgt`'s other commands
    /// do, on a thread of its own: past the budget, every running
    /// computation stops (and frees its store), instead of the process.
    pub fn watch_memory(self: &Arc<Self>, max_memory: Option<u64>) {
        let Some(mut budget) = Budget::new(max_memory) else {
            return;
        };
        let shared = Arc::clone(self);
        let _ = std::thread::Builder::new()
            .name("explore-memory".to_owned())
            .spawn(move || {
                loop {
                    std::thread::sleep(Duration::from_millis(50));
                    if let Some(passed) = budget.passed() {
                        let jobs = shared.jobs.lock().unwrap_or_else(PoisonError::into_inner);
                        for job in jobs.values() {
                            job.stop.store(PAST_MEMORY, Ordering::Relaxed);
                        }
                        *shared.memory.lock().unwrap_or_else(PoisonError::into_inner) =
                            Some(passed);
                        // What is kept goes too (a store in use, when its
                        // computation stops).
                        shared
                            .kept
                            .lock()
                            .unwrap_or_else(PoisonError::into_inner)
                            .clear();
                    }
                }
            });
    }

    /// Registers a computation under `id` (the page's, or a number).
    fn start(&self, id: Option<&str>) -> Result<(String, Arc<Job>), Response> {
        let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        if jobs.len() >= MAX_RUNNING {
            return Err(Response::error(
                503,
                &format!("explore: {MAX_RUNNING} computations are running; cancel one or wait"),
            ));
        }
        let id = match id {
            Some(id) if id.len() <= 64 && !jobs.contains_key(id) => id.to_owned(),
            Some(_) => return Err(Response::error(400, "explore: id: expected a new short id")),
            None => format!("#{}", self.next.fetch_add(1, Ordering::Relaxed)),
        };
        let job = Arc::new(Job {
            stop: AtomicU8::new(RUNNING),
            deadline: Instant::now() + Duration::from_secs(WORK_SECONDS),
        });
        jobs.insert(id.clone(), Arc::clone(&job));
        Ok((id, job))
    }

    /// The place of `expr`'s stores, made the most recent (and the least
    /// recent dropped past [`STORES_KEPT`]).
    fn slot(&self, expr: &str) -> Slot {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        let slot = match kept.iter().position(|(e, _)| e == expr) {
            Some(i) => kept.remove(i).1,
            None => Arc::new(Mutex::new(None)),
        };
        kept.insert(0, (expr.to_owned(), Arc::clone(&slot)));
        kept.truncate(STORES_KEPT);
        slot
    }

    fn finish(&self, id: &str) {
        self.jobs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id);
    }

    /// The answer for a computation that was stopped.
    fn stopped(&self, job: &Job) -> Response {
        let message = match job.stop.load(Ordering::Relaxed) {
            PAST_MEMORY => self
                .memory
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .clone()
                .map_or_else(
                    || "explore: past the memory budget (--max-memory)".to_owned(),
                    |m| format!("explore: {m}"),
                ),
            PAST_TIME => {
                format!("explore: stopped after {WORK_SECONDS} s, the bound of one computation")
            }
            _ => "explore: cancelled".to_owned(),
        };
        Response::error(503, &message)
    }
}

/// The answer to `request`.
pub fn answer(shared: &Shared, request: &Request) -> Response {
    let (path, query) = request
        .target
        .split_once('?')
        .unwrap_or((request.target.as_str(), ""));
    let Some(params) = parse_query(query) else {
        return Response::error(400, "explore: the query must be percent-encoded UTF-8");
    };
    let param = |key: &str| {
        params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let method = request.method.as_str();
    match (method, path) {
        ("GET", "/" | "/index.html") => file("text/html", INDEX_HTML),
        ("GET", "/app.js") => file("text/javascript", APP_JS),
        ("GET", "/board.js") => file("text/javascript", BOARD_JS),
        ("GET", "/editor.js") => file("text/javascript", EDITOR_JS),
        ("GET", "/style.css") => file("text/css", STYLE_CSS),
        ("GET", "/api/rulesets") => Response::json(200, rulesets_json()),
        ("POST", "/api/cancel") => {
            let jobs = shared.jobs.lock().unwrap_or_else(PoisonError::into_inner);
            match param("id").and_then(|id| jobs.get(id)) {
                Some(job) => {
                    job.stop.store(CANCELLED, Ordering::Relaxed);
                    Response::json(200, "{\"cancelled\":true}".to_owned())
                }
                None => Response::json(200, "{\"cancelled\":false}".to_owned()),
            }
        }
        ("GET", "/api/eval" | "/api/options" | "/api/solve" | "/api/thermograph") => {
            let Some(expr) = param("q") else {
                return Response::error(400, "explore: expected q=EXPR");
            };
            let first = match param("first") {
                None | Some("") => None,
                Some("left") => Some(Side::Left),
                Some("right") => Some(Side::Right),
                Some(other) => {
                    return Response::error(
                        400,
                        &format!("explore: first: expected left or right, found \"{other}\""),
                    );
                }
            };
            let (id, job) = match shared.start(param("id")) {
                Ok(started) => started,
                Err(refused) => return refused,
            };
            let response = match path {
                "/api/eval" => compute(shared, &job, expr, |work| work.eval(expr)),
                "/api/options" => compute(shared, &job, expr, |work| work.options(expr)),
                "/api/thermograph" => compute(shared, &job, expr, |work| work.thermograph(expr)),
                _ => solve(shared, &job, expr, first),
            };
            shared.finish(&id);
            response
        }
        _ if path.starts_with("/api/") || method != "GET" => {
            Response::error(405, &format!("explore: {method} {path}: no such call"))
        }
        _ => Response::error(404, &format!("explore: {path}: not found")),
    }
}

fn file(content_type: &'static str, text: &'static str) -> Response {
    Response {
        status: 200,
        content_type,
        body: text.as_bytes().to_vec(),
    }
}

/// Runs `f` on a [`Work`] in `expr`'s stores (new ones if none are kept),
/// answering the stop if it was stopped. A call on the same expression
/// that is running first is waited for: its stores then hold the values.
fn compute(
    shared: &Shared,
    job: &Arc<Job>,
    expr: &str,
    f: impl FnOnce(&mut Work<'_>) -> Result<Response, Failure>,
) -> Response {
    let slot = shared.slot(expr);
    let mut kept = loop {
        match slot.try_lock() {
            Ok(kept) => break kept,
            Err(TryLockError::Poisoned(poisoned)) => break poisoned.into_inner(),
            Err(TryLockError::WouldBlock) if job.stopped() => return shared.stopped(job),
            Err(TryLockError::WouldBlock) => std::thread::sleep(Duration::from_millis(10)),
        }
    };
    let mut stores = kept.take().unwrap_or_else(|| {
        shared.made.fetch_add(1, Ordering::Relaxed);
        Stores {
            games: GameStore::new(),
            stoppers: StopperStore::new(),
            rulesets: Rulesets::new(),
        }
    });
    let check_job = Arc::clone(job);
    let Stores {
        games,
        stoppers,
        rulesets,
    } = &mut stores;
    // Sums and thermographs look at the flag every 16 games they make.
    let result = games.with_interrupt(
        move || check_job.stopped(),
        |store| {
            f(&mut Work {
                store,
                stoppers,
                rulesets,
                job: Arc::clone(job),
            })
        },
    );
    if job.stopped() {
        // A stopped computation may have left its stores half done.
        return shared.stopped(job);
    }
    *kept = Some(stores);
    drop(kept);
    match result {
        Ok(response) => response,
        Err(Failure::Message(message, _)) => Response::error(400, &message),
        Err(Failure::ReaderGone) => Response::error(400, "explore: no answer"),
    }
}

/// `cgt solve`'s search, which cannot be stopped inside: on its own thread,
/// which a cancelled request leaves to finish alone.
fn solve(shared: &Shared, job: &Arc<Job>, expr: &str, first: Option<Side>) -> Response {
    let (sender, receiver) = mpsc::channel();
    let expr = expr.to_owned();
    let spawned = std::thread::Builder::new()
        .name("explore-solve".to_owned())
        .spawn(move || {
            let mut store = GameStore::new();
            let mut solver = Solver::new();
            let solved = cgt_lab::solve::solve(&mut solver, &mut store, &expr, first);
            let _ = sender.send(solved.map(|s| s.json()).map_err(|e| format!("solve: {e}")));
        });
    if spawned.is_err() {
        return Response::error(503, "explore: cannot start the computation");
    }
    loop {
        match receiver.recv_timeout(Duration::from_millis(50)) {
            Ok(Ok(json)) => return Response::json(200, json),
            Ok(Err(message)) => return Response::error(400, &message),
            Err(mpsc::RecvTimeoutError::Timeout) if job.stopped() => return shared.stopped(job),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Response::error(503, "explore: the computation failed");
            }
        }
    }
}

/// The stores of one computation, and its stop flag.
struct Work<'a> {
    store: &'a mut GameStore,
    stoppers: &'a mut StopperStore,
    rulesets: &'a mut Rulesets,
    job: Arc<Job>,
}

impl Work<'_> {
    /// Values the ruleset terms of `expr` in steps, looking at the stop
    /// flag between them, so that what follows finds them valued.
    fn value_terms(&mut self, expr: &str) {
        let (rulesets, job) = (&mut self.rulesets, &self.job);
        // A loopy expression does not read here: the loopy reading values it.
        let _ = self.store.parse_with(expr, &mut |store, name, argument| {
            loop {
                match rulesets.value_within(store, name, argument, STEP) {
                    Some(Ok(None)) => {}
                    Some(Ok(Some(value))) => return Some(Ok(value)),
                    Some(Err(e)) => return Some(Err(e)),
                    None => return None,
                }
                if job.stopped() {
                    return Some(Err("stopped".to_owned()));
                }
            }
        });
    }

    /// `/api/eval`: `cgt eval EXPR --json`'s line, by its code.
    fn eval(&mut self, expr: &str) -> Result<Response, Failure> {
        self.value_terms(expr);
        if self.job.stopped() {
            return Err(Failure::ReaderGone);
        }
        let stores = (&mut *self.store, &mut *self.stoppers, &mut *self.rulesets);
        let evaluated = evaluate_in(stores, expr, true, false, false)?;
        Ok(Response::json(200, evaluated.line))
    }

    /// `/api/thermograph`: `eval --thermograph`'s picture.
    fn thermograph(&mut self, expr: &str) -> Result<Response, Failure> {
        self.value_terms(expr);
        if self.job.stopped() {
            return Err(Failure::ReaderGone);
        }
        let stores = (&mut *self.store, &mut *self.stoppers, &mut *self.rulesets);
        let evaluated = evaluate_in(stores, expr, false, true, false)?;
        Ok(Response {
            status: 200,
            content_type: "image/svg+xml",
            body: evaluated.svg.unwrap_or_default().into_bytes(),
        })
    }

    /// The value of `expr`: a short game's id, or the written loopy value.
    fn value(&mut self, expr: &str) -> Result<Result<GameId, String>, Failure> {
        self.value_terms(expr);
        if self.job.stopped() {
            return Err(Failure::ReaderGone);
        }
        let evaluation = eval::eval_any_with(self.store, self.stoppers, self.rulesets, expr)
            .map_err(|e| Failure::Message(format!("eval: EXPR {e}"), 2))?;
        Ok(match evaluation {
            Evaluation::Short(g) => Ok(g),
            Evaluation::Loopy(v) => Err(self.stoppers.display_value(v, self.store)),
        })
    }

    /// `/api/options`: the options of a ruleset position (or, for
    /// notation and sums, of the canonical form), each with its value and
    /// marks, and the canonical form's options.
    fn options(&mut self, expr: &str) -> Result<Response, Failure> {
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
                        .map_err(|e| Failure::Message(format!("explore: {e}"), 1))?
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
                    .map_err(|e| Failure::Message(format!("explore: {e}"), 1))?
                    .to_vec();
                let right = self
                    .store
                    .right_options(g)
                    .map_err(|e| Failure::Message(format!("explore: {e}"), 1))?
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
        Ok(Response::json(200, out))
    }

    /// The `sum` field of `/api/options`: for a sum with a ruleset term
    /// (`clobber(xo) + ^ - toads(t.f)`), its terms and each player's moves
    /// term by term (a move in one term, the others as they are), each
    /// with the value of the sum it leaves and marks as the position's
    /// options have; `null` when the expression has no ruleset term at
    /// its top level.
    fn sum(&mut self, expr: &str, g: GameId) -> Result<String, Failure> {
        let chars: Vec<char> = expr.chars().collect();
        let found = top_terms(&chars);
        if found.is_empty() {
            return Ok("null".to_owned());
        }
        // The rest, in notation, with a 0 in each ruleset term's place.
        let mut rest_chars = chars.clone();
        for f in &found {
            for (k, c) in rest_chars[f.start..=f.close].iter_mut().enumerate() {
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
            let term = text(f.start..=f.close);
            out.push_str(&format!(
                "{{\"expression\":{},\"negated\":{}}}",
                json_string(&term),
                f.negated
            ));
        }
        if let Some(r) = rest {
            let written = self.store.display(r);
            out.push_str(&format!(
                ",{{\"expression\":{},\"negated\":false}}",
                json_string(&written)
            ));
        }
        out.push(']');
        for side in [Side::Left, Side::Right] {
            // Each move: the sum it leaves, its term (from 1), the term after.
            let mut moves: Vec<(String, usize, String)> = Vec::new();
            for (i, f) in found.iter().enumerate() {
                let name = text(f.start..=f.open - 1);
                let Some(ruleset) = registry::find(name.trim()) else {
                    continue;
                };
                let position = text(f.open + 1..=f.close - 1);
                let mover = if f.negated { side.opponent() } else { side };
                for to in self.moves(ruleset, &position, mover)? {
                    let whole: String = chars[..f.start]
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
                    .map_err(|e| Failure::Message(format!("explore: {e}"), 1))?
                    .to_vec();
                let mut terms = String::new();
                for f in &found {
                    let term = text(f.start..=f.close);
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
                    json_string(whole),
                    json_string(to),
                    json_string(&written)
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
    ) -> Result<Vec<String>, Failure> {
        let moves = match ruleset.loopy() {
            Some(rules) => rules.moves(position, side).map_err(|e| e.to_string()),
            None => match self.rulesets.moves(ruleset.name, position, side) {
                Some(result) => result.map(|(_, moves)| moves),
                None => Ok(Vec::new()),
            },
        }
        .map_err(|e| Failure::Message(format!("{} position: {e}", ruleset.name), 2))?;
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

/// A short ruleset term added or subtracted at the top level of a sum:
/// its name's first character, its parentheses, whether it is subtracted.
struct Found {
    start: usize,
    open: usize,
    close: usize,
    negated: bool,
}

/// The short ruleset terms of `chars` added or subtracted at the top
/// level, as `cgt solve` finds them (so its `term` numbers are theirs):
/// outside every bracket, with nothing but `+`, `-` or an end on either
/// side (not `+-clobber(..)`, a switch, nor `2 clobber(..)`).
///
/// # Complexity
/// O(n) for n characters: each is looked at a bounded number of times.
fn top_terms(chars: &[char]) -> Vec<Found> {
    let previous = |k: usize| chars[..k].iter().rposition(|c| !c.is_whitespace());
    let word = |c: char| c.is_alphanumeric() || c == '_';
    let mut found = Vec::new();
    let mut depth = 0usize;
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        let starts_word = (c.is_alphabetic() || c == '_') && (k == 0 || !word(chars[k - 1]));
        if depth > 0 || !starts_word {
            k += 1;
            continue;
        }
        let mut end = k;
        while end < chars.len() && word(chars[end]) {
            end += 1;
        }
        let name: String = chars[k..end].iter().collect();
        let open = (end..chars.len()).find(|&j| !chars[j].is_whitespace());
        let close = open.filter(|&o| chars[o] == '(').and_then(|o| {
            let mut level = 0usize;
            (o..chars.len()).find(|&j| {
                match chars[j] {
                    '(' => level += 1,
                    ')' => level = level.saturating_sub(1),
                    _ => {}
                }
                level == 0
            })
        });
        let (Some(open), Some(close)) = (open, close) else {
            k = end;
            continue;
        };
        let before = previous(k).map(|b| (b, chars[b]));
        let negated = matches!(before, Some((_, '-')));
        let additive = match before {
            None | Some((_, '+')) => true,
            Some((b, '-')) => !previous(b).is_some_and(|a| matches!(chars[a], '+' | '-')),
            _ => false,
        };
        let after = (close + 1..chars.len()).find(|&j| !chars[j].is_whitespace());
        let ends = after.is_none_or(|a| matches!(chars[a], '+' | '-'));
        if additive && ends && registry::find(&name).is_some_and(|r| r.loopy().is_none()) {
            found.push(Found {
                start: k,
                open,
                close,
                negated,
            });
        }
        k = close + 1;
    }
    found
}

/// `/api/rulesets`: the registry, every entry with its name, kind,
/// layout (and the cells of a grid or a strip), rules and example; `graph`
/// (a graph's vertex and edge labels, and whether its first vertex is the
/// ground, else null) and `cakes` (whether its numbers are cakes).
fn rulesets_json() -> String {
    let entries: Vec<String> = RULESETS
        .iter()
        .map(|r| {
            let (kind, layout) = (r.kind.name(), r.layout.name());
            let cells = r
                .layout
                .cells()
                .map_or_else(|| "null".to_owned(), json_string);
            let graph = match r.layout {
                Layout::Graph {
                    vertices,
                    edges,
                    ground,
                } => format!(
                    "{{\"vertices\":{},\"edges\":{},\"ground\":{ground}}}",
                    json_string(vertices),
                    json_string(edges)
                ),
                _ => "null".to_owned(),
            };
            let cakes = matches!(r.layout, Layout::Numbers { cakes: true });
            format!(
                "{{\"name\":{},\"kind\":\"{kind}\",\"layout\":\"{layout}\",\"cells\":{cells},\
                 \"rules\":{},\"example\":{},\"position\":{},\"graph\":{graph},\"cakes\":{cakes}}}",
                json_string(r.name),
                json_string(r.rules),
                json_string(r.example),
                json_string(r.example_position())
            )
        })
        .collect();
    format!("[{}]", entries.join(","))
}

/// The query's `key=value` pairs, percent-decoded (`+` a space); `None`
/// where an escape is broken or the text is not UTF-8.
fn parse_query(query: &str) -> Option<Vec<(String, String)>> {
    let decode = |text: &str| -> Option<String> {
        let bytes = text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            match b {
                b'%' => {
                    let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                    out.push(u8::from_str_radix(hex, 16).ok()?);
                    i += 3;
                }
                b'+' => {
                    out.push(b' ');
                    i += 1;
                }
                _ => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        String::from_utf8(out).ok()
    };
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            Some((decode(key)?, decode(value)?))
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn get(shared: &Shared, target: &str) -> Response {
        let request = Request {
            method: "GET".to_owned(),
            target: target.to_owned(),
            headers: Vec::new(),
        };
        answer(shared, &request)
    }

    #[test]
    fn a_view_values_its_position_in_one_store_even_when_its_calls_come_at_once() {
        let shared = Arc::new(Shared::default());
        let q = "q=domineering(....%7C....%7C...%23)";
        let calls = ["/api/eval", "/api/thermograph", "/api/options"];
        let bodies: Vec<Response> = std::thread::scope(|scope| {
            let running: Vec<_> = calls
                .iter()
                .map(|call| {
                    let shared = Arc::clone(&shared);
                    scope.spawn(move || get(&shared, &format!("{call}?{q}")))
                })
                .collect();
            running
                .into_iter()
                .map(|r| r.join().expect("no panic"))
                .collect()
        });
        for r in &bodies {
            assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        }
        assert_eq!(shared.made.load(Ordering::Relaxed), 1);
        // The same answers from kept stores as from new ones.
        let again = get(&shared, &format!("/api/options?{q}"));
        assert_eq!(again.body, bodies[2].body);
        let fresh = get(&Shared::default(), &format!("/api/options?{q}"));
        assert_eq!(fresh.body, bodies[2].body);
        assert_eq!(shared.made.load(Ordering::Relaxed), 1);
        // Past STORES_KEPT other expressions, the first one's are dropped.
        for n in 0..STORES_KEPT {
            get(&shared, &format!("/api/eval?q={n}"));
        }
        assert_eq!(shared.made.load(Ordering::Relaxed), 1 + STORES_KEPT);
        get(&shared, &format!("/api/eval?{q}"));
        assert_eq!(shared.made.load(Ordering::Relaxed), 2 + STORES_KEPT);
    }

    #[test]
    fn a_sum_moves_term_by_term_and_numbers_its_terms_as_solve_does() {
        let shared = Shared::default();
        let response = get(
            &shared,
            "/api/options?q=clobber(xo)%20-%20toads(t.f)%20%2B%20%7B1%7C-1%7D",
        );
        let body = String::from_utf8(response.body).expect("UTF-8");
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
        let one = get(&shared, "/api/options?q=clobber(xo)");
        let one = String::from_utf8(one.body).expect("UTF-8");
        assert!(one.contains("\"sum\":null"), "{one}");
    }
}

//! The JSON API of `cgt explore` and the page's files (README: `cgt
//! explore`). Each computation runs on its connection's thread in the
//! stores of its expression, kept for the next call on it
//! ([`cgt_lab::explore::Kept`]: a view values its position once). A
//! computation stops, with its stores and every game they hold dropped,
//! when the page cancels it (`POST /api/cancel?id=`), when the process
//! holds more than the memory budget (which drops the stores kept too), or
//! past [`WORK_SECONDS`].

use super::server::{Request, Response};
use crate::budget::Budget;
use cgt_core::outcome::Side;
use cgt_lab::explore::{self, Failed};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

/// The longest a computation may run.
pub const WORK_SECONDS: u64 = 600;
/// The most computations running at once; past it, 503.
pub const MAX_RUNNING: usize = 24;

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
    /// The stores of the last few expressions.
    kept: explore::Kept,
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
                        shared.kept.clear();
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
        ("GET", "/api/rulesets") => Response::json(200, explore::rulesets_json()),
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
            let first = match explore::first_side(param("first")) {
                Ok(first) => first,
                Err(message) => return Response::error(400, &message),
            };
            let (id, job) = match shared.start(param("id")) {
                Ok(started) => started,
                Err(refused) => return refused,
            };
            let response = match path {
                "/api/eval" => compute(
                    shared,
                    &job,
                    |stop| explore::eval_json(&shared.kept, expr, stop),
                    "application/json",
                ),
                "/api/options" => compute(
                    shared,
                    &job,
                    |stop| explore::options_json(&shared.kept, expr, stop),
                    "application/json",
                ),
                "/api/thermograph" => compute(
                    shared,
                    &job,
                    |stop| explore::thermograph_svg(&shared.kept, expr, stop),
                    "image/svg+xml",
                ),
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

/// Answers a computation of the lab's explore module, or the stop's
/// message when it was stopped.
fn compute(
    shared: &Shared,
    job: &Arc<Job>,
    f: impl FnOnce(&explore::Stop) -> Result<String, Failed>,
    content_type: &'static str,
) -> Response {
    let check_job = Arc::clone(job);
    let stop: explore::Stop = Arc::new(move || check_job.stopped());
    let result = f(&stop);
    if job.stopped() {
        return shared.stopped(job);
    }
    match result {
        Ok(body) => Response {
            status: 200,
            content_type,
            body: body.into_bytes(),
        },
        Err(Failed::Message(message)) => Response::error(400, &message),
        Err(Failed::Stopped) => Response::error(400, "explore: no answer"),
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
            let _ = sender.send(explore::solve_json(&expr, first));
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
        assert_eq!(shared.kept.made(), 1);
        // The same answers from kept stores as from new ones.
        let again = get(&shared, &format!("/api/options?{q}"));
        assert_eq!(again.body, bodies[2].body);
        let fresh = get(&Shared::default(), &format!("/api/options?{q}"));
        assert_eq!(fresh.body, bodies[2].body);
        assert_eq!(shared.kept.made(), 1);
    }
}

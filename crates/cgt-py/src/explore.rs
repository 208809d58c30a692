//! What the notebook widget (`cgt.explore`, `python/cgt/_explore.py`)
//! asks: the answers of `cgt explore`'s JSON API, by the code the `cgt`
//! command's server answers with (`cgt_lab::explore`), so the widget shows
//! the same bytes; and the page's files, built into this module from
//! `crates/cgt/src/explore/assets` so that the widget runs the page's own
//! code.

use cgt_lab::explore::{self, Failed, Kept, Stop};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

/// The page's files, the same bytes as those the server sends.
const ASSETS: [(&str, &str); 6] = [
    (
        "index.html",
        include_str!("../../cgt/src/explore/assets/index.html"),
    ),
    (
        "app.js",
        include_str!("../../cgt/src/explore/assets/app.js"),
    ),
    (
        "board.js",
        include_str!("../../cgt/src/explore/assets/board.js"),
    ),
    (
        "editor.js",
        include_str!("../../cgt/src/explore/assets/editor.js"),
    ),
    (
        "style.css",
        include_str!("../../cgt/src/explore/assets/style.css"),
    ),
    (
        "widget.js",
        include_str!("../../cgt/src/explore/assets/widget.js"),
    ),
];

/// The stores of the last few expressions the widgets of this process
/// valued, as the server keeps its own: a view values its position once.
static KEPT: LazyLock<Kept> = LazyLock::new(Kept::default);

/// A computation of the widget that may be cancelled, from any thread.
#[pyclass(module = "cgt._cgt", frozen)]
pub struct ExploreJob {
    cancelled: Arc<AtomicBool>,
}

#[pymethods]
impl ExploreJob {
    #[new]
    fn new() -> Self {
        ExploreJob {
            cancelled: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Stops the computation: its call answers 503 `explore: cancelled`
    /// at its next look at the flag (every few games it makes).
    fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    /// Whether `cancel` was called.
    #[getter]
    fn cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

/// The page's files by name (`index.html`, `app.js`, `board.js`,
/// `editor.js`, `style.css`, `widget.js`).
#[pyfunction]
pub fn explore_assets() -> Vec<(&'static str, &'static str)> {
    ASSETS.to_vec()
}

/// The answer of the API call `path` (`/api/eval`, `/api/options`,
/// `/api/thermograph`, `/api/solve`, `/api/rulesets`) with the query
/// `params`, as `(status, content_type, body)`: what `cgt explore`'s
/// server answers, without the interpreter while it computes.
#[pyfunction]
#[pyo3(signature = (path, params, job=None))]
pub fn explore_answer(
    py: Python<'_>,
    path: &str,
    params: Vec<(String, String)>,
    job: Option<&ExploreJob>,
) -> PyResult<(u16, &'static str, String)> {
    let param = |key: &str| {
        params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let flag = job.map_or_else(
        || Arc::new(AtomicBool::new(false)),
        |j| Arc::clone(&j.cancelled),
    );
    let error = |status: u16, message: &str| {
        (
            status,
            "application/json",
            format!("{{\"error\":{}}}", cgt_lab::json::string(message)),
        )
    };
    if path == "/api/rulesets" {
        return Ok((200, "application/json", explore::rulesets_json()));
    }
    if !matches!(
        path,
        "/api/eval" | "/api/options" | "/api/thermograph" | "/api/solve"
    ) {
        return Err(PyValueError::new_err(format!(
            "explore: {path}: no such call"
        )));
    }
    let Some(expr) = param("q") else {
        return Ok(error(400, "explore: expected q=EXPR"));
    };
    let first = match explore::first_side(param("first")) {
        Ok(first) => first,
        Err(message) => return Ok(error(400, &message)),
    };
    let expr = expr.to_owned();
    let check = Arc::clone(&flag);
    let stop: Stop = Arc::new(move || check.load(Ordering::Relaxed));
    let path = path.to_owned();
    Ok(py.detach(move || {
        let (result, content_type) = match path.as_str() {
            "/api/eval" => (explore::eval_json(&KEPT, &expr, &stop), "application/json"),
            "/api/options" => (
                explore::options_json(&KEPT, &expr, &stop),
                "application/json",
            ),
            "/api/thermograph" => (
                explore::thermograph_svg(&KEPT, &expr, &stop),
                "image/svg+xml",
            ),
            _ => (solve(&expr, first, &stop), "application/json"),
        };
        match result {
            Ok(body) => (200, content_type, body),
            Err(Failed::Message(message)) => error(400, &message),
            Err(Failed::Stopped) => error(503, "explore: cancelled"),
        }
    }))
}

/// `cgt solve`'s search, which cannot be stopped inside: on a thread of
/// its own, left to finish alone when the job is cancelled.
fn solve(
    expr: &str,
    first: Option<cgt_core::outcome::Side>,
    stop: &Stop,
) -> Result<String, Failed> {
    let (sender, receiver) = mpsc::channel();
    let expr = expr.to_owned();
    std::thread::Builder::new()
        .name("explore-solve".to_owned())
        .spawn(move || {
            let _ = sender.send(explore::solve_json(&expr, first));
        })
        .map_err(|_| Failed::Message("explore: cannot start the computation".to_owned()))?;
    loop {
        match receiver.recv_timeout(Duration::from_millis(50)) {
            Ok(answer) => return answer.map_err(Failed::Message),
            Err(mpsc::RecvTimeoutError::Timeout) if stop() => return Err(Failed::Stopped),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(Failed::Message(
                    "explore: the computation failed".to_owned(),
                ));
            }
        }
    }
}

/// `cgt.explore(value)`: the notebook widget of a value (`Game.widget`,
/// `LoopyGame.widget`).
pub(crate) fn widget<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    value
        .py()
        .import("cgt._explore")?
        .call_method1("explore", (value,))
}

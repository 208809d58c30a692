"""`cgt.explore(position)`: `cgt explore`'s page in a Jupyter notebook, as
an anywidget. The widget runs the page's own JavaScript (built into the
module with the page's other files); where the page asks its server, the
widget asks this module through the widget's messages, and the answers
come from the same Rust code as the server's, so they are the same bytes.

anywidget is an optional extra (`pip install 'cgt[widget]'`): `import cgt`
never needs it, `cgt.explore` says so when it is missing."""

from __future__ import annotations

import json
import threading
from typing import Any, Callable, Dict, List, Optional

from . import _cgt

#: The most computations of one widget running at once (the server's bound).
MAX_RUNNING = 24

_MISSING = "cgt.explore needs anywidget: pip install 'cgt[widget]' (or pip install anywidget)"


def expression_of(position: Any) -> str:
    """The expression `cgt eval` reads for `position`: a string as it is, a
    ruleset position's term (`domineering(..|..)`), a `Game`'s or a
    `LoopyGame`'s value in CGSuite's notation."""
    if isinstance(position, str):
        return position
    if isinstance(position, (_cgt.Position, _cgt.LoopyPosition)):
        return position.term
    if isinstance(position, (_cgt.Game, _cgt.LoopyGame)):
        return str(position)
    raise TypeError(
        "cgt.explore: expected an expression, a Game, a LoopyGame or a position of a "
        f"built-in ruleset, found {type(position).__name__}"
    )


class Handler:
    """Answers the widget's messages: `{type: "request", id, path, params}`
    with `{type: "answer", id, ok, body}` (through `send`), each on a thread
    of its own so that the kernel stays free to take a `{type: "cancel",
    id}`, which stops that computation."""

    def __init__(self, send: Callable[[Dict[str, Any]], None]):
        self._send = send
        self._lock = threading.Lock()
        self._jobs: Dict[str, _cgt.ExploreJob] = {}

    def __call__(self, content: Any, buffers: Optional[List[Any]] = None) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        key = str(content.get("id", ""))
        if kind == "cancel":
            with self._lock:
                job = self._jobs.get(key)
            if job is not None:
                job.cancel()
        elif kind == "request":
            job = _cgt.ExploreJob()
            # The server's refusals, in its order and words.
            with self._lock:
                if len(self._jobs) >= MAX_RUNNING:
                    refused = (503, f"explore: {MAX_RUNNING} computations are running; cancel one or wait")
                elif len(key) > 64 or key in self._jobs:
                    refused = (400, "explore: id: expected a new short id")
                else:
                    refused = None
                    self._jobs[key] = job
            if refused is not None:
                self._send(_answer(key, refused[0], _error(refused[1])))
                return
            thread = threading.Thread(
                target=self._run,
                args=(key, content.get("path"), content.get("params"), job),
                name="cgt-explore",
                daemon=True,
            )
            thread.start()

    def answer(self, path: Any, params: Any, job: Optional[_cgt.ExploreJob] = None):
        """`(status, content_type, body)` for one request, as the server
        answers it."""
        if not isinstance(params, dict):
            params = {}
        pairs = [(str(k), str(v)) for k, v in params.items()]
        if not isinstance(path, str):
            return 405, "application/json", _error("explore: expected a path /api/…")
        try:
            return _cgt.explore_answer(path, pairs, job)
        except ValueError as e:
            return 405, "application/json", _error(str(e))

    def running(self) -> int:
        """How many computations are running."""
        with self._lock:
            return len(self._jobs)

    def _run(self, key: str, path: Any, params: Any, job: _cgt.ExploreJob) -> None:
        try:
            status, _, body = self.answer(path, params, job)
        except Exception as e:  # an answer, whatever went wrong
            status, body = 500, _error(f"explore: {e}")
        finally:
            with self._lock:
                self._jobs.pop(key, None)
        self._send(_answer(key, status, body))


def _answer(key: str, status: int, body: str) -> Dict[str, Any]:
    return {"type": "answer", "id": key, "ok": 200 <= status < 300, "status": status, "body": body}


def _error(message: str) -> str:
    return json.dumps({"error": message}, ensure_ascii=False, separators=(",", ":"))


_WIDGET = None


def _widget_class():
    global _WIDGET
    if _WIDGET is not None:
        return _WIDGET
    try:
        import anywidget
        import traitlets
    except ImportError:
        raise ImportError(_MISSING) from None
    files = dict(_cgt.explore_assets())

    class ExploreWidget(anywidget.AnyWidget):
        """`cgt explore`'s page in a notebook: the board, the value, the game
        tree and play against perfect play, of `expression`."""

        _esm = files["widget.js"]
        _page = traitlets.Dict({k: v for k, v in files.items() if k != "widget.js"}).tag(
            sync=True
        )
        expression = traitlets.Unicode("").tag(sync=True)

        def __init__(self, **kwargs: Any):
            super().__init__(**kwargs)
            # Looked up at each answer, so that a test can stand in for the comm.
            self._handler = Handler(lambda message: self.send(message))
            self.on_msg(lambda _widget, content, buffers: self._handler(content, buffers))

    _WIDGET = ExploreWidget
    return ExploreWidget


def explore(position: Any = ""):
    """`cgt explore`'s page for `position` in a Jupyter notebook (an
    anywidget): its board, value, thermograph, game tree, and play against
    perfect play. `position`: an expression `cgt eval` reads, a `Game`, a
    `LoopyGame` or a position of a built-in ruleset; empty opens the first
    ruleset's example. Raises ImportError without anywidget."""
    return _widget_class()(expression=expression_of(position))

"""The notebook widget in a real browser: headless Chromium (the
chromedriver harness of `crates/cgt/tests/browser/explore_page.py`) loads
the widget's ES module (`cgt.explore(...)._esm`, the page's app.js inside)
into a static page whose small stand-in for anywidget's `model` carries each
`model.send` to this process over HTTP, where the real widget's message
handler answers it; its answers go back by a long poll as `msg:custom`
events. The test enters a position, reads its value, edits the board,
expands the tree and plays a game through that path, and saves screenshots
to target/explore-screenshots/widget-*.png."""

from __future__ import annotations

import importlib.util
import json
import os
import queue
import random
import shutil
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import cgt

ROOT = Path(__file__).resolve().parents[3]
HARNESS = ROOT / "crates" / "cgt" / "tests" / "browser" / "explore_page.py"
CI = os.environ.get("CI", "") not in ("", "0", "false")

try:
    import anywidget  # noqa: F401
except ImportError:  # pragma: no cover - depends on the environment
    pytest.skip("anywidget is not installed (pip install 'cgt[widget]'); cargo xtask test installs it", allow_module_level=True)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
if not (CHROMIUM and CHROMEDRIVER):
    message = "the widget's browser test needs chromium and chromedriver on PATH (Debian: apt-get install chromium chromium-driver)"
    if CI:
        raise RuntimeError(f"{message}: CI runs it")
    pytest.skip(message, allow_module_level=True)

PAGE = b"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cgt.explore widget</title></head>
<body><div id="widget"></div><script type="module" src="/harness.js"></script></body></html>
"""

# anywidget's model, as much of it as the widget uses: get, set and
# save_changes (the state synced to Python), on/off "msg:custom" and
# "change:expression", send. Python's changes of `expression` come back
# with the messages as {"change": value}.
HARNESS_JS = b"""
const state = await (await fetch("/state")).json();
const listeners = { "msg:custom": new Set(), "change:expression": new Set() };
const model = {
  get: (key) => state[key],
  set: (key, value) => { state[key] = value; },
  save_changes: () => {
    fetch("/state", { method: "POST", body: JSON.stringify({ expression: state.expression }) });
  },
  on: (event, f) => listeners[event]?.add(f),
  off: (event, f) => listeners[event]?.delete(f),
  send: (message) => { fetch("/send", { method: "POST", body: JSON.stringify(message) }); },
};
(async () => {
  for (;;) {
    const messages = await (await fetch("/messages")).json();
    for (const m of messages) {
      if ("change" in m) {
        state.expression = m.change;
        for (const f of listeners["change:expression"]) f();
      } else {
        for (const f of listeners["msg:custom"]) f(m, []);
      }
    }
  }
})();
const { default: widget } = await import("/widget.js");
window.widgetStop = await widget.render({ model, el: document.getElementById("widget") });
window.widgetReady = true;
"""


class Bridge:
    """The static page, the widget's module and its messages, over HTTP."""

    def __init__(self, widget):
        self.widget = widget
        self.answers: "queue.Queue[dict]" = queue.Queue()
        # The comm's send, as the kernel would deliver it to the front end.
        widget.send = self.answers.put
        bridge = self

        class Serve(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def reply(self, body: bytes, kind: str):
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self):
                if self.path == "/":
                    self.reply(PAGE, "text/html")
                elif self.path == "/harness.js":
                    self.reply(HARNESS_JS, "text/javascript")
                elif self.path == "/widget.js":
                    self.reply(bridge.widget._esm.encode(), "text/javascript")
                elif self.path == "/state":
                    state = {"_page": bridge.widget._page, "expression": bridge.widget.expression}
                    self.reply(json.dumps(state).encode(), "application/json")
                elif self.path == "/messages":
                    messages = []
                    try:
                        messages.append(bridge.answers.get(timeout=1))
                        while True:
                            messages.append(bridge.answers.get_nowait())
                    except queue.Empty:
                        pass
                    self.reply(json.dumps(messages).encode(), "application/json")
                else:
                    self.send_error(404)

            def do_POST(self):
                length = int(self.headers.get("Content-Length", "0"))
                message = json.loads(self.rfile.read(length))
                if self.path == "/state":
                    bridge.widget.expression = message["expression"]
                else:
                    # The widget's own callbacks, as ipywidgets calls them.
                    bridge.widget._handle_custom_msg(message, [])
                self.reply(b"{}", "application/json")

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request, client_address):
                # A poll cut short as the page goes is no error; any other is.
                error = sys.exc_info()[1]
                if not isinstance(error, ConnectionError):
                    bridge.errors.append(repr(error))

        self.errors: "list[str]" = []
        self.server = Server(("127.0.0.1", 0), Serve)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def driver():
    spec = importlib.util.spec_from_file_location("explore_page", HARNESS)
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    d = harness.Driver(CHROMIUM, CHROMEDRIVER)
    try:
        yield d
    finally:
        d.quit()


@pytest.fixture(scope="module")
def shots():
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    folder = target / "explore-screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("widget-*.png"):
        old.unlink()
    return folder


# The widget's elements are in its shadow root.
R = "const r = document.getElementById('widget').shadowRoot;"


def value_of(expr: str) -> str:
    """The value the Python module gives `expr`, by its own path (not the API)."""
    return str(cgt.game(expr)) if "(" not in expr else str(_position(expr).value)


def _position(expr: str):
    name, argument = expr.split("(", 1)
    return cgt.ruleset(name)(argument[:-1])


def shown_value(d, expr: str):
    return d.wait(
        R + "const v = r && r.querySelector('#value td[data-key=value]');"
        "return r && r.getElementById('expr').value === arguments[0] && v && v.textContent;",
        expr,
        what=f"the value of {expr}",
    )


def test_the_widget_shows_edits_expands_and_plays(driver, shots):
    d = driver
    start = cgt.ruleset("domineering")("...|...|...")
    widget = cgt.explore(start)
    bridge = Bridge(widget)
    try:
        d.go(bridge.url)
        d.wait("return window.widgetReady === true", what="the widget to render")
        # The position given from Python, valued through the widget's messages.
        assert shown_value(d, start.term) == str(start.value)
        d.wait(R + "return r.querySelectorAll('#tree > li > ul > li .node').length > 0", what="the tree")
        d.screenshot(str(shots / "widget-first-view.png"))

        # A position entered in the expression box.
        expr = "clobber(xo.|oxx)"
        d.run(R + "r.getElementById('expr').value = arguments[0]; r.getElementById('go').click();", expr)
        assert shown_value(d, expr) == value_of(expr)
        assert d.run(R + "return r.getElementById('board-panel').hidden") is False

        # A cell clicked on the board: the position and its value follow.
        d.run(
            R + "r.querySelector(\"#board svg rect[data-row='0'][data-col='2']\")"
            ".dispatchEvent(new MouseEvent('click', {bubbles: true}));"
        )
        edited = d.wait(R + "const e = r.getElementById('expr').value; return e !== arguments[0] && e;", expr)
        assert edited.startswith("clobber(xo") and edited != expr, edited
        assert shown_value(d, edited) == value_of(edited)
        # Python's side of the model follows the position shown.
        deadline = time.time() + 10
        while widget.expression != edited and time.time() < deadline:
            time.sleep(0.05)
        assert widget.expression == edited

        # The page's pictures (board.js, editor.js) in the widget: a graph,
        # and a sum's terms, each a board of its own.
        graph = "hackenbush(l(r;lr(e;r)))"
        d.run(R + "r.getElementById('expr').value = arguments[0]; r.getElementById('go').click();", graph)
        assert shown_value(d, graph) == value_of(graph)
        d.wait(R + "return r.querySelectorAll('#board svg circle.vertex').length > 1", what="the graph's vertices")
        total = "clobber(xo.|oxx) + domineering(..|..)"
        d.run(R + "r.getElementById('expr').value = arguments[0]; r.getElementById('go').click();", total)
        assert shown_value(d, total) == str(cgt.game(total))
        d.wait(R + "return r.querySelectorAll('#board-terms button.term').length === 2", what="the sum's terms")
        d.run(R + "r.querySelector(\"#board-terms button[data-term='1']\").click();")
        d.wait(R + "return !!r.querySelector('#board svg rect')", what="the second term's board")

        # A position set from Python opens in the widget.
        bridge.answers.put({"change": "{2|1*} + *"})
        assert shown_value(d, "{2|1*} + *") == str(cgt.Game("{2|1*} + *"))
        d.run(R + "r.getElementById('expr').value = arguments[0]; r.getElementById('go').click();", edited)
        shown_value(d, edited)

        # The tree: a child expanded, a grandchild selected shows its value.
        d.wait(R + "return r.querySelectorAll('#tree > li > ul > li > .toggle').length > 0", what="the first level")
        d.run(R + "r.querySelector('#tree > li > ul > li > .toggle').click();")
        d.wait(
            R + "return r.querySelectorAll('#tree > li > ul > li:first-child > ul > li > .node').length > 0",
            what="the second level",
        )
        options = d.run(
            R + "return Array.from(r.querySelectorAll('#tree > li > ul > li > .node'))"
            ".map(n => [n.dataset.expr, n.querySelector('.value').textContent])"
        )
        for option, shown in options:
            assert shown.strip() == f"= {value_of(option)}", (option, shown)
        grandchild = d.run(
            R + "const n = r.querySelector('#tree > li > ul > li:first-child > ul > li > .node');"
            "n.click(); return n.dataset.expr;"
        )
        d.wait(
            R + "const v = r.querySelector('#value td[data-key=value]');"
            "return r.getElementById('value-of').textContent === 'of ' + arguments[0] && v && v.textContent === arguments[1];",
            grandchild,
            value_of(grandchild),
            what=f"the value of {grandchild}",
        )
        d.screenshot(str(shots / "widget-tree.png"))

        # A whole game against the engine, the human Right, Left first.
        game = "domineering(...|...|...)"
        d.run(R + "r.getElementById('expr').value = arguments[0]; r.getElementById('go').click();", game)
        shown_value(d, game)
        d.run(
            R + "r.getElementById('play-side').value = 'right'; r.getElementById('play-first').value = 'left';"
            "r.getElementById('play-start').click();"
        )
        rng = random.Random(40)
        moves = 0
        while True:
            state = d.wait(
                R + "const s = r.getElementById('play-status');"
                "if (s.dataset.winner) return {over: s.dataset.winner};"
                "const b = r.querySelectorAll('#play-moves button.move');"
                "if (b.length && r.getElementById('cancel').hidden) return {moves: b.length};"
                "return null;",
                what="the human's turn or the end",
                timeout=60,
            )
            if "over" in state:
                break
            before = d.run(R + "return r.getElementById('expr').value")
            d.run(R + "r.querySelectorAll('#play-moves button.move')[arguments[0]].click()", rng.randrange(state["moves"]))
            d.wait(R + "return r.getElementById('expr').value !== arguments[0]", before, what="the move")
            moves += 1
        claims = d.run("return window.cgtPlay.claims")
        said = [c for c in claims if c["engine"] and c["winner"] == "left"]
        # Left moving first on 3x3 Domineering wins; the engine (Left) must.
        assert said, claims
        assert state["over"] == "left", (state, claims)
        assert moves >= 1
        d.screenshot(str(shots / "widget-play.png"))
        assert d.run(R + "return r.getElementById('error').hidden") is True
        # Every computation finished: nothing left running in the handler.
        assert widget._handler.running() == 0
        assert bridge.errors == []
    finally:
        bridge.close()

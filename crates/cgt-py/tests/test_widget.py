"""`cgt.explore`, the notebook widget: its message handler answers what
`cgt explore`'s server answers (the same bytes, checked against the
command), runs each request on a thread and stops it when cancelled; the
widget carries the page's own files; without anywidget, `import cgt` works
and `cgt.explore` says which extra to install."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

import cgt
from cgt._explore import Handler

ROOT = Path(__file__).resolve().parents[3]
ASSETS = ROOT / "crates" / "cgt" / "src" / "explore" / "assets"
CGT_BIN = os.environ.get("CGT_BIN")

try:
    import anywidget
except ImportError:  # pragma: no cover - depends on the environment
    anywidget = None
needs_anywidget = pytest.mark.skipif(
    anywidget is None, reason="anywidget is not installed (pip install 'cgt[widget]'); cargo xtask test installs it"
)
needs_cli = pytest.mark.skipif(
    not CGT_BIN or not Path(CGT_BIN).exists(), reason="CGT_BIN (the cgt command, built by cargo xtask test) is not set"
)


def collect():
    """A handler whose answers land in a queue, as the widget's comm sends them."""
    answers: "queue.Queue[dict]" = queue.Queue()
    return Handler(answers.put), answers


def ask(handler, answers, path, **params):
    key = f"t-{time.monotonic_ns()}"
    handler({"type": "request", "id": key, "path": path, "params": params})
    answer = answers.get(timeout=120)
    assert answer["id"] == key
    return answer


@pytest.fixture(scope="module")
def server():
    """`cgt explore` on a free port, to compare bytes with."""
    if not CGT_BIN or not Path(CGT_BIN).exists():
        pytest.skip("CGT_BIN (the cgt command, built by cargo xtask test) is not set")
    process = subprocess.Popen([CGT_BIN, "explore"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        base = process.stdout.readline().strip().rstrip("/")
        assert base.startswith("http://127.0.0.1:"), base
        yield base
    finally:
        process.kill()
        process.wait()


def from_server(base, path, **params):
    url = f"{base}{path}?{urllib.parse.urlencode(params)}" if params else base + path
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


CALLS = [
    ("/api/rulesets", {}),
    ("/api/eval", {"q": "domineering(..|..) + ^"}),
    ("/api/eval", {"q": "{pass|1}"}),
    ("/api/eval", {"q": "{1|"}),
    ("/api/options", {"q": "clobber(xox|oxo)"}),
    ("/api/options", {"q": "{2|{1|0}} - 1/2"}),
    ("/api/options", {"q": "backsliding(t.f)"}),
    ("/api/options", {"q": "clobber(xo) - toads(t.f) + {1|-1}"}),
    ("/api/thermograph", {"q": "{3|-1} + {1|0}"}),
    ("/api/thermograph", {"q": "{pass|1}"}),
    ("/api/solve", {"q": "toppling(lrlrl)", "first": "right"}),
    ("/api/solve", {"q": "1", "first": "up"}),
    ("/api/eval", {}),
]


@pytest.mark.parametrize("path,params", CALLS)
def test_the_handler_answers_the_servers_bytes(server, path, params):
    handler, answers = collect()
    answer = ask(handler, answers, path, **params)
    status, body = from_server(server, path, **params)
    assert (answer["status"], answer["body"]) == (status, body)
    assert answer["ok"] == (status == 200)


@needs_cli
def test_the_value_is_cgt_evals_json_line():
    handler, answers = collect()
    expr = "clobber(xo.|oxx) + ^ - 1/4"
    answer = ask(handler, answers, "/api/eval", q=expr)
    line = subprocess.run([CGT_BIN, "eval", "--json", "--", expr], capture_output=True, text=True, check=True)
    assert answer["body"] == line.stdout.strip()


def test_a_long_computation_is_cancelled_and_the_handler_goes_on():
    handler, answers = collect()
    handler({"type": "request", "id": "long", "path": "/api/eval", "params": {"q": "domineering(" + "|".join(["......"] * 6) + ")"}})
    time.sleep(0.5)
    assert handler.running() == 1
    started = time.monotonic()
    handler({"type": "cancel", "id": "long"})
    answer = answers.get(timeout=60)
    assert answer == {"type": "answer", "id": "long", "ok": False, "status": 503, "body": '{"error":"explore: cancelled"}'}
    assert time.monotonic() - started < 30
    assert handler.running() == 0
    assert json.loads(ask(handler, answers, "/api/eval", q="domineering(..|..)")["body"])["value"] == "+-1"


def test_requests_run_at_once_on_threads_of_their_own():
    handler, answers = collect()
    handler({"type": "request", "id": "long", "path": "/api/eval", "params": {"q": "domineering(" + "|".join(["......"] * 6) + ")"}})
    # A quick request is answered while the long one runs.
    quick = ask(handler, answers, "/api/eval", q="3/4")
    assert json.loads(quick["body"])["value"] == "3/4"
    handler({"type": "cancel", "id": "long"})
    assert answers.get(timeout=60)["id"] == "long"


def test_bad_messages_are_answered_or_ignored_never_raised():
    handler, answers = collect()
    handler("not a message")
    handler({"type": "cancel", "id": "nothing running"})
    handler({"no": "type"})
    answer = ask(handler, answers, "/api/nowhere")
    assert (answer["status"], json.loads(answer["body"])) == (405, {"error": "explore: /api/nowhere: no such call"})
    answer = ask(handler, answers, 7)
    assert answer["status"] == 405
    # An id in use, or too long, is refused as the server refuses it.
    handler({"type": "request", "id": "long", "path": "/api/eval", "params": {"q": "domineering(" + "|".join(["......"] * 6) + ")"}})
    handler({"type": "request", "id": "long", "path": "/api/eval", "params": {"q": "1"}})
    handler({"type": "request", "id": "x" * 65, "path": "/api/eval", "params": {"q": "1"}})
    refusals = [answers.get(timeout=60), answers.get(timeout=60)]
    expected = {"type": "answer", "ok": False, "status": 400, "body": '{"error":"explore: id: expected a new short id"}'}
    assert refusals == [dict(expected, id="long"), dict(expected, id="x" * 65)]
    handler({"type": "cancel", "id": "long"})
    assert answers.get(timeout=60)["status"] == 503
    assert answers.empty()


def test_the_expression_of_each_kind_of_position():
    from cgt._explore import expression_of

    assert expression_of("{1|*}") == "{1|*}"
    assert expression_of(cgt.Game("{1|*}")) == "{1|*}"
    entry = cgt.RULESETS[0]
    position = entry.cls(entry.argument)
    assert expression_of(position) == position.term
    loopy = next(r for r in cgt.RULESETS if r.kind == "loopy")
    assert expression_of(loopy.cls(loopy.argument)) == loopy.cls(loopy.argument).term
    assert expression_of(cgt.LoopyGame("{pass|1}")) == str(cgt.LoopyGame("{pass|1}"))
    with pytest.raises(TypeError, match="cgt.explore: expected an expression"):
        expression_of(3.5)


def test_without_anywidget_import_works_and_explore_says_what_to_install():
    # A real interpreter in which anywidget cannot be imported.
    script = (
        "import sys; sys.modules['anywidget'] = None\n"
        "import cgt\n"
        "assert str(cgt.Game('{1|*}')) == '{1|*}'\n"
        "try:\n"
        "    cgt.explore('1')\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "cgt.explore needs anywidget: pip install 'cgt[widget]' (or pip install anywidget)"


@needs_anywidget
def test_the_widget_carries_the_pages_own_files():
    widget = cgt.explore(cgt.Domineering("..|.."))
    assert isinstance(widget, anywidget.AnyWidget)
    assert widget.expression == "domineering(..|..)"
    for name in ("index.html", "app.js", "board.js", "editor.js", "style.css"):
        assert widget._page[name] == (ASSETS / name).read_text(encoding="utf-8"), name
    assert widget._esm == (ASSETS / "widget.js").read_text(encoding="utf-8")
    assert "export default { render }" in widget._esm


@needs_anywidget
def test_widget_of_every_kind_of_value():
    entry = next(r for r in cgt.RULESETS if r.kind != "loopy")
    loopy = next(r for r in cgt.RULESETS if r.kind == "loopy")
    assert cgt.Game("{2|1*}").widget().expression == "{2|1*}"
    assert cgt.LoopyGame("{pass|1}").widget().expression == str(cgt.LoopyGame("{pass|1}"))
    assert entry.cls(entry.argument).widget().expression == entry.cls(entry.argument).term
    assert loopy.cls(loopy.argument).widget().expression == loopy.cls(loopy.argument).term


@needs_anywidget
def test_the_widgets_messages_reach_the_handler():
    widget = cgt.explore("{1|*}")
    sent: "queue.Queue[dict]" = queue.Queue()
    widget.send = sent.put
    # What the front end's model.send delivers, through the widget's own callbacks.
    widget._handle_custom_msg({"type": "request", "id": "r1", "path": "/api/options", "params": {"q": "{1|*}", "id": "r1"}}, [])
    answer = sent.get(timeout=60)
    assert answer["id"] == "r1" and answer["ok"]
    options = json.loads(answer["body"])
    assert [o["expression"] for o in options["left"]] == ["1"]
    assert [o["expression"] for o in options["right"]] == ["*"]

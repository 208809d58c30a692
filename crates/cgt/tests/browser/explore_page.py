"""The page of `cgt explore` in a real browser: headless Chromium driven by
chromedriver over WebDriver, from the standard library alone.

    python3 explore_page.py --cgt target/debug/cgt --shots target/explore-screenshots

Each test starts from the page as a user opens it, acts by clicking, and
checks what the page shows against `cgt eval` / `cgt solve` run as
processes. Screenshots of each test go to --shots (not in git). The last line
is 'N passed, N failed'; the exit status is 1 when any failed.
"""

import argparse
import base64
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import time
import traceback
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    """A WebDriver session of chromedriver with a headless Chromium."""

    def __init__(self, chromium, chromedriver):
        self.port = free_port()
        self.process = subprocess.Popen(
            [chromedriver, f"--port={self.port}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.time() + 20
        while True:
            try:
                self.request("GET", "/status")
                break
            except OSError:
                if time.time() > deadline:
                    raise
                time.sleep(0.1)
        options = {
            "binary": chromium,
            "args": [
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--window-size=1400,1100",
            ],
        }
        value = self.request(
            "POST",
            "/session",
            {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}},
        )
        self.session = f"/session/{value['sessionId']}"

    def request(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as e:
            raise AssertionError(f"WebDriver {method} {path}: {e.read()[:500]!r}") from None

    def command(self, method, path, body=None):
        return self.request(method, self.session + path, body)

    def go(self, url):
        self.command("POST", "/url", {"url": url})

    def run(self, script, *args):
        return self.command("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find(self, css):
        found = self.command("POST", "/element", {"using": "css selector", "value": css})
        # W3C's key for an element reference, whatever its spelling here.
        return next(v for k, v in found.items() if k.startswith("element-"))

    def click(self, css):
        self.command("POST", f"/element/{self.find(css)}/click", {})

    def wait(self, script, *args, timeout=30, what=None):
        deadline = time.time() + timeout
        while True:
            value = self.run(script, *args)
            if value:
                return value
            if time.time() > deadline:
                raise AssertionError(f"timed out waiting for {what or script}")
            time.sleep(0.05)

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.command("GET", "/screenshot")))

    def quit(self):
        try:
            self.request("DELETE", self.session)
        finally:
            self.process.kill()
            self.process.wait()


class Page:
    """The server, the browser, and what the tests share."""

    def __init__(self, cgt, driver, shots):
        self.cgt = cgt
        self.driver = driver
        self.shots = shots
        self.server = subprocess.Popen(
            [cgt, "explore"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        address = self.server.stdout.readline().strip()
        assert address.startswith("http://127.0.0.1:"), address
        self.base = address.rstrip("/")
        with urllib.request.urlopen(self.base + "/api/rulesets") as response:
            self.rulesets = {r["name"]: r for r in json.loads(response.read())}

    def url(self, expr):
        return f"{self.base}/?{urllib.parse.urlencode({'q': expr})}"

    def eval(self, expr):
        out = subprocess.run([self.cgt, "eval", "--", expr], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        return out.stdout.strip()

    def shown_value(self):
        return self.driver.wait(
            "const v = document.querySelector('#value td[data-key=value]');"
            "return v && v.textContent;",
            what="the value shown",
        )

    def open(self, expr):
        self.driver.go(self.url(expr))
        self.driver.wait(
            "return document.getElementById('expr') && "
            "document.getElementById('expr').value === arguments[0]",
            expr,
            what=f"the page of {expr}",
        )

    def enter_by_clicking(self, name, target):
        """Sets the board of `name` to `target` (rows of cells, `|` between)
        by clicking cells, from an empty board of the same size."""
        rows = target.split("|")
        ruleset = self.rulesets[name]
        empty = "." if "." in ruleset["cells"] else ruleset["cells"][0]
        sep = "|" if ruleset["layout"] == "grid" else ""
        self.open(f"{name}({sep.join(empty * len(r) for r in rows)})")
        cells = ruleset["cells"]
        for y, row in enumerate(rows):
            for x, c in enumerate(row):
                clicks = (cells.index(c) - cells.index(empty)) % len(cells)
                for _ in range(clicks):
                    before = self.driver.run("return document.getElementById('expr').value")
                    self.driver.click(f"#board svg rect[data-row='{y}'][data-col='{x}']")
                    self.driver.wait(
                        "return document.getElementById('expr').value !== arguments[0]",
                        before,
                        what="the board to change",
                    )
        expr = f"{name}({sep.join(rows)})"
        got = self.driver.run("return document.getElementById('expr').value")
        assert got == expr, (got, expr)
        return expr

    def sum_terms(self, expr):
        """The terms of a sum as /api/options gives them (the ruleset terms,
        then the rest's value)."""
        query = urllib.parse.urlencode({"q": expr})
        with urllib.request.urlopen(f"{self.base}/api/options?{query}") as response:
            options = json.loads(response.read())
        return [t["expression"] for t in (options["sum"] or {"terms": []})["terms"]]

    def expr(self):
        return self.driver.run("return document.getElementById('expr').value")

    def click_and_wait(self, css):
        """Clicks `css` and waits for the position to change."""
        before = self.expr()
        self.driver.click(css)
        self.driver.wait(
            "return document.getElementById('expr').value !== arguments[0]",
            before,
            what=f"the position to change after clicking {css}",
        )

    def shot(self, name):
        name = "".join(c if c.isalnum() or c in "-_" else "_" for c in name)
        self.driver.screenshot(os.path.join(self.shots, f"{name}.png"))

    def close(self):
        self.server.kill()
        self.server.wait()


def test_first_view_of_the_empty_4x4_domineering_board(page):
    d = page.driver
    page.open("domineering(....|....|....|....)")
    d.wait("return performance.getEntriesByName('tree-expanded').length > 0", what="the tree")
    value = page.shown_value()
    assert value == page.eval("domineering(....|....|....|....)"), value
    times = d.run(
        "return ['value-shown', 'tree-expanded'].map(n => performance.getEntriesByName(n)[0].startTime)"
    )
    print(f"  first view: value at {times[0]:.0f} ms, tree at {times[1]:.0f} ms after navigation")
    # The goal is 1 s (measured figures go in the README); the test only
    # catches a page that waits on something it should not: timings are
    # noisy on a shared machine, so the bound is loose.
    assert max(times) < 10_000, times
    page.shot("first-view-domineering-4x4")


def test_positions_entered_by_clicking_show_the_value_of_cgt_eval(page):
    d = page.driver
    cases = [
        ("domineering", ".#.|...|..#"),
        ("clobber", "xo.|oxx"),
        ("toppling", "lrel"),
        ("amazons", "x..|..o|.#."),
    ]
    shown = 0
    for name, target in cases:
        if name not in page.rulesets:
            continue
        expr = page.enter_by_clicking(name, target)
        value = page.shown_value()
        assert value == page.eval(expr), (expr, value)
        # The address follows the position.
        q = d.run("return new URLSearchParams(location.search).get('q')")
        assert q == expr, (q, expr)
        page.shot(f"clicked-{name}")
        shown += 1
    assert shown >= 3
    # Resize, clear and undo.
    page.open("domineering(.#|..)")
    d.click("#rows-plus")
    d.wait("return document.getElementById('expr').value === 'domineering(.#|..|..)'", what="a row more")
    d.click("#cols-plus")
    d.wait("return document.getElementById('expr').value === 'domineering(.#.|...|...)'", what="a column more")
    d.click("#clear")
    d.wait("return document.getElementById('expr').value === 'domineering(...|...|...)'", what="cleared")
    d.click("#undo")
    d.wait("return document.getElementById('expr').value === 'domineering(.#.|...|...)'", what="undone")
    assert page.shown_value() == page.eval("domineering(.#.|...|...)")


def test_every_ruleset_with_a_board_is_drawn_on_the_board_and_in_the_tree(page):
    d = page.driver
    drawn = 0
    boards = {n: r for n, r in page.rulesets.items() if r["layout"] not in ("term", "text")}
    for name, ruleset in boards.items():
        page.open(ruleset["example"])
        d.wait("return !!document.querySelector('#board svg')", what=f"the board of {name}")
        d.wait("return !!document.querySelector('#tree > li > .node svg')", what=f"the tree root of {name}")
        drawn += 1
    assert drawn == len(boards) >= 40
    page.shot("every-layout-last")


def test_the_board_of_every_layout_exports_as_svg_and_tikz(page):
    """One ruleset of each layout /api/rulesets has (cakes apart from pins):
    the board's SVG parses as XML with the shapes the page draws, and its
    TikZ has a node for each cell, vertex, pin or piece drawn."""
    d = page.driver
    layouts = {}
    for name, ruleset in page.rulesets.items():
        if ruleset["layout"] in ("term", "text"):
            continue  # a variant's term of another ruleset, or text in the ruleset's own notation: no picture
        layouts.setdefault("cakes" if ruleset["cakes"] else ruleset["layout"], name)
    assert {"grid", "graph", "numbers", "cakes"} <= set(layouts), layouts
    svg_ns = "{http://www.w3.org/2000/svg}"
    for layout, name in sorted(layouts.items()):
        page.open(page.rulesets[name]["example"])
        d.wait("return !!document.querySelector('#board svg')", what=f"the board of {name}")
        text = d.run("return window.cgtExport.boardSvg()")
        root = ET.fromstring(text)
        assert root.tag == svg_ns + "svg", (name, root.tag)
        shapes = lambda tag: [e for e in root.iter(svg_ns + tag)]
        for tag in ["rect", "circle", "line", "polygon", "text"]:
            on_page = d.run(f"return document.querySelectorAll('#board svg {tag}').length")
            assert len(shapes(tag)) == on_page, (name, tag, len(shapes(tag)), on_page)
        drawn = {"grid": "rect.cell", "strip": "rect.cell", "graph": "circle.vertex",
                 "numbers": "circle.pin", "cakes": "rect", "squares": "rect.cell"}[layout]
        count = d.run(f"return document.querySelectorAll('#board svg {drawn}').length")
        assert count > 0, (name, drawn)
        tikz = d.run("return window.cgtExport.boardTikz()")
        assert tikz.startswith("\\begin{tikzpicture}") and tikz.endswith("\\end{tikzpicture}"), (name, tikz[:300])
        if layout in ("grid", "strip"):
            assert tikz.count("rectangle") == count, (name, tikz)
            print(f"  {layout} ({name}): {count} cells")
            continue
        filled = lambda e: e.get("fill") not in (None, "none", "transparent")
        nodes = len(shapes("rect")) + sum(filled(e) for e in shapes("circle")) + len(shapes("text"))
        assert tikz.count("\\node[") == nodes, (name, nodes, tikz)
        # Colours in xcolor's terms: TikZ reads no `#rrggbb`.
        assert "#" not in tikz, (name, tikz)
        kind = "circle" if drawn.startswith("circle") else "rectangle"
        assert tikz.count(f"\\node[{kind}") >= count, (name, count, tikz)
        assert tikz.count(" -- ") >= len(shapes("line")), (name, tikz)
        print(f"  {layout} ({name}): {nodes} TikZ nodes, {count} {drawn} drawn")
        page.shot(f"export-{layout}-{name}")


def test_cakes_graphs_pins_squares_and_sums_entered_by_clicking_show_the_value_of_cgt_eval(page):
    d = page.driver
    # A cake, by resizing.
    cake = next(n for n, r in page.rulesets.items() if r["cakes"])
    page.open(f"{cake}(1,1)")
    for css in ["#rows-plus", "#rows-plus", "#cols-plus", "#cols-plus", "#cols-plus"]:
        page.click_and_wait(css)
    assert page.expr() == f"{cake}(3,4)", page.expr()
    assert page.shown_value() == page.eval(f"{cake}(3,4)")
    page.shot(f"clicked-{cake}")
    # A graph whose vertices are coloured: a path of four, then its ends.
    name, graph = next(
        (n, r["graph"]) for n, r in page.rulesets.items()
        if r["graph"] and len(r["graph"]["vertices"]) >= 3 and "." in r["graph"]["vertices"]
    )
    labels, edge = graph["vertices"], graph["edges"][0]
    page.open(f"{name}(.)")
    for _ in range(3):
        page.click_and_wait("#graph-add")
    assert page.expr() == f"{name}(.{edge}.{edge}.{edge}.)", page.expr()
    nxt = lambda label: labels[(labels.index(label) + 1) % len(labels)]
    first = nxt(".")
    last = nxt(nxt("."))
    page.click_and_wait("#board svg circle.vertex[data-vertex='0']")
    page.click_and_wait("#board svg circle.vertex[data-vertex='3']")
    page.click_and_wait("#board svg circle.vertex[data-vertex='3']")
    expr = f"{name}({first}{edge}.{edge}.{edge}{last})"
    assert page.expr() == expr, (page.expr(), expr)
    assert page.shown_value() == page.eval(expr)
    page.shot(f"clicked-{name}")
    # A graph on the ground whose edges are coloured: a stalk of two, the
    # top edge recoloured, then a branch removed again.
    name, graph = next((n, r["graph"]) for n, r in page.rulesets.items() if r["graph"] and r["graph"]["ground"])
    colours = graph["edges"]
    page.open(f"{name}({colours[0]})")
    page.click_and_wait("#graph-add")
    assert page.expr() == f"{name}({colours[0] * 2})", page.expr()
    page.click_and_wait("#board svg .edge-hit[data-edge='1']")
    expr = f"{name}({colours[0]}{colours[1]})"
    assert page.expr() == expr, (page.expr(), expr)
    assert page.shown_value() == page.eval(expr)
    page.shot(f"clicked-{name}")
    # Rows of pins: a row picked by clicking one of its pins, then lengthened; a row more.
    pins = next(n for n, r in page.rulesets.items() if r["layout"] == "numbers" and not r["cakes"])
    page.open(f"{pins}(7,3)")
    d.click("#board svg circle.pin[data-row='1'][data-pin='0']")
    page.click_and_wait("#cols-plus")
    page.click_and_wait("#rows-plus")
    expr = f"{pins}(7,4,3)"
    assert page.expr() == expr, page.expr()
    assert page.shown_value() == page.eval(expr)
    # Squares: a dark square clicked takes Left's piece, then Right's.
    squares = next(((n, r) for n, r in page.rulesets.items() if r["layout"] == "squares"), None)
    if squares:
        name, ruleset = squares
        left, right = ruleset["position"].split(";")
        page.open(ruleset["example"])
        page.click_and_wait("#board svg rect[data-row='1'][data-col='1']")
        expr = f"{name}({left},(1,1);{right})"
        assert page.expr() == expr, (page.expr(), expr)
        assert page.shown_value() == page.eval(expr)
        page.click_and_wait("#board svg rect[data-row='1'][data-col='1']")
        expr = f"{name}({left};{right},(1,1))"
        assert page.expr() == expr, (page.expr(), expr)
        page.shot(f"clicked-{name}")
    # A sum: each term picked on the board panel and edited there.
    page.open("domineering(..|..) + clobber(...)")
    d.click("#board-terms button[data-term='1']")
    d.wait("return document.getElementById('board-name').textContent === 'clobber'", what="clobber picked")
    page.click_and_wait("#board svg rect[data-row='0'][data-col='0']")
    page.click_and_wait("#board svg rect[data-row='0'][data-col='1']")
    page.click_and_wait("#board svg rect[data-row='0'][data-col='1']")
    d.click("#board-terms button[data-term='0']")
    d.wait("return document.getElementById('board-name').textContent === 'domineering'", what="domineering picked")
    page.click_and_wait("#board svg rect[data-row='0'][data-col='0']")
    expr = "domineering(#.|..) + clobber(xo.)"
    assert page.expr() == expr, page.expr()
    assert page.shown_value() == page.eval(expr)
    # The tree of a sum moves in one term at a time, each with the value cgt eval gives.
    d.wait("return document.querySelectorAll('#tree > li > ul > li > .node').length > 0", what="the sum's options")
    options = d.run(
        "return Array.from(document.querySelectorAll('#tree > li > ul > li > .node'))"
        ".map(n => [n.dataset.expr, n.querySelector('.value').textContent])"
    )
    assert any(e.startswith("domineering(#.|..) + clobber(") and e != expr for e, _ in options), options
    assert any(e.startswith("domineering(") and e.endswith(" + clobber(xo.)") and e != expr for e, _ in options), options
    for e, shown in options:
        assert shown.strip() == f"= {page.eval(e)}", (e, shown)
    page.shot("clicked-sum")


def test_the_pictures_of_the_readme(page):
    """The screenshots docs/explore/*.png are these (optimised copies)."""
    d = page.driver
    views = [
        ("readme-domineering", "domineering(....|....|.#..)"),
        ("readme-graph", "hackenbush(l(r;lr(e;r)))"),
    ]
    for name, expr in views:
        page.open(expr)
        d.wait("return performance.getEntriesByName('tree-expanded').length > 0", what="the tree")
        d.wait("return !!document.querySelector('#thermograph svg')", what="the thermograph")
        # The first option expanded, its value selected.
        d.click("#tree > li > ul > li > .toggle")
        d.wait("return document.querySelectorAll('#tree > li > ul > li:first-child > ul > li').length > 0",
               what="the second level")
        assert page.shown_value() == page.eval(expr)
        page.shot(name)
    expr = "domineering(...|...) + toads(tt..f) - 1/2"
    page.open(expr)
    d.run(
        "document.getElementById('play-side').value = 'left';"
        "document.getElementById('play-first').value = 'left';"
    )
    d.click("#play-start")
    d.wait("return document.querySelectorAll('#play-moves button.move').length > 0", what="Left's moves")
    d.click("#play-hint")
    d.wait("return /inning move/.test(document.getElementById('play-hint-text').textContent)", what="the hint")
    page.shot("readme-play")


def test_tree_nodes_expand_and_show_their_values(page):
    d = page.driver
    page.open("clobber(xox|oxo)")
    d.wait("return document.querySelectorAll('#tree > li > ul > li .node').length > 0", what="the first level")
    first = d.run("return document.querySelector('#tree > li > ul > li > .node').dataset.expr")
    d.click("#tree > li > ul > li > .toggle")
    d.wait(
        "return document.querySelectorAll('#tree > li > ul > li:first-child > ul > li').length > 0",
        what="the second level",
    )
    d.click("#tree > li > ul > li:first-child > ul > li > .node")
    grandchild = d.run("return document.querySelector('#tree > li > ul > li:first-child > ul > li > .node').dataset.expr")
    d.wait("return document.getElementById('value-of').textContent === 'of ' + arguments[0]", grandchild)
    d.wait(
        "const v = document.querySelector('#value td[data-key=value]'); return v && v.textContent === arguments[0]",
        page.eval(grandchild),
        what=f"the value of {grandchild}",
    )
    # Every option shown carries the value cgt eval gives it.
    options = d.run(
        "return Array.from(document.querySelectorAll('#tree > li > ul > li > .node'))"
        ".map(n => [n.dataset.expr, n.querySelector('.value').textContent])"
    )
    for expr, shown in options:
        assert shown.strip() == f"= {page.eval(expr)}", (expr, shown)
    assert first
    # The expanded tree exports as SVG and TikZ, a node for each shown.
    svg = d.run("return window.cgtExport.treeSvg()")
    assert svg.startswith("<svg") and grandchild.replace("|", "") in svg.replace("|", ""), svg[:300]
    d.click("#tree-tikz")
    tikz = d.run("return document.getElementById('tree-tikz-text').value")
    assert tikz.startswith("\\begin{tikzpicture}") and tikz.count("child[") >= len(options), tikz[:300]
    board = d.run("return window.cgtExport.boardTikz()")
    assert board.count("rectangle") == 6, board
    page.shot("tree-expanded")


def test_a_whole_game_against_the_engine(page):
    rng = random.Random(40)
    games = [
        ("domineering(...|...|...)", "right", "left"),
        ("clobber(xoxo|oxox)", "left", "left"),
        ("toppling(lrlrl)", "left", "right"),
        ("{1|{0|-2}}", "right", "left"),
    ]
    for expr, human, first in games:
        play_to_the_end(page, expr, human, first, rng)


def test_a_sum_played_term_by_term_to_its_end(page):
    d = page.driver
    rng = random.Random(41)
    games = [
        ("domineering(..|..) + clobber(xo.|.ox) + ^", "left", "left"),
        ("toads(tt.f) - domineering(...|...) + 1/2", "right", "left"),
        ("clobber(xox) + clobber(oxo) + domineering(..)", "right", "right"),
        ("domineering(...|...) + {5|-5}", "right", "left"),
    ]
    for expr, human, first in games:
        terms = page.sum_terms(expr)

        def moves_are_term_moves():
            # Each move the human may make changes one ruleset term, the
            # others as they are (or, when none changes, the rest in notation).
            shown = d.run(
                "return Array.from(document.querySelectorAll('#play-moves button.move'))"
                ".map(b => b.dataset.expr)"
            )
            boards = lambda e: [t for t in page.sum_terms(e) if "(" in t]
            now = boards(page.expr())
            for m in shown:
                after = boards(m)
                assert len(after) == len(now), (now, m)
                assert sum(a != b for a, b in zip(now, after)) <= 1, (now, m)

        play_to_the_end(page, expr, human, first, rng, on_turn=moves_are_term_moves)
        assert len(terms) >= 2, terms


def play_to_the_end(page, expr, human, first, rng, on_turn=None):
    """Plays `expr` as `human` against the engine, `first` moving first,
    picking moves at random, to the end; the engine must win where it said
    it wins."""
    d = page.driver
    page.open(expr)
    d.run(
        "document.getElementById('play-side').value = arguments[0];"
        "document.getElementById('play-first').value = arguments[1];",
        human,
        first,
    )
    d.click("#play-start")
    engine = "left" if human == "right" else "right"
    moves = 0
    hinted = False
    while True:
        state = d.wait(
            "const s = document.getElementById('play-status');"
            "if (s.dataset.winner) return {over: s.dataset.winner};"
            "const b = document.querySelectorAll('#play-moves button.move');"
            "if (b.length && document.getElementById('cancel').hidden) return {moves: b.length};"
            "return null;",
            what="the human's turn or the end",
            timeout=60,
        )
        if "over" in state:
            break
        if on_turn:
            on_turn()
        if not hinted:
            d.click("#play-hint")
            d.wait(
                "return /inning move/.test(document.getElementById('play-hint-text').textContent)",
                what="the hint",
            )
            hinted = True
        pick = rng.randrange(state["moves"])
        before = d.run("return document.getElementById('expr').value")
        d.run("document.querySelectorAll('#play-moves button.move')[arguments[0]].click()", pick)
        d.wait("return document.getElementById('expr').value !== arguments[0]", before)
        moves += 1
    winner = state["over"]
    claims = d.run("return window.cgtPlay.claims")
    said = [c for c in claims if c["engine"] and c["winner"] == engine]
    print(
        f"  {expr}: human {human}, {first} first, {moves} human moves, {winner} won; "
        f"the engine said it wins at {len(said)} of its {sum(c['engine'] for c in claims)} turns"
    )
    if said:
        assert winner == engine, (expr, winner, claims)
    page.shot(f"play-{expr}")


def test_a_long_computation_is_cancelled_and_the_page_stays_responsive(page):
    d = page.driver
    page.open("domineering(......|......|......|......|......|......)")
    d.run(
        "window.longest = 0; new PerformanceObserver(list => { for (const e of list.getEntries())"
        " window.longest = Math.max(window.longest, e.duration); })"
        ".observe({type: 'longtask', buffered: true});"
    )
    d.wait("return !document.getElementById('cancel').hidden", what="the cancel button")
    time.sleep(2)
    # The page answers while the server values the board.
    started = time.time()
    d.run("return document.getElementById('expr').value")
    assert time.time() - started < 10
    page.shot("valuing-6x6")
    d.click("#cancel")
    d.wait("return document.getElementById('cancel').hidden", what="the computation to stop")
    longest = d.run("return window.longest")
    print(f"  while valuing 6x6: longest main-thread task {longest:.0f} ms")
    # The goal is no task over 200 ms; a long task here would mean the
    # valuing runs on the page's thread, which takes seconds, not hundreds
    # of milliseconds: the loose bound catches that without timing noise.
    assert longest < 2_000, longest
    # The server goes on: another position is valued at once.
    page.open("domineering(..|..)")
    assert page.shown_value() == "+-1"


def test_a_shared_link_opens_the_same_view(page):
    d = page.driver
    expr = "clobber(xo.|oxx) + ^ - 1/4"
    d.go(page.url(expr))
    assert page.shown_value() == page.eval(expr)
    assert d.run("return document.getElementById('expr').value") == expr
    # A loopy game: onside, offside and the outcome with draws.
    loopy = "{pass|1}"
    d.go(page.url(loopy))
    d.wait("return !!document.querySelector('#value td[data-key=onside]')", what="the onside")
    assert page.shown_value() == page.eval(loopy)
    page.shot("shared-link-loopy")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cgt", required=True)
    parser.add_argument("--shots", required=True)
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    args = parser.parse_args()
    os.makedirs(args.shots, exist_ok=True)
    # Only this run's pictures: a reviewer looks at them (the notebook
    # widget's, widget-*.png, are the Python tests', which run before).
    for old in os.listdir(args.shots):
        if old.endswith(".png") and not old.startswith("widget-"):
            os.remove(os.path.join(args.shots, old))
    driver = Driver(args.chromium, args.chromedriver)
    page = Page(os.path.abspath(args.cgt), driver, args.shots)
    tests = [v for k, v in sorted(globals().items()) if k.startswith("test_")]
    passed = failed = 0
    try:
        for test in tests:
            started = time.time()
            try:
                test(page)
                passed += 1
                print(f"ok {test.__name__} ({time.time() - started:.1f} s)")
            except Exception:
                failed += 1
                print(f"FAILED {test.__name__}")
                traceback.print_exc(file=sys.stdout)
                try:
                    page.shot(f"FAILED-{test.__name__}")
                except Exception:
                    pass
    finally:
        page.close()
        driver.quit()
    print(f"screenshots in {args.shots}")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Compare `cgt solve` with MCGS on MCGS's own autotests.

MCGS (University of Alberta, https://github.com/ualberta-mueller-group/MCGS,
MIT licence) is a minimax solver for sums of combinatorial games. Its release
v1.5 ships test files `input/autotests/**/*.test`: sums of game positions, each
followed by commands such as `{B win, W loss}` (Black to move first wins, White
to move first loses). This script reads those files itself (no MCGS code is
used or copied) and has four subcommands:

  convert MCGS_DIR OUT_DIR
      For each autotest file, write OUT_DIR/<same relative path>.jsonl with one
      JSON object per convertible case:
        {"file": "input/autotests/...test", "case": 3, "first": "left",
         "expr": "clobber(xo.x) + 3/4", "expected": "left", "command": "B win"}
      `case` is MCGS's own case number (the "Case" column of its --run-tests
      CSV: commands counted from 0 through the file), `first` who moves first,
      `expected` the winner the file states, `command` the MCGS command text.
      Cases that cannot be written in cgt's syntax are listed, with the reason,
      in OUT_DIR/skipped.tsv (file, case or "-", command, reason).

  build-db MCGS_DIR DB_FILE [--preset small|large | --config STR]
      Build an MCGS database (`MCGS --db-file-create`) pinned to one core and
      print its CPU time (user + system).

  mcgs MCGS_DIR CASES_DIR [--db DB_FILE]... [--timeout-ms N] [--csv-dir DIR]
      Run MCGS's test runner (`--run-tests --test-dir`) on the original .test
      file of every converted file in CASES_DIR, once with `--no-use-db` and
      once more with each --db database; print a Markdown table of CPU times
      (the process's user + system time, which includes MCGS's start-up and
      database loading), the sum of MCGS's own per-case times over the
      converted cases, and pass/timeout counts.

  compare MCGS_DIR CASES_DIR --cgt BIN [--db DB_FILE]... [--timeout-ms N]
          [--csv-dir DIR [--reuse]]
      As `mcgs` (with --reuse: MCGS's results and CPU times saved in DIR by an
      earlier run, instead of running it again), and also feed each .jsonl file to `BIN solve --batch` (stdin
      lines `left: EXPR` / `right: EXPR`; one JSON object with a "winner" key
      per output line), time it the same way, and count the cases where its
      winner equals the expected one.

Conventions (checked against MCGS v1.5's source): BLACK is Left and WHITE is
Right (src/cgt_basics.h: `const int LEFT = BLACK;`); `X` is a Black stone, `O`
a White one. Black places Domineering dominoes vertically, splits Fission
stones vertically (onto the squares above and below), and moves Elephants and
generalised toads to the right.

Conversion (MCGS section: cgt term; X, O become Left's and Right's pieces):
  clobber_1xn, clobber    clobber(...)        X -> x, O -> o
  nogo_1xn, nogo          nogo(...)           X -> x, O -> o
  amazons                 amazons(...)        X -> x, O -> o, # stays
  domineering             domineering(...)    . and # as they are
  fission                 fission(...)        X -> x
  elephants               elephants(...)      X -> t, O -> f
  gen_toads a,b,c,d:S     toads(S;jump=c;slide=b) with X -> t, O -> f, and
                          ;min=a when a (minimum slide) is not 1, ;friendly
                          when d (friendly jumps) is 1
  toppling_dominoes       toppling(...)       X -> l, O -> r, # (green) -> e
  kayles N                kayles(N)
  sheep                   sheep(...)          herds as written, spaces dropped
  gen_king_dirt L,R,M:B   gen_king_dirt(L,R,M:B) X -> x, O -> o (MCGS v1.6 on)
  [impartial G]           impartial(G(...))   G's term, played impartially (either
                          player makes Left's or Right's moves); kayles and
                          nimber are impartial already
  [impartial N] for N integer_game, dyadic_rational, switch_game, up_star:
                          *g, the nim value of the impartial variant of MCGS's
                          form of the game, computed here (cgt's variants take
                          rulesets, not literal games; see impartial_notation;
                          the 10 `N k` cases of these state the whole sum's nim
                          value, and the nim sums of these terms match all 10)
  integer_game, dyadic_rational, nimber, switch_game (a, b), up_star (n *):
                          5, -23/16, *4, {a|b}, ^n* / vn*
A case `{B win}` becomes first "left", expected "left"; `{B loss}` expected
"right"; W likewise with "right". `{N k}` is converted when every game in
the sum is impartial (kayles, nimber, [impartial G]): first "left",
expected "left" when k != 0 (the player to move wins), else "right".
A command without a result (`{B}`) is converted with expected null: no
agreement is counted, and `compare` prints what cgt and MCGS answer.
Skipped: winning-moves commands and the winning_moves directory.

Everything runs on one core (`taskset -c 0` when taskset exists). Python 3,
standard library only.

Examples:
  python3 mcgs.py convert /work/scratch/mcgs /work/scratch/mcgs-cases
  python3 mcgs.py build-db /work/scratch/mcgs /work/scratch/mcgs-db/small.bin
  python3 mcgs.py mcgs /work/scratch/mcgs /work/scratch/mcgs-cases \\
      --db /work/scratch/mcgs-db/small.bin
  python3 mcgs.py compare /work/scratch/mcgs /work/scratch/mcgs-cases \\
      --cgt target/release/cgt --db /work/scratch/mcgs-db/small.bin
"""

import argparse
import csv
import json
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

AUTOTESTS = "input/autotests"

# Databases used for the measurements: every partisan game of the autotests
# that MCGS v1.5's database supports. "small" builds in about 2 minutes on one
# core and loads in about 1 s; "large" adds 4x4 Fission and 3x4 Amazons, builds
# in about 6 minutes and takes about 16 s to load at every start of MCGS.
DB_PRESETS = {
    "small": (
        "[clobber_1xn] max_dims = 12; [nogo_1xn] max_dims = 12; "
        "[elephants] max_dims = 12; [toppling_dominoes] max_dims = 10; "
        "[clobber] max_dims = 3,4; [nogo] max_dims = 3,4; "
        "[domineering] max_dims = 5,5; [fission] max_dims = 3,3; "
        "[amazons] max_dims = 3,3;"
    ),
    "large": (
        "[clobber_1xn] max_dims = 12; [nogo_1xn] max_dims = 12; "
        "[elephants] max_dims = 12; [toppling_dominoes] max_dims = 10; "
        "[clobber] max_dims = 3,4; [nogo] max_dims = 3,4; "
        "[domineering] max_dims = 5,5; [fission] max_dims = 4,4; "
        "[amazons] max_dims = 3,4;"
    ),
}

# Directories of input/autotests that are not converted at all.
SKIP_DIRS = {
    "winning_moves": "winning-moves tests, not win/loss cases",
}

# cgt's rulesets read boards of at most this many cells (grids and toads
# strips; see the module docs in crates/cgt-rulesets).
MAX_CELLS = 64


class Skip(Exception):
    """A game or case that has no cgt expression; the message says why."""


# ---------------------------------------------------------------- reading


def tokens(text):
    """MCGS's .test syntax as (kind, text) pairs: kind is 'section',
    'game' or 'commands'; comments are dropped."""
    i, n = 0, len(text)
    out = []
    while i < n:
        c = text[i]
        if c.isspace():
            i += 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise ValueError("unterminated comment")
            i = j + 2
        elif c in "[({":
            close = {"[": "]", "(": ")", "{": "}"}[c]
            j = text.find(close, i + 1)
            if j < 0:
                raise ValueError(f"unterminated {c}")
            kind = {"[": "section", "(": "game", "{": "commands"}[c]
            out.append((kind, text[i + 1 : j].strip()))
            i = j + 1
        else:
            j = i
            while j < n and not text[j].isspace():
                j += 1
            out.append(("game", text[i:j]))
            i = j
    return out


def parse_test_file(text):
    """The cases of a .test file, in MCGS's order: a list of
    (index, sum, command) where sum is a list of (section, token)."""
    cases = []
    section = None
    games = []
    index = 0
    for kind, value in tokens(text):
        if kind == "section":
            section = " ".join(value.split())
        elif kind == "game":
            games.append((section, value))
        else:
            commands = [c.strip() for c in value.split(",") if c.strip()]
            if len(commands) == 1 and commands[0].startswith("version"):
                continue
            for command in commands:
                cases.append((index, list(games), " ".join(command.split())))
                index += 1
            games = []
    return cases


# ---------------------------------------------------------------- writing


def grid_rows(token, allowed, mapping, name):
    rows = token.split("|")
    if len({len(r) for r in rows}) != 1:
        raise Skip(f"{name}: rows of different lengths")
    cells = sum(len(r) for r in rows)
    if cells > MAX_CELLS:
        raise Skip(f"{name}: {cells} cells, cgt reads at most {MAX_CELLS}")
    out = []
    for row in rows:
        for ch in row:
            if ch not in allowed:
                raise Skip(f"{name}: unexpected character {ch!r}")
        out.append("".join(mapping.get(ch, ch) for ch in row))
    return "|".join(out)


def strip_cells(token, allowed, mapping, name, limit=MAX_CELLS):
    if limit is not None and len(token) > limit:
        raise Skip(f"{name}: {len(token)} cells, cgt reads at most {limit}")
    for ch in token:
        if ch not in allowed:
            raise Skip(f"{name}: unexpected character {ch!r}")
    return "".join(mapping.get(ch, ch) for ch in token)


STONES = {"X": "x", "O": "o"}


def fraction_text(f):
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def parse_fraction(text):
    text = text.replace(" ", "")
    if "/" in text:
        a, b = text.split("/")
        f = Fraction(int(a), int(b))
    else:
        f = Fraction(int(text))
    d = f.denominator
    if d & (d - 1):
        raise Skip(f"not a dyadic rational: {text}")
    return f


def list_items(text):
    return [t for t in re.split(r"[,\s]+", text.strip()) if t]


# MCGS's games written in notation: cgt reads them as values (CGSuite's
# notation), not as rulesets, so their impartial variants are valued here.
NOTATION = {"integer_game", "dyadic_rational", "switch_game", "up_star"}


def number_grundy(f):
    """The nim value of the impartial variant of MCGS's form of the number
    f (src/cgt_integer_game.cpp, src/cgt_dyadic_rational.cpp at v1.5): an
    integer n moves one step towards 0, by its owner only, so its variant
    is a chain of |n| moves; p/q (q > 1, lowest terms) is {(p-1)/q |
    (p+1)/q}, each in lowest terms, and its variant has both as options.
    The options of p/q have smaller denominators: the recursion is at most
    log2(q) deep (5 in the autotests)."""
    if f.denominator == 1:
        return abs(f.numerator) % 2
    step = Fraction(1, f.denominator)
    options = {number_grundy(f - step), number_grundy(f + step)}
    return mex(options)


def mex(values):
    g = 0
    while g in values:
        g += 1
    return g


def up_star_grundy(ups, star):
    """The nim value of the impartial variant of MCGS's form of ups
    (src/cgt_up_star.cpp at v1.5): * is {0|0}; with n != 0 ups its owner
    (Left when n > 0) moves to 0, the other player to n - sign(n) ups with
    the star flipped, and ^* (v*) has also the owner's move to *. Counted
    up from 0 ups, not recursed."""
    # g[s]: the value of k ups (k = 0, 1, ...) with star s, for |n|.
    g = {False: 0, True: 1}
    n = abs(ups)
    for k in range(1, n + 1):
        h = {}
        for s in (False, True):
            options = {0, g[not s]}
            if k == 1 and s:
                options.add(1)
            h[s] = mex(options)
        g = h
    return g[star]


def impartial_notation(name, token):
    """The nimber of `[impartial NAME] token` for a game MCGS writes in
    notation: the impartial variant of MCGS's game form (cgt's variants
    take rulesets, not literal games, so the form is valued here)."""
    if name == "integer_game":
        return number_grundy(Fraction(int(token)))
    if name == "dyadic_rational":
        return number_grundy(parse_fraction(token))
    if name == "switch_game":
        # {a|b}: Left moves to the number a, Right to b
        # (src/cgt_switch.cpp at v1.5).
        a, b = switch_parts(token)
        return mex({number_grundy(a), number_grundy(b)})
    if name == "up_star":
        ups, star = up_star_parts(token)
        return up_star_grundy(ups, star)
    raise Skip(f"[impartial {name}]: not a game in notation")


def term(section, token):
    """The cgt term of one MCGS game, or Skip."""
    if section is None:
        raise Skip("game outside any section")
    impartial = section.startswith("impartial ")
    name = section[len("impartial ") :] if impartial else section
    if impartial and name not in ("kayles", "nimber"):
        # Both players get the union of the moves: cgt's impartial variant
        # of the ruleset, `impartial(NAME(...))`.
        if name in NOTATION:
            g = impartial_notation(name, token)
            return "0" if g == 0 else f"*{g}"
        return "impartial(" + term(name, token) + ")"
    if name in ("clobber_1xn", "clobber"):
        return f"clobber({grid_rows(token, '.XO', STONES, name)})"
    if name in ("nogo_1xn", "nogo"):
        return f"nogo({grid_rows(token, '.XO', STONES, name)})"
    if name == "amazons":
        return f"amazons({grid_rows(token, '.XO#', STONES, name)})"
    if name == "domineering":
        return f"domineering({grid_rows(token, '.#', {}, name)})"
    if name == "fission":
        return f"fission({grid_rows(token, '.X#', {'X': 'x'}, name)})"
    if name == "elephants":
        return f"elephants({strip_cells(token, '.XO', {'X': 't', 'O': 'f'}, name)})"
    if name == "toppling_dominoes":
        # '#' is a green domino: either player may topple it.
        cells = strip_cells(token, "XO#", {"X": "l", "O": "r", "#": "e"}, name, None)
        return f"toppling({cells})"
    if name == "gen_toads":
        params, _, board = token.partition(":")
        p = [int(x) for x in params.split(",")]
        if len(p) != 4:
            raise Skip("gen_toads: expected 4 parameters")
        min_slide, max_slide, max_jump, friendly = p
        cells = strip_cells(board, ".XO", {"X": "t", "O": "f"}, name)
        options = f";jump={max_jump};slide={max_slide}"
        if min_slide != 1:
            options += f";min={min_slide}"
        if friendly:
            options += ";friendly"
        return f"toads({cells}{options})"
    if name == "sheep":
        # Herds as numbers split by ',' and rows by '|', as cgt reads them.
        rows = [[c.strip() for c in row.split(",")] for row in token.split("|")]
        if len({len(r) for r in rows}) != 1:
            raise Skip("sheep: rows of different lengths")
        cells = sum(len(r) for r in rows)
        if cells > MAX_CELLS:
            raise Skip(f"sheep: {cells} cells, cgt reads at most {MAX_CELLS}")
        return "sheep(" + "|".join(",".join(r) for r in rows) + ")"
    if name == "gen_king_dirt":
        params, colon, board = token.partition(":")
        if not colon:
            raise Skip("gen_king_dirt: expected L,R,M:board")
        counts = ",".join(x.strip() for x in params.split(","))
        cells = grid_rows(board, ".XO#", STONES, name)
        return f"gen_king_dirt({counts}:{cells})"
    if name == "kayles":
        n = int(token)
        if n < 0:
            raise Skip("kayles: negative heap")
        return f"kayles({n})"
    if name == "integer_game":
        return str(int(token))
    if name == "dyadic_rational":
        return fraction_text(parse_fraction(token))
    if name == "nimber":
        n = int(token)
        return "0" if n == 0 else f"*{n}"
    if name == "switch_game":
        a, b = switch_parts(token)
        return f"{{{fraction_text(a)}|{fraction_text(b)}}}"
    if name == "up_star":
        ups, star = up_star_parts(token)
        text = ""
        if ups > 0:
            text = "^" if ups == 1 else f"^{ups}"
        elif ups < 0:
            text = "v" if ups == -1 else f"v{-ups}"
        if star:
            text += "*"
        return text or "0"
    raise Skip(f"[{section}]: no cgt ruleset")


def switch_parts(token):
    """The two numbers of a switch_game token: `a, b` or `a b`."""
    parts = token.split(",") if "," in token else None
    if parts is None:
        # "(21 7/8)" or "(-3 / 8 1)": fractions may hold spaces.
        m = re.fullmatch(r"\s*(-?\d+(?:\s*/\s*\d+)?)\s+(-?\d+(?:\s*/\s*\d+)?)\s*", token)
        if not m:
            raise Skip(f"switch_game: cannot read {token!r}")
        parts = [m.group(1), m.group(2)]
    if len(parts) != 2:
        raise Skip(f"switch_game: cannot read {token!r}")
    return tuple(parse_fraction(x) for x in parts)


def up_star_parts(token):
    """The ups (negative: downs) and the star of an up_star token."""
    ups, star = 0, False
    for item in list_items(token):
        if item == "*":
            star = not star
        else:
            ups += int(item)
    return ups, star


def impartial_section(section):
    return section is not None and (
        section in ("kayles", "nimber") or section.startswith("impartial "))


def convert_case(games, command):
    """(first, expr, expected) for one case, or Skip."""
    words = command.split()
    if words[0] == "winning":
        raise Skip("winning-moves command")
    if words[0] in ("B", "W"):
        first = "left" if words[0] == "B" else "right"
        other = "right" if first == "left" else "left"
        if len(words) < 2:
            # The file states no result (MCGS runs it all the same): the
            # case is converted with expected null and reported apart.
            expected = None
        elif words[1] == "win":
            expected = first
        elif words[1] == "loss":
            expected = other
        else:
            raise Skip(f"unknown result {words[1]!r}")
    elif words[0] == "N":
        if len(words) < 2:
            raise Skip("no expected result")
        if not all(impartial_section(s) for s, _ in games):
            raise Skip("N (nim value) of a sum that is not impartial")
        # An impartial sum: the player to move wins iff the nim value is not 0.
        first = "left"
        expected = "left" if int(words[1]) != 0 else "right"
    else:
        raise Skip(f"unknown command {command!r}")
    terms = [term(s, t) for s, t in games]
    return first, " + ".join(terms) if terms else "0", expected


def autotest_files(mcgs_dir):
    root = Path(mcgs_dir)
    return sorted(p.relative_to(root).as_posix() for p in (root / AUTOTESTS).rglob("*.test"))


def cmd_convert(args):
    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    skipped = []
    total = {"cases": 0, "converted": 0}
    for rel in autotest_files(args.mcgs_dir):
        sub = Path(rel).relative_to(AUTOTESTS).parts[0]
        if sub in SKIP_DIRS:
            skipped.append((rel, "-", "-", SKIP_DIRS[sub]))
            continue
        text = (Path(args.mcgs_dir) / rel).read_text()
        lines = []
        for index, games, command in parse_test_file(text):
            total["cases"] += 1
            try:
                first, expr, expected = convert_case(games, command)
            except Skip as e:
                skipped.append((rel, str(index), command, str(e)))
                continue
            lines.append(json.dumps({
                "file": rel, "case": index, "first": first,
                "expr": expr, "expected": expected, "command": command,
            }))
        total["converted"] += len(lines)
        target = out_dir / Path(rel).relative_to(AUTOTESTS).with_suffix(".jsonl")
        if lines:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("\n".join(lines) + "\n")
        elif target.exists():
            target.unlink()
    with open(out_dir / "skipped.tsv", "w") as f:
        f.write("file\tcase\tcommand\treason\n")
        for row in skipped:
            f.write("\t".join(row) + "\n")
    print(f"{total['converted']} of {total['cases']} cases converted; "
          f"{len(skipped)} skipped rows in {out_dir / 'skipped.tsv'}")


# ---------------------------------------------------------------- running


def one_core():
    return ["taskset", "-c", "0"] if shutil.which("taskset") else []


def run_timed(argv, cwd=None, stdin_text=None, capture=False, timeout=None):
    """Run argv to its end (or kill it after timeout seconds: exit status
    None); return (exit status, user + system CPU seconds of the child and
    its descendants, wall seconds, stdout text or None). Runs one at a time,
    so the change in RUSAGE_CHILDREN is this child's."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    proc = subprocess.Popen(
        argv, cwd=cwd,
        stdin=subprocess.PIPE if stdin_text is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        out, _ = proc.communicate(stdin_text, timeout=timeout)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        # Kill its whole process group, then reap it (and read what it wrote).
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
        status = None
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return status, cpu, wall, out


def mcgs_binary(mcgs_dir):
    exe = Path(mcgs_dir) / "MCGS"
    if not exe.exists():
        sys.exit(f"no MCGS binary at {exe}: build it with `make -j2 DEBUG=0 MCGS`")
    return str(exe.resolve())


def run_mcgs_file(mcgs_dir, rel, db, timeout_ms, csv_path, reuse=False):
    """Run MCGS's test runner on one .test file; return (cpu, rows). The CPU
    time is kept next to the CSV (`.cpu`); with reuse, an earlier run's CSV
    and CPU time are read instead of running MCGS again."""
    cpu_path = Path(str(csv_path) + ".cpu")
    if reuse and Path(csv_path).exists() and cpu_path.exists():
        with open(csv_path, newline="") as f:
            return float(cpu_path.read_text()), list(csv.DictReader(f))
    with tempfile.TemporaryDirectory() as tmp:
        os.symlink((Path(mcgs_dir) / rel).resolve(), Path(tmp) / Path(rel).name)
        argv = one_core() + [mcgs_binary(mcgs_dir), "--run-tests", "--test-dir", tmp,
                             "--out-file", str(csv_path), "--test-timeout", str(timeout_ms)]
        argv += ["--db-file-load", str(Path(db).resolve())] if db else ["--no-use-db"]
        status, cpu, _, _ = run_timed(argv, cwd=mcgs_dir)
    if status != 0:
        raise RuntimeError(f"MCGS exited with status {status} on {rel}")
    cpu_path.write_text(f"{cpu:.3f}\n")
    with open(csv_path, newline="") as f:
        rows = list(csv.DictReader(f))
    return cpu, rows


def summarize(rows, wanted):
    """(sum of per-case ms, passes, timeouts, fails) over the cases in wanted."""
    ms, passed, timeouts, fails = 0.0, 0, 0, 0
    for r in rows:
        if int(r["Case"]) not in wanted:
            continue
        ms += float(r["Time (ms)"])
        status = r["Status"]
        passed += status == "PASS"
        timeouts += status == "TIMEOUT"
        fails += status == "FAIL"
    return ms, passed, timeouts, fails


def load_cases(cases_dir):
    files = {}
    for path in sorted(Path(cases_dir).rglob("*.jsonl")):
        cases = [json.loads(l) for l in path.read_text().splitlines() if l.strip()]
        if cases:
            files[cases[0]["file"]] = (path, cases)
    return files


def run_cgt(binary, cases, timeout):
    stdin = "".join(f"{c['first']}: {c['expr']}\n" for c in cases)
    status, cpu, _, out = run_timed(one_core() + [binary, "solve", "--batch"],
                                    stdin_text=stdin, capture=True, timeout=timeout)
    winners = []
    for line in (out or "").splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            winners.append(json.loads(line).get("winner"))
        except (json.JSONDecodeError, AttributeError):
            winners.append(None)
    agree = sum(1 for c, w in zip(cases, winners) if w == c["expected"])
    # The cases whose file states no result: what cgt answers.
    unstated = [(c, w) for c, w in zip(cases, winners) if c["expected"] is None]
    return status, cpu, agree, len(winners), unstated


def mcgs_cells(cpu, ms, passed, timeouts, fails, n):
    status = f"{passed}/{n}"
    if timeouts:
        status += f", {timeouts} timeout"
    if fails:
        status += f", {fails} fail"
    return [f"{cpu:.2f}", f"{ms / 1000:.2f}", status]


def cmd_runs(args, with_cgt):
    files = load_cases(args.cases_dir)
    csv_dir = Path(args.csv_dir) if args.csv_dir else Path(tempfile.mkdtemp(prefix="mcgs-csv-"))
    csv_dir.mkdir(parents=True, exist_ok=True)
    runs = [("no db", None)] if not args.skip_no_db else []
    runs += [(f"db {Path(db).stem}", db) for db in args.db or []]
    header = ["file", "cases"]
    for label, _ in runs:
        header += [f"MCGS {label} CPU s", f"MCGS {label} in cases s", f"MCGS {label} pass"]
    if with_cgt:
        header += ["cgt CPU s", "agree"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    totals = {label: [0.0, 0.0] for label, _ in runs}
    totals.update({"cgt": 0.0, "cases": 0, "agree": 0, "stated": 0})
    for rel, (_, cases) in files.items():
        wanted = {c["case"] for c in cases}
        total_cases = len(parse_test_file((Path(args.mcgs_dir) / rel).read_text()))
        short = rel[len(AUTOTESTS) + 1 :]
        stem = short.replace("/", "__")
        count = str(len(cases))
        if total_cases != len(cases):
            count += f" of {total_cases}"
        cells = [short, count]
        by_case = {}
        for label, db in runs:
            csv_path = csv_dir / f"{stem}.{label.replace(' ', '_')}.csv"
            cpu, rows = run_mcgs_file(args.mcgs_dir, rel, db, args.timeout_ms, csv_path,
                                      args.reuse)
            check_numbering(rel, rows, cases)
            if not by_case:
                by_case = {int(r["Case"]): r for r in rows}
            ms, passed, timeouts, fails = summarize(rows, wanted)
            cells += mcgs_cells(cpu, ms, passed, timeouts, fails, len(wanted))
            totals[label][0] += cpu
            totals[label][1] += ms / 1000
        if with_cgt:
            status, cpu, agree, answered, unstated = run_cgt(args.cgt, cases,
                                                             args.cgt_timeout)
            for c, winner in unstated:
                mcgs = by_case.get(c["case"], {})
                mcgs_says = {k: v for k, v in mcgs.items() if "time" not in k.lower()}
                print(f"{rel}: case {c['case']} ({c['command']}, no stated result): "
                      f"cgt: {winner} wins; MCGS: {mcgs_says}", file=sys.stderr)
            if status is None:
                note = f" (killed after {args.cgt_timeout} s, {answered} answers)"
            elif status != 0 or answered != len(cases):
                note = f" (exit {status}, {answered} answers)"
            else:
                note = ""
            stated = sum(1 for c in cases if c["expected"] is not None)
            cells += [f"{cpu:.2f}{note}", f"{agree}/{stated}"]
            totals["cgt"] += cpu
            totals["agree"] += agree
            totals["stated"] += stated
        totals["cases"] += len(cases)
        print("| " + " | ".join(cells) + " |", flush=True)
    cells = ["**total**", str(totals["cases"])]
    for label, _ in runs:
        cells += [f"{totals[label][0]:.2f}", f"{totals[label][1]:.2f}", ""]
    if with_cgt:
        cells += [f"{totals['cgt']:.2f}", f"{totals['agree']}/{totals['stated']}"]
    print("| " + " | ".join(cells) + " |")
    print(f"\nMCGS CSVs in {csv_dir}; MCGS per-case timeout {args.timeout_ms} ms "
          "(0: none). 'cases' counts converted cases (of all cases in the file); "
          "MCGS times are for the whole .test file, 'in cases' and 'pass' for the "
          "converted cases only.", file=sys.stderr)


def check_numbering(rel, rows, cases):
    """Our case numbers must name the same cases as MCGS's CSV."""
    by_case = {int(r["Case"]): r for r in rows}
    for c in cases:
        r = by_case.get(c["case"])
        player = c["command"].split()[0]
        mcgs_player = {"B": "B", "W": "W", "N": "IMP"}[player]
        if r is None or r["Player"] != mcgs_player:
            raise RuntimeError(f"{rel}: case {c['case']} ({c['command']}) is not MCGS's case")


def cmd_build_db(args):
    config = args.config or DB_PRESETS[args.preset]
    argv = one_core() + [mcgs_binary(args.mcgs_dir), "--db-file-create",
                         str(Path(args.db_file).resolve()), config]
    status, cpu, wall, _ = run_timed(argv, cwd=args.mcgs_dir)
    if status != 0:
        sys.exit(f"MCGS exited with status {status}")
    size = Path(args.db_file).stat().st_size
    print(f"database {args.db_file}: {size} bytes, CPU {cpu:.2f} s, wall {wall:.2f} s")
    print(f"config: {config}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("convert", help="write the cases as JSON lines")
    c.add_argument("mcgs_dir")
    c.add_argument("out_dir")
    b = sub.add_parser("build-db", help="build an MCGS database and time it")
    b.add_argument("mcgs_dir")
    b.add_argument("db_file")
    b.add_argument("--preset", choices=sorted(DB_PRESETS), default="small",
                   help="one of the configurations in DB_PRESETS; default small")
    b.add_argument("--config", help="an MCGS database config string (instead of --preset)")
    for name in ("mcgs", "compare"):
        r = sub.add_parser(name, help="time MCGS" + (" and cgt" if name == "compare" else ""))
        r.add_argument("mcgs_dir")
        r.add_argument("cases_dir")
        r.add_argument("--db", action="append",
                       help="MCGS database file: also run with it (may be repeated)")
        r.add_argument("--skip-no-db", action="store_true",
                       help="do not run MCGS with --no-use-db")
        r.add_argument("--timeout-ms", type=int, default=10000,
                       help="MCGS's per-case timeout (0: none); default 10000")
        r.add_argument("--csv-dir", help="keep MCGS's CSV output (and CPU times) here")
        r.add_argument("--reuse", action="store_true",
                       help="use the MCGS results already in --csv-dir instead of running "
                            "MCGS again (same --db files and timeout)")
        if name == "compare":
            r.add_argument("--cgt", required=True, help="path of the cgt binary")
            r.add_argument("--cgt-timeout", type=float, default=3600,
                           help="seconds before cgt is killed, per file; default 3600")
    args = p.parse_args()
    if args.command == "convert":
        cmd_convert(args)
    elif args.command == "build-db":
        cmd_build_db(args)
    else:
        cmd_runs(args, args.command == "compare")


if __name__ == "__main__":
    main()

"""Heap games (Grundy values, periods, misère values, formulas), `Nimber`
and `LoopyGraph`, each against a brute force written here from the rules."""

from __future__ import annotations

import itertools
import random
import re
from functools import lru_cache
from typing import Dict, List, Optional, Tuple

import pytest

import cgt
from cgt import LoopyGraph, LoopyOutcome, Nimber

# --- heap games from their rules -----------------------------------------------


def mex(values) -> int:
    values = set(values)
    n = 0
    while n in values:
        n += 1
    return n


def octal_digit(code: str, k: int) -> int:
    """d_k of an octal code `d0.d1d2...` with an optional repeated last digit `(d)`."""
    whole, _, fraction = code.partition(".")
    if k == 0:
        return int(whole, 8) if whole else 0
    repeat = re.fullmatch(r"(\d*)\((\d)\)", fraction)
    digits, tail = (repeat.group(1), int(repeat.group(2))) if repeat else (fraction, 0)
    return int(digits[k - 1]) if k <= len(digits) else tail


def heap_moves(code: str, n: int) -> List[Tuple[int, ...]]:
    """The heaps a heap of n becomes: removing k tokens is allowed leaving no
    heap (bit 1 of d_k), one heap (bit 2), or two heaps (bit 4)."""
    out = []
    for k in range(0, n + 1):
        d, rest = octal_digit(code, k), n - k
        if k > 0 and d & 1 and rest == 0:
            out.append(())
        if k > 0 and d & 2 and rest > 0:
            out.append((rest,))
        if d & 4 and rest >= 2:
            out.extend((a, rest - a) for a in range(1, rest // 2 + 1))
    return out


def brute_grundy(code: str, upto: int) -> List[int]:
    g: List[int] = []
    for n in range(upto + 1):
        options = []
        for heaps in heap_moves(code, n):
            x = 0
            for h in heaps:
                x ^= g[h]
            options.append(x)
        g.append(mex(options))
    return g


def brute_misere(code: str, upto: int) -> List[int]:
    """g⁻ of single heaps, searching sums of heaps (a position is a sorted
    tuple of heaps; the player who cannot move wins, so an end is 1)."""

    @lru_cache(maxsize=None)
    def value(heaps: Tuple[int, ...]) -> int:
        options = set()
        for i, h in enumerate(heaps):
            others = heaps[:i] + heaps[i + 1 :]
            for parts in heap_moves(code, h):
                options.add(value(tuple(sorted(others + parts))))
        return mex(options) if options else 1

    return [value((n,) if n else ()) for n in range(upto + 1)]


KAYLES = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2]


def test_kayles_known_values():
    assert cgt.grundy_values("0.77", 19) == KAYLES
    assert cgt.grundy_values("0.77", 0) == [0]
    assert all(type(x) is int for x in cgt.grundy_values("0.77", 5))


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "4.(3)", "0.6", "0.51", "0.(3)", "0.3033", "0.4", "0.007"])
def test_grundy_values_against_the_rules(code):
    assert cgt.grundy_values(code, 70) == brute_grundy(code, 70)


def test_subtraction_games():
    # S(1,3,4) is the octal game 0.3033 (take 1, 3 or 4 from a heap).
    values = cgt.grundy_values("S(1,3,4)", 60)
    assert values == brute_grundy("0.3033", 60)
    assert values[:14] == [0, 1, 0, 1, 2, 3, 2] * 2
    p = cgt.period("S(1,3,4)")
    assert (p.preperiod, p.period, p.saltus) == (0, 7, 0)


def _check_pattern(p):
    values = p.values
    assert len(values) == p.checked_upto + 1
    assert values == cgt.grundy_values(p.game, p.checked_upto)
    pre, per, s = p.preperiod, p.period, p.saltus
    assert all(values[n + per] == values[n] + s for n in range(pre, len(values) - per))
    # The least preperiod for that period.
    if pre > 0:
        assert values[pre - 1 + per] != values[pre - 1] + s
    # The least period: no shorter one holds from the preperiod on (one that
    # held from later on would hold from there too, by the longer period).
    for q in range(1, per):
        s_q = values[pre + q] - values[pre]
        assert any(values[n + q] != values[n] + s_q for n in range(pre, len(values) - q)), q


def test_dawsons_kayles_period():
    p = cgt.period("0.07")
    assert (p.game, p.preperiod, p.period, p.saltus, p.certified) == ("0.07", 53, 34, 0, True)
    assert bool(p)
    assert repr(p).startswith('Period(game="0.07", preperiod=53, period=34, saltus=0, certified=True')
    _check_pattern(p)


def test_kayles_period():
    p = cgt.period("0.77")
    assert (p.preperiod, p.period, p.saltus, p.certified) == (71, 12, 0, True)
    assert p.values[:20] == KAYLES
    _check_pattern(p)


def test_laskers_nim_period():
    p = cgt.period("4.(3)")
    assert (p.preperiod, p.period, p.saltus, p.certified) == (1, 4, 4, False)
    # G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
    assert p.values[:9] == [0, 1, 2, 4, 3, 5, 6, 8, 7]
    assert p.values[:40] == brute_grundy("4.(3)", 39)
    _check_pattern(p)


def test_no_period_found():
    p = cgt.period("0.6", 100)
    assert not p
    assert (p.preperiod, p.period, p.saltus, p.certified) == (None, None, None, False)
    assert p.checked_upto >= 100 and p.values[:71] == brute_grundy("0.6", 70)
    assert repr(p) == f'Period(game="0.6", none found up to {p.checked_upto})'
    with pytest.raises(ValueError, match="no period found"):
        p.formula()


def _array(text: str, name: str) -> List[int]:
    body = re.search(name + r"\s*(?::\s*\[u32;\s*\d+\]\s*=\s*\[|\[\d+\]\s*=\s*\{)([^\]}]*)", text).group(1)
    return [int(x) for x in re.findall(r"\d+", body)]


def test_counts_are_checked_where_the_command_line_checks_them():
    # The limit of cgt-lab's check_upto, in the command line's words, before
    # any work: 2^40 values would otherwise start computing.
    with pytest.raises(ValueError, match=r"^cap expected a number in 0\.\.=4294967295 for 0\.6, found 1099511627776$"):
        cgt.period("0.6", 2**40)
    with pytest.raises(ValueError, match=r"^upto expected a number in 0\.\.=4294967295 for 0\.6, found 1099511627776$"):
        cgt.grundy_values("0.6", 2**40)
    with pytest.raises(ValueError, match=r"^upto expected a number in 0\.\.=4194304 for 0\.\(3\)"):
        cgt.plot_svg("0.(3)", 2**22 + 1)
    with pytest.raises(ValueError, match=r"^cap expected a number in 0\.\.=4194304"):
        cgt.period("0.(3)", 2**23)
    with pytest.raises(ValueError, match="upto must be at least 0"):
        cgt.grundy_values("0.6", -1)
    with pytest.raises(ValueError, match="at most"):
        cgt.misere_values("0.77", 2**40)
    assert cgt.period("0.6", 2**10).checked_upto == 2**10


def test_values_after_a_certified_period_come_from_it():
    dawson = cgt.period("0.07")
    assert dawson.certified and (dawson.preperiod, dawson.period) == (53, 34)
    far = cgt.grundy_values("0.07", 2**20)
    assert len(far) == 2**20 + 1
    # Computed by the rules up to 3000, then the period the theorem proves.
    assert far[:3001] == list(cgt.grundy_values("0.07", 3000))
    assert all(far[n] == far[n - 34] for n in range(53 + 34, len(far)))
    # A game certified late, and one not certified in range: the engine's.
    for code in ["0.6", ".16", "0.137"]:
        assert cgt.grundy_values(code, 20000)[:5001] == cgt.grundy_values(code, 5000)


def test_formula():
    text = cgt.formula("0.07")
    assert "pub fn grundy(n: u64) -> u64" in text
    assert "Preperiod 53, period 34, saltus 0" in text and "certified" in text
    g = cgt.period("0.07").values
    assert _array(text, "PRE") == g[:53]
    assert _array(text, "PERIOD") == g[53 : 53 + 34]
    assert text == cgt.formula("0.07", "rust") == cgt.period("0.07").formula()
    cpp = cgt.formula("4.(3)", "c++")
    assert "inline unsigned long long grundy(unsigned long long n)" in cpp
    assert "saltus 4" in cpp and "not proved" in cpp
    assert _array(cpp, "pre") == [0] and _array(cpp, "period") == [1, 2, 4, 3]
    assert cgt.formula("4.(3)", "cpp") == cpp


def test_plots():
    svg = cgt.period("0.07")._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert "G(n) of 0.07 for n = 0..1023: preperiod 53, period 34, saltus 0 (certified)" in svg
    plot = cgt.plot_svg("0.77", 50)
    assert plot.startswith("<svg") and plot.rstrip().endswith("</svg>")
    assert plot.count("<circle") >= 51


def test_misere_values():
    assert cgt.misere_values("0.77", 9) == [1, 0, 2, 3, 0, 1, 3, 2, 1, 0]
    for code in ("0.77", "0.07", "0.137"):
        assert cgt.misere_values(code, 12) == brute_misere(code, 12), code
    # Misère Nim: a heap of n has g⁻ = n except that 0 and 1 swap.
    assert cgt.misere_values("0.(3)", 6) == [1, 0, 2, 3, 4, 5, 6]


# --- nimbers -----------------------------------------------------------------


def _mex_products(size: int) -> Dict[Tuple[int, int], int]:
    """a*b = mex{a'*b + a*b' + a'*b' : a' < a, b' < b}, the definition."""
    product: Dict[Tuple[int, int], int] = {}
    for a in range(size):
        for b in range(size):
            product[a, b] = mex(product[x, b] ^ product[a, y] ^ product[x, y] for x in range(a) for y in range(b))
    return product


def nim_product(a: int, b: int, half: int = 32) -> int:
    """Nim multiplication on 64 bits by Fermat 2-powers F = 2^half:
    (a1 F + a0)(b1 F + b0) = (a1b1 + a1b0 + a0b1) F + a0b0 + a1b1 (F/2)."""
    if a < 2 or b < 2:
        return a * b
    while half and a < (1 << half) and b < (1 << half):
        half //= 2
    if half == 0:
        return a * b
    mask = (1 << half) - 1
    a1, a0, b1, b0 = a >> half, a & mask, b >> half, b & mask
    high = nim_product(a1, b1, half // 2)
    return ((high ^ nim_product(a1, b0, half // 2) ^ nim_product(a0, b1, half // 2)) << half) ^ nim_product(
        a0, b0, half // 2
    ) ^ nim_product(high, 1 << (half - 1), half // 2)


PRODUCTS = _mex_products(16)


def test_nim_product_brute_forces_agree():
    assert all(nim_product(a, b) == p for (a, b), p in PRODUCTS.items())


def test_nimber_field_of_16():
    N = [Nimber(n) for n in range(16)]
    for a in range(16):
        for b in range(16):
            assert N[a] * N[b] == Nimber(PRODUCTS[a, b])
            assert N[a] + N[b] == Nimber(a ^ b) == N[a] - N[b]
            if b:
                assert (N[a] / N[b]) * N[b] == N[a]
        if a:
            assert N[a] * N[a].inverse() == Nimber(1)
            assert N[a] ** 15 == Nimber(1)  # the multiplicative group of GF(16)
        assert N[a].sqrt() * N[a].sqrt() == N[a]
        assert -N[a] == N[a]
        assert N[a] ** 3 == N[a] * N[a] * N[a] and N[a] ** 0 == Nimber(1)
    for a, b, c in itertools.product(range(16), repeat=3):
        assert (N[a] * N[b]) * N[c] == N[a] * (N[b] * N[c])
        assert N[a] * (N[b] + N[c]) == N[a] * N[b] + N[a] * N[c]


def test_nimbers_on_64_bits():
    assert Nimber(16) * Nimber(16) == Nimber(24)
    assert Nimber(2**32) * Nimber(2**32) == Nimber(3 * 2**31)  # F.F = 3F/2
    rng = random.Random(7)
    for _ in range(300):
        a, b = rng.getrandbits(64), rng.getrandbits(rng.choice([8, 16, 33, 64]))
        assert int(Nimber(a) * Nimber(b)) == nim_product(a, b)
        if a:
            assert Nimber(a) * Nimber(a).inverse() == Nimber(1)
        root = Nimber(a).sqrt()
        assert root * root == Nimber(a)
        assert (Nimber(a) + Nimber(b)) ** 2 == Nimber(a) ** 2 + Nimber(b) ** 2  # Frobenius


def test_nimber_protocols():
    x = Nimber(5)
    assert int(x) == 5 and [0, 1, 2, 3, 4, 5][x] == 5 and hex(Nimber(255)) == "0xff"
    assert repr(x) == "Nimber(5)" and str(x) == "*5" and x._repr_latex_() == r"$\ast 5$"
    assert bool(Nimber(0)) is False and bool(x) is True
    assert x * 3 == 3 * x == Nimber(nim_product(5, 3))
    assert x + 1 == 1 + x == Nimber(4)
    assert 6 / Nimber(3) == Nimber(6) / Nimber(3)
    assert Nimber(3) < Nimber(5) and sorted([Nimber(3), Nimber(1)]) == [Nimber(1), Nimber(3)]
    assert len({Nimber(3), Nimber(3), Nimber(4)}) == 2
    assert Nimber(2**64 - 1) * Nimber(1) == Nimber(2**64 - 1)
    assert Nimber(3) ** Nimber(2) == Nimber(2)


# --- loopy games -----------------------------------------------------------------


def brute_loopy(n: int, moves: List[Tuple[int, int]]) -> List[Tuple[str, Optional[int]]]:
    """Retrograde analysis by rounds: round k (even) finds the losses of
    remoteness k, whose every move goes to a win already found; round k (odd)
    the wins of remoteness k, with a move to a loss of remoteness k - 1."""
    children = [[b for a, b in moves if a == v] for v in range(n)]
    result: Dict[int, Tuple[str, int]] = {}
    for k in range(2 * n + 2):
        found = {}
        for v in range(n):
            if v in result:
                continue
            if k % 2 == 0:
                if all(c in result and result[c][0] == "win" for c in children[v]):
                    found[v] = ("loss", k)
            elif any(c in result and result[c] == ("loss", k - 1) for c in children[v]):
                found[v] = ("win", k)
        result.update(found)
    return [result.get(v, ("draw", None)) for v in range(n)]


NAMES = {"win": LoopyOutcome.WIN, "loss": LoopyOutcome.LOSS, "draw": LoopyOutcome.DRAW}


def _check_graph(n, moves):
    graph = LoopyGraph(moves, n)
    assert len(graph) == n
    expected = brute_loopy(n, moves)
    for v, (outcome, remoteness) in enumerate(expected):
        assert graph.outcome(v) is NAMES[outcome], (n, moves, v)
        assert graph.remoteness(v) == remoteness, (n, moves, v)
        best = graph.best_move(v)
        children = [b for a, b in moves if a == v]
        if not children:
            assert best is None
            continue
        assert best in children
        if outcome == "draw":
            assert expected[best][0] == "draw"
        else:
            assert expected[best][1] == remoteness - 1
            assert expected[best][0] == ("loss" if outcome == "win" else "win")


def test_loopy_small_graphs():
    _check_graph(3, [(0, 1), (1, 2)])
    _check_graph(2, [(0, 1), (1, 0)])  # a cycle: both draws
    _check_graph(5, [(0, 1), (1, 0), (1, 2), (3, 3)])
    _check_graph(4, [(0, 0), (0, 1)])
    graph = LoopyGraph([(0, 1), (1, 2)])
    assert [graph.outcome(v) for v in range(3)] == [LoopyOutcome.LOSS, LoopyOutcome.WIN, LoopyOutcome.LOSS]
    assert [graph.remoteness(v) for v in range(3)] == [2, 1, 0]
    assert repr(graph) == "<LoopyGraph of 3 positions and 2 moves>"
    assert len(LoopyGraph([])) == 0 and len(LoopyGraph([], 4)) == 4


def test_loopy_random_graphs():
    rng = random.Random(11)
    for _ in range(300):
        n = rng.randint(1, 10)
        moves = [(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(0, 2 * n))]
        _check_graph(n, moves)

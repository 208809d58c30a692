"""The limits of issue 39 in Python: a nimber too large to expand, an
uptimal printed past the old bound, and a sum with a nimber too costly to
make each give an answer or an exception within seconds, never a panic."""

from __future__ import annotations

import time

import pytest

import cgt

BIG = ["*4097", "*5000", "1/2*5000"]
OTHERS = ["{1|0}", "Tiny(2)", "*3", "{3|-1}", "^<3>"]


@pytest.mark.parametrize("big", BIG)
@pytest.mark.parametrize("other", OTHERS)
def test_a_huge_nimber_never_panics(big: str, other: str) -> None:
    g, h = cgt.Game(big), cgt.Game(other)
    calls = [
        lambda: g + h,
        lambda: h.heat(g),
        lambda: g.heat(h),
        lambda: g.overheat(h, h),
        lambda: h.overheat(g, g),
        lambda: h.overheat(1, g),
        lambda: g.norton(h),
        lambda: h.norton(g),
        lambda: g.left_options,
        lambda: g.left_incentives,
        lambda: g <= h,
    ]
    for call in calls:
        try:
            call()
        except OverflowError as e:
            assert "too large" in str(e)


def test_heat_by_a_huge_nimber_is_an_overflow_error() -> None:
    with pytest.raises(OverflowError, match="a nimber above \\*4096"):
        cgt.Game("{3|-1}").heat("*4097")


def test_every_uptimal_printed_reads_back() -> None:
    g = cgt.Game("{0|v[32]*}")
    assert str(g) == "^<33>"
    assert cgt.Game(str(g)) == g
    for text in ["^[33]", "v<33>", "v[40]*", "1/2^<128>*3"]:
        assert str(cgt.Game(text)) == text
        assert cgt.Game(str(cgt.Game(text))) == cgt.Game(text)
    with pytest.raises(ValueError, match="expected a number from 1 to 128"):
        cgt.Game("^<129>")


@pytest.mark.parametrize(
    "expr", ["*211 + Tiny(2)", "^[32] + *59", "*1024+{1|0}", "*4096+{1|0}", "*4096 + Tiny(2)"]
)
def test_a_costly_sum_with_a_nimber_is_refused_at_once(expr: str) -> None:
    start = time.monotonic()
    with pytest.raises(OverflowError, match="past the limit of 33554432"):
        cgt.Game(expr)
    assert time.monotonic() - start < 5


def test_a_sum_under_the_limit_is_made() -> None:
    assert str(cgt.Game("*181 + {1|0}")) == "{1*181|*181}"
    with pytest.raises(OverflowError, match="too large"):
        cgt.Game("Tiny(2)") + cgt.Game("*211")

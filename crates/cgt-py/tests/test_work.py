"""Heap games whose work the fuzzer of issue 39 found past its bound: each
ends within seconds, or is refused before the work past the stated limit,
as on the command line (`crates/cgt/tests/work.rs`)."""

import cgt
import pytest


def test_a_code_with_many_three_heap_splits_is_valued():
    values = cgt.grundy_values("0.eee2ee2", 2942)
    assert len(values) == 2943
    assert values[:201] == cgt.grundy_values("0.eee2ee2", 200)


def test_a_count_beyond_the_work_limit_is_refused_at_once():
    with pytest.raises(ValueError, match=r"0\.\.=13521"):
        cgt.grundy_values("0.eee2ee2", 13522)
    with pytest.raises(ValueError, match=r"0\.\.=13521"):
        cgt.period("0.ab17", 1 << 22)


def test_a_period_without_a_cap_stops_within_the_default_work():
    p = cgt.period("0.3346")
    assert p.period is None
    assert p.checked_upto == 65535
    # A cap given is kept.
    assert cgt.period("0.3346", 70000).checked_upto == 70000
    assert cgt.period("0.ab17").checked_upto == 4095

"""Heap games whose work the fuzzer of issue 39 found past its bound: each
ends within seconds, or is refused before the work past the stated limit,
as on the command line (`crates/cgt/tests/work.rs`)."""

import cgt
import pytest
from conftest import child


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
    # A cap given is kept. (A hexadecimal code's own default cap, 0.ab17's
    # 4095 in 4 s, is crates/cgt/tests/work.rs's: the same core path.)
    assert cgt.period("0.3346", 70000).checked_upto == 70000


# Fuzz seed 4139, run in a real child so that a hang is a timeout here:
# multiples of a hot game whose doublings compare for ever (each step was
# within the positions' limit), overheating by a big nimber, a heated
# nimber written in about 2^30 bytes, and a heap game whose values grow
# with the heap each end within seconds with OverflowError; what is cheap
# is still made.
HOT = """
import cgt, time
cases = [
    lambda: cgt.Game('{*,{|4*}|Miny(^[32]),{*0|}}') * 1626,
    lambda: cgt.Game('{1^*3,{*2,^2*|}|-1,^33}').overheat('-1*1024', '^3'),
    lambda: str(cgt.Game('*30').overheat('-17/32', '13/4')),
    lambda: cgt.ruleset('partizan_splittles')('959;[10,6],[8,11]').value,
    lambda: str(cgt.ruleset('partizan_subtraction')('150;[1,3],[2,3]').value),
]
for case in cases:
    start = time.monotonic()
    try:
        case()
        print("made")
    except OverflowError as e:
        print("OverflowError", str(e).startswith("too large"), time.monotonic() - start < 30)
print((cgt.Game('Tiny(2)') * 512).birthday, cgt.Game('*30').overheat('-17/32', '13/4').birthday)
g = cgt.Game('-2147483648^<32>*5')
print(str(g), cgt.Game(str(g)) == g)
"""


def test_hot_multiples_big_overheats_and_long_forms_end_within_seconds():
    p = child(HOT)
    out, err = p.communicate(timeout=240)
    assert p.returncode == 0, err
    assert out.splitlines() == ["OverflowError True True"] * 5 + ["1025 129", "-2147483648^<32>*5 True"]


# The fuzzer: a game whose options bypass into thousands of reversible
# options (`+-(2*4095)` into `2*k`, each reversible into nothing) took
# minutes to make, so that heating it (at once, it is 0) ran as long.
# Run in a real child so that a hang is a timeout here.
REVERSIBLE = """
import cgt
g = cgt.Game('{|5,(+-2*4095)}')
print(g, g.heat('-11/32'), cgt.Game('{0,*|+-(1*4095)}'))
"""


def test_a_game_whose_options_reverse_into_many_is_made_within_seconds():
    p = child(REVERSIBLE)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 0, err
    assert out == "0 0 1/2\n"

"""cgt.MisereGame: misère canonical forms as CGSuite writes them, with the
fields `cgt misere --json` has (CGSuite's own expected values for Norton's
game and a restless one)."""

import os

import pytest

import cgt
from conftest import ctrl_c_after_each_ready


def test_forms_are_written_as_cgsuite_writes_them():
    assert cgt.MisereGame("*[2]+*[2]").value == "*[2[2]]"
    assert str(cgt.MisereGame("*[[2],1]")) == "*[2#1]"
    assert repr(cgt.MisereGame("*[[2]]")) == "MisereGame('*[2#]')"
    assert cgt.MisereGame('game.heap.TakeAndBreak("0.77")(4)').value == "*[1]"


def test_equality_and_sums_are_of_misere_play():
    two = cgt.MisereGame("*[2]")
    assert two + two == cgt.MisereGame("*[2[2]]")
    star = cgt.MisereGame("*[1]")
    assert star + star == cgt.MisereGame("*[0]")
    assert len({two, cgt.MisereGame("*[2]"), star}) == 2
    assert two != star and two != "*[2]"


def test_norton_s_game_has_two_partitions():
    g = cgt.MisereGame("*[[*[4]+*[2]]]")
    assert g.value == "*[4[2#]]"
    assert g.birthday == 7 and g.genus == "0^0" and g.outcome == "P"
    assert [p.value for p in g.options] == ["*[4[2]]"]
    assert [p.value for p in g.parts] == ["*[2]", "*[4[2#-2]]", "*[4]", "*[4[2#-4]]"]
    assert [[p.value for p in q] for q in g.partitions] == [
        ["*[2]", "*[4[2#-2]]"],
        ["*[4]", "*[4[2#-4]]"],
    ]
    assert g.is_tame and not g.is_prime and not g.is_nim_heap


def test_a_restless_game():
    g = cgt.MisereGame("*[[2],1]")
    assert (g.birthday, g.genus, g.mate.value) == (4, "2^1420", "*[2#0]")
    assert (g.misere_nim_value, g.nim_value, g.outcome) == (1, 2, "N")
    flags = [
        g.is_tame, g.is_restive, g.is_restless, g.is_tameable, g.is_half_tame, g.is_even,
        g.is_prime, g.is_extraverted, g.is_introverted, g.is_generally_tame,
        g.is_generally_restive, g.is_nim_heap,
    ]
    assert flags == [False, False, True, False, False, True, True, False, False, False, False, False]


@pytest.mark.parametrize("bad", ["", "*[2", "*[2]+", "*[1[-2]]", 'TakeAndBreak("0.x")(3)'])
def test_bad_notation_raises_value_error(bad):
    with pytest.raises(ValueError, match="MisereGame"):
        cgt.MisereGame(bad)


# A sum of Dawson's Kayles heaps 40 + 39 + 38 + 37 runs for over a minute
# (heaps 40 + 39 + 38 take about 2 s), and heap 75 of Kayles for over 25 s:
# Ctrl-C must stop each, leaving the store usable.
CTRL_C_CHILD = """
import cgt

def heap(code, n):
    return cgt.MisereGame('TakeAndBreak("%s")(%d)' % (code, n))

three = heap("0.07", 40) + heap("0.07", 39) + heap("0.07", 38)
for name, long in [("sum", lambda: three + heap("0.07", 37)), ("heap", lambda: heap("0.77", 75))]:
    print("ready", flush=True)
    try:
        long()
    except KeyboardInterrupt:
        print(name, "interrupted", flush=True)
    else:
        print(name, "finished", flush=True)
        sys.exit(1)
assert str(heap("0.77", 5)) == "*[2[2]321]"
assert heap("0.07", 40) + heap("0.07", 39) + heap("0.07", 38) == three
print("usable", flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child")
def test_ctrl_c_stops_a_long_sum_and_a_long_heap():
    answers, out, err, status = ctrl_c_after_each_ready(CTRL_C_CHILD, 2)
    assert [line for line, _ in answers] == ["sum interrupted", "heap interrupted"], err
    # Uninterrupted, each would run on for over 25 s before Python saw the
    # signal.
    assert all(seconds < 10 for _, seconds in answers), answers
    assert out.split() == ["usable"], err
    assert status == 0, err


# The parts of Dawson's Kayles heaps 34 + 33 take over 20 s, and their
# partitions about as long (each looks at the 2-partitions of every
# follower): Ctrl-C must stop each in well under that, and leave the store
# usable. Before the store's parts and partitions asked for Ctrl-C, Python
# saw the signal only once the answer was complete.
PARTS_CTRL_C_CHILD = """
import cgt

g = cgt.MisereGame('TakeAndBreak("0.07")(34)') + cgt.MisereGame('TakeAndBreak("0.07")(33)')
for name in ["parts", "partitions"]:
    print("ready", flush=True)
    try:
        getattr(g, name)
    except KeyboardInterrupt:
        print(name, "interrupted", flush=True)
    else:
        print(name, "finished", flush=True)
        sys.exit(1)
small = cgt.MisereGame("*[4[2#]]")
print(" ".join(p.value for p in small.parts), len(small.partitions), flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child")
def test_ctrl_c_stops_long_parts_and_partitions():
    answers, out, err, status = ctrl_c_after_each_ready(PARTS_CTRL_C_CHILD, 2)
    assert [line for line, _ in answers] == ["parts interrupted", "partitions interrupted"], err
    assert all(seconds < 5 for _, seconds in answers), answers
    # The store answers on: Norton's *[4[2#]] and its two partitions.
    assert out.split() == ["*[2]", "*[4[2#-2]]", "*[4]", "*[4[2#-4]]", "2"], err
    assert status == 0, err

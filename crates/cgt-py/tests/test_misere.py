"""cgt.MisereGame: misère canonical forms as CGSuite writes them, with the
fields `cgt misere --json` has (CGSuite's own expected values for Norton's
game and a restless one)."""

import pytest

import cgt


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

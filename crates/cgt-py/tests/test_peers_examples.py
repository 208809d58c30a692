"""The other Python packages' documented examples, through cgt.

pycgt 0.2's README and docstrings (their stated results), and what
cgt-py 0.11 gives for its rulesets (its wheel documents no examples, so
these are its answers, tried by hand and written here as expectations).
Where a peer writes a value in another notation, the game is compared, not
the text.
"""

from fractions import Fraction

import cgt
from cgt import Game, Outcome, Relation


def dom(rows: int, cols: int) -> cgt.Domineering:
    return cgt.Domineering("|".join(["." * cols] * rows))


# --- pycgt ---------------------------------------------------------------------


def test_pycgt_readme():
    assert str(dom(2, 4).value) == "Miny(2)"
    assert dom(2, 3).value.temperature == Fraction(5, 4)
    assert Game("{1|-1}") + Game("{1|-1}") == 0
    assert Game("*").compare(0) is Relation.CONFUSED
    # Wolfe: the 4 × 5 board is 1.
    assert dom(4, 5).value == 1
    assert len(cgt.born_by(2)) == 22


def test_pycgt_docstrings():
    assert Game("{1|-1}") == Game("+-1")
    assert str(Game("{{2|0}|0}")) == "Miny(2)"
    assert str(Game("{0|{0|-2}}")) == "Tiny(2)"
    assert str(Game(Fraction(1, 2))) == "1/2" and str(Game("+-1")) == "+-1"
    assert Game("3/4").number == Fraction(3, 4)
    assert (Game("*").is_all_small, Game("^").is_all_small) == (True, True)
    assert (Game(1).is_all_small, Game("Tiny(2)").is_all_small) == (False, False)
    # pycgt lists the maximal incentives of +-1: {2|0}, Left's and Right's alike.
    assert Game("+-1").left_incentives == [Game("{2|0}")]
    assert Game("+-1").right_incentives == [Game("{2|0}")]
    assert Game("*").is_infinitesimal and Game("^").is_infinitesimal
    assert str(Game("*").heat("3/4")) == "+-3/4"
    assert str(Game(3).overheat("1/2", "1/2")) == "3/2"
    assert Game("+-1").temperature == 1
    assert Game("{2|-1/2}").mean == Fraction(3, 4)
    assert Game("*").reduced == 0 and Game("1 + ^").reduced == 1
    assert [len(cgt.born_by(n)) for n in range(3)] == [1, 4, 22]
    assert sorted(str(g) for g in cgt.born_by(1) if g.birthday == 1) == ["*", "-1", "1"]
    assert Game("{2|-1/2}").thermograph()._repr_svg_().startswith("<svg")
    assert str(cgt.Clobber("xo").value) == "*"
    assert str(cgt.Clobber("xo|ox").value) == "*"
    assert cgt.Clobber("xoxo").value == Game("+-{*,^}")
    assert cgt.Cram("..|..").value == 0
    assert str(dom(2, 2).value) == "+-1"
    assert cgt.Snort(".-.").value == Game("+-1")
    assert cgt.Col(".-.").value == 0
    # Nim: heaps 3, 5, 6 are *(3 xor 5 xor 6); 1, 2, 3 is 0.
    assert Game("*3 + *5 + *6") == Game(f"*{3 ^ 5 ^ 6}")
    assert Game("*1 + *2 + *3") == 0
    assert cgt.Hackenbush("l").value == 1 and cgt.Hackenbush("lr").value == Fraction(1, 2)
    assert cgt.Hackenbush("lrr").value == Fraction(1, 4)
    assert cgt.ToadsAndFrogs("t.").value == 1
    assert cgt.ToadsAndFrogs("t.f").value == Game("*")
    assert cgt.ToadsAndFrogs("tf").value == 0
    # Snort on paths of 1 to 5 vertices.
    paths = [cgt.Snort("-".join(["."] * n)).value for n in range(1, 6)]
    assert paths == [Game(s) for s in ["*", "+-1", "+-2", "+-{2|1}", "+-{1,{3|0}}"]]
    assert (Game(1) + Game("^") + Game("*")).number is None
    assert Game("+-1").outcome is Outcome.N


def test_pycgt_observed_values():
    assert Game("{2|-1/2}").cool(1) == Game("{1|1/2}")
    assert cgt.Cram("...|...").value == Game("*") and cgt.Cram("...|...|...").value == 0
    # pycgt renders toads_and_frogs.parse("tt..ff") as "*".
    assert cgt.ToadsAndFrogs("tt..ff").value == Game("*")


# --- cgt-py ----------------------------------------------------------------------


def test_cgt_py_domineering():
    assert dom(2, 2).value == Game("{1|-1}")
    assert dom(2, 3).value == Game("{2|-1/2}") and dom(2, 3).value.temperature == Fraction(5, 4)
    assert dom(3, 2).value == Game("{1/2|-2}")
    assert dom(2, 4).value == Game("{{2|0}|0}") and dom(2, 4).value.reduced == 0
    assert cgt.Domineering("..|..").left_moves() == [cgt.Domineering(".|."), cgt.Domineering(".|.")]
    # Right's four moves on the 2 x 3 board, each (a mirror image of the
    # others) written in one least form.
    moves = cgt.Domineering("...|...").right_moves()
    assert [m.value for m in moves] == [Game("-1/2")] * 4
    assert {m.value for m in moves} == {cgt.Domineering(b).value for b in ["##.|...", ".##|...", "...|##.", "...|.##"]}
    values = {(2, 5): "1/2", (2, 6): "{{{3|1}|1}|-1}", (2, 7): "{3/2|-1/2}",
              (2, 8): "{{{{4|2}|2}|0}|{-1/2|-2}}", (3, 3): "+-1", (3, 4): "-3/2", (3, 5): "-1",
              (3, 6): "{-1|-7/2}", (4, 4): "+-{0,{{2|0},{2|{2|0}}|{2|0},{{2|0}|0}}}"}
    for (r, c), text in values.items():
        assert dom(r, c).value == Game(text), (r, c)


def test_cgt_py_values():
    assert Game("{1|0}").cool(1) == Fraction(1, 2) and Game("{1|0}").cool("1/4") == Game("{3/4|1/4}")
    assert Game("^") + Game("*") == Game("^*") and -Game("^") == Game("v")
    assert Game("^") + Game("^") + Game("^") == Game("^3")
    assert Game("{*,^|v}") == Game("{0,*|v}") and Game("{1,*|0}") == Game("{1|0}")
    assert Game("{1|}") == 2 and Game("{|1/2}") == 0 and Game("{0|*}") == Game("^")
    assert Game("1^*").reduced == 1
    assert Game("*2") + Game("*3") == Game("*")


def test_cgt_py_rulesets():
    assert cgt.Snort(".-.").value == Game("{1|-1}") and cgt.Snort(".-.-.").value == Game("{2|-2}")
    # cgt-py's Col(3, [(0, 1), (1, 2)], blue=[0]) is 1/2. By the rules (Left
    # colours blue, Right red, never next to a vertex of one's own colour),
    # a path whose end is Left's is {-1 | 1, 0} = -1/2: Left's only move
    # (the far end) leaves the middle to Right; Right's moves leave 1 or 0.
    # The path whose end is Right's is 1/2: cgt-py's "blue" is that side.
    assert cgt.Col("L-.-.").value == Fraction(-1, 2)
    assert cgt.Col("R-.-.").value == Fraction(1, 2)
    assert cgt.DigraphPlacement("L>R").value == Fraction(1, 2)
    assert cgt.Amazons("x..o").value == Game("{1|-1}")
    assert cgt.Amazons("x..|...|..o").value == Game(
        "{{5|{1*|0,{1/2|0}},{2|-1/4}}|{{0,{0|-1/2}|-1*},{1/4|-2}|-5}}"
    )
    assert cgt.Konane("xo.").value == 1
    assert cgt.Fission("...|.x.").value == -1

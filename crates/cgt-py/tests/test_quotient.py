"""Misère quotients (cgt.misere_quotient): the figures Plambeck and Siegel
publish, elements that multiply, the outcome of a sum, the proven period,
and Ctrl-C."""

import os

import pytest

import cgt
from conftest import ctrl_c_after_each_ready


def test_0_75_as_published():
    q = cgt.misere_quotient("0.75")
    assert q.presentation == "<a,b,c | a2=1,b3=b,bc=ab,c2=b2>"
    assert q.order == 8
    assert [str(x) for x in q.p_portion] == ["a", "b2"]
    assert q.tame is None
    assert (q.preperiod, q.period, q.max_heap, q.code) == (None, None, 20, "0.75")
    assert len(q.phi) == 21


def test_the_periodicity_theorem_proves_the_period_from_heap_21():
    # Period 2 from heap 8, last digit d_2: 2*8 + 2*2 + 2 = 22 heaps (0..=21).
    q = cgt.misere_quotient("0.75", 21)
    assert (q.preperiod, q.period) == (8, 2)
    assert (cgt.misere_quotient("0.123", 22).preperiod, cgt.misere_quotient("0.123", 22).period) == (5, 5)


def test_0_123_has_order_20():
    assert cgt.misere_quotient("0.123", 12).order == 20


def test_elements_multiply_and_decide_sums():
    q = cgt.misere_quotient("0.75", 10)
    phi = q.phi
    total = phi[3] * phi[5] * phi[7]
    assert not total.is_p
    assert phi[1].is_p
    assert phi[1] * phi[1] == phi[0]
    assert repr(phi[2]) == 'QuotientElement("b")'
    outcome, move = q.outcome([3, 5, 7])
    assert outcome == "N"
    heap, left = move
    after = [3, 5, 7]
    after.remove(heap)
    after += left
    assert q.outcome(after) == ("P", None)


def test_tame_and_errors():
    assert cgt.misere_quotient("0.33", 6).tame == "T2"
    with pytest.raises(ValueError, match="outgrew 6 elements"):
        cgt.misere_quotient("0.123", 12, max_order=6)
    with pytest.raises(ValueError):
        cgt.misere_quotient("0.75", 5).outcome([6])
    with pytest.raises(ValueError):
        cgt.misere_quotient("0.7x")
    with pytest.raises(ValueError):
        cgt.misere_quotient("0.75", -1)


CHILD = """
import cgt

print("ready", flush=True)
try:
    cgt.misere_quotient("0.07", 60)
except KeyboardInterrupt:
    print("interrupted", flush=True)
else:
    print("finished", flush=True)
    sys.exit(1)
assert cgt.misere_quotient("0.75", 12).order == 8
print("usable", flush=True)
"""


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child")
def test_ctrl_c_stops_a_long_quotient():
    answers, out, err, status = ctrl_c_after_each_ready(CHILD, 1)
    assert [line for line, _ in answers] + out.split() == ["interrupted", "usable"], err
    assert status == 0, err

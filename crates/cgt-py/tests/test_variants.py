"""CGSuite's variants of any short ruleset, as the package makes them from
the registry: their classes, `Position.variant`, their values against the
rulesets they equal, and their moves read back."""

import pytest

import cgt
from cgt import Game


def test_the_variants_are_classes_of_terms():
    variants = [r for r in cgt.RULESETS if r.layout == "term"]
    assert [r.name for r in variants] == ["impartial", "dicotic", "twisted"]
    for r in variants:
        assert cgt.ruleset(r.name) is r.cls
        assert r.cls(r.argument).term == r.example


def test_variant_of_a_position_is_the_variant_class_on_its_term():
    square = cgt.Domineering(" ...|... ")
    impartial = square.variant("impartial")
    assert impartial == cgt.ImpartialVariant("domineering(...|...)")
    # CGSuite's Cram is Domineering's impartial variant.
    assert impartial.value == cgt.Cram("...|...").value == Game("*")
    assert square.variant("dicotic").value == Game("^")
    assert square.variant("twisted").value == Game("1")
    with pytest.raises(ValueError, match="no variant named 'chess'"):
        square.variant("chess")


def test_twisted_moves_trade_the_roles_and_read_back():
    stalk = cgt.TwistedVariant("hackenbush(lr)")
    (left,) = stalk.left_moves()
    assert str(left) == "-hackenbush()"
    assert cgt.TwistedVariant(str(left)) == left
    # lr is 1/2; twisted, Left moves to 0 and Right to -1.
    assert stalk.value == Game("{0|-1}")


def test_a_bad_base_is_a_value_error_with_the_place():
    with pytest.raises(ValueError, match="at character 1: expected the name of a short ruleset"):
        cgt.DicoticVariant("impartial(cram(..))")
    with pytest.raises(ValueError, match="domineering position"):
        cgt.ImpartialVariant("domineering(.x)")

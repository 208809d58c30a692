"""The type stub `cgt/__init__.pyi` against the package: the same names in
the same order as `cgt.__all__`, a class per ruleset, the members and
parameters the runtime objects have, annotations that the values returned
satisfy, and (where mypy is installed) that mypy reads it."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import subprocess
import sys
import textwrap
import typing
from fractions import Fraction
from pathlib import Path
from typing import Dict, List, Optional, Tuple, Union

import pytest

import cgt

STUB = Path(cgt.__file__).with_name("__init__.pyi")
TREE = ast.parse(STUB.read_text(encoding="utf-8"), filename=str(STUB))


def top_level() -> Tuple[List[str], List[str]]:
    """(names the stub defines, names it imports from cgt._types), in order."""
    defined, imported = [], []
    for node in TREE.body:
        if isinstance(node, ast.FunctionDef) and "overload" in decorators(node) and node.name in defined:
            continue  # one name, several signatures
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            defined.append(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            defined.append(node.target.id)
        elif isinstance(node, ast.Assign):
            defined.extend(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.ImportFrom) and node.module == "_types" and node.level == 1:
            imported.extend(alias.asname or alias.name for alias in node.names)
    return [n for n in defined if not n.startswith("_")], imported


def classes() -> Dict[str, ast.ClassDef]:
    return {node.name: node for node in TREE.body if isinstance(node, ast.ClassDef)}


def functions(body) -> Dict[str, ast.FunctionDef]:
    return {node.name: node for node in body if isinstance(node, ast.FunctionDef)}


def decorators(f: ast.FunctionDef) -> List[str]:
    return [ast.unparse(d) for d in f.decorator_list]


def test_stub_all_is_the_package_all():
    stub_all = next(
        node.value for node in TREE.body
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
    )
    assert ast.literal_eval(stub_all) == list(cgt.__all__)


def test_stub_names_are_the_package_names_in_order():
    defined, imported = top_level()
    defined = [n for n in defined if n != "__all__"]
    assert sorted(imported) == ["LoopyOutcome", "LoopyOutcomeClass", "Outcome", "Relation"]
    assert len(defined) == len(set(defined))
    assert sorted(defined + imported) == sorted(cgt.__all__)
    assert defined == [n for n in cgt.__all__ if n in defined]


def test_every_ruleset_class_is_in_the_stub():
    stub = classes()
    short = [r for r in cgt.RULESETS if r.kind != "loopy"]
    for r in short:
        name = r.cls.__name__
        assert name in stub, name
        node = stub[name]
        assert [ast.unparse(b) for b in node.bases] == ["Position"]
        annotations = {n.target.id: ast.unparse(n.annotation) for n in node.body if isinstance(n, ast.AnnAssign)}
        assert annotations == {"ruleset": "ClassVar[str]"}, name
        # A board draws itself: the stub says so exactly where the class can.
        assert ("_repr_svg_" in functions(node.body)) == hasattr(r.cls, "_repr_svg_"), name
    assert {n for n, c in stub.items() if [ast.unparse(b) for b in c.bases] == ["Position"]} == {
        r.cls.__name__ for r in short
    }


def test_every_loopy_ruleset_class_is_in_the_stub():
    stub = classes()
    loopy = {n for n, c in stub.items() if [ast.unparse(b) for b in c.bases] == ["LoopyPosition"]}
    assert loopy == {r.cls.__name__ for r in cgt.RULESETS if r.kind == "loopy"} == {
        "BackslidingToadsAndFrogs", "FoxAndGeese", "CeyloneseFoxAndGeese", "WindUp"
    }
    for name in loopy:
        cls = getattr(cgt, name)
        assert issubclass(cls, cgt.LoopyPosition) and cgt.ruleset(cls.ruleset) is cls
        node = stub[name]
        annotations = {n.target.id: ast.unparse(n.annotation) for n in node.body if isinstance(n, ast.AnnAssign)}
        assert annotations == {"ruleset": "ClassVar[str]"}, name
        assert ("_repr_svg_" in functions(node.body)) == hasattr(cls, "_repr_svg_"), name


def test_overloads_agree_with_the_runtime():
    overloads = [f for f in TREE.body if isinstance(f, ast.FunctionDef) and "overload" in decorators(f)]
    assert {f.name for f in overloads} == {"ruleset"}
    for f in overloads:
        assert parameters(f) == runtime_parameters(getattr(cgt, f.name)), f.name
        text = ast.unparse(f.returns)
        literal = ast.unparse(f.args.args[0].annotation)
        if literal.startswith("Literal["):
            name = ast.literal_eval(literal[len("Literal["):-1])
            assert text == f"Type[{getattr(cgt, text[5:-1]).__name__}]"
            assert cgt.ruleset(name) is getattr(cgt, text[5:-1])


CORE = [
    "Game", "HeapGame", "ImpartialRuleset", "LoopyGame", "LoopyGraph", "LoopyPosition", "LoopyRuleset", "Nimber",
    "Period", "Position", "Ruleset", "RulesetEntry", "RulesetPosition", "Thermograph",
]
#: Operators a class supports if it defines them (not comparisons, which
#: pyo3 gives every class, nor __rpow__, which Nimber does not support).
OPERATORS = {
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__", "__rtruediv__", "__pow__",
    "__neg__", "__pos__", "__int__", "__float__", "__index__", "__bool__", "__len__", "__hash__",
}


def parameters(f: ast.FunctionDef) -> List[Tuple[str, Optional[object]]]:
    """(name, default or Ellipsis for none) of a stub function, without self."""
    args = f.args.posonlyargs + f.args.args
    defaults = [Ellipsis] * (len(args) - len(f.args.defaults)) + [ast.literal_eval(d) for d in f.args.defaults]
    out = list(zip((a.arg for a in args), defaults))
    if out and out[0][0] in ("self", "cls") and "staticmethod" not in decorators(f):
        out = out[1:]
    return out


def runtime_parameters(obj) -> Optional[List[Tuple[str, object]]]:
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    return [
        (p.name, Ellipsis if p.default is inspect.Parameter.empty else p.default)
        for p in signature.parameters.values()
        if p.name not in ("self", "$self", "cls", "$cls", "$type") and p.kind is not p.VAR_KEYWORD
    ]


@pytest.mark.parametrize("name", CORE)
def test_members_agree_with_the_runtime(name):
    runtime = getattr(cgt, name)
    node = classes()[name]
    members = functions(node.body)
    for member, f in members.items():
        if member == "__init__":
            if name == "RulesetEntry":
                continue
            expected = [(a, d) for a, d in runtime_parameters(runtime) or []]
            assert parameters(f) == expected, member
            continue
        assert hasattr(runtime, member), f"{name}.{member} is not at runtime"
        static = inspect.getattr_static(runtime, member)
        is_property = "property" in decorators(f)
        assert is_property == (inspect.isdatadescriptor(static) and not callable(static)), f"{name}.{member}"
        assert ("staticmethod" in decorators(f)) == isinstance(static, staticmethod), f"{name}.{member}"
        if not is_property and not (member.startswith("__") and member.endswith("__")):
            assert parameters(f) == runtime_parameters(getattr(runtime, member)), f"{name}.{member}"
    public = {m for m in vars(runtime) if not m.startswith("_") and m != "ruleset"}
    if name == "RulesetEntry":
        public = {field.name for field in dataclasses.fields(runtime)}
        stub_fields = {n.target.id for n in node.body if isinstance(n, ast.AnnAssign)}
        assert stub_fields == public
        assert "dataclass(frozen=True)" in [ast.unparse(d) for d in node.decorator_list]
        return
    attributes = {n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)}
    assert public <= set(members) | attributes, public - set(members) - attributes
    hooks = {m for m in vars(runtime) if m in OPERATORS or m.startswith("_repr_")}
    assert hooks <= set(members), hooks - set(members)


def test_functions_agree_with_the_runtime():
    for name, f in functions(TREE.body).items():
        assert parameters(f) == runtime_parameters(getattr(cgt, name)), name


# --- the annotations hold for the values returned --------------------------------

NAMESPACE = {
    "Optional": Optional, "List": List, "Tuple": Tuple, "Union": Union, "Fraction": Fraction,
    "Game": cgt.Game, "Outcome": cgt.Outcome, "Relation": cgt.Relation, "LoopyOutcome": cgt.LoopyOutcome,
    "Thermograph": cgt.Thermograph, "Nimber": cgt.Nimber, "Period": cgt.Period, "Position": cgt.Position,
    "LoopyGame": cgt.LoopyGame, "LoopyOutcomeClass": cgt.LoopyOutcomeClass, "LoopyPosition": cgt.LoopyPosition,
    "MisereQuotient": cgt.MisereQuotient, "QuotientElement": cgt.QuotientElement,
    "int": int, "str": str, "bool": bool, "float": float, "None": type(None),
    "Dict": Dict, "Any": typing.Any,
}


def satisfies(value, annotation) -> bool:
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is Union:
        return any(satisfies(value, a) for a in args)
    if annotation is typing.Any:
        return True
    if origin is list:
        return isinstance(value, list) and all(satisfies(v, args[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(
            satisfies(k, args[0]) and satisfies(v, args[1]) for k, v in value.items()
        )
    if origin is tuple:
        return isinstance(value, tuple) and len(value) == len(args) and all(map(satisfies, value, args))
    if annotation is type(None):
        return value is None
    if annotation is int:
        return type(value) is int
    return isinstance(value, annotation)


def annotation_of(f: ast.FunctionDef, owner) -> object:
    text = ast.unparse(f.returns)
    if text in ("_P", "_L"):
        return owner
    if text in ("List[_P]", "List[_L]"):
        return List[owner]
    return eval(text, NAMESPACE)  # noqa: S307 (the stub's own annotations)


SAMPLES = {
    "Game": [cgt.Game(t) for t in ["0", "7", "-3/8", "*3", "^", "{2|1*}", "+-1", "Tiny(1)", "{1|*}"]],
    "Thermograph": [cgt.Game(t).thermograph() for t in ["0", "1/2", "^", "{2|1*}", "{3|{2|0}}"]],
    "Period": [cgt.period("0.07"), cgt.period("4.(3)"), cgt.period("0.6", 50)],
    "Nimber": [cgt.Nimber(n) for n in (0, 1, 7, 2**64 - 1)],
    "Position": [cgt.Domineering("..|.."), cgt.Kayles("7,3"), cgt.Hackenbush("lr"), cgt.Cram("")],
    "LoopyGame": [cgt.LoopyGame(t) for t in ["on", "over", "1 & 0", "dud", "{pass|3/2}", "^*", "a{0|{a|-1}}"]],
    "LoopyPosition": [cgt.BackslidingToadsAndFrogs(s) for s in ["tt.f", "t..f", "", "t.ff"]]
    + [cgt.FoxAndGeese(s) for s in ["(3,1),(3,3);(1,1)", ";(1,1)"]],
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_annotations_hold(name):
    node = classes()[name]
    checked = 0
    for sample in SAMPLES[name]:
        for member, f in functions(node.body).items():
            zero_arguments = not parameters(f) and member != "__init__"
            # widget() makes a notebook widget (test_widget.py), with anywidget.
            if not zero_arguments or member in ("__reduce__", "__hash__", "widget"):
                continue
            if "property" in decorators(f):
                value = getattr(sample, member)
            elif member.startswith("__"):
                value = {"__int__": int, "__float__": float, "__index__": lambda x: x.__index__(),
                         "__bool__": bool, "__neg__": lambda x: -x, "__pos__": lambda x: +x,
                         "__len__": len}[member]
                try:
                    value = value(sample)
                except TypeError:
                    continue  # int() of a game that is not an integer
            else:
                try:
                    value = getattr(sample, member)()
                except (ValueError, ZeroDivisionError):
                    continue  # a formula with no period, the inverse of 0
            owner = type(sample)
            assert satisfies(value, annotation_of(f, owner)), f"{name}.{member} of {sample!r}: {value!r}"
            checked += 1
    assert checked >= 10


def test_function_annotations_hold():
    results = {
        "born_by": cgt.born_by(2),
        "census": cgt.census("octal:1", upto=64),
        "confused": cgt.confused("*", 0),
        "dead_ends": cgt.dead_ends("left", 2),
        "formula": cgt.formula("0.07"),
        "game": cgt.game("^"),
        "grundy_values": cgt.grundy_values("0.77", 5),
        "is_dead_end": cgt.is_dead_end("-1", "left"),
        "is_dead_ending": cgt.is_dead_ending("{0|0}"),
        "misere_ge": cgt.misere_ge("1 - 1", "0"),
        "misere_outcome": cgt.misere_outcome("{0,-1|}"),
        "misere_quotient": cgt.misere_quotient("0.75", 8),
        "misere_values": cgt.misere_values("0.77", 5),
        "period": cgt.period("0.07"),
        "plot_svg": cgt.plot_svg("0.77", 5),
        "ruleset": cgt.ruleset("cram"),
        "store_size": cgt.store_size(),
    }
    stub = functions(TREE.body)
    # explore() makes a notebook widget (test_widget.py), with anywidget.
    assert set(results) | {"explore"} == set(stub)
    for name, value in results.items():
        text = ast.unparse(stub[name].returns)
        if text == "Type[Position]":
            assert issubclass(value, cgt.Position)
        else:
            assert satisfies(value, eval(text, NAMESPACE)), name  # noqa: S307
    graph = cgt.LoopyGraph([(0, 1), (1, 1)], 3)
    loopy = functions(classes()["LoopyGraph"].body)
    for v in range(3):
        for member in ("outcome", "remoteness", "best_move"):
            expected = eval(ast.unparse(loopy[member].returns), NAMESPACE)  # noqa: S307
            assert satisfies(getattr(graph, member)(v), expected)


# --- mypy ----------------------------------------------------------------------

USAGE = """
from fractions import Fraction
from typing import List, Optional
import cgt

g: cgt.Game = cgt.Game("{2|1*}") + 1 - Fraction(1, 2) + "*"
t: Fraction = g.temperature
w: Optional[cgt.Game] = g.atomic_weight
o: cgt.Outcome = g.outcome
r: cgt.Relation = g.compare("^")
moves: List[cgt.Domineering] = cgt.Domineering("..|..").left_moves()
n: cgt.Nimber = cgt.Nimber(3) * 5 + cgt.Nimber(2)
values: List[int] = cgt.grundy_values("0.77", 10)
pre: Optional[int] = cgt.period("0.07").preperiod
name: str = cgt.Domineering.ruleset
loopy: cgt.LoopyGame = cgt.LoopyGame("{pass|3/2}") + cgt.Game("*") - 1
side: cgt.LoopyGame = loopy.onside
c: cgt.LoopyOutcomeClass = loopy.outcome
short: Optional[cgt.Game] = loopy.to_game()
strips: List[cgt.BackslidingToadsAndFrogs] = cgt.ruleset("backsliding")("tt.f").left_moves()
geese: cgt.LoopyOutcomeClass = cgt.FoxAndGeese(";(1,1)").outcome()
walls = g.thermograph().left[0][0] + 1

class Push(cgt.Ruleset):
    def left_moves(self, position: str) -> List[str]:
        return [position[1:]] if position else []

    def right_moves(self, position: str) -> List[str]:
        return []

mine: cgt.Game = Push().value("xx") + cgt.Domineering("..").value
won: cgt.Outcome = Push().outcome("x")
drawn: cgt.RulesetPosition = Push().position("x")
heaps: List[int] = cgt.grundy_values(cgt.HeapGame(lambda n: [(n - 1,)] if n else []), 10)
"""


MISUSE = """
import cgt
x: int = cgt.Game("^").temperature
cgt.Game(1.5)
cgt.Domineering("..").moves("up")
cgt.LoopyGame(1.5)
"""


def test_mypy_reads_the_stub(tmp_path):
    pytest.importorskip("mypy", reason="mypy is not installed (the rest of test_stub.py checks the stub)")
    good, bad = tmp_path / "good.py", tmp_path / "bad.py"
    good.write_text(textwrap.dedent(USAGE))
    bad.write_text(textwrap.dedent(MISUSE))
    common = [sys.executable, "-m", "mypy", "--strict", "--no-incremental"]
    run = subprocess.run(common + [str(good)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    run = subprocess.run(common + [str(bad)], capture_output=True, text=True)
    assert run.returncode == 1, run.stdout
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert sorted({int(line.split(":")[1]) for line in errors}) == [3, 4, 5, 6], run.stdout

#!/usr/bin/env python3
"""The empty 4 x 5 Domineering board valued by pycgt's placement engine
(`pycgt.rulesets.domineering.rectangle`, which is its grid `value` with
Left's vertical and Right's horizontal domino as shapes): the peer of
`placement_cgt.py`. Needs pycgt (`pip install pycgt`) in a scratch
environment, never the project's. Prints the value, `1`."""

from pycgt.notation import render
from pycgt.rulesets import domineering

print(render(domineering.rectangle(4, 5)))

#!/usr/bin/env python3
"""The empty 4 x 5 board of the placement game with Left's vertical domino
and Right's horizontal one (Domineering), valued by `cgt.PlacementGame`:
one half of a side-by-side timing of whole processes, the other
`placement_pycgt.py` (pycgt's placement engine on the same game). Prints
the value, `1`. Not run by the tests; see the README's "Placement games"."""

import cgt

game = cgt.PlacementGame(left=[[(0, 0), (1, 0)]], right=[[(0, 0), (0, 1)]])
print(game.value("|".join(["....."] * 4)))

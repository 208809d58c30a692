"""Built-in rulesets written again in plain Python, on the strings the
built-in classes read, for tests/test_custom.py and bench/custom.py."""

from __future__ import annotations

from typing import Iterator, List, Tuple

import cgt


def rows(board: str) -> List[str]:
    return board.split("|") if board else []


def put(grid: List[str], cells: List[Tuple[int, int]], c: str) -> List[str]:
    out = [list(row) for row in grid]
    for r, k in cells:
        out[r][k] = c
    return ["".join(row) for row in out]


def regions(board: str, filled: str) -> List[str]:
    """The regions of cells not in `filled`, 4-connected: `[board]` when
    there is one, else each as a board of its bounding box with the other
    cells filled (a rectangular board)."""
    grid = rows(board)
    if not grid:
        return []
    width = len(grid[0])
    flat = "".join(grid)
    cells = [i for i, c in enumerate(flat) if c not in filled]
    seen = set()
    found = []
    for first in cells:
        if first in seen:
            continue
        seen.add(first)
        stack, region = [first], []
        while stack:
            i = stack.pop()
            region.append(i)
            k = i % width
            for j in (i - width, i + width, i - 1 if k else -1, i + 1 if k + 1 < width else -1):
                if 0 <= j < len(flat) and j not in seen and flat[j] not in filled:
                    seen.add(j)
                    stack.append(j)
        if len(region) == len(cells):
            return [board]
        found.append(region)
    parts = []
    for region in found:
        keep = set(region)
        top, bottom = min(region) // width, max(region) // width
        left, right = min(i % width for i in region), max(i % width for i in region)
        parts.append("|".join(
            "".join(flat[r * width + k] if r * width + k in keep else "#" for k in range(left, right + 1))
            for r in range(top, bottom + 1)
        ))
    return parts


class Domineering(cgt.Ruleset):
    """Left places a vertical domino, Right a horizontal one."""

    def __init__(self, split: bool = True) -> None:
        self.split = split

    def left_moves(self, board: str) -> Iterator[str]:
        grid = rows(board)
        for r in range(len(grid) - 1):
            for k in range(min(len(grid[r]), len(grid[r + 1]))):
                if grid[r][k] == "." and grid[r + 1][k] == ".":
                    yield "|".join(put(grid, [(r, k), (r + 1, k)], "#"))

    def right_moves(self, board: str) -> Iterator[str]:
        grid = rows(board)
        for r, row in enumerate(grid):
            for k in range(len(row) - 1):
                if row[k] == "." and row[k + 1] == ".":
                    yield "|".join(put(grid, [(r, k), (r, k + 1)], "#"))

    def components(self, board: str) -> List[str]:
        return regions(board, "#") if self.split else []


class Clobber(cgt.Ruleset):
    """Move a stone of yours onto an adjacent enemy stone (x Left, o Right)."""

    def moves(self, board: str, mine: str, theirs: str) -> Iterator[str]:
        grid = rows(board)
        for r, row in enumerate(grid):
            for k, c in enumerate(row):
                if c != mine:
                    continue
                for x, y in ((r + 1, k), (r - 1, k), (r, k + 1), (r, k - 1)):
                    if 0 <= x < len(grid) and 0 <= y < len(grid[x]) and grid[x][y] == theirs:
                        yield "|".join(put(put(grid, [(r, k)], "."), [(x, y)], mine))

    def left_moves(self, board: str) -> Iterator[str]:
        return self.moves(board, "x", "o")

    def right_moves(self, board: str) -> Iterator[str]:
        return self.moves(board, "o", "x")

    def components(self, board: str) -> List[str]:
        return regions(board, ".")


class Cutcake(cgt.Ruleset):
    """(rows, columns): Left cuts between columns, Right between rows;
    a position is a tuple of cakes."""

    def left_moves(self, cakes: Tuple[Tuple[int, int], ...]) -> Iterator[Tuple[Tuple[int, int], ...]]:
        for i, (m, n) in enumerate(cakes):
            for a in range(1, n):
                yield cakes[:i] + ((m, a), (m, n - a)) + cakes[i + 1:]

    def right_moves(self, cakes: Tuple[Tuple[int, int], ...]) -> Iterator[Tuple[Tuple[int, int], ...]]:
        for i, (m, n) in enumerate(cakes):
            for a in range(1, m):
                yield cakes[:i] + ((a, n), (m - a, n)) + cakes[i + 1:]

    def components(self, cakes: Tuple[Tuple[int, int], ...]) -> List[Tuple[Tuple[int, int], ...]]:
        return [(cake,) for cake in cakes]


class TopplingDominoes(cgt.Ruleset):
    """Topple one of your dominoes (l Left's, r Right's, e either's) left
    or right: it and every domino on that side fall."""

    def moves(self, row: str, mine: str) -> Iterator[str]:
        for i, c in enumerate(row):
            if c in mine:
                yield row[i + 1:]
                yield row[:i]

    def left_moves(self, row: str) -> Iterator[str]:
        return self.moves(row, "le")

    def right_moves(self, row: str) -> Iterator[str]:
        return self.moves(row, "re")


def dawson_options(n: int) -> List[Tuple[int, ...]]:
    """0.07: remove two tokens, leaving 0, 1 or 2 heaps."""
    return [(a, n - 2 - a) for a in range(n - 1)] if n >= 2 else []


class Dawson(cgt.ImpartialRuleset):
    """Dawson's Kayles (0.07) on a sorted tuple of heaps."""

    def moves(self, heaps: Tuple[int, ...]) -> Iterator[Tuple[int, ...]]:
        for i, n in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for option in dawson_options(n):
                yield tuple(sorted(rest + tuple(h for h in option if h)))

    def components(self, heaps: Tuple[int, ...]) -> List[Tuple[int, ...]]:
        return [(n,) for n in heaps]

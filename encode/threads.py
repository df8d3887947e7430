"""Which thread holds which element of a register tile, or writes which element of a copy's or
store's destination, for counterexample reports.

The answer comes from the tile's thread-value distribution (encode/distribution.py, the
one the rules quantify over and the lowering prints); this module only inverts it.
"""
from __future__ import annotations

from functools import lru_cache

from dsl import ir

from .distribution import Distribution, of_spec


@lru_cache(maxsize=64)
def _inverse(dist: Distribution) -> dict[int, tuple[int, int]]:
    out: dict[int, tuple[int, int]] = {}
    for t in range(dist.active_threads):
        for v in range(dist.values):
            e = dist.concrete(t, v)
            if e is not None:
                out.setdefault(e, (t, v))
    return out


def owner(tile: ir.TensorType | None, shape: tuple[int, ...], threads: int, coords: tuple[int, ...],
          consts: dict[str, int]) -> tuple[int, int]:
    """(thread, value index) holding `coords` of a tile distributed over `threads`."""
    e = 0
    for c, n in zip(coords, shape):
        e = e * n + c
    dist = of_spec(tile.layout if tile is not None else None, tuple(shape), threads, consts)
    return _inverse(dist).get(e, (e % threads, e // threads))


def writer(spec: ir.LayoutSpec | None, shape: tuple[int, ...], threads: int, tile: tuple[int, ...],
           consts: dict[str, int]) -> int | None:
    """The thread that writes element `tile` of a copy's or store's destination tile under the
    statement's distribution `spec`, or None when no thread does."""
    e = 0
    for c, n in zip(tile, shape):
        if not 0 <= c < n:
            return None
        e = e * n + c
    hit = _inverse(of_spec(spec, tuple(shape), threads, consts)).get(e)
    return None if hit is None else hit[0]

"""Reductions across the lanes of a warp, done with shuffles.

`r = sum(x, axis=a)` (or max, min) runs as a butterfly of shfl.xor steps when x's
distribution gives each output element's inputs to an aligned group of lanes of one
warp: every lane first combines its own values, then log2(G) exchanges leave every lane
of the group holding the group's result, and the owners of the output element (under
r's distribution) are lanes of that group. Decided by checking every thread and value
of both distributions; anything else is lowered as before (docs/LOWERING.md).
"""
from __future__ import annotations

from .distribute import Distribution

WARP = 32


def _out(d: Distribution, e: int, axis: int) -> tuple[int, ...]:
    coords = d.coords(e)
    return tuple(c for i, c in enumerate(coords) if i != axis)


def butterfly_width(x: Distribution, axis: int, target: Distribution) -> int | None:
    """G, the lanes that share one output element, when the reduction can be a butterfly
    of shuffles over G-lane groups (masks 1, 2, ..., G / 2); else None."""
    # the threads holding x are whole warps (a warp-specialised role's, or the block's)
    if not x.active_threads or x.active_threads % WARP or x.padded or target.shape != tuple(n for i, n in enumerate(x.shape) if i != axis):
        return None
    owner: list[tuple[int, ...]] = []            # the one output element each thread feeds
    for t in range(x.active_threads):
        outs = {_out(x, x.concrete(t, v), axis) for v in range(x.values)}
        if len(outs) != 1:
            return None
        owner.append(outs.pop())
    group = sum(1 for lane in range(WARP) if owner[lane] == owner[0])
    if group & (group - 1):
        return None
    for t in range(x.active_threads):
        members = {t ^ m for m in range(group)}
        same = {u for u in range(t - t % WARP, t - t % WARP + WARP) if owner[u] == owner[t]}
        if same != members:
            return None
        # the group's values are the whole reduced axis of its output element, each once
        elems = [x.concrete(u, v) for u in members for v in range(x.values)]
        if len(set(elems)) != len(elems) or len(elems) != x.shape[axis]:
            return None
    for t in range(target.active_threads):
        for v in range(target.values):
            e = target.concrete(t, v)
            if e is not None and (t >= len(owner) or target.coords(e) != owner[t]):
                return None
    return group


def thread_local(x: Distribution, axis: int, target: Distribution) -> bool:
    """Does each thread that holds values of `x` hold the whole reduced axis of exactly one
    output element, each element once, and own that output element wherever `target`
    gives it one? Then the reduction needs no lane exchange (no shuffle, no shared
    copy), even where only some threads run it: a role branch of a specialized block."""
    if x.padded or target.shape != tuple(n for i, n in enumerate(x.shape) if i != axis):
        return False
    owner: dict[int, tuple[int, ...]] = {}
    for t in range(x.active_threads):
        elems = [e for v in range(x.values) if (e := x.concrete(t, v)) is not None]
        outs = {_out(x, e, axis) for e in elems}
        if len(outs) != 1 or len(set(elems)) != len(elems) or len(elems) != x.shape[axis]:
            return False
        owner[t] = outs.pop()
    for t in range(target.active_threads):
        for v in range(target.values):
            e = target.concrete(t, v)
            if e is not None and owner.get(t) != target.coords(e):
                return False
    return True

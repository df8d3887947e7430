"""Which thread does a tile element: the inverse of a statement's thread-value distribution.

A write under a thread-dependent `if` happens for an element exactly when the thread
its distribution gives the element to satisfies the condition, so the data-flow model
needs that thread as a solver term of the element index. It is the left inverse of the
(thread, value) layout, checked against the layout's table on every slot it reaches:
a distribution where one element has several threads, or whose inverse is not a
layout, has no such term and stays `unknown`.
"""
from __future__ import annotations

from functools import lru_cache

import z3

from .distribution import Distribution, slot_table
from .layout import Layout, LayoutError, eval_symbolic, left_inverse, size
from .layout_core import flat_modes
from .symbols import Unsupported


def owner_thread(dist: Distribution, e):
    """The thread that does row-major element `e` (a solver term) of the tile, for every
    element some slot reaches (others are never written, whoever this names)."""
    return owner_slot(dist, e)[0]


def owner_slot(dist: Distribution, e) -> tuple:
    """(thread, value) terms of the slot that does row-major element `e` (a solver term):
    exact for every element some slot reaches; for any other, some slot, which the caller must
    check (`dist.element` of it is not `e`)."""
    inv = _inverse(dist.tv, dist.active_threads, dist.elements)
    if inv is None:
        raise Unsupported(f"a write under a thread-dependent condition needs one thread per element; "
                          f"the distribution {dist.label} has none or several for some element")
    threads = size(dist.tv[0])
    slot = eval_symbolic(inv, e)
    return (slot % threads, slot / threads) if threads > 1 else (z3.IntVal(0), slot)


@lru_cache(maxsize=256)
def _inverse(tv: Layout, active: int, elements: int) -> Layout | None:
    """left_inverse(tv) when it maps every reached element back to its only (t, v) slot."""
    try:
        inv = left_inverse(tv)
    except LayoutError:
        return None
    table = slot_table(tv)
    threads = size(tv[0])
    seen: dict[int, int] = {}
    for t in range(active):
        for v in range(table.shape[1]):
            e = int(table[t, v])
            if not 0 <= e < elements:
                continue
            if e in seen or e >= size(inv) or _eval(inv, e) != t + threads * v:
                return None
            seen[e] = t
    return inv


def _eval(layout: Layout, i: int) -> int:
    out = 0
    for n, d in flat_modes(layout):
        out += (i % n) * d
        i //= n
    return out

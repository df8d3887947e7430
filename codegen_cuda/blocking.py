"""Register blocking of the scalar `mma`: which operand values a thread can load once per
k step and reuse across its accumulator values.

A thread's accumulator values of a 2-D tile are register-blockable when their rows and
columns are the thread's first element's plus offsets that depend on the value only:
row(t, v) = row(t, 0) + dr[v] and col(t, v) = col(t, 0) + dc[v] for every thread t.
Then each k step loads one A value per distinct dr and one B value per distinct dc and
does every value's multiply-add from registers. Checked on every thread and value.
"""
from __future__ import annotations

from .distribute import Distribution

MAX_VALUES = 64      # accumulators this large still fit in registers beside their operands


def value_offsets(d: Distribution) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """(dr, dc): each value's row and column offset from the thread's value 0, when they
    are the same for every thread; else None."""
    if len(d.shape) != 2 or d.padded or d.values > MAX_VALUES:
        return None
    cols = d.shape[1]
    first = [divmod(d.concrete(t, 0), cols) for t in range(d.active_threads)]
    dr, dc = [], []
    for v in range(d.values):
        r, c = divmod(d.concrete(0, v), cols)
        dr.append(r - first[0][0])
        dc.append(c - first[0][1])
    for t in range(d.active_threads):
        r0, c0 = first[t]
        for v in range(d.values):
            if divmod(d.concrete(t, v), cols) != (r0 + dr[v], c0 + dc[v]):
                return None
    return tuple(dr), tuple(dc)

"""Where a tile's padding may lie at one iteration, for `mask(x, cond)` to drop it.

`mask(x, cond, fill=v)` replaces every element of x where cond fails; when each element of
x that may be padding fails cond, x's padding never reaches the result (encode/fill_rule.py).
`place` over-approximates those elements at the reader's instance, as a condition on the
tile coordinates `pad.c{d}` (the loop variables `v@pad` of that instance): the elements a
masked load from global memory of the same iteration puts past its tensor, followed through
elementwise math on tiles of one shape and through `mma` (a result element is padding only
where a's row or b's column is padding along all of k, or the accumulator is). Anything else
(several writers, a writer in another iteration or under a condition, shared memory, a
reduction, a broadcast) is None: not known, and the mask keeps x's padding.
"""
from __future__ import annotations

import z3

from dsl import ir

from . import program as prog
from dsl.pad_values import tile_names
from .symbols import mentions

MAX_DEPTH = 8


def place(pads, name: str, point, depth: int = 0):
    """A condition on `name`'s tile coordinates that holds at each element that may be padding
    when `point` reads it; False: no padding; None: not known."""
    df = pads.df
    writers = df.writers.get(name, [])
    if depth > MAX_DEPTH or df.kernel.param(name) is not None or len(writers) != 1:
        return None
    w = writers[0]
    s = w.stmt
    if isinstance(s, ir.Zeros) or (isinstance(s, ir.Load) and s.mask is None and
                                   df.kernel.param(s.src.tensor) is not None):
        return z3.BoolVal(False)       # zeros, an unmasked load from global memory: no padding at all
    depth_here = len(point.loops)
    if (w.guards or len(w.loops) != depth_here or prog.common_loops(w, point) != depth_here
            or not prog.before_in_body(w, point, depth_here)):
        return None
    if isinstance(s, ir.Load) and s.mask is not None and df.kernel.param(s.src.tensor) is not None:
        dims = pads.access_dims(s, point)
        if dims is None:
            return None
        return z3.Or(*[at for partial, _, at in dims if partial]) if any(d[0] for d in dims) else z3.BoolVal(False)
    if isinstance(s, ir.Compute):
        names = tile_names(s.value)
        if names is None or name in names:
            return None
        shape = df.shape(name)
        out = []
        for n in sorted(names):
            if df.shape(n) != shape:
                return None
            p = place(pads, n, point, depth + 1)
            if p is None:
                return None
            out.append(p)
        return z3.Or(*out) if out else z3.BoolVal(False)
    if isinstance(s, ir.Mma) and s.c != name:
        coords = [z3.Int(f"pad.c{d}") for d in range(2)]
        pa, pb, pc = (place(pads, n, point, depth + 1) for n in (s.a, s.b, s.c))
        if pa is None or pb is None or pc is None or mentions(pa, coords[1]) or mentions(pb, coords[0]):
            return None      # padding along k (or where it lies depends on k): not one place of the result
        return z3.Or(pa, pb, pc)
    return None

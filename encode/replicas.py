"""Tiles whose layout gives one element to several threads and whose value reads the
thread's own id (`m + thread.x` under `layout ((4, 32), 1):((1, 0), 1)`): each replica of
an element would hold another value, and which one a copy across threads, a warp
reduction or a store then takes is no rule's to say. Such a kernel is never proved
(held-out round 101: the lowering materialised the tile from all 32 owners of an element,
and the last writer's value reached the output)."""
from __future__ import annotations

from dsl import exprs, ir

from .distribution import of_spec
from .symbols import Unsupported

_THREAD = (ir.Builtin.THREAD_X, ir.Builtin.WARP, ir.Builtin.LANE)


def check(df, sink) -> None:
    k = df.env.kernel
    for p in df.points:
        s = p.stmt
        if not isinstance(s, ir.Compute):
            continue
        read = next((n.which.value for n in exprs.iter_nodes(s.value)
                     if isinstance(n, ir.BuiltinRef) and n.which in _THREAD), None)
        if read is None:
            continue
        try:
            dist = of_spec(s.target.layout, df.shape(s.target.name), k.threads, df.env.consts)
        except Unsupported:
            continue            # INIT reports the layout it cannot follow
        if not dist.injective:
            sink.unknown("RACE", s.span,
                         f"the layout of '{s.target.name}' gives an element to several threads, and its value "
                         f"reads {read}: each thread would hold another value of the same element")

"""Tiles whose layout gives one element to several threads and whose value reads the
thread's own id (`m + thread.x` under `layout ((4, 32), 1):((1, 0), 1)`), or that are
written under a condition on it: each replica of an element may hold another value, and
which one a copy across threads, a warp reduction or a store then takes is no rule's to
say. Such a kernel is never proved (held-out round 101: the lowering materialised the tile
from all 32 owners of an element, and the last writer's value reached the output; round
103: an update under `if thread.x >= 64` reached some owners only)."""
from __future__ import annotations

from dsl import exprs, ir

from .distribution import of_spec
from .symbols import Unsupported

_THREAD = (ir.Builtin.THREAD_X, ir.Builtin.WARP, ir.Builtin.LANE)


def check(df, sink) -> None:
    k = df.env.kernel
    for p in df.points:
        s = p.stmt
        target = getattr(s, "target", None)
        if not isinstance(s, (ir.Compute, ir.Load, ir.Zeros, ir.Mma)) or target is None:
            continue
        if isinstance(s, ir.Load) and s.wgmma:
            # a wgmma's operand read, every issuing thread reading the whole tile (dsl/wgmma.py):
            # the wgmma is run by exactly its warpgroups' threads (SYNC), the holders
            continue
        read = _thread_read(s.value) if isinstance(s, ir.Compute) else None
        under = next((g for g in p.guards if _thread_read(g.cond)), None)
        if read is None and under is None:
            continue
        try:
            dist = of_spec(target.layout, df.shape(target.name), k.threads, df.env.consts)
        except Unsupported:
            continue            # INIT reports the layout it cannot follow
        if dist.injective:
            continue
        if read is not None:
            sink.unknown("RACE", s.span,
                         f"the layout of '{target.name}' gives an element to several threads, and its value "
                         f"reads {read}: each thread would hold another value of the same element")
        else:
            # held-out round 103: `if thread.x >= 64: x = x * 2.0` updated some owners of each
            # row of x, and a sum over x's own values read a copy that was not
            sink.unknown("RACE", s.span,
                         f"the layout of '{target.name}' gives an element to several threads, and it is "
                         f"written under a condition on {_thread_read(under.cond)} (line {under.cond.span.line}): "
                         f"the threads holding one element may not all write it")


def _thread_read(e) -> str | None:
    return next((n.which.value for n in exprs.iter_nodes(e) if isinstance(n, ir.BuiltinRef) and n.which in _THREAD),
                None)

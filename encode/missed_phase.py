"""Missed phases of straight-line mbarriers: a wait that the next phase may overtake.

A `wait bar[x], p` returns once the completed-phase count φ of bar[x] has the parity
other than p. On an mbarrier used outside loops (its rounds are ordinals:
encode/mbarrier.py) an aligned wait that waits for phase q is live only if, when its
thread reaches it, φ <= q + 1: were phase q + 1 complete too, φ would have p's parity
again and the wait would block until phase q + 2, which may never come (a slow warp
misses the phase the others went through). So every thread running the wait must reach
it before some arrival of round q + 1 can run: the same thread runs that arrival later,
a block barrier lies between them, or an mbarrier hand-off orders them.

Like deadlock.py this is a liveness check: a SYNC finding when the order is missing,
nothing otherwise; its queries are over a symbolic thread, so it is never `unknown`
(an undecided query reports nothing). Mbarriers used in loops are left to the ring
protocols' own waits (an `empty` barrier keeps a producer from running two rounds ahead).
"""
from __future__ import annotations

import z3

from .findings import Finding, Operand
from .hb import At
from .memwitness import ModelView, thread_text
from .solver import Verdict as SV, find_model
from .terms import And, Or


def check(ctx) -> None:
    proto = ctx.protocol
    if proto is None:
        return
    for bar in proto.bars.values():
        if bar.why_not or any(s.loop is not None for s in bar.sites):
            continue
        for w in proto.waits(bar.name):
            nxt = [c for c in bar.completers
                   if c.kind != "tma" and c.shift == w.shift and c.ordinal == w.ordinal - proto.offset[id(w)] + 1]
            if nxt:
                found = _overtaken(ctx, proto, w, nxt)
                if found is not None:
                    ctx.sink.finding(_finding(ctx, proto, w, nxt, *found))
                    return


def _overtaken(ctx, proto, w, nxt):
    """(model, thread): a thread running w that no arrival of the next round must follow."""
    t = z3.Int("%t@miss")
    at_w = At(w.point, {}, t)
    ordered = []
    for c in nxt:
        u = z3.IntVal(c.threads[0])
        ordered += [And(proto.runs(c, {}, t), ctx.hb.before(at_w, At(c.point, {}, t))),
                    ctx.hb.separated(at_w, At(c.point, {}, u)),
                    proto.handoff(at_w, At(c.point, {}, u))]
    facts = list(ctx.env.facts) + [proto.runs(w, {}, t), z3.Not(Or(*ordered))]
    out = find_model(facts, ctx.opts.solver)
    if out.verdict is not SV.REFUTED:
        return None
    return out.model, out.model.eval(t, model_completion=True).as_long()


def _finding(ctx, proto, w, nxt, model, t: int) -> Finding:
    ws = ctx.target.warp_size
    mv = ModelView(ctx, model)
    q = w.ordinal - proto.offset[id(w)]
    x = f"{w.bar}[{w.shift}]"
    c = nxt[0]
    by = thread_text(c.threads[0], ws)
    msg = (f"the wait on {x} at line {w.point.span.line} may miss phase {q}: {thread_text(t, ws)} can reach it "
           f"after phase {q + 1} completed too (the {'expect_tx' if c.kind == 'expect' else 'arrive'} at line "
           f"{c.point.span.line}, by {by}, is not ordered after it), and the wait would then block until phase "
           f"{q + 2}")
    ops = (Operand(f"{x} wait at line {w.point.span.line} for phase {q}", (("thread", t), ("wait", 1), ("phase", q))),
           Operand(f"{x} round {q + 1} arrival at line {c.point.span.line}",
                   (("thread", c.threads[0]), ("wait", 0), ("round", q + 1))))
    hint = (f"put a block barrier between the wait and the arrivals of the next round, or hand the slot back "
            f"through another mbarrier before round {q + 1} starts")
    return Finding("SYNC", w.point.span, msg, mv.sizes(), mv.block(), t, (), (("phase", q),), ops, hint)

"""SYNC: every barrier is reached by all threads of a block or by none.

GPUVerify's check: two distinct symbolic threads at one symbolic iteration, one
reaches the barrier (its branch conditions hold, its loops run that iteration), the
other does not. Conditions that mention no thread builtin are uniform and need no query.
"""
from __future__ import annotations

import z3

from dsl import exprs, ir

from .access import enabled, loop_vars, point_thread_dependent
from .distribution import thread_bindings
from dsl.fmt import format_expr as expr_text
from .findings import Finding, Operand
from .memwitness import ModelView, iteration_text, thread_text
from .symbols import Unsupported
from .terms import And


def check(ctx) -> None:
    for p in ctx.df.points:
        if not isinstance(p.stmt, ir.Barrier):
            continue
        ctx.sink.obligation()
        if not point_thread_dependent(p):
            continue
        try:
            found = divergence(ctx, p)
        except Unsupported as u:
            ctx.sink.unknown("SYNC", u.span or p.span, u.reason)
            continue
        if found is not None:
            _report(ctx, p, *found)
    from .deadlock import check as check_deadlocks
    check_deadlocks(ctx)        # mbarrier waits that can never return (encode/deadlock.py)
    from .missed_phase import check as check_missed_phases
    check_missed_phases(ctx)    # straight-line waits the next phase may overtake (encode/missed_phase.py)
    from .mbar_balance import check as check_balance
    check_balance(ctx)          # rounds whose arrivals or bytes do not add up (encode/mbar_balance.py)


def divergence(ctx, p):
    """(model, loop variables, thread 1, thread 2): one thread reaches barrier p and another
    does not at the same iteration; None when every thread reaches it equally. Cached;
    an undecided query counts as divergence (the barrier then orders nothing)."""
    if p.path in ctx.divergence:
        return ctx.divergence[p.path]
    ws, env = ctx.target.warp_size, ctx.env
    loops = loop_vars(p, "i")
    t1, t2 = z3.Int("%t@1"), z3.Int("%t@2")
    b1 = {**loops, **thread_bindings(t1, ws)}
    b2 = {**loops, **thread_bindings(t2, ws)}
    threads = ctx.kernel.threads
    facts = [t1 >= 0, t1 < threads, t2 >= 0, t2 < threads, t1 != t2,
             And(*enabled(env, p, b1)), z3.Not(And(*enabled(env, p, b2)))]
    model = ctx.solve("SYNC", p.span, facts, list(loops.values()) + [t1, t2])
    found = None if model is None and not _undecided(ctx, p) else (model, loops, t1, t2, b1, b2)
    ctx.divergence[p.path] = found
    return found


def _undecided(ctx, p) -> bool:
    return any(u.rule == "SYNC" and u.span == p.span for u in ctx.sink.unknowns)


def _report(ctx, p, model, loops, t1, t2, b1, b2) -> None:
    if model is None:
        return
    ws = ctx.target.warp_size
    mv = ModelView(ctx, model)
    x1, x2 = mv.int(t1), mv.int(t2)
    it = mv.loops(p, loops)
    cause = _cause(ctx, p, mv, b1, b2)
    msg = (f"barrier under divergent control flow: {thread_text(x1, ws)} reaches it{iteration_text(it)} "
           f"but {thread_text(x2, ws)} does not")
    related = ((cause[0], f"{cause[1]} differs between the two threads"),) if cause else ()
    ops = (Operand(f"{thread_text(x1, ws)} reaches the barrier", (("thread", x1), ("reaches", 1))),
           Operand(f"{thread_text(x2, ws)} skips it", (("thread", x2), ("reaches", 0))))
    hint = ("move the barrier out of the thread-dependent branch or loop; every thread of the block must "
            "reach each barrier equally often")
    ctx.sink.finding(Finding("SYNC", p.span, msg, mv.sizes(), mv.block(), x1, it, (), ops, hint, related))


def _cause(ctx, p, mv: ModelView, b1: dict, b2: dict):
    """The branch condition or loop bound on which the two threads disagree."""
    env = ctx.env
    for loop in p.loops:
        for e in (loop.start, loop.stop):
            if exprs.mentions_thread(e) and mv.int(env.term(e, b1)) != mv.int(env.term(e, b2)):
                return loop.span, f"the bound `{expr_text(e)}` of the loop over {loop.var}"
    for g in p.guards:
        if exprs.mentions_thread(g.cond) and mv.true(env.cond(g.cond, b1)) != mv.true(env.cond(g.cond, b2)):
            return g.cond.span, f"the condition `{expr_text(g.cond)}`"
    return None

"""Missed phases of mbarriers: a wait that the next phase may overtake.

A `wait bar[x], p` returns once the completed-phase count φ of bar[x] has the parity
other than p. An aligned wait that waits for phase q (encode/mbarrier.py) is live only if,
when its thread reaches it, φ <= q + 1: were phase q + 1 complete too, φ would have p's
parity again and the wait would block until phase q + 2, which may never come (a slow warp
misses the phase the others went through: one `full` barrier for a two-slot ring, an
observer warp that never releases a slot). So every thread running the wait must reach it
before some arrival of round q + 1 can run: the same thread runs that arrival later, a
block barrier lies between them, or an mbarrier hand-off orders them (an `empty` slot; a
bulk copy the waiting thread issues counts, its phase completing only once it landed:
held-out round 49 split expect_tx and copy over two lanes and was refuted).

Like deadlock.py this is a liveness check: a SYNC finding when the order is missing,
nothing otherwise (an undecided query reports nothing). Also here: a straight-line wait
for a round short of its count never returns, and an untrusted mbarrier's waits leave SYNC
`unknown` (whether they return is not checked).
"""
from __future__ import annotations

import z3

from dsl.fmt import format_expr

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
        if bar.why_not:
            # its waits order nothing, and whether they return is not checked either: never a
            # silent pass (held-out round 45: a warp arriving twice before its waits, which can
            # hang, proved; no data rode on the barrier)
            waits = [s for s in bar.sites if s.kind == "wait"]
            if waits:
                # a wait of no known phase is the likelier root of a derived distrust (held-out
                # round 131: `wait full[k % 3], k % 2` read as "the expect_tx may start round
                # r + 1 before phase r", nothing naming the parity)
                odd = [w for w in waits if id(w) in proto.misaligned and id(w) not in proto.gapped]
                also = f"; {_why_unaligned(proto, bar, odd[0])}" if odd and bar.derived else ""
                ctx.sink.unknown("SYNC", (odd[0] if also else waits[0]).point.span,
                                 f"whether the waits on {bar.name} return is not known: {bar.name} orders nothing: "
                                 f"{bar.why_not}{also}")
            continue
        unaligned = proto.unaligned(bar.name)
        if unaligned:
            # no phase is known for them, so neither this check nor the deadlock graph sees
            # them: never a silent pass (held-out round 46: parities N % 2, block.x and an
            # input's element waited for a phase no arrival makes, and proved)
            w = next((w for w in unaligned if id(w) in proto.misaligned), unaligned[0])
            ctx.sink.unknown("SYNC", w.point.span, f"whether the waits on {bar.name} return is not known: "
                             + _why_unaligned(proto, bar, w))
        for w in proto.waits(bar.name):
            if never_returns(proto, bar, w):
                ctx.sink.finding(_never(ctx, proto, bar, w))
                return
            found = _overtaken(ctx, proto, w, bar.completers)
            if found is not None:
                ctx.sink.finding(_finding(ctx, proto, w, *found))
                return


def never_returns(proto, bar, w) -> bool:
    """A straight-line wait, on a trusted mbarrier, for a phase no round completes (its
    arrivals stop short): reported as a deadlock, and what follows it in its thread never runs."""
    return w.loop is None and bool(bar.complete) and not bar.why_not \
        and w.ordinal - proto.offset[id(w)] >= bar.complete.get(w.shift, 0)


def _why_unaligned(proto, bar, w) -> str:
    where = f"the wait on {bar.name}[{w.shift}] at line {w.point.span.line}" if not w.ring else \
        f"the wait at line {w.point.span.line}"
    if id(w) in proto.gapped:
        return (f"{where} sits under a condition on {w.loop.var} that skips it in some iteration before others "
                "that run it, so its parity does not tell which phase it waits for (it may be an earlier "
                "phase's)")
    if id(w) not in proto.misaligned:
        return (f"the phases the waits on {bar.name}[{w.shift}] claim fall along a thread's waits (a later wait "
                "claims an earlier phase), so none of them is known to wait for a fixed phase")
    if w.ordinal < 0:
        return f"the threads of {where} ran different numbers of waits on the element before it"
    rounds = ""
    if w.ring and w.loop is not None:
        start = format_expr(w.loop.start)
        k = w.loop.var if start == "0" else f"({w.loop.var} - {start})"
        rounds = (f"; its round on a ring of {bar.size} is {k} / {bar.size}, whose phase has parity "
                  f"`({k} / {bar.size}) % 2` (`({k} / {bar.size} + 1) % 2` for a free first wait)")
    return (f"{where} has parity {format_expr(w.point.stmt.parity)}, which is not that of a fixed phase "
            "offset of its round (its thread's earlier waits on the element), so which phase it waits for "
            f"is not known{rounds}")


def _overtaken(ctx, proto, w, completers):
    """(model, thread, loop values, next-round completer): an instance of wait w that no
    instance of the round after its phase (on its element) must follow; None if every one
    must (or the query is undecided)."""
    loops = {w.loop.var: z3.Int(f"{w.loop.var}@miss")} if w.loop is not None else {}
    t = z3.Int("%t@miss")
    at_w = At(w.point, loops, t)
    x, q = proto.element(w, loops), proto.round(w, loops) - proto.offset[id(w)]
    needed, ordered, named = [], [], []
    for c in (c for c in completers if c.threads):       # a statement no thread runs arrives never
        l2, exists = proto.instance_of_round(c, x, q + 1)
        here = And(exists, ctx.df.loop_domain(c.point, l2), proto.when(c, l2), proto.element(c, l2) == x)
        on_x = z3.BoolVal(True) if c.ring else x == c.shift
        if c.kind != "tma":
            # phase q + 1 completes only with every arrival of its round: a statement in a loop
            # takes part in each round its loop reaches (outside loops, in the one of its ordinal)
            if c.loop is not None:
                needed.append(z3.Implies(on_x, here))
            named.append((c, l2, here))
        u = z3.IntVal(c.threads[0])
        at_c = At(c.point, l2, u)
        ordered.append(And(here, Or(And(proto.runs(c, l2, t), ctx.hb.before(at_w, At(c.point, l2, t))),
                                    ctx.hb.separated(at_w, at_c), proto.handoff(at_w, at_c, copies=True))))
    if not named:
        return None
    facts = list(ctx.env.facts) + [ctx.df.loop_domain(w.point, loops), proto.runs(w, loops, t), q >= -1,
                                   *needed, z3.Or(*[h for _, _, h in named]), z3.Not(Or(*ordered))]
    out = find_model(facts, ctx.opts.solver)
    if out.verdict is not SV.REFUTED:
        return None
    m = out.model
    at = {k: m.eval(v, model_completion=True).as_long() for k, v in loops.items()}
    c, l2 = next(((c, l2) for c, l2, h in named if z3.is_true(m.eval(h, model_completion=True))), named[0][:2])
    it2 = {k: m.eval(v, model_completion=True).as_long() for k, v in l2.items()}
    return m, m.eval(t, model_completion=True).as_long(), at, c, it2, m.eval(q, model_completion=True).as_long()


def _finding(ctx, proto, w, model, t: int, at: dict, c, it2: dict, q: int) -> Finding:
    ws = ctx.target.warp_size
    mv = ModelView(ctx, model)
    x = f"{w.bar}[{mv.int(proto.element(w, {k: z3.IntVal(v) for k, v in at.items()}))}]"
    where = "".join(f" ({k} = {v})" for k, v in at.items())
    where2 = "".join(f" ({k} = {v})" for k, v in it2.items())
    by = thread_text(c.threads[0], ws)
    verb = {"expect": "expect_tx", "arrive": "arrive"}[c.kind]
    msg = (f"the wait on {x} at line {w.point.span.line}{where} may miss phase {q}: {thread_text(t, ws)} can reach "
           f"it after phase {q + 1} completed too (the {verb} at line {c.point.span.line}{where2}, by {by}, is not "
           f"ordered after it), and the wait would then block until phase {q + 2}")
    ops = (Operand(f"{x} wait at line {w.point.span.line}{where} for phase {q}",
                   (("thread", t), ("wait", 1), ("phase", q))),
           Operand(f"{x} round {q + 1} arrival at line {c.point.span.line}{where2}",
                   (("thread", c.threads[0]), ("wait", 0), ("round", q + 1))))
    hint = (f"make the arrivals of the next phase wait for this one: a block barrier between, or an arrive on "
            f"another mbarrier after the wait that the next round's arriving thread waits for (an `empty` slot)")
    return Finding("SYNC", w.point.span, msg, mv.sizes(), mv.block(), t, tuple(sorted(at.items())),
                   (("phase", q),), ops, hint)


def _never(ctx, proto, bar, w) -> Finding:
    """A straight-line wait for a phase no round completes: its arrivals stop short."""
    ws = ctx.target.warp_size
    q, x = w.ordinal - proto.offset[id(w)], w.shift
    short = sum(len(c.threads) for c in bar.completers if c.kind != "tma" and c.shift == x and c.ordinal == q)
    t = w.threads[0]
    out = find_model(list(ctx.env.facts), ctx.opts.solver)
    mv = ModelView(ctx, out.model) if out.verdict is SV.REFUTED else None
    msg = (f"deadlock: the wait on {bar.name}[{x}] at line {w.point.span.line} waits for phase {q} of "
           f"{bar.name}[{x}], which never completes: {short} of its {bar.count} arrival(s) are made")
    ops = (Operand(f"{bar.name}[{x}] wait at line {w.point.span.line} for phase {q}",
                   (("thread", t), ("wait", 1), ("phase", q))),)
    hint = (f"make the arrivals of each phase add up to the count {bar.count} (or initialise {bar.name} with the "
            "number of arrivals made)")
    return Finding("SYNC", w.point.span, msg, mv.sizes() if mv else (), mv.block() if mv else (), t, (),
                   (("phase", q),), ops, hint)


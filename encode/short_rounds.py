"""Short rounds of mbarriers at any size: a wait for a phase that one arrival statement of
its element never reaches, its loop ending first; a bulk copy whose phase no wait reaches.

The deadlock graph (encode/deadlock.py) is built at a few concrete sizes; two arrival loops
whose trip counts agree there and differ elsewhere (`K / 32` and `(K + 16) / 32` rounds,
equal at K = 32 and 128, one short at K = 48: held-out round 47) pass it. Here one query per
wait and arrival statement asks for a wait instance, at any sizes the assumptions allow,
whose phase the statement has no instance of. A model is a real hang: the phase's arrivals
stay short of the count (the protocol's static check counts every statement in every round).
Likewise one query per bulk-copy statement asks for an instance whose phase no wait
statement has an instance for, its loop ending first: the copy may outlive the block.
"""
from __future__ import annotations

import z3

from .findings import Finding, Operand
from .mbar_rounds import VERB
from .memwitness import ModelView
from .minimize import minimize_model
from .solver import Verdict as SV, find_model


def short_round(ctx, proto) -> Finding | None:
    """A wait for a phase that one arrival statement of its element never reaches, its loop
    ending first, at any sizes the assumptions allow (held-out round 47: warps looping K / 32
    and (K + 16) / 32 times on one mbarrier, equal at the sizes the graph is built at, one
    round short at K = 48). Straight-line mbarriers are missed_phase's (_never)."""
    env = ctx.env
    for bar in proto.bars.values():
        if bar.why_not or all(s.loop is None for s in bar.sites):
            continue
        for w in proto.waits(bar.name):
            loops = {w.loop.var: z3.Int(f"{w.loop.var}@short")} if w.loop is not None else {}
            t = z3.Int("%t@short")
            x, q = proto.element(w, loops), proto.round(w, loops) - proto.offset[id(w)]
            for c in bar.completers:
                if not c.threads or c.peeled:
                    continue        # a statement no thread runs, or a prologue: the loop statement's
                l2, _ = proto.instance_of_round(c, x, q)
                # a round whose instance of c is past its loop's end, or skipped by its iteration
                # conditions (`if k + 2 < n:` around a prefetch), is short; one before the loop's
                # start is a prologue's statement, which runs whatever the conditions say
                # (held-out round 129: `if k >= 0 and k + 1 < n:` was a deadlock at k = -1)
                missing = q != c.ordinal if c.loop is None else \
                    z3.Or(l2[c.loop.var] >= env.term(c.loop.stop, {}),
                          z3.And(l2[c.loop.var] >= env.term(c.loop.start, {}), z3.Not(proto.when(c, l2))))
                # an element c never uses (a ping-pong consumer's other slot) has no round of c
                used = proto.uses.get(c.point.path, frozenset(range(bar.size)))
                facts = list(env.facts) + [ctx.df.loop_domain(w.point, loops), proto.runs(w, loops, t), q >= 0,
                                           z3.Or(*[x == v for v in sorted(used)]) if c.ring else x == c.shift,
                                           missing]
                out = find_model(facts, ctx.opts.solver)
                if out.verdict is not SV.REFUTED:
                    continue
                objectives = [v for _, v in sorted(env.sizes.items())] + list(loops.values()) + [t]
                best = minimize_model(facts, objectives, ctx.opts.solver, start=out.model)
                return _short_finding(ctx, proto, bar, w, c, loops, t, x, q,
                                      ModelView(ctx, best.model if best.verdict is SV.REFUTED else out.model))
    return None


def _short_finding(ctx, proto, bar, w, c, loops, t, x, q, mv: ModelView) -> Finding:
    it = tuple((k, mv.int(v)) for k, v in loops.items())
    where = "".join(f" ({k}={v})" for k, v in it)
    xe, qe, te = mv.int(x), mv.int(q), mv.int(t)
    why = (f"the {VERB[c.kind]} at line {c.point.span.line} has no round {qe}" +
           (f": its loop over {c.loop.var} ends first" if c.loop is not None else ": it runs once"))
    msg = (f"deadlock: the wait on {bar.name}[{xe}] at line {w.point.span.line}{where} waits for phase {qe} of "
           f"{bar.name}[{xe}], which never completes: {why}")
    ops = (Operand(f"{bar.name}[{xe}] wait at line {w.point.span.line}{where} for phase {qe}",
                   (("thread", te), ("wait", 1), ("phase", qe))),)
    return Finding("SYNC", w.point.span, msg, mv.sizes(), mv.block(), te, it, (("phase", qe),), ops,
                   same_trips_hint(bar.name))


def same_trips_hint(bar: str) -> str:
    """The hint of a wait for a phase that the arrivals, too few or cut short, never make."""
    return (f"every statement that arrives on {bar} must run as many rounds as the waits wait for: "
            "give their loops the same trip count")


def unwaited_copy(ctx, proto) -> Finding | None:
    """A bulk copy instance, at any sizes the assumptions allow, whose phase no wait on its
    element waits for (nor a later phase: a wait's instances on an element are consecutive
    rounds, so one past the loop's end has no later one either). Held-out round 49: a
    producer looping (K + 16) / 32 times and consumers K / 32 times, equal at the sizes the
    deadlock graph is built at, left one copy unwaited at K = 48. A wait whose round-r
    instance would come before its loop starts is taken to cover r (its first instance
    waits for a later phase): that may miss a copy, never invent one."""
    env = ctx.env
    for bar in proto.bars.values():
        if bar.why_not or proto.unaligned(bar.name):
            continue
        waits = [w for w in proto.waits(bar.name) if w.threads]
        if all(s.loop is None for s in bar.sites):
            continue        # no size changes its rounds: the deadlock graph's
        for c in bar.sites:
            if c.kind != "tma" or not c.threads:
                continue
            # a straight-line copy too: a prologue's, whose wait loop may run no iteration
            # (held-out round 51: consumers looping K / 32 times left it unwaited at K = 16)
            loops = {c.loop.var: z3.Int(f"{c.loop.var}@unwaited")} if c.loop is not None else {}
            t = z3.Int("%t@unwaited")
            x, r = proto.element(c, loops), proto.round(c, loops)
            facts = list(env.facts) + [ctx.df.loop_domain(c.point, loops), proto.runs(c, loops, t)]
            for w in waits:
                facts.append(z3.Not(_covers(env, proto, w, x, r)))
            out = find_model(facts, ctx.opts.solver)
            if out.verdict is not SV.REFUTED:
                continue
            objectives = [v for _, v in sorted(env.sizes.items())] + list(loops.values()) + [t]
            best = minimize_model(facts, objectives, ctx.opts.solver, start=out.model)
            mv = ModelView(ctx, best.model if best.verdict is SV.REFUTED else out.model)
            it = tuple((v, mv.int(term)) for v, term in loops.items())
            xe, re_, te = mv.int(x), mv.int(r), mv.int(t)
            where = "".join(f" ({v}={k})" for v, k in it)
            msg, hint = unwaited_text(c.point.stmt.dst.tensor, f"line {c.point.span.line}{where}", bar.name, xe, re_)
            op = Operand(f"{bar.name}[{xe}] tma_load at line {c.point.span.line}"
                         + "".join(f" in iteration {v} = {k}" for v, k in it), (("thread", te), ("wait", 0), ("round", re_)))
            return Finding("ASYNC", c.point.span, msg, mv.sizes(), mv.block(), te, it, (("phase", re_),), (op,), hint)
    return None


def _covers(env, proto, w, x, r):
    """Wait statement w has an instance on element x for phase r or a later one."""
    d = proto.offset[id(w)]
    if w.loop is None:
        return z3.And(x == w.shift, w.ordinal - d >= r)
    l2, exists = proto.instance_of_round(w, x, r + d)
    return z3.And(exists, l2[w.loop.var] < env.term(w.loop.stop, {}), proto.when(w, l2))


def unwaited_text(dst: str, where: str, bar: str, x: int, r: int) -> tuple[str, str]:
    """The message and hint of a bulk copy whose phase no thread waits for."""
    msg = (f"the bulk copy into {dst} at {where} completes phase {r} of {bar}[{x}], which no thread waits "
           f"for: the block may exit while the copy still writes {dst} (shared memory that the next block "
           f"on the multiprocessor may own) and counts bytes on {bar}[{x}]")
    hint = ("wait for the phase of every bulk copy before the block exits, or issue no copy that nothing "
            "reads (a prefetch past the last tile)")
    return msg, hint

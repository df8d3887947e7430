"""ASYNC, WAR and RACE for bulk (TMA) copies: landings against every other access.

A bulk copy instance and another access of one shared element must be ordered one way
or the other: the copy has landed and its mbarrier phase was waited for before the
access (`Protocol.landed`), or the access happened before the copy was issued (program
order of one thread, a block barrier, or an mbarrier hand-off from the accessing thread
to the issuing one). Real time is not program order across roles, so both directions
are queried; the iteration values only name the finding (ASYNC: the read comes in the
copy's iteration or later; WAR: earlier).
"""
from __future__ import annotations

import z3

from dsl import ir
from dsl.fmt import format_expr

from .elem_reads import depends_on_opaque, holds_for_any_opaque
from .findings import Finding
from .hb import At
from .memwitness import ModelView, access_operand, element_text, iteration_text, thread_text
from .race import _pair
from .solver import Verdict as SV, find_model
from .symbols import Unsupported
from .terms import And, Or


def check(ctx) -> None:
    shared = [a for a in ctx.accesses if a.space is ir.Space.SHARED]
    for a in (x for x in shared if x.tma and x.write):
        for b in shared:
            if b.tensor != a.tensor or (b.tma and b.index < a.index):
                continue
            try:
                _pair_check(ctx, a, b)
            except Unsupported as u:
                ctx.sink.unknown("ASYNC" if not b.write else "RACE", u.span or b.span, u.reason)


def _before_issue(ctx, proto, b: At, a: At):
    """Access instance b happened before the bulk copy instance a was issued."""
    hb = ctx.hb
    return Or(And(b.thread == a.thread, hb.before(b, a)),
                 And(hb.before(b, a), hb.separated(b, a)),
                 proto.handoff(b, a))


def _ordered(ctx, proto, a, ia, b, ib):
    at_a, at_b = At(a.point, ia.loops, ia.t), At(b.point, ib.loops, ib.t)
    site_a = proto.site_of[a.point.path]
    out = [proto.landed(site_a, at_a, at_b)]
    if b.tma:
        out.append(proto.landed(proto.site_of[b.point.path], at_b, at_a))
    else:
        out.append(_before_issue(ctx, proto, at_b, at_a))
    return Or(*out)


def _pair_check(ctx, a, b) -> None:
    if ctx.protocol is None:
        raise Unsupported("a bulk copy needs an mbarrier", a.span)
    ia, ib = _instances(ctx, a, b)

    def facts(proto):
        out = ia.facts + ib.facts + [ia.same, z3.Not(_ordered(ctx, proto, a, ia, b, ib))]
        if a is b:
            out.append(Or(ia.t != ib.t, *[ia.loops[v] != ib.loops[v] for v in ia.loops]))
        return out
    # the element last: left to the model it followed Z3's term ids, which depend on what the
    # process built before (bad_early_release's sA[0, 4, 0] for sA[0, 0, 0] in one test order)
    small = list(ia.loops.values()) + list(ib.loops.values()) + [ia.t, ib.t] + list(ia.coords)
    if b.write:
        _query(ctx, "RACE", ia, ib, facts, [], small)
        return
    later = _later_or_same(ctx, ia, ib)
    _query(ctx, "ASYNC", ia, ib, facts, [later], small)
    _query(ctx, "WAR", ia, ib, facts, [z3.Not(later)], small)


def _instances(ctx, a, b):
    ia, ib, same = _pair(ctx, a, b)
    ia.same = same
    return ia, ib


def _later_or_same(ctx, ia, ib):
    """Names the finding only: does the read come in the copy's iteration or after it?"""
    la, lb = list(ia.loops.values()), list(ib.loops.values())
    if la and lb:
        return la[-1] <= lb[-1]
    return ctx.hb.before(At(ia.point, ia.loops, ia.t), At(ib.point, ib.loops, ib.t))


def _query(ctx, rule, ia, ib, facts, extra, small) -> None:
    if not ctx.wants(rule):
        return
    ctx.sink.obligation()
    model = ctx.solve(rule, ib.access.span, facts(ctx.protocol) + extra, small)
    if model is not None:
        _report(ctx, rule, ia, ib, ModelView(ctx, model), lambda: _stands_trusted(ctx, facts, extra, small))


def _stands_trusted(ctx, facts, extra, small):
    """A witness of the finding with every mbarrier trusted, minimised as ctx.solve's are;
    None where there is none or the solver cannot tell. One that stands is a root of its own,
    reported at this witness: the first model, of the query that distrusts a barrier, may
    sit at sizes or iterations where the trusted barrier orders the pair, so it need not
    happen. One that does not stand is grouped under the finding that explains the distrust
    (held-out round 48: a consumer's parity one phase behind was listed third, under two
    races that only the distrust made)."""
    base = list(ctx.env.facts) + facts(ctx.protocol.trusting()) + extra
    out = find_model(base, ctx.opts.solver)
    if out.verdict is not SV.REFUTED:
        return None
    if ctx.env.has_opaque() and depends_on_opaque(base) is not None and \
            not holds_for_any_opaque(base, out.model, ctx.opts.solver):
        return None           # this witness needs an opaque value: the finding is no root of its own
    return ctx.minimal(base, out.model, small, start=out.model)


def _report(ctx, rule, ia, ib, mv: ModelView, stands) -> None:
    """`stands`: _stands_trusted of the finding, asked only where its copy's array is untrusted;
    where it gives a witness, the report is that witness's."""
    ws, proto = ctx.target.warp_size, ctx.protocol
    a, b = ia.access, ib.access
    site = proto.site_of[a.point.path]
    bar = proto.bars[site.bar]
    root = False
    if bar.why_not and _rounds_counted(proto, site.bar, mv.int(ib.t)):
        trusted = stands()
        if trusted is not None and _rounds_counted(proto, site.bar, ModelView(ctx, trusted).int(ib.t)):
            mv, root = ModelView(ctx, trusted), True
    ta, tb = mv.int(ia.t), mv.int(ib.t)
    el = element_text(a.tensor, mv.coords(ia.coords))
    la, lb = mv.loops(a.point, ia.loops), mv.loops(b.point, ib.loops)
    x, r = mv.int(proto.element(site, ia.loops)), mv.int(proto.round(site, ia.loops))
    copy = (f"the tma_load at line {a.span.line}{iteration_text(la)} (issued by {thread_text(ta, ws)}) "
            f"completes on {site.bar}[{x}] in phase {r}")
    unordered, disorders = "", ()
    if root:
        # the finding stands with every barrier trusted, whose rounds the model counts as the
        # kernel does: a wait of the wrong phase or a missing wait, the root of the distrust
        # that _lemma derived
        behind = _behind_wait(proto, site.bar, tb)
        note = "" if behind is None else (
            f"; the wait at line {behind.point.span.line} returns once the phase before its round completed "
            f"(its parity {format_expr(behind.point.stmt.parity)} is that of phase round - 1), so it does not "
            f"wait for this copy")
        disorders = tuple(n for n, y in proto.bars.items() if y.derived)
    elif bar.why_not:
        # it needs the distrust, or the rounds the model counts: a finding only under a root
        # that explains the distrust, else unknown (encode/rootcause.unexplained)
        note = f"; {site.bar} orders nothing: {bar.why_not}"
        unordered = site.bar
    else:
        note = _wait_note(proto, site.bar)
    if rule == "ASYNC":
        msg = (f"{thread_text(tb, ws)} reads {el}{iteration_text(lb)} before the bulk copy filling it is known "
               f"to have landed: {copy}, and no wait of this thread for that phase precedes the read{note}")
        hint = f"wait on {site.bar}[{x}] with the parity of phase {r} ({r % 2}) before reading the slot"
    elif rule == "WAR":
        msg = (f"{copy} and may overwrite {el} while {thread_text(tb, ws)} still reads it{iteration_text(lb)} "
               f"(line {b.span.line}): no arrive after the read hands the slot back to the issuing thread{note}")
        hint = "arrive on the slot's 'empty' mbarrier after the last read of the slot, and wait on it before refilling"
    else:
        msg = (f"data race on {el}: {thread_text(tb, ws)} writes it{iteration_text(lb)} (line {b.span.line}, "
               f"{b.verb}) while {copy}{note}")
        hint = "issue each bulk copy from one thread, and order writes of a slot through its mbarriers"
    related = ((a.span, f"{thread_text(ta, ws)} issues the bulk copy into {el} here{iteration_text(la)}"),)
    ops = (access_operand(mv, ia), access_operand(mv, ib))
    ctx.sink.finding(Finding(rule, b.span, msg, mv.sizes(), mv.block(), tb, lb, (), ops, hint, related,
                             unordered=unordered, disorders=disorders))


def _rounds_counted(proto, bar: str, thread: int) -> bool:
    """Whether the trusted model's rounds are the kernel's: no barrier is distrusted for its
    arrivals or bytes (a prologue or two loops make rounds the model miscounts), and every
    wait of the reading thread on `bar` has a known phase (held-out round 51: a consumer's
    peeled first round left its loop's waits of no known phase, and a race stood), unless the
    kernel's own condition skips its earlier instances (a gap the kernel made, not the model)."""
    return all(y.derived for y in proto.bars.values() if y.why_not) and \
        not any(thread in w.threads for w in proto.unaligned(bar) if id(w) not in proto.gapped)


def _behind_wait(proto, bar: str, thread: int):
    """The reading thread's aligned wait on `bar` that claims the phase before its round."""
    return next((w for w in proto.waits(bar) if thread in w.threads and proto.offset[id(w)] == 1), None)


def _wait_note(proto, bar: str) -> str:
    odd = proto.unaligned(bar)
    if not odd:
        return ""
    w = odd[0]
    return (f"; the wait at line {w.point.span.line} waits on a parity that is not that of a fixed phase "
            f"of its rounds, so it orders nothing")

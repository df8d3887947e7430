"""RACE, WAR and ASYNC: two accesses to one shared address that nothing orders.

GPUVerify style: two symbolic instances (threads, values, iterations) of two accesses
and a query for a collision the happens-before model does not order; `rule_of` says which
rule an (earlier, later) pair belongs to (docs/MEMORY_MODEL.md has the table).
"""
from __future__ import annotations

import z3

from dsl import exprs, ir

from .access import instantiate, loop_vars
from .findings import Finding
from .hb import At
from .solver import Verdict as SV, find_model
from .memwitness import ModelView, access_operand, element_text, iteration_text, thread_text
from .missed_phase import never_returns
from .symbols import Unsupported
from .terms import And


def check(ctx) -> None:
    shared = [a for a in ctx.accesses if a.space is ir.Space.SHARED]
    for a in shared:
        for b in shared:
            if a.tensor != b.tensor or not (a.write or b.write) or a.tma or b.tma:
                continue                     # bulk copies: encode/tma_rule.py
            try:
                if a.point is b.point and (a.write if a is b else a.index < b.index):
                    check_same_instance(ctx, a, b)
                check_ordered(ctx, a, b)
            except Unsupported as u:
                ctx.sink.unknown(rule_of(a, b), u.span or b.span, u.reason)


def rule_of(a, b) -> str:
    """The rule of an earlier access a and a later access b: an async copy then a read is ASYNC,
    then a write RACE; a synchronous write then anything is RACE; a read then a write is WAR."""
    if a.is_async:
        return "RACE" if b.write else "ASYNC"
    return "RACE" if a.write else "WAR"       # a read in flight (an async copy's source) too


def _pair(ctx, a, b):
    ia = instantiate(ctx.df, a, "1", ctx.target.warp_size)
    ib = instantiate(ctx.df, b, "2", ctx.target.warp_size)
    return ia, ib, same_address(ctx, a.tensor, ia.coords, ib.coords)


def same_address(ctx, tensor: str, ca, cb):
    """The fact that coordinates `ca` and `cb` of `tensor` name one address: equal coordinates
    where the layout gives every element its own (a global tensor is row-major), else equal
    offsets under the shared layout (a swizzle or a broadcast may map two elements to one)."""
    lay = ctx.shared.get(tensor)
    if lay is None or lay.injective:
        return And(*[x == y for x, y in zip(ca, cb)])
    oa, fa = lay.offset(ca, "1")
    ob, fb = lay.offset(cb, "2")
    return And(oa == ob, *fa, *fb)


def check_same_instance(ctx, a, b) -> None:
    """Two threads collide inside one instance of one statement (e.g. two write one element)."""
    if not ctx.wants("RACE"):
        return
    ctx.sink.obligation()
    if a is b and own_addresses(ctx, a):
        return
    ia, ib, same = _pair(ctx, a, b)
    facts = ia.facts + ib.facts + [same, ia.t != ib.t]
    facts += [ia.loops[v] == ib.loops[v] for v in ia.loops]
    model = ctx.solve("RACE", b.span, facts, list(ia.loops.values()) + [ia.t, ib.t])
    if model is not None:
        # one statement's two threads: no barrier can come between them, the distribution is
        # the fault (held-out round 30: the hint said to put a barrier there)
        hint = ("the statement's layout gives this element to two threads: correct the layout (docs/LAYOUT.md) "
                "so that each element has one thread") if a.write and b.write else (
                "one thread reads what another writes in the same statement: write into another buffer, or "
                "split the statement with a barrier between its read and its write")
        _report(ctx, "RACE", ia, ib, ModelView(ctx, model), "in the same statement", hint)


def own_addresses(ctx, a) -> bool:
    """No two threads touch one address in one instance of access `a`, by compile-time facts
    (no query): its distribution gives every (thread, value) slot its own tile element
    (Distribution.injective, evaluated over the slots), its subscripts do not depend on the
    thread (both threads' slices start at one place, as their iterations are equal) and the
    layout gives every element its own address. The query would be unsat; it was 0.4 of
    gemm_pipelined's 1.1 CPU s (distributions with div and mod on the thread)."""
    lay = ctx.shared.get(a.tensor)
    if a.ref is None or (lay is not None and not lay.injective) or not a.dist.injective:
        return False
    if len(a.dist.shape) != sum(isinstance(sub, ir.Slice) for sub in a.ref.subs):
        return False                     # the tile's coordinates are not the slice's one to one
    starts = [sub.at if isinstance(sub, ir.Index) else sub.start for sub in a.ref.subs]
    return all(_uniform(e) for e in starts)


def _uniform(e: ir.Expr) -> bool:
    """Arithmetic of literals, sizes, constants, loop variables and the block index only."""
    for n in exprs.iter_nodes(e):
        if isinstance(n, ir.Sym):
            if n.kind not in (ir.SymKind.SIZE, ir.SymKind.CONST, ir.SymKind.LOOP):
                return False
        elif isinstance(n, ir.BuiltinRef):
            if not n.which.value.startswith("block."):
                return False
        elif not isinstance(n, (ir.IntLit, ir.Bin, ir.Neg)):
            return False
    return True


def check_ordered(ctx, a, b) -> None:
    """a's instance strictly before b's, not ordered by the happens-before model."""
    rule = rule_of(a, b)
    if not ctx.wants(rule):
        return
    if not ctx.hb.graph.has_node(b.point.path):
        return
    # Two branches of a thread-dependent `if` run side by side in two threads, with no barrier
    # between: no path of one thread links them, so they pass the two filters on paths below
    # only here (both writing one shared element was proved: tests/kernels/bad/race_thread_split_*)
    apart = ctx.hb.across_branches(a.point, b.point)
    if apart is None and not ctx.hb.may_follow(a.point, b.point):
        return
    ctx.sink.obligation()
    pending = a.is_async or a.in_flight          # a barrier alone does not order it
    if not pending and apart is None and not ctx.hb.barrier_free_path(a.point, b.point):
        return                                   # every path from a to b passes a barrier
    ia, ib, same = _pair(ctx, a, b)
    at_a, at_b = At(a.point, ia.loops, ia.t), At(b.point, ib.loops, ib.t)
    facts = ia.facts + ib.facts + [same, ctx.hb.before(at_a, at_b), _reached(ctx, at_a), _reached(ctx, at_b)]
    if a.in_flight and a.tma:
        if ctx.protocol is None:
            raise Unsupported("a bulk copy needs an mbarrier", a.span)
        facts.append(z3.Not(ctx.protocol.landed(ctx.protocol.site_of[a.point.path], at_a, at_b)))
    elif pending:
        facts.append(z3.Not(ctx.hb.retired_visible(at_a, at_b)))
    else:
        facts += [ia.t != ib.t, z3.Not(ctx.hb.separated(at_a, at_b))]
        if ctx.protocol is not None:         # ordered by an mbarrier hand-off, either way
            unhanded = list(facts)
            facts += _not_handed_off(ctx.protocol, at_a, at_b)
    # The values last: the element a witness names is then the least one, not whatever the
    # first model held (which follows Z3's term ids, and so what the process built before).
    model = ctx.solve(rule, b.span, facts, list(ia.loops.values()) + list(ib.loops.values()) + [ia.t, ib.t, ia.v, ib.v])
    unordered = ""
    if model is not None and not pending and ctx.protocol is not None:
        unordered = _needs_distrust(ctx, unhanded, at_a, at_b) or _may_be_ordered(ctx, facts, at_a, at_b)
    if model is not None:
        mv = ModelView(ctx, model)
        note = ("the tma_load's mbarrier phase was not waited for before this write, so the copy may still be "
                "reading" if a.in_flight and a.tma else
                _async_note(ctx, mv, at_a, at_b) if pending else "with no barrier between")
        hint = ("an async copy reads its source until it completes: wait for it (wait_group, or the mbarrier "
                "phase, then a barrier for the other threads) before overwriting the source" if a.in_flight else None)
        if apart is not None and not pending and \
                mv.loops(a.point, ia.loops) == mv.loops(b.point, ib.loops)[:len(a.point.loops)]:
            note = f"in the other branch of the if at line {apart.span.line}, which another thread takes"
            hint = ("two threads run the two branches side by side: make them touch different elements (for a "
                    "store split between threads, the same layout in both branches)")
        _report(ctx, rule, ia, ib, mv, note, hint, unordered)


def _reached(ctx, at: At):
    """No wait that never returns (a deadlock, reported as such: encode/missed_phase.py) comes
    before instance `at` in its thread: an access after one never runs, and a race with it was
    a second error beside the deadlock that no execution shows."""
    proto = ctx.protocol
    if proto is None:
        return z3.BoolVal(True)
    stuck = [w for bar in proto.bars.values() for w in proto.waits(bar.name) if never_returns(proto, bar, w)]
    return And(*(z3.Not(And(proto.runs(w, {}, at.thread), ctx.hb.before(At(w.point, {}, at.thread), at)))
                 for w in stuck))


def _not_handed_off(proto, at_a, at_b) -> list:
    return [z3.Not(proto.handoff(at_a, at_b)), z3.Not(proto.handoff(at_b, at_a))]


def _needs_distrust(ctx, unhanded: list, at_a: At, at_b: At) -> str:
    """The untrusted mbarrier a race needs, where it has no witness with every barrier trusted
    (its rounds taken for its phases): the race may be the model's, rounds it counts otherwise
    than the kernel (held-out round 134: writers and readers handing a buffer back and forth
    over one barrier of count 128, whose round 0 the model gave 256 arrivals; two races the
    interpreter did not reproduce were errors), so it is a finding only under an error that
    explains the distrust (encode/rootcause.unexplained); "" where it stands trusted, or none
    is untrusted."""
    proto = ctx.protocol
    untrusted = [n for n, b in proto.bars.items() if b.why_not]
    if not untrusted:
        return ""
    trusted = unhanded + _not_handed_off(proto.trusting(), at_a, at_b)
    out = find_model(list(ctx.env.facts) + trusted, ctx.opts.solver, probe=True)
    return untrusted[0] if out.verdict is SV.PROVED else ""


def _may_be_ordered(ctx, facts: list, at_a: At, at_b: At) -> str:
    """The untrusted mbarrier that may order the race's two accesses, whatever its rounds are:
    the second thread waits on it before its access, and the first arrives on it after its
    own (held-out round 135: 128 threads arriving once before their store and twice after,
    or after a free first wait, made the barrier untrusted, and the race its model could not
    rule out was an error on correct kernels); "" where the race stands without any such
    pair, or none is untrusted. Any element and any instances: more is taken as possibly
    ordered, so fewer races are errors."""
    proto = ctx.protocol
    ways = []
    for bar in (b for b in proto.bars.values() if b.why_not):
        waits = [s for s in bar.sites if s.kind == "wait"]
        arrivals = [s for s in bar.sites if s.kind in ("arrive", "expect")]
        for n, (w, c) in enumerate((w, c) for w in waits for c in arrivals):
            lw, lc = loop_vars(w.point, f"mo{n}w"), loop_vars(c.point, f"mo{n}c")
            ways.append((bar.name, And(proto.runs(w, lw, at_b.thread), ctx.hb.before(At(w.point, lw, at_b.thread), at_b),
                                       proto.runs(c, lc, at_a.thread), ctx.hb.before(at_a, At(c.point, lc, at_a.thread)))))
    if not ways:
        return ""
    out = find_model(list(ctx.env.facts) + facts + [z3.Not(z3.Or(*(w for _, w in ways)))], ctx.opts.solver, probe=True)
    return ways[0][0] if out.verdict is SV.PROVED else ""


def _async_note(ctx, mv: ModelView, a: At, b: At) -> str:
    """Why the copy may be in flight or invisible: its group, the last wait, the pending count."""
    hb = ctx.hb
    group = mv.int(hb.commits_before(a))
    best = None
    for w in hb.waits:
        for c in hb.candidates(w, a, b):
            at = At(w, c, a.thread)
            if mv.true(And(hb.runs(at), hb.before(a, at), hb.before(at, b))):
                key = tuple(mv.int(x) if not isinstance(x, tuple) else x for x in hb.key(at))
                if best is None or key > best[0]:
                    best = (key, w, at)
    text = f"the copy_async at line {a.point.span.line} is in commit group {group}"
    if best is None:
        return text + " and no wait_group of its thread lies between the copy and this access"
    _, w, at = best
    n = hb.pending_allowed(w)
    after = mv.int(hb.commits_between(a, at))
    loops = mv.loops(w, at.loops)
    text += (f"; the wait_group {n} at line {w.span.line}{iteration_text(loops)} leaves up to {n} group(s) "
             f"pending and {after} group(s) were committed since the copy")
    if after <= n:
        return text + ", so the copy may still be in flight"
    return text + ", so the copy has landed, but no barrier after that wait makes it visible to this thread"


def _row_major(ctx, mv: ModelView, tensor: str, coords) -> int:
    """A global element's offset at the model's sizes (global tensors are row-major)."""
    off = 0
    for c, d in zip(coords, ctx.df.types[tensor].shape):
        off = off * mv.int(ctx.env.term(d, {})) + c
    return off


def _report(ctx, rule: str, ia, ib, mv: ModelView, note: str, hint: str | None = None, unordered: str = "") -> None:
    ws = ctx.target.warp_size
    a, b = ia.access, ib.access
    ta, tb = mv.int(ia.t), mv.int(ib.t)
    el = element_text(a.tensor, mv.coords(ia.coords))
    la, lb = mv.loops(a.point, ia.loops), mv.loops(b.point, ib.loops)
    lay = ctx.shared.get(a.tensor)
    off = lay.concrete(mv.coords(ia.coords)) if lay is not None else _row_major(ctx, mv, a.tensor, mv.coords(ia.coords))
    first = "writes" if a.write else "reads"
    second = "writes" if b.write else "reads"
    ia_txt, ib_txt = iteration_text(la), iteration_text(lb)
    msg = {"RACE": f"data race on {el}: {thread_text(tb, ws)} {second} it{ib_txt} while {thread_text(ta, ws)} "
                   f"{first} it at line {a.span.line}{ia_txt}, {note}",
           "WAR": f"{thread_text(tb, ws)} overwrites {el} ({b.verb}){ib_txt} while {thread_text(ta, ws)} may "
                  f"still read it (line {a.span.line}{ia_txt}), {note}",
           "ASYNC": f"{thread_text(tb, ws)} reads {el}{ib_txt} before the copy_async filling it is waited for and "
                    f"made visible: {note}"}[rule]
    if rule == "RACE" and ta == tb and (a.is_async or a.in_flight):
        # one thread: its own earlier access is an async copy still in flight (new-user round 46:
        # "thread 0 writes it while thread 0 writes it" read as a misreport)
        msg = (f"data race on {el}: {thread_text(tb, ws)} {second} it{ib_txt} while its own {a.verb} at line "
               f"{a.span.line}{ia_txt} may still be writing it: {note}")
    if hint is None and rule == "RACE" and "may still be in flight" in note:
        # an async copy still in flight: a barrier does not retire it, its wait does
        hint = ("wait for the earlier copy's group before the second access (a smaller wait_group count); a "
                "barrier does not wait for async copies")
    hint = hint or {"RACE": "put a barrier between the two accesses",
            "WAR": "put a barrier between the last read of the slot and the write that refills it",
            "ASYNC": "wait for the copy's group (wait_group with a smaller count, or commit earlier) and put a "
                     "barrier after the wait"}[rule]
    related = ((a.span, f"{thread_text(ta, ws)} {first} {el} here{iteration_text(la)} ({a.verb})"),)
    ops = (access_operand(mv, ia, (("offset", off),)), access_operand(mv, ib, (("offset", off),)))
    if unordered:
        msg += f"; {unordered} orders nothing: {ctx.protocol.bars[unordered].why_not}"
    ctx.sink.finding(Finding(rule, b.span, msg, mv.sizes(), mv.block(), tb, lb, (), ops, hint, related,
                             data=mv.data(), unordered=unordered))

"""Summaries of accumulators: every update instance since the reset, as one symbolic set.

`acc = zeros ...; for kt: acc = mma(a, b, acc)` gives, at a later point, the set of
contributions {(kt, kk) : kt ranges over the iterations before that point, kk over the
contracted extent}. This is induction over the loop: no iteration is unrolled.
"""
from __future__ import annotations

import dataclasses

import z3

from dsl.exprs import mentions_thread

from . import program as prog
from .symbols import Unsupported, mentions
from .tagval import Case, CaseKind, TagValue, no_record, widen
from .terms import And, Or


def summarise(df, storage: str, coords: tuple, point: prog.Point, inst: dict) -> TagValue:
    writers = df.writers[storage]
    resets = [w for w in writers if not df.accumulates(w, storage)]
    updates = [w for w in writers if df.accumulates(w, storage)]
    reset = _latest_reset(resets, point, storage)
    later = [r for r in resets if r is not reset and r.path > reset.path and r.path < point.path]
    if not later:
        return _since(df, storage, coords, point, inst, reset, updates)
    # The accumulator is re-initialised inside a loop that ends before the reader: after
    # the loop it holds what the loop's last iteration left, or, if the loop never ran,
    # what it held before (docs/SEMANTICS.md, "Accumulators").
    inner, loop = _reset_in_loop(later, point, updates, storage)
    trip = df.trip(loop, inst)
    last = dict(inst)
    last[loop.var] = df.env.term(loop.stop, inst) - 1
    ran = _since(df, storage, coords, point, last, inner, updates)
    cases = [dataclasses.replace(c, cond=And(trip >= 1, c.cond)) for c in ran.cases]
    before = _since(df, storage, coords, point, inst, reset, [])
    cases += [dataclasses.replace(c, cond=And(trip < 1, c.cond)) for c in before.cases]
    return TagValue(tuple(cases))


def reinitialised_before(df, storage: str, point: prog.Point) -> prog.Point | None:
    """A re-initialisation of the accumulator inside a loop that ends before `point` (so only
    that loop's last iteration reaches it), for hints."""
    resets = [w for w in df.writers.get(storage, []) if not df.accumulates(w, storage)]
    return next((r for r in resets if prog.common_loops(r, point) < len(r.loops) and r.path < point.path
                 and any(df.accumulates(w, storage) for w in df.writers[storage])), None)


def _since(df, storage, coords, point, inst, reset, updates) -> TagValue:
    """The reset's value plus every update instance between it and the reader."""
    depth = len(reset.loops)
    base = df.written_value(reset, {l.var: inst[l.var] for l in reset.loops}, coords)
    if len(base.cases) != 1:
        raise Unsupported(f"the reset of accumulator '{storage}' has several reaching writes", reset.span)
    parts = (update_instances(df, _in_scope(reset, upd, storage, depth), storage, coords, point, inst, depth)
             for upd in updates)
    return TagValue((accumulated(df, base.cases[0], parts, updates[0] if updates else reset),))


def _in_scope(reset, upd, storage: str, depth: int):
    if prog.common_loops(reset, upd) != depth or not prog.before_in_body(reset, upd, depth):
        raise Unsupported(f"accumulator '{storage}' is updated outside the scope of its reset", upd.span)
    return upd


def accumulated(df, base: Case, parts, writer) -> Case:
    """The value `base` (its records without data left out) plus the updates' contributions,
    `parts` as update_instances gives them (an iterable: each is computed in turn)."""
    contribs = list(base.contribs)
    count = base.count if base.count is not None else z3.IntVal(len(contribs))
    data = [c for c in contribs if c.fields or c.origins or c.opaque]
    if len(data) < len(contribs):
        # A reset computed from constants (`m = z - inf`) holds no data: its empty record
        # is the neutral of elementwise math (encode/compute_tags.py), not a contribution.
        contribs = data
        count = z3.IntVal(len(data)) if not any(c.bound for c in data) else None
    empty = [_reset_empty(base, data, count)]
    for part, n, instances, partial in parts:
        contribs += part
        count = None if count is None or n is None else count + n
        if not part or (partial and any(z3.is_false(e) for e in empty)):
            continue        # it adds no record (from constants only), or the value is never empty
        # An update that adds no record at some instances (`s = s + where(c, x, 0.0)`) may
        # leave the accumulator empty whatever its number of instances: a free choice.
        empty.append(df.fresh_choice("maybe_empty") if instances is None or partial else instances == 0)
    return Case(z3.BoolVal(True), CaseKind.VALUE, tuple(contribs), writer=writer, count=count,
                empty=z3.simplify(And(*empty)))


def _reset_empty(case, data: list, count):
    """When the reset's value, its constants left out, holds no record (never where that is
    not known: a reset is not itself an accumulator read before its update)."""
    none = no_record(dataclasses.replace(case, contribs=tuple(data), count=count))
    return z3.BoolVal(False) if none is None else none


def _latest_reset(resets, point: prog.Point, storage: str) -> prog.Point:
    """The initialisation in effect at the reader: of those in loops around it and before it
    in their body, the last in program order. With more than one initialisation, none may
    be under a condition (which one ran would then depend on it)."""
    reaching = [r for r in resets if prog.common_loops(r, point) == len(r.loops)
                and prog.before_in_body(r, point, len(r.loops))]
    if not reaching or (len(resets) > 1 and any(r.guards for r in resets)):
        raise Unsupported(f"accumulator '{storage}' needs an initialisation (zeros or load) that encloses "
                          "all its updates", point.span)
    return max(reaching, key=lambda r: r.path)


def _reset_in_loop(later, point: prog.Point, updates, storage: str):
    """(the re-initialisation, its loop) when exactly one re-initialisation lies directly in
    a loop that ends before the reader and every update is in that loop after it."""
    if len(later) == 1:
        r = later[0]
        c = prog.common_loops(r, point)
        if len(r.loops) == c + 1 and all(prog.common_loops(r, u) == c + 1 and prog.before_in_body(r, u, c + 1)
                                         for u in updates):
            return r, r.loops[c]
    raise Unsupported(f"accumulator '{storage}' is initialised again where the analysis cannot follow it "
                      "(one re-initialisation directly in a loop, before every update in it, is supported)",
                      later[0].span)


def update_instances(df, upd: prog.Point, storage, coords, point, rinst, depth):
    """Contributions of all instances of `upd` between the reset and the reader, their number
    if known, the number of instances if known, and whether an instance may add none."""
    inst = {l.var: rinst[l.var] for l in upd.loops[:depth]}
    bound = []
    for loop in upd.loops[depth:]:
        v = df.fresh(loop.var)
        inst[loop.var] = v
        bound.append(v)
    # A thread-dependent guard is taken at the thread the update's distribution gives the
    # element to (encode/owner.py): that thread updates it or nobody does, as for any writer
    # (encode/dataflow.py); its instances are then not counted (`owners_satisfy` below).
    refused = None
    try:
        if all(df.owners_satisfy(upd, g) for g in upd.guards if mentions_thread(g.cond)):
            guards = df.guards(upd, inst)
        else:
            guards = And(df.guards(upd, inst, uniform_only=True), *df.thread_guards(upd, inst, tuple(coords)))
    except Unsupported as e:
        refused, guards = e, z3.BoolVal(False)
    domain = And(df.loop_domain(upd, inst), guards, _precedes(df, upd, point, inst, rinst, depth))
    from .compute_tags import update_contributions
    part, per, partial = update_contributions(df, upd, storage, coords, inst)
    if not part:
        return [], z3.IntVal(0), None, False     # nothing added at any instance, whatever its guards
    if refused is not None:
        raise refused
    count = None
    common = prog.common_loops(upd, point)
    if not prog.before_in_body(upd, point, depth) and common == depth:
        count = z3.IntVal(0)
    elif (common <= depth and (common == depth or prog.before_in_body(upd, point, common))
          and all(df.owners_satisfy(upd, g) for g in upd.guards)):   # role conditions no owner fails
        # The reader is after every instance of the update's loops below `depth` (the
        # reader is outside them, or they end before it in the same body).
        count = z3.IntVal(1)
        for loop in upd.loops[depth:]:
            count = count * df.trip(loop, inst)
    elif (common == depth + 1 == len(upd.loops) and not upd.guards):
        # The reader is in the update's loop (one level below the reset): the instances
        # before it are the iterations before the reader's, and this one if the update
        # comes first in the body (an accumulator read before its first update has none).
        loop = upd.loops[depth]
        count = rinst[loop.var] - df.env.term(loop.start, inst) + int(prog.before_in_body(upd, point, common))
    out = [widen(c, tuple(bound), domain) for c in part]
    if per is not None and any(mentions(per, v) for v in bound):
        per = None      # the number added differs between instances: not a box count
    return out, (None if count is None or per is None else count * per), count, partial



def _precedes(df, upd, point, uinst, rinst, depth):
    """Does the update instance come before the reader's instance (lexicographic order)?"""
    common = prog.common_loops(upd, point)
    less = z3.BoolVal(prog.before_in_body(upd, point, common))
    for level in range(common, depth, -1):
        var = upd.loops[level - 1].var
        less = Or(uinst[var] < rinst[var], And(uinst[var] == rinst[var], less))
    return less

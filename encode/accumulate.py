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
from .resets import Start, starts
from .symbols import Unsupported, mentions
from .tagval import Case, CaseKind, TagValue, no_record, widen
from .terms import And, Or
from .update_count import instances


def summarise(df, storage: str, coords: tuple, point: prog.Point, inst: dict) -> TagValue:
    writers = df.writers[storage]
    resets = [w for w in writers if not df.accumulates(w, storage)]
    updates = [w for w in writers if df.accumulates(w, storage)]
    # Which initialisation the reader sees: the base, or a later one (under a condition, or
    # in a loop after the base) from the latest iteration where it ran (encode/resets.py).
    base, begins = starts(df, storage, resets, point, inst, coords)
    depth = len(base.loops)
    for upd in updates:
        if prog.common_loops(base, upd) != depth or not prog.before_in_body(base, upd, depth):
            raise Unsupported(f"accumulator '{storage}' is updated outside the scope of its reset", upd.span)
    if len(begins) == 1:
        return _since(df, storage, coords, point, inst, begins[0], updates, depth)
    cases = []
    for b in begins:
        cases += [dataclasses.replace(c, cond=And(b.cond, c.cond))
                  for c in _since(df, storage, coords, point, inst, b, updates, depth).cases]
    return TagValue(tuple(cases))


def reinitialised_before(df, storage: str, point: prog.Point) -> prog.Point | None:
    """A re-initialisation of the accumulator, unconditional, inside a loop that ends before
    `point` (so only that loop's last iteration reaches it), for hints (one under a condition:
    resets.conditional_reset)."""
    resets = [w for w in df.writers.get(storage, []) if not df.accumulates(w, storage) and not w.guards]
    return next((r for r in resets if prog.common_loops(r, point) < len(r.loops) and r.path < point.path
                 and any(df.accumulates(w, storage) for w in df.writers[storage])), None)


def _since(df, storage, coords, point, inst, start: Start, updates, depth: int) -> TagValue:
    """The initialisation's value plus every update instance between it and the reader;
    `depth`: the loops the base initialisation shares with the reader and every update."""
    reset = start.point
    base = df.written_value(reset, start.inst, coords)
    parts = (update_instances(df, upd, storage, coords, point, inst, start, depth) for upd in updates)
    writer = updates[0] if updates else reset
    if len(base.cases) == 1:
        return TagValue((accumulated(df, base.cases[0], parts, writer),))
    # A reset that reads an element several writes may have reached (a scan level stored by
    # either branch of an `if`: held-out round 54): the updates add to each case's records;
    # a case of no known value (nothing wrote it, a write past the window) stays that.
    parts = list(parts)
    return TagValue(tuple(dataclasses.replace(accumulated(df, c, parts, writer), cond=c.cond)
                          if c.kind is CaseKind.VALUE else c for c in base.cases))


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
    for part, n, runs, partial in parts:
        contribs += part
        count = None if count is None or n is None else count + n
        if not part or (partial and any(z3.is_false(e) for e in empty)):
            continue        # it adds no record (from constants only), or the value is never empty
        # An update that adds no record at some instances (`s = s + where(c, x, 0.0)`) may
        # leave the accumulator empty whatever its number of instances: a free choice.
        empty.append(df.fresh_choice("maybe_empty") if runs is None or partial else runs == 0)
    return Case(z3.BoolVal(True), CaseKind.VALUE, tuple(contribs), writer=writer, count=count,
                empty=z3.simplify(And(*empty)))


def _reset_empty(case, data: list, count):
    """When the reset's value, its constants left out, holds no record (never where that is
    not known: a reset is not itself an accumulator read before its update)."""
    none = no_record(dataclasses.replace(case, contribs=tuple(data), count=count))
    return z3.BoolVal(False) if none is None else none


def update_instances(df, upd: prog.Point, storage, coords, point, rinst, start: Start, depth: int):
    """Contributions of all instances of `upd` between the initialisation `start` and the reader,
    their number if known, the number of instances if known, and whether an instance may add
    none. A Start with no iteration (`at` None) counts from the start of the update's loops."""
    if prog.common_loops(start.point, upd) == depth and not prog.before_in_body(start.point, upd, depth):
        return [], z3.IntVal(0), None, False     # every instance comes before the initialisation
    if prog.common_loops(upd, point) == depth and not prog.before_in_body(upd, point, depth):
        # every instance comes after the reader: none is counted, and its contributions are
        # not computed (`m = max(s); s = s - m` reads s at m, before the update that reads m)
        return [], z3.IntVal(0), z3.IntVal(0), False
    inst = {l.var: rinst[l.var] for l in upd.loops[:depth]}
    bound = []
    for loop in upd.loops[depth:]:
        v = df.fresh(loop.var)
        inst[loop.var] = v
        bound.append(v)
    # A thread-dependent guard is taken at the thread the update's distribution gives the
    # element to (encode/owner.py): that thread updates it or nobody does, as for any writer
    # (encode/dataflow.py).
    refused = None
    try:
        if all(df.owners_satisfy(upd, g) for g in upd.guards if mentions_thread(g.cond)):
            guards = df.guards(upd, inst)
        else:
            guards = And(df.guards(upd, inst, uniform_only=True), *df.thread_guards(upd, inst, tuple(coords)))
    except Unsupported as e:
        refused, guards = e, z3.BoolVal(False)
    domain = And(df.loop_domain(upd, inst), guards, _precedes(df, upd, point, inst, rinst, depth))
    if start.at is not None and prog.common_loops(start.point, upd) > depth:
        domain = And(domain, _follows(start, upd, inst, depth))
    from .compute_tags import update_contributions
    key = (storage, id(upd))
    if key in df.summarising:       # the update reads a tile computed from the accumulator itself
        raise Unsupported(f"accumulator '{storage}' is updated from a tile computed from its own earlier value "
                          "(through another tile across loop iterations)", upd.span)
    df.summarising.add(key)
    try:
        part, per, partial = update_contributions(df, upd, storage, coords, inst)
    finally:
        df.summarising.discard(key)
    if not part:
        return [], z3.IntVal(0), None, False     # nothing added at any instance, whatever its guards
    if refused is not None:
        raise refused
    count = instances(df, upd, inst, start, point, rinst, depth, coords)
    out = [widen(c, tuple(bound), domain) for c in part]
    if per is not None and any(mentions(per, v) for v in bound):
        per = None      # the number added differs between instances: not a box count
    return out, (None if count is None or per is None else count * per), count, partial


def _follows(start: Start, upd, uinst, depth: int):
    """Does the update instance come after the initialisation's, which lies in the loop one
    level below `depth` that the update is in?"""
    var = upd.loops[depth].var
    after = z3.BoolVal(prog.before_in_body(start.point, upd, depth + 1))
    return Or(start.at < uinst[var], And(start.at == uinst[var], after))


def _precedes(df, upd, point, uinst, rinst, depth):
    """Does the update instance come before the reader's instance (lexicographic order)?"""
    common = prog.common_loops(upd, point)
    less = z3.BoolVal(prog.before_in_body(upd, point, common))
    for level in range(common, depth, -1):
        var = upd.loops[level - 1].var
        less = Or(uinst[var] < rinst[var], And(uinst[var] == rinst[var], less))
    return less

"""Running values kept in shared memory: what a round trip's store writes, by induction.

`for ct: s = load M[R]; s2 = s + x; store M[R], s2` keeps a running value in memory
(dsl/writeback.py finds it; docs/SEMANTICS.md gives the store the meaning of the in-place
update `s = s + x; store M[R], s`). Followed read by read, the store's value unfolds through
the load into the previous iteration's store without end. The store is the loop's only write
of M, unguarded inside the loop, into a slice that does not move with it, and it and the load
do every element of the slice: so iteration k's load finds what iteration k - 1 stored, and
the first iteration's what reached the loop. The element the store writes at iteration j is
then that value plus every update of iterations first..j: an accumulator's summary
(encode/accumulate.py) over the in-place updates of s between the load and the store and the
stored expression with s read as the running value. Where a condition fails, `unknown`.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import z3

from dsl import exprs, ir

from . import program as prog
from .accumulate import accumulated, update_instances
from .resets import Start
from .settle import slice_box
from .symbols import Unsupported
from .tagval import CaseKind, TagValue


@dataclass(frozen=True)
class Plan:
    load: prog.Point            # s = load M[R]
    updates: tuple              # points of the updates of s, in program order (the last may be the store's)
    loop: ir.For                # the loop the value is carried across
    stmt: object                # the store (kept: plans are looked up by its id)


def stored_value(df, w: prog.Point, inst: dict, coords: tuple) -> TagValue:
    """The tag of M[coords] as instance `inst` of round-trip store `w` writes it."""
    plan = _plan(df, w)
    run = plan.load.stmt.target.name
    k = plan.loop.var
    depth = len(w.loops) - 1
    # The updates of iterations first..j are those before the load's instance j + 1.
    after = {**inst, k: inst[k] + 1}
    first = {**inst, k: df.env.term(plan.loop.start, inst)}
    base = _base(df, plan, w, first, coords)
    tile = df.tile_coords(w.stmt.dst, inst, coords)
    cases = []
    for case in base.cases:
        if case.kind is CaseKind.OVERFLOW:
            cases.append(case)
            continue
        # Memory nothing wrote holds no record, as an accumulator's unwritten reset does
        # (accumulate.py); the load that reads it is the memory INIT rule's finding.
        since = Start(plan.load, after, z3.BoolVal(True))      # counted from the loop's start
        parts = (update_instances(df, u, run, tile, plan.load, after, since, depth) for u in plan.updates)
        start = dataclasses.replace(case, cond=z3.BoolVal(True), kind=CaseKind.VALUE)
        cases.append(dataclasses.replace(accumulated(df, start, parts, w), cond=case.cond))
    return TagValue(tuple(cases))


def _base(df, plan: Plan, w: prog.Point, first: dict, coords: tuple) -> TagValue:
    """What the load finds in the loop's first iteration: the reaching write with the store
    left out. Its instances of earlier runs of the loop (an enclosing loop's earlier
    iterations) are older than any write in the current iteration of every enclosing loop:
    each case must come from such a write."""
    ld = plan.load
    storage = w.stmt.dst.tensor
    writers = [p for p in df.writers[storage] if p is not w]
    tv = df.reaching(storage, coords, ld, first, writers, slice_box(df, ld.stmt.src, first, coords))
    depth = len(w.loops) - 1
    if depth:
        for case in tv.cases:
            if case.kind is CaseKind.OVERFLOW:
                continue            # unknown anyway
            if case.kind is not CaseKind.VALUE or not _current(case, ld, first, depth):
                raise Unsupported(f"the running value kept in '{storage}' may start from what an earlier run of "
                                  f"its loop over {plan.loop.var} stored; initialise it inside the enclosing loop",
                                  w.span)
    return tv


def _current(case, ld: prog.Point, first: dict, depth: int) -> bool:
    """The case's write is in the current iteration of each of the load's `depth` outer loops."""
    if not case.trail:
        return False
    point, loops = case.trail[0][2], dict(case.trail[0][3])
    if point is None or prog.common_loops(point, ld) < depth:
        return False
    return all(z3.is_true(z3.simplify(loops[l.var] == first[l.var])) for l in ld.loops[:depth])


def _plan(df, w: prog.Point) -> Plan:
    got = df.round_trips.get(id(w.stmt))
    if got is None:
        got = df.round_trips[id(w.stmt)] = _make_plan(df, w)
    return got


def _make_plan(df, w: prog.Point) -> Plan:
    trip = df.write_backs.trip_of(w.stmt)
    ld = next(p for p in df.points if p.stmt is trip.load)
    run = trip.load.target.name
    name = w.stmt.dst.tensor
    if any(isinstance(p.stmt, ir.TmaLoad) for p in df.writers[name]):
        raise Unsupported(f"a running value kept in '{name}', a tensor bulk copies also fill", w.span)
    if any(exprs.mentions_thread(g.cond) for g in w.guards):
        raise Unsupported(f"a running value kept in '{name}' under a thread-dependent condition", w.span)
    tile = (z3.IntVal(0),) * len(exprs.tile_shape(w.stmt.dst))
    if df.uncovered(w.stmt, tile) or df.uncovered(ld.stmt, tile):
        raise Unsupported(f"the load or the store of the running value kept in '{name}' leaves elements of its "
                          "slice to no thread", w.span)
    updates = [p for p in df.points if len(p.path) == len(w.path) and prog.common_loops(p, w) == len(w.loops)
               and ld.path < p.path < w.path and prog.assigns(p) == run]
    if trip.value is not None:
        updates.append(prog.Point(ir.Compute(trip.load.target, trip.value, w.stmt.span), w.path, w.loops,
                                  w.loop_levels, w.guards))
    return Plan(ld, tuple(updates), w.loops[-1], w.stmt)

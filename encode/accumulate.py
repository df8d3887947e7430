"""Summaries of accumulators: every update instance since the reset, as one symbolic set.

`acc = zeros ...; for kt: acc = mma(a, b, acc)` gives, at a later point, the set of
contributions {(kt, kk) : kt ranges over the iterations before that point, kk over the
contracted extent}. This is induction over the loop: no iteration is unrolled.
"""
from __future__ import annotations

import z3

from dsl import ir

from . import program as prog
from .symbols import Unsupported, mentions
from .tagval import Case, CaseKind, TagValue, widen


def summarise(df, storage: str, coords: tuple, point: prog.Point, inst: dict) -> TagValue:
    writers = df.writers[storage]
    resets = [w for w in writers if not df.accumulates(w, storage)]
    updates = [w for w in writers if df.accumulates(w, storage)]
    reset = _single_reset(resets, point, storage)
    depth = len(reset.loops)
    base = df.written_value(reset, {l.var: inst[l.var] for l in reset.loops}, coords)
    if len(base.cases) != 1:
        raise Unsupported(f"the reset of accumulator '{storage}' has several reaching writes", reset.span)
    contribs = list(base.cases[0].contribs)
    count = base.cases[0].count if base.cases[0].count is not None else z3.IntVal(len(contribs))
    for upd in updates:
        if prog.common_loops(reset, upd) != depth or not prog.before_in_body(reset, upd, depth):
            raise Unsupported(f"accumulator '{storage}' is updated outside the scope of its reset", upd.span)
        part, n = _update_instances(df, upd, storage, coords, point, inst, depth)
        contribs += part
        count = None if count is None or n is None else count + n
    return TagValue((Case(z3.BoolVal(True), CaseKind.VALUE, tuple(contribs), writer=updates[0] if updates else reset,
                          count=count),))


def _single_reset(resets, point: prog.Point, storage: str) -> prog.Point:
    reaching = [r for r in resets if prog.common_loops(r, point) == len(r.loops)
                and prog.before_in_body(r, point, len(r.loops))]
    if len(resets) != 1 or len(reaching) != 1:
        raise Unsupported(f"accumulator '{storage}' needs exactly one initialisation (zeros or load) "
                          "that encloses all its updates", point.span)
    return reaching[0]


def _update_instances(df, upd: prog.Point, storage, coords, point, rinst, depth):
    """Contributions of all instances of `upd` between the reset and the reader."""
    inst = {l.var: rinst[l.var] for l in upd.loops[:depth]}
    bound = []
    for loop in upd.loops[depth:]:
        v = df.fresh(loop.var)
        inst[loop.var] = v
        bound.append(v)
    domain = z3.And(df.loop_domain(upd, inst), df.guards(upd, inst), _precedes(df, upd, point, inst, rinst, depth))
    count = None
    if not prog.before_in_body(upd, point, depth) and prog.common_loops(upd, point) == depth:
        count = z3.IntVal(0)
    elif prog.common_loops(upd, point) == depth and not upd.guards:
        count = z3.IntVal(1)
        for loop in upd.loops[depth:]:
            count = count * df.trip(loop, inst)
    from .compute_tags import update_contributions
    part, per = update_contributions(df, upd, storage, coords, inst)
    out = [widen(c, tuple(bound), domain) for c in part]
    if per is not None and any(mentions(per, v) for v in bound):
        per = None      # the number added differs between instances: not a box count
    return out, (None if count is None or per is None else count * per)



def _precedes(df, upd, point, uinst, rinst, depth):
    """Does the update instance come before the reader's instance (lexicographic order)?"""
    common = prog.common_loops(upd, point)
    less = z3.BoolVal(prog.before_in_body(upd, point, common))
    for level in range(common, depth, -1):
        var = upd.loops[level - 1].var
        less = z3.Or(uinst[var] < rinst[var], z3.And(uinst[var] == rinst[var], less))
    return less

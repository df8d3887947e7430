"""Tags through bulk (TMA) copies: which copy instance a read of their buffer sees.

A buffer filled by one `tma_load` statement is read after a wait on the copy's
mbarrier: the wait for phase q of bar[x] makes the copy of round q on bar[x] the one
the read sees. That it is the *latest* such copy (no later round has landed, no other
write hit the element) is what ASYNC, WAR and RACE prove for the same pairs
(encode/tma_rule.py); TAG takes it from them, as it takes cp.async landings from ASYNC.
"""
from __future__ import annotations

import z3

from . import program as prog
from .symbols import Unsupported
from .tagval import Case, CaseKind, TagValue
from .terms import And

UNSEEN = "cannot tell which bulk copy this read sees (no wait on its mbarrier precedes it in the same iteration)"


def tma_reaching(df, storage: str, coords: tuple, point: prog.Point, inst: dict, writers) -> TagValue:
    if len(writers) != 1:
        raise Unsupported(f"'{storage}' is written by {len(writers)} statements; a buffer filled by bulk copies "
                          "must have exactly one writer, its tma_load", point.stmt.span)
    proto = df.protocol()
    tma = proto.site_of[writers[0].path]
    cases, missed = [], []
    for w in _waits_before(proto, tma.bar, point):
        loops = {loop.var: inst[loop.var] for loop in w.point.loops}
        q = proto.round(w, loops) - proto.offset[id(w)]
        x = proto.element(w, loops)
        tl, exists = proto.instance_of_round(tma, x, q)
        hit = And(q >= 0, exists, df.loop_domain(tma.point, tl), z3.BoolVal(bool(tma.threads)),
                     proto.element(tma, tl) == x, df.writes(tma.point, tl, coords))
        for inner in df.written_value(tma.point, tl, coords).cases:
            cases.append(Case(And(*missed, hit, inner.cond), inner.kind, inner.contribs, tma.point,
                              df.loop_values(tma.point, tl), inner.count, inner.note, inner.trail, inner.empty))
        missed.append(z3.Not(hit))
    cases.append(Case(And(*missed), CaseKind.OVERFLOW, note=UNSEEN))
    return TagValue(tuple(cases))


def _waits_before(proto, bar: str, reader: prog.Point) -> list:
    """Aligned waits on `bar` that every thread running the reader runs just before it: in
    the same iteration of the same loop (or both outside loops), under a prefix of its
    branch conditions, earlier in the body. More than one would need an order among them."""
    out = []
    for w in proto.waits(bar):
        p = w.point
        same_loop = (len(p.loops) == len(reader.loops) and prog.common_loops(p, reader) == len(p.loops))
        if same_loop and p.guards == reader.guards[:len(p.guards)] and prog.before_in_body(p, reader, len(p.loops)):
            out.append(w)
    if len(out) > 1:
        raise Unsupported("several waits on one mbarrier array precede this read; which copy it sees is not "
                          "modelled", reader.stmt.span)
    return out

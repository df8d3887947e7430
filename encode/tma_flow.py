"""Tags through bulk (TMA) copies: which copy instance a read of their buffer sees.

A buffer filled by one `tma_load` statement is read after a wait on the copy's
mbarrier: the wait for phase q of bar[x] makes the copy of round q on bar[x] the one
the read sees. That it is the *latest* such copy (no later round has landed, no other
write hit the element) is what ASYNC, WAR and RACE prove for the same pairs
(encode/tma_rule.py); TAG takes it from them, as it takes cp.async landings from ASYNC.
"""
from __future__ import annotations

import z3

from dsl import ir

from . import program as prog
from .symbols import Unsupported
from .tagval import Case, CaseKind, TagValue
from .terms import And

UNSEEN = ("cannot tell which bulk copy this read sees (no wait on its mbarrier precedes it in the same iteration, "
          "or no copy statement runs in the round of the phase it waits for)")


def tma_reaching(df, storage: str, coords: tuple, point: prog.Point, inst: dict, writers) -> TagValue:
    proto = df.protocol()
    sites = [proto.site_of.get(w.path) for w in writers] if proto is not None else []
    for bar in dict.fromkeys(s.bar for s in sites if s is not None):
        if not proto.trusted(bar):
            # the rounds the read's wait claims are the protocol's, which this barrier does not
            # keep: which copy lands is not known (held-out round 85: a producer split into
            # two loops was a TAG error at a copy no run makes)
            raise Unsupported(f"which bulk copy this read of '{storage}' sees is not known: {bar} orders nothing "
                              f"({proto.bars[bar].why_not})", point.stmt.span)
    prologue = [s for s in sites if s is not None and s.peeled]
    if prologue and len(writers) == len(prologue) + 1:
        # prologue copies of the iterations before the loop's first (encode/mbarrier.py, _peel):
        # the loop's copy, whose instance of iteration start - j is the prologue's j-th
        loop_copy = next(s for s in sites if s not in prologue)
        if loop_copy.loop is None or loop_copy.peel != len(prologue) or \
                any(q.bar != loop_copy.bar for q in prologue) or \
                sorted(q.peeled for q in prologue) != list(range(1, len(prologue) + 1)):
            raise Unsupported(f"'{storage}' is written by prologue bulk copies and another copy that is not "
                              "their loop's", point.stmt.span)
        return _reaching(df, proto, [loop_copy], prologue, coords, point, inst)
    if len(writers) > 1 and all(s is not None and s.loop is not None and s.kind == "tma" for s in sites) \
            and len({s.bar for s in sites}) == 1:
        # several copies of each round in loops (two producer lanes each filling half a
        # slot, held-out round 45): the round-q instance of each
        return _reaching(df, proto, sites, None, coords, point, inst)
    if len(writers) > 1 and all(isinstance(w.stmt, ir.TmaLoad) for w in writers):
        return _straight_line_reaching(df, coords, point, writers)
    if len(writers) != 1:
        raise Unsupported(f"'{storage}' is written by {len(writers)} statements; a buffer filled by bulk copies "
                          "must have exactly one writer, its tma_load", point.stmt.span)
    return _reaching(df, proto, [proto.site_of[writers[0].path]], None, coords, point, inst)


def _reaching(df, proto, copies: list, prologue, coords: tuple, point: prog.Point, inst: dict) -> TagValue:
    """The copy a read sees: for each wait before it (phase q of bar[x]), the round-q copy on
    x of each copy statement (that writes the element; two of one round writing it are a
    RACE), or (`prologue`, a list) the prologue copy j where the loop's instance is
    iteration start - j."""
    cases, missed = [], []
    for w in _waits_before(proto, copies[0].bar, point):
        loops = {loop.var: inst[loop.var] for loop in w.point.loops}
        q = proto.round(w, loops) - proto.offset[id(w)]
        x = proto.element(w, loops)
        for tma in copies:
            tl, exists = proto.instance_of_round(tma, x, q)
            # its iteration conditions too: the copy of an `if k % 2 == 0:` branch is no writer in
            # the rounds the `else` branch's copy fills (held-out round 132: a wrong tile in the
            # else branch proved, the if branch's copy taken to fill those rounds)
            _seen(df, tma, tl, coords, [q >= 0, exists, df.loop_domain(tma.point, tl), z3.BoolVal(bool(tma.threads)),
                                        proto.element(tma, tl) == x, *([proto.when(tma, tl)] if tma.when else [])],
                  cases, missed)
        for pro in prologue or ():
            loop_copy = copies[0]
            tl, exists = proto.instance_of_round(loop_copy, x, q)
            first = tl[loop_copy.loop.var] == df.env.term(loop_copy.loop.start, {}) - pro.peeled
            _seen(df, pro, {}, coords, [q >= 0, exists, first, z3.BoolVal(bool(pro.threads)),
                                        pro.shift == x], cases, missed)
    cases.append(Case(And(*missed), CaseKind.OVERFLOW, note=UNSEEN))
    return TagValue(tuple(cases))


def _seen(df, copy, loops: dict, coords: tuple, when: list, cases: list, missed: list) -> None:
    """The cases of `copy`'s instance at `loops` where every condition in `when` holds and it
    writes the element (and no earlier candidate in `missed` did); then it joins `missed`."""
    hit = And(*when, df.writes(copy.point, loops, coords))
    for inner in df.written_value(copy.point, loops, coords).cases:
        cases.append(Case(And(*missed, hit, inner.cond), inner.kind, inner.contribs, copy.point,
                          df.loop_values(copy.point, loops), inner.count, inner.note, inner.trail, inner.empty))
    missed.append(z3.Not(hit))


def _waits_before(proto, bar: str, reader: prog.Point, many: bool = False) -> list:
    """Aligned waits on `bar` that every thread running the reader runs just before it: in
    the same iteration of the same loop (or both outside loops), under a prefix of its
    branch conditions, earlier in the body. More than one would need an order among them."""
    out = []
    for w in proto.waits(bar):
        p = w.point
        same_loop = (len(p.loops) == len(reader.loops) and prog.common_loops(p, reader) == len(p.loops))
        if same_loop and p.guards == reader.guards[:len(p.guards)] and prog.before_in_body(p, reader, len(p.loops)):
            out.append(w)
    if len(out) > 1 and not many:
        raise Unsupported("several waits on one mbarrier array precede this read; which copy it sees is not "
                          "modelled", reader.stmt.span)
    return out


def _straight_line_reaching(df, coords: tuple, point: prog.Point, writers) -> TagValue:
    """A buffer filled by several bulk copies on one element of a straight-line mbarrier
    (every statement of it outside loops, so rounds are ordinals: encode/mbarrier.py): the
    read sees the latest round, up to the phase its thread waited for, whose copy writes the
    element. Copies of later rounds come after the read (ASYNC, WAR and RACE prove it for
    each pair) unless another wait of the reader's thread claimed their phase: a preceding
    wait outside the reader's branch that claims a later phase makes it `unknown`."""
    proto = df.protocol()
    copies = [proto.site_of[w.path] for w in writers]
    bars = {(c.bar, c.shift) for c in copies}
    if len(bars) != 1 or any(c.loop is not None for c in proto.bars[copies[0].bar].sites):
        raise Unsupported(f"'{copies[0].point.stmt.dst.tensor}' is written by {len(writers)} bulk copies; "
                          "several are modelled only on one element of an mbarrier used outside loops",
                          point.stmt.span)
    bar, x = bars.pop()
    claims = [w.ordinal - proto.offset[id(w)] for w in _waits_before(proto, bar, point, many=True) if w.shift == x]
    q = max(claims, default=-1)
    for w in proto.waits(bar):
        if w.shift == x and w.point.path < point.path and w.ordinal - proto.offset[id(w)] > q:
            raise Unsupported(f"a wait on {bar}[{x}] outside this read's branch claims a later phase; which "
                              "bulk copy the read sees is not modelled", point.stmt.span)
    cases, missed = [], []
    for c in sorted((c for c in copies if c.ordinal <= q), key=lambda c: -c.ordinal):
        _seen(df, c, {}, coords, [z3.BoolVal(bool(c.threads))], cases, missed)
    note = UNSEEN if q < 0 else f"no bulk copy up to phase {q} of {bar}[{x}], the last its thread waited for, writes this element"
    cases.append(Case(And(*missed), CaseKind.OVERFLOW, note=note))
    return TagValue(tuple(cases))

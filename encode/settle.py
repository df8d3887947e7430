"""When a shared write surely covers a read, so the data-flow model's walk back stops there,
and which of the walk's cases can happen at all.

Without it every read of a shared tile keeps a case for each older write, and a chain
of writes that read each other (a tree reduction's levels) multiplies them level by level;
a ring of slots (a cp.async pipeline) gives a case per older iteration, most of which wrote
the other slot, and every tile computed from two such reads carries their product.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import z3

from dsl import exprs, ir

from . import program as prog
from .solver import Verdict as SV, find_model, prove
from .symbols import Unsupported
from .terms import Add, Ge, Lt


PROBE_MS = 1000     # a case the solver cannot rule out quickly is kept: pruning only saves work


@dataclass(frozen=True)
class Box:
    """The slice a read lies in: facts on its coordinates, and its (start, extent) per dimension."""
    facts: tuple
    spans: tuple[tuple[object, int], ...]

    @property
    def extents(self) -> tuple[int, ...]:
        return tuple(n for _, n in self.spans)


def extents(df, ref: ir.TileRef) -> tuple[int, ...]:
    """Elements a slice spans in each dimension of its tensor (1 for a fixed index)."""
    return tuple(1 if isinstance(sub, ir.Index) else df.extent(sub.extent) for sub in ref.subs)


def slice_box(df, ref: ir.TileRef, inst: dict, full: tuple) -> Box:
    """The slice `ref` at instance `inst`, as facts on the full coordinates `full`.

    They hold wherever a read through `ref` is used: register tiles are read only at
    coordinates inside them (assertion subscripts are checked, tag_rules.in_tile), and a
    copy's source element is used only where its destination element is written."""
    facts, spans = [], []
    for sub, c in zip(ref.subs, full):
        if isinstance(sub, ir.Index):
            at = df.env.term(sub.at, inst)
            facts.append(c == at)
            spans.append((at, 1))
        else:
            start, n = df.env.term(sub.start, inst), df.extent(sub.extent)
            facts += [Ge(c, start), Lt(c, Add(start, n))]
            spans.append((start, n))
    return Box(tuple(facts), tuple(spans))


def may_write(df, writers, level: int, inst: dict, coords: tuple):
    """A condition on `coords` that holds wherever an instance of one of `writers` in any
    iterations of their loops from `level` on writes the element: it lies in one of their
    slices, when no slice moves with those loops (else True). A sentinel standing for such
    instances older than the look-back window is then empty at an element none of them
    writes (a slot of a shared tile that a loop leaves alone)."""
    conds = []
    for w in writers:
        s = w.stmt
        if not isinstance(s, (ir.Copy, ir.Store, ir.TmaLoad)):
            return z3.BoolVal(True)
        names = {l.var for l in w.loops[level:]}
        terms = [e for sub in s.dst.subs for e in ((sub.at,) if isinstance(sub, ir.Index) else (sub.start,))]
        if any(names & exprs.free_syms(e, ir.SymKind.LOOP) or exprs.mentions_thread(e) for e in terms):
            return z3.BoolVal(True)
        conds.append(z3.And(*slice_box(df, s.dst, inst, coords).facts))
    return z3.Or(*conds) if conds else z3.BoolVal(True)


def settles(df, c, hit, reader: prog.Point, inst: dict, box: Box | None) -> bool:
    """Candidate write `c` (its reaching condition `hit`) runs and writes the element whenever
    the reader runs and reads an element of `box`: older writes cannot reach the read.

    A write narrower than the box in some dimension cannot, nor one from an earlier
    iteration of a loop around the reader (it does not run when the reader is in the loop's
    first iteration); an unconditional one whose slice contains the box at constant offsets
    does; otherwise the solver decides (an undecided query settles nothing)."""
    w = c.point
    if box is None or not isinstance(w.stmt, (ir.Copy, ir.Store)):
        return False
    if any(c.key[2 * k + 1] != 0 for k in range(prog.common_loops(w, reader))):
        return False
    if any(n < m for n, m in zip(extents(df, w.stmt.dst), box.extents)):
        return False
    if contains(df, c, box):
        return True
    runs = reader_facts(df, reader, inst, box)
    if runs is None:
        return False
    verdict = df.probes.check(runs, z3.Not(hit), df.solver)
    if verdict is SV.UNKNOWN:
        verdict = prove(hit, runs, df.solver).verdict
    return verdict is SV.PROVED


def reader_facts(df, reader: prog.Point, inst: dict, box: Box | None) -> list | None:
    """What holds wherever the read's answer is used: the assumptions, the reader's instance
    runs (its loop domain and uniform guards), and the element lies in the read slice (see
    slice_box). None when the reader's guards have no value here."""
    try:
        runs = [df.loop_domain(reader, inst), df.guards(reader, inst, reader=True)]
    except Unsupported:
        return None
    return list(df.env.facts) + list(box.facts if box is not None else ()) + runs


def possible(df, facts: list | None, cond) -> bool:
    """Can a case with condition `cond` happen under `facts` (reader_facts)? Only a proof
    that it cannot drops it: no facts, a timeout or an unknown keep it."""
    c = z3.simplify(cond)
    if z3.is_false(c):
        return False
    if facts is None or z3.is_true(c):
        return True
    opts = dataclasses.replace(df.solver, timeout_ms=min(df.solver.timeout_ms, PROBE_MS))
    verdict = df.probes.check(facts, c, opts)
    if verdict is SV.UNKNOWN:
        verdict = find_model(facts + [c], opts, probe=True).verdict
    return verdict is not SV.PROVED


def contains(df, c, box: Box) -> bool:
    """Syntactically: the candidate surely runs, its distribution does every element of its
    slice, and the slice contains the box (their starts differ by constants)."""
    s = c.point.stmt
    if df.thread_guarded(c.point) or not z3.is_true(z3.simplify(c.hit)) or df.uncovered(s, (0,) * len(exprs.tile_shape(s.dst))):
        return False
    for sub, ext, (start, n) in zip(s.dst.subs, extents(df, s.dst), box.spans):
        at = sub.at if isinstance(sub, ir.Index) else sub.start
        d = z3.simplify(start - df.env.term(at, c.inst))
        if not z3.is_int_value(d) or d.as_long() < 0 or d.as_long() + n > ext:
            return False
    return True

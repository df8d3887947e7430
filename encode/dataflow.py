"""Abstract interpretation of tags: the symbolic tag of any element at any program point.

A read is resolved to its reaching write by walking the candidate writer instances from
the most recent backwards (in the same iteration, then earlier iterations up to a window,
then unrolled prologues); a symbolic "sentinel" stands for everything older than the
window, so a read the window cannot settle becomes `unknown`, never a guess.
Accumulators (`acc = mma(a, b, acc)`) are summarised: the set of all mma instances since
the reset, over symbolic iteration variables (induction over the loop, no unrolling).
"""
from __future__ import annotations

import dataclasses
import itertools

import z3

from dsl import exprs, ir
from dsl.writeback import write_backs
from dsl.zero_branch import zero_branches

from . import program as prog
from .readmemo import ReadMemo, read_key
from .probes import Probes
from .settle import Box, possible, reader_facts, settles, slice_box
from .solver import SolverOptions
from .symbols import SymEnv, Unsupported
from .tagval import Case, CaseKind, Contribution, Origin, TagValue
from .instances import Candidate, Instances
from .ownership import Ownership
from .terms import Add, And, Ge, Lt, Sub

MAX_HOPS = 64       # nested reads through writers; the shipped kernels need at most 19


class Dataflow(Ownership, Instances):
    """Tags of elements at program points, as Z3 terms over symbolic instances."""

    def __init__(self, env: SymEnv, lookback: int = 4, solver: SolverOptions = SolverOptions(),
                 warp_size: int = 32):
        self.env = env
        self._protocol = None           # the mbarrier protocol, built on first use
        self.warp_size = warp_size
        self.kernel = env.kernel
        self.lookback = lookback
        self.points = prog.points(self.kernel)
        self.writers: dict[str, list[prog.Point]] = {}
        self.summarising: set = set()   # accumulator updates whose contributions are being computed
        self.types: dict[str, ir.TensorType] = {p.name: p for p in self.kernel.params}
        for p in self.points:
            target = prog.assigns(p)
            if target is not None:
                self.writers.setdefault(target, []).append(p)
            t = getattr(p.stmt, "target", None) or getattr(p.stmt, "tensor", None)
            if isinstance(t, ir.TensorType):
                first = self.types.setdefault(t.name, t)
                if (first.dtype, first.space) != (t.dtype, t.space) or not self._same_shape(first.shape, t.shape):
                    # every rule reads one shape per name (held-out round 28: the other branch's
                    # shape bounded a coordinate, and an overflow was proved)
                    raise Unsupported(f"'{t.name}' names tiles of two shapes or types (in different branches or "
                                      "loops): give each its own name", p.stmt.span)
        self._fresh = itertools.count()
        self._missing: dict[int, tuple] = {}     # statement id -> (tile elements nobody does, shape)
        self._owners_ok: dict[tuple, tuple] = {}  # (statement id, guard id) -> (owners_satisfy, both)
        self._hops = 0                           # reads in progress, one inside another
        self._memo = ReadMemo(deadline=solver.deadline)
        self.probes = Probes(list(env.facts))    # solver sessions of yes-or-no queries (probes.py)
        # every query of this kernel first tries its sessions (SolverOptions.quick)
        self.solver = dataclasses.replace(solver, quick=self.probes.unsat, scratch=self.probes.context)
        self._made: list = []                    # (stem, variable) of every fresh variable, in order
        self._through: dict = {}                 # load statement id -> (source coords, box): twins.py
        self.write_backs, self.round_trips = write_backs(self.kernel), {}   # roundtrip.py: store id -> Plan
        self.pad_parts = None                    # pad_walk.Pads, built on first use (pad_walk._at_point)
        self.zero_branches = zero_branches(self.kernel)   # where(c, x, z) of such a z is a mask (dsl/zero_branch.py)

    # ---------------------------------------------------------------- small helpers
    def fresh(self, stem: str) -> z3.ArithRef:
        v = z3.Int(f"{stem}!{next(self._fresh)}")
        self._made.append((stem, v))
        return v

    def fresh_choice(self, stem: str) -> z3.BoolRef:
        """A free Boolean (a choice a claim must hold under either way). Its name has no "!"
        (no read key names it); a memoised read that made it gets a new one for each use
        (fresh_like), as a read computed again would: two instances of an accumulator may
        differ in whether they are empty."""
        v = z3.Bool(f"{stem}~{next(self._fresh)}")
        self._made.append((stem, v))
        return v

    def fresh_like(self, stem: str, old) -> z3.ExprRef:
        """A new variable standing for `old`, made by fresh or fresh_choice (the read memo)."""
        return self.fresh_choice(stem) if z3.is_bool(old) else self.fresh(stem)

    def extent(self, e: ir.Expr) -> int:
        v = self.env.const_value(e)
        if v is None:
            raise Unsupported("a tile extent is not a compile-time integer", e.span)
        return v

    def shape(self, name: str) -> tuple[int, ...]:
        return tuple(self.extent(d) for d in self.types[name].shape)

    def loop_domain(self, point: prog.Point, inst: dict) -> object:
        facts = []
        for loop in point.loops:
            v = inst[loop.var]
            facts += [Ge(v, self.env.term(loop.start, inst)), Lt(v, self.env.term(loop.stop, inst))]
        return And(*facts) if facts else z3.BoolVal(True)

    def _same_shape(self, a: tuple, b: tuple) -> bool:
        """Two shapes of one name agree: their extents are the same expressions or the same
        constants (`f32[BM, D]` and `f32[BM, BN]` where D and BN are both 64: new-user round 53)."""
        value = self.env.const_value
        return len(a) == len(b) and all(x == y or (value(x) is not None and value(x) == value(y))
                                        for x, y in zip(a, b))

    def protocol(self, warp_size: int | None = None):
        """The kernel's mbarrier protocol (encode/mbarrier.py), or None without mbarriers."""
        if self._protocol is None and any(isinstance(p.stmt, ir.MbarAlloc) for p in self.points):
            from .mbarrier import Protocol
            self._protocol = Protocol(self, warp_size or self.warp_size, self.solver)
        return self._protocol

    def trip(self, loop: ir.For, inst: dict):
        lo, hi = self.env.term(loop.start, inst), self.env.term(loop.stop, inst)
        return z3.If(hi > lo, hi - lo, 0)

    # ---------------------------------------------------------------- reads
    def read(self, storage: str, coords: tuple, point: prog.Point, inst: dict, box: Box | None = None) -> TagValue:
        """The tag of storage[coords] as seen by `point` at instance `inst`.

        `box`: the slice the reading statement reads, which holds the element wherever the
        result is used; it lets a shared write that certainly covers the element end the
        walk back (encode/settle.py)."""
        param = self.kernel.param(storage)
        if param is not None:
            self._after_own_store(storage, point)
            tag = self.input_tag(storage, coords)
            if _masked_read(point.stmt, storage):
                # Padding is not an element of the input: it contributes to nothing (the PAD tag).
                inside = And(*(And(c >= 0, c < self.env.term(n, {})) for c, n in zip(coords, param.shape)))
                tag = dataclasses.replace(tag, domain=inside, masked=True)
            return TagValue((Case(z3.BoolVal(True), CaseKind.VALUE, (tag,)),))
        writers = self.writers.get(storage, [])
        if self.solver.deadline is not None and self.solver.remaining_ms() <= 0:
            # the walk itself may outgrow the budget (new-user round 42: a masked shared-memory
            # tree reduction paired records at every level and ignored --timeout)
            from .solver import BUDGET_NOTE
            raise Unsupported(f"{BUDGET_NOTE} while following the tags of '{storage}'", point.stmt.span)
        if any(isinstance(w.stmt, ir.TmaLoad) for w in writers):
            from .tma_flow import tma_reaching
            return tma_reaching(self, storage, coords, point, inst, writers)
        if self._hops >= MAX_HOPS:
            # A value that depends on itself through other tiles across iterations (e.g.
            # `m_new = maximum(m, x); m = m_new`) would unfold without end.
            carried = _carried_through_other(self.kernel.body)
            name, span = next((c for c in carried if c[0] == storage), carried[0] if carried else (storage, point.stmt.span))
            raise Unsupported(f"the tag of '{name}' depends on its own earlier value through another tile "
                              f"across loop iterations; write the update in place "
                              f"({name} = f({name}, ...)) so it is summarised as an accumulator", span)
        # An accumulator's summary is memoised as any read is: a scan's levels read each
        # level's sums at every element of the next (3229 summaries for 128 elements)
        summed = any(self.accumulates(w, storage) for w in writers)
        # coordinates reached along different paths (`64 + (j - 64)` and `j`) are one read
        coords = tuple(z3.simplify(c) if z3.is_expr(c) else c for c in coords)
        key, actual, canon = read_key(storage, coords, point, inst, None if summed else box, self._memo.vars_seen)
        hit = self._memo.get(key, self.fresh_like, actual)
        if hit is not None:
            return hit
        self._hops += 1        # an accumulator read nests reads too (a copy back of an update)
        start = len(self._made)
        try:
            value = (self.accumulated(storage, coords, point, inst) if summed
                     else self.reaching(storage, coords, point, inst, writers, box))
        finally:
            self._hops -= 1
        self._memo.put(key, value, self._made[start:], (coords, tuple(inst.values()), box, canon), actual)
        return value

    def _after_own_store(self, storage: str, point: prog.Point) -> None:
        """A read of an input is its tag function's record: the input's initial contents, or
        what the kernel's own store left there, which the store rule checks against the tag
        function. Where the tag function has a condition (`tag X[i, j] = (...) if i >= j`) the
        store may leave zeros, no record, where it fails, which the read would take for the
        fields: a read that a store of this block may precede (earlier in the program, or in
        an earlier iteration of a loop around both) is not followed (held-out round 26: a
        triangle zeroed in place and read back was proved summed as whole rows)."""
        decl = self.kernel.tag_of(storage)
        if decl is None or decl.cond is None or point.stmt is None:
            return
        for w in self.writers.get(storage, []):
            if isinstance(w.stmt, ir.Store) and prog.may_precede(w, point):
                raise Unsupported(f"a read of {storage} that the kernel's own store into it (line {w.span.line}) "
                                  f"may precede: where {storage}'s tag function's condition fails the store "
                                  "leaves zeros, which the read would take for its fields (not followed)",
                                  getattr(point.stmt, "span", None))

    def input_tag(self, storage: str, coords: tuple) -> Contribution:
        decl = self.kernel.tag_of(storage)
        origin = Origin(None, storage, tuple(coords))
        if decl is None:
            return Contribution((), (), z3.BoolVal(True), (origin,))
        bound = dict(zip(decl.indices, coords))
        fields = tuple((name, self.env.term(e, bound)) for name, e in decl.fields)
        return Contribution(fields, (), z3.BoolVal(True), (origin,))

    def reaching(self, storage, coords, point, inst, writers, box: Box | None = None) -> TagValue:
        reader_key = self.key(point, {loop.var: 0 for loop in point.loops})
        cands = [c for w in writers for c in self.candidates(w, point, inst, writers, coords)]
        cands += self.sentinels(writers, point, inst, coords)
        cands = sorted((c for c in cands if c.key < reader_key), key=lambda c: c.key, reverse=True)
        # A shared read inside a loop that also writes the tile (a ring of slots) looks back
        # over older iterations, most of which wrote another slot: its cases that cannot
        # happen where the answer is used are dropped, and the walk stops once the writes seen
        # so far leave no instance unwritten (settle.py). Elsewhere the cases are rarely empty,
        # but for a sentinel of a loop the read is after (empty where its last iteration wrote).
        shared = self.types[storage].space is ir.Space.SHARED
        ring = shared and any(prog.common_loops(w, point) for w in writers)
        facts = reader_facts(self, point, inst, box) if ring and len(cands) > 1 else None
        cases, missed = [], []
        for c in cands:
            if c.point is None:
                hit = c.hit
                # (a register tile's sentinel under the assumptions alone: after a loop whose last
                # iteration writes the whole tile, the older iterations are no case)
                known = facts if facts is not None else (reader_facts(self, point, inst, box) if shared
                                                         else list(self.env.facts))
                if possible(self, known, And(*missed, hit)):
                    cases.append(Case(And(*missed, hit), CaseKind.OVERFLOW, note=c.note))
            else:
                hit = And(c.hit, self.writes(c.point, c.inst, coords))
                if possible(self, facts, And(*missed, hit)):
                    cases += self.hit_cases(storage, coords, c, missed, hit, facts)
            missed.append(z3.Not(hit))
            if c.point is not None and (self.certainly_writes(c, point) or settles(self, c, hit, point, inst, box)):
                return TagValue(tuple(cases))
            if facts is not None and not possible(self, facts, And(*missed)):
                return TagValue(tuple(cases))
        cases.append(Case(And(*missed), CaseKind.UNINIT, note=f"nothing wrote {storage} before this read"))
        return TagValue(tuple(cases))

    def reaching_through(self, storage, coords, point, inst, writer: prog.Point, source: tuple) -> TagValue | None:
        """The reaching write of register tile storage[coords] when it is load `writer`, with
        the load's source element and slice replaced by `source` (encode/twins.py): used once,
        by the reader's own instance of the load; None if the walk did not get there."""
        self._through[id(writer.stmt)] = source
        try:
            value = self.reaching(storage, coords, point, inst, [writer])
        finally:
            unused = self._through.pop(id(writer.stmt), None)
        return None if unused is not None else value

    def hit_cases(self, storage, coords, c: Candidate, missed: list, hit, facts) -> list[Case]:
        """The cases of a reaching write: one per case of the value it wrote (those that can happen)."""
        hop = (storage, tuple(coords), c.point, self.loop_values(c.point, c.inst))
        inners = self.written_value(c.point, c.inst, coords).cases
        out = []
        for inner in inners:
            cond = And(*missed, hit, inner.cond)
            if len(inners) == 1 or possible(self, facts, cond):
                out.append(Case(cond, inner.kind, inner.contribs, c.point, hop[3], inner.count, inner.note,
                                (hop,) + inner.trail, inner.empty))
        return out

    def certainly_writes(self, c: Candidate, reader: prog.Point) -> bool:
        """The candidate is the reader's own instance of an unconditional whole-tile write."""
        w = c.point
        same_instance = prog.common_loops(w, reader) == len(w.loops) and all(
            c.key[2 * k + 1] == 0 for k in range(len(w.loops)))
        same_guards = w.guards == reader.guards[:len(w.guards)]
        return (same_instance and same_guards and not self.thread_guarded(w)
                and not isinstance(w.stmt, (ir.Copy, ir.Store)))

    def loop_values(self, point: prog.Point, inst: dict) -> tuple:
        return tuple((loop.var, inst[loop.var]) for loop in point.loops)

    # ---------------------------------------------------------------- writes
    def writes(self, w: prog.Point, inst: dict, coords: tuple) -> object:
        """Does this instance of w write the element `coords` of its target?

        A statement does only the elements its thread-value distribution gives to some
        thread (docs/SEMANTICS.md); a layout that leaves elements out leaves them unwritten."""
        s = w.stmt
        if not isinstance(s, (ir.Copy, ir.Store, ir.TmaLoad)):
            tile = coords
            conds = []
        else:
            conds = []
            for sub, c in zip(s.dst.subs, coords):
                if isinstance(sub, ir.Index):
                    conds.append(c == self.env.term(sub.at, inst))
                else:
                    start = self.env.term(sub.start, inst)
                    conds += [Ge(c, start), Lt(c, Add(start, self.extent(sub.extent)))]
            tile = self.tile_coords(s.dst, inst, coords)
        conds += self.uncovered(s, tile) + self.thread_guards(w, inst, tile)
        return And(*conds) if conds else z3.BoolVal(True)

    def tile_coords(self, ref: ir.TileRef, inst: dict, full: tuple) -> tuple:
        """Tile coordinates of an element given by its full coordinates in ref's tensor."""
        return tuple(Sub(c, self.env.term(s.start, inst)) for s, c in zip(ref.subs, full) if isinstance(s, ir.Slice))

    def full_coords(self, ref: ir.TileRef, inst: dict, tile: tuple) -> tuple:
        it = iter(tile)
        return tuple(self.env.term(s.at, inst) if isinstance(s, ir.Index) else Add(self.env.term(s.start, inst), next(it))
                     for s in ref.subs)

    def written_value(self, w: prog.Point, inst: dict, coords: tuple) -> TagValue:
        """The tag of the element `coords` of the storage that instance `inst` of w writes."""
        from .compute_tags import compute_value, mma_value
        s = w.stmt
        if isinstance(s, (ir.Copy, ir.TmaLoad)):
            src = self.full_coords(s.src, inst, self.tile_coords(s.dst, inst, coords))
            return self.read(s.src.tensor, src, w, inst, slice_box(self, s.src, inst, src))
        if isinstance(s, ir.Store):      # into shared memory: the source tile's element at the tile coordinate
            if self.write_backs.trip_of(s) is None:
                return self.read(s.src, self.tile_coords(s.dst, inst, coords), w, inst)
            from .roundtrip import stored_value         # a running value kept in shared memory
            return stored_value(self, w, inst, coords)
        if isinstance(s, ir.Load):
            through = self._through.pop(id(s), None)
            if through is not None:
                return self.read(s.src.tensor, through[0], w, inst, through[1])
            src = self.full_coords(s.src, inst, exprs.source_tile(s, coords))
            return self.read(s.src.tensor, src, w, inst, slice_box(self, s.src, inst, src))
        if isinstance(s, ir.Zeros):
            return TagValue((Case(z3.BoolVal(True), CaseKind.VALUE, (), count=z3.IntVal(0)),))
        if isinstance(s, ir.Compute):
            return compute_value(self, s.value, coords, w, inst)
        if isinstance(s, ir.Mma):
            return mma_value(self, s, coords, w, inst)
        raise Unsupported(f"cannot take tags through {type(s).__name__}", s.span)

    # ---------------------------------------------------------------- accumulators
    @staticmethod
    def accumulates(w: prog.Point, storage: str) -> bool:
        s = w.stmt
        if isinstance(s, ir.Mma):
            return s.target.name == storage and s.c == storage
        if isinstance(s, ir.Compute):
            return s.target.name == storage and storage in exprs.free_syms(s.value, ir.SymKind.TENSOR)
        return False

    def accumulated(self, storage, coords, point, inst) -> TagValue:
        from .accumulate import summarise
        return summarise(self, storage, coords, point, inst)


def _masked_read(s, storage: str) -> bool:
    """Whether statement `s` reads global tensor `storage` through a mask."""
    return isinstance(s, (ir.Load, ir.Copy, ir.TmaLoad)) and s.mask is not None and s.src.tensor == storage


def _carried_through_other(stmts) -> list:
    """(tile, span) of each assignment in a loop whose tile the loop reads before it and whose
    value does not read the tile itself (`m2 = n2` with n2 computed from m2): the update that
    is not in place, which the message should name (new-user round 62 named another tile).
    A loop's walk covers the loops inside it, and those are walked again on their own (a tile
    read before its update in the inner loop only), so a pair may be listed twice."""
    out = []
    for s in ir.walk(stmts):
        if isinstance(s, ir.For):
            seen: set = set()
            for u in ir.walk(s.body):
                if isinstance(u, ir.Compute):
                    reads = exprs.free_syms(u.value, ir.SymKind.TENSOR)
                    if u.target.name in seen and u.target.name not in reads:
                        out.append((u.target.name, u.span))
                    seen |= reads
    return out


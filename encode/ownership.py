"""Which threads write what: the distribution of a tile statement, the elements it gives to
nobody, and the branch conditions of a point (uniform ones as facts, thread-dependent ones
through the thread that owns the element, encode/owner.py). Mixed into encode/dataflow.py's
Dataflow, whose environment, kernel and types it uses."""
from __future__ import annotations

import z3

from dsl import exprs, ir

from . import program as prog
from .symbols import Unsupported
from .terms import And


class Ownership:
    """Dataflow's thread and distribution questions (self is the Dataflow)."""

    def guards(self, point: prog.Point, inst: dict, uniform_only: bool = False, reader: bool = False) -> object:
        """The point's branch conditions at `inst`. A thread-dependent one has no value
        without a thread: `uniform_only` leaves them to `thread_guards`; a reader's are left
        out (the read is then checked for every thread, a stronger obligation); a writer's
        that every thread owning elements passes never stops a write; any other is unknown."""
        conds = []
        for g in point.guards:
            if exprs.mentions_thread(g.cond):
                if uniform_only or reader or self.owners_satisfy(point, g):
                    continue
                raise Unsupported("tags under a thread-dependent condition are not supported yet", g.cond.span)
            c = self.env.cond(g.cond, inst)
            conds.append(c if g.positive else z3.Not(c))
        return And(*conds) if conds else z3.BoolVal(True)

    def thread_guarded(self, point: prog.Point) -> bool:
        return any(exprs.mentions_thread(g.cond) for g in point.guards)

    def thread_guards(self, w: prog.Point, inst: dict, tile: tuple, dist=None) -> list:
        """The writer's thread-dependent conditions, for the thread its distribution gives
        the tile element `tile` to (encode/owner.py): that thread writes it or nobody does.
        `dist`: another distribution to take the thread from (an assertion's tile). A bulk
        copy has no owner per element: its one issuing thread runs under the role condition,
        and that the copy landed is the mbarrier protocol's to prove (encode/mbarrier.py), so
        it adds no condition here."""
        if not self.thread_guarded(w) or isinstance(w.stmt, ir.TmaLoad):
            return []
        # a role condition every owner passes stops no write (a wgmma's operand read, every
        # thread of the warpgroup holding every element, under `if thread.warp < 4`)
        gs = [g for g in w.guards if exprs.mentions_thread(g.cond) and (dist is not None or not self.owners_satisfy(w, g))]
        if not gs:
            return []
        bound = {**inst, **self.owner_bindings(w, tile, dist)}
        conds = []
        for g in gs:
            c = self.env.cond(g.cond, bound)
            conds.append(c if g.positive else z3.Not(c))
        return conds

    def owner_bindings(self, w: prog.Point, tile: tuple, dist=None) -> dict:
        """thread.x, thread.warp and thread.lane of the thread that the writer's distribution
        (or `dist`) gives the tile element `tile` to (encode/owner.py)."""
        from .distribution import thread_bindings
        from .owner import owner_thread
        dist = dist or self.distribution(w.stmt)
        e = z3.IntVal(0)
        for c, n in zip(tile, dist.shape):
            e = e * n + c
        return thread_bindings(owner_thread(dist, e), self.warp_size)

    def owners_satisfy(self, point: prog.Point, g: prog.Guard) -> bool:
        """Every thread the writer's distribution gives elements to passes the role condition g
        (which mentions no loop variable): the condition then never stops a write."""
        key = (id(point.stmt), id(g))
        if key not in self._owners_ok:      # the statement and guard are kept: their ids stay theirs
            self._owners_ok[key] = (self._owners_satisfy(point.stmt, g), point.stmt, g)
        return self._owners_ok[key][0]

    def _owners_satisfy(self, s, g: prog.Guard) -> bool:
        if exprs.free_syms(g.cond, ir.SymKind.LOOP) or not isinstance(s, (ir.Zeros, ir.Load, ir.Mma, ir.Compute,
                                                                           ir.Store, ir.Copy)):
            return False
        from .distribution import concrete_bindings, thread_bindings
        from .ground import holds_at
        threads = range(self.distribution(s).active_threads)
        t = z3.Int("%t#owner")
        try:        # encoded once over a symbolic thread, asked at each (encode/ground.py)
            c = self.env.cond(g.cond, thread_bindings(t, self.warp_size))
            return all(holds_at(c if g.positive else z3.Not(c), t, threads))
        except Unsupported:
            pass
        for k in threads:
            c = self.env.cond(g.cond, concrete_bindings(k, self.warp_size))
            if not z3.is_true(z3.simplify(c if g.positive else z3.Not(c))):
                return False
        return True

    def distribution(self, s):
        """The thread-value distribution of a tile statement (docs/SEMANTICS.md)."""
        from .distribution import of_spec
        if isinstance(s, (ir.Copy, ir.Store)):
            spec = s.layout if isinstance(s, ir.Copy) else self.store_layout(s)
            shape = tuple(self.extent(e) for e in exprs.tile_shape(s.dst))
        else:
            spec, shape = s.target.layout, self.shape(s.target.name)
        return of_spec(spec, shape, self.kernel.threads, self.env.consts)

    def store_layout(self, s: ir.Store) -> ir.LayoutSpec | None:
        """A store's distribution: its own layout clause, else the source tile's layout."""
        return s.layout if s.layout is not None else self.types[s.src].layout

    def uncovered(self, s, tile: tuple) -> list:
        """Facts excluding the tile elements that the statement's distribution gives to nobody."""
        if isinstance(s, ir.TmaLoad):
            return []                       # the issuing thread moves the whole tile
        if isinstance(s, ir.Copy):
            spec = s.layout
        elif isinstance(s, ir.Store):
            spec = self.store_layout(s)
        else:
            spec = getattr(s, "target", None) and s.target.layout
        if spec is None or spec.kind == "swizzle":
            return []
        missing = self._missing.get(id(s))
        if missing is None:
            from .distribution import of_spec
            shape = tuple(self.extent(e) for e in (exprs.tile_shape(s.dst) if isinstance(s, (ir.Copy, ir.Store))
                                                   else s.target.shape))
            missing = self._missing[id(s)] = (_missing_elements(of_spec(spec, shape, self.kernel.threads,
                                                                        self.env.consts)), shape)
        missing, shape = missing
        if not missing:
            return []
        e = z3.IntVal(0)
        for c, n in zip(tile, shape):
            e = e * n + c
        return [e != m for m in missing]


def _missing_elements(dist) -> tuple[int, ...]:
    """Row-major tile elements no (thread, value) slot of the distribution reaches."""
    import numpy as np
    from .distribution import slot_table
    if dist.bijective:          # the common case, decided on the layout's image at once
        return ()
    # on the slot table at once: a wgmma's operand read gives 128 threads each 8192 elements
    # (one Python call per slot was 28 s of a two-warpgroup GEMM's verification)
    table = slot_table(dist.tv)[:dist.active_threads, :dist.values]
    reached = np.zeros(dist.elements, dtype=bool)
    reached[table[(table >= 0) & (table < dist.elements)]] = True
    return tuple(int(e) for e in np.flatnonzero(~reached))

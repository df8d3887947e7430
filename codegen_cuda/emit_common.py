"""What every part of the emitter shares: the Numba types of DSL dtypes, the tile shape of an
expression, row-major index text, and the expressions a statement holds."""
from __future__ import annotations

from dsl import compute, exprs, ir

from .plan import Plan, fold
from .scalar import LoweringError

NUMBA_TYPE = {ir.DType.F16: "float16", ir.DType.F32: "float32", ir.DType.F64: "float64",
              ir.DType.I8: "int8", ir.DType.I32: "int32", ir.DType.I64: "int64", ir.DType.BOOL: "boolean"}
# Elementwise math and accumulation on 16-bit floats is done in f32 and rounded on store.
COMPUTE_TYPE = {ir.DType.F16: "float32", ir.DType.BF16: "float32"}
REDUCE_INIT = {"sum": "0", "max": "-math.inf", "min": "math.inf"}
# The same identities for integer tiles, which have no infinity (int32(-math.inf) faults).
INT_BOUNDS = {"int8": (-2**7, 2**7 - 1), "int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1)}


def reduce_init(f: str, want: str, wide: bool = False) -> str:
    """The identity a reduction `f` starts from, in the compute type `want`; `wide`: an
    integer reduction of int64 values (a sum accumulates in int64 as NumPy's does, the
    interpreter's), from int64's identity."""
    if wide:
        want = "int64"
    if want in INT_BOUNDS and f != "sum":
        return f"{want}({INT_BOUNDS[want][0 if f == 'max' else 1]})"
    if want == "boolean" and f != "sum":
        # False below True (boolean(-math.inf) is True: the max of a row of False was True,
        # held-out round 102)
        return f"boolean({0 if f == 'max' else 1})"
    return f"{want}({REDUCE_INIT[f]})"


def extremum(f: str, a: str, b: str, want: str) -> tuple[str, str | None]:
    """The source of maximum/max (f "maximum" or "max") or minimum/min of a and b in numba
    type `want`, and the helper it calls (codegen_cuda/scalar.HELPERS) or None. Floats order
    -0.0 below +0.0 and propagate NaN as the interpreter does (docs/SEMANTICS.md); Python's
    max(-0.0, 0.0) is its first argument, so `1.0 / maximum(x, 0.0)` at x = -0.0 was -inf
    on the simulator and inf in the interpreter (held-out round 86)."""
    big = f in ("maximum", "max")
    if want.startswith("float"):
        helper = "_fmax" if big else "_fmin"
        return f"{helper}({a}, {b})", helper
    return f"{'max' if big else 'min'}({a}, {b})", None


def numba_type(dt: ir.DType) -> str:
    if dt not in NUMBA_TYPE:
        raise LoweringError(f"dtype {dt.value} is not supported by the CUDA lowering yet")
    return NUMBA_TYPE[dt]


def compute_type(dt: ir.DType) -> str:
    return COMPUTE_TYPE.get(dt, numba_type(dt))


def is_simple(text: str) -> bool:
    return text.replace("_", "a").isalnum()


def is_wrapped(text: str) -> bool:
    """True for `(...)` whose first parenthesis closes at the very end."""
    if not text.startswith("("):
        return False
    depth = 0
    for i, ch in enumerate(text):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            return i == len(text) - 1
    return False


def converted(t: str, text: str) -> str:
    """`t(text)`, or text itself where it is already one conversion to t: `int64(int64(200))`."""
    if text.startswith(t + "(") and is_wrapped(text[len(t):]):
        return text
    return f"{t}({text})"


def paren(text: str) -> str:
    return text if is_simple(text) or is_wrapped(text) else f"({text})"


def expr_shape(plan: Plan, e: ir.Expr) -> tuple[int, ...]:
    """The tile shape of an elementwise/reduction/broadcast expression (() for scalars)."""
    return compute.expr_shape(e, lambda n: plan.tiles[n].shape, lambda x: fold(x, plan.consts)) or ()


def row_major(idx: list[str], shape: tuple[int, ...]) -> str:
    terms, stride = [], 1
    for x, n in reversed(list(zip(idx, shape))):
        terms.append(paren(x) if stride == 1 else f"{paren(x)} * {stride}")
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
    return exprs.ref_terms(r)

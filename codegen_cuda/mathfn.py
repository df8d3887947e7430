"""The float functions and comparisons of tile math as Numba source. In f32, exp2 and log2
are the hardware's approximate instructions (ex2.approx / lg2.approx, codegen_cuda/ptx.py);
the type each is computed in is node_types.py's."""
from __future__ import annotations

import math

from dsl import ir

# name -> source template over the operand text `{x}` and the compute type `{t}`.
UNARY = {"exp": "math.exp({x})", "abs": "abs({x})", "sqrt": "math.sqrt({x})", "neg": "(-{x})",
         "rsqrt": "({t}(1) / {t}(math.sqrt({x})))", "log": "math.log({x})", "log2": "math.log2({x})",
         "exp2": "math.pow({t}(2), {x})", "tanh": "math.tanh({x})", "erf": "math.erf({x})",
         "sigmoid": "({t}(1) / ({t}(1) + {t}(math.exp(-{x}))))"}
# In f32 these map to one approximate instruction each (relative error about 2^-22).
FAST_F32 = {"exp2": "ex2_approx", "log2": "lg2_approx"}
COMPARE = {ir.BinOp.EQ: "==", ir.BinOp.NE: "!=", ir.BinOp.LT: "<", ir.BinOp.LE: "<=",
           ir.BinOp.GT: ">", ir.BinOp.GE: ">=", ir.BinOp.AND: "and", ir.BinOp.OR: "or"}


def unary(f: str, x: str, want: str) -> tuple[str, str | None]:
    """The source of `f(x)` in type `want`, and the runtime function it calls (or None)."""
    if want == "float32" and f in FAST_F32:
        return f"{FAST_F32[f]}({x})", FAST_F32[f]
    return UNARY[f].format(x=x, t=want), None


def float_literal(v: float, want: str) -> str:
    if math.isinf(v):
        return f"{want}({'' if v > 0 else '-'}math.inf)"
    return f"{want}({v!r})"

"""Which thread-dependent conditions every lane of a warp decides alike.

Warp-collective instructions (shfl.sync, mma.sync) need every lane of the warp: under a
condition on the thread they may run only where the condition is warp-uniform, as a
warp-specialised block's role branch `if thread.warp == 4:` or `if thread.x < 128:` is.
Decided by evaluating the condition for every thread of the block: only conditions that
read nothing but the thread's index, literals and constants are evaluated; any other
(a size, the block, a loop variable, data) counts as divergent.
"""
from __future__ import annotations

from dsl import ir

WARP = 32


def warp_uniform(e: ir.Expr, threads: int, consts: dict[str, int]) -> bool:
    """Whether `e` has one value across the lanes of each warp of a block of `threads`."""
    values: dict[int, int] = {}
    for t in range(threads):
        v = _value(e, t, consts)
        if v is None or values.setdefault(t // WARP, v) != v:
            return False
    return True


def _value(e: ir.Expr, t: int, consts: dict[str, int]) -> int | None:
    match e:
        case ir.IntLit(value=v):
            return v
        case ir.Sym(name=n) if n in consts:
            return consts[n]
        case ir.BuiltinRef(which=ir.Builtin.THREAD_X):
            return t
        case ir.BuiltinRef(which=ir.Builtin.WARP):
            return t // WARP
        case ir.BuiltinRef(which=ir.Builtin.LANE):
            return t % WARP
        case ir.Neg(operand=x):
            v = _value(x, t, consts)
            return None if v is None else -v
        case ir.Not(operand=x):
            v = _value(x, t, consts)
            return None if v is None else int(not v)
        case ir.Call(func=f, args=(a, b), kwargs=()) if f in ("min", "max"):
            x, y = _value(a, t, consts), _value(b, t, consts)
            return None if x is None or y is None else (min(x, y) if f == "min" else max(x, y))
        case ir.Bin(op=op, lhs=a, rhs=b):
            x, y = _value(a, t, consts), _value(b, t, consts)
            return None if x is None or y is None else _binary(op, x, y)
    return None


def _binary(op: ir.BinOp, x: int, y: int) -> int | None:
    if op in (ir.BinOp.DIV, ir.BinOp.MOD):
        if y == 0:
            return None
        q = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)      # C's truncation
        return q if op is ir.BinOp.DIV else x - q * y
    table = {ir.BinOp.ADD: lambda: x + y, ir.BinOp.SUB: lambda: x - y, ir.BinOp.MUL: lambda: x * y,
             ir.BinOp.XOR: lambda: x ^ y, ir.BinOp.EQ: lambda: int(x == y), ir.BinOp.NE: lambda: int(x != y),
             ir.BinOp.LT: lambda: int(x < y), ir.BinOp.LE: lambda: int(x <= y), ir.BinOp.GT: lambda: int(x > y),
             ir.BinOp.GE: lambda: int(x >= y), ir.BinOp.AND: lambda: int(bool(x) and bool(y)),
             ir.BinOp.OR: lambda: int(bool(x) or bool(y))}
    return table[op]() if op in table else None

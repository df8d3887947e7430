"""Integer expressions of the IR evaluated on plain ints (CUDA's truncating / and %).

Used to build concrete witnesses once the solver has fixed the sizes (an element that
no thread writes); never to prove anything.
"""
from __future__ import annotations

from dsl import ir

from .symbols import Unsupported


def tdiv(a: int, b: int) -> int:
    if b == 0:
        raise Unsupported("division by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def tmod(a: int, b: int) -> int:
    return a - b * tdiv(a, b)


def value(e: ir.Expr, env: dict) -> int:
    """`env` maps size, constant, loop and builtin names (block.x, thread.x ...) to ints."""
    match e:
        case ir.IntLit(value=v):
            return v
        case ir.Sym(name=n) if n in env:
            return env[n]
        case ir.BuiltinRef(which=w) if w.value in env:
            return env[w.value]
        case ir.Neg(operand=x):
            return -value(x, env)
        case ir.Bin(op=op, lhs=a, rhs=b) if op not in ir.COMPARISONS and op not in ir.LOGICAL:
            x, y = value(a, env), value(b, env)
            return {ir.BinOp.ADD: lambda: x + y, ir.BinOp.SUB: lambda: x - y, ir.BinOp.MUL: lambda: x * y,
                    ir.BinOp.DIV: lambda: tdiv(x, y), ir.BinOp.MOD: lambda: tmod(x, y),
                    ir.BinOp.XOR: lambda: x ^ y}[op]()
        case ir.Call(func=f, args=(a, b)) if f in ("min", "max"):
            x, y = value(a, env), value(b, env)
            return min(x, y) if f == "min" else max(x, y)
    raise Unsupported(f"cannot evaluate {type(e).__name__} concretely", getattr(e, "span", None))


def truth(e: ir.Expr, env: dict) -> bool:
    match e:
        case ir.Bin(op=ir.BinOp.AND, lhs=a, rhs=b):
            return truth(a, env) and truth(b, env)
        case ir.Bin(op=ir.BinOp.OR, lhs=a, rhs=b):
            return truth(a, env) or truth(b, env)
        case ir.Not(operand=x):
            return not truth(x, env)
        case ir.Bin(op=op, lhs=a, rhs=b) if op in ir.COMPARISONS:
            x, y = value(a, env), value(b, env)
            return {ir.BinOp.EQ: x == y, ir.BinOp.NE: x != y, ir.BinOp.LT: x < y, ir.BinOp.LE: x <= y,
                    ir.BinOp.GT: x > y, ir.BinOp.GE: x >= y}[op]
    return value(e, env) != 0


def instances(point, env: dict):
    """Every loop instance of `point` (dicts of loop values) whose branch conditions hold."""
    def go(level: int, cur: dict):
        if level == len(point.loops):
            scope = {**env, **cur}
            if all(truth(g.cond, scope) == g.positive for g in point.guards):
                yield dict(cur)
            return
        loop = point.loops[level]
        scope = {**env, **cur}
        for i in range(value(loop.start, scope), value(loop.stop, scope)):
            cur[loop.var] = i
            yield from go(level + 1, cur)
        cur.pop(loop.var, None)
    yield from go(0, {})

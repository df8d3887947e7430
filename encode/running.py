"""Running extrema: `acc = maximum(acc, x)` (or minimum, or `where(x > acc, x, acc)`) and the
constants they start from.

START (reduce_start.py) warns about a start inside the data's range; the padding rule
(fill_rule.py) calls padding neutral that can never pass a start; the padding walk
(pad_accumulate.py) keeps an identity start's padding as the identity. All three read a
kernel's running extrema through these two functions."""
from __future__ import annotations

import math
from typing import Callable

from dsl import exprs, ir
from dsl.compute import selects_own_sides
from dsl.fmt import format_expr


def update(e: ir.Expr, name: str, calls_only: bool = False) -> tuple[str, ir.Expr] | None:
    """("max" or "min", the other operand) when `e` is a running extremum update of `name`;
    `calls_only` leaves out the `where` form."""
    match e:
        case ir.Call(func="maximum" | "minimum" as f, args=(a, b), kwargs=()):
            for x, y in ((a, b), (b, a)):
                if _own(x, name) and name not in exprs.free_syms(y, ir.SymKind.TENSOR):
                    return ("max" if f == "maximum" else "min"), y
        case ir.Call(func="where", args=(c, a, b)) if not calls_only and selects_own_sides(c, a, b) \
                and isinstance(c, ir.Bin):
            for x, y in ((a, b), (b, a)):
                if _own(x, name) and name not in exprs.free_syms(y, ir.SymKind.TENSOR):
                    # `where(y > acc, y, acc)` keeps the larger: picks y where y > acc
                    bigger = (c.op in (ir.BinOp.GT, ir.BinOp.GE)) == (format_expr(c.lhs) == format_expr(y))
                    return ("max" if bigger == (x is b) else "min"), y
    return None


def starts(df, name: str, start_of: Callable[[ir.Stmt], float | None],
           calls_only: bool = False) -> tuple[str, list[float]] | None:
    """("max" or "min", the starts) when every writer of `name` that reads it is a running
    update of that one kind and every other writer holds one number, `start_of(stmt)` (not
    NaN); else None."""
    kinds, found = set(), []
    for w in df.writers.get(name, []):
        s = w.stmt
        if df.accumulates(w, name):
            got = update(s.value, name, calls_only) if isinstance(s, ir.Compute) else None
            if got is None:
                return None
            kinds.add(got[0])
        else:
            c = start_of(s)
            if c is None or math.isnan(c):
                return None
            found.append(c)
    return (kinds.pop(), found) if len(kinds) == 1 else None


def _own(e: ir.Expr, name: str) -> bool:
    return isinstance(e, ir.Sym) and e.kind is ir.SymKind.TENSOR and e.name == name

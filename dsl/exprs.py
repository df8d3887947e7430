"""Expression utilities over the IR: constant folding, free symbols, substitution.

Integer `/` and `%` here follow the DSL's rule (floor semantics on non-negative values,
which is what CUDA's truncation gives on them); negative operands in constants are rejected.
"""
from __future__ import annotations

import dataclasses

from . import ir


class NotConstant(Exception):
    """The expression mentions something that is not a compile-time integer."""

    def __init__(self, why: str, span):
        super().__init__(why)
        self.why = why
        self.span = span


def fold(e: ir.Expr, consts: dict[str, int]) -> int:
    """Value of a compile-time integer expression; raises NotConstant otherwise."""
    match e:
        case ir.IntLit(value=v):
            return v
        case ir.Sym(name=n) if n in consts:
            return consts[n]
        case ir.Neg(operand=x):
            return -fold(x, consts)
        case ir.Bin(op=op, lhs=a, rhs=b) if op not in ir.LOGICAL and op not in ir.COMPARISONS:
            x, y = fold(a, consts), fold(b, consts)
            if op in (ir.BinOp.DIV, ir.BinOp.MOD):
                if y == 0:
                    raise NotConstant("division by zero", e.span)
                if x < 0 or y < 0:
                    raise NotConstant("negative operand of / or %", e.span)
                return x // y if op is ir.BinOp.DIV else x % y
            if op is ir.BinOp.XOR:
                if x < 0 or y < 0:
                    raise NotConstant("negative operand of ^", e.span)
                return x ^ y
            return {ir.BinOp.ADD: x + y, ir.BinOp.SUB: x - y, ir.BinOp.MUL: x * y}[op]
        case ir.Call(func=f, args=args, kwargs=()) if f in ("min", "max") and len(args) == 2:
            vals = [fold(a, consts) for a in args]
            return min(vals) if f == "min" else max(vals)
    raise NotConstant(_why_not_constant(e, consts), getattr(e, "span", None))


def _why_not_constant(e: ir.Expr, consts: dict[str, int]) -> str:
    """The first part of `e` that keeps it from being a compile-time integer, in words."""
    for n in iter_nodes(e):
        match n:
            case ir.Sym(name=name, kind=kind) if name not in consts:
                what = {ir.SymKind.SIZE: "a symbolic size", ir.SymKind.LOOP: "a loop variable",
                        ir.SymKind.TENSOR: "a tile", ir.SymKind.INDEX: "not a constant",
                        ir.SymKind.CONST: "a constant without a value"}[kind]
                return f"'{name}' is {what}"
            case ir.BuiltinRef(which=w):
                return f"{w.value} differs between blocks and threads"
            case ir.FloatLit():
                return "it has a float"
            case ir.Hole():
                return "it has a hole `??`"
            case ir.Call(func=f) if f not in ("min", "max"):
                return f"'{f}' is not a compile-time function"
            case ir.Cast():
                return "'cast' is not a compile-time function"
    return "it is not integer arithmetic"


def try_fold(e: ir.Expr, consts: dict[str, int]) -> int | None:
    try:
        return fold(e, consts)
    except NotConstant:
        return None


def conjuncts(e: ir.Expr) -> list[ir.Expr]:
    """The operands of a chain of `and`, in order (e itself when it is none)."""
    if isinstance(e, ir.Bin) and e.op is ir.BinOp.AND:
        return conjuncts(e.lhs) + conjuncts(e.rhs)
    return [e]


def disjuncts(e: ir.Expr) -> list[ir.Expr]:
    """The operands of a chain of `or`, in order (e itself when it is none)."""
    if isinstance(e, ir.Bin) and e.op is ir.BinOp.OR:
        return disjuncts(e.lhs) + disjuncts(e.rhs)
    return [e]


def sub_terms(sub) -> tuple:
    """The integer expressions of one subscript: `at` of an index, start and extent of a slice."""
    return (sub.at,) if isinstance(sub, ir.Index) else (sub.start, sub.extent)


def ref_terms(ref: ir.TileRef) -> list:
    """The integer expressions of every subscript of a tile reference, in order."""
    return [e for sub in ref.subs for e in sub_terms(sub)]


def children(e: ir.Expr) -> tuple:
    match e:
        case ir.Bin(lhs=a, rhs=b):
            return (a, b)
        case ir.Neg(operand=x) | ir.Not(operand=x) | ir.Cast(operand=x):
            return (x,)
        case ir.Call(args=args, kwargs=kw):
            return tuple(args) + tuple(v for _, v in kw)
        case ir.Hole(domain=d):
            return tuple(d)
        case ir.ElemRef(indices=ix):
            return tuple(ix)
        case ir.TagField(elem=el):
            return (el,)
        case ir.RangeSet(lo=lo, hi=hi):
            return (lo, hi)
        case ir.TupleExpr(items=items):
            return tuple(items)
        case ir.Forall(body=b):
            return (b,)
    return ()


def iter_nodes(e: ir.Expr):
    yield e
    for c in children(e):
        yield from iter_nodes(c)


def mentions_thread(e: ir.Expr) -> bool:
    """Whether `e` depends on the thread (thread.x, thread.warp, thread.lane)."""
    return any(isinstance(n, ir.BuiltinRef) and n.which.value.startswith("thread.") for n in iter_nodes(e))


def reads_elements(e: ir.Expr) -> bool:
    """Does `e` read an element of a tensor (`IDX[b]`, `F[block.x]`): a value of data?"""
    return any(isinstance(n, ir.ElemRef) for n in iter_nodes(e))


def mentions_block(e: ir.Expr) -> bool:
    """Whether `e` depends on the block (block.x, block.y, block.z)."""
    return any(isinstance(n, ir.BuiltinRef) and n.which.value.startswith("block.") for n in iter_nodes(e))


def free_syms(e: ir.Expr, kind: ir.SymKind | None = None) -> set[str]:
    return {n.name for n in iter_nodes(e) if isinstance(n, ir.Sym) and (kind is None or n.kind is kind)}


def substitute(e: ir.Expr, mapping: dict[str, ir.Expr]) -> ir.Expr:
    """Replace symbols by expressions (used to instantiate tag functions)."""
    if isinstance(e, ir.Sym):
        return mapping.get(e.name, e)
    if isinstance(e, ir.Forall):
        inner = {k: v for k, v in mapping.items() if k not in e.names}
        return dataclasses.replace(e, body=substitute(e.body, inner))
    return _rebuild(e, lambda k: substitute(k, mapping))


def rewrite(e: ir.Expr, fn) -> ir.Expr:
    """`e` with every node for which `fn` returns an expression replaced by it, outermost
    first (a replaced node's children are not visited)."""
    out = fn(e)
    return out if out is not None else _rebuild(e, lambda k: rewrite(k, fn))


def _rebuild(e: ir.Expr, f) -> ir.Expr:
    """`e` with `f` applied to each of its child expressions."""
    if not children(e):
        return e
    match e:
        case ir.Bin():
            return dataclasses.replace(e, lhs=f(e.lhs), rhs=f(e.rhs))
        case ir.Neg() | ir.Not() | ir.Cast():
            return dataclasses.replace(e, operand=f(e.operand))
        case ir.Call():
            return dataclasses.replace(e, args=tuple(f(a) for a in e.args),
                                       kwargs=tuple((k, f(v)) for k, v in e.kwargs))
        case ir.ElemRef():
            return dataclasses.replace(e, indices=tuple(f(i) for i in e.indices))
        case ir.TagField():
            return dataclasses.replace(e, elem=f(e.elem))
        case ir.RangeSet():
            return dataclasses.replace(e, lo=f(e.lo), hi=f(e.hi))
        case ir.TupleExpr():
            return dataclasses.replace(e, items=tuple(f(i) for i in e.items))
        case ir.Forall():
            return dataclasses.replace(e, body=f(e.body))
    return e


def source_tile(s, coords) -> tuple:
    """The source tile's coordinates of target element `coords` of a load (a transposed
    load swaps them); any other statement's are the same."""
    return tuple(coords)[::-1] if getattr(s, "transpose", False) else tuple(coords)


def tile_shape(ref: ir.TileRef) -> tuple[ir.Expr, ...]:
    """Extents of the kept dimensions of a subscripted tile."""
    return tuple(s.extent for s in ref.subs if isinstance(s, ir.Slice))


def int_scalar(e: ir.Expr) -> bool:
    """Whether `e` is integer arithmetic (`+ - * / % ^`, negation, min, max) of literals,
    sizes, constants, loop variables, block and thread ids and elements of integer inputs
    (the type checker admits no other element read in tile math): no tile, no float. Inside
    tile math it is an int64 integer (SEMANTICS.md), converted once to the
    tile's type: converting each leaf first rounded `kt - 16777216` in f32 and made `^` a
    float operation (held-out round 29). The lowering, the fill rule's padding values and
    the constants of zero_values all take it so."""
    match e:
        case ir.IntLit() | ir.BuiltinRef():
            return True
        case ir.Sym(kind=kind):
            return kind is not ir.SymKind.TENSOR
        case ir.Neg(operand=x):
            return int_scalar(x)
        case ir.ElemRef(indices=ix):
            return all(int_scalar(i) for i in ix)
        case ir.Bin(op=op, lhs=a, rhs=b) if op in (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL, ir.BinOp.DIV,
                                                  ir.BinOp.MOD, ir.BinOp.XOR):
            return int_scalar(a) and int_scalar(b)
        case ir.Call(func="min" | "max", args=(a, b), kwargs=()):
            return int_scalar(a) and int_scalar(b)
    return False


INT64 = 1 << 63


def int_scalar_value(e: ir.Expr, consts: dict[str, int]) -> int | None:
    """The int64 value of an `int_scalar` expression where it folds to one (C division on
    non-negative operands only, see fold), else None."""
    for n in iter_nodes(e):          # every intermediate too: int64 wraps where Python's ints do not
        v = try_fold(n, consts) if isinstance(n, (ir.Bin, ir.Neg)) or n is e else 0
        if v is None or not -INT64 <= v < INT64:
            return None
    return try_fold(e, consts)

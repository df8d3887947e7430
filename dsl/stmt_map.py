"""Expression maps over whole statements, for rewrites that copy code: substituting a
loop variable and renaming register tiles (targets, mma operands, stored tiles, tile
references inside expressions and tag assertions)."""
from __future__ import annotations

import dataclasses

from dsl import exprs, ir


def map_expr(e, f):
    """The expression rebuilt bottom-up with `f` applied to every node."""
    if e is None:
        return None
    match e:
        case ir.Bin():
            e = dataclasses.replace(e, lhs=map_expr(e.lhs, f), rhs=map_expr(e.rhs, f))
        case ir.Neg() | ir.Not() | ir.Cast():
            e = dataclasses.replace(e, operand=map_expr(e.operand, f))
        case ir.Call():
            e = dataclasses.replace(e, args=tuple(map_expr(a, f) for a in e.args),
                                    kwargs=tuple((k, map_expr(v, f)) for k, v in e.kwargs))
        case ir.ElemRef():
            e = dataclasses.replace(e, indices=tuple(map_expr(i, f) for i in e.indices))
        case ir.TagField():
            e = dataclasses.replace(e, elem=map_expr(e.elem, f))
        case ir.RangeSet():
            e = dataclasses.replace(e, lo=map_expr(e.lo, f), hi=map_expr(e.hi, f))
        case ir.TupleExpr():
            e = dataclasses.replace(e, items=tuple(map_expr(i, f) for i in e.items))
        case ir.Forall():
            e = dataclasses.replace(e, body=map_expr(e.body, f))
    return f(e)


def _ref(ref: ir.TileRef, f, rename: dict[str, str]) -> ir.TileRef:
    subs = tuple(dataclasses.replace(s, at=map_expr(s.at, f)) if isinstance(s, ir.Index)
                 else dataclasses.replace(s, start=map_expr(s.start, f), extent=map_expr(s.extent, f))
                 for s in ref.subs)
    return dataclasses.replace(ref, tensor=rename.get(ref.tensor, ref.tensor), subs=subs)


def _target(t: ir.TensorType, rename: dict[str, str]) -> ir.TensorType:
    return dataclasses.replace(t, name=rename.get(t.name, t.name))


def map_stmt(s: ir.Stmt, f, rename: dict[str, str] = {}) -> ir.Stmt:
    """The statement, nested bodies included, with `f` applied to each expression node and
    the tiles in `rename` renamed wherever they are defined or used."""
    r = rename
    match s:
        case ir.Load():
            return dataclasses.replace(s, target=_target(s.target, r), src=_ref(s.src, f, r))
        case ir.Compute():
            return dataclasses.replace(s, target=_target(s.target, r), value=map_expr(s.value, f))
        case ir.Mma():
            return dataclasses.replace(s, target=_target(s.target, r), a=r.get(s.a, s.a), b=r.get(s.b, s.b),
                                       c=r.get(s.c, s.c))
        case ir.Zeros():
            return dataclasses.replace(s, target=_target(s.target, r))
        case ir.Copy():
            return dataclasses.replace(s, dst=_ref(s.dst, f, r), src=_ref(s.src, f, r))
        case ir.Store():
            return dataclasses.replace(s, dst=_ref(s.dst, f, r), src=r.get(s.src, s.src))
        case ir.WaitGroup():
            return dataclasses.replace(s, pending=map_expr(s.pending, f))
        case ir.Assert() | ir.Invariant():
            return dataclasses.replace(s, cond=map_expr(s.cond, f))
        case ir.For():
            return dataclasses.replace(s, start=map_expr(s.start, f), stop=map_expr(s.stop, f),
                                       body=tuple(map_stmt(b, f, r) for b in s.body))
        case ir.If():
            return dataclasses.replace(s, cond=map_expr(s.cond, f), then=tuple(map_stmt(b, f, r) for b in s.then),
                                       orelse=tuple(map_stmt(b, f, r) for b in s.orelse))
    return s


def renamer(rename: dict[str, str], loop: dict[str, ir.Expr] = {}):
    """A node map: tile names in `rename` renamed, loop variables in `loop` replaced."""
    def f(e):
        if isinstance(e, ir.Sym) and e.kind is ir.SymKind.LOOP and e.name in loop:
            return loop[e.name]
        if isinstance(e, ir.Sym) and e.name in rename and e.kind is ir.SymKind.TENSOR:
            return dataclasses.replace(e, name=rename[e.name])
        if isinstance(e, ir.ElemRef) and e.tensor in rename:
            return dataclasses.replace(e, tensor=rename[e.tensor])
        return e
    return f


def defined(s: ir.Stmt) -> set[str]:
    """The register tiles a statement (not its nested bodies) assigns."""
    t = getattr(s, "target", None)
    return {t.name} if isinstance(t, ir.TensorType) and not isinstance(s, ir.Alloc) else set()


def read(s: ir.Stmt) -> set[str]:
    """The tile and tensor names a statement, nested bodies included, reads."""
    out: set[str] = set()

    def note(e):
        if isinstance(e, ir.Sym) and e.kind is ir.SymKind.TENSOR:
            out.add(e.name)
        elif isinstance(e, ir.ElemRef):
            out.add(e.tensor)
        return e
    map_stmt(s, note)
    match s:
        case ir.Load():
            out.add(s.src.tensor)
        case ir.Mma():
            out |= {s.a, s.b, s.c}
        case ir.Store():
            out.add(s.src)
        case ir.Copy():
            out.add(s.src.tensor)
        case ir.For():
            for b in s.body:
                out |= read(b)
        case ir.If():
            for b in s.then + s.orelse:
                out |= read(b)
    return out


def written(stmts) -> set[str]:
    """Every tile the statements (nested bodies included) assign."""
    return {n for s in ir.walk(tuple(stmts)) for n in defined(s)}


def uses_loop_var(e: ir.Expr, var: str) -> bool:
    return var in exprs.free_syms(e, ir.SymKind.LOOP)


def simplify(e):
    """`0 * x`, `x * 0` -> 0 and `x + 0`, `x - 0`, `0 + x` -> x: what substituting 0 for a
    loop variable or filling an offset hole with 0 leaves behind (a node map for `map_stmt`)."""
    if isinstance(e, ir.Bin):
        zero = ir.IntLit(0)
        if e.op is ir.BinOp.MUL and zero in (e.lhs, e.rhs):
            return zero
        if e.op in (ir.BinOp.ADD, ir.BinOp.SUB) and e.rhs == zero:
            return e.lhs
        if e.op is ir.BinOp.ADD and e.lhs == zero:
            return e.rhs
    return e

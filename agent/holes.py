"""Holes in a sketch: where they are, what values they may take, and filling them.

A hole is an `ir.Hole` with a literal domain, listed in the order the kernel is printed;
its position is the path of the statement holding it, so a counterexample's program
point (a line of the filled candidate, whose statements have the same paths) names the
holes a repair may change."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from dsl import exprs, ir
from dsl.stmt_map import map_expr as _map_expr

from .rewrites.base import paths


@dataclass(frozen=True)
class HoleSite:
    index: int
    path: tuple
    domain: tuple[int, ...]


def _map_ref(ref: ir.TileRef, f) -> ir.TileRef:
    subs = tuple(dataclasses.replace(s, at=_map_expr(s.at, f)) if isinstance(s, ir.Index)
                 else dataclasses.replace(s, start=_map_expr(s.start, f), extent=_map_expr(s.extent, f))
                 for s in ref.subs)
    return dataclasses.replace(ref, subs=subs)


def map_stmt_exprs(s: ir.Stmt, f) -> ir.Stmt:
    """The statement (not its nested bodies) with `f` applied to each expression node."""
    match s:
        case ir.WaitGroup():
            return dataclasses.replace(s, pending=_map_expr(s.pending, f))
        case ir.Copy():
            return dataclasses.replace(s, dst=_map_ref(s.dst, f), src=_map_ref(s.src, f))
        case ir.Load():
            return dataclasses.replace(s, src=_map_ref(s.src, f))
        case ir.Store():
            return dataclasses.replace(s, dst=_map_ref(s.dst, f))
        case ir.For():
            return dataclasses.replace(s, start=_map_expr(s.start, f), stop=_map_expr(s.stop, f))
        case ir.If():
            return dataclasses.replace(s, cond=_map_expr(s.cond, f))
        case ir.Compute():
            return dataclasses.replace(s, value=_map_expr(s.value, f))
    return s


def _stmt_holes(s: ir.Stmt) -> list[ir.Hole]:
    found: list[ir.Hole] = []

    def note(e):
        if isinstance(e, ir.Hole):
            found.append(e)
        return e
    map_stmt_exprs(s, note)
    return found


def hole_sites(kernel: ir.Kernel) -> list[HoleSite]:
    out = []
    for path, s in paths(kernel.body):
        for h in _stmt_holes(s):
            dom = tuple(exprs.try_fold(d, {c.name: c.value for c in kernel.consts}) for d in h.domain)
            out.append(HoleSite(len(out), path, dom))
    return out


def _simplify(e):
    """`x + 0` -> `x`: a filled hole of zero leaves no trace in the candidate."""
    if isinstance(e, ir.Bin) and e.op is ir.BinOp.ADD and e.rhs == ir.IntLit(0):
        return e.lhs
    return e


def _fill_stmts(stmts: tuple, values: list[int]) -> tuple:
    out = []
    for s in stmts:
        s = map_stmt_exprs(s, lambda e: ir.IntLit(values.pop(0)) if isinstance(e, ir.Hole) else e)
        s = map_stmt_exprs(s, _simplify)
        if isinstance(s, ir.For):
            s = dataclasses.replace(s, body=_fill_stmts(s.body, values))
        elif isinstance(s, ir.If):
            s = dataclasses.replace(s, then=_fill_stmts(s.then, values), orelse=_fill_stmts(s.orelse, values))
        out.append(s)
    return tuple(out)


def fill_holes(kernel: ir.Kernel, values: tuple[int, ...]) -> ir.Kernel:
    """The sketch with its holes, in order, replaced by `values`."""
    return dataclasses.replace(kernel, body=_fill_stmts(kernel.body, list(values)))

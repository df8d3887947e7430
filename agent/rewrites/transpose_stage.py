"""Padded shared staging of a transposing copy: a loop that loads row i of a global tile
and stores it as column i of the output (uncoalesced writes) becomes row copies into a
shared tile, one barrier, and a single tile store whose rows are the output's rows. The
shared rows are padded by one element so the column writes fall in distinct banks."""
from __future__ import annotations

import dataclasses

from dsl import exprs, ir

from .base import Rewritten, add, fresh, lit, paths, splice


def _row_base(e: ir.Expr, var: str) -> ir.Expr | None:
    """`base + var` -> base (the rows the loop walks, one per iteration)."""
    if isinstance(e, ir.Bin) and e.op is ir.BinOp.ADD and e.rhs == ir.Sym(var, ir.SymKind.LOOP) \
            and var not in exprs.free_syms(e.lhs):
        return e.lhs
    return None


def _match(kernel: ir.Kernel):
    for path, s in paths(kernel.body):
        if not (isinstance(s, ir.For) and s.start == lit(0) and isinstance(s.stop, ir.Sym)
                and s.stop.kind is ir.SymKind.CONST):
            continue
        loads = [b for b in s.body if isinstance(b, ir.Load)]
        stores = [b for b in s.body if isinstance(b, ir.Store)]
        if len(loads) != 1 or len(stores) != 1 or len(s.body) != 2 + sum(isinstance(b, ir.Assert) for b in s.body):
            continue
        ld, st = loads[0], stores[0]
        if st.src != ld.target.name or kernel.param(ld.src.tensor) is None or len(ld.src.subs) != 2 \
                or len(st.dst.subs) != 2:
            continue
        (li, ls), (ss, si) = ld.src.subs, st.dst.subs
        if not (isinstance(li, ir.Index) and isinstance(ls, ir.Slice) and isinstance(ss, ir.Slice)
                and isinstance(si, ir.Index) and ls.extent == ss.extent):
            continue
        if _row_base(li.at, s.var) is not None and _row_base(si.at, s.var) is not None:
            return path, s, ld, st
    return None


def _retarget(e: ir.Expr, old: str, new: str, loop: str, idx: str):
    """x[j] -> t[j, idx], and the loop variable -> the index idx."""
    if isinstance(e, ir.ElemRef) and e.tensor == old:
        return ir.ElemRef(new, e.indices + (ir.Sym(idx, ir.SymKind.INDEX),))
    if isinstance(e, ir.Sym) and e.name == loop and e.kind is ir.SymKind.LOOP:
        return ir.Sym(idx, ir.SymKind.INDEX)
    match e:
        case ir.Bin():
            return dataclasses.replace(e, lhs=_retarget(e.lhs, old, new, loop, idx),
                                       rhs=_retarget(e.rhs, old, new, loop, idx))
        case ir.TagField():
            return dataclasses.replace(e, elem=_retarget(e.elem, old, new, loop, idx))
        case ir.Not():
            return dataclasses.replace(e, operand=_retarget(e.operand, old, new, loop, idx))
    return e


def stage_transpose(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    m = _match(kernel)
    if m is None:
        return None
    path, loop, ld, st = m
    width, rows = ld.src.subs[1].extent, loop.stop
    sname, tname = fresh(kernel, "s"), fresh(kernel, "t")
    idx = fresh(kernel, "r")
    var = ir.Sym(loop.var, ir.SymKind.LOOP)
    pad = int(params.get("pad", 1))
    layout = ir.LayoutSpec("layout", shape=ir.TupleExpr((width, rows)),
                           stride=ir.TupleExpr((add(rows, lit(pad)), lit(1))))
    src_type = kernel.param(ld.src.tensor)
    alloc = ir.Alloc(ir.TensorType(sname, src_type.dtype, (width, rows), ir.Space.SHARED, layout))
    copy = ir.Copy(ir.TileRef(sname, (ir.Slice(lit(0), width), ir.Index(var))), ld.src, False)
    tile = ir.Load(ir.TensorType(tname, ld.target.dtype, (width, rows), ir.Space.REGISTER),
                   ir.TileRef(sname, (ir.Slice(lit(0), width), ir.Slice(lit(0), rows))))
    asserts = tuple(dataclasses.replace(a, cond=_retarget(a.cond, ld.target.name, tname, loop.var, idx),
                                        indices=tuple(sorted(set(a.indices) | {idx})))
                    for a in loop.body if isinstance(a, ir.Assert))
    row_base = _row_base(st.dst.subs[1].at, loop.var)
    store = ir.Store(ir.TileRef(st.dst.tensor, (st.dst.subs[0], ir.Slice(row_base, rows))), tname)
    new = (alloc, dataclasses.replace(loop, body=(copy,)), ir.Barrier(), tile) + asserts + (store,)
    return Rewritten(dataclasses.replace(kernel, body=splice(kernel.body, path, new)),
                     f"transpose staged through {sname}, rows padded by {pad}")

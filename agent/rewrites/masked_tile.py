"""Masked block tiling: block tiling for output sizes no tile divides (KernelBench's
irregular matmul, M = 8205, N = 5921). Block tiling proper (block_tile.py) restates the
sizes' divisibility, and a candidate whose assumptions exclude the bench sizes is not priced;
here the assumptions stay, the grid rounds up, the global tiles that step with the block
index along a tiled dimension are read `masked(fill=0.0)` (0 for integers) and the output is
stored `masked`, so the candidate runs at every size the seed does. Padding carries no tags,
so each tag assertion on a tile that reaches past the tensor is made only inside it
(`block.x * BM + i >= M or ...`, the form docs/DSL.md gives for tails). Whether a zero past
the tensor is neutral for what the kernel computes is the verifier's to decide (its padding
rules refute a maximum over zeros); only sizes with no divisibility fact are tiled so."""
from __future__ import annotations

import dataclasses

from dsl import exprs, ir

from .base import Rewritten, add, conjoin, div, fold, lit, only_plain_facts, sub, sym, with_const
from .block_tile import tile_consts


def _divisibility_known(assumes: tuple, size: str) -> bool:
    """Whether some assumption says `size % c == 0` (plain block tiling serves that size)."""
    for a in assumes:
        for c in exprs.conjuncts(a):
            if any(isinstance(n, ir.Bin) and n.op is ir.BinOp.MOD and isinstance(n.lhs, ir.Sym)
                   and n.lhs.name == size for n in exprs.iter_nodes(c)):
                return True
    return False


def masked_block_tile(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    consts = tile_consts(kernel)
    wanted = {c: int(v) for c, v in params.items() if c in consts}
    if not wanted or any(not only_plain_facts(kernel.assumes, consts[c]) or
                         _divisibility_known(kernel.assumes, consts[c]) for c in wanted):
        return None
    if all(fold(sym(c), kernel) == v for c, v in wanted.items()):
        return None
    tiled: dict[str, set[str]] = {}                 # size -> the constants that tile it (C: f32[M, M]: two)
    for c in wanted:
        tiled.setdefault(consts[c], set()).add(c)
    k = kernel
    for c, v in sorted(wanted.items()):
        k = with_const(k, c, v)
    grid = tuple(_round_up(g, tiled) for g in k.grid)
    body = tuple(_mask_stmt(s, k, tiled) for s in k.body)
    edges: dict[tuple[str, int], tuple] = {}
    for s in ir.walk(body):
        if isinstance(s, ir.Load) and not s.transpose:
            _edges(s.src, s.target.name, k, tiled, edges)
        elif isinstance(s, ir.Store):
            _edges(s.dst, s.src, k, tiled, edges)
    body = tuple(_guard_claims(s, edges) for s in body)
    k = dataclasses.replace(k, grid=grid, body=body)
    return Rewritten(k, "masked block tile " + ", ".join(f"{c} = {v}" for c, v in sorted(wanted.items())))


def _round_up(g: ir.Expr, tiled: dict) -> ir.Expr:
    """`S / C` for a tiled size S as `(S + C - 1) / C`."""
    if isinstance(g, ir.Bin) and g.op is ir.BinOp.DIV and isinstance(g.lhs, ir.Sym) and isinstance(g.rhs, ir.Sym) \
            and g.rhs.name in tiled.get(g.lhs.name, ()):
        return div(add(g.lhs, sub(g.rhs, lit(1))), g.rhs)
    return g


def _ragged_dims(ref: ir.TileRef, kernel: ir.Kernel, tiled: dict) -> list[tuple[int, ir.Expr, ir.Sym]]:
    """(tile dimension, slice start, size) for each dimension along which a global tile steps
    with the block over a tiled size (its extent the tiling constant), so that its last block
    reaches past the tensor; a tile dimension per slice, in order."""
    p = kernel.param(ref.tensor)
    if p is None:
        return []
    slices = [(d, s) for d, s in enumerate(ref.subs) if isinstance(s, ir.Slice)]
    return [(td, s.start, p.shape[d]) for td, (d, s) in enumerate(slices)
            if isinstance(p.shape[d], ir.Sym) and p.shape[d].name in tiled
            and isinstance(s.extent, ir.Sym) and s.extent.name in tiled[p.shape[d].name]
            and exprs.mentions_block(s.start)]


def _ragged(ref: ir.TileRef, kernel: ir.Kernel, tiled: dict) -> bool:
    return bool(_ragged_dims(ref, kernel, tiled))


def _fill(kernel: ir.Kernel, ref: ir.TileRef) -> ir.Mask:
    if kernel.param(ref.tensor).dtype.is_float:
        return ir.Mask(ir.FloatLit(0.0), 0.0)
    return ir.Mask(ir.IntLit(0), 0)


def _mask_stmt(s, kernel: ir.Kernel, tiled: dict):
    match s:
        case ir.Load() if s.mask is None and _ragged(s.src, kernel, tiled):
            return dataclasses.replace(s, mask=_fill(kernel, s.src))
        case ir.Copy() if s.mask is None and _ragged(s.src, kernel, tiled):
            return dataclasses.replace(s, mask=_fill(kernel, s.src))
        case ir.Store() if s.mask is None and _ragged(s.dst, kernel, tiled):
            return dataclasses.replace(s, mask=ir.Mask())
        case ir.For():
            return dataclasses.replace(s, body=tuple(_mask_stmt(x, kernel, tiled) for x in s.body))
        case ir.If():
            return dataclasses.replace(s, then=tuple(_mask_stmt(x, kernel, tiled) for x in s.then),
                                       orelse=tuple(_mask_stmt(x, kernel, tiled) for x in s.orelse))
    return s


def _edges(ref: ir.TileRef, tile: str, kernel: ir.Kernel, tiled: dict, out: dict) -> None:
    """{(tile, its dimension): (the slice's start, the size)} for the ragged dimensions of a
    tile loaded from, or stored to, `ref`."""
    for td, start, size in _ragged_dims(ref, kernel, tiled):
        out[(tile, td)] = (start, size)


def _guard_claims(s, edges: dict):
    """Each conjunct of an assertion that names a ragged tile, made only where every element
    it names lies inside the tensor."""
    match s:
        case ir.Assert():
            parts = []
            for c in exprs.conjuncts(s.cond):
                guards: dict[str, ir.Expr] = {}
                for n in exprs.iter_nodes(c):
                    if not isinstance(n, ir.ElemRef):
                        continue
                    for td, idx in enumerate(n.indices):
                        edge = edges.get((n.tensor, td))
                        if edge is not None:
                            g = ir.Bin(ir.BinOp.GE, add(edge[0], idx), edge[1])
                            guards.setdefault(repr(g), g)
                if guards:
                    gs = list(guards.values())
                    outside = gs[0]
                    for g in gs[1:]:
                        outside = ir.Bin(ir.BinOp.OR, outside, g)
                    c = ir.Bin(ir.BinOp.OR, outside, c)     # `G or claim`, G one disjunction
                parts.append(c)
            return dataclasses.replace(s, cond=conjoin(parts))
        case ir.For():
            return dataclasses.replace(s, body=tuple(_guard_claims(x, edges) for x in s.body))
        case ir.If():
            return dataclasses.replace(s, then=tuple(_guard_claims(x, edges) for x in s.then),
                                       orelse=tuple(_guard_claims(x, edges) for x in s.orelse))
    return s

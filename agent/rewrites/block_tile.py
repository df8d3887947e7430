"""Block tiling: a block computes a larger tile of its output. The constants that size the
output tile (the extents of the final store that step with the block index) take new
values, and the divisibility assumptions on the sizes they tile follow."""
from __future__ import annotations

import dataclasses

from dsl import exprs, ir

from .base import Rewritten, fold, only_plain_facts, size_assumes, with_const


def tile_consts(kernel: ir.Kernel) -> dict[str, str]:
    """{const: size} for each store extent `block.* * C : +C` into a dimension of size `size`
    that the grid divides by C."""
    out: dict[str, str] = {}
    grid = set(kernel.grid)
    for s in ir.walk(kernel.body):
        if not isinstance(s, ir.Store) or kernel.param(s.dst.tensor) is None:
            continue
        shape = kernel.param(s.dst.tensor).shape
        for d, sub in enumerate(s.dst.subs):
            if not (isinstance(sub, ir.Slice) and isinstance(sub.extent, ir.Sym)
                    and sub.extent.kind is ir.SymKind.CONST and isinstance(shape[d], ir.Sym)):
                continue
            steps_with_block = any(isinstance(n, ir.BuiltinRef) for n in exprs.iter_nodes(sub.start))
            divides = ir.Bin(ir.BinOp.DIV, shape[d], sub.extent) in grid
            if steps_with_block and divides:
                out[sub.extent.name] = shape[d].name
    return out


def block_tile(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    consts = tile_consts(kernel)
    wanted = {c: int(v) for c, v in params.items() if c in consts}
    if not wanted or any(not only_plain_facts(kernel.assumes, consts[c]) for c in wanted):
        return None
    if all(fold(ir.Sym(c, ir.SymKind.CONST), kernel) == v for c, v in wanted.items()):
        return None
    k = kernel
    for c, v in sorted(wanted.items()):
        k = with_const(k, c, v)
        k = dataclasses.replace(k, assumes=size_assumes(k.assumes, consts[c], v))
    return Rewritten(k, "block tile " + ", ".join(f"{c} = {v}" for c, v in sorted(wanted.items())))

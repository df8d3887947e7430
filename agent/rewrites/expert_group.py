"""Expert grouping: a kernel that gives each token its own block and gathers that token's
expert weights through an integer input (`W[route[block.x], ...]`) becomes one whose
block takes G consecutive tokens, when an assumption says the routing is constant over
aligned groups of G0 tokens (`assume route[r] == route[r / G0 * G0]`, G0 % G == 0: the
tokens sorted by expert and each expert's run padded to G0). The expert's weight tile is
then read once per G tokens and the mma is G rows tall."""
from __future__ import annotations

import dataclasses

from dsl import exprs, ir

from .base import Rewritten, lit, mul, only_plain_facts, size_assumes
from dsl.stmt_map import map_stmt

DIMS = (ir.Builtin.BLOCK_X, ir.Builtin.BLOCK_Y, ir.Builtin.BLOCK_Z)
THREAD_IDS = (ir.Builtin.THREAD_X, ir.Builtin.WARP, ir.Builtin.LANE)


def _group_size(kernel: ir.Kernel, table: str) -> int | None:
    """G0 of an assumption `table[r] == table[r / G0 * G0]`."""
    for a in kernel.assumes:
        for c in exprs.conjuncts(a):
            if not (isinstance(c, ir.Forall) and len(c.names) == 1 and isinstance(c.body, ir.Bin)
                    and c.body.op is ir.BinOp.EQ):
                continue
            r = ir.Sym(c.names[0], ir.SymKind.INDEX)
            lhs, rhs = c.body.lhs, c.body.rhs
            if not (isinstance(lhs, ir.ElemRef) and isinstance(rhs, ir.ElemRef) and lhs.tensor == rhs.tensor == table
                    and lhs.indices == (r,) and len(rhs.indices) == 1):
                continue
            g = rhs.indices[0]
            if isinstance(g, ir.Bin) and g.op is ir.BinOp.MUL and isinstance(g.rhs, ir.IntLit) \
                    and g.lhs == ir.Bin(ir.BinOp.DIV, r, g.rhs):
                return g.rhs.value
    return None


def _gathers(kernel: ir.Kernel):
    """(integer input, block builtin) pairs indexed as `table[block.d]` by a load."""
    ints = {p.name for p in kernel.params if not p.dtype.is_float}
    out = set()
    for s in ir.walk(kernel.body):
        if isinstance(s, ir.Load):
            for sub in s.src.subs:
                for n in exprs.iter_nodes(getattr(sub, "at", getattr(sub, "start", None))):
                    if isinstance(n, ir.ElemRef) and n.tensor in ints and len(n.indices) == 1 \
                            and isinstance(n.indices[0], ir.BuiltinRef) and n.indices[0].which in DIMS:
                        out.add((n.tensor, n.indices[0].which))
    return sorted(out, key=lambda x: (x[0], x[1].value))


def _widen_ref(ref: ir.TileRef, kernel: ir.Kernel, b: ir.BuiltinRef, size: ir.Sym, g: int):
    """Token slices `block.d : +1` of dimensions of the token size become `block.d * G : +G`;
    returns the new ref and the positions (among the kept dimensions) that grew."""
    p = kernel.param(ref.tensor)
    subs, grown, kept = [], [], 0
    for d, s in enumerate(ref.subs):
        if isinstance(s, ir.Slice):
            if p is not None and p.shape[d] == size and s.start == b and s.extent == lit(1):
                s = dataclasses.replace(s, start=mul(b, lit(g)), extent=lit(g))
                grown.append(kept)
            kept += 1
        subs.append(s)
    return dataclasses.replace(ref, subs=tuple(subs)), grown


def _regroup(kernel: ir.Kernel, table: str, which: ir.Builtin, g: int):
    b = ir.BuiltinRef(which)
    size = kernel.grid[DIMS.index(which)]

    def index(e):
        if isinstance(e, ir.ElemRef) and e.tensor == table and e.indices == (b,):
            return dataclasses.replace(e, indices=(mul(b, lit(g)),))
        return e
    grow: dict[str, list[int]] = {}
    body, changed = [], False

    def visit(s):
        nonlocal changed
        s = map_stmt(s, index)
        for f in ("src", "dst"):
            ref = getattr(s, f, None)
            if isinstance(ref, ir.TileRef):
                new, grown = _widen_ref(ref, kernel, b, size, g)
                changed |= bool(grown)
                if isinstance(s, ir.Store) and f == "dst" and grown:
                    grow[s.src] = grown
                s = dataclasses.replace(s, **{f: new})
        if isinstance(s, ir.For):
            s = dataclasses.replace(s, body=tuple(visit(x) for x in s.body))
        return s
    body = [visit(s) for s in kernel.body]
    for i, s in enumerate(body):
        if isinstance(s, ir.Zeros) and s.target.name in grow:
            shape = list(s.target.shape)
            for d in grow[s.target.name]:
                if shape[d] != lit(1):
                    return None
                shape[d] = lit(g)
            body[i] = dataclasses.replace(s, target=dataclasses.replace(s.target, shape=tuple(shape)))
    return tuple(body) if changed else None


def expert_group(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    g = int(params.get("G", 16))
    threads = kernel.threads * g
    if any(isinstance(n, ir.BuiltinRef) and n.which in THREAD_IDS for s in ir.walk(kernel.body)
           for n in _nodes(s)) or threads > 1024:
        return None
    for table, which in _gathers(kernel):
        d = DIMS.index(which)
        size = kernel.grid[d] if d < len(kernel.grid) else None
        g0 = _group_size(kernel, table)
        if not (isinstance(size, ir.Sym) and size.kind is ir.SymKind.SIZE and g0 and g0 % g == 0 and g > 1
                and only_plain_facts(kernel.assumes, size.name)):
            continue
        body = _regroup(kernel, table, which, g)
        if body is None:
            continue
        grid = tuple(ir.Bin(ir.BinOp.DIV, size, lit(g)) if i == d else e for i, e in enumerate(kernel.grid))
        k = dataclasses.replace(kernel, body=body, grid=grid, threads=threads,
                                assumes=size_assumes(kernel.assumes, size.name, g))
        return Rewritten(k, f"expert grouping: {g} tokens of one expert per block ({table} constant over "
                            f"groups of {g0})")
    return None


def _nodes(s: ir.Stmt):
    found = []
    map_stmt(s, lambda e: found.append(e) or e)
    return found

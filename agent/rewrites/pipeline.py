"""Multi-stage cp.async pipelining: a k-tile loop that copies its global tiles into shared
memory synchronously, between barriers, becomes an S-slot ring: a prologue issues the
first S-1 tiles as async copy groups, each iteration waits for its tile, computes, and
issues the tile S-1 ahead into the slot it frees.

The three choices a pipeline hinges on are left as holes for `fill` / repair: the number
of groups left pending at the wait, the slot the compute reads, and the slot the prefetch
writes. Their domains are ordered by the knowledge base's preference (most overlap first)."""
from __future__ import annotations

import dataclasses

from dsl import exprs, ir

from .base import Rewritten, add, fresh, lit, lt, mod, paths, splice, sub, sym, with_const


def _match(kernel: ir.Kernel):
    shared = {s.tensor.name: (p, s) for p, s in paths(kernel.body) if isinstance(s, ir.Alloc)}
    for path, s in paths(kernel.body):
        if not isinstance(s, ir.For) or s.start != lit(0) or len(path) != 1:
            continue
        body = s.body
        n = next((i for i, b in enumerate(body) if not (isinstance(b, ir.Copy) and not b.is_async)), 0)
        copies = body[:n]
        if n == 0 or not isinstance(body[n], ir.Barrier) or not isinstance(body[-1], ir.Barrier):
            continue
        middle = body[n + 1:-1]
        if any(isinstance(b, (ir.Copy, ir.Barrier, ir.For, ir.If, ir.Commit, ir.WaitGroup)) for b in middle):
            continue
        ok = all(c.dst.tensor in shared and len(shared[c.dst.tensor][0]) == 1
                 and kernel.param(c.src.tensor) is not None and _mentions_var(c.src, s.var)
                 and not _mentions_var(c.dst, s.var) for c in copies)
        if ok:
            return path, s, copies, middle, {c.dst.tensor: shared[c.dst.tensor] for c in copies}
    return None


def _mentions_var(ref: ir.TileRef, var: str) -> bool:
    return any(var in exprs.free_syms(getattr(x, "start", getattr(x, "at", lit(0)))) for x in ref.subs)


def _at(ref: ir.TileRef, var: str, e: ir.Expr) -> ir.TileRef:
    """The reference with the loop variable replaced by `e`."""
    m = {var: e}
    subs = tuple(dataclasses.replace(x, at=exprs.substitute(x.at, m)) if isinstance(x, ir.Index)
                 else dataclasses.replace(x, start=exprs.substitute(x.start, m)) for x in ref.subs)
    return dataclasses.replace(ref, subs=subs)


def _slotted(ref: ir.TileRef, slot: ir.Expr) -> ir.TileRef:
    return dataclasses.replace(ref, subs=(ir.Index(slot),) + ref.subs)


def _hole(values) -> ir.Hole:
    return ir.Hole(tuple(lit(v) for v in values))


def pipeline_async(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    m = _match(kernel)
    if m is None:
        return None
    path, loop, copies, middle, allocs = m
    stages = int(params.get("S", 3))
    if stages < 2:
        return None
    sname = fresh(kernel, "S")
    p = fresh(kernel, "p")
    S, P, KT = sym(sname), ir.Sym(p, ir.SymKind.LOOP), ir.Sym(loop.var, ir.SymKind.LOOP)
    ahead = sub(S, lit(1))
    k = with_const(kernel, sname, stages)
    body = k.body
    for name, (apath, alloc) in sorted(allocs.items(), key=lambda x: x[1][0], reverse=True):
        t = alloc.tensor
        body = splice(body, apath, (dataclasses.replace(alloc, tensor=dataclasses.replace(t, shape=(S,) + t.shape)),))
    prologue = ir.For(p, lit(0), ahead, (
        ir.If(lt(P, loop.stop), tuple(ir.Copy(_slotted(c.dst, P), _at(c.src, loop.var, P), True, c.layout)
                                      for c in copies)),
        ir.Commit()))
    read_slot = mod(add(KT, _hole(range(stages))), S)
    write_slot = mod(add(KT, _hole(range(stages))), S)
    loads = tuple(dataclasses.replace(b, src=_slotted(b.src, read_slot))
                  if isinstance(b, ir.Load) and b.src.tensor in allocs else b for b in middle)
    prefetch = ir.If(lt(add(KT, ahead), loop.stop),
                     tuple(ir.Copy(_slotted(c.dst, write_slot), _at(c.src, loop.var, add(KT, ahead)), True, c.layout)
                           for c in copies))
    new_body = (ir.WaitGroup(_hole(range(stages - 1, -1, -1))), ir.Barrier()) + loads + \
        (ir.Barrier(), prefetch, ir.Commit())
    body = splice(body, path, (prologue, dataclasses.replace(loop, body=new_body)))
    return Rewritten(dataclasses.replace(k, body=body),
                     f"{stages}-stage cp.async pipeline over {', '.join(sorted(allocs))} "
                     "(holes: wait count, read slot, prefetch slot)")


"""Register blocking: each thread accumulates an r x c block of a staged fp32 mma's
output, as outer products over one k column of A and one k row of B per step, so each
value it reads from shared memory is reused c (or r) times. The accumulator gets the
thread-value layout ((BN/c, BM/r), (c, r)):((c, r*BN), (1, BN)) (thread t owns rows
r*(t / (BN/c)) .. +r and columns c*(t % (BN/c)) .. +c) and the block (BM/r)*(BN/c) threads."""
from __future__ import annotations

import dataclasses

from dsl import exprs, ir

from .base import Rewritten, fold, fresh, lit, paths, splice

MAX_THREADS = 1024


def _uses_thread_ids(kernel: ir.Kernel) -> bool:
    threadish = {ir.Builtin.THREAD_X, ir.Builtin.WARP, ir.Builtin.LANE}
    text = repr(kernel.body)
    return any(f"which=<Builtin.{b.name}" in text for b in threadish)


def _match(kernel: ir.Kernel):
    """(loop path, loop, index of the a load, the mma, the accumulator's path)."""
    zeros = {s.target.name: (p, s) for p, s in paths(kernel.body) if isinstance(s, ir.Zeros)}
    for path, s in paths(kernel.body):
        if not isinstance(s, ir.For):
            continue
        body = s.body
        mmas = [i for i, b in enumerate(body) if isinstance(b, ir.Mma)]
        if len(mmas) != 1:
            continue
        mm = body[mmas[0]]
        loads = {b.target.name: i for i, b in enumerate(body) if isinstance(b, ir.Load)}
        if mm.a not in loads or mm.b not in loads or mm.c not in zeros or mm.target.name != mm.c:
            continue
        la, lb = body[loads[mm.a]], body[loads[mm.b]]
        if not (_is_shared_tile(kernel, la) and _is_shared_tile(kernel, lb)):
            continue
        z = zeros[mm.c][1].target
        if z.layout is not None or z.dtype is not ir.DType.F32 or la.target.dtype is not ir.DType.F32:
            continue
        between = body[min(loads[mm.a], loads[mm.b]):mmas[0] + 1]
        if all(isinstance(b, (ir.Load, ir.Assert, ir.Mma)) for b in between):
            return path, s, min(loads[mm.a], loads[mm.b]), mmas[0], zeros[mm.c][0]
    return None


def _is_shared_tile(kernel, ld: ir.Load) -> bool:
    allocs = {s.tensor.name for s in ir.walk(kernel.body) if isinstance(s, ir.Alloc)}
    return ld.src.tensor in allocs and all(isinstance(x, ir.Slice) for x in ld.src.subs)


def _one_step(ld: ir.Load, dim: int, var: str) -> ir.Load:
    subs = list(ld.src.subs)
    subs[dim] = ir.Slice(ir.Sym(var, ir.SymKind.LOOP), lit(1))
    shape = list(ld.target.shape)
    shape[dim] = lit(1)
    return dataclasses.replace(ld, src=dataclasses.replace(ld.src, subs=tuple(subs)),
                               target=dataclasses.replace(ld.target, shape=tuple(shape)))


def _pin(a: ir.Assert, idx: str) -> ir.Assert:
    """An assertion over the tile's k index `idx` now holds for the one k step: idx -> 0."""
    return dataclasses.replace(a, cond=exprs.substitute(a.cond, {idx: lit(0)}),
                               indices=tuple(i for i in a.indices if i != idx))


def register_block(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    m = _match(kernel)
    if m is None or _uses_thread_ids(kernel):
        return None
    path, loop, lo, hi, zpath = m
    r, c = int(params.get("r", 8)), int(params.get("c", 8))
    mm = loop.body[hi]
    z = next(s for p, s in paths(kernel.body) if p == zpath)
    bm, bn = (fold(e, kernel) for e in z.target.shape)
    ld_a = next(b for b in loop.body[lo:hi] if isinstance(b, ir.Load) and b.target.name == mm.a)
    ld_b = next(b for b in loop.body[lo:hi] if isinstance(b, ir.Load) and b.target.name == mm.b)
    bk = fold(ld_a.target.shape[1], kernel)
    if None in (bm, bn, bk) or bm % r or bn % c or bk < 2:
        return None
    threads = (bm // r) * (bn // c)
    if not 32 <= threads <= MAX_THREADS or threads % 32:
        return None
    kk = fresh(kernel, "kq")
    asserts = [b for b in loop.body[lo:hi] if isinstance(b, ir.Assert)]
    k_index = _k_index(asserts, ld_a)
    inner = ir.For(kk, lit(0), ld_a.target.shape[1], (
        _one_step(ld_a, 1, kk), _one_step(ld_b, 0, kk),
        *(_pin(a, k_index) if k_index else a for a in asserts), mm))
    body = loop.body[:lo] + (inner,) + loop.body[hi + 1:]
    lay = ir.LayoutSpec("layout", shape=ir.TupleExpr((ir.TupleExpr((lit(bn // c), lit(bm // r))),
                                                      ir.TupleExpr((lit(c), lit(r))))),
                        stride=ir.TupleExpr((ir.TupleExpr((lit(c), lit(r * bn))), ir.TupleExpr((lit(1), lit(bn))))))
    k = dataclasses.replace(kernel, threads=threads,
                            body=splice(kernel.body, path, (dataclasses.replace(loop, body=body),)))
    k = dataclasses.replace(k, body=splice(k.body, zpath, (dataclasses.replace(
        z, target=dataclasses.replace(z.target, layout=lay)),)))
    return Rewritten(k, f"register blocks of {r} x {c} per thread, {threads} threads")


def _k_index(asserts, ld_a: ir.Load) -> str | None:
    """The index variable an operand assertion binds along a's k dimension (a[i, kk])."""
    for a in asserts:
        for n in exprs.iter_nodes(a.cond):
            if isinstance(n, ir.ElemRef) and n.tensor == ld_a.target.name and isinstance(n.indices[1], ir.Sym):
                return n.indices[1].name
    return None

"""Split-K: a reduction loop over k (from 0 to a size, or a size over a constant) that
accumulates into one zero-initialised tile is split into S contiguous k ranges, each with
its own partial accumulator, walked together by one loop of a 1/S trip count; the
partials are summed after it. The S accumulation chains are independent, so their loads
and FMAs overlap instead of waiting on one another."""
from __future__ import annotations

import dataclasses

from dsl import exprs, ir

from .base import (Rewritten, add, div, fresh, lit, mul, only_plain_facts, paths, size_assumes, splice,
                   sym)
from dsl.stmt_map import defined, map_stmt, read, renamer, written

ALLOWED = (ir.Load, ir.Compute, ir.Mma, ir.Assert)


def _stop_size(stop: ir.Expr) -> str | None:
    """The size of a trip count `size` or `size / c`."""
    if isinstance(stop, ir.Sym) and stop.kind is ir.SymKind.SIZE:
        return stop.name
    if isinstance(stop, ir.Bin) and stop.op is ir.BinOp.DIV and isinstance(stop.lhs, ir.Sym) \
            and stop.lhs.kind is ir.SymKind.SIZE:
        return stop.lhs.name
    return None


def _accumulator(loop: ir.For) -> str | None:
    """The tile the last statement accumulates into: `acc = mma(a, b, acc)` or
    `acc = acc + E`; nothing else in the body may touch it."""
    last = loop.body[-1]
    if isinstance(last, ir.Mma) and last.c == last.target.name:
        acc = last.c
    elif isinstance(last, ir.Compute) and isinstance(last.value, ir.Bin) and last.value.op is ir.BinOp.ADD \
            and last.value.lhs == ir.Sym(last.target.name, ir.SymKind.TENSOR):
        acc = last.target.name
    else:
        return None
    rest = loop.body[:-1]
    if any(acc in read(s) | defined(s) for s in rest):
        return None
    # the term added may not read the accumulator (held-out round 109: `y = y + (sum(..) + y)`
    # was split, each part adding its own partial; read(last) - {acc} never held acc)
    term = (last.a, last.b) if isinstance(last, ir.Mma) else \
        exprs.free_syms(last.value.rhs, ir.SymKind.TENSOR)
    return None if acc in term else acc


def _carried(body: tuple, acc: str) -> bool:
    """Whether any tile but the accumulator is read before the body assigns it (state
    carried from one iteration to the next, which the split would break)."""
    seen: set[str] = set()
    mine = written(body)
    for s in body:
        if (read(s) & mine) - seen - {acc}:
            return True
        seen |= defined(s)
    return False


def _match(kernel: ir.Kernel):
    zeros = {s.target.name: s for s in kernel.body if isinstance(s, ir.Zeros)}
    for path, s in paths(kernel.body):
        if not (isinstance(s, ir.For) and s.start == lit(0) and s.body and _stop_size(s.stop)
                and all(isinstance(b, ALLOWED) for b in s.body)):
            continue
        acc = _accumulator(s)
        if acc in zeros and not _carried(s.body, acc):
            return path, s, acc, zeros[acc]
    return None


def _divisor(kernel: ir.Kernel, stop: ir.Expr) -> int | None:
    if isinstance(stop, ir.Sym):
        return 1
    consts = {c.name: c.value for c in kernel.consts}
    rhs = stop.rhs
    if isinstance(rhs, ir.IntLit):
        return rhs.value
    return consts.get(rhs.name) if isinstance(rhs, ir.Sym) else None


def split_k(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    n_split = int(params.get("S", 2))
    m = _match(kernel)
    if m is None or n_split < 2:
        return None
    path, loop, acc, zero = m
    size = _stop_size(loop.stop)
    c = _divisor(kernel, loop.stop)
    if c is None or not only_plain_facts(kernel.assumes, size):
        return None
    trip = div(loop.stop, lit(n_split))
    taken: set[str] = set()
    body, partials, inits = list(loop.body), [], []
    locals_ = sorted(written(loop.body))
    for part in range(1, n_split):
        names = {n: fresh(kernel, f"{n}_{part}", taken) for n in locals_}
        taken |= set(names.values())
        base = trip if part == 1 else mul(trip, lit(part))
        shift = {loop.var: add(base, sym(loop.var, ir.SymKind.LOOP))}
        body += [map_stmt(b, renamer(names, shift), names) for b in loop.body]
        partials.append(names[acc])
        inits.append(dataclasses.replace(zero, target=dataclasses.replace(zero.target, name=names[acc])))
    # one addition per partial: the tags of each sum are the union of two disjoint ranges
    reduce = tuple(ir.Compute(zero.target, add(ir.Sym(acc, ir.SymKind.TENSOR), ir.Sym(p, ir.SymKind.TENSOR)))
                   for p in partials)
    new_loop = dataclasses.replace(loop, stop=trip, body=tuple(body))
    k = dataclasses.replace(kernel, body=splice(kernel.body, path, tuple(inits) + (new_loop,) + reduce))
    k = dataclasses.replace(k, assumes=size_assumes(k.assumes, size, c * n_split, at_least=True))
    return Rewritten(k, f"split-K: {loop.var} in {n_split} ranges of {size} / {c * n_split} tiles, "
                        f"partials summed into {acc}")

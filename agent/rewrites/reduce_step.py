"""Wider reduction steps: a loop that walks a size S in steps of a constant B
(`for v in range(a, S / B)`, loading `v * B : +B` of a global tensor) takes a larger B, so
fewer iterations each wait for their global loads (the latency chain of docs/COSTMODEL.md)
and each round trip brings more data; the block may take more threads to share the wider
tile. The divisibility facts about S follow, as block tiling restates its sizes'."""
from __future__ import annotations

import dataclasses

from dsl import exprs, ir

from .base import Rewritten, fold, only_plain_facts, size_assumes, with_const

MAX_THREADS = 1024


def _steps_with(start: ir.Expr, var: str, const: str) -> bool:
    """`var * const` (either order), maybe plus an offset not reading `var`."""
    terms = [start]
    if isinstance(start, ir.Bin) and start.op is ir.BinOp.ADD:
        terms = [start.lhs, start.rhs]
    v, c = ir.Sym(var, ir.SymKind.LOOP), ir.Sym(const, ir.SymKind.CONST)
    return any(isinstance(t, ir.Bin) and t.op is ir.BinOp.MUL and {t.lhs, t.rhs} == {v, c} for t in terms)


def _walks(loop: ir.For, const: str, kernel: ir.Kernel) -> bool:
    """Whether the loop's body reads a global tile `loop.var * const : +const`."""
    for s in ir.walk(loop.body):
        src = s.src if isinstance(s, (ir.Load, ir.Copy)) else None
        if src is None or kernel.param(src.tensor) is None:
            continue
        if any(isinstance(sub, ir.Slice) and sub.extent == ir.Sym(const, ir.SymKind.CONST)
               and _steps_with(sub.start, loop.var, const) for sub in src.subs):
            return True
    return False


def _reduces(loop: ir.For) -> bool:
    """Whether the loop's body reduces along an axis (`sum|max|min(..., axis=a)`): a GEMM's
    k loop (an `mma`) is tiled by the staging and pipelining techniques instead."""
    return any(isinstance(n, ir.Call) and n.func in ("sum", "max", "min") and "axis" in dict(n.kwargs)
               for s in ir.walk(loop.body) if isinstance(s, ir.Compute) for n in exprs.iter_nodes(s.value))


def step_consts(kernel: ir.Kernel) -> dict[str, str]:
    """{const: size} for each loop `range(a, S / B)` over a size S whose body reduces along an
    axis and loads the global tile `v * B : +B`."""
    out: dict[str, str] = {}
    for s in ir.walk(kernel.body):
        if not (isinstance(s, ir.For) and isinstance(s.stop, ir.Bin) and s.stop.op is ir.BinOp.DIV):
            continue
        size, const = s.stop.lhs, s.stop.rhs
        if (isinstance(size, ir.Sym) and size.kind is ir.SymKind.SIZE and isinstance(const, ir.Sym)
                and const.kind is ir.SymKind.CONST and _reduces(s) and _walks(s, const.name, kernel)):
            out[const.name] = size.name
    return out


def reduce_step(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    """Every step constant of the kernel set to `params["step"]` where that is larger;
    `params["threads"]` (0: keep) threads per block where that is more than it has."""
    consts = step_consts(kernel)
    step, threads = int(params["step"]), int(params.get("threads", 0))
    grow = sorted(c for c in consts if (fold(ir.Sym(c, ir.SymKind.CONST), kernel) or step) < step)
    if not grow or any(not only_plain_facts(kernel.assumes, consts[c]) for c in grow):
        return None
    if any(c.name in grow and not isinstance(c.expr, ir.IntLit) for c in kernel.consts):
        return None          # a constant computed from others: changing it alone breaks the relation
    k = kernel
    for c in grow:
        k = with_const(k, c, step)
        k = dataclasses.replace(k, assumes=size_assumes(k.assumes, consts[c], step))
    what = "reduction step " + ", ".join(f"{c} = {step}" for c in grow)
    if kernel.threads < threads <= MAX_THREADS:
        k = dataclasses.replace(k, threads=threads)
        what += f", {threads} threads"
    return Rewritten(k, what)


"""Swizzled shared tiles: an fp16 shared tile read by tensor-core fragments gets an XOR
swizzle so the eight 16-byte rows one ldmatrix reads fall in distinct bank groups.

Swizzle(B, M, S) XORs B bits at M+S with the B bits at M of the element offset: M covers
one 16-byte chunk, M+S the (at least 128-byte) line, B the chunks per row, at most 8."""
from __future__ import annotations

import dataclasses

from dsl import ir

from .base import Rewritten, fold, paths, splice

CHUNK, LINE = 16, 128


def _log2(v: int) -> int | None:
    return v.bit_length() - 1 if v > 0 and v & (v - 1) == 0 else None


def swizzle_for(row_elems: int, elem_bytes: int) -> tuple[int, int, int] | None:
    row = row_elems * elem_bytes
    b, m = _log2(min(8, row // CHUNK)), _log2(CHUNK // elem_bytes)
    line = _log2(max(row, LINE) // elem_bytes)
    if None in (b, m, line) or b == 0:
        return None
    return b, m, line - m


def _mma_fed(kernel: ir.Kernel) -> set[str]:
    """Shared tiles whose loads feed an mma into a tensor-core accumulator."""
    core = {s.target.name for s in ir.walk(kernel.body)
            if isinstance(s, ir.Zeros) and s.target.layout is not None and s.target.layout.name.startswith("mma_")}
    loads = {s.target.name: s.src.tensor for s in ir.walk(kernel.body) if isinstance(s, ir.Load)}
    return {loads[n] for s in ir.walk(kernel.body) if isinstance(s, ir.Mma) and s.c in core
            for n in (s.a, s.b) if n in loads}


def swizzle_shared(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    fed, k, done = _mma_fed(kernel), kernel, []
    for path, s in list(paths(kernel.body)):
        if not isinstance(s, ir.Alloc) or s.tensor.name not in fed or s.tensor.layout is not None:
            continue
        row = fold(s.tensor.shape[-1], kernel)
        sw = swizzle_for(row, s.tensor.dtype.nbytes) if row else None
        if sw is None:
            continue
        lay = ir.LayoutSpec("swizzle", swizzle=tuple(ir.IntLit(v) for v in sw))
        k = dataclasses.replace(k, body=splice(k.body, path, (
            dataclasses.replace(s, tensor=dataclasses.replace(s.tensor, layout=lay)),)))
        done.append(f"{s.tensor.name} swizzle{sw}")
    return Rewritten(k, "swizzled " + ", ".join(done)) if done else None

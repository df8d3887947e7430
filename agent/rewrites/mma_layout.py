"""Tensor-core layout: an fp32 accumulator fed by mma of fp16 tiles whose k extent is a
multiple of 16 is laid out as m16n8k16 fragments over a grid of warps (the lowering then
uses ldmatrix + mma.sync)."""
from __future__ import annotations

import dataclasses

from dsl import ir

from .base import Rewritten, fold, paths, splice

MMA_M, MMA_N, MMA_K = 16, 8, 16


def _register_types(kernel: ir.Kernel) -> dict[str, ir.TensorType]:
    out = {}
    for s in ir.walk(kernel.body):
        t = getattr(s, "target", None)
        if isinstance(t, ir.TensorType) and t.name not in out:
            out[t.name] = t
    return out


def _fits(kernel, z: ir.Zeros, types, warps) -> bool:
    m, n = (fold(e, kernel) for e in z.target.shape)
    wm, wn = warps
    if m is None or n is None or wm * wn * 32 != kernel.threads:
        return False
    if m % (MMA_M * wm) or n % (MMA_N * wn):
        return False
    mmas = [s for s in ir.walk(kernel.body) if isinstance(s, ir.Mma) and s.c == z.target.name]
    for mm in mmas:
        a, b = types.get(mm.a), types.get(mm.b)
        if a is None or b is None or a.dtype is not ir.DType.F16 or b.dtype is not ir.DType.F16:
            return False
        k = fold(a.shape[-1], kernel)
        if k is None or k % MMA_K:
            return False
    return bool(mmas)


def mma_layout(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    warps = tuple(int(w) for w in params.get("warps", (2, 4)))
    types = _register_types(kernel)
    for path, s in paths(kernel.body):
        if isinstance(s, ir.Zeros) and s.target.dtype is ir.DType.F32 and s.target.layout is None \
                and len(s.target.shape) == 2 and _fits(kernel, s, types, warps):
            lay = ir.LayoutSpec("named", name="mma_m16n8k16",
                                args=(("warps", ir.TupleExpr((ir.IntLit(warps[0]), ir.IntLit(warps[1])))),))
            new = dataclasses.replace(s, target=dataclasses.replace(s.target, layout=lay))
            return Rewritten(dataclasses.replace(kernel, body=splice(kernel.body, path, (new,))),
                             f"accumulator {s.target.name} in m16n8k16 fragments over {warps[0]} x {warps[1]} warps")
    return None

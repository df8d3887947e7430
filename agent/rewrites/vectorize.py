"""Vectorised copies: each thread of a global-to-shared copy moves 16 bytes at once
(`layout copy(vec=v)`), when the copied rows are whole multiples of v elements."""
from __future__ import annotations

import dataclasses

from dsl import ir

from .base import Rewritten, fold, paths, splice

VECTOR_BYTES = 16


def _extent(ref: ir.TileRef, kernel) -> int | None:
    slices = [s for s in ref.subs if isinstance(s, ir.Slice)]
    return fold(slices[-1].extent, kernel) if slices else None


def vectorize_copies(kernel: ir.Kernel, params: dict) -> Rewritten | None:
    k, n = kernel, 0
    for path, s in list(paths(kernel.body)):
        if not isinstance(s, ir.Copy) or s.layout is not None or kernel.param(s.src.tensor) is None:
            continue
        vec = VECTOR_BYTES // kernel.param(s.src.tensor).dtype.nbytes
        ext = _extent(s.src, kernel)
        if ext is None or ext % vec or vec < 2:
            continue
        lay = ir.LayoutSpec("named", name="copy", args=(("vec", ir.IntLit(vec)),))
        k = dataclasses.replace(k, body=splice(k.body, path, (dataclasses.replace(s, layout=lay),)))
        n += 1
    return Rewritten(k, f"{n} copies vectorised to {VECTOR_BYTES} bytes per thread") if n else None

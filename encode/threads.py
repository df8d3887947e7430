"""Which thread holds which element of a register tile: the thread-value distribution.

The default for a tile of E elements over T threads is row-major element e held by
thread e % T as value e // T; `copy(vec=v)` gives each thread v contiguous elements;
`mma_m16n8k16(warps=...)` uses the PTX fragment layout of the accumulator.
"""
from __future__ import annotations

import math

from dsl import ir


def _mma_c_owner(i: int, j: int, warps: tuple[int, int], tile: tuple[int, int]) -> tuple[int, int]:
    """PTX m16n8k16 C fragment: lane = 4*(row%8) + (col%8)//2, warps tiled row-major over the tile."""
    wm, wn = warps
    rows_per_warp, cols_per_warp = tile[0] // wm, tile[1] // wn
    warp = (i // rows_per_warp) * wn + (j // cols_per_warp)
    li, lj = i % rows_per_warp, j % cols_per_warp
    lane = 4 * (li % 8) + (lj % 8) // 2
    atoms_n = cols_per_warp // 8
    atom = (li // 16) * atoms_n + lj // 8
    value = atom * 4 + 2 * ((li % 16) // 8) + (lj % 2)
    return warp * 32 + lane, value


def owner(tile: ir.TensorType | None, shape: tuple[int, ...], threads: int, coords: tuple[int, ...],
          consts: dict[str, int]) -> tuple[int, int]:
    """(thread, value index) holding `coords` of a tile distributed over `threads`."""
    e = 0
    for c, n in zip(coords, shape):
        e = e * n + c
    spec = tile.layout if tile is not None else None
    if spec is not None and spec.kind == "named" and spec.name == "mma_m16n8k16" and len(shape) == 2:
        from dsl.exprs import try_fold
        warps = tuple(try_fold(x, consts) for x in dict(spec.args)["warps"].items)
        return _mma_c_owner(coords[0], coords[1], warps, shape)
    if spec is not None and spec.kind == "named" and spec.name == "copy":
        from dsl.exprs import try_fold
        vec = try_fold(dict(spec.args).get("vec", ir.IntLit(1)), consts) or 1
        chunk = e // vec
        return chunk % threads, (chunk // threads) * vec + e % vec
    return e % threads, e // threads


def values_per_thread(shape: tuple[int, ...], threads: int) -> int:
    return max(1, math.ceil(math.prod(shape) / threads))

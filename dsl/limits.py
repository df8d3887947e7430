"""The largest values the tools accept, checked in the front end (E032), so that no input
costs unbounded time or memory: thread distributions, layouts, the interpreter and the
lowering's plan enumerate tiles, threads and blocks element by element in Python.

Each limit is far above what a real kernel uses (docs/DSL.md, "Limits").
"""
from __future__ import annotations

import math

MAX_INT = 2**63 - 1                  # integer literals and constants: CUDA's widest index type
MAX_LITERAL_DIGITS = len(str(MAX_INT))
MAX_THREADS = 4096                   # threads in a block: 4x every target's 1024, which the RES
                                     # rule checks against the chosen target (exit 1, a finding)
MAX_GRID = (2**31 - 1, 65535, 65535)  # CUDA's launch limits on grid.x, grid.y, grid.z
MAX_TILE_ELEMENTS = 1 << 17          # one register or shared tile, or a layout: more than the
                                     # largest shared memory of any target (228 KiB) holds in f16
MAX_SWIZZLE_BITS = 32                # b + m + |s| of swizzle(b, m, s): the bits of an address

HINT = "integers in a kernel fit in 64 bits (docs/DSL.md, \"Limits\")"


def literal(ck, text: str, span) -> int:
    """The value of an integer literal, or E032 (and 1, which starts no knock-on error) when
    it is too long or too large: parsing a 5000-digit literal is refused by Python itself."""
    digits = text.lstrip("0") or "0"
    if len(digits) > MAX_LITERAL_DIGITS or int(digits) > MAX_INT:
        shown = digits if len(digits) <= 24 else f"{digits[:8]}...{digits[-8:]} ({len(digits)} digits)"
        ck.error("E032", f"integer literal {shown} is larger than {MAX_INT} (2**63 - 1)", span, HINT)
        return 1
    return int(digits)


def constant(ck, name: str, value: int, span) -> bool:
    """Is a folded constant a 64-bit integer, -2**63 to 2**63 - 1? (E032 when not)."""
    if -MAX_INT - 1 <= value <= MAX_INT:
        return True
    ck.error("E032", f"constant '{name}' folds to {_shown(value)}, outside the 64-bit integers "
             f"(-2**63 to 2**63 - 1)", span, HINT)
    return False


def threads(ck, value: int, span) -> bool:
    if value <= MAX_THREADS:
        return True
    ck.error("E032", f"{_shown(value)} threads in a block; the limit is {MAX_THREADS}", span,
             "a block has at most 1024 threads on the targets (sm_90, mi300x); use more blocks (`grid`)")
    return False


def grid_dim(ck, axis: int, value: int, span) -> bool:
    if value <= MAX_GRID[axis]:
        return True
    ck.error("E032", f"grid dimension {'xyz'[axis]} is {_shown(value)} blocks; the limit is {MAX_GRID[axis]}",
             span, "the launch limits are 2**31 - 1 blocks in x and 65535 in y and z")
    return False


def tile_elements(ck, what: str, extents, span) -> bool:
    """Does a tile (or layout) of these constant extents fit within MAX_TILE_ELEMENTS?"""
    n = math.prod(extents)
    if n <= MAX_TILE_ELEMENTS:
        return True
    ck.error("E032", f"{what} has {_shown(n)} elements; the limit is {MAX_TILE_ELEMENTS} (2**17)", span,
             "a tile lives in one block's registers or shared memory; split the work over blocks or loop steps")
    return False


def swizzle(ck, b: int, m: int, s: int, span) -> bool:
    if b + m + abs(s) <= MAX_SWIZZLE_BITS:
        return True
    ck.error("E032", f"swizzle({_shown(b)}, {_shown(m)}, {_shown(s)}) reaches beyond bit {MAX_SWIZZLE_BITS} "
             "of an address", span, f"b + m + |s| is at most {MAX_SWIZZLE_BITS}")
    return False


def _shown(v: int) -> str:
    text = str(v)
    return text if len(text) <= 24 else f"{text[:8]}...({len(text)} digits)"

"""Checks of layout, thread-value and swizzle clauses written on tiles.

The front end only checks shapes and sizes; the meaning of a layout lives in encode/layout.
"""
from __future__ import annotations

import math

from . import exprs, ir, limits

NAMED = {"mma_m16n8k16": ("warps",), "copy": ("vec",), "wgmma_m64nNk16": ("warpgroups",)}


def _int_tuple(ck, e: ir.Expr):
    """Fold a (nested) tuple of constant expressions to nested ints, or None."""
    if isinstance(e, ir.TupleExpr):
        items = [_int_tuple(ck, i) for i in e.items]
        return None if any(i is None for i in items) else tuple(items)
    return exprs.try_fold(e, ck.consts())


def _flat(t):
    return [x for i in t for x in _flat(i)] if isinstance(t, tuple) else [t]


def _congruent(a, b) -> bool:
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_congruent(x, y) for x, y in zip(a, b))
    return not isinstance(a, tuple) and not isinstance(b, tuple)


def check_placement(ck, tree, tile: tuple[int, ...] | None, role: str) -> ir.LayoutSpec | None:
    if tree is None:
        return None
    sp = ck.span(tree)
    if tree.data == "swizzle_clause":
        parts = [ck.expr(c) for c in tree.children]
        vals = [exprs.try_fold(p, ck.consts()) for p in parts]
        if None in vals:
            ck.error("E017", "swizzle parameters must be compile-time integers", sp)
        elif role != "shared":
            ck.error("E025", "a swizzle applies to shared-memory tiles", sp)
        elif limits.swizzle(ck, *vals, sp) and (vals[0] < 0 or vals[1] < 0 or abs(vals[2]) < vals[0]):
            ck.error("E025", f"swizzle({vals[0]}, {vals[1]}, {vals[2]}) is not a swizzle: it needs b >= 0, "
                     "m >= 0 and |s| >= b", sp,
                     "swizzle(b, m, s) XORs the b bits at m + s into the b bits at m; |s| >= b keeps them apart")
        return ir.LayoutSpec("swizzle", swizzle=tuple(parts), span=sp)
    shape_t, stride_t = tree.children
    shape_e = ck.expr(shape_t)
    if isinstance(shape_e, ir.Call):
        return _named(ck, shape_e, tile, role, sp)
    stride_e = ck.expr(stride_t) if stride_t is not None else None
    shape = _int_tuple(ck, shape_e)
    stride = _int_tuple(ck, stride_e) if stride_e is not None else None
    if shape is None or (stride_e is not None and stride is None):
        # E017 where a hole (or a constant that is one) stands in it: a sketch's finite hole
        # is a compile-time integer in each completion (new-user round 38: `(T, T):(T + ??{0,
        # 1}, 1)` was refused as no layout at all)
        code = "E017" if ck.within_broken(sp) else "E025"
        ck.error(code, "a layout is shape:stride with compile-time integer tuples", sp,
                 "for example layout (32, 8):(8, 1)")
        return None
    if stride is not None and not _congruent(shape, stride):
        ck.error("E025", "layout shape and stride have different structure", sp)
        return None
    if any(x <= 0 for x in _flat(shape)):
        ck.error("E025", "layout extents must be positive", sp)
        return None
    if not limits.tile_elements(ck, "the layout", _flat(shape), sp):
        return None
    if role == "register" and (not isinstance(shape, tuple) or len(shape) != 2):
        # new-user round 33: `layout (128):(-1)` passed here and every rule said "unknown" once
        ck.error("E025", "a thread-value layout has two modes, (thread, value)", sp,
                 "for example layout (128, 4):(4, 1): thread t holds elements 4t .. 4t + 3")
        return None
    if role == "register" and stride is not None and any(x < 0 for x in _flat(stride)):
        # held-out round 37: `(64, 1):(-1, 0)` put thread t on element -t, and every rule said
        # "an empty thread-value layout"
        ck.error("E025", "a thread-value layout's strides are 0 or more: its offsets are the tile's elements", sp,
                 "for example layout (64, 1):(1, 0): thread t holds element t")
        return None
    threads = (getattr(ck, "header", None) or {}).get("threads")
    if role == "register" and isinstance(threads, int) and math.prod(_flat(shape[0])) > threads:
        # held-out round 46: elements of threads past the block's belong to nobody (every
        # rule said unknown)
        ck.error("E025", f"the layout's thread mode has {math.prod(_flat(shape[0]))} threads; the kernel has "
                 f"{threads}", sp, f"give the thread mode at most {threads} threads (the extra elements as values)")
        return None
    # a register tile's thread-value layout may be larger than the tile: the slots past
    # its last element are padding that no thread does (docs/SEMANTICS.md)
    padded_ok = role == "register" and tile is not None and math.prod(_flat(shape)) > math.prod(tile)
    if tile is not None and math.prod(_flat(shape)) != math.prod(tile) and not padded_ok:
        what = "thread-value layout" if role == "register" else "layout"
        ck.error("E018", f"{what} has {math.prod(_flat(shape))} elements but the tile has {math.prod(tile)}", sp,
                 f"the product of the layout's shape must be the tile's size, {' x '.join(map(str, tile))}"
                 + (" (a register tile's layout may also be larger: the extra slots are idle)"
                    if role == "register" else ""))
    if role == "shared" and stride is not None and not _one_place_each(ck, _flat(shape), _flat(stride), sp):
        return None
    return ir.LayoutSpec("layout", shape=shape_e, stride=stride_e, span=sp)


def _one_place_each(ck, shape: list[int], stride: list[int], sp) -> bool:
    """A shared buffer's layout gives each element its own offset, none before the buffer's
    start: two elements at one offset overwrite each other (the verifier follows elements by
    their coordinates, the GPU by their addresses), and a negative offset lies outside the
    allocation, which spans offsets 0 .. cosize - 1."""
    low = sum((n - 1) * d for n, d in zip(shape, stride) if d < 0)
    if low < 0:
        ck.error("E025", f"this shared layout puts an element at offset {low}, before the buffer's start", sp,
                 "a shared layout's strides must be non-negative")
        return False
    offsets = {0}
    for n, d in zip(shape, stride):
        offsets = {o + i * d for o in offsets for i in range(n)}
    if len(offsets) < math.prod(shape):
        ck.error("E025", f"this shared layout puts {math.prod(shape)} elements at {len(offsets)} offsets: "
                 "two elements of the buffer would share storage", sp,
                 "give every element its own offset (e.g. padded rows (32, 32):(33, 1))")
        return False
    return True


def _named(ck, call: ir.Call, tile, role: str, sp) -> ir.LayoutSpec | None:
    if call.func not in NAMED:
        ck.error("E025", f"unknown layout constructor '{call.func}'", call.span,
                 "known: " + ", ".join(sorted(NAMED)))
        return None
    if role == "shared":
        ck.error("E025", f"'{call.func}' distributes a tile over threads; it is not a shared-memory layout", sp)
        return None
    allowed = NAMED[call.func]
    for k, v in call.kwargs:
        if k not in allowed:
            ck.error("E029", f"'{call.func}' takes {', '.join(allowed)}, not '{k}'", v.span)
            return None
    if call.args:
        ck.error("E029", f"'{call.func}' takes keyword arguments only", call.span)
        return None
    args = dict(call.kwargs)
    if call.func == "mma_m16n8k16":
        warps = _int_tuple(ck, args.get("warps", ir.TupleExpr((ir.IntLit(1), ir.IntLit(1)))))
        if not (isinstance(warps, tuple) and len(warps) == 2 and all(isinstance(w, int) and w > 0 for w in warps)):
            ck.error("E025", "warps=(wm, wn) must be two positive integers", sp)
            return None
        if tile is not None and (len(tile) != 2 or tile[0] % (16 * warps[0]) or tile[1] % (8 * warps[1])):
            ck.error("E018", f"an m16n8k16 accumulator over warps {warps} needs a tile of multiples of "
                     f"[{16 * warps[0]}, {8 * warps[1]}], not {list(tile)}", sp)
    if call.func == "wgmma_m64nNk16":
        g = exprs.try_fold(args.get("warpgroups", ir.IntLit(1)), ck.consts())
        if not isinstance(g, int) or g <= 0:
            ck.error("E025", "warpgroups=g must be a positive integer", sp)
            return None
        if tile is not None and (len(tile) != 2 or tile[0] != 64 * g or tile[1] % 8 or not 8 <= tile[1] <= 256):
            ck.error("E018", f"a wgmma accumulator over {g} warpgroup(s) is a [{64 * g}, N] tile with N a multiple "
                     f"of 8 up to 256, not {list(tile)}", sp)
    if call.func == "copy":
        vec = exprs.try_fold(args.get("vec", ir.IntLit(1)), ck.consts())
        if vec is None:          # quiet where a sketch's hole explains it (each filling is checked)
            ck.error("E017", "vec must be a compile-time integer", sp)
            return None
        if vec <= 0 or vec & (vec - 1):
            ck.error("E025", "vec must be a power of two", sp)
            return None
        if tile and tile[-1] % vec:
            ck.error("E018", f"vector width {vec} does not divide the tile's last extent {tile[-1]}", sp)
    return ir.LayoutSpec("named", name=call.func, args=call.kwargs, span=sp)

"""Hopper's warpgroup MMA: the checks of `acc = wgmma(sA[..], sB[..], acc)`, `wgmma_commit` and
`wgmma_wait n`, and the statements a wgmma stands for in the IR (docs/SEMANTICS.md, wgmma).

A wgmma reads its operands from shared memory asynchronously: the IR gives it a load of each
operand tile at the issue ("operand") and the end of that read ("retire") at the wgmma_wait
that retires its group, so every rule about shared memory sees the whole interval.
"""
from __future__ import annotations

import math

from . import exprs, ir
from .layouts import check_placement

KINDS = ("wgmma", "wgmma_commit", "wgmma_wait")
LAYOUT = "wgmma_m64nNk16"
WARPGROUP = 128
SWIZZLE_ROW = 64            # f16 elements in one 128-byte swizzle row: swizzle(3, 3, 3)


def check_statement(ck, s, sp) -> list[ir.Stmt]:
    if s.data == "wgmma_commit":
        return [ir.WgmmaCommit(sp)]
    if s.data == "wgmma_wait":
        n = ck.expr(s.children[0])
        v = exprs.try_fold(n, ck.consts())
        if v is None or v < 0:
            ck.error("E017", "wgmma_wait needs a compile-time count of groups left pending (0 or more)", n.span)
        return [ir.WgmmaWait(n, sp)]
    return _wgmma(ck, s, sp)


def warpgroups(spec: ir.LayoutSpec | None, consts: dict[str, int]) -> int | None:
    """The warpgroup count of a `layout wgmma_m64nNk16(warpgroups=g)` placement, else None."""
    if spec is None or spec.kind != "named" or spec.name != LAYOUT:
        return None
    g = exprs.try_fold(dict(spec.args).get("warpgroups", ir.IntLit(1)), consts)
    return g if isinstance(g, int) and g > 0 else None


def _wgmma(ck, s, sp) -> list[ir.Stmt]:
    name, a_t, b_t, c_t, placement = s.children
    tiles = ck.tiles
    a, att = tiles.tile_ref(a_t, (ir.Space.SHARED,), "the A operand of wgmma")
    b, btt = tiles.tile_ref(b_t, (ir.Space.SHARED,), "the B operand of wgmma")
    c = tiles._reg_tile(c_t)
    dtype, shape = (c.dtype, c.shape) if c is not None else (ir.DType.F32, ())
    g = warpgroups(c.layout, ck.consts()) if c is not None else None
    if None not in (att, btt, c):
        g = _check_operands(ck, a, att, b, btt, c, g, sp)
    place = check_placement(ck, placement, tiles.values(shape), "register")
    target = tiles._define_tile(name, dtype, shape, sp, place)
    if att is None or btt is None or c is None or g is None:
        return [ir.Mma(target, str(c_t), str(c_t), str(c_t), sp, (a, b))]
    hidden = []
    ck.wgmmas += 1
    for role, ref, tt in (("a", a, att), ("b", b, btt)):
        ext = exprs.tile_shape(ref)
        tile = ir.TensorType(operand_name(ck.wgmmas, role), tt.dtype, ext, ir.Space.REGISTER,
                             _operand_layout(tiles.values(ext), g, sp), sp)
        hidden.append(ir.Load(tile, ref, sp, wgmma="operand"))
    return hidden + [ir.Mma(target, hidden[0].target.name, hidden[1].target.name, str(c_t), sp, (a, b))]


def operand_name(n: int, role: str) -> str:
    """The register name of the n-th wgmma's operand read, numbered in source order (not by
    position: `argus fmt` moves lines); no name in a shipped kernel starts with two underscores."""
    return f"__wgmma{n}_{role}"


def _operand_layout(vals, g: int, sp) -> ir.LayoutSpec:
    """Every issuing thread reads every element of the operand tile: the hardware reads the
    whole tile for the warpgroup, at any time from the issue to the wait of each of its warps,
    so a write by any thread must be ordered against every issuing thread's issue and wait
    (held-out round 114: with the elements shared out row-major, thread t's own program order
    alone ordered its refill of element t, and seven racing kernels proved)."""
    n = 1
    for v in vals:
        n *= v
    lit = lambda *xs: ir.TupleExpr(tuple(ir.IntLit(x, sp) for x in xs), sp)
    return ir.LayoutSpec("layout", shape=lit(WARPGROUP * g, n), stride=lit(0, 1), span=sp)


def _check_operands(ck, a, att, b, btt, c, g, sp) -> int | None:
    vals = ck.tiles.values
    av, bv, cv = vals(exprs.tile_shape(a)), vals(exprs.tile_shape(b)), vals(c.shape)
    for what, tt in (("A", att), ("B", btt)):
        if tt.dtype is not ir.DType.F16:
            ck.error("E013", f"wgmma's {what} operand '{tt.name}' is {tt.dtype.value}; it takes f16", sp)
            return None
    if c.dtype is not ir.DType.F32:
        ck.error("E013", f"the wgmma accumulator '{c.name}' is {c.dtype.value}; it takes f32", sp)
        return None
    if g is None:
        ck.error("E040", f"the wgmma accumulator '{c.name}' needs the placement `layout {LAYOUT}(warpgroups=g)`",
                 sp, f"declare it with `{c.name} = zeros f32[64 * g, N] layout {LAYOUT}(warpgroups=g)`")
        return None
    if None in (av, bv, cv) or len(av) != 2 or len(bv) != 2 or len(cv) != 2:
        ck.error("E014", "wgmma takes 2-D tiles a[m, k], b[k, n] in shared memory and c[m, n] in registers", sp)
        return None
    if not (av[1] == bv[0] and av[0] == cv[0] and bv[1] == cv[1]):
        ck.error("E015", f"wgmma shapes do not fit: a{list(av)} b{list(bv)} c{list(cv)}", sp,
                 "need a[m, k], b[k, n], c[m, n]")
        return None
    m, k, n = av[0], av[1], bv[1]
    if m != 64 * g or n % 8 or not 8 <= n <= 256 or k % 16:
        ck.error("E040", f"a wgmma over {g} warpgroup(s) is m{64 * g} x n(8..256, a multiple of 8) x k(a multiple "
                 f"of 16), not m{m} n{n} k{k}", sp, "each warpgroup multiplies 64 rows; K is done 16 at a time")
        return None
    for what, ref, tt, row in (("A", a, att, av[1]), ("B", b, btt, bv[1])):
        if any(exprs.mentions_thread(sub.at if isinstance(sub, ir.Index) else sub.start) for sub in ref.subs):
            # one descriptor for the warpgroup (held-out round 116: `sA[thread.warp % 2]` gave
            # each warp its own slot on the simulator, one for all on the interpreter)
            ck.error("E040", f"wgmma's {what} operand may not depend on the thread: the warpgroup reads one tile "
                     "through one descriptor", sp, "index the operand by loop variables, blocks and constants")
            return None
        if not _swizzled_rows(ck, ref, tt, row):
            ck.error("E040", f"wgmma's {what} operand must be a shared tile a descriptor can describe: a buffer "
                     f"with swizzle(3, 3, 3) whose rows are {SWIZZLE_ROW} f16 (128 bytes), the operand a "
                     f"whole [rows, {SWIZZLE_ROW}] slice of it starting a multiple of 8 rows into the buffer", sp,
                     f"declare e.g. `s{what} = shared f16[S, 64, {SWIZZLE_ROW}] swizzle(3, 3, 3)`; other layouts "
                     "(no-swizzle interleave, 32B/64B swizzle) are not supported")
            return None
    return g


def _swizzled_rows(ck, ref: ir.TileRef, tt: ir.TensorType, row: int) -> bool:
    """128B swizzle, K-major A / N-major B: the buffer's last extent is 64 f16 and the operand
    takes whole rows of it, starting at a multiple of 8 rows (one 1024-byte swizzle atom)."""
    lay = tt.layout
    if lay is None or lay.kind != "swizzle" or row != SWIZZLE_ROW:
        return False
    if [exprs.try_fold(x, ck.consts()) for x in lay.swizzle] != [3, 3, 3]:
        return False
    dims = ck.tiles.values(tt.shape)
    if dims is None or dims[-1] != SWIZZLE_ROW or len(ref.subs) != len(dims):
        return False
    last, rows = ref.subs[-1], ref.subs[-2]
    if not isinstance(last, ir.Slice) or exprs.try_fold(last.start, ck.consts()) != 0:
        return False
    if not isinstance(rows, ir.Slice):
        return False
    start = exprs.try_fold(rows.start, ck.consts())
    if start is None or start % 8:
        return False
    # each slot before the rows starts a whole atom too: a slot of 68 rows puts slot 1 at row 68,
    # byte 8704 (held-out round 116: `shared f16[2, 68, 64]` was read from the wrong rows)
    for i, sub in enumerate(ref.subs[:-2]):
        stride = math.prod(dims[i + 1:-1])
        at = exprs.try_fold(sub.at, ck.consts()) if isinstance(sub, ir.Index) else None
        if stride % 8 and (at is None or at * stride % 8):
            return False
    return True

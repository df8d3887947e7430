"""Checks of Hopper's asynchronous hand-off statements: mbarrier arrays, arrive, expect_tx,
wait on a phase parity, and bulk (TMA) tile copies that complete on an mbarrier."""
from __future__ import annotations

from . import exprs, ir
from .masks import check_mask
from .scope import Entry

KINDS = ("mbar_alloc", "arrive", "expect_tx", "mbar_wait", "tma_load")


def check_statement(ck, s, sp, top_level: bool) -> ir.Stmt | None:
    kind = s.data
    if kind == "mbar_alloc":
        return _alloc(ck, s, sp, top_level)
    if kind == "arrive":
        return ir.Arrive(_ref(ck, s.children[0]), None, sp)
    if kind == "expect_tx":
        ref, n = _ref(ck, s.children[0]), ck.expr(s.children[1])
        _positive_const(ck, n, "the byte count of expect_tx")
        return ir.Arrive(ref, n, sp)
    if kind == "mbar_wait":
        ref, p = _ref(ck, s.children[0]), ck.expr(s.children[1])
        ck.int_or_bool(p, "a phase parity", want_bool=False)
        return ir.MbarWait(ref, p, sp)
    dst_t, src_t, mask_t, bar_t = s.children
    dst, dtt = ck.tiles.tile_ref(dst_t, (ir.Space.SHARED,), "the destination of tma_load")
    src, stt = ck.tiles.tile_ref(src_t, (ir.Space.GLOBAL,), "the source of tma_load", mask_t is not None)
    ck.tiles._same_tile(dst, dtt, src, stt, sp)
    mask = check_mask(ck, mask_t, src, stt and stt.space, stt and stt.dtype, f"'{src.tensor}'", True)
    if mask is not None and mask.value not in (0, 0.0):
        ck.error("E035", f"a masked tma_load fills the elements outside '{src.tensor}' with zeros, not {mask.value}",
                 mask.span, "write `masked(fill=0.0)` (a tensor map's out-of-bounds fill is zero), or copy with "
                 "`copy_async ... masked(fill=...)`")
    return ir.TmaLoad(dst, src, _ref(ck, bar_t), sp, mask)


def _alloc(ck, s, sp, top_level: bool) -> ir.MbarAlloc:
    name, size_t, count_t = s.children
    size, count = ck.expr(size_t), ck.expr(count_t)
    n = _positive_const(ck, size, "the number of mbarriers")
    _positive_const(ck, count, "an mbarrier's arrival count")
    if not top_level:
        ck.error("E027", "an mbarrier array must be declared at the kernel's top level", sp,
                 "the block initialises it once, before every use; move the declaration out of the loop or branch")
    if ck.tiles._new_name(name, sp):
        ck.scope.define(str(name), Entry(ir.SymKind.TENSOR, value=n, barrier=True), ck.span(name))
    return ir.MbarAlloc(str(name), size, count, sp)


def _ref(ck, t) -> ir.BarRef:
    name_t, idx_t = t.children
    name, sp = str(name_t), ck.span(t)
    idx = ck.expr(idx_t)
    ck.int_or_bool(idx, "an mbarrier index", want_bool=False)
    ent = ck.scope.get(name)
    if ent is None:
        ck.error("E010", f"undefined mbarrier '{name}'", ck.span(name_t), ck.scope.suggest(name))
    elif not ent.barrier:
        ck.error("E021", f"'{name}' is not an mbarrier array", ck.span(name_t),
                 "declare one with `bar = mbarrier[S] count N`")
    else:
        v = exprs.try_fold(idx, ck.consts())
        if v is not None and ent.value is not None and not 0 <= v < ent.value:
            ck.error("E015", f"mbarrier index {v} is outside [0, {ent.value - 1}]", idx.span)
    return ir.BarRef(name, idx, sp)


def _positive_const(ck, e: ir.Expr, what: str) -> int | None:
    v = exprs.try_fold(e, ck.consts())
    if v is None:
        ck.error("E017", f"{what} must be a compile-time integer", e.span)
    elif v <= 0:
        ck.error("E015", f"{what} must be positive, not {v}", e.span)
        return None
    return v

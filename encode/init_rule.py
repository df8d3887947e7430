"""INIT: no read of memory that nothing wrote, asserted or not.

Shared reads ask the data-flow model for the reaching write of every element a thread
reads (`Dataflow.read`); its UNINIT case is "nothing wrote it on this path". A register
tile is written per element by its distribution; one that reaches only part of the tile
leaves elements that every later read finds unwritten.
"""
from __future__ import annotations

from dsl import ir

from .access import instantiate
from .distribution import of_spec
from .findings import Finding
from .memwitness import ModelView, access_operand, element_text, thread_text
from .settle import slice_box
from .symbols import Unsupported
from .tagval import CaseKind
from .terms import Or


def check(ctx) -> None:
    for a in ctx.accesses:
        if a.space is ir.Space.SHARED and not a.write:
            ctx.sink.obligation()
            try:
                _check_read(ctx, a)
            except Unsupported as u:
                ctx.sink.unknown("INIT", u.span or a.span, u.reason)
    _check_register_tiles(ctx)


def _check_read(ctx, a) -> None:
    inst = instantiate(ctx.df, a, "1", ctx.target.warp_size)
    tv = ctx.df.read(a.tensor, inst.coords, a.point, inst.loops, slice_box(ctx.df, a.ref, inst.bound, inst.coords))
    uninit = [c.cond for c in tv.cases if c.kind is CaseKind.UNINIT and c.writer is None]
    if uninit:
        model = ctx.solve("INIT", a.span, inst.facts + [Or(*uninit)], list(inst.loops.values()) + [inst.t, inst.v])
        if model is not None:
            _report(ctx, a, inst, ModelView(ctx, model))
            return
    window = [c for c in tv.cases if c.kind is CaseKind.OVERFLOW and c.writer is None]
    if window:
        from .solver import Verdict as SV, find_model
        out = find_model(list(ctx.env.facts) + inst.facts + [Or(*[c.cond for c in window])], ctx.opts.solver,
                         probe=True)
        if out.verdict is not SV.PROVED:
            ctx.sink.unknown("INIT", a.span, window[0].note or "the reaching write lies outside the analysed window")


def _report(ctx, a, inst, mv: ModelView) -> None:
    ws = ctx.target.warp_size
    t = mv.int(inst.t)
    el = element_text(a.tensor, mv.coords(inst.coords))
    loops = mv.loops(a.point, inst.loops)
    msg = f"{a.verb} reads {el}, which nothing wrote before (by {thread_text(t, ws)})"
    hint = "copy into this part of the buffer before reading it, or read only what was filled"
    ctx.sink.finding(Finding("INIT", a.span, msg, mv.sizes(), mv.block(), t, loops, (), (access_operand(mv, inst),),
                             hint, data=mv.data()))


def _check_register_tiles(ctx) -> None:
    """Each register definition writes every element of its tile (its distribution covers it)."""
    k = ctx.kernel
    for p in ctx.df.points:
        target = getattr(p.stmt, "target", None)
        if not isinstance(p.stmt, (ir.Zeros, ir.Load, ir.Mma, ir.Compute)) or target is None:
            continue
        ctx.sink.obligation()
        try:
            dist = of_spec(target.layout, ctx.df.shape(target.name), k.threads, ctx.env.consts)
        except Unsupported as u:
            ctx.sink.unknown("INIT", u.span or p.span, u.reason)
            continue
        if dist.bijective or _reaches_all(dist):
            continue
        missing = _first_missing(dist)
        el = element_text(target.name, dist.coords(missing))
        msg = (f"the layout of {target.name} gives {el} to no thread, so it is never written and every read "
               f"of it reads garbage")
        ctx.sink.finding(Finding("INIT", p.span, msg, hint="use a thread-value layout that covers the whole tile"))


def _reaches_all(dist) -> bool:
    from .distribution import _image_stats
    return _image_stats(dist.tv, dist.active_threads, dist.elements)[0] == dist.elements


def _first_missing(dist) -> int:
    reached = {e for t in range(dist.active_threads) for v in range(dist.values)
               if (e := dist.concrete(t, v)) is not None}
    return next(e for e in range(dist.elements) if e not in reached)

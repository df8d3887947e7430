"""BOUND: every element a thread touches lies inside its tensor, for all sizes the
`assume`s allow. One query per access: some thread, value and iteration whose element
has a coordinate below 0 or at/past the extent of its dimension."""
from __future__ import annotations

from .access import instantiate
from .findings import Finding
from .memwitness import ModelView, access_operand, element_text, thread_text
from .symbols import Unsupported
from .terms import Or


def check(ctx) -> None:
    for a in ctx.accesses:
        ctx.sink.obligation()
        try:
            _check_access(ctx, a)
        except Unsupported as u:
            ctx.sink.unknown("BOUND", u.span or a.span, u.reason)


def _check_access(ctx, a) -> None:
    inst = instantiate(ctx.df, a, "1", ctx.target.warp_size)
    dims = [ctx.env.term(d, {}) for d in ctx.df.types[a.tensor].shape]
    out = [Or(c < 0, c >= n) for c, n in zip(inst.coords, dims)]
    model = ctx.solve("BOUND", a.span, inst.facts + [Or(*out)], list(inst.loops.values()) + [inst.t, inst.v])
    if model is None:
        return
    mv = ModelView(ctx, model)
    coords = mv.coords(inst.coords)
    extents = [mv.int(n) for n in dims]
    dim = next(i for i, (c, n) in enumerate(zip(coords, extents)) if not 0 <= c < n)
    t = mv.int(inst.t)
    ws = ctx.target.warp_size
    shape = ", ".join(str(n) for n in extents)
    msg = (f"out-of-bounds access: {a.verb} touches {element_text(a.tensor, coords)} but {a.tensor} has shape "
           f"[{shape}] (index {coords[dim]} of dimension {dim} is outside [0, {extents[dim]}))"
           f" for {thread_text(t, ws)}")
    sub = a.ref.subs[dim] if a.ref is not None and dim < len(a.ref.subs) else None
    related = ((sub.span, f"dimension {dim} is indexed here"),) if sub is not None else ()
    op = access_operand(mv, inst, (("dim", dim), ("index", coords[dim]), ("extent", extents[dim])))
    hint = "tighten the `assume`s, guard the access with an `if`, or fix the index expression"
    ctx.sink.finding(Finding("BOUND", a.span, msg, mv.sizes(), mv.block(), t, mv.loops(a.point, inst.loops), (),
                             (op,), hint, related, data=mv.data()))

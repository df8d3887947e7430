"""COVER for a partial output: `writes T[i, j] if cond` (docs/DSL.md, "Partial outputs").

The kernel writes the elements of T where cond holds, each exactly once, and no other; the
others keep their contents (a KV-cache append writes the new tokens' rows of the cache).
A store instance that writes an element where cond fails is a finding here; "exactly once"
over the declared part is cover.py's "no element twice" and cover_reach.py's "no element
of the part that no store writes", with cond on the missing element.
"""
from __future__ import annotations

import z3

from dsl.fmt import format_expr

from .access import instantiate
from .findings import Finding, Hop, Operand
from .memwitness import ModelView, block_text, element_text, iteration_text, thread_text
from .symbols import Unsupported


def declared(ctx, name: str, coords: tuple):
    """The condition, at element `coords` of `name`, under which its `writes` declaration
    says the kernel writes it; None without a declaration."""
    decl = ctx.df.kernel.written_part(name)
    if decl is None:
        return None
    return ctx.env.cond(decl.cond, dict(zip(decl.indices, coords)))


def written_outside(ctx, name: str, sites) -> bool:
    """A store instance that writes an element of `name` outside its declared part, reported."""
    decl = ctx.df.kernel.written_part(name)
    for s in sites:
        inst = instantiate(ctx.df, s, "1", ctx.target.warp_size)
        try:
            part = declared(ctx, name, inst.coords)
        except Unsupported as u:
            ctx.sink.unknown("COVER", u.span or decl.span, u.reason)
            return True
        model = ctx.solve("COVER", s.span, inst.facts + [z3.Not(part)],
                          list(ctx.env.blocks) + list(inst.loops.values()) + [inst.t] + list(inst.coords))
        if model is None:
            continue
        mv = ModelView(ctx, model)
        coords = mv.coords(inst.coords)
        el = element_text(name, coords)
        block, t, loops = mv.block(), mv.int(inst.t), mv.loops(s.point, inst.loops)
        who = f"block {block_text(block)} {thread_text(t, ctx.target.warp_size)}{iteration_text(loops)}"
        msg = (f"{el} is written by {who}, outside the part of {name} that `writes` declares "
               f"(line {decl.span.line}: {format_expr(decl.cond)})")
        ops = (Operand(el, (("writes", 1),), (Hop(name, coords, s.span, loops),)),)
        hint = (f"the store's offsets reach past the declared part: check them against the declaration, or "
                f"widen it if {name}'s other elements are meant to be written too")
        ctx.sink.finding(Finding("COVER", s.span, msg, mv.sizes(), block, t, loops, (), ops, hint,
                                 ((decl.span, f"the part of {name} the kernel writes"),), data=mv.data()))
        return True
    return False

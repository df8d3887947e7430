"""COVER of an output written by masked stores: every element inside it is written.

A masked store writes the part of its tile that lies inside the tensor, so the number of
writes is not the number of elements and cover.py's count does not apply. Instead one
quantified query asks for an element that no instance of any store reaches:
"some e inside the output such that for every block, iteration and thread, e lies outside
the stored tile (or the instance does not run)". The tile is the store's slice box, which
its distribution reaches whole (checked), so no thread-value variable is quantified.
Together with "no element twice" (cover.py, with the masks' in-tensor facts) this is
exactly once.
"""
from __future__ import annotations

import z3

from dsl import ir

from .access import enabled, loop_vars
from .distribution import thread_bindings
from .findings import Finding, Hop, Operand
from .memwitness import ModelView, element_text
from .symbols import Unsupported
from .terms import And


def check_covered(ctx, name: str, sites, reaches_all) -> None:
    """`reaches_all(site)`: the store's distribution writes every element of its tile."""
    env = ctx.env
    shape = [env.term(d, {}) for d in ctx.df.types[name].shape]
    elem = [z3.Int(f"{name}.missing{d}") for d in range(len(shape))]
    facts = [And(e >= 0, e < n) for e, n in zip(elem, shape)]
    for i, s in enumerate(sites):
        if not reaches_all(s):
            raise Unsupported(f"the layout of this store leaves part of its tile to no thread; COVER of the "
                              f"masked output {name} needs the whole tile written", s.span)
        facts.append(_never(ctx, s, elem, i))
    model = ctx.solve("COVER", sites[0].span, facts, elem)
    if model is None:
        return
    mv = ModelView(ctx, model)
    missing = mv.coords(elem)
    where = element_text(name, missing)
    msg = f"{where} is written by no thread (no masked store's tile reaches it)"
    ops = (Operand(where, (("writes", 0),), (Hop(name, missing, None),)),)
    hint = ("the stores' tiles do not reach every element: round the grid up, (N + B - 1) / B, and "
            "store the tail too")
    ctx.sink.finding(Finding("COVER", sites[0].span, msg, mv.sizes(), (), None, (), (), ops, hint))


def _never(ctx, s, elem, i: int):
    """For every block, loop iteration and thread: that instance of store `s` misses `elem`."""
    env = ctx.env
    loops = loop_vars(s.point, f"cov{i}")
    t = z3.Int(f"t@cov{i}")
    blocks = tuple(z3.Int(f"{b}@cov{i}") for b in env.blocks)
    bound = {**loops, **thread_bindings(t, ctx.target.warp_size)}
    pairs = list(zip(env.blocks, blocks))
    runs = [t >= 0, t < s.dist.active_threads] + enabled(env, s.point, bound)
    for b, extent in zip(blocks, ctx.kernel.grid):
        runs += [b >= 0, b < env.term(extent, {})]
    inside = []
    it = iter(elem)
    for sub in s.ref.subs:
        e = next(it)
        if isinstance(sub, ir.Index):
            inside.append(e == env.term(sub.at, bound))
        else:
            start = env.term(sub.start, bound)
            inside += [e >= start, e < start + ctx.df.extent(sub.extent)]
    hit = And(*runs, *inside)
    if pairs:
        hit = z3.substitute(hit, *pairs)
    xs = list(blocks) + list(loops.values()) + [t]
    return z3.ForAll(xs, z3.Not(hit))

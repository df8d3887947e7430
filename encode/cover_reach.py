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
from .solver import Verdict as SV, prove
from .symbols import Unsupported, mentions
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
        facts.append(_never(ctx, s, elem, i, facts[:len(shape)]))
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


def _never(ctx, s, elem, i: int, inside_output):
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
    inside, slices = [], []
    it = iter(elem)
    for sub in s.ref.subs:
        e = next(it)
        if isinstance(sub, ir.Index):
            inside.append(e == env.term(sub.at, bound))
        else:
            start = env.term(sub.start, bound)
            inside += [e >= start, e < start + ctx.df.extent(sub.extent)]
            slices.append((e, start))
    hit = And(*runs, *inside)
    if pairs:
        hit = z3.substitute(hit, *pairs)
        slices = [(e, z3.substitute(start, *pairs)) for e, start in slices]
    hit, xs = _eliminate(ctx, hit, list(blocks) + list(loops.values()) + [t], slices,
                         list(env.facts) + list(inside_output))
    return z3.Not(hit) if not xs else z3.ForAll(xs, z3.Not(hit))


def _eliminate(ctx, hit, xs: list, slices, facts):
    """`exists xs: hit` without the variables it can name: x goes when some term w(elem, the
    other variables) gives a hit wherever any x does (`hit => hit[x := w]`, proved), so the
    existential is `hit[x := w]`. The candidates: the one block or iteration whose tile can
    hold the element along a slice `k * x + rest` ((e - rest) / k), and a slice's lower
    bound (the thread, a loop's first iteration). Two stores that split one output into
    halves left the solver a quantifier over blocks it did not instantiate (a timeout)."""
    for x in list(xs):
        for w in _candidates(x, slices, ctx):
            if any(mentions(w, y) for y in [x]):
                continue
            moved = z3.substitute(hit, (x, w))
            if prove(z3.Implies(hit, moved), facts, ctx.opts.solver).verdict is SV.PROVED:
                hit, slices = moved, [(e, z3.substitute(start, (x, w))) for e, start in slices]
                xs.remove(x)
                break
    return hit, xs


def _candidates(x, slices, ctx) -> list:
    out = []
    for e, start in slices:
        if not mentions(start, x):
            continue
        rest = z3.simplify(z3.substitute(start, (x, z3.IntVal(0))))
        k = z3.simplify(z3.substitute(start, (x, z3.IntVal(1))) - rest)
        if z3.is_int_value(k) and k.as_long() > 0:
            out.append(z3.simplify((e - rest) / k))
    return out + [z3.IntVal(0)]

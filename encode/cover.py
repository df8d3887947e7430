"""COVER: every element of each output is written by exactly one (block, thread, value).

Proved without enumerating anything: (1) no element is written twice (a two-event
query over two symbolic blocks, instances and threads), (2) every write is in bounds,
(3) the number of writes equals the number of elements, for all sizes the `assume`s
allow. (1)-(3) give a bijection. When (3) fails, the solver's sizes are small and an
element nobody writes is found by evaluating the stores at those sizes. Writes that cannot
be counted (masked stores, stores under conditions on threads, blocks or loop variables)
replace (3) by a query for an element no store instance writes (encode/cover_reach.py).
"""
from __future__ import annotations

import itertools
import math

import z3

from dsl import exprs, ir

from . import concrete
from .access import instantiate, point_thread_dependent
from .cover_part import written_outside
from .cover_reach import check_covered
from .findings import Finding, Hop, Operand
from .global_race import is_state
from .memwitness import ModelView, block_text, element_text, iteration_text, thread_text
from .solver import Verdict as SV, find_model
from .symbols import Unsupported
from .terms import Or

MAX_CONCRETE = 1 << 21      # writes evaluated when looking for an element nobody writes


def check(ctx) -> None:
    outputs = sorted({a.tensor for a in ctx.accesses if a.write and a.space is ir.Space.GLOBAL})
    for name in outputs:
        sites = [a for a in ctx.accesses if a.write and a.tensor == name]
        ctx.sink.obligation()
        try:
            _check_output(ctx, name, sites)
        except Unsupported as u:
            ctx.sink.unknown("COVER", u.span or sites[0].span, u.reason)


def _check_output(ctx, name: str, sites) -> None:
    if _layout_gap(ctx, name, sites):
        return
    for s in sites:
        if not s.dist.injective:
            raise Unsupported(f"the distribution of this store gives one element of {name} to several threads",
                              s.span)
    # A tensor the kernel also reads is state (a counter, ids, flags): its final value is the
    # last write, and one block's writes of an element are ordered (program order in a thread,
    # barriers between threads: RACE and WAR check them, encode/global_race.py). Only writes
    # by two blocks, which nothing orders, are "written twice" (docs/RULES.md, COVER). A
    # declared part (`writes`) is written exactly once, state or not.
    state = is_state(ctx, name)
    if state is None:
        raise Unsupported(f"whether a read of {name} runs is not decided, so whether {name} is state (which "
                          "COVER lets a block rewrite, or leave where its data says) is not known", sites[0].span)
    part = ctx.df.kernel.written_part(name) is not None
    if part and written_outside(ctx, name, sites):
        return
    for i, s1 in enumerate(sites):
        for s2 in sites[i:]:
            # a declared part is written once by anyone, a block's own rewrites of state too
            # (held-out round 58 proved a state part stored twice by one block)
            if _double_write(ctx, name, s1, s2, across_blocks=state and not part):
                return
    if _out_of_bounds(ctx, sites):
        ctx.sink.unknown("COVER", sites[0].span, f"some writes to {name} fall outside it (see BOUND)")
        return
    if state and not part and any(_data_guarded(s.point) for s in sites):
        # state updated where its data says so (a flag cleared only where set): the elements
        # the condition skips keep their contents, which is what such a kernel means; only two
        # blocks' writes of one element are a finding (held-out round 26, g22). A declared
        # part (`writes Y[i] if ...`) says which elements are written, each once: checked
        # below (held-out round 57 proved a guard that skipped part of it). An element no
        # store reaches for any data the assumes allow is never written (held-out rounds 88,
        # 91, 92, 95: a grid one block short next to a guarded store, a guard that never
        # holds; a loop whose trip count reads data is such a condition too)
        check_covered(ctx, name, sites, data_holds=True)
        return
    if part or any(s.masked for s in sites) or (state and _rewritten_in_block(ctx, sites)):
        check_covered(ctx, name, sites)     # writes do not count elements: ask for one none reaches
        return
    _count(ctx, name, sites)


def _data_guarded(point) -> bool:
    """Whether a store runs under a condition on input data: an `if` that reads an input's
    elements, or a loop whose bounds do (`for j in range(F[0])`)."""
    return any(exprs.reads_elements(g.cond) for g in point.guards) or \
        any(exprs.reads_elements(e) for loop in point.loops for e in (loop.start, loop.stop))


def _layout_gap(ctx, name: str, sites) -> bool:
    """A store whose layout gives part of its tile to no thread, where the counting and the
    masked query below do not apply (a layout that gives an element to several threads, a
    masked store): the first element no store writes, evaluated at the smallest sizes the
    `assume`s allow (then with every size at least 64, 256, so that whole tiles fit), is
    the witness. None found: False, and the checks below decide (or say unknown)."""
    partial = [s for s in sites if not s.dist.bijective and (not s.dist.injective or s.masked)
               and _reached(s) < s.dist.elements]
    if not partial:
        return False
    s = partial[0]
    sizes = [v for _, v in sorted(ctx.env.sizes.items())]
    for floor in (1, 64, 256):
        out = find_model(list(ctx.env.facts) + [v >= floor for v in sizes], ctx.opts.solver, probe=True)
        if out.verdict is not SV.REFUTED:
            continue
        model = ctx.solve("COVER", s.span, [v >= floor for v in sizes])
        if model is None:
            continue
        mv = ModelView(ctx, model)
        missing = _first_unwritten(ctx, name, sites, dict(mv.sizes()))
        if missing is None:
            continue
        where = element_text(name, missing)
        msg = (f"{where} is written by no thread: the layout of the store at line {s.span.line} gives "
               f"{_reached(s)} of its tile's {s.dist.elements} elements to a thread")
        ops = (Operand(where, (("writes", 0),), (Hop(name, missing, None),)),)
        hint = ("a store's layout must give every element of its tile to a thread: check its shape and "
                "strides (two threads or values on one element leave another to none)")
        ctx.sink.finding(Finding("COVER", s.span, msg, mv.sizes(), (), None, (), (), ops, hint, data=mv.data()))
        return True
    return False


# ---------------------------------------------------------------- two writers of one element
def _second_block(ctx, inst):
    """The instance moved to another block: fresh block variables in all its terms."""
    blocks = ctx.env.blocks
    other = tuple(z3.Int(f"{b}@2") for b in blocks)
    pairs = list(zip(blocks, other))
    sub = (lambda t: z3.substitute(t, *pairs)) if pairs else (lambda t: t)
    facts = [sub(f) for f in inst.facts]
    for b, extent in zip(other, ctx.kernel.grid):
        facts += [b >= 0, b < ctx.env.term(extent, {})]
    return other, facts, tuple(sub(c) for c in inst.coords)


def _double_write(ctx, name, s1, s2, across_blocks: bool = False) -> bool:
    """Two writes of one element (by two blocks only, with `across_blocks`), reported."""
    ia = instantiate(ctx.df, s1, "1", ctx.target.warp_size)
    ib = instantiate(ctx.df, s2, "2", ctx.target.warp_size)
    blocks2, facts2, coords2 = _second_block(ctx, ib)
    same = [x == y for x, y in zip(ia.coords, coords2)]
    differ = [b != c for b, c in zip(ctx.env.blocks, blocks2)]
    if s1 is s2 and not across_blocks:
        differ += [ia.loops[v] != ib.loops[v] for v in ia.loops]
    apart = s1 is s2 or across_blocks
    facts = ia.facts + facts2 + same + ([Or(*differ)] if apart else [])
    if apart and not differ:
        return False
    model = ctx.solve("COVER", s2.span, facts,
                      list(ctx.env.blocks) + list(ia.loops.values()) + list(ib.loops.values()) + [ia.t, ib.t]
                      + list(ia.coords))     # the element too: else it follows Z3's term ids
    if model is None:
        return False
    mv = ModelView(ctx, model)
    ws = ctx.target.warp_size
    el = element_text(name, mv.coords(ia.coords))
    b1, b2 = mv.block(), tuple(mv.int(b) for b in blocks2)
    t1, t2 = mv.int(ia.t), mv.int(ib.t)
    l1, l2 = mv.loops(s1.point, ia.loops), mv.loops(s2.point, ib.loops)
    msg = (f"{el} is written twice: by block {block_text(b1)} {thread_text(t1, ws)}{iteration_text(l1)} "
           f"(line {s1.span.line}) and by block {block_text(b2)} {thread_text(t2, ws)}{iteration_text(l2)} "
           f"(line {s2.span.line})")
    coords = mv.coords(ia.coords)
    ops = (Operand(el, _flat_pairs((("block", *b1), ("thread", t1)) + l1), (Hop(name, coords, s1.span, l1),)),
           Operand(el, _flat_pairs((("block", *b2), ("thread", t2)) + l2), (Hop(name, coords, s2.span, l2),)))
    related = ((s1.span, f"block {block_text(b1)} {thread_text(t1, ws)} writes {el} here{iteration_text(l1)}"),)
    hint = "each output tile must be stored once: check the grid, the store's block offsets and its loop"
    if s1 is not s2 and b1 == b2 and any(point_thread_dependent(s.point) for s in (s1, s2)):
        hint = ("the two stores' conditions both admit the thread that does this element: the branches of a "
                "store split between threads must not overlap" if t1 == t2 else
                "the two stores give this element to different threads: the branches of a store split between "
                "threads must distribute the tile alike (the same layout)")
    ctx.sink.finding(Finding("COVER", s2.span, msg, mv.sizes(), b2, t2, l2, (), ops, hint, related, data=mv.data()))
    return True


def _rewritten_in_block(ctx, sites) -> bool:
    """Whether one block may write an element twice (two instances or two stores; unknown
    counts as yes): its writes then do not count its elements."""
    for i, s1 in enumerate(sites):
        for s2 in sites[i:]:
            ia = instantiate(ctx.df, s1, "1", ctx.target.warp_size)
            ib = instantiate(ctx.df, s2, "2", ctx.target.warp_size)
            facts = ia.facts + ib.facts + [x == y for x, y in zip(ia.coords, ib.coords)]
            if s1 is s2:
                differ = [ia.loops[v] != ib.loops[v] for v in ia.loops]
                if not differ:
                    continue
                facts.append(Or(*differ))
            if find_model(list(ctx.env.facts) + facts, ctx.opts.solver, probe=True).verdict is not SV.PROVED:
                return True
    return False


def _flat_pairs(tag) -> tuple:
    out = []
    for item in tag:
        if item[0] == "block":
            out += [(f"block.{'xyz'[i]}", v) for i, v in enumerate(item[1:])]
        else:
            out.append(item)
    return tuple(out)


def _out_of_bounds(ctx, sites) -> bool:
    for s in sites:
        inst = instantiate(ctx.df, s, "1", ctx.target.warp_size)
        dims = [ctx.env.term(d, {}) for d in ctx.df.types[s.tensor].shape]
        bad = Or(*[Or(c < 0, c >= n) for c, n in zip(inst.coords, dims)])
        out = find_model(list(ctx.env.facts) + inst.facts + [bad], ctx.opts.solver, probe=True)
        if out.verdict is not SV.PROVED:
            return True
    return False


# ---------------------------------------------------------------- counting
def _instances_per_block(ctx, s):
    """How many instances of the store one block runs, as a term over the sizes."""
    count = z3.IntVal(1)
    for loop in s.point.loops:
        for e in (loop.start, loop.stop):
            if exprs.free_syms(e, ir.SymKind.LOOP) or exprs.mentions_thread(e) or exprs.mentions_block(e):
                raise Unsupported("COVER counts stores in loops whose bounds depend on sizes only", loop.span)
        lo, hi = ctx.env.term(loop.start, {}), ctx.env.term(loop.stop, {})
        count = count * z3.If(hi > lo, hi - lo, 0)
    for g in s.point.guards:
        if _always(ctx, s, g):
            continue
        if exprs.free_syms(g.cond, ir.SymKind.LOOP) or exprs.mentions_thread(g.cond) or exprs.mentions_block(g.cond):
            raise Unsupported("COVER cannot count stores under this condition", g.cond.span)
        c = ctx.env.cond(g.cond, {})
        count = count * z3.If(c if g.positive else z3.Not(c), 1, 0)
    return count


def _always(ctx, s, g) -> bool:
    inst = instantiate(ctx.df, s, "g", ctx.target.warp_size)
    c = ctx.env.cond(g.cond, inst.bound)
    threads = [inst.t >= 0, inst.t < s.dist.active_threads]
    negated = z3.Not(c) if g.positive else c
    out = find_model(list(ctx.env.facts) + threads + _loop_facts(ctx, s, inst) + [negated], ctx.opts.solver,
                     probe=True)
    return out.verdict is SV.PROVED


def _loop_facts(ctx, s, inst) -> list:
    facts = []
    for loop in s.point.loops:
        v = inst.loops[loop.var]
        facts += [v >= ctx.env.term(loop.start, inst.bound), v < ctx.env.term(loop.stop, inst.bound)]
    return facts



def _count(ctx, name, sites) -> None:
    blocks = z3.IntVal(1)
    for extent in ctx.kernel.grid:
        blocks = blocks * ctx.env.term(extent, {})
    total = z3.IntVal(0)
    try:
        for s in sites:
            per = math.prod(s.dist.shape) if s.dist.bijective else _reached(s)
            total = total + blocks * _instances_per_block(ctx, s) * per
    except Unsupported:
        return check_covered(ctx, name, sites)
    elements = z3.IntVal(1)
    for d in ctx.df.types[name].shape:
        elements = elements * ctx.env.term(d, {})
    model = ctx.solve("COVER", sites[0].span, [total != elements])
    if model is None:
        return
    mv = ModelView(ctx, model)
    if mv.int(total) > mv.int(elements):
        ctx.sink.unknown("COVER", sites[0].span, f"more writes than elements of {name}, yet none twice")
        return
    _report_gap(ctx, name, sites, mv, mv.int(total), mv.int(elements))


def _reached_elements(dist) -> range | list:
    if dist.bijective:
        return range(dist.elements)
    return sorted({e for t in range(dist.active_threads) for v in range(dist.values)
                   if (e := dist.concrete(t, v)) is not None})


def _reached(s) -> int:
    from .distribution import _image_stats
    return _image_stats(s.dist.tv, s.dist.active_threads, s.dist.elements)[0]


def _report_gap(ctx, name, sites, mv: ModelView, total: int, elements: int) -> None:
    sizes = dict(mv.sizes())
    missing = _first_unwritten(ctx, name, sites, sizes)
    where = element_text(name, missing) if missing is not None else f"some element of {name}"
    msg = f"{where} is written by no thread ({total} writes for {elements} elements)"
    ops = (Operand(where, (("writes", 0),), (Hop(name, missing, None),)),) if missing is not None else ()
    hint = "the grid or the store's tiles do not reach every element: check the grid extents and the tile offsets"
    ctx.sink.finding(Finding("COVER", sites[0].span, msg, mv.sizes(), (), None, (), (), ops, hint,
                             data=mv.data()))


def _first_unwritten(ctx, name, sites, sizes: dict):
    """At concrete sizes, the first element (row-major) that no store reaches."""
    import numpy as np
    env = {**sizes, **ctx.env.consts}
    try:
        shape = tuple(concrete.value(d, env) for d in ctx.df.types[name].shape)
        grid = [concrete.value(g, env) for g in ctx.kernel.grid]
    except Unsupported:
        return None
    if math.prod(shape) > MAX_CONCRETE or math.prod(grid) * sum(s.dist.elements for s in sites) > MAX_CONCRETE:
        return None
    hit = np.zeros(shape, dtype=bool)
    try:
        for block in itertools.product(*(range(g) for g in grid)):
            benv = {**env, **{f"block.{'xyz'[i]}": b for i, b in enumerate(block)}}
            for s in sites:
                for inst in concrete.instances(s.point, benv):
                    _mark(hit, s, {**benv, **inst})
    except Unsupported:
        return None
    free = np.argwhere(~hit)
    return tuple(int(x) for x in free[0]) if len(free) else None


def _mark(hit, s, env) -> None:
    ref = s.ref
    for e in _reached_elements(s.dist):
        tile = iter(s.dist.coords(e))
        full = []
        for sub in ref.subs:
            if isinstance(sub, ir.Index):
                full.append(concrete.value(sub.at, env))
            else:
                full.append(concrete.value(sub.start, env) + next(tile))
        if all(0 <= c < n for c, n in zip(full, hit.shape)):
            hit[tuple(full)] = True

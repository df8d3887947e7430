"""COVER where the writes cannot be counted: every element inside the output is written.

Masked stores write only the part of their tile inside the tensor, and stores under a
condition on threads, blocks or loop variables run a number of instances that has no
closed form, so cover.py's count does not apply. One query asks instead for an element
that no instance of any store writes: "some e inside the output such that, for every
block, iteration, thread and value, that instance does not write e". Each of those
variables is named by a term of e where one exists (the block or iteration whose tile can
hold e, the thread and value the store's distribution gives e to: encode/owner.py), so
the query is usually free of quantifiers; what stays quantified may leave it unknown.
Together with "no element twice" (cover.py) this is exactly once.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import z3

from dsl import exprs, ir
from dsl.fmt import format_expr
from dsl.masks import INT_RANGES

from .access import loop_vars, point_thread_dependent
from .cover_part import declared
from .distribution import thread_bindings
from .findings import Finding, Hop, Operand
from .memwitness import ModelView, block_text, element_text, iteration_text, thread_text
from .owner import owner_slot
from .elem_reads import witness_needs_opaque
from .solver import Verdict as SV, find_model, prove
from .symbols import Unsupported, mentions
from .terms import And

SMALL_SIZES = (64, 1024)    # size caps tried for a quantified query's witness, so that it replays small


@dataclass(frozen=True)
class _Writer:
    """One store's instance that would write the element, with its variables named by terms
    of the element where they could be (`left`: those still quantified)."""
    site: object
    hit: object                 # the instance writes the element
    left: tuple                 # variables still bound
    blocks: tuple               # block terms
    loops: dict                 # loop variable -> term
    thread: object              # the thread term, None where the store does not name one
    conds: object               # the store's branch conditions (guards) at the instance
    place: object               # the instance runs but for its guards, and its tile holds the element


def check_covered(ctx, name: str, sites, data_holds: bool = False) -> None:
    """An element of `name` no store reaches (a finding), or none. `data_holds`: each input
    element the stores' conditions, subscripts and loop bounds read is a value of its own,
    any the data `assume`s allow (state stored where its data says: an element no store
    reaches for any data is never written, held-out rounds 88 and 91)."""
    env = ctx.env
    shape = [env.term(d, {}) for d in ctx.df.types[name].shape]
    elem = [z3.Int(f"{name}.missing{d}") for d in range(len(shape))]
    inside = [And(e >= 0, e < n) for e, n in zip(elem, shape)]
    writers = [_writer(ctx, s, elem, i, inside, data_holds) for i, s in enumerate(sites)]
    part = declared(ctx, name, tuple(elem))      # a partial output: its declared part only
    required = inside + ([part] if part is not None else [])
    misses = [z3.Not(w.hit) if not w.left else z3.ForAll(list(w.left), z3.Not(w.hit)) for w in writers]
    misses += env.ranges_in(misses)
    model = _model(ctx, sites[0].span, required + misses, elem, any(w.left for w in writers))
    if model is None:
        return
    mv = ModelView(ctx, model)
    missing = mv.coords(elem)
    where = element_text(name, missing)
    ops = (Operand(where, (("writes", 0),), (Hop(name, missing, None),)),)
    related = tuple(r for w in writers if (r := _owner_line(ctx, mv, w, where)) is not None)
    if any(s.masked for s in sites) and not related:
        msg = f"{where} is written by no thread (no masked store's tile reaches it)"
        hint = ("the stores' tiles do not reach every element: round the grid up, (N + B - 1) / B, and "
                "store the tail too")
        if _before_first_tile(ctx, mv, sites, missing):
            # new-user round 53: a store shifted by one (block.x * B + 1) was told to round up
            # a grid that already was
            hint = (f"{where} lies before the first block's tile: the stores' tiles start past the "
                    "tensor's first elements; check the offset of the store")
    elif any(not (data_holds and exprs.reads_elements(g.cond)) for s in sites for g in s.point.guards):
        msg = f"{where} is written by no thread (no block, thread or iteration passes the store's conditions for it)"
        hint = "the condition around the store leaves this element out: check its bound against the tensor's size"
    else:
        msg = f"{where} is written by no thread (no block and iteration of the store's loops reaches it)"
        hint = ("the grid and the bounds of the loops around the store do not reach this element: check the "
                "grid's extents, the loops' trip counts and the tiles' offsets")
    if len(related) > 1:
        hint = ("the stores' conditions all leave out the thread that does this element: the branches of a "
                "store split between threads must admit every thread between them")
    elif related:
        hint = ("the store's condition leaves out the thread that does this element: check its bound (against "
                "the tensor's size for a tail), or store that thread's elements in another branch")
    ctx.sink.finding(Finding("COVER", sites[0].span, msg, mv.sizes(), (), None, (), (), ops, hint, related,
                             data=mv.data()))


def _before_first_tile(ctx, mv: ModelView, sites, missing: tuple) -> bool:
    """Whether the missing element lies, along some axis, before the start of every store's
    tile at block 0 and the loops' first iteration."""
    env = ctx.env
    zero = [(b, z3.IntVal(0)) for b in env.blocks]
    try:
        for site in sites:
            st = site.point.stmt
            if not isinstance(st, ir.Store):
                return False
            inst: dict = {}
            for loop in site.point.loops:
                inst[loop.var] = env.term(loop.start, inst)
            starts = [(d, env.term(sub.start, inst)) for d, sub in enumerate(st.dst.subs) if isinstance(sub, ir.Slice)]
            if not any(missing[d] < mv.int(z3.substitute(t, *zero) if zero else t) for d, t in starts):
                return False
    except Unsupported:
        return False
    return bool(sites)


def _owner_line(ctx, mv: ModelView, w: _Writer, where: str):
    """For a store that names the thread doing the element: that thread, in the block and
    iteration whose tile holds it, and that the store's conditions leave it out there."""
    if w.thread is None or w.left or mv.true(w.conds) or not mv.true(w.place):
        return None
    block = block_text(mv.int(b) for b in w.blocks)
    loops = tuple((l.var, mv.int(w.loops[l.var])) for l in w.site.point.loops)
    who = thread_text(mv.int(w.thread), ctx.target.warp_size)
    return (w.site.span, f"block {block} {who} does {where} "
                         f"here{iteration_text(loops)}, and the store's conditions are false for it")


def _model(ctx, span, facts, elem, quantified: bool):
    """A model of the query: minimised when it has no quantifier (Z3's optimiser cannot
    minimise one); otherwise small sizes are tried after the full query, each cap a probe."""
    if not quantified:
        return ctx.solve("COVER", span, facts, elem)
    base = list(ctx.env.facts) + list(facts) + list(ctx.env.element_types().values())
    out = find_model(base, ctx.opts.solver)
    if out.verdict is SV.PROVED:
        return None
    if out.verdict is SV.REFUTED and ctx.env.has_opaque() and witness_needs_opaque(ctx.sink, "COVER", span, facts):
        return None
    sizes = [v for _, v in sorted(ctx.env.sizes.items())]
    for cap in (SMALL_SIZES if sizes else ()):
        small = find_model(base + [v <= cap for v in sizes], ctx.opts.solver, probe=True)
        if small.verdict is SV.REFUTED:
            return small.model
    if out.verdict is SV.UNKNOWN:
        ctx.sink.unknown("COVER", span, f"solver: {out.reason}")
    return out.model if out.verdict is SV.REFUTED else None


def _data_as_values(ctx, guards, subs, bounds, i: int) -> tuple:
    """The store's branch conditions and subscripts with each element of an input they read
    (`F[0]`, `P[block.x]`), and the bounds of its loops likewise, replaced by a variable of its
    own, and the facts the data `assume`s give it: (conditions, subscripts, loop bounds,
    {name: variable}, facts, the reads as (element, variable)). Left to quantify, "no store
    reaches the element" then holds for every value the data may take (held-out round 91:
    dropping the conditions that read data proved a store under `F[0] > 3` with every F at
    most 3; a subscript `P[block.x]` is its guard's `P[block.x]`). Unsupported where an
    assume about such an input is not followed here or the kernel may write the element
    before the read (round 92: a dropped assume, or a value the kernel stored, let a store
    that never runs prove)."""
    refs: dict[str, tuple[ir.ElemRef, ir.Sym]] = {}

    def havoc(n):
        if isinstance(n, ir.ElemRef):
            if id(n) in ctx.env.opaque:
                raise Unsupported(f"COVER of a store under a condition on {n.tensor}, which the kernel may "
                                  "write before this read: the values it reads there are not tracked", n.span)
            key = format_expr(n)
            if key not in refs:
                refs[key] = (n, ir.Sym(f"%data{len(refs)}@cov{i}", ir.SymKind.INDEX, n.span))
            return refs[key][1]
        return None
    conds = [dataclasses.replace(g, cond=exprs.rewrite(g.cond, havoc)) for g in guards]
    subs = [dataclasses.replace(x, at=exprs.rewrite(x.at, havoc)) if isinstance(x, ir.Index)
            else dataclasses.replace(x, start=exprs.rewrite(x.start, havoc)) for x in subs]
    bounds = [(exprs.rewrite(a, havoc), exprs.rewrite(b, havoc)) for a, b in bounds]
    names = {sym.name: z3.Int(sym.name) for _, sym in refs.values()}
    facts = []
    for ref, sym in refs.values():
        # a value its type holds (held-out round 95: `F[0] > 127` of an i8 F was reachable)
        lo, hi = INT_RANGES.get(ctx.df.kernel.param(ref.tensor).dtype, (None, None))
        if lo is not None:
            facts += [names[sym.name] >= lo, names[sym.name] <= hi]
        for a in ctx.df.kernel.assumes:
            if not any(isinstance(n, ir.ElemRef) and n.tensor == ref.tensor for n in exprs.iter_nodes(a)):
                continue
            got = _instance(a, ref, sym)
            if got is None or any(isinstance(n, ir.ElemRef) for n in exprs.iter_nodes(got)):
                raise Unsupported(f"COVER of a store under a condition on {ref.tensor}: the assume about "
                                  f"{ref.tensor} is not followed element by element here", a.span)
            facts.append(ctx.env.cond(got, names))
    return conds, subs, bounds, names, facts, [(ref, names[sym.name]) for ref, sym in refs.values()]


def _instance(a: ir.Expr, ref: ir.ElemRef, sym: ir.Sym):
    """A data assumption (`assume F[i] >= 0 and F[i] <= 3`, `assume F[0] <= 3`) at element
    `ref` of F, with that element as `sym`; None where it names F otherwise than by one
    quantified index per dimension or by ref itself."""
    body, names = (a.body, a.names) if isinstance(a, ir.Forall) else (a, ())
    key = format_expr(ref)
    for n in exprs.iter_nodes(body):
        if isinstance(n, ir.ElemRef) and n.tensor == ref.tensor and len(n.indices) == len(ref.indices) \
                and all(isinstance(x, ir.Sym) and x.name in names for x in n.indices) \
                and len({x.name for x in n.indices}) == len(n.indices) == len(names):
            body = exprs.substitute(body, {x.name: y for x, y in zip(n.indices, ref.indices)})
            break
    else:
        if names:
            return None
    return exprs.rewrite(body, lambda m: sym if isinstance(m, ir.ElemRef) and format_expr(m) == key else None)


def _same_elements(env, reads, bound) -> list:
    """Two reads of one input at equal indices are one value (held-out round 92: `F[0] > 0
    and F[0 + 0] <= 0` was two values, so a store that never runs proved)."""
    out = []
    for k, (r1, v1) in enumerate(reads):
        for r2, v2 in reads[k + 1:]:
            if r1.tensor == r2.tensor:
                same = And(*[env.term(x, bound) == env.term(y, bound) for x, y in zip(r1.indices, r2.indices)])
                out.append(z3.Implies(same, v1 == v2))
    return out


def _writer(ctx, s, elem, i: int, inside_output, data_holds: bool = False) -> _Writer:
    """The instances of store `s` that write `elem`: some block, loop iteration, thread and
    value of its distribution run, and the slot's element is `elem`."""
    env, dist = ctx.env, s.dist
    loops = loop_vars(s.point, f"cov{i}")
    t, v = z3.Int(f"%t@cov{i}"), z3.Int(f"%v@cov{i}")
    blocks = tuple(z3.Int(f"{b}@cov{i}") for b in env.blocks)
    bound = {**loops, **thread_bindings(t, ctx.target.warp_size)}
    guard_list, subs, data_vars, data_facts, reads = s.point.guards, s.ref.subs, {}, [], []
    trips = [(loop.start, loop.stop) for loop in s.point.loops]
    if data_holds:
        guard_list, subs, trips, data_vars, data_facts, reads = _data_as_values(ctx, guard_list, subs, trips, i)
        bound = {**bound, **data_vars}
    inside, slices, tile = [], [], []
    for sub, e in zip(subs, elem):
        if isinstance(sub, ir.Index):
            inside.append(e == env.term(sub.at, bound))
        else:
            start = env.term(sub.start, bound)
            inside += [e >= start, e < start + ctx.df.extent(sub.extent)]
            slices.append((e, start))
            tile.append(e - start)
    index = z3.IntVal(0)
    for c, n in zip(tile, dist.shape):
        index = index * n + c
    xs = list(blocks) + list(loops.values())
    thread, slot, left = _slot(s, index, t, v)
    xs += left + list(data_vars.values())
    if thread is not None:
        bound = {**loops, **thread_bindings(thread, ctx.target.warp_size), **data_vars}
    thread = thread if _on_thread(s) else None
    guards = [c if g.positive else z3.Not(c) for g in guard_list for c in [env.cond(g.cond, bound)]] \
        + data_facts + _same_elements(env, reads, bound)
    place = [c for b, extent in zip(blocks, ctx.kernel.grid) for c in (b >= 0, b < env.term(extent, {}))]
    place += [c for loop, (start, stop) in zip(s.point.loops, trips)
              for c in (loops[loop.var] >= env.term(start, bound), loops[loop.var] < env.term(stop, bound))]
    hit, conds, place = And(*place, *guards, *inside, *slot), And(*guards), And(*place, *inside, *slot)
    pairs = list(zip(env.blocks, blocks))
    if pairs:
        hit, conds, place = (z3.substitute(x, *pairs) for x in (hit, conds, place))
        slices = [(e, z3.substitute(start, *pairs)) for e, start in slices]
        thread = z3.substitute(thread, *pairs) if thread is not None else None
    named = _eliminate(ctx, hit, xs, slices, list(env.facts) + list(inside_output))
    terms = [named.get(x, x) for x in blocks], {k: named.get(x, x) for k, x in loops.items()}
    sub = [(x, w) for x, w in named.items()]
    if sub:
        hit, conds, place = (z3.substitute(x, *sub) for x in (hit, conds, place))
        thread = z3.substitute(thread, *sub) if thread is not None else None
    return _Writer(s, hit, tuple(x for x in xs if x not in named), tuple(terms[0]), terms[1], thread, conds, place)


def _slot(s, index, t, v) -> tuple:
    """Which (thread, value) of the store's distribution writes the tile element `index`:
    (the thread term or None where no thread matters, facts tying the slot to the element,
    the variables left to quantify). A distribution that gives every element to one slot and
    a store whose conditions do not mention the thread need none; otherwise the slot is the
    distribution's inverse at the element (encode/owner.py), checked to reach it where some
    elements have no slot, or stays quantified where there is no inverse."""
    dist = s.dist
    if not _on_thread(s) and dist.bijective:
        return None, [], []
    owner = None
    if not _tile_on_thread(s):
        try:
            owner = owner_slot(dist, index)
        except Unsupported:
            pass
    if owner is not None and dist.bijective:
        return owner[0], [], []
    t, v = owner if owner is not None else (t, v)
    at, facts = dist.element(t, v)
    return t, facts + [at == index], [] if owner is not None else [t, v]


def _tile_on_thread(s) -> bool:
    return any(exprs.mentions_thread(sub.at if isinstance(sub, ir.Index) else sub.start) for sub in s.ref.subs)


def _on_thread(s) -> bool:
    return _tile_on_thread(s) or point_thread_dependent(s.point)


def _eliminate(ctx, hit, xs: list, slices, facts) -> dict:
    """Terms for the variables of `exists xs: hit` that can be named: x goes when some term
    w(elem, the other variables) gives a hit wherever any x does (`hit => hit[x := w]`,
    proved), so the existential is `hit[x := w]`. The candidates: the one block or iteration
    whose tile can hold the element along a slice `k * x + rest` ((e - rest) / k), and a
    slice's lower bound (the thread, a loop's first iteration). Two stores that split one
    output into halves left the solver a quantifier over blocks it did not instantiate (a
    timeout)."""
    named = {}
    # the variable of the smallest step along a slice first: it is the element's low digit
    # (`block.x * 32 + e`: e = elem % 32, then block = (elem - e) / 32); naming the block first
    # left e quantified and the query timed out (new-user round 33's per-element flip)
    for x in sorted(xs, key=lambda y: _least_step(y, slices)):
        for w in _candidates(x, slices, [y for y in xs if y is not x and y not in named]):
            moved = z3.substitute(hit, (x, w))
            if prove(z3.Implies(hit, moved), facts, ctx.opts.solver).verdict is SV.PROVED:
                hit, slices = moved, [(e, z3.substitute(start, (x, w))) for e, start in slices]
                named = {y: z3.substitute(u, (x, w)) for y, u in named.items()}
                named[x] = w
                break
    return named


def _candidates(x, slices, others=()) -> list:
    """Terms of the element for x: along a slice `k * x + rest`, (e - rest) / k; and where the
    slice also runs another variable y with a larger step k2 (`block.x + it * G`, a grid-stride
    loop), x's digit of that mixed radix, ((e - rest') % k2) / k with rest' free of both."""
    out = []
    for e, start in slices:
        if not mentions(start, x):
            continue
        rest = z3.simplify(z3.substitute(start, (x, z3.IntVal(0))))
        k = _step(start, x, rest)
        if k is None:
            continue
        for y in others:        # first: naming x by (e - rest) / k would leave y unnamed
            if not mentions(rest, y):
                continue
            base = z3.simplify(z3.substitute(rest, (y, z3.IntVal(0))))
            k2 = _step(rest, y, base)
            if k2 is not None and k2.as_long() > k.as_long():
                out.append(z3.simplify(((e - base) % k2) / k))
        out.append(z3.simplify((e - rest) / k))
    return out + [z3.IntVal(0)]


def _least_step(x, slices) -> int:
    """x's smallest constant step along the slices (a large number where it has none)."""
    steps = []
    for _, start in slices:
        if mentions(start, x):
            k = _step(start, x, z3.simplify(z3.substitute(start, (x, z3.IntVal(0)))))
            if k is not None:
                steps.append(k.as_long())
    return min(steps, default=1 << 62)


def _step(start, x, rest):
    """The constant positive coefficient of x in `start` (linear in x), else None."""
    k = z3.simplify(z3.substitute(start, (x, z3.IntVal(1))) - rest)
    if not (z3.is_int_value(k) and k.as_long() > 0):
        return None
    twice = z3.simplify(z3.substitute(start, (x, z3.IntVal(2))) - rest)
    return k if z3.is_int_value(twice) and twice.as_long() == 2 * k.as_long() else None

"""How many instances of an accumulator's update lie between the initialisation a reader sees
and the reader: the count a `range(lo, hi)` claim compares with its extent, and whether the
accumulator is empty (no instance).

The instances form a box: the loop one level below the initialisation's shared loops runs
from the initialisation's iteration (or its start) to the reader's (or its end), the loops
inside it run whole. Under an `if`, each level counts the iterations where the condition
holds (encode/iterations.py); a condition that ties two levels together, a loop whose bounds
depend on an outer one, or a reader inside the update's inner loops leave the count unknown.
"""
from __future__ import annotations

import z3

from dsl import exprs, ir

from . import program as prog
from .iterations import iterations
from .symbols import Unsupported, mentions
from .terms import And


def instances(df, upd: prog.Point, uinst: dict, start, point: prog.Point, rinst: dict, depth: int, coords: tuple):
    """The number of instances of `upd` (at `uinst`, its loops below `depth` bound to fresh
    variables) after `start` (resets.Start) and before the reader, or None if not known."""
    levels = upd.loops[depth:]
    common = prog.common_loops(upd, point)
    if common == depth and not prog.before_in_body(upd, point, depth):
        return z3.IntVal(0)
    if not levels:
        return _guarded(df, upd, uinst, [], point, rinst, coords)
    if common > depth + 1:
        return None         # the reader is inside the update's inner loops
    first = levels[0]
    lo, stop = df.env.term(first.start, uinst), df.env.term(first.stop, uinst)
    from_start = not (start.at is not None and prog.common_loops(start.point, upd) > depth)
    if not from_start:
        lo = start.at + (0 if prog.before_in_body(start.point, upd, depth + 1) else 1)
    if common == depth + 1:     # the reader is in the first loop: up to its iteration
        here = int(prog.before_in_body(upd, point, depth + 1))
        hi = rinst[first.var] + here
        size = rinst[first.var] - lo + here if from_start else _size(lo, hi)
    else:
        hi = stop
        size = df.trip(first, uinst) if from_start else _size(lo, hi)
    ranges = [(first, lo, hi, size)]
    fresh = [uinst[l.var] for l in levels]
    for loop in levels[1:]:
        a, b = df.env.term(loop.start, uinst), df.env.term(loop.stop, uinst)
        if any(mentions(t, v) for t in (a, b) for v in fresh):
            return None     # a loop whose bounds depend on an outer loop of the update
        ranges.append((loop, a, b, df.trip(loop, uinst)))
    if common == depth + 1 and len(ranges) == 1 and not upd.guards:
        return size
    return _guarded(df, upd, uinst, ranges, point, rinst, coords)


def _guarded(df, upd, uinst, ranges, point, rinst, coords):
    """The product of the ranges' sizes, each counting only the iterations where the update's
    conditions on its variable hold, and 0 where a condition free of them fails."""
    split = _by_level(df, upd, {loop.var for loop, *_ in ranges})
    if split is None:
        return None
    free, per_level = split
    bound = dict(uinst)
    if any(exprs.mentions_thread(e) for e, _ in free + [c for cs in per_level.values() for c in cs]):
        try:
            bound.update(df.owner_bindings(upd, tuple(coords)))
        except Unsupported:
            return None
    count = z3.IntVal(1)
    for loop, lo, hi, size in ranges:
        conds = per_level.get(loop.var)
        if conds:
            x = z3.Int(f"{loop.var}#count")
            full = (df.env.term(loop.start, uinst), df.env.term(loop.stop, uinst))
            try:
                its = iterations(df, conds, loop.var, {**bound, loop.var: x}, x,
                                 [df.loop_domain(point, rinst), x >= full[0], x < full[1]])
            except Unsupported:
                return None
            size = its.count(lo, hi)
        count = count * size
    if not free:
        return count
    when = And(*[df.env.cond(e, bound) if pos else z3.Not(df.env.cond(e, bound)) for e, pos in free])
    return z3.If(when, count, 0)


def _by_level(df, upd, names: set):
    """(the conjuncts of upd's conditions free of its counted loops, {loop variable: the
    conjuncts on it}), or None when a conjunct mentions two of them. Role conditions that every
    owning thread passes are left out: they never stop the update."""
    free, per_level = [], {}
    for g in upd.guards:
        if exprs.mentions_thread(g.cond) and df.owners_satisfy(upd, g):
            continue
        for e, pos in _conjuncts(g.cond, g.positive):
            used = exprs.free_syms(e, ir.SymKind.LOOP) & names
            if len(used) > 1:
                return None
            if used:
                per_level.setdefault(used.pop(), []).append((e, pos))
            else:
                free.append((e, pos))
    return free, per_level


def _conjuncts(e: ir.Expr, positive: bool) -> list:
    if isinstance(e, ir.Not):
        return _conjuncts(e.operand, not positive)
    if isinstance(e, ir.Bin) and ((e.op is ir.BinOp.AND and positive) or (e.op is ir.BinOp.OR and not positive)):
        return _conjuncts(e.lhs, positive) + _conjuncts(e.rhs, positive)
    return [(e, positive)]


def _size(lo, hi):
    return z3.If(hi > lo, hi - lo, 0)

"""Which initialisation of an accumulator a reader sees.

The *base* is the latest initialisation that runs unconditionally in the reader's own
iteration (it encloses the reader and comes before it). A later one may take its place: one
under a condition in the same body, or one directly in a loop that follows the base (a loop
around the reader, or one that ends before it). Each of those reaches the reader from the
latest iteration where it ran, given in closed form (encode/iterations.py); the reader sees
whichever ran last, and the base where none did. The cases exclude each other.
"""
from __future__ import annotations

from dataclasses import dataclass

import z3

from dsl import exprs

from . import program as prog
from .iterations import iterations
from .symbols import Unsupported
from .terms import And, Or


@dataclass(frozen=True)
class Start:
    """An initialisation instance the reader may see, and when it is the one it sees."""
    point: prog.Point
    inst: dict
    cond: object
    position: tuple = ()            # its statement's (or its loop's) path in the base's body
    at: object | None = None        # the iteration of that loop where it ran (None: the reader's)


def starts(df, storage: str, resets: list, point: prog.Point, inst: dict, coords: tuple) -> tuple:
    """(the base initialisation, the Starts the reader may see, mutually exclusive)."""
    base = _base(resets, point, storage)
    depth = len(base.loops)
    base_inst = {l.var: inst[l.var] for l in base.loops}
    later = [r for r in resets if r is not base and _relevant(r, base, point, depth)]
    if not later:
        return base, [Start(base, base_inst, z3.BoolVal(True))]
    hits = [_hit(df, storage, r, point, inst, coords, depth) for r in later]
    out = []
    for h in hits:
        beaten = [z3.Not(And(o.cond, _later(o, h))) for o in hits if o is not h]
        out.append(Start(h.point, h.inst, And(h.cond, *beaten), h.position, h.at))
    out.append(Start(base, base_inst, And(*[z3.Not(h.cond) for h in hits])))
    return base, out


def _base(resets: list, point: prog.Point, storage: str) -> prog.Point:
    """The latest initialisation enclosing the reader and before it in its body whose
    conditions, if any, are the reader's own (the same `if`, free of the thread)."""
    spine = [r for r in resets if prog.common_loops(r, point) == len(r.loops)
             and prog.before_in_body(r, point, len(r.loops))]
    firm = [r for r in spine if all(any(g is h for h in point.guards) and not exprs.mentions_thread(g.cond)
                                    for g in r.guards)]
    if firm:
        return max(firm, key=lambda r: r.path)
    if len(resets) == 1 and spine:
        return spine[0]
    raise Unsupported(f"accumulator '{storage}' needs an initialisation (zeros or load) that encloses "
                      "all its updates and runs whenever the reader does", point.span)


def _relevant(r: prog.Point, base: prog.Point, point: prog.Point, depth: int) -> bool:
    """Can an instance of r lie between the base's instance and the reader's? Only if r shares
    the base's loops and comes after it: in the same body before the reader, or inside a loop
    after the base that encloses the reader or ends before it."""
    if prog.common_loops(r, point) < depth or not prog.before_in_body(base, r, depth):
        return False
    if len(r.loops) == depth:
        return prog.before_in_body(r, point, depth)
    return prog.common_loops(r, point) > depth or _loop_path(r, depth) < point.path


def _loop_path(r: prog.Point, depth: int) -> tuple:
    """The path of r's enclosing loop at level depth + 1."""
    return r.path[:r.loop_levels[depth]]


def _hit(df, storage, r: prog.Point, point, inst, coords, depth) -> Start:
    """r's latest instance before the reader, and whether there is one (`cond`)."""
    shared = {l.var: inst[l.var] for l in r.loops[:depth]}
    if len(r.loops) == depth:
        runs = And(df.guards(r, shared, uniform_only=True), *df.thread_guards(r, shared, tuple(coords)))
        return Start(r, shared, runs, r.path)
    if len(r.loops) > depth + 1:
        raise Unsupported(f"accumulator '{storage}' is initialised again in a loop nested inside a loop that "
                          "follows its initialisation (one loop level is supported)", r.span)
    loop = r.loops[depth]
    lo, stop = df.env.term(loop.start, shared), df.env.term(loop.stop, shared)
    if prog.common_loops(r, point) > depth:      # the loop encloses the reader
        upper = inst[loop.var] - (0 if prog.before_in_body(r, point, depth + 1) else 1)
    else:                                         # it ends before the reader
        upper = stop - 1
    conds = [(g.cond, g.positive) for g in r.guards]
    if not conds:
        ran, at = upper >= lo, upper
    else:
        x = z3.Int(f"{loop.var}#reset")
        bound = {**shared, loop.var: x}
        if df.thread_guarded(r):
            bound.update(df.owner_bindings(r, tuple(coords)))
        try:
            ran, at = iterations(df, conds, loop.var, bound, x,
                                 [df.loop_domain(point, inst), x >= lo, x < stop]).last(lo, upper)
        except Unsupported as u:
            raise Unsupported(f"accumulator '{storage}' is initialised again under a condition whose latest "
                              f"iteration the analysis cannot give in closed form: {u.reason}", u.span or r.span)
    return Start(r, {**shared, loop.var: at}, ran, _loop_path(r, depth), at)


def _later(a: Start, b: Start):
    """a's instance comes after b's."""
    if a.position != b.position:
        return z3.BoolVal(a.position > b.position)
    return Or(a.at > b.at, And(a.at == b.at, z3.BoolVal(a.point.path > b.point.path)))


def conditional_reset(df, storage: str, point: prog.Point) -> str:
    """For hints: a sentence naming a re-initialisation under a condition that may or may not
    be the one `point` sees ("" if there is none)."""
    writers = df.writers.get(storage, [])
    resets = [w for w in writers if not df.accumulates(w, storage)]
    if len(resets) == len(writers):
        return ""           # not an accumulator
    try:
        base = _base(resets, point, storage)
    except Unsupported:
        return ""
    for r in resets:
        if r is not base and r.guards and _relevant(r, base, point, len(base.loops)):
            from dsl.fmt import format_expr
            cond = " and ".join(format_expr(g.cond) if g.positive else f"not ({format_expr(g.cond)})"
                                for g in r.guards)
            return (f"'{storage}' is initialised again at line {r.span.line} only where `{cond}` holds; "
                    f"where it does not, it keeps what the updates added since that initialisation last ran")
    return ""

"""The mbarrier statements of a kernel as sites: the element each instance uses, the
threads that run it, and its bytes (encode/mbarrier.py builds the protocol from them).

Functions take the protocol under construction (its env, data flow, barriers and solver).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import z3

from dsl import exprs, ir
from dsl.fmt import format_expr

from . import program as prog
from .distribution import concrete_bindings, thread_bindings
from .ground import holds_at
from .solver import Verdict as SV
from .symbols import Unsupported
from .terms import And


@dataclass(frozen=True)
class Site:
    """One mbarrier statement: which element it uses at each iteration, and who runs it."""
    point: prog.Point
    kind: str                   # "arrive", "expect", "wait", "tma"
    bar: str
    ring: bool                  # element (k + shift) % size of its loop's k; else the constant `shift`
    shift: int
    threads: tuple[int, ...]    # the threads whose role conditions admit it
    nbytes: int = 0             # expect: bytes per thread; tma: the tile's bytes
    ordinal: int = 0            # outside loops: its round (straight-line mbarriers: encode/mbar_rounds.py)
    peel: int = 0               # in a loop: its rounds count from start - peel (prologue copies of iterations before start)
    peeled: int = 0             # outside loops, j >= 1: a prologue copy of iteration start - j of a loop statement
    when: tuple = ()            # in a loop: its conditions on the loop variable and sizes (prog.Guard),
                                # which every thread decides alike: a round that skips it stays short

    @property
    def loop(self) -> ir.For | None:
        return self.point.loops[0] if self.point.loops else None


def const(env, e) -> int:
    v = env.const_value(e)
    if v is None:
        raise Unsupported("an mbarrier size or count must be a compile-time integer", e.span)
    return v


def read_site(proto, p: prog.Point) -> Site | None:
    """The site of an mbarrier statement (None for any other statement)."""
    s = p.stmt
    if isinstance(s, ir.Arrive):
        kind, ref = ("arrive" if s.tx_bytes is None else "expect"), s.bar
        nbytes = 0 if s.tx_bytes is None else const(proto.env, s.tx_bytes)
    elif isinstance(s, ir.MbarWait):
        kind, ref, nbytes = "wait", s.bar, 0
    elif isinstance(s, ir.TmaLoad):
        kind, ref = "tma", s.bar
        shape = [proto.df.extent(e) for e in exprs.tile_shape(s.dst)]
        nbytes = math.prod(shape) * proto.df.types[s.dst.tensor].dtype.nbytes
    else:
        return None
    if len(p.loops) > 1:
        raise Unsupported("mbarrier operations in nested loops are not supported", s.span)
    for loop in p.loops:
        for e in (loop.start, loop.stop):
            if exprs.free_syms(e, ir.SymKind.LOOP) or _mentions_thread_or_block(e):
                raise Unsupported("an mbarrier operation's loop bounds must depend on sizes only", loop.span)
    roles, when = split_guards(proto, p)
    ring, shift = _index_form(proto, p, ref)
    return Site(p, kind, ref.bar, ring, shift, threads_of(proto, p, roles), nbytes, when=when)


def split_guards(proto, p: prog.Point) -> tuple[tuple, tuple]:
    """p's branch conditions as (role conditions, iteration conditions). A role condition
    reads only thread.x, thread.warp, thread.lane and constants; an iteration condition, only
    in a loop, reads its loop variable, sizes and constants (`if k + 1 < n:` around a
    prefetch), so every thread decides it alike and a round either has the statement for all
    its threads or for none. An element read (`if FLAG[0] > 0:`) is data, no role (held-out
    round 37: the statement was given no thread, and an extra arrival passed the count check)."""
    roles, when = [], []
    loop_vars = {loop.var for loop in p.loops}
    for g in (part for g in p.guards for part in _conjuncts(g)):
        syms = exprs.free_syms(g.cond) - set(proto.env.consts)
        data = exprs.mentions_block(g.cond) or any(isinstance(n, ir.ElemRef) for n in exprs.iter_nodes(g.cond))
        if not syms and not data:
            roles.append(g)
        elif p.loops and not data and not _mentions_thread_or_block(g.cond) and \
                syms <= loop_vars | exprs.free_syms(g.cond, ir.SymKind.SIZE):
            when.append(g)
        else:
            raise Unsupported("an mbarrier operation may sit only under role conditions on thread.x, thread.warp "
                              "and thread.lane, and conditions on its loop variable and sizes", g.cond.span)
    return tuple(roles), tuple(when)


def _index_form(proto, p: prog.Point, ref: ir.BarRef) -> tuple[bool, int]:
    size = proto.bars[ref.bar].size
    v = proto.env.const_value(ref.index)
    if v is not None:
        return False, v
    e = ref.index
    if p.loops and isinstance(e, ir.Bin) and e.op is ir.BinOp.MOD and proto.env.const_value(e.rhs) == size:
        k = p.loops[0].var
        x = e.lhs
        if isinstance(x, ir.Sym) and x.name == k:
            return True, _nonnegative(proto, p, 0, ref)
        if isinstance(x, ir.Bin) and x.op is ir.BinOp.ADD:
            for a, b in ((x.lhs, x.rhs), (x.rhs, x.lhs)):
                c = proto.env.const_value(b)
                if isinstance(a, ir.Sym) and a.name == k and c is not None and c >= 0:
                    return True, _nonnegative(proto, p, c, ref)
        c = _offset_of(proto, x, k)
        if c is not None:        # `(k + S - 1) % S`: k plus a constant, written otherwise
            return True, _nonnegative(proto, p, c, ref)
    raise Unsupported(f"an mbarrier index must be a constant or (k + c) % {size} of its loop's k",
                      ref.index.span)


def _offset_of(proto, x: ir.Expr, k: str) -> int | None:
    """c >= 0 where x is k + c for every k (held-out round 43: `(k + S - 1) % S` was
    refused): c from x at k = 0, then a solver query that x - k is c everywhere."""
    if exprs.free_syms(x) - set(proto.env.consts) - {k} or _mentions_thread_or_block(x):
        return None
    c = proto.env.const_value(exprs.substitute(x, {k: ir.IntLit(0)}))
    if c is None or c < 0:
        return None
    kv = z3.Int(f"{k}@ring")
    if proto._sat([proto.env.term(x, {k: kv}) != kv + c]) is not SV.PROVED:
        return None
    return c


def _nonnegative(proto, p: prog.Point, c: int, ref: ir.BarRef) -> int:
    """c, once k + c >= 0 holds for every k of the loop: the ring index is the DSL's `%`,
    which truncates toward zero, and a negative k + c names no mbarrier (held-out round 37:
    a loop from -1 used `full[-1]`, Z3's `%` had taken it for `full[S - 1]`)."""
    loop = p.loops[0]
    start, stop = proto.env.term(loop.start, {}), proto.env.term(loop.stop, {})
    if proto._sat([start < stop, start + c < 0]) is not SV.PROVED:
        raise Unsupported(f"the mbarrier index {format_expr(ref.index)} may be negative: the loop starts "
                          f"at {format_expr(loop.start)}, and `%` truncates toward zero", ref.index.span)
    return c


def threads_of(proto, p: prog.Point, guards: tuple | None = None) -> tuple[int, ...]:
    """The threads that pass p's role conditions (`guards`; all of p's by default). The
    conditions are built once over a symbolic thread and evaluated at each thread by
    substitution (ground terms simplify to true or false) instead of being encoded again for
    each of the block's threads. A condition that is not encoded over a symbolic thread is
    encoded per thread."""
    guards = p.guards if guards is None else guards
    if not guards:
        return tuple(range(proto.kernel.threads))
    t = z3.Int("%t#role")
    try:
        bound = thread_bindings(t, proto.ws)
        role = And(*[proto.env.cond(g.cond, bound) if g.positive else z3.Not(proto.env.cond(g.cond, bound))
                     for g in guards])
    except Unsupported:
        return _threads_one_by_one(proto, p, guards)
    n = proto.kernel.threads
    out = tuple(k for k, ok in zip(range(n), holds_at(role, t, range(n))) if ok)
    for k in set(range(n)) - set(out):
        # holds_at counts an undecided role as false: a thread it leaves out must be out
        if not z3.is_false(z3.simplify(z3.substitute(role, (t, z3.IntVal(k))))):
            raise Unsupported("an mbarrier operation's role condition is not decided for each thread",
                              p.stmt.span)
    return out


def _threads_one_by_one(proto, p: prog.Point, guards: tuple) -> tuple[int, ...]:
    out = []
    for t in range(proto.kernel.threads):
        b = concrete_bindings(t, proto.ws)
        truths = [z3.simplify(proto.env.cond(g.cond, b) if g.positive else z3.Not(proto.env.cond(g.cond, b)))
                  for g in guards]
        if any(not (z3.is_true(c) or z3.is_false(c)) for c in truths):
            raise Unsupported("an mbarrier operation's role condition is not decided for each thread",
                              p.stmt.span)
        if all(z3.is_true(c) for c in truths):
            out.append(t)
    return tuple(out)


def _conjuncts(g: prog.Guard) -> list:
    """`if thread.x == 0 and k + 1 < n:` as two conditions (a taken `and` holds both)."""
    return [prog.Guard(c, True, g.depth) for c in exprs.conjuncts(g.cond)] if g.positive else [g]


def when_holds(env, site: Site, loops: dict):
    """Site's iteration conditions at the loop values `loops` (true outside them)."""
    return And(*[env.cond(g.cond, loops) if g.positive else z3.Not(env.cond(g.cond, loops)) for g in site.when])


def _mentions_thread_or_block(e) -> bool:
    return any(isinstance(n, ir.BuiltinRef) for n in exprs.iter_nodes(e))


def served(proto, size: int, site: Site) -> frozenset[int]:
    """The elements of its array that some instance of `site` uses, at sizes the `assume`s
    allow. A ring statement under an iteration condition may use only some: ping-pong
    consumers (`if k % 2 == 0:` in one warpgroup, `if k % 2 == 1:` in the other, on
    `empty[k % 2]`) arrive on one slot each, and a slot's rounds are made by the statements
    that use it (its count is theirs: static_check below). A round of an element
    a statement uses but skips stays short, as before (encode/short_rounds.py). Where the
    solver cannot tell, the element counts as used (its arrivals then count against the
    count: the barrier is distrusted, never trusted wrongly)."""
    if not site.ring and not site.when:
        return frozenset({site.shift})
    if not site.ring or not site.when:
        # a constant slot under a condition: its rounds count iterations (k - start), which
        # the skipped ones leave unlike the hardware's phases (held-out round 132's
        # `if k % 2 == 0: ... full[0] ... else: ... full[1]` was refuted for a phase it
        # miscounted): it counts against every slot, as before, and the array is distrusted
        return frozenset(range(size))
    k = z3.Int(f"{site.loop.var}@served")
    loops = {site.loop.var: k}
    base = list(proto.env.facts) + [proto.df.loop_domain(site.point, loops), when_holds(proto.env, site, loops)]
    out = set()
    for x in range(size):
        if proto._sat(base + [(k + site.shift) % size == x]) is not SV.PROVED:
            out.add(x)
    return frozenset(out)


def static_check(proto, b) -> str:
    """Why an mbarrier array's rounds do not fill its phases, element by element, or "": the
    statements that use an element (served) make `count` arrivals per round and expect the
    bytes its copies bring (encode/mbarrier.py distrusts the array otherwise)."""
    uses = {s.point.path: served(proto, b.size, s) for s in b.completers if not s.peeled}
    proto.uses.update(uses)
    for x in range(b.size):
        on = [s for s in b.completers if not s.peeled and x in uses[s.point.path]]
        arrivals = sum(len(s.threads) for s in on if s.kind != "tma")
        where = f" on {b.name}[{x}]" if b.size > 1 and any(len(u) < b.size for u in uses.values()) else ""
        if arrivals != b.count:
            return (f"its arrive and expect_tx statements make {arrivals} arrival(s) per round{where} but it "
                    f"is initialised with count {b.count}")
        expected = sum(s.nbytes * len(s.threads) for s in on if s.kind == "expect")
        landed = sum(s.nbytes * len(s.threads) for s in on if s.kind == "tma")
        if expected != landed:
            return (f"its expect_tx statements expect {expected} byte(s) per round{where} but its bulk "
                    f"copies complete {landed}")
    return ""

"""The mbarrier protocol of a kernel: rounds, phases and the hand-offs they prove.

A *round* of an mbarrier operation is how many earlier instances of the same statement
the same thread ran on the same mbarrier. The hardware counts *phases*. This module
proves, per mbarrier array, that round r of every arrival lands in phase r (the
arrivals of a round add up to the count, the expect_tx bytes to the bulk-copy bytes,
and round r+1 starts only after phase r completed), and that each wait's parity is
that of a fixed phase offset of its round. A barrier it cannot prove this for is
*untrusted*: its waits order nothing. docs/MEMORY_MODEL.md gives the argument.
"""
from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field

import z3

from dsl import exprs, ir
from dsl.fmt import format_expr

from . import program as prog
from .access import enabled
from .distribution import concrete_bindings, thread_bindings
from .ground import holds_at
from .hb import At, HappensBefore, _lex
from .mbar_rounds import VERB, monotone_offsets, ordinals
from .solver import Verdict as SV, find_model
from .symbols import Unsupported
from .terms import Add, And, Mod, Mul, Or, Sub


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
    peel: int = 0               # in a loop: its rounds count from start - peel (a prologue copy of iteration start - 1)
    peeled: bool = False        # outside loops: that prologue copy, an instance of a loop statement

    @property
    def loop(self) -> ir.For | None:
        return self.point.loops[0] if self.point.loops else None


@dataclass
class Barrier:
    name: str
    size: int
    count: int
    sites: list[Site] = field(default_factory=list)
    why_not: str = ""           # empty: trusted
    complete: dict = field(default_factory=dict)    # straight-line: element -> its rounds that fill the count

    @property
    def completers(self) -> list[Site]:
        return [s for s in self.sites if s.kind != "wait"]


class Protocol:
    def __init__(self, df, warp_size: int, solver):
        self.df, self.env, self.ws, self.solver = df, df.env, warp_size, solver   # solver counts its queries
        self.kernel = df.kernel
        self.bars: dict[str, Barrier] = {}
        self.offset: dict[int, int | None] = {}       # wait site id -> phase offset d, or None
        self.misaligned: set[int] = set()              # wait site ids whose own parity fits no offset
        self.site_of: dict[tuple, Site] = {}
        for p in df.points:
            s = p.stmt
            if isinstance(s, ir.MbarAlloc):
                self.bars[s.name] = Barrier(s.name, self._const(s.size), self._const(s.count))
        for p in df.points:
            site = self._site(p)
            if site is not None:
                self.bars[site.bar].sites.append(site)
        for b in self.bars.values():
            if b.sites and all(s.loop is None for s in b.sites):
                b.sites, b.why_not, b.complete = ordinals(b)
            else:
                b.sites = self._peel(b)
                b.why_not = self._static_check(b)
            for site in b.sites:
                self.site_of[site.point.path] = site
        for b in self.bars.values():
            for i, w in enumerate(b.sites):
                if w.kind != "wait":
                    continue
                d = self._alignment(w) if w.ordinal >= 0 else None
                if d is None and w.ring and w.peel == 0:
                    # rounds from start - 1 (a producer loop after a prologue that filled the
                    # first slot, its free first wait left out): sound for a wait whenever its
                    # first instances claim no phase past 0 (_alignment checks it)
                    shifted = dataclasses.replace(w, peel=1)
                    d = self._alignment(shifted)
                    if d is not None:
                        b.sites[i] = w = shifted
                        self.site_of[w.point.path] = w
                self.offset[id(w)] = d
                if d is None:
                    self.misaligned.add(id(w))
            if all(s.loop is None for s in b.sites):
                monotone_offsets(b, self.offset)
        self._lemma_fixpoint()

    # ---------------------------------------------------------------- sites
    def _const(self, e) -> int:
        v = self.env.const_value(e)
        if v is None:
            raise Unsupported("an mbarrier size or count must be a compile-time integer", e.span)
        return v

    def _site(self, p: prog.Point) -> Site | None:
        s = p.stmt
        if isinstance(s, ir.Arrive):
            kind, ref = ("arrive" if s.tx_bytes is None else "expect"), s.bar
            nbytes = 0 if s.tx_bytes is None else self._const(s.tx_bytes)
        elif isinstance(s, ir.MbarWait):
            kind, ref, nbytes = "wait", s.bar, 0
        elif isinstance(s, ir.TmaLoad):
            kind, ref = "tma", s.bar
            shape = [self.df.extent(e) for e in exprs.tile_shape(s.dst)]
            nbytes = math.prod(shape) * self.df.types[s.dst.tensor].dtype.nbytes
        else:
            return None
        if len(p.loops) > 1:
            raise Unsupported("mbarrier operations in nested loops are not supported", s.span)
        for loop in p.loops:
            for e in (loop.start, loop.stop):
                if exprs.free_syms(e, ir.SymKind.LOOP) or _mentions_thread_or_block(e):
                    raise Unsupported("an mbarrier operation's loop bounds must depend on sizes only", loop.span)
        for g in p.guards:
            # an element read (`if FLAG[0] > 0:`) is data, no role (held-out round 37: the
            # statement was given no thread, and an extra arrival passed the count check)
            if exprs.free_syms(g.cond) - set(self.env.consts) or exprs.mentions_block(g.cond) or \
                    any(isinstance(n, ir.ElemRef) for n in exprs.iter_nodes(g.cond)):
                raise Unsupported("an mbarrier operation may sit only under role conditions on thread.x, "
                                  "thread.warp and thread.lane", g.cond.span)
        ring, shift = self._index_form(p, ref)
        return Site(p, kind, ref.bar, ring, shift, self.threads_of(p), nbytes)

    def _index_form(self, p: prog.Point, ref: ir.BarRef) -> tuple[bool, int]:
        size = self.bars[ref.bar].size
        v = self.env.const_value(ref.index)
        if v is not None:
            return False, v
        e = ref.index
        if p.loops and isinstance(e, ir.Bin) and e.op is ir.BinOp.MOD and self.env.const_value(e.rhs) == size:
            k = p.loops[0].var
            x = e.lhs
            if isinstance(x, ir.Sym) and x.name == k:
                return True, self._nonnegative(p, 0, ref)
            if isinstance(x, ir.Bin) and x.op is ir.BinOp.ADD:
                for a, b in ((x.lhs, x.rhs), (x.rhs, x.lhs)):
                    c = self.env.const_value(b)
                    if isinstance(a, ir.Sym) and a.name == k and c is not None and c >= 0:
                        return True, self._nonnegative(p, c, ref)
            c = self._offset_of(x, k)
            if c is not None:        # `(k + S - 1) % S`: k plus a constant, written otherwise
                return True, self._nonnegative(p, c, ref)
        raise Unsupported(f"an mbarrier index must be a constant or (k + c) % {size} of its loop's k",
                          ref.index.span)

    def _offset_of(self, x: ir.Expr, k: str) -> int | None:
        """c >= 0 where x is k + c for every k (held-out round 43: `(k + S - 1) % S` was
        refused): c from x at k = 0, then a solver query that x - k is c everywhere."""
        if exprs.free_syms(x) - set(self.env.consts) - {k} or _mentions_thread_or_block(x):
            return None
        c = self.env.const_value(exprs.substitute(x, {k: ir.IntLit(0)}))
        if c is None or c < 0:
            return None
        kv = z3.Int(f"{k}@ring")
        if self._sat([self.env.term(x, {k: kv}) != kv + c]) is not SV.PROVED:
            return None
        return c

    def _nonnegative(self, p: prog.Point, c: int, ref: ir.BarRef) -> int:
        """c, once k + c >= 0 holds for every k of the loop: the ring index is the DSL's `%`,
        which truncates toward zero, and a negative k + c names no mbarrier (held-out round 37:
        a loop from -1 used `full[-1]`, Z3's `%` had taken it for `full[S - 1]`)."""
        loop = p.loops[0]
        start, stop = self.env.term(loop.start, {}), self.env.term(loop.stop, {})
        if self._sat([start < stop, start + c < 0]) is not SV.PROVED:
            raise Unsupported(f"the mbarrier index {format_expr(ref.index)} may be negative: the loop starts "
                              f"at {format_expr(loop.start)}, and `%` truncates toward zero", ref.index.span)
        return c

    def threads_of(self, p: prog.Point) -> tuple[int, ...]:
        """The threads that pass p's role conditions. The conditions are built once over a
        symbolic thread and evaluated at each thread by substitution (ground terms simplify
        to true or false) instead of being encoded again for each of the block's threads.
        A condition that is not encoded over a symbolic thread is encoded per thread."""
        if not p.guards:
            return tuple(range(self.kernel.threads))
        t = z3.Int("%t#role")
        try:
            bound = thread_bindings(t, self.ws)
            role = And(*[self.env.cond(g.cond, bound) if g.positive else z3.Not(self.env.cond(g.cond, bound))
                         for g in p.guards])
        except Unsupported:
            return self._threads_one_by_one(p)
        n = self.kernel.threads
        out = tuple(k for k, ok in zip(range(n), holds_at(role, t, range(n))) if ok)
        for k in set(range(n)) - set(out):
            # holds_at counts an undecided role as false: a thread it leaves out must be out
            if not z3.is_false(z3.simplify(z3.substitute(role, (t, z3.IntVal(k))))):
                raise Unsupported("an mbarrier operation's role condition is not decided for each thread",
                                  p.stmt.span)
        return out

    def _threads_one_by_one(self, p: prog.Point) -> tuple[int, ...]:
        out = []
        for t in range(self.kernel.threads):
            b = concrete_bindings(t, self.ws)
            truths = [z3.simplify(self.env.cond(g.cond, b) if g.positive else z3.Not(self.env.cond(g.cond, b)))
                      for g in p.guards]
            if any(not (z3.is_true(c) or z3.is_false(c)) for c in truths):
                raise Unsupported("an mbarrier operation's role condition is not decided for each thread",
                                  p.stmt.span)
            if all(z3.is_true(c) for c in truths):
                out.append(t)
        return tuple(out)

    def _peel(self, b: Barrier) -> list[Site]:
        """A prologue that runs iteration start - 1 of a loop's ring statements before the loop
        (`expect_tx full[0]; tma_load ...` then `for k in range(1, n)`, held-out round 45):
        each such statement outside loops, of the same kind, bytes and threads on the element
        of iteration start - 1, is that instance, and every statement of the loop on this
        mbarrier counts its rounds from start - 1. Only where every ring arrival and copy of
        the loop has its prologue copy; else nothing changes."""
        out = list(b.sites)
        for loop in {id(s.loop): s.loop for s in out if s.loop is not None}.values():
            start = self.env.const_value(loop.start)
            inner = [s for s in out if s.loop is loop]
            ring = [s for s in inner if s.kind != "wait" and s.ring]
            if start is None or not ring or any(s.kind != "wait" and not s.ring for s in inner):
                continue
            matched = {}
            for c in ring:
                x = (start - 1 + c.shift) % b.size
                pro = [q for q in out if q.loop is None and not q.peeled and id(q) not in matched.values()
                       and q.kind == c.kind and q.nbytes == c.nbytes and q.threads == c.threads and q.shift == x
                       and q.point.path < c.point.path]
                if len(pro) != 1:
                    break
                matched[id(c)] = id(pro[0])
            else:
                peeled = set(matched.values())
                out = [dataclasses.replace(q, peeled=True) if id(q) in peeled else
                       dataclasses.replace(q, peel=1) if q.loop is loop else q for q in out]
        return out

    def _static_check(self, b: Barrier) -> str:
        arrivals = sum(len(s.threads) for s in b.completers if s.kind != "tma" and not s.peeled)
        if arrivals != b.count:
            return (f"its arrive and expect_tx statements make {arrivals} arrival(s) per round but it is "
                    f"initialised with count {b.count}")
        expected = sum(s.nbytes * len(s.threads) for s in b.sites if s.kind == "expect" and not s.peeled)
        landed = sum(s.nbytes * len(s.threads) for s in b.sites if s.kind == "tma" and not s.peeled)
        if expected != landed:
            return (f"its expect_tx statements expect {expected} byte(s) per round but its bulk copies "
                    f"complete {landed}")
        return ""

    # ---------------------------------------------------------------- round arithmetic
    def element(self, site: Site, loops: dict):
        if not site.ring:
            return z3.IntVal(site.shift)
        return Mod(Add(loops[site.loop.var], site.shift), self.bars[site.bar].size)

    def round(self, site: Site, loops: dict):
        if site.loop is None:
            return z3.IntVal(site.ordinal)
        k, start = loops[site.loop.var], self.env.term(site.loop.start, {}) - site.peel
        return (k - start) / self.bars[site.bar].size if site.ring else k - start

    def instance_of_round(self, site: Site, x, r) -> tuple[dict, object]:
        """The loop values of site's round-r instance on element x, and when it exists."""
        if site.loop is None:
            return {}, And(r == site.ordinal, x == site.shift)
        start = self.env.term(site.loop.start, {}) - site.peel
        if not site.ring:
            return {site.loop.var: start + r}, x == site.shift
        size = self.bars[site.bar].size
        return {site.loop.var: Add(Add(start, Mul(r, size)), Mod(Sub(Sub(x, site.shift), start), size))}, z3.BoolVal(True)

    def runs(self, site: Site, loops: dict, thread) -> object:
        bound = {**loops, **thread_bindings(thread, self.ws)}
        return And(*enabled(self.env, site.point, bound), thread >= 0, thread < self.kernel.threads)

    def trusted(self, bar: str) -> bool:
        return not self.bars[bar].why_not

    def waits(self, bar: str) -> list[Site]:
        return [s for s in self.bars[bar].sites if s.kind == "wait" and self.offset.get(id(s)) is not None]

    def unaligned(self, bar: str) -> list[Site]:
        """The waits on `bar` whose phase is not known (no fixed offset of their round)."""
        return [s for s in self.bars[bar].sites if s.kind == "wait" and self.offset.get(id(s)) is None]

    # ---------------------------------------------------------------- alignment of a wait's parity
    def _alignment(self, w: Site) -> int | None:
        """d such that every instance's parity is that of phase round - d (d = 1: the first
        wait passes at once, as for an 'empty' slot); None if neither 0 nor 1 fits."""
        loops = {w.loop.var: z3.Int(f"{w.loop.var}@w")} if w.loop else {}
        dom = [self.df.loop_domain(w.point, loops)]
        # the value's parity bit (Z3's % 2 is 0 or 1, also of -1: held-out round 37's `k / S`
        # parity, correct, was compared unreduced and refuted)
        parity = self.env.term(w.point.stmt.parity, loops) % 2
        undecided = False
        first = z3.BoolVal(False)
        if w.peel:
            # rounds counted from before the loop: the first instance on each element must
            # still claim no phase past 0 (the parity argument's base: nothing is known of the
            # phase count before a thread's first wait)
            k = loops[w.loop.var]
            first = k < self.env.term(w.loop.start, {}) + self.bars[w.bar].size
        for d in (0, 1):
            bad = parity != (self.round(w, loops) - d) % 2
            if w.peel:
                bad = z3.Or(bad, And(first, self.round(w, loops) - d >= 1))
            out = self._sat(dom + [bad])
            if out is SV.PROVED:
                return d
            undecided |= out is SV.UNKNOWN
        if undecided:    # a timeout must not turn into findings
            raise Unsupported("solver: the phase of this wait's parity is undecided", w.point.span)
        return None

    def _sat(self, facts) -> SV:
        out = find_model(list(self.env.facts) + facts, self.solver)
        return out.verdict

    # ---------------------------------------------------------------- hand-offs
    def waited(self, thread, b: At, bar: str, x, r) -> object:
        """`thread` ran, before instance b, a wait on bar[x] that returns only after phase r."""
        if not self.trusted(bar):
            return z3.BoolVal(False)
        out = []
        for w in self.waits(bar):
            loops, exists = self.instance_of_round(w, x, r + self.offset[id(w)])
            at = At(w.point, loops, thread)
            out.append(And(exists, r >= 0, self.element(w, loops) == x, self.runs(w, loops, thread),
                              _before(at, b)))
        return Or(*out) if out else z3.BoolVal(False)

    def handoff(self, a: At, b: At) -> object:
        """a's thread arrives on some barrier after a, and b's thread waits for that phase before b."""
        out = []
        for bar in self.bars.values():
            if bar.why_not:
                continue
            for s in bar.completers:
                if s.kind == "tma":
                    continue
                for loops in _candidates(s, a):
                    at = At(s.point, loops, a.thread)
                    out.append(And(self.runs(s, loops, a.thread), _before(a, at),
                                      self.waited(b.thread, b, bar.name, self.element(s, loops),
                                                  self.round(s, loops))))
        return Or(*out) if out else z3.BoolVal(False)

    def landed(self, site: Site, a: At, b: At) -> object:
        """The bulk copy instance a has landed before b, and b's thread sees it."""
        if not self.trusted(site.bar):
            return z3.BoolVal(False)
        x, r = self.element(site, a.loops), self.round(site, a.loops)
        out = [self.waited(b.thread, b, site.bar, x, r)]
        other = self.site_of.get(b.point.path)
        if other is not None and other.bar == site.bar and other.kind != "wait":
            out.append(And(self.element(other, b.loops) == x, self.round(other, b.loops) > r))
        return Or(*out)

    # ---------------------------------------------------------------- phases are rounds
    def phase_done(self, thread, p: At, bar: str, x, r) -> object:
        """Phase r of bar[x] has completed before instance p of `thread`: its own wait, or a
        wait on another barrier whose phase needs an arrival made after a wait for phase r."""
        out = [self.waited(thread, p, bar, x, r)]
        for y in self.bars.values():
            if y.why_not:
                continue
            for w2 in self.waits(y.name):
                for loops in _candidates(w2, p):
                    at2 = At(w2.point, loops, thread)
                    q = self.round(w2, loops) - self.offset[id(w2)]
                    ey = self.element(w2, loops)
                    first = [And(self.runs(w2, loops, thread), _before(at2, p), q >= 0)]
                    for a2 in (s for s in y.completers if s.kind != "tma"):
                        for w1 in self.waits(bar):
                            both = sorted(set(a2.threads) & set(w1.threads))
                            if not both:
                                continue
                            v = z3.IntVal(both[0])
                            l2, exists = self.instance_of_round(a2, ey, q)
                            at_a2 = At(a2.point, l2, v)
                            out.append(And(*first, exists, self.runs(a2, l2, v),
                                              self.waited(v, at_a2, bar, x, r)))
        return Or(*out)

    def _lemma_fixpoint(self) -> None:
        changed = True
        while changed:
            changed = False
            for b in self.bars.values():
                if b.why_not:
                    continue
                for s in b.completers:
                    why = self._lemma(b, s)
                    if why:
                        b.why_not, changed = why, True
                        break

    def _lemma(self, b: Barrier, s: Site) -> str:
        if s.loop is None and s.ordinal == 0:
            return ""                                     # one instance: round 0 only
        loops = {s.loop.var: z3.Int(f"{s.loop.var}@p")} if s.loop is not None else {}
        t = z3.Int("%t@p")
        at = At(s.point, loops, t)
        r = self.round(s, loops)
        facts = [self.runs(s, loops, t), r >= 1,
                 z3.Not(self.phase_done(t, at, b.name, self.element(s, loops), r - 1))]
        verdict = self._sat(facts)
        if verdict is SV.PROVED:
            return ""
        if verdict is SV.UNKNOWN:
            raise Unsupported(f"solver: whether round r + 1 of this {_verb(s)} waits for phase r of {b.name} "
                              "is undecided", s.point.span)
        return (f"the {_verb(s)} at line {s.point.span.line} may start round r + 1 before phase r of "
                f"{b.name} completed")


def _before(a: At, b: At):
    """Instance a precedes instance b in program order (used for instances of one thread)."""
    return _lex(HappensBefore.key(a), HappensBefore.key(b), 0, True)


def _verb(s: Site) -> str:
    return VERB[s.kind]


def _candidates(site: Site, anchor: At) -> list[dict]:
    """Loop values of site worth trying near anchor (same iteration and the next/previous):
    an under-approximation, so a missed hand-off can only add findings."""
    if site.loop is None:
        return [{}]
    k = site.loop.var
    if prog.common_loops(site.point, anchor.point) >= 1:
        v = anchor.loops[k]
        return [{k: v}, {k: v + 1}, {k: v - 1}]
    return []


def _mentions_thread_or_block(e) -> bool:
    return any(isinstance(n, ir.BuiltinRef) for n in exprs.iter_nodes(e))

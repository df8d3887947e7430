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

import copy
import dataclasses
from dataclasses import dataclass, field

import z3

from dsl import ir

from . import program as prog
from .access import enabled
from .distribution import thread_bindings
from .hb import At, HappensBefore, _lex
from .mbar_rounds import VERB, monotone_offsets, ordinals
from .mbar_sites import Site, const, read_site, served, static_check, threads_of, when_holds
from .solver import Verdict as SV, find_model
from .symbols import Unsupported
from .terms import Add, And, Mod, Mul, Or, Sub


@dataclass
class Barrier:
    name: str
    size: int
    count: int
    sites: list[Site] = field(default_factory=list)
    why_not: str = ""           # empty: trusted
    derived: bool = False       # why_not comes from another barrier's distrust or a wait (_lemma)
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
        self.gapped: set[int] = set()                  # ... or whose condition skips earlier instances
        self.site_of: dict[tuple, Site] = {}
        self.uses: dict[tuple, frozenset] = {}         # completer path -> the elements it uses (_static_check)
        for p in df.points:
            s = p.stmt
            if isinstance(s, ir.MbarAlloc):
                self.bars[s.name] = Barrier(s.name, const(self.env, s.size), const(self.env, s.count))
        for p in df.points:
            site = read_site(self, p)
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
                # rounds from start - 1 (a producer loop after a prologue that filled the first
                # slot, its free first wait left out), from start - P (a prologue P deep), or
                # from start (a prologue peeled the loop's copies but its waits count from the
                # loop: `if k + 1 < n:` prefetching the next slot, the wait on this one): sound
                # for a wait whenever its first instances claim no phase past 0 (_alignment
                # checks it)
                depths = sorted({s.peel for y in self.bars.values() for s in y.sites
                                 if s.loop is w.loop and s.kind != "wait"})
                for peel in dict.fromkeys([0, 1, *depths]) if d is None and w.ring else ():
                    if peel == w.peel:
                        continue
                    shifted = dataclasses.replace(w, peel=peel)
                    d = self._alignment(shifted)
                    if d is not None:
                        b.sites[i] = w = shifted
                        self.site_of[w.point.path] = w
                        break
                self.offset[id(w)] = d
                if d is None:
                    self.misaligned.add(id(w))
            for w in [w for w in b.sites if w.kind == "wait" and w.when and self.offset.get(id(w)) is not None]:
                if self._gap(b, w):
                    # the parity argument needs the thread's earlier wait on the element to have
                    # run: one its condition skips claims a phase nothing established (held-out
                    # round 129: warps waiting only in the last iteration took phase 0's parity
                    # for phase 2's)
                    self.gapped.add(id(w))
            for w in b.sites:
                if id(w) in self.gapped:
                    self.offset[id(w)] = None
                    self.misaligned.add(id(w))
            if all(s.loop is None for s in b.sites):
                monotone_offsets(b, self.offset)
        self._lemma_fixpoint()

    # ---------------------------------------------------------------- sites
    def threads_of(self, p: prog.Point) -> tuple[int, ...]:
        return threads_of(self, p)

    def _peel(self, b: Barrier) -> list[Site]:
        """A prologue that runs iterations start - P .. start - 1 of a loop's ring statements
        before the loop (`expect_tx full[0]; tma_load ...` then `for k in range(1, n)`, held-out
        round 45; or P = S - 1 slots filled before a loop that prefetches k + S - 1): for each
        ring arrival and copy of the loop and each j in 1..P, one statement outside loops, of
        the same kind, bytes and threads, on the element of iteration start - j, is that
        instance (in any order: they are on different elements), and every completer of the loop on this
        mbarrier counts its rounds from start - P. P is the largest depth for which every
        such statement is there, at most the ring's size (each prologue instance is then
        round 0 of its element); none: nothing changes. The loop's waits keep their own
        count (from start, or start - 1: the constructor's alignment picks it)."""
        out = list(b.sites)
        for loop in {id(s.loop): s.loop for s in out if s.loop is not None}.values():
            start = self.env.const_value(loop.start)
            inner = [s for s in out if s.loop is loop]
            ring = [s for s in inner if s.kind != "wait" and s.ring]
            if start is None or not ring or any(s.kind != "wait" and not s.ring for s in inner):
                continue
            if any(s.when and len(served(self, b.size, s)) < b.size for s in ring):
                # statements that use some slots only (ping-pong): a prologue statement on a slot
                # one of them never uses would be matched to it and left out of the count
                # (held-out round 132: both consumer groups pre-arriving on both slots made 256
                # arrivals against count 128 and proved); its statements stay straight-line
                continue
            for depth in range(b.size, 0, -1):
                matched = self._prologue(out, ring, start, depth, b.size)
                if matched is not None:
                    break
            else:
                continue
            out = [dataclasses.replace(q, peeled=matched[id(q)]) if id(q) in matched else
                   dataclasses.replace(q, peel=depth) if q.loop is loop and q.kind != "wait" else
                   dataclasses.replace(q, peel=1) if q.loop is loop else q for q in out]
        return out

    @staticmethod
    def _prologue(sites: list, ring: list, start: int, depth: int, size: int) -> dict | None:
        """{id of a prologue statement: j} where it is iteration start - j of a ring statement,
        for every ring statement and j in 1..depth (None if one is missing)."""
        matched: dict[int, int] = {}
        for c in ring:
            for j in range(1, depth + 1):
                x = (start - j + c.shift) % size
                pro = [q for q in sites if q.loop is None and not q.peeled and id(q) not in matched
                       and q.kind == c.kind and q.nbytes == c.nbytes and q.threads == c.threads and q.shift == x
                       and q.point.path < c.point.path]
                if len(pro) != 1:
                    return None
                matched[id(pro[0])] = j
        return matched

    def _static_check(self, b: Barrier) -> str:
        return static_check(self, b)

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

    def when(self, site: Site, loops: dict) -> object:
        """Site's iteration conditions hold at `loops` (every thread decides them alike)."""
        return when_holds(self.env, site, loops)

    def runs(self, site: Site, loops: dict, thread) -> object:
        bound = {**loops, **thread_bindings(thread, self.ws)}
        return And(*enabled(self.env, site.point, bound), thread >= 0, thread < self.kernel.threads)

    def trusted(self, bar: str) -> bool:
        return not self.bars[bar].why_not

    def trusting(self) -> "Protocol":
        """This protocol with every barrier trusted, its rounds taken for its phases: a finding
        that stands under it follows from no distrust (encode/rootcause.py puts the findings
        that need a distrust under the finding that explains it)."""
        out = copy.copy(self)
        out.bars = {n: dataclasses.replace(b, why_not="", derived=False) for n, b in self.bars.items()}
        return out

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
        dom = [self.df.loop_domain(w.point, loops), self.when(w, loops)]
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

    def _gap(self, b: Barrier, w: Site) -> bool:
        """Whether some instance of wait w runs while the thread's instance of the iteration
        before on the same element (k - S for a ring index, k - 1 for a constant one) was
        skipped by the conditions of w and of its siblings, the same wait in other branches
        (same threads, element, rounds and phase offset: `if c: wait ... else: wait ...`), and
        would have claimed a phase of 0 or later (a skipped free first-round wait, phase -1,
        establishes nothing the parity argument needs: `if k >= S: wait empty[...]`)."""
        d = self.offset[id(w)]
        sibs = [v for v in b.sites if v.kind == "wait" and v.loop is w.loop and v.threads == w.threads
                and v.ring == w.ring and v.shift == w.shift and v.peel == w.peel and self.offset.get(id(v)) == d]
        k = z3.Int(f"{w.loop.var}@gap")
        step = b.size if w.ring else 1
        prev = {w.loop.var: k - step}
        dom = [self.df.loop_domain(w.point, {w.loop.var: v}) for v in (k, k - step)]
        out = self._sat(dom + [self.when(w, {w.loop.var: k}), z3.Not(Or(*[self.when(v, prev) for v in sibs])),
                               self.round(w, prev) - d >= 0])
        if out is SV.UNKNOWN:
            raise Unsupported("solver: whether this wait's condition skips earlier iterations is undecided",
                              w.point.span)
        return out is SV.REFUTED

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

    def handoff(self, a: At, b: At, copies: bool = False) -> object:
        """a's thread arrives on some barrier after a, and b's thread waits for that phase before b.
        With `copies`, a bulk copy a's thread issues after a counts too: its phase completes
        only once it landed, so b comes after a in time (liveness: encode/missed_phase.py),
        though the copy releases none of a's writes to b (memory order leaves it out)."""
        out = []
        for bar in self.bars.values():
            if bar.why_not:
                continue
            for s in bar.completers:
                if s.kind == "tma" and not copies:
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
        # its thread's own wait for that phase, or one on another barrier whose phase needs an
        # arrival made after such a wait (held-out round 85: a ring of 3 slots on 2 barriers)
        out = [self.phase_done(b.thread, b, site.bar, x, r)]
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
                        b.why_not, b.derived, changed = why, True, True
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

"""Happens-before in one block: program order, barriers and async-copy groups.

A control-flow graph says which accesses can follow each other with no barrier;
symbolic instance keys order statement instances for all trip counts. RACE, WAR and
ASYNC share `separated` and `retired_visible`; no lock-step (docs/MEMORY_MODEL.md).
"""
from __future__ import annotations

from dataclasses import dataclass

import z3

from dsl import exprs, ir

from . import program as prog
from .access import enabled, point_thread_dependent
from .distribution import thread_bindings
from .symbols import Unsupported
from .terms import Add, And, Lt, Or, Sub

ENTRY, EXIT = "entry", "exit"
MAX_CANDIDATES = 64


@dataclass(frozen=True)
class At:
    """A symbolic instance of a program point: its loop values and the running thread."""
    point: prog.Point
    loops: dict
    thread: object = None


class Graph:
    """A directed graph of program paths (one block's control flow): successors and reachability."""

    def __init__(self, succ: dict | None = None):
        self.succ: dict = succ if succ is not None else {}

    def add_node(self, n) -> None:
        self.succ.setdefault(n, set())

    def add_edge(self, a, b) -> None:
        self.add_node(a)
        self.add_node(b)
        self.succ[a].add(b)

    def has_node(self, n) -> bool:
        return n in self.succ

    def without(self, drop: set) -> "Graph":
        """The subgraph of the other nodes."""
        return Graph({n: {m for m in out if m not in drop} for n, out in self.succ.items() if n not in drop})

    def reached_after(self, n) -> set:
        """Every node a path of one or more edges leads to from n (n itself only on a cycle)."""
        seen: set = set()
        todo = list(self.succ.get(n, ()))
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo.extend(self.succ[m])
        return seen


class HappensBefore:
    def __init__(self, df, warp_size: int, uniform=None):
        """`uniform(point)` says whether every thread reaches a thread-dependent barrier
        equally (a SYNC query); by default such barriers order nothing."""
        self.df, self.env, self.warp_size = df, df.env, warp_size
        uniform = uniform or (lambda p: False)
        self.points = {p.path: p for p in df.points}
        self.graph = Graph()
        self.graph.add_node(ENTRY)
        self.graph.add_node(EXIT)
        for p in df.points:
            self.graph.add_node(p.path)
        ends = self._block(df.kernel.body, (), [ENTRY])
        for e in ends:
            self.graph.add_edge(e, EXIT)
        self.barriers = [p for p in df.points if isinstance(p.stmt, ir.Barrier)
                         and (not point_thread_dependent(p) or uniform(p))]
        self.commits = [p for p in df.points if isinstance(p.stmt, ir.Commit)]
        self.waits = [p for p in df.points if isinstance(p.stmt, ir.WaitGroup)]
        self._free = self.graph.without({p.path for p in self.barriers})
        self._reach: dict = {}
        # runs / commits_before per instance: RACE/ASYNC ask them again for every candidate
        # (a third as many distinct instances as calls); the At is kept so its ids stay unique.
        self._runs: dict = {}
        self._commits: dict = {}

    # ---------------------------------------------------------------- the graph
    def _block(self, stmts, path, preds) -> list:
        """Add edges for a statement list entered from `preds`; return its exit nodes."""
        for i, s in enumerate(stmts):
            node = path + (i,)
            for pr in preds:
                self.graph.add_edge(pr, node)
            if isinstance(s, ir.For):
                ends = self._block(s.body, node, [node])
                for e in ends:
                    self.graph.add_edge(e, node)          # the back edge
                preds = [node]                            # leaving the loop (possibly at once)
            elif isinstance(s, ir.If):
                then = self._block(s.then, node + (0,), [node])
                other = self._block(s.orelse, node + (1,), [node]) if s.orelse else [node]
                preds = then + other
            else:
                preds = [node]
        return preds

    def barrier_free_path(self, a: prog.Point, b: prog.Point) -> bool:
        """Can an instance of b follow one of a with no uniform barrier executed in between?"""
        if a.path not in self._reach:
            self._reach[a.path] = self._free.reached_after(a.path)
        return b.path in self._reach[a.path]

    def may_follow(self, a: prog.Point, b: prog.Point) -> bool:
        """Can an instance of b come after one of a at all (barriers or not)?"""
        return b.path in self.graph.reached_after(a.path)

    def across_branches(self, a: prog.Point, b: prog.Point) -> prog.Point | None:
        """The `if` with a in one branch and b in the other, if its condition may differ between
        the threads of a block: two threads run them in one instance, though no path of one
        thread leads from a to b (may_follow), and no barrier lies between (one inside a
        branch only some threads take is no barrier: SYNC)."""
        d = next((i for i, (x, y) in enumerate(zip(a.path, b.path)) if x != y), None)
        node = self.points.get(a.path[:d]) if d else None
        if node is not None and isinstance(node.stmt, ir.If) and {a.path[d], b.path[d]} == {0, 1}:
            return None if _uniform_cond(node.stmt.cond) else node
        return None

    # ---------------------------------------------------------------- instance order
    @staticmethod
    def key(at: At) -> tuple:
        p = at.point
        cuts = list(p.loop_levels) + [len(p.path)]
        parts, prev = [], 0
        for loop, cut in zip(p.loops, cuts):
            parts += [p.path[prev:cut], at.loops[loop.var]]
            prev = cut
        parts.append(p.path[prev:])
        return tuple(parts)

    def before(self, a: At, b: At, strict: bool = True):
        """Is instance a before instance b in the block's program order (a symbolic Bool)?"""
        return _lex(self.key(a), self.key(b), 0, strict)

    def runs(self, at: At) -> object:
        key = _instance_id(at)
        if key not in self._runs:
            self._runs[key] = (self._runs_uncached(at), at)
        return self._runs[key][0]

    def _runs_uncached(self, at: At) -> object:
        bound = dict(at.loops)
        if at.thread is not None:
            bound.update(thread_bindings(at.thread, self.warp_size))
        return And(*enabled(self.env, at.point, bound))

    def candidates(self, x: prog.Point, lo: At, hi: At) -> list[dict]:
        """Loop values of x worth trying as an instance between lo and hi (an under-approximation:
        the anchors' own iterations and their neighbours, and first/last iterations)."""
        combos = [{}]
        for level, loop in enumerate(x.loops):
            nxt = []
            for c in combos:
                opts = []
                if prog.common_loops(x, lo.point) > level:
                    opts += [lo.loops[loop.var], Add(lo.loops[loop.var], 1)]
                if prog.common_loops(x, hi.point) > level:
                    opts += [Sub(hi.loops[loop.var], 1), hi.loops[loop.var]]
                opts += [self.env.term(loop.start, c), Sub(self.env.term(loop.stop, c), 1)]
                seen = set()
                for o in opts:            # Z3 hash-conses terms: equal terms have one id
                    if o.get_id() not in seen:
                        seen.add(o.get_id())
                        nxt.append({**c, loop.var: o})
            combos = nxt[:MAX_CANDIDATES]
        return combos

    def between(self, x: prog.Point, lo: At, hi: At, thread=None) -> list:
        """Disjuncts: an instance of x that runs strictly between lo and hi. A uniform barrier
        under a thread condition is evaluated for one of the anchors' threads (all agree)."""
        out = []
        if thread is None:
            thread = next((t for t in (lo.thread, hi.thread) if t is not None), z3.IntVal(0))
        for c in self.candidates(x, lo, hi):
            at = At(x, c, thread)
            out.append(And(self.runs(at), self.before(lo, at), self.before(at, hi)))
        return out

    def separated(self, a: At, b: At):
        """Some barrier instance lies between a and b (every thread reaches it)."""
        return Or(*[d for x in self.barriers for d in self.between(x, a, b)])

    # ---------------------------------------------------------------- async groups
    def commits_before(self, at: At):
        """How many commits the block has executed before instance `at` (its open group's index)."""
        key = _instance_id(at)
        if key not in self._commits:
            total = z3.IntVal(0)
            for c in self.commits:
                total = total + self._count_before(c, at)
            self._commits[key] = (total, at)
        return self._commits[key][0]

    def _count_before(self, p: prog.Point, q: At):
        """How many instances of commit p run before instance q, in closed form. A condition
        on p's innermost loop variable that bounds it to an interval (encode/intervals.py)
        counts the iterations inside it: the trip of that loop becomes the interval's size."""
        for loop in p.loops:
            for e in (loop.start, loop.stop):
                if exprs.free_syms(e, ir.SymKind.LOOP) or exprs.mentions_thread(e):
                    raise Unsupported("commit counting needs loop bounds that depend on sizes only", loop.span)
        factor, window = z3.IntVal(1), None
        for g in p.guards:
            if exprs.mentions_thread(g.cond):
                raise Unsupported("a commit under a thread-dependent condition is not supported "
                                  "(every thread must commit the same groups)", g.cond.span)
            if exprs.free_syms(g.cond, ir.SymKind.LOOP):
                window = self._window(p, g, window)
                continue
            c = self.env.cond(g.cond, {})
            factor = factor * z3.If(c if g.positive else z3.Not(c), 1, 0)
        trips = [self._trip(loop) for loop in p.loops]
        if window is not None:
            trips[-1] = _size(window[0], window[1])
        common = prog.common_loops(p, q.point)
        total = z3.IntVal(0)
        for level in range(1, common + 1):
            loop = p.loops[level - 1]
            inner = _product(trips[level:])
            v = q.loops[loop.var]
            if window is not None and level == len(p.loops):
                total = total + _size(window[0], _min(window[1], v))
            else:
                total = total + (v - self.env.term(loop.start, {})) * inner
        if prog.before_in_body(p, q.point, common):
            here = _product(trips[common:])
            if window is not None and common == len(p.loops):
                v = q.loops[p.loops[-1].var]
                here = z3.If(And(v >= window[0], v < window[1]), 1, 0)
            total = total + here
        return total * factor

    def _window(self, p: prog.Point, g, window):
        """[lo, hi) of p's innermost loop variable where g holds, within the loop's range
        (intersected with an earlier guard's window)."""
        from .intervals import interval
        loop = p.loops[-1]
        if exprs.free_syms(g.cond, ir.SymKind.LOOP) - {loop.var}:
            raise Unsupported("a commit under a condition on loop variables counts only conditions on its "
                              "innermost loop's variable", g.cond.span)
        v = z3.Int(f"{loop.var}#commit")
        lo, hi = interval(self.df, g.cond, g.positive, loop.var, v)
        if window is None:
            window = (self.env.term(loop.start, {}), self.env.term(loop.stop, {}))
        return (window[0] if lo is None else _max(window[0], lo), window[1] if hi is None else _min(window[1], hi))

    def _trip(self, loop: ir.For):
        lo, hi = self.env.term(loop.start, {}), self.env.term(loop.stop, {})
        return z3.If(hi > lo, hi - lo, 0)

    def commits_between(self, a: At, b: At):
        return self.commits_before(b) - self.commits_before(a)

    def pending_allowed(self, w: prog.Point) -> int:
        n = self.env.const_value(w.stmt.pending)
        if n is None:
            raise Unsupported("wait_group needs a compile-time count", w.stmt.span)
        return n

    def retired_visible(self, a: At, b: At):
        """The async copy instance a (by thread a.thread) has landed, and is visible to b.thread,
        before instance b: a wait of a's thread retires a's group, then (for another thread) a
        barrier follows."""
        out = []
        for w in self.waits:
            n = self.pending_allowed(w)
            for c in self.candidates(w, a, b):
                at_w = At(w, c, a.thread)
                retire = And(self.runs(at_w), self.before(a, at_w), self.before(at_w, b),
                                self.commits_between(a, at_w) >= n + 1)
                seen = Or(a.thread == b.thread, *[d for x in self.barriers for d in self.between(x, at_w, b)])
                out.append(And(retire, seen))
        return Or(*out) if out else z3.BoolVal(False)


def _instance_id(at: At) -> tuple:
    """The point, loop values and thread of an instance, z3 terms by their (unique) ids."""
    ident = lambda t: t.get_id() if isinstance(t, z3.AstRef) else ("py", t)
    return (at.point.path, tuple((v, ident(t)) for v, t in sorted(at.loops.items())),
            None if at.thread is None else ident(at.thread))


def _size(lo, hi):
    return z3.If(hi > lo, hi - lo, 0)


def _min(a, b):
    return z3.If(a <= b, a, b)


def _max(a, b):
    return z3.If(a >= b, a, b)


def _product(xs):
    out = z3.IntVal(1)
    for x in xs:
        out = out * x
    return out


def _lex(k1: tuple, k2: tuple, i: int, strict: bool):
    if i >= len(k1) or i >= len(k2):
        if len(k1) == len(k2):
            return z3.BoolVal(not strict)
        return z3.BoolVal(len(k1) < len(k2))
    a, b = k1[i], k2[i]
    if isinstance(a, tuple) and isinstance(b, tuple):
        if a == b:
            return _lex(k1, k2, i + 1, strict)
        return z3.BoolVal(a < b)
    if isinstance(a, tuple) or isinstance(b, tuple):
        raise Unsupported("instances of unrelated program points cannot be ordered")
    return Or(Lt(a, b), And(a == b, _lex(k1, k2, i + 1, strict)))


def _uniform_cond(e: ir.Expr) -> bool:
    """A condition on literals, sizes, constants, loop variables and the block index only,
    which every thread of a block evaluates alike at one instance."""
    for n in exprs.iter_nodes(e):
        if isinstance(n, ir.Sym) and n.kind not in (ir.SymKind.SIZE, ir.SymKind.CONST, ir.SymKind.LOOP):
            return False
        if isinstance(n, ir.BuiltinRef) and not n.which.value.startswith("block."):
            return False
        if isinstance(n, (ir.ElemRef, ir.TagField)):
            return False
    return True

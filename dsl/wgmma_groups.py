"""Which `wgmma_wait` retires each wgmma: the commit-group counting of one thread's program,
and the IR rewrite that ends each wgmma's operand reads there (docs/SEMANTICS.md, wgmma).

A may-analysis over the structured program: the state is the wgmmas issued since the last
`wgmma_commit` and the committed groups still pending, oldest first; `wgmma_wait n` keeps
the n newest. A wgmma in a loop must be retired within its iteration (E041): its operand
tiles are named by that iteration's loop values.

A thread takes the same side of every `if` on the same role condition (one on the thread,
the block, sizes and constants alone): the analysis runs once per truth assignment of the
role conditions that some thread has (only those around wgmma statements when there are
many) and joins the runs, so a wait in a second
`if thread.warp < 4:` retires the wgmma of the first (held-out round 37: the join of one
run kept it pending on the `else` path no thread holding the accumulator takes).
"""
from __future__ import annotations

import dataclasses
import itertools

from . import exprs, ir
from .diagnostics import Diagnostic

EMPTY = (frozenset(), ())
JOIN_ROUNDS = 8
WARP = 32
ROLE_CONDITIONS = 4      # at most 2^4 runs; with more, one run joins both sides of each `if`


def is_wgmma(s) -> bool:
    return isinstance(s, ir.Mma) and bool(s.shared)


def _join(a, b):
    ga, gb = a[1], b[1]
    n = max(len(ga), len(gb))
    ga, gb = (frozenset(),) * (n - len(ga)) + ga, (frozenset(),) * (n - len(gb)) + gb
    return a[0] | b[0], tuple(x | y for x, y in zip(ga, gb))


def _join_into(d: dict, path: tuple, state) -> None:
    """Join `state` into `d[path]` (set it where `path` has none yet)."""
    d[path] = _join(d[path], state) if path in d else state


def pending(state) -> frozenset:
    out = set(state[0])
    for g in state[1]:
        out |= g
    return frozenset(out)


class Groups:
    """The analysis of one kernel: `before[path]` is the state before each statement and
    `retires[path]` the wgmmas (by path) the wait at `path` may retire."""

    def __init__(self, kernel: ir.Kernel, consts: dict[str, int], roles: dict[str, bool] | None = None):
        self.consts, self.roles = consts, roles or {}
        self.before: dict[tuple, tuple] = {}
        # where each statement stands in this run's timeline: `before`, and for one in a branch
        # the run does not take, the state when the run passes that branch (another role's
        # write then lies inside or outside this role's issue-to-wait windows)
        self.window: dict[tuple, tuple] = {}
        self.retires: dict[tuple, set] = {}
        self.stmt: dict[tuple, ir.Stmt] = {}
        self.unretired: dict[tuple, ir.For] = {}
        self.layout: dict[str, ir.LayoutSpec | None] = {}    # an operand load's distribution, by tile
        self.exit = self.block(kernel.body, (), EMPTY)

    def block(self, stmts, prefix, state):
        for i, s in enumerate(stmts):
            state = self.statement(s, prefix + (i,), state)
        return state

    def statement(self, s, path, state):
        _join_into(self.before, path, state)
        _join_into(self.window, path, state)
        self.stmt[path] = s
        if isinstance(s, ir.Load) and s.wgmma == "operand":
            self.layout[s.target.name] = s.target.layout
        if is_wgmma(s):
            return state[0] | {path}, state[1]
        if isinstance(s, ir.WgmmaCommit):
            return frozenset(), state[1] + (state[0],)
        if isinstance(s, ir.WgmmaWait):
            n = max(0, exprs.try_fold(s.pending, self.consts) or 0)
            keep = state[1][len(state[1]) - n:] if n else ()
            gone = state[1][:len(state[1]) - len(keep)]
            self.retires.setdefault(path, set()).update(p for g in gone for p in g)
            return state[0], keep
        if isinstance(s, ir.If):
            side = self.roles.get(role_key(s.cond))
            if side is not None:
                self._passed(s.orelse if side else s.then, path + ("orelse" if side else "then",), state)
                return self.block(s.then, path + ("then",), state) if side else \
                    self.block(s.orelse, path + ("orelse",), state)
            return _join(self.block(s.then, path + ("then",), state), self.block(s.orelse, path + ("orelse",), state))
        if isinstance(s, ir.For):
            return self._loop(s, path, state)
        return state

    def _passed(self, stmts, prefix, state) -> None:
        """The statements of a branch this run does not take, all at `state` in its window."""
        for i, s in enumerate(stmts):
            path = prefix + (i,)
            _join_into(self.window, path, state)
            self.stmt.setdefault(path, s)
            if isinstance(s, ir.For):
                self._passed(s.body, path + ("body",), state)
            elif isinstance(s, ir.If):
                self._passed(s.then, path + ("then",), state)
                self._passed(s.orelse, path + ("orelse",), state)

    def _loop(self, s: ir.For, path, state):
        entry = state
        end = self.block(s.body, path + ("body",), entry)
        settled = False
        for _ in range(JOIN_ROUNDS):
            nxt = _join(entry, end)
            if nxt == entry:
                settled = True
                break
            entry = nxt
            end = self.block(s.body, path + ("body",), entry)
        for p in pending(end):
            # unsettled (commits pile up groups no wait bounds): no wgmma it may hold is trusted
            if not settled or p[:len(path) + 1] == path + ("body",):
                self.unretired.setdefault(p, s)
        lo, hi = exprs.try_fold(s.start, self.consts), exprs.try_fold(s.stop, self.consts)
        if lo is not None and hi is not None and hi > lo:
            return end      # it runs at least once: no path skips it (held-out round 114: `range(1)`)
        return _join(state, end)


def role_key(cond: ir.Expr) -> str | None:
    """The text of a condition every thread evaluates the same way wherever it stands (no loop
    variable, index, tile or data read), else None."""
    from .fmt import format_expr
    for n in exprs.iter_nodes(cond):
        if isinstance(n, (ir.ElemRef, ir.Hole)) or (
                isinstance(n, ir.Sym) and n.kind not in (ir.SymKind.SIZE, ir.SymKind.CONST)):
            return None
    return format_expr(cond)


def _touches_wgmma(stmts) -> bool:
    return any(is_wgmma(s) or isinstance(s, (ir.WgmmaCommit, ir.WgmmaWait)) for s in ir.walk(stmts))


def analyse(kernel: ir.Kernel, consts: dict[str, int]) -> Groups:
    """The groups of every thread: one run per truth assignment of the role conditions that
    some thread has, joined (beyond ROLE_CONDITIONS conditions only those of `if`s holding
    wgmma statements; beyond that many of these, one run joining both sides of each `if`)."""
    roles = [(s, k) for s in ir.walk(kernel.body) if isinstance(s, ir.If) and (k := role_key(s.cond)) is not None]
    keys = list(dict.fromkeys(k for _, k in roles))
    if len(keys) > ROLE_CONDITIONS:
        keys = list(dict.fromkeys(k for s, k in roles if _touches_wgmma(s.then + s.orelse)))
    if not keys or len(keys) > ROLE_CONDITIONS:
        return Groups(kernel, consts)
    runs = [Groups(kernel, consts, dict(zip(keys, sides))) for sides in _assignments(kernel, keys, consts)]
    out = runs[0]
    for g in runs[1:]:
        for path, state in g.before.items():
            _join_into(out.before, path, state)
        for path, state in g.window.items():
            _join_into(out.window, path, state)
        for path, ps in g.retires.items():
            out.retires.setdefault(path, set()).update(ps)
        out.stmt.update(g.stmt)
        out.layout.update(g.layout)
        for p, loop in g.unretired.items():
            out.unretired.setdefault(p, loop)
        out.exit = _join(out.exit, g.exit)
    return out


def _assignments(kernel: ir.Kernel, keys: list[str], consts: dict[str, int]) -> list[tuple[bool, ...]]:
    """The truth assignments of the role conditions some thread has (every one where a
    condition reads the block or a size: it is not decided per thread here)."""
    conds = {}
    for s in ir.walk(kernel.body):
        if isinstance(s, ir.If) and role_key(s.cond) in keys:
            conds.setdefault(role_key(s.cond), s.cond)
    seen = []
    for t in range(kernel.threads):
        sides = tuple(_truth(conds[k], t, consts) for k in keys)
        if None in sides:
            return list(itertools.product((True, False), repeat=len(keys)))
        if sides not in seen:
            seen.append(sides)
    return seen


def _truth(e: ir.Expr, t: int, consts: dict[str, int]) -> bool | None:
    """A role condition's value for thread t (None where it reads more than the thread)."""
    match e:
        case ir.Bin(op=op, lhs=a, rhs=b) if op in ir.LOGICAL:
            x, y = _truth(a, t, consts), _truth(b, t, consts)
            if x is None or y is None:
                return None
            return (x and y) if op is ir.BinOp.AND else (x or y)
        case ir.Not(operand=x):
            v = _truth(x, t, consts)
            return None if v is None else not v
        case ir.Bin(op=op, lhs=a, rhs=b) if op in ir.COMPARISONS:
            x, y = (exprs.try_fold(_at_thread(v, t), consts) for v in (a, b))
            if x is None or y is None:
                return None
            return {ir.BinOp.EQ: x == y, ir.BinOp.NE: x != y, ir.BinOp.LT: x < y, ir.BinOp.LE: x <= y,
                    ir.BinOp.GT: x > y, ir.BinOp.GE: x >= y}[op]
    return None


def _at_thread(e: ir.Expr, t: int) -> ir.Expr:
    ids = {ir.Builtin.THREAD_X: t, ir.Builtin.WARP: t // WARP, ir.Builtin.LANE: t % WARP}
    return exprs.rewrite(e, lambda n: ir.IntLit(ids[n.which], n.span)
                         if isinstance(n, ir.BuiltinRef) and n.which in ids else None)


def retire(kernel: ir.Kernel) -> tuple[ir.Kernel, list[Diagnostic]]:
    """The kernel with each wgmma's operand reads ended at the waits that retire it (and at the
    kernel's end for one still pending there), plus E041 for wgmmas a loop leaves pending."""
    if not any(is_wgmma(s) for s in ir.walk(kernel.body)):
        return kernel, []
    consts = {c.name: c.value for c in kernel.consts}
    g = analyse(kernel, consts)
    diags = []
    for p in sorted(g.unretired, key=str):
        s, loop = g.stmt[p], g.unretired[p]
        diags.append(Diagnostic("E041", f"the wgmma is not retired within its iteration of the loop at line "
                                f"{loop.span.line}: no `wgmma_commit` then `wgmma_wait` retires its group on every "
                                "path before the iteration ends", s.span,
                                "commit the wgmma's group and wait for it (`wgmma_commit`, `wgmma_wait 0`) before "
                                "the end of the loop body; its operands are this iteration's tiles"))
    inserts = {w: sorted(ps, key=str) for w, ps in g.retires.items() if ps}
    body = _rebuild(kernel.body, (), inserts, g)
    tail = [r for p in sorted(pending(g.exit), key=str) for r in retire_reads(g.stmt[p], g.layout)]
    return dataclasses.replace(kernel, body=tuple(body) + tuple(tail)), diags


def retire_reads(s: ir.Mma, layouts: dict) -> list[ir.Load]:
    """The end of a wgmma's operand reads: loads of the same tiles, by the same threads (the
    operand loads' distribution), that produce nothing."""
    out = []
    for role, ref, src in zip(("a", "b"), s.shared, (s.a, s.b)):
        t = ir.TensorType(f"{src}_end", ir.DType.F16, exprs.tile_shape(ref),
                          ir.Space.REGISTER, layouts.get(src), s.span)
        out.append(ir.Load(t, ref, s.span, wgmma="retire"))
    return out


def _rebuild(stmts, prefix, inserts, g: Groups) -> list:
    out = []
    for i, s in enumerate(stmts):
        path = prefix + (i,)
        for p in inserts.get(path, ()):
            out.extend(retire_reads(g.stmt[p], g.layout))
        if isinstance(s, ir.For):
            s = dataclasses.replace(s, body=tuple(_rebuild(s.body, path + ("body",), inserts, g)))
        elif isinstance(s, ir.If):
            s = dataclasses.replace(s, then=tuple(_rebuild(s.then, path + ("then",), inserts, g)),
                                    orelse=tuple(_rebuild(s.orelse, path + ("orelse",), inserts, g)))
        out.append(s)
    return out

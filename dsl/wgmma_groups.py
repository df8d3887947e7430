"""Which `wgmma_wait` retires each wgmma: the commit-group counting of one thread's program,
and the IR rewrite that ends each wgmma's operand reads there (docs/SEMANTICS.md, wgmma).

A may-analysis over the structured program: the state is the wgmmas issued since the last
`wgmma_commit` and the committed groups still pending, oldest first; `wgmma_wait n` keeps
the n newest. A wgmma in a loop must be retired within its iteration (E041): its operand
tiles are named by that iteration's loop values.
"""
from __future__ import annotations

import dataclasses

from . import exprs, ir
from .diagnostics import Diagnostic

EMPTY = (frozenset(), ())
JOIN_ROUNDS = 8


def is_wgmma(s) -> bool:
    return isinstance(s, ir.Mma) and bool(s.shared)


def _join(a, b):
    ga, gb = a[1], b[1]
    n = max(len(ga), len(gb))
    ga, gb = (frozenset(),) * (n - len(ga)) + ga, (frozenset(),) * (n - len(gb)) + gb
    return a[0] | b[0], tuple(x | y for x, y in zip(ga, gb))


def pending(state) -> frozenset:
    out = set(state[0])
    for g in state[1]:
        out |= g
    return frozenset(out)


class Groups:
    """The analysis of one kernel: `before[path]` is the state before each statement and
    `retires[path]` the wgmmas (by path) the wait at `path` may retire."""

    def __init__(self, kernel: ir.Kernel, consts: dict[str, int]):
        self.consts = consts
        self.before: dict[tuple, tuple] = {}
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
        self.before[path] = _join(self.before[path], state) if path in self.before else state
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
            return _join(self.block(s.then, path + ("then",), state), self.block(s.orelse, path + ("orelse",), state))
        if isinstance(s, ir.For):
            return self._loop(s, path, state)
        return state

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
        return _join(state, end)


def retire(kernel: ir.Kernel) -> tuple[ir.Kernel, list[Diagnostic]]:
    """The kernel with each wgmma's operand reads ended at the waits that retire it (and at the
    kernel's end for one still pending there), plus E041 for wgmmas a loop leaves pending."""
    if not any(is_wgmma(s) for s in ir.walk(kernel.body)):
        return kernel, []
    consts = {c.name: c.value for c in kernel.consts}
    g = Groups(kernel, consts)
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

"""Program points: each statement with its path, enclosing loops and branch conditions.

A point's *instance* fixes the values of its enclosing loop variables. Instances are
ordered by their key: the path indices interleaved with iteration values.
"""
from __future__ import annotations

from dataclasses import dataclass

from dsl import exprs, ir


@dataclass(frozen=True, slots=True)
class Guard:
    cond: ir.Expr
    positive: bool
    depth: int          # number of enclosing loops where the `if` sits


@dataclass(frozen=True, slots=True)
class Point:
    stmt: object
    path: tuple[int, ...]       # child index at each nesting level (loops and ifs)
    loops: tuple[ir.For, ...]   # enclosing loops, outermost first
    loop_levels: tuple[int, ...]  # index into `path` of each enclosing loop's body
    guards: tuple[Guard, ...]

    @property
    def span(self):
        return self.stmt.span


def points(kernel: ir.Kernel) -> list[Point]:
    out: list[Point] = []
    _walk(kernel.body, (), (), (), (), out)
    return out


def _walk(stmts, path, loops, levels, guards, out) -> None:
    for i, s in enumerate(stmts):
        p = path + (i,)
        out.append(Point(s, p, loops, levels, guards))
        if isinstance(s, ir.For):
            _walk(s.body, p, loops + (s,), levels + (len(p),), guards, out)
        elif isinstance(s, ir.If):
            _walk(s.then, p + (0,), loops, levels, guards + (Guard(s.cond, True, len(loops)),), out)
            _walk(s.orelse, p + (1,), loops, levels, guards + (Guard(s.cond, False, len(loops)),), out)


def common_loops(a: Point, b: Point) -> int:
    """How many enclosing loops two points share (the same loop statements, outermost first)."""
    n = 0
    for la, lb, pa, pb in zip(a.loops, b.loops, a.loop_levels, b.loop_levels):
        if la is not lb or pa != pb or a.path[:pa] != b.path[:pb]:
            break
        n += 1
    return n


def may_precede(a: Point, b: Point) -> bool:
    """Can an instance of statement `a` run before one of another statement `b` in program
    order: `a` earlier in the program text, or both in a loop (an earlier iteration's `a`)?
    Within a block, barriers order only what program order puts before them, so on a kernel
    free of races this is every write a read can see."""
    return a.stmt is not b.stmt and (common_loops(a, b) > 0 or a.path < b.path)


def before_in_body(a: Point, b: Point, level: int) -> bool:
    """Within one iteration of their `level`-th common loop (0 = kernel body), is a before b?"""
    start = a.loop_levels[level - 1] if level else 0
    return a.path[start:] < b.path[start:]


def assigns(p: Point) -> str | None:
    """The storage a statement writes: a shared tile (copy, store), a global output (store)
    or a register tile."""
    s = p.stmt
    if isinstance(s, (ir.Copy, ir.Store, ir.TmaLoad)):
        return s.dst.tensor
    if isinstance(s, (ir.Zeros, ir.Load, ir.Mma, ir.Compute)):
        return s.target.name
    return None


def alike(cond: ir.Expr) -> bool:
    """Whether every thread of a block decides `cond` alike: it reads no thread id, no tile and
    no element (block ids, sizes, constants and loop variables, whose bounds are uniform)."""
    return not exprs.mentions_thread(cond) and not exprs.reads_elements(cond) and not any(
        isinstance(n, ir.Sym) and n.kind is ir.SymKind.TENSOR for n in exprs.iter_nodes(cond))


def sole_write(read: Point, writers: list[Point]) -> Point | None:
    """The write among `writers` that a read at `read` sees at every element, in its own
    iteration: a writer in the same loops, in a block around the read and before it, with no
    other writer between them in the program, under conditions every thread decides alike;
    None where there is none. A writer under a thread-dependent `if` writes only the elements
    of the threads that pass it, and a read across threads (a reduction, a store) sees the
    others' elements too, which hold an earlier write (held-out rounds 120 and 121: `p =
    maximum(x, -3.0)`, then `p = maximum(x, 0.0)` and its row max under `if thread.x < 32`)."""
    before = [w for w in writers if w is not read and len(w.loops) == len(read.loops)
              and all(a is b for a, b in zip(w.loops, read.loops))
              and w.path[:-1] == read.path[:len(w.path) - 1] and w.path < read.path]
    if not before:
        return None
    w = max(before, key=lambda q: q.path)
    if any(w.path < q.path < read.path for q in writers if q is not w) or not all(alike(g.cond) for g in w.guards):
        return None
    return w

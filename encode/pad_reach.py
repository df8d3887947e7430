"""The write a read sees in its own iteration, for the padding walk (a mix-in of
pad_walk.Pads, which holds df and point): where a tile or a shared buffer has several
writers, the places of that one write's padding stand at the read (they name the read's
own loop values), where the parts of every writer together have lost them."""
from __future__ import annotations

from dsl import exprs, ir
from dsl.fmt import format_expr


class Reaching:
    def reaching(self, name: str, shared: bool = False):
        """The one write of `name` that a read at this point sees, where it is of the same
        iteration: a writer in the same loops, in a block around the read and before it, with
        no writer of `name` between them in the program; else None. Register tiles with
        several writers (one writer is iteration_local's), where that write is a load, and,
        with `shared`, shared buffers: then the writer must run on every thread (no
        condition), so that it writes the whole window."""
        p, writers = self.point, self.df.writers.get(name, [])
        t = self.df.types.get(name)
        space = ir.Space.SHARED if shared else ir.Space.REGISTER
        if p is None or t is None or t.space is not space or (len(writers) < 2 and not shared):
            return None
        depth = len(p.loops)
        before = [w for w in writers if w is not p and len(w.loops) == depth
                  and all(a is b for a, b in zip(w.loops, p.loops))
                  and w.path[:-1] == p.path[:len(w.path) - 1] and w.path < p.path]
        if not before:
            return None
        w = max(before, key=lambda q: q.path)
        if any(w.path < q.path < p.path for q in writers if q is not w) or (shared and w.guards):
            return None
        if not shared and not isinstance(w.stmt, ir.Load):
            # an update (`acc = acc + h`) or math: the walk of all writers knows accumulators
            # (zero resets, updates in place); a reload of the same name is what reads lost
            return None
        return w

    def copied(self, s: ir.Load):
        """The padding of a plain load from shared memory that reads exactly the window a masked
        copy from an input filled in the same iteration: that copy's parts, placed on the
        window's coordinates (the tile's: new-user round 40's GEMM epilogue lost the rows and
        columns past M and N through sA and sB, and its masked store was unknown); else None.
        The copy has landed and no other write intervenes where RACE, ASYNC and INIT hold,
        which the verdict needs anyway."""
        w = self.reaching(s.src.tensor, shared=True)
        if w is None or s.transpose or not isinstance(w.stmt, ir.Copy) or w.stmt.mask is None:
            return None
        c = w.stmt
        if self.df.kernel.param(c.src.tensor) is None or self.df.writers.get(c.src.tensor):
            return None       # an input the kernel never writes: no padding its stores put there
        if _window(c.dst) != _window(s.src) or _mentions_thread(c.dst):
            return None
        saved = self.point
        self.point = w
        try:
            return self.access_parts(c)
        finally:
            self.point = saved


def _window(ref: ir.TileRef) -> tuple:
    return tuple((type(sub).__name__,) + tuple(format_expr(e) for e in exprs.sub_terms(sub)) for sub in ref.subs)


def _mentions_thread(ref: ir.TileRef) -> bool:
    return any(exprs.mentions_thread(e) for e in exprs.ref_terms(ref))

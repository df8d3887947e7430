"""The write a read sees in its own iteration, for the padding walk (a mix-in of
pad_walk.Pads, which holds df and point): where a tile or a shared buffer has several
writers, the places of that one write's padding stand at the read (they name the read's
own loop values), where the parts of every writer together have lost them."""
from __future__ import annotations

import dataclasses

import z3

from dsl import exprs, ir
from dsl.fmt import format_expr

from . import program as prog
from .fill_parts import Part, tile_coords
from .symbols import Unsupported


class Reaching:
    def reaching(self, name: str, shared: bool = False):
        """The one write of `name` that a read at this point sees, where it is of the same
        iteration (program.sole_write: in the same loops, in a block around the read and before
        it, no writer of `name` between them, under conditions every thread decides alike);
        else None. Register tiles with several writers (one writer is iteration_local's),
        where that write is a load or math that does not read the tile itself, and, with
        `shared`, shared buffers: then the writer must run on every thread (no condition), so
        that it writes the whole window."""
        p, writers = self.point, self.df.writers.get(name, [])
        t = self.df.types.get(name)
        space = ir.Space.SHARED if shared else ir.Space.REGISTER
        if p is None or t is None or t.space is not space or (len(writers) < 2 and not shared):
            return None
        w = prog.sole_write(p, writers)
        if w is None or (shared and w.guards):
            return None
        if not shared and not (isinstance(w.stmt, ir.Load) or (
                isinstance(w.stmt, ir.Compute) and name not in exprs.free_syms(w.stmt.value, ir.SymKind.TENSOR))):
            # an update (`acc = acc + h`): the walk of all writers knows accumulators (zero
            # resets, updates in place); a reload of the same name is what reads lost, and so is
            # math of other tiles assigned again (`t = x * x` in a second pass: new-user round 59)
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
        if _mentions_thread(c.dst) or _mentions_thread(s.src):
            return None
        offsets = self.offsets(c.dst, s.src) if _window(c.dst) != _window(s.src) else ()
        if offsets is None:
            return None
        saved = self.point
        self.point = w
        try:
            parts = self.access_parts(c)
        finally:
            self.point = saved
        return tuple(_moved(q, offsets) for q in parts) if offsets else parts

    def offsets(self, window: ir.TileRef, inner: ir.TileRef) -> tuple | None:
        """Per tile axis, (how far `inner` starts past `window`, whether it is shorter there),
        where `inner` lies inside `window` at constant offsets (a stencil's shifted loads of
        one halo-padded copy: new-user round 53); None elsewhere."""
        if len(window.subs) != len(inner.subs):
            return None
        inst, _ = self.instance(self.point)
        out = []
        try:
            for a, b in zip(window.subs, inner.subs):
                if isinstance(a, ir.Index) or isinstance(b, ir.Index):
                    if _window_sub(a) != _window_sub(b):
                        return None
                    continue
                d = z3.simplify(self.df.env.term(b.start, inst) - self.df.env.term(a.start, inst))
                n, m = self.df.extent(a.extent), self.df.extent(b.extent)
                if not z3.is_int_value(d) or d.as_long() < 0 or d.as_long() + m > n:
                    return None
                out.append((d.as_long(), m < n))
        except Unsupported:
            return None
        return tuple(out)


def _window(ref: ir.TileRef) -> tuple:
    return tuple(_window_sub(sub) for sub in ref.subs)


def _window_sub(sub) -> tuple:
    return (type(sub).__name__,) + tuple(format_expr(e) for e in exprs.sub_terms(sub))


def _moved(q: Part, offsets: tuple) -> Part:
    """Part q of a window, on the coordinates of a window inside it (`offsets` per axis): its
    place shifted, and a line along an axis where the inner window is shorter may be all
    padding though no line of the outer one is."""
    tile = tile_coords(len(offsets))
    at = q.at if q.at is None else z3.substitute(q.at, *[(t, t + d) for t, (d, _) in zip(tile, offsets) if d])
    shorter = frozenset(k for k, (_, less) in enumerate(offsets) if less)
    return dataclasses.replace(q, at=at, maybe=None if q.maybe is None else q.maybe | shorter)


def _mentions_thread(ref: ir.TileRef) -> bool:
    return any(exprs.mentions_thread(e) for e in exprs.ref_terms(ref))

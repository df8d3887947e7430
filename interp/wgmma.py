"""wgmma's asynchrony on the interpreter: each thread's wgmmas issued since its last commit and
its committed groups still pending, each with the shared addresses its operands cover; touching
a pending accumulator (or writing an address a pending wgmma reads) is reported where it
happens. Shares no code with encode/wgmma_rule.py."""
from __future__ import annotations

import math

import numpy as np

from dsl import exprs, ir


class WgmmaGroups:
    def __init__(self, block, threads: int):
        self.bx = block
        # per thread: (wgmma statement, {operand tensor: the addresses it reads}) not yet committed
        self.open = [[] for _ in range(threads)]
        self.groups = [[] for _ in range(threads)]     # per thread: committed groups, oldest first

    def _pending(self, t: int):
        yield from self.open[t]
        for g in self.groups[t]:
            yield from g

    def _written(self, s, active) -> tuple[np.ndarray, np.ndarray]:
        """(thread, address) of each element of shared memory that statement s writes."""
        bx = self.bx
        if isinstance(s, ir.TmaLoad):       # its issuing thread moves the whole tile
            shape = bx.shape_of(exprs.tile_shape(s.dst))
            n = math.prod(shape)
            who = active.nonzero()[0]
            thr = np.repeat(who, n).astype(np.int64)
            elem = np.tile(np.arange(n), len(who))
        elif isinstance(s, ir.Copy):
            shape = bx.shape_of(exprs.tile_shape(s.dst))
            thr, elem = bx.pairs(s.layout, shape, active)
        else:
            reg = bx.regs.get(s.src)
            if reg is None:
                return np.zeros(0, np.int64), np.zeros(0, np.int64)
            shape = reg.values.shape
            thr, elem = bx.pairs(s.layout if s.layout is not None else reg.t.layout, shape, active)
        tile = np.unravel_index(elem, shape) if shape else ()
        ok, addr = _offsets(bx.mem.buffers[s.dst.tensor], bx.full_coords(s.dst, tile, thr), len(thr))
        return thr[ok], addr

    def issue(self, s: ir.Mma, active) -> None:
        g = 1
        if s.target.layout is not None and s.target.layout.name == "wgmma_m64nNk16":
            g = exprs.fold(dict(s.target.layout.args).get("warpgroups", ir.IntLit(1)), self.bx.I.consts)
        who = active.nonzero()[0]
        if len(who) != 128 * g or (len(who) and int(who[-1]) != 128 * g - 1):
            odd = sorted(set(int(t) for t in who) ^ set(range(128 * g)))[0]
            self.bx.violation("SYNC", f"the wgmma is run by {len(who)} threads, not threads 0..{128 * g - 1}; "
                              f"thread {odd} differs", odd)
        reads = {r.tensor: self._addresses(r) for r in s.shared}
        for t in active.nonzero()[0]:
            self.open[t].append((s, reads))

    def _addresses(self, ref: ir.TileRef) -> np.ndarray:
        """The addresses of the elements of the box `ref` inside its buffer, read alike by every
        thread (one that names the thread: the whole buffer)."""
        bx = self.bx
        buf = bx.mem.buffers[ref.tensor]
        if any(exprs.mentions_thread(sub.at if isinstance(sub, ir.Index) else sub.start) for sub in ref.subs):
            return np.arange(buf.layout.offsets.size)
        shape = bx.shape_of(exprs.tile_shape(ref))
        n = math.prod(shape)
        tile = np.unravel_index(np.arange(n), shape) if shape else ()
        return _offsets(buf, bx.full_coords(ref, tile, np.zeros(n, np.int64)), n)[1]

    def _aligned(self, active, what: str) -> None:
        """wgmma_commit and wgmma_wait are run by whole warpgroups or not at all."""
        for start in range(0, len(active), 128):
            group = active[start:start + 128]
            if group.any() and not group.all():
                odd = start + int(np.flatnonzero(~group)[0])
                self.bx.violation("SYNC", f"{what} is run by {int(group.sum())} threads of the warpgroup of "
                                  f"threads {start}..{start + len(group) - 1}; thread {odd} does not run it", odd)
                return

    def commit(self, active) -> None:
        self._aligned(active, "wgmma_commit")
        for t in active.nonzero()[0]:
            self.groups[t].append(self.open[t])
            self.open[t] = []

    def wait(self, active, n: int) -> None:
        self._aligned(active, "wgmma_wait")
        for t in active.nonzero()[0]:
            self.groups[t] = self.groups[t][len(self.groups[t]) - n:] if n else []

    def before(self, s, active) -> None:
        """Report s touching what a wgmma still pending in an executing thread uses."""
        if isinstance(s, ir.Load) and s.wgmma:
            return
        regs, mem = _touched(s)
        if not regs and not mem:
            return
        for t in active.nonzero()[0]:
            for w, _ in self._pending(int(t)):
                acc = w.target.name
                if isinstance(s, ir.Mma) and s.shared and s.c == acc and s.target.name == acc:
                    continue
                if acc in regs:
                    self.bx.violation("ASYNC", f"thread {int(t)} touches '{acc}' while the wgmma at line "
                                      f"{w.span.line} that produces it is pending", int(t), other_line=w.span.line)
                    return
        if not mem:
            return
        # a write by any running thread into what a wgmma of any thread may still read (the
        # warpgroup reads until each of its threads' retiring wait)
        written = None
        for t in range(len(self.open)):
            for w, reads in self._pending(t):
                if not mem & set(reads):
                    continue
                if written is None:
                    written = self._written(s, active)
                thr, addr = written
                hit = np.isin(addr, reads[s.dst.tensor])
                if hit.any():
                    u = int(thr[np.flatnonzero(hit)[0]])
                    who = "its own" if u == t else f"thread {t}'s"
                    self.bx.violation("WAR", f"thread {u} writes '{s.dst.tensor}' where {who} wgmma at line "
                                      f"{w.span.line} may still read it", u, other_line=w.span.line)
                    return


def _offsets(buf, coords, n: int) -> tuple[np.ndarray, np.ndarray]:
    """(which of the n coordinates lie inside the buffer, their addresses): one outside is the
    BOUND rule's, not an address."""
    ok = np.all([(c >= 0) & (c < m) for c, m in zip(coords, buf.shape)], axis=0) if coords else np.ones(n, bool)
    flat = np.ravel_multi_index(tuple(c[ok] for c in coords), buf.shape) if buf.shape else \
        np.zeros(int(ok.sum()), np.int64)
    return ok, buf.layout.offsets.reshape(-1)[flat]


def _touched(s) -> tuple[set, set]:
    if isinstance(s, ir.Mma):
        return {s.a, s.b, s.c, s.target.name}, set()
    if isinstance(s, ir.Compute):
        return exprs.free_syms(s.value, ir.SymKind.TENSOR) | {s.target.name}, set()
    if isinstance(s, (ir.Zeros, ir.Load)):
        return {s.target.name}, set()
    if isinstance(s, ir.Store):
        return {s.src}, {s.dst.tensor}
    if isinstance(s, (ir.Copy, ir.TmaLoad)):
        return set(), {s.dst.tensor}
    return set(), set()

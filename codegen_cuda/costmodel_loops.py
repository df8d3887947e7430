"""How the cost model's walk reads a kernel's loops (costmodel_work.py): the trip count
(over the grid where it depends on the block index), whether an iteration waits for the
global data it loads, and how many iterations cp.async keeps in flight
(docs/COSTMODEL.md, "Work" and "Latency on the critical path").
"""
from __future__ import annotations

import math

from dsl import exprs, ir

from .costmodel_access import ThreadDependent, value
from .plan import tile_operands

GRID_SAMPLE = 4096                    # blocks a block-dependent trip count is averaged over, at most


def whole_number(x: float) -> float:
    return int(x) if x == int(x) else x


class LoopRules:
    """Mixed into the walker: reads self.plan, self.env, self.geo, self.em, self.grid,
    self.longest, and sets self.uneven."""

    def trips(self, s: ir.For) -> int | float:
        """The loop's trip count. Where its bounds depend on the block index (a triangular
        loop), the mean over the grid's blocks, or the largest when walking the longest block;
        grids of more than GRID_SAMPLE such blocks are sampled evenly."""
        if not (exprs.mentions_block(s.start) or exprs.mentions_block(s.stop)):
            return max(0, value(s.stop, self.env) - value(s.start, self.env))
        self.uneven = True
        names = sorted({n.which.value for b in (s.start, s.stop) for n in exprs.iter_nodes(b)
                        if isinstance(n, ir.BuiltinRef) and n.which.value.startswith("block.")})
        extents = [self.grid["xyz".index(n[-1])] for n in names]
        total = math.prod(extents)
        picks = range(total) if total <= GRID_SAMPLE else (i * total // GRID_SAMPLE for i in range(GRID_SAMPLE))
        counts = []
        for flat in picks:
            env = dict(self.env)
            for n, e in zip(names, extents):
                env[n], flat = flat % e, flat // e
            counts.append(max(0, value(s.stop, env) - value(s.start, env)))
        return max(counts) if self.longest else whole_number(sum(counts) / len(counts))

    def waits_for_global(self, body) -> bool:
        """Does each iteration wait for global data it loads? Only then are its loads on the
        block's critical path once per iteration (otherwise they join the enclosing phase):
        a barrier or wait_group after global reads, or a use of a tile loaded from global."""
        stmts = list(ir.walk(body))
        reads = [t for t in stmts if isinstance(t, (ir.Copy, ir.Load)) and not self.geo.is_shared(t.src.tensor)]
        if not reads:
            return False
        if any(isinstance(t, (ir.Barrier, ir.WaitGroup)) for t in stmts):
            return True
        loaded = {t.target.name for t in reads if isinstance(t, ir.Load)}
        used = set()
        for t in stmts:
            if isinstance(t, ir.Mma):
                used |= {t.a, t.b, t.c}
            elif isinstance(t, ir.Compute):
                used |= {n for n, _ in tile_operands(t.value)}
            elif isinstance(t, ir.Store):
                used.add(t.src)
        return bool(loaded & used)

    def overlap(self, body) -> int:
        """Iterations a load issued in this loop has before it is used: `wait_group n` with
        one commit per iteration leaves the n newest groups in flight; 0 without cp.async."""
        waits = [s for s in body if isinstance(s, ir.WaitGroup)]
        asyncs = [s for s in ir.walk(body) if isinstance(s, ir.Copy) and id(s) in self.em.wide_copies
                  and self.em.wide_copies[id(s)] == "cp_async16"]
        commits = [s for s in body if isinstance(s, ir.Commit)]
        if not waits or not asyncs or len(commits) != 1:
            return 0
        try:
            return max(0, min(value(w.pending, self.env) for w in waits))
        except ThreadDependent:
            return 0

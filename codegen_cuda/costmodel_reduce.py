"""The cost of reductions (docs/COSTMODEL.md, "Work"): one lowered in parallel (per-thread
partials, butterflies, shared partials: reduce_lower.py) and a serial loop over a forwarded
global operand, a chain of round trips on the block's path. A mixin of costmodel_work's
walker: `self.plan`, `self.em`, `self.loops` and `self.operand` are the walker's."""
from __future__ import annotations

import math

from dsl import ir

from .costmodel_access import WARP
from .costmodel_counts import Counts, LoopCost, ops
from .plan import cross_thread_reads, tile_operands

REDUCE_UNROLL = 16                    # elements of a serial reduction loop LLVM unrolls (the SASS: 16 loads, then 16 ops)


class ReductionCosts:
    def serial_reduction(self, s: ir.Compute, mult: float) -> None:
        """A reduction the lowering writes as a loop over a forwarded global operand
        (`for _k in range(n): _r = _r + X[...]`, not a warp shuffle): LLVM unrolls it by
        REDUCE_UNROLL and issues those loads together, and each unrolled step waits for them
        before the next (the running value depends on them), so every step is one round trip
        on the block's path, once per value of the thread."""
        if id(s) in self.em.shuffles or id(s) in self.plan.reductions:
            return                                   # own values, shuffles, shared partials: no chain
        t = self.plan.tiles[s.target.name]
        n = 0
        for name, under in tile_operands(s.value):
            load = self.plan.forward_of(s, name)
            if under and load is not None and not self.geo.is_shared(load.src.tensor):
                n = max(n, math.prod(self.plan.tiles[name].shape) // max(1, math.prod(t.shape)))
        if n <= 1:
            return
        # the first step's wait is the forwarded load's, already a round trip (or an
        # iteration of the enclosing loop that waits for it)
        steps = mult * (t.dist.values * math.ceil(n / REDUCE_UNROLL) - 1)
        if steps <= 0:
            return
        old = self.loops.get(id(s))
        work = Counts(fp32_ops=min(n, REDUCE_UNROLL) * min(t.dist.active_threads, math.prod(t.shape)))
        self.loops[id(s)] = LoopCost(f"{t.name}:reduce", steps + (old.iterations if old else 0), 0, 0, work)

    def parallel(self, s: ir.Compute, c: Counts) -> None:
        """A reduction lowered in parallel (reduce_lower.py, docs/COSTMODEL.md)."""
        r = self.plan.reductions[id(s)]
        d, t = self.plan.tiles[r.source].dist, self.plan.tiles[s.target.name].dist
        arg = r.node.args[0]
        alu, sfu = ops(arg)
        everything = ops(s.value)
        n_src, n_out = d.values * d.active_threads, t.values * t.active_threads
        c.fp32_ops += n_src * (alu + 1) + n_out * (everything[0] - alu)
        c.sfu_ops += n_src * sfu + n_out * (everything[1] - sfu)
        c.flops += n_src * (alu + sfu + 1) + n_out * (sum(everything) - alu - sfu)
        slots = len(r.form.slots)
        c.fp32_ops += d.active_threads * slots * (r.form.width.bit_length() - 1)
        warps_src, warps_out = -(-d.active_threads // WARP), -(-t.active_threads // WARP)
        c.wavefronts += warps_src * slots + warps_out * r.form.parts * t.values
        _, other = cross_thread_reads(self.plan, s)
        lanes = range(min(WARP, d.active_threads))
        for name in dict.fromkeys(other):
            row = [tuple(0 for _ in self.plan.tiles[name].shape) for _ in lanes]
            self.operand(s, name, row, c, d.values * warps_src)

"""The model's estimate of registers per thread (docs/COSTMODEL.md, "Registers"), read off
the code the lowering emits: which register tiles are live at once, and the per-value
index arithmetic the compiler keeps live beside them.

The lowering writes every tile statement as a loop over the thread's values
(`for _v in range(V): _e = _tid + _v * T; _i0 = _e // C; _i1 = _e % C; ...`). LLVM unrolls
those loops, computes each value's indices once for all the statements that share the
distribution (common subexpressions), and hoists them out of serial loops (they depend on
the thread and the value only), so they stay live from the first such statement to the
last, and across any loop that holds one. Numba computes indices in 64 bits: each value
keeps one 64-bit index per dimension and a 64-bit address, 2 * (rank + 1) registers; only
the indices (2 * rank) where every use is inside loops, whose addresses move with the loop.
A kernel that resizes its warps' registers (setmaxnreg) is compiled to the launch bounds'
whole share of the register file.
"""
from __future__ import annotations

import math

from dsl import ir

from . import vector
from .plan import Plan, cross_thread_reads, statement_dist, tile_operands
from .distribute import same as same_dist

REGISTER_GRANULE = 8          # ptxas allocates per-thread registers in multiples of 8 under launch bounds


def estimate(plan: Plan, em, target, fragments: int = 0) -> int:
    """Registers per thread: the target's fixed overhead, plus the most that are live at any
    statement (register tiles, shared per-value indices, register-blocked operands), plus the
    tensor-core fragments of one k step (`fragments`), of two where a tile has two k steps or
    more; not capped at the target's limit (what is over it spills to local memory)."""
    cap = target.registers_per_thread
    if any(isinstance(s, ir.SetMaxNReg) for s in ir.walk(plan.kernel.body)):
        warps = -(-plan.kernel.threads // target.warp_size)
        share = target.perf.registers_per_sm // (warps * target.warp_size)
        return min(cap, share // REGISTER_GRANULE * REGISTER_GRANULE)
    live = _Liveness(plan, em, target)
    live.walk(plan.kernel.body, ())
    regs = target.register_overhead + live.peak() + fragments * _fragment_sets(plan, em)
    if _loops(plan, em):       # ptxas unrolls and batches loads up to full occupancy's budget
        regs = max(regs, target.perf.registers_per_sm // target.perf.max_threads_per_sm)
    return regs


def _fragment_sets(plan: Plan, em) -> int:
    """k steps whose tensor-core fragments are live at once: the lowering's loop over the
    16-wide k steps of a tile has a constant trip count, LLVM unrolls it, and the next
    step's ldmatrix is issued while the current step's mma run (two sets when a tile has
    two or more steps)."""
    steps = [plan.tiles[s.a].shape[1] // 16 for s in ir.walk(plan.kernel.body)
             if isinstance(s, ir.Mma) and id(s) in em.tensor_core]
    return 2 if any(n >= 2 for n in steps) else 1


def _loops(plan: Plan, em) -> bool:
    """Does the emitted code hold a loop: a serial `for`, or a reduction the lowering writes
    as a loop over the reduced elements (not a warp shuffle)?"""
    for s in ir.walk(plan.kernel.body):
        if isinstance(s, ir.For):
            return True
        if isinstance(s, ir.Compute) and id(s) not in em.shuffles and id(s) not in plan.reductions and any(
                under for _, under in tile_operands(s.value)):
            return True
    return False


class _Liveness:
    def __init__(self, plan: Plan, em, target):
        self.plan, self.em, self.target = plan, em, target
        self.pos = 0
        self.loops: dict[int, tuple[int, int]] = {}     # loop statement -> (first, last) position
        self.refs: dict[str, list[tuple[int, tuple]]] = {}     # tile -> (position, enclosing loops)
        self.index: dict[tuple, list[tuple[int, tuple]]] = {}  # (layout, shape) -> uses
        self.cost: dict[tuple, tuple[int, int]] = {}   # key -> (rank, indices per thread)
        self.transient: dict[int, int] = {}              # position -> registers needed there only

    def walk(self, stmts, loops: tuple) -> None:
        for s in stmts:
            match s:
                case ir.For(body=body):
                    first = self.pos
                    self.walk(body, loops + (id(s),))
                    self.loops[id(s)] = (first, max(first, self.pos - 1))
                case ir.If(then=then, orelse=orelse):
                    self.walk(then, loops)
                    self.walk(orelse, loops)
                case _:
                    self.stmt(s, loops)
                    self.pos += 1

    def stmt(self, s, loops: tuple) -> None:
        tiles = self.plan.tiles
        names: list[str] = []
        match s:
            case ir.Zeros(target=t) | ir.Load(target=t):
                names.append(t.name)
            case ir.Compute(target=t, value=v):
                names += [t.name] + [n for n, _ in tile_operands(v)]
                if id(s) in self.plan.reductions:    # a partial per slot, and each one's shuffled value
                    self.transient[self.pos] = 2 * len(self.plan.reductions[id(s)].form.slots)
            case ir.Mma(target=t, a=a, b=b, c=c):
                names += [t.name, a, b, c]
                if id(s) in self.em.blocked:            # one k step's A and B values
                    dr, dc = self.em.blocked[id(s)]
                    self.transient[self.pos] = len(set(dr)) + len(set(dc))
            case ir.Store(src=src):
                names.append(src)
        for n in names:
            if n in tiles and tiles[n].needs_array:
                self.refs.setdefault(n, []).append((self.pos, loops))
        if self.indexed(s):
            d = statement_dist(self.plan, s)
            key = (d.tv, d.shape)
            self.index.setdefault(key, []).append((self.pos, loops))
            self.cost[key] = (len(d.shape), -(-d.values // self.vector(s)))

    def vector(self, s) -> int:
        """Elements per index: a 16-byte copy (cp.async, ld.global.v4) computes one per vector."""
        if isinstance(s, ir.Copy) and self.em.wide_copies.get(id(s)):
            return vector.vector_width(self.plan.shared[s.dst.tensor].dtype)
        return 1

    def indexed(self, s) -> bool:
        """Does the statement compute an index per value (an address, or a coordinate another
        thread's value is read at)? Only statements over more than one value per thread count."""
        tiles = self.plan.tiles
        if not isinstance(s, (ir.Load, ir.Store, ir.Copy, ir.Compute)):
            return False
        try:
            d = statement_dist(self.plan, s)
        except KeyError:
            return False
        if d.values <= 1:
            return False
        if isinstance(s, ir.Load):
            t = tiles[s.target.name]
            return t.needs_array or t.materialise
        if isinstance(s, ir.Compute) and id(s) in self.plan.reductions:
            # the argument's own values in registers; indices only for reads across threads
            return tiles[s.target.name].materialise or bool(cross_thread_reads(self.plan, s)[1])
        if isinstance(s, ir.Compute):
            t = tiles[s.target.name]
            return t.materialise or any(under or not same_dist(tiles[n].dist, t.dist) or not tiles[n].needs_array
                                        for n, under in tile_operands(s.value) if n in tiles)
        return True

    def span(self, uses: list[tuple[int, tuple]], hoist: bool) -> tuple[int, int]:
        """First and last position a value is live at: from its first to its last use,
        widened over every loop that holds a use when uses lie outside it (or, for hoisted
        index arithmetic, over the outermost loop that holds one)."""
        lo, hi = min(p for p, _ in uses), max(p for p, _ in uses)
        changed = True
        while changed:
            changed = False
            for _, loops in uses:
                for i, lp in enumerate(loops):
                    a, b = self.loops.get(lp, (lo, hi))
                    if (hoist and i == 0) or not (a <= lo and hi <= b):
                        if a < lo or b > hi:
                            lo, hi, changed = min(lo, a), max(hi, b), True
        return lo, hi

    def peak(self) -> int:
        at = [self.transient.get(p, 0) for p in range(self.pos)] or [0]
        for n, uses in self.refs.items():
            t = self.plan.tiles[n]
            regs = math.ceil(t.dist.values * t.dtype.nbytes / self.target.register_bytes)
            lo, hi = self.span(uses, hoist=False)
            for p in range(lo, hi + 1):
                at[p] += regs
        for key, uses in self.index.items():
            if len(uses) < 2 and not uses[0][1]:
                continue                     # one statement outside loops: computed and used at once
            lo, hi = self.span(uses, hoist=True)
            rank, n = self.cost[key]
            # 64-bit indices, and the 64-bit address too unless every use is in a loop
            # (hoisted out of it, where the address still moves with the loop variable)
            words = rank + (0 if all(loops for _, loops in uses) else 1)
            for p in range(lo, hi + 1):
                at[p] += 2 * words * n
        return max(at)

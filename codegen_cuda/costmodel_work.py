"""The work one block of a kernel does, counted on the code the lowering emits: tensor-core
and FP32-pipe operations, shared-memory wavefronts, global sectors and bytes per tensor,
and, for each loop that reads global memory, its trip count and how many iterations of
cp.async pipelining cover a load's latency (docs/COSTMODEL.md, "Work").
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from dsl import exprs, ir

from . import tma_tensor, vector
from .costmodel_access import SECTOR, WARP, Geometry, ThreadDependent, sectors, value, wavefronts
from .costmodel_counts import Counts, LoopCost, ops
from .costmodel_loops import LoopRules, whole_number
from .costmodel_reduce import ReductionCosts
from .emit import Emitter
from .plan import Plan, fold, statement_dist, tile_operands
from .distribute import same as same_dist

MMA_FLOPS = 2 * 16 * 8 * 16          # one mma.sync m16n8k16
UNROLL_LIMIT = 1024                   # loops longer than this are counted from one iteration


@dataclass
class Work:
    block: Counts                    # the mean block of the grid
    loops: list[LoopCost]
    rounds: float                    # global round trips outside pipelined loops
    fragment_registers: int          # tensor-core operand fragments of one k step
    peak: "Work | None" = None       # the longest block, where loop trip counts depend on the block


def count(plan: Plan, env: dict[str, int], target) -> Work:
    """The mean block's work and, when a loop's trip count depends on the block index, the
    longest block's (every such loop at its largest trip count over the grid)."""
    em = Emitter(plan)
    frags = sum(4 * len({r for r, _ in g}) + 2 * len({c for _, c in g}) for g in em.tensor_core.values())
    walks = []
    for longest in (False, True):
        w = _Walker(plan, env, target, em, longest)
        w.block(plan.kernel.body, 1, w.total)
        w.flush(w.total, 1)
        walks.append(Work(w.total, list(w.loops.values()), whole_number(w.rounds), frags))
        if not w.uneven:
            break
    return replace(walks[0], peak=walks[1] if len(walks) > 1 else None)


class _Walker(LoopRules, ReductionCosts):
    def __init__(self, plan: Plan, env: dict[str, int], target, em: Emitter, longest: bool = False):
        self.plan, self.env, self.target = plan, dict(env), target
        self.em = em
        self.longest = longest           # walk the grid's longest block instead of its mean
        self.uneven = False              # a loop's trip count depends on the block index
        self.grid = [value(g, env) for g in plan.kernel.grid] + [1] * (3 - len(plan.kernel.grid))
        self.geo = Geometry(plan, self.env, target)
        self.total = Counts()
        self.loops: dict[int, LoopCost] = {}     # by loop statement, summed over its executions
        self.rounds = 0
        self.pending = False             # a global read since the last barrier (outside loops)
        self.pipelined = 0               # depth of loops that read global memory
        self.cache: dict[int, Counts] = {}

    # ------------------------------------------------------------ control flow
    def block(self, stmts, mult: float, into: Counts) -> None:
        for s in stmts:
            match s:
                case ir.For():
                    self.loop(s, mult, into)
                case ir.If(cond=c, then=then, orelse=orelse):
                    try:
                        taken = value(c, self.env)
                        self.block(then if taken else orelse, mult, into)
                    except ThreadDependent:      # divergent lanes run both sides
                        self.block(then, mult, into)
                        self.block(orelse, mult, into)
                case ir.Barrier():
                    self.flush(into, mult)
                case _:
                    into.add(self.stmt(s), mult)
                    if isinstance(s, ir.Compute):
                        self.serial_reduction(s, mult)

    def flush(self, into: Counts, mult: float) -> None:
        """A barrier after global reads ends one round trip (loops that read global memory
        are charged their latency per iteration instead, LoopCost)."""
        if self.pending and not self.pipelined:
            self.rounds += int(mult)
        self.pending = False

    def loop(self, s: ir.For, mult: float, into: Counts) -> None:
        start = value(s.start, self.env)
        trips = self.trips(s)
        reads = self.waits_for_global(s.body)
        overlap = self.overlap(s.body) if reads else 0
        self.pipelined += reads
        first, inner, rounds = Counts(), dict(self.loops), self.rounds
        walked = trips if isinstance(trips, int) and trips <= UNROLL_LIMIT else min(math.ceil(trips), 1)
        for i in range(walked):
            self.env[s.var] = start + i
            part = Counts()
            self.block(s.body, 1, part)
            into.add(part, mult)
            if i == 0:
                first = part
        if walked != trips:          # the other iterations repeat the first one's counts
            into.add(first, mult * (trips - 1))
            self.rounds += (self.rounds - rounds) * (trips - 1)
            for key, lc in list(self.loops.items()):
                old = inner.get(key)
                di, de = lc.iterations - (old.iterations if old else 0), lc.executions - (old.executions if old else 0)
                self.loops[key] = replace(lc, iterations=lc.iterations + di * (trips - 1),
                                          executions=lc.executions + de * (trips - 1))
        self.env.pop(s.var, None)
        self.pipelined -= reads
        if reads:
            self.pending = False
        if reads and trips:
            old = self.loops.get(id(s))
            self.loops[id(s)] = LoopCost(s.var, int(mult) * trips + (old.iterations if old else 0),
                                         int(mult) + (old.executions if old else 0), overlap,
                                         old.per_iteration if old else first)

    # ------------------------------------------------------------ statements
    def stmt(self, s: ir.Stmt) -> Counts:
        if isinstance(s, (ir.Copy, ir.Load, ir.TmaLoad)) and not self.geo.is_shared(s.src.tensor):
            self.pending = True
        if id(s) not in self.cache:
            c = Counts()
            match s:
                case ir.Copy():
                    self.copy(s, c)
                case ir.Load():
                    self.load(s, c)
                case ir.Store():
                    self.store(s, c)
                case ir.Mma():
                    self.mma(s, c)
                case ir.Compute():
                    self.compute(s, c)
                case ir.Zeros(target=t):
                    d = self.plan.tiles[t.name].dist
                    c.fp32_ops += d.values * d.active_threads
                case ir.TmaLoad():
                    self.bulk(s, c)
            self.cache[id(s)] = c
        return self.cache[id(s)]

    def side(self, ref: ir.TileRef, d, vec: int, c: Counts, write: bool, flip: bool = False) -> None:
        """One side (source or destination) of a tile statement over its distribution."""
        if ref.tensor in self.plan.tiles and ref.tensor not in self.plan.shared:
            return                                   # a register tile: no memory traffic
        origin = self.geo.origin(ref)
        width = vec * self.geo.dtype(ref.tensor).nbytes
        shared = self.geo.is_shared(ref.tensor)
        for w0 in range(0, d.active_threads, WARP):
            for v in range(0, d.values, vec):
                addrs = []
                for t in range(w0, min(w0 + WARP, d.active_threads)):
                    e = d.concrete(t, v)
                    if e is not None:
                        xy = d.coords(e)
                        addrs.append(self.geo.address(ref, origin, xy[::-1] if flip else xy))
                self.charge(ref.tensor, shared, addrs, width, c, write)

    def charge(self, tensor: str, shared: bool, addrs, width: int, c: Counts, write: bool, k: float = 1.0):
        """Charge one warp access: `addrs` holds one byte address per active lane (None where
        the address depends on the thread: then the access is taken as contiguous)."""
        lanes = len(addrs)
        if not lanes:
            return
        unknown = any(a is None for a in addrs)
        if shared:
            c.wavefronts += k * (math.ceil(lanes * width / self.target.bank_phase_bytes) if unknown
                                 else wavefronts(addrs, width, self.target))
            return
        c.sectors += k * (math.ceil(lanes * width / SECTOR) if unknown else sectors(addrs, width))
        c.useful_bytes += k * lanes * width
        book = c.written if write else c.read
        book[tensor] = book.get(tensor, 0.0) + k * lanes * width

    def copy(self, s: ir.Copy, c: Counts) -> None:
        d = statement_dist(self.plan, s)
        kind = self.em.wide_copies.get(id(s))
        vec = vector.vector_width(self.plan.shared[s.dst.tensor].dtype) if kind else 1
        self.side(s.src, d, vec, c, write=False)
        self.side(s.dst, d, vec, c, write=True)

    def bulk(self, s: ir.TmaLoad, c: Counts) -> None:
        """A bulk copy: the copy engine reads whole contiguous rows (full sectors) and writes
        shared memory without lanes, so no wavefronts are charged. Its instructions are
        one per tile in the tensor-map form, else one per row (16-byte chunk when swizzled)
        as codegen_cuda/mbar_lower.py issues them."""
        shape = [fold(x, self.plan.consts) for x in exprs.tile_shape(s.dst)]
        n = math.prod(shape)
        nbytes = n * self.geo.dtype(s.src.tensor).nbytes
        buf = self.plan.shared[s.dst.tensor]
        if tma_tensor.tensor_box(self.plan, s, self.em.sizes)[0] is not None:
            c.bulk_ops += 1
        elif buf.swizzle is not None or buf.layout is not None:
            c.bulk_ops += nbytes / 16
        else:
            c.bulk_ops += n / shape[-1]
        c.sectors += nbytes / SECTOR
        c.useful_bytes += nbytes
        c.read[s.src.tensor] = c.read.get(s.src.tensor, 0.0) + nbytes

    def load(self, s: ir.Load, c: Counts) -> None:
        tile = self.plan.tiles[s.target.name]
        if tile.needs_array:
            self.side(s.src, tile.dist, 1, c, write=False, flip=s.transpose)
        self.write_through(tile, c)

    def write_through(self, tile, c: Counts) -> None:
        if tile.materialise:
            buf = f"{tile.name}__s"
            self.side(_whole(buf, tile.shape), tile.dist, 1, c, write=True)

    def store(self, s: ir.Store, c: Counts) -> None:
        d = statement_dist(self.plan, s)
        src = self.plan.tiles[s.src]
        if d != src.dist and src.materialise:
            self.side(_whole(f"{src.name}__s", src.shape), d, 1, c, write=False)
        self.side(s.dst, d, 1, c, write=True)

    # ------------------------------------------------------------ arithmetic
    def mma(self, s: ir.Mma, c: Counts) -> None:
        tiles = self.plan.tiles
        t, a = tiles[s.target.name], tiles[s.a]
        kk = a.shape[1]
        d = t.dist
        warps = -(-d.active_threads // WARP)
        c.flops += 2 * math.prod(t.shape) * kk
        if id(s) in self.em.wgmmas:
            # the warpgroup MMA: all of it on the tensor cores, operands read by the MMA unit
            # straight from shared memory (no LDS wavefronts)
            c.tensor_flops += 2 * math.prod(t.shape) * kk
        elif id(s) in self.em.tensor_core:
            groups = self.em.tensor_core[id(s)]
            steps = kk // 16
            c.tensor_flops += MMA_FLOPS * len(groups) * warps * steps
            self.ldmatrix(s, groups, c, warps * steps)
        elif id(s) in self.em.blocked:
            dr, dc = self.em.blocked[id(s)]
            c.fp32_ops += d.values * d.active_threads * kk
            k = warps * kk
            for r in sorted(set(dr)):
                self.operand(s, s.a, [(_rc(d, t_, 0)[0] + r, 0) for t_ in range(min(WARP, d.active_threads))], c, k)
            for col in sorted(set(dc)):
                self.operand(s, s.b, [(0, _rc(d, t_, 0)[1] + col) for t_ in range(min(WARP, d.active_threads))], c, k)
        else:
            c.fp32_ops += d.values * d.active_threads * kk
            k = warps * kk * d.values
            lanes = range(min(WARP, d.active_threads))
            self.operand(s, s.a, [(_rc(d, t_, 0)[0], 0) for t_ in lanes], c, k)
            self.operand(s, s.b, [(0, _rc(d, t_, 0)[1]) for t_ in lanes], c, k)
        self.write_through(t, c)

    def ldmatrix(self, s: ir.Mma, groups, c: Counts, k: float) -> None:
        """Wavefronts of the ldmatrix loads of warp 0 at the first 16-wide k step."""
        rows = sorted({r for r, _ in groups})
        cols = sorted({col for _, col in groups})
        for r in rows:                                   # ldmatrix.x4: four 8x8 A tiles
            self.operand(s, s.a, [(r + ln % 16, (ln // 16) * 8) for ln in range(WARP)], c, k, width=16)
        j = 0
        while j < len(cols):
            col = cols[j]
            if j + 1 < len(cols) and cols[j + 1] == col + 8:   # .x4.trans: two adjacent B tiles
                self.operand(s, s.b, [(ln % 16, col + (ln // 16) * 8) for ln in range(WARP)], c, k, width=16)
                j += 2
            else:                                               # .x2.trans
                self.operand(s, s.b, [(ln % 16, col) for ln in range(16)], c, k, width=16)
                j += 1

    def operand(self, use, name: str, coords, c: Counts, k: float, width: int = 0) -> None:
        """A warp's read of register tile `name` at tile `coords` (one per lane), served the
        way the lowering serves it: from the forwarded load's source or the scratch copy."""
        tile = self.plan.tiles[name]
        load = self.plan.forward_of(use, name)
        if load is not None:
            ref, origin = load.src, self.geo.origin(load.src)
        elif tile.materialise:
            ref = _whole(f"{name}__s", tile.shape)
            origin = self.geo.origin(ref)
        else:
            return                                       # the lane's own registers
        width = width or self.geo.dtype(ref.tensor).nbytes
        addrs = [self.geo.address(ref, origin, xy) for xy in coords]
        self.charge(ref.tensor, self.geo.is_shared(ref.tensor), addrs, width, c, False, k)

    def compute(self, s: ir.Compute, c: Counts) -> None:
        if id(s) in self.plan.reductions:
            self.parallel(s, c)
            return
        t = self.plan.tiles[s.target.name]
        n = t.dist.values * t.dist.active_threads
        alu, sfu = ops(s.value)
        c.fp32_ops += n * alu
        c.sfu_ops += n * sfu
        c.flops += n * (alu + sfu)
        warps = -(-t.dist.active_threads // WARP)
        for name, under in tile_operands(s.value):
            src = self.plan.tiles[name]
            if same_dist(src.dist, t.dist) and not under:
                continue
            reads = src.dist.elements if under else t.dist.values
            c.fp32_ops += src.dist.elements if under else 0
            if id(s) in self.em.shuffles and under:
                load = self.plan.forward_of(s, name)     # own values, then shuffles: a forwarded
                if load is not None:                     # load's lanes read their values here
                    self.side(load.src, src.dist, 1, c, write=False)
                continue
            lanes = range(min(WARP, t.dist.active_threads))
            row = [tuple(0 for _ in src.shape) for _ in lanes]
            if under:
                k = math.ceil(reads / max(1, t.dist.active_threads)) * warps
                self.operand(s, name, row, c, k)
            else:
                crd = [t.dist.coords(t.dist.concrete(x, 0) or 0) for x in lanes]
                self.operand(s, name, crd if len(src.shape) == len(t.shape) else row, c, reads * warps)


def _rc(d, t: int, v: int) -> tuple[int, int]:
    e = d.concrete(t, v) or 0
    return divmod(e, d.shape[1])


def _whole(tensor: str, shape: tuple[int, ...]) -> ir.TileRef:
    return ir.TileRef(tensor, tuple(ir.Slice(ir.IntLit(0), ir.IntLit(n)) for n in shape))

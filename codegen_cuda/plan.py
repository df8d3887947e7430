"""What the lowering decides before it prints code: shared-memory carve-up, the
distribution of every register tile, and how each cross-thread read of a register tile
is served (forwarded to the load's source, codegen_cuda/forward.py, or materialised
through shared memory).

See docs/LOWERING.md, "Register tiles", for why forwarding is exact.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from dsl import exprs, ir
from encode.access import shared_layout
from encode.layout import Layout, Swizzle, cosize

from . import distribute as dist
from . import warp
from .cross_warp import Reduction, plan_reductions
from .forward import defines, forwardable
from .scalar import LoweringError

ALIGN = 16   # bytes; every shared buffer starts on a 16-byte boundary (vector copies)
SWIZZLE_ALIGN = 1024   # a swizzled one on a 1024-byte boundary, where the hardware's swizzles of
                       # absolute addresses (wgmma operands, tensor maps) agree with the buffer's


@dataclass
class SharedBuf:
    name: str
    dtype: ir.DType
    shape: tuple[int, ...]
    offset: int                   # bytes from the start of dynamic shared memory
    elems: int                    # elements the buffer spans (the layout's cosize)
    layout: Layout | None = None  # coordinate -> offset, when the allocation gives one
    swizzle: Swizzle | None = None
    scratch_for: str = ""         # the register tile this buffer materialises, if any
    partials_for: str = ""        # the register tile whose parallel reduction this buffer serves


@dataclass
class RegTile:
    name: str
    dtype: ir.DType
    shape: tuple[int, ...]
    dist: dist.Distribution
    materialise: bool = False
    needs_array: bool = False


@dataclass
class Plan:
    kernel: ir.Kernel
    consts: dict[str, int]
    shared: dict[str, SharedBuf] = field(default_factory=dict)
    tiles: dict[str, RegTile] = field(default_factory=dict)
    forwards: dict[tuple[int, str], ir.Load] = field(default_factory=dict)  # (id(use), tile) -> load
    reductions: dict[int, Reduction] = field(default_factory=dict)          # id(Compute) -> parallel form
    smem_bytes: int = 0

    def shape(self, ref_tensor: str) -> tuple[int, ...]:
        if ref_tensor in self.shared:
            return self.shared[ref_tensor].shape
        return self.tiles[ref_tensor].shape

    def forward_of(self, use: ir.Stmt, tile: str) -> ir.Load | None:
        return self.forwards.get((id(use), tile))


MBAR_SLOTS = 4      # int64 words per mbarrier: the hardware uses the first, the simulator all four


def fold(e: ir.Expr, consts: dict[str, int]) -> int:
    v = exprs.try_fold(e, consts)
    if v is None:
        raise LoweringError("expected a compile-time integer", e.span)
    return v


def tile_operands(e: ir.Expr, under_reduce: bool = False):
    """(name, under a reduction) for every register tile an elementwise expression reads."""
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            yield n, under_reduce
        case ir.Call(func=f, args=args) if f == "reshape" or (f in ("sum", "max", "min", "bcast")
                                                              and "axis" in dict(e.kwargs)):
            for a in args:   # a reduction, a broadcast or a reshape reads elements at other coordinates
                yield from tile_operands(a, True)
        case _:
            for c in exprs.children(e):
                yield from tile_operands(c, under_reduce)


def build(kernel: ir.Kernel, smem_limit: int | None = None, parallel: bool = True) -> Plan:
    """The plan of `kernel`. Reductions go parallel across warps where cross_warp.py allows
    (unless `parallel` is False), but not where their scratch takes the block's shared
    memory over `smem_limit` (by default the default target's per-block limit): then every
    reduction keeps the serial form."""
    if smem_limit is None:
        from encode.target import DEFAULT_TARGET, load_target
        smem_limit = load_target(DEFAULT_TARGET).shared_bytes_per_block
    plan = _build(kernel, parallel)
    if plan.reductions and plan.smem_bytes > smem_limit:
        plan = _build(kernel, parallel=False)
    return plan


def kernel_names(kernel: ir.Kernel, tiles) -> list[tuple[str, str]]:
    """(kind, name) of every name the kernel gives that the module binds: its tensors, sizes,
    constants, loop variables and register tiles (shared buffers are the plan's)."""
    return ([("tensor", q.name) for q in kernel.params] + [("size", n) for n in kernel.sizes]
            + [("constant", c.name) for c in kernel.consts]
            + [("loop variable", s.var) for s in ir.walk(kernel.body) if isinstance(s, ir.For)]
            + [("register tile", n) for n in tiles])


def _build(kernel: ir.Kernel, parallel: bool) -> Plan:
    consts = {c.name: c.value for c in kernel.consts}
    plan = Plan(kernel, consts)
    _collect(plan, kernel.body)
    if parallel:
        # the partials' buffer avoids every name of the kernel (module._distinct_names refuses a clash)
        taken = set(plan.shared) | {n for _, n in kernel_names(kernel, plan.tiles)} | {f"{n}__s" for n in plan.tiles}
        plan.reductions = plan_reductions(kernel.body, plan.tiles, consts, taken)
    _uses(plan, kernel.body, [])
    offset = 0
    for buf in plan.shared.values():
        align = SWIZZLE_ALIGN if buf.swizzle is not None else ALIGN
        offset = -(-offset // align) * align
        buf.offset = offset
        offset += buf.elems * buf.dtype.nbytes
    for t in plan.tiles.values():
        if t.materialise:
            offset = -(-offset // ALIGN) * ALIGN
            plan.shared[f"{t.name}__s"] = SharedBuf(f"{t.name}__s", t.dtype, t.shape, offset,
                                                   math.prod(t.shape), scratch_for=t.name)
            offset += math.prod(t.shape) * t.dtype.nbytes
    for r in plan.reductions.values():
        offset = -(-offset // ALIGN) * ALIGN
        n = r.form.parts * r.form.outputs
        plan.shared[r.buffer] = SharedBuf(r.buffer, r.acc, (n,), offset, n, partials_for=r.target)
        offset += n * r.acc.nbytes
    plan.smem_bytes = offset
    return plan


def _collect(plan: Plan, stmts) -> None:
    """Shared allocations and the distribution of every register tile."""
    k = plan.kernel
    for s in ir.walk(stmts):
        if isinstance(s, ir.Alloc):
            t = s.tensor
            shape = tuple(fold(d, plan.consts) for d in t.shape)
            buf = SharedBuf(t.name, t.dtype, shape, 0, math.prod(shape))
            if t.layout is not None and t.layout.kind == "swizzle":
                buf.swizzle = dist.swizzle_of(t.layout, plan.consts)
                # The swizzle moves offsets up as well as down where the tile's size is not a
                # multiple of the swizzled span: the buffer spans the largest swizzled offset,
                # as the verifier's (encode.access.SharedLayout.cosize, RES and BOUND).
                buf.elems = shared_layout(t, plan.consts).cosize
            elif t.layout is not None and t.layout.kind == "layout":
                lay = Layout(dist._ints(t.layout.shape, plan.consts),
                             dist._ints(t.layout.stride, plan.consts) if t.layout.stride is not None else None)
                modes = lay.shape if isinstance(lay.shape, tuple) else (lay.shape,)
                if len(modes) != len(shape) or any(math.prod(dist._flat(m)) != n for m, n in zip(modes, shape)):
                    raise LoweringError("a shared layout must have one mode per dimension of the tile, "
                                        "of the same extents", t.layout.span)
                buf.layout, buf.elems = lay, cosize(lay)
            plan.shared[t.name] = buf
        if isinstance(s, ir.MbarAlloc):   # MBAR_SLOTS int64 per mbarrier (codegen_cuda/ptx_mbar.py)
            n = fold(s.size, plan.consts) * MBAR_SLOTS
            plan.shared[s.name] = SharedBuf(s.name, ir.DType.I64, (n,), 0, n)
        target = getattr(s, "target", None)
        if isinstance(s, (ir.Zeros, ir.Load, ir.Mma, ir.Compute)):
            shape = tuple(fold(d, plan.consts) for d in target.shape)
            d = dist.of_spec(target.layout, shape, k.threads, plan.consts)
            old = plan.tiles.get(target.name)
            if old is not None and (not dist.same(old.dist, d) or old.dtype is not target.dtype):
                raise LoweringError(f"register tile '{target.name}' is redefined with another shape, dtype or "
                                    "distribution; give the new tile another name", s.span)
            if old is None:
                plan.tiles[target.name] = RegTile(target.name, target.dtype, shape, d)


def statement_dist(plan: Plan, s: ir.Stmt) -> dist.Distribution:
    """The distribution of the elements a statement produces (or, for store, writes)."""
    if isinstance(s, ir.Store):
        src = plan.tiles[s.src]
        return src.dist if s.layout is None else dist.of_spec(s.layout, src.shape, plan.kernel.threads, plan.consts)
    if isinstance(s, ir.Copy):
        shape = tuple(fold(x, plan.consts) for x in exprs.tile_shape(s.dst))
        return dist.of_spec(s.layout, shape, plan.kernel.threads, plan.consts)
    return plan.tiles[s.target.name].dist


def cross_thread_reads(plan: Plan, s: ir.Stmt) -> tuple[list[str], list[str]]:
    """(tiles read only at the reader's own elements, tiles read at other threads' elements).
    A reduction lowered in parallel reads its argument's tiles at their own elements."""
    own, other = [], []
    if id(s) in plan.reductions:
        _parallel_reads(plan, s.value, plan.reductions[id(s)], plan.tiles[s.target.name].dist, False, own, other)
        return own, other
    match s:
        case ir.Mma(a=a, b=b, c=c, target=t):
            other += [a, b]
            (own if dist.same(plan.tiles[c].dist, plan.tiles[t.name].dist) else other).append(c)
        case ir.Compute(value=v, target=t):
            for name, under in tile_operands(v):
                same = dist.same(plan.tiles[name].dist, plan.tiles[t.name].dist)
                (own if same and not under else other).append(name)
        case ir.Store(src=src):
            (own if dist.same(statement_dist(plan, s), plan.tiles[src].dist) else other).append(src)
    return own, other


def _parallel_reads(plan: Plan, e: ir.Expr, r, target, inside: bool, own: list, other: list) -> None:
    if e is r.node:
        _parallel_reads(plan, e.args[0], r, target, True, own, other)
        return
    match e:
        case ir.Sym(kind=ir.SymKind.TENSOR, name=n):
            (own if inside or dist.same(plan.tiles[n].dist, target) else other).append(n)
        case ir.Call(func=f) if f in ("bcast", "reshape", "sum", "max", "min"):
            other.extend(name for name, _ in tile_operands(e))
        case _:
            for c in exprs.children(e):
                _parallel_reads(plan, c, r, target, inside, own, other)


def _uses(plan: Plan, block, ancestors) -> None:
    for i, s in enumerate(block):
        path = ancestors + [(block, i)]
        if isinstance(s, ir.For):
            _uses(plan, s.body, path)
            continue
        if isinstance(s, ir.If):
            _uses(plan, s.then, path)
            _uses(plan, s.orelse, path)
            continue
        own, other = cross_thread_reads(plan, s)
        for name in own:
            plan.tiles[name].needs_array = True
        for name in other:
            load = forwardable(plan, path, name, statement_dist)
            if load is not None:
                plan.forwards[(id(s), name)] = load
            elif local_reduction(plan, s) == name or (warp_role(plan, _guards(path)) and shuffled(plan, s) == name):
                # each thread reduces only its own values (and, in a warp-uniform role branch,
                # a butterfly of shuffles combines a warp's lanes: no barrier, no scratch copy)
                plan.tiles[name].needs_array = True
            else:
                _materialise(plan, name)
        if isinstance(s, (ir.Zeros, ir.Mma, ir.Compute)):
            plan.tiles[s.target.name].needs_array = True


def _guards(path) -> list:
    """The conditions the statement at the end of `path` runs under (as with_guards has them)."""
    out = []
    for block, i in path[:-1]:
        s = block[i]
        out += [s.start, s.stop] if isinstance(s, ir.For) else [s.cond]
    return out


def warp_role(plan: Plan, guards) -> bool:
    """Whether some guard depends on the thread and every such guard is warp-uniform: a
    warp-specialised role branch, where warp-collective instructions may run but a block
    barrier may not."""
    from .uniform import warp_uniform
    mine = [g for g in guards if exprs.mentions_thread(g)]
    return bool(mine) and all(warp_uniform(g, plan.kernel.threads, plan.consts) for g in mine)


def _reduction(plan: Plan, s: ir.Stmt):
    """(x, axis, t) when `s` is `t = sum|max|min(x, axis=a)` of a bare tile x, else None."""
    match s:
        case ir.Compute(value=ir.Call(func=f, args=(ir.Sym(kind=ir.SymKind.TENSOR, name=x),), kwargs=kw),
                        target=t) if f in ("sum", "max", "min") and "axis" in dict(kw):
            return x, fold(dict(kw)["axis"], plan.consts), t.name
    return None


def shuffled(plan: Plan, s: ir.Stmt) -> str | None:
    """The tile `s` reduces, when a butterfly of shuffles over aligned lanes of one warp can
    do the reduction (codegen_cuda/warp.py)."""
    r = _reduction(plan, s)
    if r is not None and warp.butterfly_width(plan.tiles[r[0]].dist, r[1], plan.tiles[r[2]].dist):
        return r[0]
    return None


def local_reduction(plan: Plan, s: ir.Stmt) -> str | None:
    """The tile `s` reduces, when every thread holds the whole reduced axis of the one
    element of the result it owns (codegen_cuda/warp.py)."""
    r = _reduction(plan, s)
    if r is not None and warp.thread_local(plan.tiles[r[0]].dist, r[1], plan.tiles[r[2]].dist):
        return r[0]
    return None


def _materialise(plan: Plan, name: str) -> None:
    tile = plan.tiles[name]
    tile.materialise = tile.needs_array = True
    for s, guards in with_guards(plan.kernel.body, []):
        if defines(s, name) and any(exprs.mentions_thread(g) for g in guards):
            raise LoweringError(f"'{name}' is read across threads but defined under a thread-dependent "
                                "condition or loop bound; materialising it needs a barrier there", s.span)


def with_guards(block, guards):
    """(statement, the conditions it runs under): `if` conditions, and the bounds of the
    loops around it (a loop whose trip count depends on the thread diverges like an `if`)."""
    for s in block:
        yield s, guards
        if isinstance(s, ir.For):
            yield from with_guards(s.body, guards + [s.start, s.stop])
        elif isinstance(s, ir.If):
            yield from with_guards(s.then, guards + [s.cond])
            yield from with_guards(s.orelse, guards + [s.cond])

"""RES: shared memory, threads, registers and instructions against the target's limits.

Shared bytes are exact: the span of each buffer's layout, placed in declaration order on a
16-byte boundary (a swizzled one on a 1024-byte boundary, where the hardware's swizzle
patterns start), then 8 bytes per mbarrier; registers are an estimate: the largest sum,
over program points, of the values each thread holds of the register tiles live there,
plus a fixed overhead from the target file.
"""
from __future__ import annotations

import math

from dsl import exprs, ir

from . import regbudget
from .distribution import of_spec
from .findings import Finding
from .symbols import Unsupported

ALIGN = 16
SWIZZLE_ALIGN = 1024     # codegen_cuda/plan.py places a swizzled buffer the same way
MBARRIER_BYTES = 8       # one mbarrier object in shared memory (PTX: .b64, 8-byte aligned)


def check(ctx) -> None:
    t, k = ctx.target, ctx.kernel
    ctx.sink.obligation()
    if k.threads > t.max_threads_per_block:
        ctx.sink.finding(Finding("RES", k.threads_span, f"{k.threads} threads per block exceed the "
                                 f"{t.max_threads_per_block} of {t.name}", hint="use fewer threads per block"))
    _shared(ctx)
    try:
        _grid(ctx)
    except Unsupported as u:
        ctx.sink.unknown("RES", u.span or k.grid_span, u.reason)
    _instructions(ctx)
    regbudget.check(ctx)
    try:
        _registers(ctx)
    except Unsupported as u:
        ctx.sink.unknown("RES", u.span or k.span, u.reason)


def _grid(ctx) -> None:
    """A grid dimension over sizes must fit the launch limits at some allowed size (a constant
    one is the front end's E032): `grid (M / 32, N / 32)` with `assume N >= 4194304` cannot be
    launched at any size it claims correct (held-out round 22)."""
    from dsl.limits import MAX_GRID
    from .assumptions import holds_at_equal_sizes, names_input
    from .solver import Verdict as SV, find_model
    from .terms import And
    k, env = ctx.kernel, ctx.env
    plain = [f for f in env.facts if not names_input(f)]     # extents are of sizes alone
    for axis, extent in enumerate(k.grid):
        if exprs.try_fold(extent, env.consts) is not None:
            continue
        term = env.term(extent, {})
        if holds_at_equal_sizes(k, And(*plain, term <= MAX_GRID[axis])):
            continue     # the usual case, without a query: some equal sizes fit
        out = find_model(plain + [term <= MAX_GRID[axis]], ctx.opts.solver, probe=True)
        if out.verdict is SV.UNKNOWN:
            ctx.sink.unknown("RES", k.grid_span, f"solver: {out.reason}")
        if out.verdict is not SV.PROVED:
            continue
        from .memwitness import ModelView
        model = ctx.solve("RES", k.grid_span, [])
        sizes = ModelView(ctx, model).sizes() if model is not None else ()
        ctx.sink.finding(Finding(
            "RES", k.grid_span, f"grid dimension {'xyz'[axis]} exceeds the launch limit of {MAX_GRID[axis]} "
            "blocks at every size the assumptions allow", sizes=sizes,
            hint="bound the size in an `assume`, or give the dimension more work per block"))


def shared_bytes(ctx) -> int:
    """The block's shared memory: its buffers placed in order, then its mbarriers (held-out
    round 41: a buffer of the whole 232448 bytes beside an mbarrier proved; a swizzled buffer
    after a 16-byte one needs the padding up to its 1024-byte boundary)."""
    offset = 0
    for lay in ctx.shared.values():
        align = SWIZZLE_ALIGN if lay.swizzle is not None else ALIGN
        offset = -(-offset // align) * align + lay.nbytes
    bars = sum(_mbarriers(ctx, s) for s in ir.walk(ctx.kernel.body) if isinstance(s, ir.MbarAlloc))
    if bars:
        offset = -(-offset // MBARRIER_BYTES) * MBARRIER_BYTES + bars * MBARRIER_BYTES
    return offset


def _mbarriers(ctx, s: ir.MbarAlloc) -> int:
    n = exprs.try_fold(s.size, ctx.env.consts)
    return n if n is not None and n > 0 else 1


def _shared(ctx) -> None:
    t = ctx.target
    ctx.sink.obligation()
    total = shared_bytes(ctx)
    if total <= t.shared_bytes_per_block:
        return
    allocs = [p for p in ctx.df.points if isinstance(p.stmt, ir.Alloc)]
    if not allocs:          # mbarriers alone
        ctx.sink.finding(Finding("RES", ctx.kernel.span, f"shared memory: {total} bytes of mbarriers exceed the "
                                 f"{t.shared_bytes_per_block} bytes a block may use on {t.name}"))
        return
    biggest = max(allocs, key=lambda p: ctx.shared[p.stmt.tensor.name].nbytes)
    bars = sum(_mbarriers(ctx, s) for s in ir.walk(ctx.kernel.body) if isinstance(s, ir.MbarAlloc))
    parts = ", ".join([f"{n} {lay.nbytes}" for n, lay in ctx.shared.items()]
                      + ([f"{bars} mbarrier(s) {bars * MBARRIER_BYTES}"] if bars else []))
    padded = total - sum(lay.nbytes for lay in ctx.shared.values()) - bars * MBARRIER_BYTES
    parts += f", {padded} of alignment" if padded > 0 else ""
    msg = (f"shared memory: {total} bytes ({parts}) exceed the {t.shared_bytes_per_block} bytes a block may use "
           f"on {t.name}")
    related = tuple((p.span, f"{p.stmt.tensor.name}: {ctx.shared[p.stmt.tensor.name].nbytes} bytes")
                    for p in allocs if p is not biggest)
    hint = "use fewer pipeline stages or smaller tiles" + (
        "; declare the swizzled buffers first (each starts on a 1024-byte boundary)" if padded > ALIGN else "")
    ctx.sink.finding(Finding("RES", biggest.span, msg, hint=hint,
                             related=related))


def _instructions(ctx) -> None:
    for p in ctx.df.points:
        for spec in _specs(p.stmt):
            if spec.kind == "named" and spec.name.startswith("mma_"):
                ctx.sink.obligation()
                if spec.name not in ctx.target.mma:
                    ctx.sink.finding(Finding("RES", spec.span, f"{spec.name} is not an instruction of "
                                             f"{ctx.target.name} (it has {', '.join(ctx.target.mma)})",
                                             hint="pick a matrix instruction of the target"))


def _specs(s) -> list:
    out = [getattr(s, "layout", None)]
    for attr in ("target", "tensor"):
        t = getattr(s, attr, None)
        if isinstance(t, ir.TensorType):
            out.append(t.layout)
    return [x for x in out if x is not None]


def register_estimate(ctx) -> tuple[int, list]:
    """(registers per thread, [(registers, tile, its first definition)] live at the peak, largest first)."""
    points = ctx.df.points
    k = ctx.kernel
    regs, first_def, last_use = {}, {}, {}
    for i, p in enumerate(points):
        s = p.stmt
        if isinstance(s, (ir.Zeros, ir.Load, ir.Mma, ir.Compute)) and not (isinstance(s, ir.Load) and s.wgmma):
            t = s.target     # (a wgmma's operand reads hold no registers: it reads shared memory)
            dist = of_spec(t.layout, ctx.df.shape(t.name), k.threads, ctx.env.consts)
            regs[t.name] = max(regs.get(t.name, 0), math.ceil(dist.values * t.dtype.nbytes / ctx.target.register_bytes))
            first_def.setdefault(t.name, i)
        for name in _uses(s):
            last_use[name] = i
    ends = {}
    for name in regs:
        start = first_def[name]
        end = max(last_use.get(name, start), start)
        for i in range(start + 1, end + 1):
            for loop in points[i].loops:
                lp = next(j for j, q in enumerate(points) if q.stmt is loop)
                if lp < start:
                    end = max(end, _last_inside(points, lp))
        ends[name] = (start, end)
    best, live = 0, []
    for i in range(len(points)):
        here = sorted(((regs[n], n, points[a].span) for n, (a, b) in ends.items() if a <= i <= b),
                      key=lambda x: (-x[0], x[1]))
        total = sum(r for r, _, _ in here)
        if total > best:
            best, live = total, here
    return best + ctx.target.register_overhead, live


def _last_inside(points, lp: int) -> int:
    path = points[lp].path
    j = lp
    while j + 1 < len(points) and points[j + 1].path[:len(path)] == path:
        j += 1
    return j


def _uses(s) -> set[str]:
    if isinstance(s, ir.Mma):
        return {s.a, s.b, s.c}
    if isinstance(s, ir.Compute):
        return exprs.free_syms(s.value, ir.SymKind.TENSOR)
    if isinstance(s, ir.Store):
        return {s.src}
    return set()


def _registers(ctx) -> None:
    t, k = ctx.target, ctx.kernel
    ctx.sink.obligation()
    est, live = register_estimate(ctx)
    if not live:
        return
    where = live[0][2]
    tiles = ", ".join(f"{n} {r}" for r, n, _ in live[:4])
    if est > t.registers_per_thread:
        ctx.sink.finding(Finding("RES", where, f"about {est} registers per thread (estimate: {tiles}, plus "
                                 f"{t.register_overhead}) exceed the {t.registers_per_thread} of {t.name}",
                                 hint="split the register tiles over more threads, or use smaller tiles"))
    elif est * k.threads > t.registers_per_block:
        ctx.sink.finding(Finding("RES", where, f"about {est} registers per thread (estimate: {tiles}) x "
                                 f"{k.threads} threads exceed the {t.registers_per_block} registers of a block on "
                                 f"{t.name}", hint="use fewer threads per block or fewer registers per thread"))

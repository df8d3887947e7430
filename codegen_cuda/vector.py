"""When a tile statement may use a wide hardware instruction, decided conservatively.

A 16-byte instruction (ld.global.v4, cp.async of 16 bytes, an ldmatrix row) needs the
bytes it moves to be consecutive and 16-byte aligned on both sides. This module proves
both without a solver, so a `None`/False answer only means "use scalar code":

- contiguity and the in-tile alignment of each thread's runs are checked concretely on
  the statement's distribution (every thread, every value);
- the alignment of the tile's origin comes from a divisibility analysis of the index
  expressions: `known_divisor(e)` is a number every value of `e` is a multiple of, from
  literals, constants and `assume X % c == 0` facts about sizes;
- the base address of a global tensor is checked when the kernel is launched
  (launch.py, VECTOR_ARGS), shared buffers start on 16-byte boundaries (plan.ALIGN).
"""
from __future__ import annotations

import math

from dsl import exprs, ir

from . import distribute as dist
from .plan import Plan, SharedBuf

VECTOR_BYTES = 16


def size_divisors(kernel: ir.Kernel, consts: dict[str, int]) -> dict[str, int]:
    """For each size, a number it is known to be a multiple of (1 when nothing is known),
    from the conjuncts `X % c == 0` and `X == e` of the kernel's assumptions."""
    out = {s: 1 for s in kernel.sizes}
    facts = []

    for a in kernel.assumes:
        facts += exprs.conjuncts(a)
    for _ in range(3):      # equalities may chain (R == 8 * G, G % 4 == 0)
        for f in facts:
            if not (isinstance(f, ir.Bin) and f.op is ir.BinOp.EQ):
                continue
            lhs, rhs = f.lhs, f.rhs
            if isinstance(rhs, ir.Sym) and rhs.kind is ir.SymKind.SIZE and not isinstance(lhs, ir.Sym):
                lhs, rhs = rhs, lhs
            if isinstance(lhs, ir.Bin) and lhs.op is ir.BinOp.MOD and isinstance(lhs.lhs, ir.Sym) \
                    and lhs.lhs.kind is ir.SymKind.SIZE and exprs.try_fold(rhs, consts) == 0:
                c = exprs.try_fold(lhs.rhs, consts)
                if c:
                    out[lhs.lhs.name] = math.lcm(out[lhs.lhs.name], abs(c))
            elif isinstance(lhs, ir.Sym) and lhs.kind is ir.SymKind.SIZE:
                d = known_divisor(rhs, consts, out)
                if d:
                    out[lhs.name] = math.lcm(out[lhs.name], d)
    return out





def known_divisor(e: ir.Expr, consts: dict[str, int], sizes: dict[str, int]) -> int:
    """A positive d such that every value of `e` is a multiple of d; 0 when `e` is always 0."""
    match e:
        case ir.IntLit(value=v):
            return abs(v)
        case ir.Sym(kind=ir.SymKind.CONST, name=n):
            return abs(consts.get(n, 1))
        case ir.Sym(kind=ir.SymKind.SIZE, name=n):
            return sizes.get(n, 1)
        case ir.Neg(operand=x):
            return known_divisor(x, consts, sizes)
        case ir.Bin(op=ir.BinOp.MUL, lhs=a, rhs=b):
            return known_divisor(a, consts, sizes) * known_divisor(b, consts, sizes)
        case ir.Bin(op=ir.BinOp.ADD | ir.BinOp.SUB, lhs=a, rhs=b):
            return math.gcd(known_divisor(a, consts, sizes), known_divisor(b, consts, sizes))
    return 1


def multiple_of(e: ir.Expr, m: int, consts: dict[str, int], sizes: dict[str, int]) -> bool:
    return known_divisor(e, consts, sizes) % m == 0


def runs(d: dist.Distribution, vec: int) -> bool:
    """Does every thread's values come in groups of `vec` consecutive row-major elements
    of one row of the tile, each group starting at a multiple of `vec`?"""
    last = d.shape[-1] if d.shape else 1
    if vec <= 1 or d.values % vec or last % vec or d.padded:
        return False
    for t in range(d.active_threads):
        for v in range(0, d.values, vec):
            e0 = d.concrete(t, v)
            if e0 is None or e0 % vec:
                return False
            if any(d.concrete(t, v + i) != e0 + i for i in range(1, vec)):
                return False
    return True


def global_origin_aligned(plan: Plan, ref: ir.TileRef, vec: int, sizes: dict[str, int]) -> bool:
    """Is the element offset of the tile's origin, and of every row of it, a multiple of
    `vec` in a row-major global tensor (its base address checked at launch)?"""
    param = plan.kernel.param(ref.tensor)
    if param is None or not ref.subs or not isinstance(ref.subs[-1], ir.Slice):
        return False
    if not multiple_of(ref.subs[-1].start, vec, plan.consts, sizes):
        return False
    # rows: dimension d moves by the product of the later extents
    for d in range(len(param.shape) - 1):
        stride = math.prod(known_divisor(x, plan.consts, sizes) for x in param.shape[d + 1:])
        if stride % vec:
            return False
    return True


def shared_origin_aligned(plan: Plan, buf: SharedBuf, ref: ir.TileRef, vec: int, sizes: dict[str, int]) -> bool:
    """The same for a row-major (possibly swizzled) shared buffer: every index that moves
    along a non-last dimension moves by a multiple of `vec`, the last dimension's slice
    starts at a multiple of `vec`, and a swizzle keeps `vec`-element groups together."""
    if buf.layout is not None or not ref.subs or not isinstance(ref.subs[-1], ir.Slice):
        return False
    if buf.swizzle is not None and (1 << buf.swizzle.base) % vec:
        return False
    if buf.offset % VECTOR_BYTES:
        return False
    if not multiple_of(ref.subs[-1].start, vec, plan.consts, sizes):
        return False
    for d in range(len(buf.shape) - 1):
        if math.prod(buf.shape[d + 1:]) % vec:
            return False
    return True


def vector_width(dtype: ir.DType) -> int:
    """Elements per 16-byte instruction."""
    return VECTOR_BYTES // dtype.nbytes


# ---------------------------------------------------------------- mma.sync m16n8k16 fragments
def mma_fragment_origins(d: dist.Distribution) -> list[tuple[int, int]] | None:
    """When an accumulator's distribution is the mma.sync m16n8k16 C fragment tiled over
    warps and value groups: (row, column) of each value group's 16x8 tile relative to the
    warp's first tile, in value order (group g holds values 4g .. 4g + 3). Else None.

    Checked on every (thread, value): element(t, 4g + i) must be the warp's origin plus
    the group's origin plus the hardware's C position of lane t % 32 and register i
    (rows lane // 4 and lane // 4 + 8, columns 2 (lane % 4) and 2 (lane % 4) + 1)."""
    if len(d.shape) != 2 or d.values % 4 or d.active_threads != d.threads or d.threads % 32 or d.padded:
        return None
    rows, cols = d.shape
    if rows % 16 or cols % 8:
        return None

    def rc(t, v):
        e = d.concrete(t, v)
        return None if e is None else divmod(e, cols)
    groups = []
    for g in range(d.values // 4):
        o, base = rc(0, 4 * g), rc(0, 0)
        if o is None or base is None:
            return None
        groups.append((o[0] - base[0], o[1] - base[1]))
    for t in range(d.threads):
        lane, w0 = t % 32, rc(t - t % 32, 0)
        if w0 is None or w0[0] % 16 or w0[1] % 8:
            return None
        for g, (gr, gc) in enumerate(groups):
            for i in range(4):
                want = (w0[0] + gr + lane // 4 + 8 * (i // 2), w0[1] + gc + 2 * (lane % 4) + i % 2)
                if rc(t, 4 * g + i) != want:
                    return None
    return groups

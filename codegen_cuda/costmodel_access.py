"""Concrete access geometry for the cost model: where each lane of a warp reads or writes,
how many 32-byte global sectors one warp instruction touches (coalescing), and how many
shared-memory wavefronts it takes (bank conflicts, by the BANK analysis's phase rule).

Addresses are evaluated at block (0, 0, 0) and the first iteration of every loop; see
docs/COSTMODEL.md for why that is representative and when it is not.
"""
from __future__ import annotations

import math

from dsl import ir
from encode.bank import phase_geometry

from .plan import Plan, SharedBuf

SECTOR = 32        # bytes of one global-memory (L2/DRAM) sector
WARP = 32


class ThreadDependent(Exception):
    """An expression whose value differs between threads or depends on tensor data."""


def value(e: ir.Expr, env: dict[str, int]) -> int:
    """An integer expression with sizes, constants, loop variables and block indices bound
    in `env` (C's truncating / and %); thread- or data-dependent ones raise ThreadDependent."""
    match e:
        case ir.IntLit(value=v):
            return v
        case ir.Sym(name=n) if n in env:
            return env[n]
        case ir.BuiltinRef(which=w) if w.value.startswith("block."):
            return env.get(w.value, 0)
        case ir.Neg(operand=x):
            return -value(x, env)
        case ir.Not(operand=x):
            return int(not value(x, env))
        case ir.Bin(op=op, lhs=a, rhs=b):
            x, y = value(a, env), value(b, env)
            if op in (ir.BinOp.DIV, ir.BinOp.MOD):
                if y == 0:
                    raise ThreadDependent("division by zero")
                q = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
                return q if op is ir.BinOp.DIV else x - q * y
            ops = {ir.BinOp.ADD: lambda: x + y, ir.BinOp.SUB: lambda: x - y, ir.BinOp.MUL: lambda: x * y,
                   ir.BinOp.EQ: lambda: x == y, ir.BinOp.NE: lambda: x != y, ir.BinOp.LT: lambda: x < y,
                   ir.BinOp.LE: lambda: x <= y, ir.BinOp.GT: lambda: x > y, ir.BinOp.GE: lambda: x >= y,
                   ir.BinOp.AND: lambda: bool(x and y), ir.BinOp.OR: lambda: bool(x or y)}
            if op not in ops:
                raise ThreadDependent(f"operator {op}")
            return int(ops[op]())
        case ir.Call(func=f, args=(a, b)) if f in ("min", "max"):
            return (min if f == "min" else max)(value(a, env), value(b, env))
    raise ThreadDependent(type(e).__name__)


class Geometry:
    """Byte addresses of tile elements in global tensors and shared buffers."""

    def __init__(self, plan: Plan, env: dict[str, int], target):
        self.plan, self.env, self.target = plan, env, target
        self.strides = {}
        for p in plan.kernel.params:
            dims = [value(d, env) for d in p.shape]
            self.strides[p.name] = [math.prod(dims[i + 1:]) for i in range(len(dims))]

    def dtype(self, tensor: str) -> ir.DType:
        buf = self.plan.shared.get(tensor)
        return buf.dtype if buf is not None else self.plan.kernel.param(tensor).dtype

    def is_shared(self, tensor: str) -> bool:
        return tensor in self.plan.shared

    def origin(self, ref: ir.TileRef) -> list[int | None]:
        """Each subscript's fixed part: an Index's value, a Slice's start (None when it
        depends on the thread; the caller then treats the access as unknown geometry)."""
        out = []
        for sub in ref.subs:
            e = sub.at if isinstance(sub, ir.Index) else sub.start
            try:
                out.append(value(e, self.env))
            except ThreadDependent:
                out.append(None)
        return out

    def address(self, ref: ir.TileRef, origin: list[int | None], tile: tuple[int, ...]) -> int | None:
        """Byte address of the element at tile coordinates `tile` of `ref`."""
        it = iter(tile)
        full = []
        for sub, o in zip(ref.subs, origin):
            if o is None:
                return None
            full.append(o if isinstance(sub, ir.Index) else o + next(it))
        nbytes = self.dtype(ref.tensor).nbytes
        buf = self.plan.shared.get(ref.tensor)
        if buf is None:
            return nbytes * sum(c * s for c, s in zip(full, self.strides[ref.tensor]))
        return buf.offset + nbytes * shared_offset(buf, full)


def shared_offset(buf: SharedBuf, coords: list[int]) -> int:
    """Element offset of `coords` in a shared buffer, as the lowering computes it."""
    if buf.layout is not None:
        modes = [buf.layout[d] for d in range(len(buf.shape))] if isinstance(buf.layout.shape, tuple) \
            else [buf.layout]
        return sum(m(c) for m, c in zip(modes, coords))
    off = sum(c * math.prod(buf.shape[i + 1:]) for i, c in enumerate(coords))
    return buf.swizzle(off) if buf.swizzle is not None else off


def sectors(addrs: list[int | None], width: int) -> int:
    """32-byte sectors the lanes' accesses of `width` bytes each touch."""
    seen = set()
    for a in addrs:
        if a is not None:
            seen.update(range(a // SECTOR, (a + width - 1) // SECTOR + 1))
    return len(seen)


def wavefronts(addrs: list[int | None], width: int, target) -> int:
    """Shared-memory wavefronts of one warp access: per phase of lanes (bank.phase_geometry),
    the most distinct words any one bank must serve; lanes reading one word share it."""
    unit, lanes = phase_geometry(target, width)
    banks = max(1, target.shared_banks * target.bank_bytes // unit)
    total = 0
    for start in range(0, len(addrs), lanes):
        words: dict[int, set] = {}
        for a in addrs[start:start + lanes]:
            if a is not None:
                w = a // unit
                words.setdefault(w % banks, set()).add(w)
        if words:
            total += max(len(w) for w in words.values())
    return total

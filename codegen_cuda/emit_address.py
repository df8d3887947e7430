"""Shared-memory offsets split into a per-iteration base and a per-thread part computed
once at kernel entry (docs/LOWERING.md, "Addresses in the tensor-core loop").

The offset of element `coords` of a row-major shared buffer is sum(index_d * stride_d):
the terms whose index is an expression of the kernel's loops (a slot `kt % S`, a
non-constant slice start) form the base, the rest (the thread's coordinates, constant
starts) the thread part, which a caller builds from values fixed for the whole kernel.
For a swizzled buffer the split is used only when every base term's stride is a multiple
of the swizzle's period 2^(B+M+|S|): then swizzle(base + o) == base + swizzle(o), because
the swizzle reads and writes only bits below the period, which base leaves at zero
(proved for all offsets in tests/codegen/test_emit_address.py).
"""
from __future__ import annotations

import math

from dsl import exprs, ir
from encode.swizzle import Swizzle

from . import distribute as dist
from .emit_common import is_simple, paren
from .scalar import py_name


def row_major_strides(shape: tuple[int, ...]) -> list[int]:
    return [math.prod(shape[d + 1:]) for d in range(len(shape))]


def base_commutes(sw: Swizzle | None, stride: int) -> bool:
    """Adding any multiple of `stride` to an offset commutes with the swizzle."""
    return sw is None or stride % sw.shape == 0


class AddressEmitter:
    """Mixed into codegen_cuda.emit.Emitter, whose state (plan, scalar, hoisted) it uses."""

    def hoist(self, code: str) -> str:
        """A name for `code`, computed once at kernel entry: `code` may read only `_tid`,
        the block indices, thread parts, constants and earlier hoisted names."""
        if is_simple(code):
            return code
        if code not in self.hoisted:
            self.hoisted[code] = f"_h{len(self.hoisted)}"
        return self.hoisted[code]

    def shared_split(self, ref: ir.TileRef, coords: list[str]) -> tuple[str, str] | None:
        """(base, thread part) of the offset of `ref`'s element at `coords` in its shared
        buffer, the swizzle applied to the thread part alone; None where the buffer is not
        row-major or a base term's stride does not commute with its swizzle."""
        buf = self.plan.shared.get(ref.tensor)
        if buf is None or buf.layout is not None:
            return None
        it = iter(coords)
        base, local = [], []
        for sub, stride in zip(ref.subs, row_major_strides(buf.shape)):
            at = sub.at if isinstance(sub, ir.Index) else sub.start
            folded = exprs.try_fold(at, self.plan.consts)
            if folded is None:
                if not base_commutes(buf.swizzle, stride):
                    return None
                base.append(f"{paren(self.scalar.emit(at))} * {stride}")
            elif folded:
                local.append(str(folded * stride))
            if not isinstance(sub, ir.Index):
                local.append(f"{paren(next(it))} * {stride}" if stride != 1 else next(it))
        part = self.hoist(" + ".join(local) or "0")
        if buf.swizzle is not None:
            part = self.hoist(dist.swizzle_code(buf.swizzle, part))
        return " + ".join(base), part

    def shared_index(self, ref: ir.TileRef, coords: list[str]) -> tuple[str, str]:
        """address_parts for `coords` fixed for the kernel: the thread part hoisted where
        shared_split applies, today's full offset otherwise."""
        split = self.shared_split(ref, coords)
        if split is None:
            return self.address_parts(ref, coords)
        base, part = split
        return py_name(ref.tensor), f"{base} + {part}" if base else part

# Swizzles: XOR bit permutations of offsets (for bank-conflict-free shared memory),
# and ComposedLayout, a swizzle applied after a layout: swizzle(offset + layout(c)).
from __future__ import annotations

from dataclasses import dataclass

import z3

from encode.inttuple import is_int
from encode.layout_core import Layout, LayoutError, has_none, slice_and_offset


@dataclass(frozen=True, slots=True)
class Swizzle:
    """Swizzle(B, M, S): keep the low M bits; XOR the B bits at [M+S, M+S+B) into the B
    bits at [M, M+B) (S > 0), or the other way round (S < 0). |S| >= B keeps the two
    fields apart, which makes it an involution on each block of 2^(B+M+|S|) offsets."""

    bits: int
    base: int
    shift: int

    def __post_init__(self):
        if not all(is_int(v) for v in (self.bits, self.base, self.shift)):
            raise LayoutError(f"Swizzle({self.bits}, {self.base}, {self.shift}): arguments must be ints")
        if self.bits < 0 or self.base < 0:
            raise LayoutError(f"Swizzle({self.bits}, {self.base}, {self.shift}): bits and base must be >= 0")
        if abs(self.shift) < self.bits:
            raise LayoutError(f"Swizzle({self.bits}, {self.base}, {self.shift}): |shift| must be >= bits "
                              "or the bit fields overlap and it is not a bijection")

    @property
    def yyy_mask(self) -> int:
        """The source bits: the ones XORed into the target field."""
        return ((1 << self.bits) - 1) << (self.base + max(0, self.shift))

    @property
    def zzz_mask(self) -> int:
        """The target bits: the ones that change."""
        return ((1 << self.bits) - 1) << (self.base - min(0, self.shift))

    @property
    def shape(self) -> int:
        """The block of offsets it permutes; higher bits pass through."""
        return 1 << (self.bits + self.base + abs(self.shift))

    def __call__(self, offset):
        """Apply to a non-negative int, or to a z3 bit-vector term (unsigned)."""
        if isinstance(offset, z3.BitVecRef):
            moved = offset & self.yyy_mask
            moved = z3.LShR(moved, self.shift) if self.shift >= 0 else moved << -self.shift
            return offset ^ moved
        if not is_int(offset):
            raise LayoutError(f"{self!r}: expected an int or a z3 bit-vector, got {offset!r} "
                              "(use layout_symbolic.eval_symbolic for integer terms)")
        if offset < 0:
            raise LayoutError(f"{self!r}: negative offset {offset}")
        moved = offset & self.yyy_mask
        moved = moved >> self.shift if self.shift >= 0 else moved << -self.shift
        return offset ^ moved

    def __repr__(self) -> str:
        return f"Sw<{self.bits},{self.base},{self.shift}>"


@dataclass(frozen=True, slots=True)
class ComposedLayout:
    """(swizzle ∘ offset ∘ layout)(c) = swizzle(offset + layout(c)). The domain is the
    layout's; composing, dividing or slicing on the inner side keeps this form."""

    swizzle: Swizzle
    offset: int
    layout: Layout

    def __post_init__(self):
        if not isinstance(self.swizzle, Swizzle) or not isinstance(self.layout, Layout):
            raise LayoutError(f"ComposedLayout(swizzle, offset, layout): got {self.swizzle!r}, {self.layout!r}")
        if not is_int(self.offset) or self.offset < 0:
            raise LayoutError(f"ComposedLayout: offset {self.offset!r} must be a non-negative int")

    @property
    def shape(self):
        return self.layout.shape

    @property
    def stride(self):
        return self.layout.stride

    def __call__(self, *crd):
        inner = crd[0] if len(crd) == 1 else tuple(crd)
        if has_none(inner):
            sub, off = slice_and_offset(inner, self.layout)
            return ComposedLayout(self.swizzle, self.offset + off, sub)
        return self.swizzle(self.offset + self.layout(inner))

    def __getitem__(self, i: int) -> "ComposedLayout":
        return ComposedLayout(self.swizzle, self.offset, self.layout[i])

    def __repr__(self) -> str:
        return f"{self.swizzle!r} o {self.offset} o {self.layout!r}"


def on_inner(a, f):
    """Apply a layout transformation to the inner layout of a ComposedLayout, or to a
    plain Layout directly."""
    if isinstance(a, ComposedLayout):
        return ComposedLayout(a.swizzle, a.offset, f(a.layout))
    return f(a)

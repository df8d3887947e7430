"""The tensor-map form of `tma_load`: when a tile qualifies, one cp.async.bulk.tensor of
its box through a CUtensorMap the generated module builds at launch; else the reason it
does not, and mbar_lower.py falls back to one non-tensor cp.async.bulk per row.

What a tensor map can express (CUDA driver API, cuTensorMapEncodeTiled; PTX ISA,
cp.async.bulk.tensor): a global tensor of rank 1-5 whose base is 16-byte aligned (checked
at launch, VECTOR_ARGS) and whose strides are multiples of 16 bytes; a box of at most 256
elements per dimension whose innermost extent is a multiple of 16 bytes; a destination
in shared memory 128-byte aligned, filled with the box in row-major order. The form is
used for 2-D and 3-D sources; elements of the box outside the tensor land as zeros.

A swizzled destination qualifies when its swizzle is one a map can write: the 32, 64 and
128-byte modes XOR byte-address bits [4, 4+b) with bits [7, 7+b) (b = 1, 2, 3), which is
`swizzle(b, 4 - log2(element bytes), 3)` on element offsets. The box's innermost extent
must then span exactly the mode's bytes (each box row one swizzled line), and the buffer
and the tile start on a 1024-byte boundary, where the hardware's swizzle of absolute
addresses and the proof's swizzle of offsets within the buffer agree (the kernel traps at
entry if the buffer is not there: `swizzle_aligned`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from dsl import exprs, ir

from .plan import SWIZZLE_ALIGN, Plan, fold
from .scalar import py_name
from .vector import known_divisor

RANKS = (2, 3)
MAX_BOX = 256            # elements per box dimension
INNER_BYTES = 16         # the box's innermost extent and every global stride: multiples of this
SHARED_ALIGN = 128       # the destination's alignment in shared memory
DTYPES = ("f32", "f16", "bf16", "i32")   # those with a CUtensorMapDataType the runtime maps
SWIZZLE_MODES = {1: 32, 2: 64, 3: 128}   # the swizzle's bits -> CU_TENSOR_MAP_SWIZZLE_<bytes>B


@dataclass(frozen=True)
class TensorBox:
    """One tensor map: the global parameter, its dtype, the box (outermost first), and the
    bytes of its swizzle mode (0: none)."""
    tensor: str
    dtype: str
    box: tuple[int, ...]
    swizzle: int = 0

    @property
    def arg(self) -> str:
        """The kernel parameter carrying the map (a 128-byte device array)."""
        return (f"_tmap_{py_name(self.tensor)}_{'x'.join(map(str, self.box))}"
                + (f"_sw{self.swizzle}" if self.swizzle else ""))


def tensor_box(plan: Plan, s: ir.TmaLoad, sizes: dict[str, int]) -> tuple[TensorBox | None, str]:
    """(the map, "") when the copy has the tensor form, else (None, why not)."""
    param = plan.kernel.param(s.src.tensor)
    buf = plan.shared[s.dst.tensor]
    if param is None or len(param.shape) not in RANKS:
        return None, f"the source is not a global tensor of rank {' or '.join(map(str, RANKS))}"
    if param.dtype.value not in DTYPES:
        return None, f"no tensor-map element type for {param.dtype.value}"
    box = tuple(fold(sub.extent, plan.consts) if isinstance(sub, ir.Slice) else 1 for sub in s.src.subs)
    if any(not isinstance(b, int) or not 0 < b <= MAX_BOX for b in box):
        return None, f"a box dimension is not a constant in [1, {MAX_BOX}]"
    nbytes = param.dtype.nbytes
    if (box[-1] * nbytes) % INNER_BYTES:
        return None, f"the box's innermost extent is {box[-1] * nbytes} bytes, not a multiple of {INNER_BYTES}"
    for d in range(len(param.shape) - 1):
        stride = math.prod(known_divisor(x, plan.consts, sizes) for x in param.shape[d + 1:]) * nbytes
        if stride % INNER_BYTES:
            return None, f"the stride of {s.src.tensor}'s dimension {d} is not known to be a multiple of 16 bytes"
    swizzle, why = swizzle_mode(buf)
    if swizzle and box[-1] * nbytes != swizzle:
        why = (f"the box's innermost extent is {box[-1] * nbytes} bytes, and a map writes the buffer's "
               f"swizzle only for {swizzle}-byte rows")
    why = why or _destination(plan, buf, s.dst, SWIZZLE_ALIGN if swizzle else SHARED_ALIGN)
    if why:
        return None, why
    return TensorBox(s.src.tensor, param.dtype.value, box, swizzle), ""


def swizzle_mode(buf) -> tuple[int, str]:
    """(the map's swizzle bytes, "") for the buffer's swizzle (0 for none), or (0, why not)."""
    if buf.layout is not None:
        return 0, "the shared buffer has a layout (the map copies the box row-major)"
    sw = buf.swizzle
    if sw is None:
        return 0, ""
    base = 4 - (buf.dtype.nbytes.bit_length() - 1)     # a 16-byte chunk's element-offset bits
    if sw.shift == 3 and sw.bits in SWIZZLE_MODES and sw.base == base:
        return SWIZZLE_MODES[sw.bits], ""
    return 0, (f"the shared buffer's swizzle({sw.bits}, {sw.base}, {sw.shift}) is not one a tensor map writes "
               f"(for {buf.dtype.value}: swizzle(b, {base}, 3), b = 1, 2, 3)")


def _destination(plan: Plan, buf, ref: ir.TileRef, align: int) -> str:
    """Why the shared tile is not one contiguous, aligned row-major run ("" if it is)."""
    slices = [d for d, sub in enumerate(ref.subs) if isinstance(sub, ir.Slice)]
    if slices and slices != list(range(slices[0], len(ref.subs))):
        return "the shared tile indexes a dimension after a sliced one"
    for d in slices:
        sub = ref.subs[d]
        if not (isinstance(sub.start, ir.IntLit) and sub.start.value == 0
                and fold(sub.extent, plan.consts) == buf.shape[d]):
            return "the shared tile does not span whole trailing dimensions of its buffer"
    first = slices[0] if slices else len(ref.subs)
    slot = math.prod(buf.shape[first:]) * buf.dtype.nbytes
    if buf.offset % align or (first > 0 and slot % align):
        return f"the shared tile is not {align}-byte aligned"
    return ""


def emit(em, s: ir.TmaLoad, tb: TensorBox) -> None:
    """One copy of the whole box: coordinates are the tile's origin, outermost first."""
    em.tensor_maps.setdefault(tb.arg, tb)
    if tb.swizzle:
        em.swizzle_aligned.add(s.dst.tensor)
    em.vector_args.add(s.src.tensor)
    coords = [em.scalar.emit(sub.start if isinstance(sub, ir.Slice) else sub.at) for sub in s.src.subs]
    dst, didx = em.address_parts(s.dst, ["0"] * len(exprs.tile_shape(s.dst)))
    rank = len(tb.box)
    em.line(f"# one cp.async.bulk.tensor.{rank}d of the {'x'.join(map(str, tb.box))} box "
            f"({math.prod(tb.box) * ir.DType(tb.dtype).nbytes} bytes"
            + (f", the map's {tb.swizzle}B swizzle" if tb.swizzle else "") + ")")
    em.line(f"tma_tensor_g2s_{rank}d({dst}, {didx}, {py_name(s.src.tensor)}, {tb.arg}, "
            f"{', '.join(f'({c})' for c in coords)}, {py_name(s.bar.bar)}, {em.scalar.emit(s.bar.index)})")

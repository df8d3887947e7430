"""The tensor-map form of `tma_load`: when a tile qualifies, one cp.async.bulk.tensor of
its box through a CUtensorMap the generated module builds at launch; else the reason it
does not, and mbar_lower.py falls back to one non-tensor cp.async.bulk per row.

What a tensor map can express (CUDA driver API, cuTensorMapEncodeTiled; PTX ISA,
cp.async.bulk.tensor): a global tensor of rank 1-5 whose base is 16-byte aligned (checked
at launch, VECTOR_ARGS) and whose strides are multiples of 16 bytes; a box of at most 256
elements per dimension whose innermost extent is a multiple of 16 bytes; a destination
in shared memory 128-byte aligned, filled with the box in row-major order. The form is
used for 2-D and 3-D sources; elements of the box outside the tensor land as zeros.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from dsl import exprs, ir

from .plan import Plan, fold
from .scalar import py_name
from .vector import known_divisor

RANKS = (2, 3)
MAX_BOX = 256            # elements per box dimension
INNER_BYTES = 16         # the box's innermost extent and every global stride: multiples of this
SHARED_ALIGN = 128       # the destination's alignment in shared memory
DTYPES = ("f32", "f16", "bf16", "i32")   # those with a CUtensorMapDataType the runtime maps


@dataclass(frozen=True)
class TensorBox:
    """One tensor map: the global parameter, its dtype, the box (outermost first)."""
    tensor: str
    dtype: str
    box: tuple[int, ...]

    @property
    def arg(self) -> str:
        """The kernel parameter carrying the map (a 128-byte device array)."""
        return f"_tmap_{py_name(self.tensor)}_{'x'.join(map(str, self.box))}"


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
    why = _destination(plan, buf, s.dst)
    if why:
        return None, why
    return TensorBox(s.src.tensor, param.dtype.value, box), ""


def _destination(plan: Plan, buf, ref: ir.TileRef) -> str:
    """Why the shared tile is not one contiguous, 128-byte aligned row-major run ("" if it is)."""
    if buf.layout is not None or buf.swizzle is not None:
        return "the shared buffer has a layout or swizzle (the map copies the box row-major)"
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
    if buf.offset % SHARED_ALIGN or (first > 0 and slot % SHARED_ALIGN):
        return f"the shared tile is not {SHARED_ALIGN}-byte aligned"
    return ""


def emit(em, s: ir.TmaLoad, tb: TensorBox) -> None:
    """One copy of the whole box: coordinates are the tile's origin, outermost first."""
    em.tensor_maps.setdefault(tb.arg, tb)
    em.vector_args.add(s.src.tensor)
    coords = [em.scalar.emit(sub.start if isinstance(sub, ir.Slice) else sub.at) for sub in s.src.subs]
    dst, didx = em.address_parts(s.dst, ["0"] * len(exprs.tile_shape(s.dst)))
    rank = len(tb.box)
    em.line(f"# one cp.async.bulk.tensor.{rank}d of the {'x'.join(map(str, tb.box))} box "
            f"({math.prod(tb.box) * ir.DType(tb.dtype).nbytes} bytes)")
    em.line(f"tma_tensor_g2s_{rank}d({dst}, {didx}, {py_name(s.src.tensor)}, {tb.arg}, "
            f"{', '.join(f'({c})' for c in coords)}, {py_name(s.bar.bar)}, {em.scalar.emit(s.bar.index)})")

# Thread-value (TV) layouts: (thread, value) -> ROW-MAJOR linear index of the element in
# a tile. Copies, and the register fragments of matrix instructions (NVIDIA mma.sync,
# AMD MFMA), are described this way so the verifier and the code generator share them.
from __future__ import annotations

from dataclasses import dataclass

from encode import inttuple as it
from encode.layout_core import Layout, LayoutError
from encode.layout_ops import composition


def row_major(shape: tuple[int, ...]) -> Layout:
    """The row-major (LayoutRight) layout of a shape: coordinate (r, c) of (R, C) goes to
    r*C + c. TV layouts index their tiles this way."""
    strides, acc = [], 1
    for extent in reversed(shape):
        strides.append(acc)
        acc *= extent
    return Layout(tuple(shape), tuple(reversed(strides)))


def copy_tv(threads: int, vector: int, tile_shape) -> Layout:
    """TV layout of a vectorised copy of a tile: thread t, value v -> row-major index.

    Threads are fastest: thread t owns the `vector` contiguous elements (along the last
    dimension) at row-major index t*vector .. t*vector+vector-1, and then the same again
    every threads*vector elements. Value v = j + vector*rep is element j of repetition
    rep. The shape is (threads, (vector, reps)), or (threads, vector) with one repetition."""
    tile = it.as_int_tuple(tile_shape, "copy_tv tile_shape")
    tile = tile if it.is_tuple(tile) else (tile,)
    total = it.product(tile)
    if threads < 1 or vector < 1:
        raise LayoutError(f"copy_tv({threads}, {vector}, {tile_shape}): threads and vector must be >= 1")
    if it.product(tile[-1]) % vector:
        raise LayoutError(f"copy_tv: vector {vector} does not divide the last dimension of {tile_shape}")
    if total % (threads * vector):
        raise LayoutError(f"copy_tv: {threads} threads x {vector} values do not divide the "
                          f"{total} elements of {tile_shape}")
    reps = total // (threads * vector)
    if reps == 1:
        return Layout((threads, vector), (vector, 1))
    return Layout((threads, (vector, reps)), (vector, (1, threads * vector)))


@dataclass(frozen=True, slots=True)
class MmaAtom:
    """One matrix instruction D(m x n) += A(m x k) · B(k x n), issued by `lanes` threads.
    Each TV layout maps (lane, value) to the row-major index in its operand tile:
    A is m x k, B is k x n, C/D is m x n."""

    name: str
    m: int
    n: int
    k: int
    lanes: int
    a_tv: Layout
    b_tv: Layout
    c_tv: Layout

    def operand_shape(self, operand: str) -> tuple[int, int]:
        shapes = {"A": (self.m, self.k), "B": (self.k, self.n), "C": (self.m, self.n)}
        if operand not in shapes:
            raise LayoutError(f"{self.name}: operand {operand!r} is not one of A, B, C")
        return shapes[operand]

    def tv(self, operand: str) -> Layout:
        self.operand_shape(operand)
        return {"A": self.a_tv, "B": self.b_tv, "C": self.c_tv}[operand]


# PTX ISA, "Matrix Fragments for mma.m16n8k16 with floating point type". With
# g = lane >> 2 (groupID) and t = lane % 4 (threadID_in_group), the lane mode is (t, g):
#   A a0..a7: row = g + 8*((i >> 1) & 1), col = 2t + (i & 1) + 8*(i >> 2)
#   B b0..b3: k = 2t + (i & 1) + 8*(i >> 1), n = g
#   C c0..c3: row = g + 8*(i >> 1),       col = 2t + (i & 1)
SM80_16x8x16_F32F16 = MmaAtom(
    name="mma.sync.m16n8k16.f32.f16.f16.f32",
    m=16, n=8, k=16, lanes=32,
    a_tv=Layout(((4, 8), (2, 2, 2)), ((2, 16), (1, 128, 8))),
    b_tv=Layout(((4, 8), (2, 2)), ((16, 1), (8, 64))),
    c_tv=Layout(((4, 8), (2, 2)), ((2, 8), (1, 64))),
)

# The bf16 variant has the same fragment layouts.
SM80_16x8x16_F32BF16 = MmaAtom(
    name="mma.sync.m16n8k16.f32.bf16.bf16.f32",
    m=16, n=8, k=16, lanes=32,
    a_tv=SM80_16x8x16_F32F16.a_tv, b_tv=SM80_16x8x16_F32F16.b_tv, c_tv=SM80_16x8x16_F32F16.c_tv,
)

# AMD CDNA v_mfma_f32_32x32x8f16, 64 lanes, lane l = (l % 32, l // 32):
#   A a0..a3:  row = l % 32, k = 4*(l // 32) + i
#   B b0..b3:  k = 4*(l // 32) + i, col = l % 32
#   C c0..c15: row = 8*(i // 4) + 4*(l // 32) + (i % 4), col = l % 32
MFMA_32x32x8_F16 = MmaAtom(
    name="v_mfma_f32_32x32x8f16",
    m=32, n=32, k=8, lanes=64,
    a_tv=Layout(((32, 2), 4), ((8, 4), 1)),
    b_tv=Layout(((32, 2), 4), ((1, 128), 32)),
    c_tv=Layout(((32, 2), (4, 4)), ((1, 128), (32, 256))),
)

mma_m16n8k16_f16 = SM80_16x8x16_F32F16
mfma_32x32x8_f16 = MFMA_32x32x8_F16


def tile_mma_tv(atom: MmaAtom, warps: tuple[int, int] = (1, 1), operand: str = "C",
                tile_shape: tuple[int, int] | None = None) -> Layout:
    """The TV layout of `atom` repeated over a wm x wn grid of warps (wavefronts), as
    (thread, value) -> row-major index into the operand's tile.

    The C tile is `tile_shape` = (M, N), by default (m*wm, n*wn); the A tile is M x k
    and the B tile k x N. Warp w sits at grid row w // wn, column w % wn (row-major, N
    fastest) and owns the (M/wm) x (N/wn) block there; thread = lane + lanes*w. Inside
    a block the atom repeats row-major, and value = atom*(values per atom) + atom value.
    Warps (and atoms) that share A or B data get the same elements: stride 0.
    Shape: ((lane modes, (wn, wm)), (atom value modes, (an, am)))."""
    wm, wn = warps
    big_m, big_n = tile_shape if tile_shape is not None else (atom.m * wm, atom.n * wn)
    if wm < 1 or wn < 1 or big_m % (atom.m * wm) or big_n % (atom.n * wn):
        raise LayoutError(f"tile_mma_tv({atom.name}, warps={warps}, tile_shape={tile_shape}): the "
                          f"tile must be a positive multiple of ({atom.m}*{wm}, {atom.n}*{wn})")
    rows, cols = atom.operand_shape(operand)
    uses_m, uses_n = operand in ("A", "C"), operand in ("B", "C")
    full_cols = big_n if uses_n else cols
    block_m, block_n = big_m // wm, big_n // wn
    am, an = (block_m // atom.m if uses_m else 1), (block_n // atom.n if uses_n else 1)
    # Re-index the atom's row-major tile into the wider row-major tile: c + cols*r -> c + full_cols*r.
    tv = composition(Layout((cols, rows), (1, full_cols)), atom.tv(operand))
    lane, value = tv[0], tv[1]
    warp_shape = (wn, wm)
    warp_stride = (block_n if uses_n else 0, block_m * full_cols if uses_m else 0)
    atom_stride = (atom.n if uses_n else 0, atom.m * full_cols if uses_m else 0)
    return Layout(((lane.shape, warp_shape), (value.shape, (an, am))),
                  ((lane.stride, warp_stride), (value.stride, atom_stride)))

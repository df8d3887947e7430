"""When the lowering chooses hardware instructions (codegen_cuda/vector.py, warp.py):
each choice is taken on the shipped kernels written for it, and refused as soon as one
of its conditions is not known to hold (then the scalar code is emitted)."""
from __future__ import annotations

import pytest

from codegen_cuda import plan as planning
from codegen_cuda.emit import Emitter
from codegen_cuda.vector import known_divisor, size_divisors
from codegen_support import REPO, checked
from dsl import ir

GEMM = REPO / "proofs" / "gemm_pipelined.dsl"
WARP = REPO / "proofs" / "reduce_warp.dsl"


def _emitter(path, text=None) -> Emitter:
    kernel, text = checked(path, text)
    return Emitter(planning.build(kernel), text)


def _variant(path, old: str, new: str) -> Emitter:
    text = path.read_text()
    assert old in text, old
    return _emitter(path, text.replace(old, new))


def _copy_kinds(em: Emitter) -> list:
    return [em.wide_copies.get(id(s)) for s in ir.walk(em.k.body) if isinstance(s, ir.Copy)]


def test_divisors_come_from_the_assumptions(tmp_path):
    text = ("kernel k(X: f32[R, C], Y: f32[G]):\n"
            "    assume R == 8 * G and G % 4 == 0 and C % 128 == 0\n"
            "    grid (G)\n    threads 32\n"
            "    x = load X[block.x * 8 : +8, 0 : +4]\n    y = sum(x, axis=1)\n"
            "    store Y[block.x * 8 % G : +8], y\n")
    kernel, _ = checked(tmp_path / "k.dsl", text)
    sizes = size_divisors(kernel, {})
    assert sizes == {"R": 32, "C": 128, "G": 4}
    consts = {"BK": 32}
    expr = ir.Bin(ir.BinOp.ADD, ir.Bin(ir.BinOp.MUL, ir.Sym("p", ir.SymKind.LOOP), ir.Sym("BK", ir.SymKind.CONST)),
                  ir.IntLit(8))
    assert known_divisor(expr, consts, sizes) == 8
    assert known_divisor(ir.Sym("p", ir.SymKind.LOOP), consts, sizes) == 1


def test_pipelined_gemm_uses_cp_async_and_tensor_cores():
    em = _emitter(GEMM)
    assert _copy_kinds(em) == ["cp_async16"] * 4
    assert len(em.tensor_core) == 1 and em.unrolled == {"acc"}
    assert em.uses_cp_async


def test_unknown_row_stride_keeps_copies_scalar():
    """Without `K % 32 == 0` the rows of A (stride K) are not known to be 16-byte aligned."""
    em = _variant(GEMM, "assume M % 128 == 0 and N % 128 == 0 and K % 32 == 0 and K >= 32",
                  "assume M % 128 == 0 and N % 128 == 0 and K >= 32")
    assert _copy_kinds(em) == [None, "cp_async16", None, "cp_async16"]
    assert len(em.tensor_core) == 1        # shared tiles are unaffected


def test_a_swizzle_that_splits_16_byte_rows_refuses_ldmatrix_and_cp_async():
    em = _variant(GEMM, "swizzle(2, 3, 3)", "swizzle(2, 2, 3)")
    assert not em.tensor_core and em.blocked     # scalar FMAs, register-blocked
    assert _copy_kinds(em) == [None, "cp_async16", None, "cp_async16"]


def test_a_misaligned_column_start_refuses_cp_async():
    em = _variant(GEMM, "A[block.x * BM : +BM, p * BK : +BK]", "A[block.x * BM : +BM, p * BK + 4 : +BK]")
    assert _copy_kinds(em)[0] is None


def test_an_accumulator_outside_the_fragment_layout_is_not_tensor_core():
    em = _variant(GEMM, "layout mma_m16n8k16(warps=(2, 4))", "layout ((256), (64)):((64), (1))")
    assert not em.tensor_core


def test_warp_reduction_uses_shuffles_when_the_row_lives_in_one_warp():
    em = _emitter(WARP)
    assert list(em.shuffles.values()) == [32]


def test_a_row_sum_owned_outside_its_warp_is_not_a_shuffle():
    """Default layout: s[w] belongs to thread w of warp 0, not to warp w."""
    em = _variant(WARP, "s = sum(x, axis=1) layout ((32, 8), 1):((8, 1), 0)", "s = sum(x, axis=1)")
    assert not em.shuffles


def test_rows_split_over_half_warps_shuffle_over_16_lanes(tmp_path):
    text = ("kernel k(X: f32[R, 16], Y: f32[R]):\n    assume R % 16 == 0\n    grid (R / 16)\n"
            "    threads 256\n"
            "    x = load X[block.x * 16 : +16, 0 : +16] layout ((16, 16), 1):((1, 16), 0)\n"
            "    s = sum(x, axis=1) layout ((16, 16), 1):((16, 1), 0)\n"
            "    store Y[block.x * 16 : +16], s\n")
    em = _emitter(tmp_path / "k.dsl", text)
    assert list(em.shuffles.values()) == [16]


def test_lanes_that_interleave_rows_are_not_a_butterfly(tmp_path):
    """Lane l holds row l % 2: the lanes of one row are not an aligned XOR group."""
    text = ("kernel k(X: f32[R, 16], Y: f32[R]):\n    assume R % 16 == 0\n    grid (R / 16)\n"
            "    threads 256\n"
            "    x = load X[block.x * 16 : +16, 0 : +16] layout ((2, 16, 8), 1):((16, 1, 32), 0)\n"
            "    s = sum(x, axis=1)\n"
            "    store Y[block.x * 16 : +16], s\n")
    em = _emitter(tmp_path / "k.dsl", text)
    assert not em.shuffles


class _FakeDeviceArray:
    def __init__(self, ptr, shape=(4, 8), strides=None, typestr="<f4"):
        self.__cuda_array_interface__ = {"data": (ptr, False), "shape": shape, "strides": strides,
                                         "typestr": typestr, "version": 3}


def test_launch_refuses_misaligned_or_strided_vector_arguments():
    import types as pytypes

    import pytest

    from codegen_cuda.launch import LaunchError, check_vector_args
    mod = pytypes.SimpleNamespace(VECTOR_ARGS=("A",))
    check_vector_args(mod, {"A": _FakeDeviceArray(0x7F0000000100)})
    check_vector_args(mod, {"A": _FakeDeviceArray(0x7F0000000100, strides=(32, 4))})   # C order spelled out
    with pytest.raises(LaunchError, match="not 16-byte aligned"):
        check_vector_args(mod, {"A": _FakeDeviceArray(0x7F0000000104)})
    with pytest.raises(LaunchError, match="not C-contiguous"):
        check_vector_args(mod, {"A": _FakeDeviceArray(0x7F0000000100, strides=(64, 4))})


def test_collectives_are_not_used_under_a_branch_that_splits_a_warp():
    """ldmatrix/mma.sync/shfl need every lane of the warp: under `if thread.x < 100` the
    lowering keeps the scalar code (the verifier's SYNC rule is about barriers only); under a
    branch every lane of a warp decides alike (`thread.x < 256`, a warp-specialised role's
    `thread.warp == 4`) they run (codegen_cuda/uniform.py)."""
    for cond, uniform in (("thread.x < 100", False), ("thread.lane < 16", False), ("thread.x < 256", True)):
        em = _variant(GEMM, "        acc = mma(a, b, acc)\n", f"        if {cond}:\n            acc = mma(a, b, acc)\n")
        assert bool(em.tensor_core) is uniform, cond
        em = _variant(WARP, "    s = sum(x, axis=1) layout ((32, 8), 1):((8, 1), 0)\n",
                      "    s = zeros f32[8] layout ((32, 8), 1):((8, 1), 0)\n"
                      f"    if {cond}:\n        s = sum(x, axis=1)\n")
        assert bool(em.shuffles) is uniform, cond



def test_register_blocking_loads_each_operand_once_per_k():
    """gemm_regblock's 8 x 8 block per thread: 8 A and 8 B values per k, reused 8 times."""
    em = _emitter(REPO / "proofs" / "gemm_regblock.dsl")
    (dr, dc), = em.blocked.values()
    assert sorted(set(dr)) == list(range(8)) and sorted(set(dc)) == list(range(8)) and len(dr) == 64
    assert "acc" in em.unrolled


def test_values_whose_offsets_depend_on_the_thread_are_not_blocked(tmp_path):
    """A swizzled thread order (value v of thread t at column (t + v) % 8): the column
    offset of a value depends on the thread, so no per-value operand is shared."""
    from codegen_cuda.blocking import value_offsets
    from encode.distribution import Distribution
    from encode.layout import Layout
    ok = Distribution("blocks", Layout(((8, 8), (8, 8)), ((8, 512), (1, 64))), (64, 64), 64)
    assert value_offsets(ok) is not None

    class Skewed(Distribution):
        def concrete(self, t, v):
            r, c = divmod(super().concrete(t, v), 64)
            return r * 64 + (c - c % 8) + (c + t) % 8
    assert value_offsets(Skewed("skewed", ok.tv, ok.shape, ok.threads)) is None


@pytest.mark.parametrize("name", ["prefetch_past_end", "uncommitted_prefetch"])
def test_the_block_end_waits_for_every_cp_async(name):
    """A prefetch no wait_group waits for (the ring's last, clamped copy) would write shared
    memory after the block exits; the lowering's last statements commit and wait for every
    group (held-out rounds 46 and 49: wait_group waits for committed groups only, and the
    last prefetch may follow the last commit), and only where cp.async is emitted."""
    from codegen_cuda.module import lower
    path = REPO / f"tests/codegen/kernels/cp_async_{name}.dsl"
    kernel, text = checked(path)
    body = lower(kernel, text).source.split(f"\ndef {name}(")[1].split("\n\n")[0]
    assert [x.strip() for x in body.rstrip().splitlines()[-2:]] == ["cp_async_commit()", "cp_async_wait_0()"]
    kernel, text = checked(WARP)
    assert "cp_async_wait_0()" not in lower(kernel, text).source

"""The tensor-map form of tma_load (codegen_cuda/tma_tensor.py): which tiles take it and
why the others fall back, and the simulator's copy, which must do what the hardware does
(the whole box lands, zeros outside the tensor, the full box's bytes complete)."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from codegen_cuda import plan as planning
from codegen_cuda import tma_tensor, vector
from codegen_support import HERE, REPO, checked
from dsl import ir


def _decisions(path, text=None):
    kernel, _ = checked(path, text)
    plan = planning.build(kernel)
    sizes = vector.size_divisors(kernel, plan.consts)
    return [tma_tensor.tensor_box(plan, s, sizes) for s in ir.walk(kernel.body) if isinstance(s, ir.TmaLoad)]


def test_ws_accumulate_tile_is_one_2d_box():
    [(tb, why)] = _decisions(REPO / "proofs" / "ws_accumulate.dsl")
    assert why == "" and tb == tma_tensor.TensorBox("A", "f32", (32, 32))


def test_a_swizzle_a_map_writes_takes_the_tensor_form():
    """The 128-byte mode for f32 rows of 32 elements (swizzle(3, 2, 3)) and for the wgmma
    GEMM's f16 rows of 64 (swizzle(3, 3, 3)): one swizzled box each, not 16-byte chunks."""
    path = REPO / "proofs" / "ws_accumulate.dsl"
    swizzled = path.read_text().replace("sA = shared f32[S, BM, BK]", "sA = shared f32[S, BM, BK] swizzle(3, 2, 3)")
    [(tb, why)] = _decisions(path, swizzled)
    assert why == "" and tb == tma_tensor.TensorBox("A", "f32", (32, 32), 128) and tb.arg.endswith("_sw128")
    boxes = _decisions(REPO / "proofs" / "ws_gemm_wgmma.dsl")
    assert [tb for tb, _ in boxes] == [tma_tensor.TensorBox("A", "f16", (64, 64), 128),
                                       tma_tensor.TensorBox("B", "f16", (64, 64), 128)]


def test_an_index_of_the_source_is_a_box_extent_of_one():
    [(tb, _)] = _decisions(HERE / "kernels" / "tma_batched.dsl")
    assert tb.box == (1, 32, 32)


def test_what_a_tensor_map_cannot_hold_falls_back_with_its_reason():
    [(tb, why)] = _decisions(HERE / "kernels" / "tma_wide.dsl")
    assert tb is None and "[1, 256]" in why
    path = REPO / "proofs" / "ws_accumulate.dsl"
    # a swizzle no tensor-map mode writes (f32: the modes are swizzle(b, 2, 3))
    swizzled = path.read_text().replace("sA = shared f32[S, BM, BK]", "sA = shared f32[S, BM, BK] swizzle(3, 3, 3)")
    [(tb, why)] = _decisions(path, swizzled)
    assert tb is None and "not one a tensor map writes" in why
    # the 64-byte mode on 128-byte rows: a map would swizzle each row on its own
    swizzled = path.read_text().replace("sA = shared f32[S, BM, BK]", "sA = shared f32[S, BM, BK] swizzle(2, 2, 3)")
    [(tb, why)] = _decisions(path, swizzled)
    assert tb is None and "64-byte rows" in why
    # a row stride the assumptions do not make a multiple of 16 bytes
    loose = path.read_text().replace("assume M % BM == 0 and K % BK == 0 and K >= BK", "assume M % BM == 0 and K >= BK")
    [(tb, why)] = _decisions(path, loose)
    assert tb is None and "stride" in why


def test_a_masked_tile_without_the_tensor_form_is_refused():
    """Only a tensor map fills the box's elements outside the tensor; the row-by-row form
    would read past it, so a masked tma_load it would need is a lowering error."""
    import pytest
    from codegen_cuda.module import lower
    from codegen_cuda.scalar import LoweringError
    path = HERE / "kernels" / "tma_wide.dsl"
    text = path.read_text().replace("k * BK : +BK], full", "k * BK : +BK] masked(fill=0.0), full")
    kernel, _ = checked(path, text)
    with pytest.raises(LoweringError, match="tensor-map form"):
        lower(kernel, text)


SIM_COPY = textwrap.dedent("""
    import numpy as np
    from codegen_cuda import ptx_mbar as rt
    src = np.arange(1, 6 * 40 + 1, dtype=np.float32).reshape(6, 40)
    tmap = rt.tensor_map(src, "f32", (4, 32))
    assert list(tmap) == [2, 4, 32, 0]
    bar = np.zeros(8, np.int64)
    dst = np.full(2 * 128, -1.0, np.float32)
    rt.mbar_init(bar, 0, 1)
    rt.mbar_arrive_expect_tx(bar, 0, 4 * 32 * 4)          # the full box, clipped or not
    rt.tma_tensor_g2s_2d(dst, 128, src, tmap, 4, 16, bar, 0)  # rows 4..7 of 6, columns 16..47 of 40
    box = dst[128:].reshape(4, 32)
    assert (box[:2, :24] == src[4:6, 16:40]).all() and (box[2:] == 0).all() and (box[:, 24:] == 0).all()
    assert (dst[:128] == -1).all()
    assert rt.mbar_try_wait(bar, 0, 0) == 1               # phase 0 complete
    rt.mbar_init(bar, 1, 1)
    rt.mbar_arrive_expect_tx(bar, 1, 2 * 24 * 4)          # only the bytes inside the tensor
    rt.tma_tensor_g2s_2d(dst, 128, src, tmap, 4, 16, bar, 1)
    assert rt.mbar_try_wait(bar, 1, 0) == 0               # the box's bytes overshoot: never completes
    rt.tma_tensor_g2s_2d(dst, 128, src, tmap, -2, -8, bar, 0)   # negative coordinates: zeros before the tensor
    assert (box[2:, 8:] == src[0:2, 0:24]).all() and (box[:2] == 0).all() and (box[:, :8] == 0).all()
    print("ok")
""")


SIM_SWIZZLE = textwrap.dedent("""
    import numpy as np
    from codegen_cuda import ptx_mbar as rt
    from encode.swizzle import Swizzle
    for dtype, name in ((np.float16, "f16"), (np.float32, "f32")):
        nbytes = np.dtype(dtype).itemsize
        for bits, mode in ((1, 32), (2, 64), (3, 128)):
            width = mode // nbytes                          # one box row spans the mode's bytes
            src = np.arange(16 * width, dtype=dtype).reshape(16, width)
            tmap = rt.tensor_map(src, name, (16, width), mode)
            bar = np.zeros(8, np.int64)
            rt.mbar_init(bar, 0, 1)
            rt.mbar_arrive_expect_tx(bar, 0, src.nbytes)
            di = 1024 // nbytes                             # the second 1024-byte line of the buffer
            dst = np.full(di + src.size, -1, dtype)
            rt.tma_tensor_g2s_2d(dst, di, src, tmap, 0, 0, bar, 0)
            sw = Swizzle(bits, 4 - (nbytes.bit_length() - 1), 3)   # the DSL's swizzle on element offsets
            for r in range(16):
                for c in range(width):
                    assert dst[sw(di + r * width + c)] == src[r, c], (name, mode, r, c)
            assert rt.mbar_try_wait(bar, 0, 0) == 1
    print("ok")
""")


def test_simulated_swizzled_copy_places_elements_where_the_dsl_swizzle_does():
    """The simulator's 32/64/128-byte modes (an XOR of byte-offset bits [4, 4+b) with
    [7, 7+b)) put every element where the kernel's swizzle(b, 4 - log2(bytes), 3), the one
    the proof reads through, puts it."""
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", SIM_SWIZZLE], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


def test_simulated_tensor_copy_zero_fills_and_completes_the_whole_box():
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1", PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-c", SIM_COPY], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


HOST_MAP = textwrap.dedent("""
    import sys, types
    import numpy as np
    from cuda.bindings import driver as cu
    from codegen_cuda.launch import kernel_args, load_module
    from codegen_cuda.module import lower
    from dsl.check import check_source
    path = sys.argv[1]
    text = open(path).read()
    lowered = lower(check_source(text, path).kernel, text)
    mod = load_module(lowered.write(__import__("pathlib").Path(sys.argv[2])))
    calls = []

    def encode(*args):
        calls.append(args)
        m = cu.CUtensorMap()
        return cu.CUresult.CUDA_SUCCESS, m
    cu.cuTensorMapEncodeTiled = encode
    mod.cuda = types.SimpleNamespace(to_device=lambda a: ("device", a.size, a.dtype.str))

    class Dev:
        def __init__(self, shape, addr):
            self.__cuda_array_interface__ = {"shape": shape, "data": (addr, False), "typestr": "<f4",
                                             "strides": None, "version": 3}
    a, c = Dev((3, 64, 96), 0x10000), Dev((3, 64, 32), 0x20000)
    args = kernel_args(mod, {"A": a, "C": c})
    args2 = kernel_args(mod, {"A": a, "C": c})
    assert args[:2] == [a, c] and args[2] == ("device", 128, "|u1") and len(args) == 3
    assert len(calls) == 1, "a map is built once per address and shape"
    dtype, rank, addr, dims, strides, box, elem = calls[0][:7]
    assert dtype == cu.CUtensorMapDataType.CU_TENSOR_MAP_DATA_TYPE_FLOAT32 and rank == 3 and addr == 0x10000
    # the bindings refuse plain ints (seen on an H200, 2026-12-04): 64-bit sizes, 32-bit box
    assert all(isinstance(n, cu.cuuint64_t) for n in dims + strides)
    assert all(isinstance(n, cu.cuuint32_t) for n in box + elem)
    dims, strides, box, elem = ([int(n) for n in v] for v in (dims, strides, box, elem))
    assert dims == [96, 64, 3] and strides == [96 * 4, 64 * 96 * 4] and box == [32, 32, 1] and elem == [1, 1, 1]
    assert calls[0][8] == cu.CUtensorMapSwizzle.CU_TENSOR_MAP_SWIZZLE_NONE
    assert calls[0][10] == cu.CUtensorMapFloatOOBfill.CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE
    # a swizzled destination: the wgmma GEMM's maps write the 128-byte mode
    text = open(sys.argv[3]).read()
    lowered = lower(check_source(text, sys.argv[3]).kernel, text)
    mod = load_module(lowered.write(__import__("pathlib").Path(sys.argv[2])))
    mod.cuda = types.SimpleNamespace(to_device=lambda a: ("device", a.size, a.dtype.str))
    calls.clear()
    a2 = Dev((128, 128), 0x30000)
    kernel_args(mod, {"A": a2, "B": Dev((128, 128), 0x40000), "C": Dev((128, 128), 0x50000)})
    assert len(calls) == 2 and all(c[8] == cu.CUtensorMapSwizzle.CU_TENSOR_MAP_SWIZZLE_128B for c in calls)
    # box coordinates are 32-bit: a dimension past 2^31 - 1 is refused at launch, never wrapped
    try:
        kernel_args(mod, {"A": Dev((1 << 31, 128), 0x60000), "B": Dev((128, 128), 0x40000),
                          "C": Dev((1 << 31, 128), 0x50000)})
        raise AssertionError("a 2^31-row tensor was given a tensor map")
    except RuntimeError as err:
        assert "32-bit" in str(err), err
    print("ok")
""")


def test_host_builds_the_tensor_map_with_innermost_first_dims_and_byte_strides(tmp_path):
    """The GPU half of tensor_map (no driver here: cuTensorMapEncodeTiled is replaced by a
    recorder): 64-bit dimensions innermost first, strides in bytes of dimensions 1.., the box
    reversed, zero fill; one map per (address, shape)."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("NUMBA_ENABLE_CUDASIM", None)
    out = subprocess.run([sys.executable, "-c", HOST_MAP, str(HERE / "kernels" / "tma_batched.dsl"), str(tmp_path),
                          str(REPO / "proofs" / "ws_gemm_wgmma.dsl")],
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-3000:]


def test_a_store_into_a_tensor_a_bulk_copy_reads_is_fenced_for_the_async_proxy():
    """Held-out round 43: generic stores into Y, a block barrier, then a bulk copy of Y. The
    lowering emits fence.proxy.async after the store (PTX: generic writes reach the async
    proxy only through it); a store into a tensor no bulk copy reads has none."""
    from codegen_cuda.module import lower
    kernel, text = checked(HERE / "kernels" / "tma_reads_own_store.dsl")
    source = lower(kernel, text).source
    body = source[source.index(f"def {kernel.name}("):]
    store_y = body.index("store Y[")
    assert body.index("fence_proxy_async()") > store_y
    assert body.count("fence_proxy_async()") == 1        # not after the store into Z
    plain, plain_text = checked(REPO / "proofs" / "ws_accumulate.dsl")
    assert "fence_proxy_async()" not in lower(plain, plain_text).source.split(f"def {plain.name}(")[1]

"""The cost model (codegen_cuda/costmodel*.py) on hand-checked cases: a copy runs at the
copy roofline, a bigger GEMM tile raises intensity, a pipeline without cp.async overlap
hides no latency, bank conflicts and coalescing are counted, figures are labelled."""
from __future__ import annotations

import dataclasses
import math

import pytest

from codegen_cuda.costmodel import ModelError, evaluate, latency_chain, predict, rates
from codegen_cuda.costmodel_access import sectors, wavefronts
from codegen_support import REPO, checked
from encode.target import SOURCES, load_target
from synth.sketch import instantiate, load_sketch

H200 = load_target("sm_90")
GEMM = dict(M=4096, N=4096, K=4096)
SKETCH = REPO / "bench" / "sketches" / "gemm_pipelined.dsl"

COPY = """\
kernel copy(A: f32[M, N], C: f32[M, N]):
    assume M % 32 == 0 and N % 128 == 0
    grid (M / 32, N / 128)
    threads 256
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j)
    a = load A[block.x * 32 : +32, block.y * 128 : +128]
    store C[block.x * 32 : +32, block.y * 128 : +128], a
"""


def kernel_of(text: str, name: str = "k.dsl"):
    return checked(REPO / name, text)[0]


def pipelined(bm: int, bn: int, bk: int, s: int):
    sketch, diags = load_sketch(SKETCH.read_text(), str(SKETCH))
    assert sketch is not None, diags
    return kernel_of(instantiate(sketch, {0: bm, 1: bn, 2: bk, 3: s}))


def test_a_copy_is_memory_bound_at_the_copy_roofline():
    p = predict(kernel_of(COPY), dict(M=8192, N=8192), H200)
    moved = 2 * 8192 * 8192 * 4
    assert p.bound == "memory" and p.bytes_global == moved
    assert p.seconds == pytest.approx(moved / H200.perf.dram_bytes_per_s + H200.perf.launch_overhead_s)
    assert p.gbps == pytest.approx(H200.perf.dram_bytes_per_s / 1e9, rel=0.03)   # less the launch
    assert p.label == "model" and p.registers_source == "estimate"


def test_rows_are_coalesced_and_columns_are_not():
    assert sectors([4 * i for i in range(32)], 4) == 4            # 128 contiguous bytes
    assert sectors([4096 * i for i in range(32)], 4) == 32        # one sector per lane
    assert sectors([0] * 32, 4) == 1


def test_wavefronts_follow_the_bank_rule():
    assert wavefronts([4 * i for i in range(32)], 4, H200) == 1
    assert wavefronts([128 * i for i in range(32)], 4, H200) == 32   # one bank, 32 words
    assert wavefronts([0] * 32, 4, H200) == 1                        # a broadcast
    assert wavefronts([16 * i for i in range(32)], 16, H200) == 4    # 512 bytes, 4 phases
    assert wavefronts([2 * i for i in range(32)], 2, H200) == 1      # f16 pairs share words


def test_an_unpadded_transpose_costs_more_wavefronts_than_a_padded_one():
    bad = kernel_of((REPO / "tests/kernels/bad/bank_transpose_unpadded.dsl").read_text())
    good = kernel_of((REPO / "proofs/transpose_padded.dsl").read_text())
    sizes = dict(M=4096, N=4096)
    worse, better = predict(bad, sizes, H200).features, predict(good, sizes, H200).features
    assert worse.wavefronts > 8 * better.wavefronts


def test_doubling_the_tile_of_a_compute_bound_gemm_raises_intensity():
    small, big = predict(pipelined(64, 64, 32, 3), GEMM, H200), predict(pipelined(128, 128, 32, 3), GEMM, H200)
    assert big.bound == "tensor core"
    assert big.flops == small.flops == 2 * 4096 ** 3
    assert 1.9 * small.intensity < big.intensity <= 2 * small.intensity   # C is stored once either way
    assert big.seconds < small.seconds


def test_a_pipeline_that_overlaps_nothing_pays_the_full_latency_each_iteration():
    lat = H200.perf.global_latency_cycles / H200.perf.clock_hz
    for k in (kernel_of((REPO / "proofs/gemm_tiled.dsl").read_text()), pipelined(128, 128, 32, 2)):
        f = predict(k, GEMM, H200).features
        (iterations, executions, overlap, *_), = f.loops
        assert overlap == 0
        assert latency_chain(f, H200) >= executions * lat + iterations * lat
    deeper = [predict(pipelined(128, 128, 32, s), GEMM, H200).features for s in (3, 4)]
    assert [f.loops[0][2] for f in deeper] == [1, 2]          # wait_group S - 2 leaves S - 2 in flight
    chains = [latency_chain(f, H200) for f in deeper]
    assert chains[1] < chains[0]


def test_tensor_core_gemm_counts_mma_and_ldmatrix_on_the_plan():
    f = predict(pipelined(128, 128, 32, 3), GEMM, H200).features
    per_block = 2 * 128 * 128 * 4096
    assert f.tensor_flops == per_block and f.fp32_ops < per_block / 1000
    # per k-tile: 8 KB of A and 8 KB of B land by cp.async (128 wavefronts), and each of the
    # 8 warps does 2 k-steps of 4 ldmatrix.x4 (A) and 2 ldmatrix.x4.trans (B): 384 more
    assert f.loops[0][6] == 128 + 8 * 2 * (4 + 2) * 4


def test_occupancy_and_registers_from_the_cubin_when_given():
    k = pipelined(128, 128, 32, 3)
    est, cubin = predict(k, GEMM, H200), predict(k, GEMM, H200, registers=166)
    assert cubin.registers_source == "cubin" and cubin.registers == 166 and cubin.occupancy == 1
    assert est.registers_source == "estimate" and est.occupancy >= cubin.occupancy
    too_many = dataclasses.replace(est.features, registers=300, threads=1024)
    assert evaluate(too_many, H200).occupancy == 0 and math.isinf(evaluate(too_many, H200).seconds)


def test_predictions_are_deterministic_and_rates_come_from_the_target():
    k = pipelined(128, 128, 32, 3)
    assert predict(k, GEMM, H200) == predict(k, GEMM, H200)
    assert rates(H200)["fp32"] == 128 * H200.perf.clock_hz


def test_every_constant_is_labelled_and_targets_without_constants_are_refused():
    assert H200.perf.sources and all(src in SOURCES for _, src, _ in H200.perf.sources)
    assert H200.perf.source("dram_bytes_per_s") == "measured" and H200.perf.source("sm_count") == "peak (vendor)"
    with pytest.raises(ModelError, match="no performance constants"):
        predict(kernel_of(COPY), dict(M=64, N=128), load_target("mi300x"))


def test_the_sketch_instance_is_modelled_as_the_shipped_proof():
    """bench/sketches/gemm_pipelined.dsl at the proof's constants is the same kernel for the
    model as proofs/gemm_pipelined.dsl (it only slices the shared tiles explicitly)."""
    proof = kernel_of((REPO / "proofs/gemm_pipelined.dsl").read_text())
    assert predict(pipelined(128, 128, 32, 3), GEMM, H200).features == predict(proof, GEMM, H200).features


def test_a_loop_whose_trip_count_depends_on_the_block_is_counted_over_the_grid():
    """Causal attention's key loop runs block.x times: the per-block figures are the grid's
    mean (31.5 trips at S = 4096), and the longest block (63 trips) bounds the makespan; its
    work is what a kernel whose every block ran 63 trips would count."""
    text = (REPO / "proofs/causal_attention.dsl").read_text()
    causal = predict(kernel_of(text), dict(S=4096), H200)
    f = causal.features
    assert f.loops[0][0] == 31.5 and f.peak_loops[0][0] == 63
    uniform = kernel_of(text.replace("range(1, block.x + 1)", "range(1, S / BN)"))
    u = predict(uniform, dict(S=4096), H200).features
    assert not u.peak and u.loops[0][0] == 63
    assert f.peak[:5] == (u.tensor_flops, u.fp32_ops, u.sfu_ops, u.wavefronts, u.sectors)
    assert f.fp32_ops < 0.51 * u.fp32_ops and f.dram_bytes == u.dram_bytes
    assert latency_chain(f, H200, longest=True) == pytest.approx(2 * latency_chain(f, H200), rel=0.01)
    # one wave of 64 blocks: the longest block sets the time, as it does the uniform kernel's
    assert causal.waves == 1 and causal.seconds == pytest.approx(predict(uniform, dict(S=4096), H200).seconds,
                                                                 rel=0.05)


def test_bulk_copies_are_charged_per_instruction_issued():
    """A tma_load the tensor-map form takes is one instruction per tile; into a swizzle no
    map writes it is one 16-byte copy per chunk, issued one after another (the wgmma GEMM's
    350 ms on an H200 before the swizzled map form): the model charges each instruction."""
    path = REPO / "proofs" / "ws_accumulate.dsl"
    target = load_target("sm_90")
    sizes = {"M": 4096, "K": 4096}
    text = path.read_text()
    plain = predict(checked(path, text)[0], sizes, target)
    mode = predict(checked(path, text.replace("sA = shared f32[S, BM, BK]",
                                              "sA = shared f32[S, BM, BK] swizzle(3, 2, 3)"))[0], sizes, target)
    chunks = predict(checked(path, text.replace("sA = shared f32[S, BM, BK]",
                                                "sA = shared f32[S, BM, BK] swizzle(3, 3, 3)"))[0], sizes, target)
    tiles = sizes["K"] // 32
    assert plain.features.bulk_ops == mode.features.bulk_ops == tiles
    assert chunks.features.bulk_ops == tiles * 32 * 32 * 4 // 16
    issue = dict(chunks.terms)["bulk issue"]
    assert issue == pytest.approx(dict(plain.terms)["bulk issue"] * 256)
    assert chunks.seconds > 5 * plain.seconds and chunks.why.startswith("bulk copies")


def test_a_load_forwarded_into_a_shuffle_reduction_is_read_once():
    # the row-sum seed's first column tile is loaded by the lanes of the reduction itself
    # (no register array): its bytes were missing, so every wider first tile looked cheaper
    text = (REPO / "tasks" / "seeds" / "row_sum.dsl").read_text()
    p = predict(kernel_of(text), dict(R=8192, C=8192), H200)
    assert p.bytes_global == 8192 * 8192 * 4 + 8192 * 4

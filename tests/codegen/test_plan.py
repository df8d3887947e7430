"""How cross-thread reads of register tiles are served: forwarded to the load's source
only when that is exact, otherwise materialised through shared memory, otherwise an
error that names the construct."""
from __future__ import annotations

from pathlib import Path

import pytest

from codegen_cuda import plan as planning
from codegen_cuda.module import lower
from codegen_cuda.scalar import LoweringError
from codegen_support import REPO, checked

HEAD = """kernel k(X: f32[M, 32], Y: f32[M, 32]):
    assume M % 32 == 0
    grid (M / 32)
    threads 128
    s = shared f32[32, 32]
    copy s[0 : +32, 0 : +32], X[block.x * 32 : +32, 0 : +32]
    barrier
"""


def _plan(body: str, tmp_path: Path):
    """The plan with every reduction serial: its owners read the whole reduced axis across
    threads, which is what these tests serve (a parallel reduction reads its own values)."""
    path = tmp_path / "k.dsl"
    kernel, _ = checked(path, HEAD + body)
    return planning.build(kernel, parallel=False)


def _forwarded(plan) -> set[str]:
    return {name for (_, name) in plan.forwards}


def test_pipelined_gemm_forwards_both_operands():
    kernel, _ = checked(REPO / "proofs" / "gemm_pipelined.dsl")
    plan = planning.build(kernel)
    assert _forwarded(plan) == {"a", "b"}
    assert not any(t.materialise for t in plan.tiles.values())
    assert plan.smem_bytes == 2 * 3 * 128 * 32 * 2


def test_a_barrier_between_load_and_use_forces_materialising(tmp_path):
    plan = _plan("    t = load s[0 : +32, 0 : +32]\n    barrier\n    m = max(t, axis=0)\n"
                 "    store Y[block.x * 32, 0 : +32], m\n", tmp_path)
    assert plan.tiles["t"].materialise and not _forwarded(plan)


def test_no_barrier_between_load_and_use_forwards(tmp_path):
    plan = _plan("    t = load s[0 : +32, 0 : +32]\n    m = max(t, axis=0)\n"
                 "    store Y[block.x * 32, 0 : +32], m\n", tmp_path)
    assert _forwarded(plan) == {"t"} and not plan.tiles["t"].materialise


def test_a_write_to_the_source_between_load_and_use_forces_materialising(tmp_path):
    plan = _plan("    t = load s[0 : +32, 0 : +32]\n    copy s[0 : +32, 0 : +32], X[0 : +32, 0 : +32]\n"
                 "    m = max(t, axis=0)\n    store Y[block.x * 32, 0 : +32], m\n", tmp_path)
    assert plan.tiles["t"].materialise


def test_a_store_to_the_source_between_load_and_use_forces_materialising(tmp_path):
    plan = _plan("    t = load s[0 : +32, 0 : +32]\n    u = t * 2.0\n    store s[0 : +32, 0 : +32], u\n"
                 "    m = max(t, axis=0)\n    store Y[block.x * 32, 0 : +32], m\n", tmp_path)
    assert plan.tiles["t"].materialise and not _forwarded(plan)


def test_a_store_of_the_tile_into_its_own_source_is_not_forwarded(tmp_path):
    # The store redistributes t (thread e / 8 does element e): a forwarded read of s would
    # see elements other threads of the same store have already overwritten.
    plan = _plan("    t = load s[0 : +32, 0 : +32]\n    store s[0 : +32, 0 : +32], t layout (128, 8):(8, 1)\n"
                 "    store Y[block.x * 32 : +32, 0 : +32], t\n", tmp_path)
    assert plan.tiles["t"].materialise and not _forwarded(plan)


def test_a_loop_carried_redefinition_is_not_forwarded(tmp_path):
    """The use in iteration r + 1 sees the load later in iteration r, not the one above."""
    plan = _plan("    t = load s[0 : +32, 0 : +32]\n    u = zeros f32[32, 32]\n    for r in range(2):\n"
                 "        u = bcast(max(t, axis=0), axis=0, n=32)\n        t = load s[0 : +32, 0 : +32]\n"
                 "    store Y[block.x * 32 : +32, 0 : +32], u\n", tmp_path)
    assert plan.tiles["t"].materialise


def test_thread_dependent_definition_of_a_cross_thread_tile_is_an_error(tmp_path):
    with pytest.raises(LoweringError, match="thread-dependent"):
        _plan("    if thread.x < 64:\n        t = zeros f32[32, 32]\n        m = max(t, axis=0)\n"
              "        store Y[block.x * 32, 0 : +32], m\n", tmp_path)


def test_a_cross_thread_tile_defined_in_a_thread_dependent_loop_is_an_error(tmp_path):
    """Materialising needs a barrier at each definition; a loop whose trip count depends on
    the thread would put it in divergent code (and a warp collective there would hang)."""
    with pytest.raises(LoweringError, match="thread-dependent"):
        _plan("    m = zeros f32[32]\n    for r in range(thread.x % 2 + 1):\n"
              "        t = load s[0 : +32, 0 : +32]\n        copy s[0 : +32, 0 : +32], X[0 : +32, 0 : +32]\n"
              "        m = max(t, axis=0)\n    store Y[block.x * 32, 0 : +32], m\n", tmp_path)


def test_register_tile_with_two_distributions_is_an_error(tmp_path):
    with pytest.raises(LoweringError, match="redefined"):
        _plan("    t = load s[0 : +32, 0 : +32] layout copy(vec=4)\n    t = load s[0 : +32, 0 : +32] layout copy(vec=8)\n"
              "    store Y[block.x * 32 : +32, 0 : +32], t\n", tmp_path)


def test_negative_division_uses_truncating_helpers(tmp_path):
    source = lower(checked(tmp_path / "k.dsl", HEAD + "    for r in range(-2, 2):\n"
                           "        if r / 2 == 0:\n            barrier\n")[0]).source
    assert "_tdiv(r, 2)" in source and "def _tdiv(" in source


def test_scratch_shared_memory_counts_against_the_target_limit(tmp_path):
    """120 x 256 floats declared (under the limit, so RES is silent about shared memory)
    plus the lowering's scratch copy of a 112 x 256 tile read across threads: over
    sm_90's 232448 bytes per block, which the lowering must refuse, not emit."""
    text = ("kernel big(X: f32[R, 256], Y: f32[R, 256]):\n    assume R % 224 == 0\n    grid (R / 224)\n"
            "    threads 256\n    s = shared f32[120, 256]\n"
            "    copy s[0 : +120, 0 : +256], X[block.x * 224 : +120, 0 : +256]\n    barrier\n"
            "    x = load s[0 : +112, 0 : +256]\n    y = load X[block.x * 224 + 112 : +112, 0 : +256]\n"
            "    z = x + y\n    w = sum(z, axis=1)\n    t = bcast(w, axis=1, n=256) + z\n"
            "    store Y[block.x * 224 : +112, 0 : +256], t\n")
    kernel, _ = checked(tmp_path / "big.dsl", text)
    with pytest.raises(LoweringError, match=r"238016 bytes of shared memory .*115136 .* sm_90's 232448"):
        lower(kernel, text)
    small, _ = checked(tmp_path / "small.dsl", text.replace("f32[120, 256]", "f32[112, 256]")
                       .replace("0 : +120, 0 : +256], X[block.x * 224 : +120", "0 : +112, 0 : +256], X[block.x * 224 : +112"))
    assert lower(small, text).smem_bytes <= 232448

"""Reductions lowered in parallel across warps (codegen_cuda/cross_warp.py,
reduce_lower.py): the split of every planned form checked element by element, each new
shape run on the CUDA simulator against NumPy, the barrier before the partials in a loop
shown necessary by the interpreter's lowered mode, and the serial lowering kept wherever
the parallel form does not apply."""
from __future__ import annotations

import dataclasses
import functools
from pathlib import Path

import numpy as np
import pytest

from codegen_cuda import plan as planning
from codegen_cuda.cross_warp import CrossWarp, cross_warp, partial_writes
from codegen_cuda.differential import lowering_races
from codegen_cuda.module import lower
from codegen_cuda.runner import RunOptions, run_kernel
from codegen_support import REPO, checked, extra_kernels, proof_kernels
from encode.distribution import default

ROWS = """\
kernel rows(X: f32[R, 512], S: f32[R], Mx: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 256
    x = load X[block.x * 4 : +4, 0 : +512]
    s = sum(x, axis=1)
    m = max(x, axis=1)
    store S[block.x * 4 : +4], s
    store Mx[block.x * 4 : +4], m
"""
ROWS_REF = """\
import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    x = inputs["X"]
    return {"S": x.sum(axis=1, dtype=np.float32), "Mx": x.max(axis=1)}
"""

COLUMNS = """\
kernel cols(X: f32[R, 128], Mn: f32[G, 128], S: f32[G, 128]):
    assume R % 64 == 0 and G * 64 == R
    grid (R / 64)
    threads 256
    x = load X[block.x * 64 : +64, 0 : +128]
    m = min(x, axis=0)
    s = sum(x * 2.0, axis=0)
    store Mn[block.x, 0 : +128], m
    store S[block.x, 0 : +128], s
"""
COLUMNS_REF = """\
import numpy as np
TEST_SIZES = {"R": 128, "G": 2}
def reference(inputs, sizes):
    x = inputs["X"].reshape(-1, 64, 128)
    return {"Mn": x.min(axis=1), "S": (x * 2).sum(axis=1, dtype=np.float32)}
"""

# 192 threads over rows of 48: a warp holds the end of one row and the start of the next,
# so the butterfly is 16 lanes wide and each row has 3 partials
UNEVEN = """\
kernel uneven(X: f32[R, 48], S: f32[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 192
    x = load X[block.x * 4 : +4, 0 : +48]
    s = sum(x, axis=1)
    store S[block.x * 4 : +4], s
"""
UNEVEN_REF = """\
import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    return {"S": inputs["X"].sum(axis=1, dtype=np.float32)}
"""

# 192 active threads of 256 (three warps per row, the last two warps idle) in a loop: the
# partials' barrier at the top of each execution, and a running sum outside the reduction
IDLE_LOOP = """\
kernel idle_loop(X: f32[R, C], S: f32[R]):
    assume R % 2 == 0 and C % 96 == 0
    grid (R / 2)
    threads 256
    s = zeros f32[2]
    for ct in range(C / 96):
        x = load X[block.x * 2 : +2, ct * 96 : +96] layout (192, 1):(1, 0)
        s = s + sum(x, axis=1)
    store S[block.x * 2 : +2], s
"""
IDLE_LOOP_REF = """\
import numpy as np
TEST_SIZES = {"R": 4, "C": 192}
def reference(inputs, sizes):
    return {"S": inputs["X"].sum(axis=1, dtype=np.float32)}
"""

INTS = ROWS.replace("rows(", "ints(").replace("f32", "i32").replace("512", "1024")   # the same rows, exact
INTS_REF = """\
import numpy as np
TEST_SIZES = {"R": 4}
def make_inputs(sizes, rng):
    x = rng.integers(-2**20, 2**20, size=(sizes["R"], 1024)).astype(np.int32)
    return {"X": x}
def reference(inputs, sizes):
    x = inputs["X"]
    return {"S": x.astype(np.int64).sum(axis=1).astype(np.int32), "Mx": x.max(axis=1)}
"""

# f16 values accumulate in f32 partials and are rounded once, at the owners' store
HALF = """\
kernel half(X: f16[R, 512], S: f16[R]):
    assume R % 4 == 0
    grid (R / 4)
    threads 256
    x = load X[block.x * 4 : +4, 0 : +512]
    s = sum(x * x, axis=1)
    store S[block.x * 4 : +4], s
"""
HALF_REF = """\
import numpy as np
TEST_SIZES = {"R": 8}
def reference(inputs, sizes):
    x = inputs["X"].astype(np.float32)
    return {"S": (x * x).sum(axis=1).astype(np.float16)}
"""

CASES = {"half": (HALF, HALF_REF), "rows": (ROWS, ROWS_REF), "cols": (COLUMNS, COLUMNS_REF), "uneven": (UNEVEN, UNEVEN_REF),
         "idle_loop": (IDLE_LOOP, IDLE_LOOP_REF), "ints": (INTS, INTS_REF)}


def _kernel(name: str, tmp_path: Path):
    text, ref = CASES[name]
    path = tmp_path / f"{name}.dsl"
    path.write_text(text)
    path.with_name(f"{name}.ref.py").write_text(ref)
    kernel, _ = checked(path, text)
    return kernel, text, path


def _forms(kernel) -> list:
    return [(r.target, r.form) for r in planning.build(kernel).reductions.values()]


def test_the_shapes_take_the_parallel_forms_they_were_written_for(tmp_path):
    forms = {name: _forms(_kernel(name, tmp_path)[0]) for name in CASES}
    assert [(t, f.width, f.parts) for t, f in forms["half"]] == [("s", 32, 8)]
    assert [(t, f.width, f.parts, len(f.slots)) for t, f in forms["rows"]] == [("s", 32, 8, 4), ("m", 32, 8, 4)]
    assert [(t, f.width, f.parts) for t, f in forms["cols"]] == [("m", 1, 2), ("s", 1, 2)]
    assert [(t, f.width, f.parts, f.chunk) for t, f in forms["uneven"]] == [("s", 16, 3, 16)]
    assert [(t, f.width, f.parts, f.threads) for t, f in forms["idle_loop"]] == [("s", 32, 3, 192)]
    # an integer sum's int64 partials go through shared memory unshuffled; the max shuffles
    assert [(t, f.width) for t, f in forms["ints"]] == [("s", 1), ("m", 32)]
    plan = planning.build(_kernel("ints", tmp_path)[0])
    assert {r.target: r.acc.value for r in plan.reductions.values()} == {"s": "i64", "m": "i32"}


@pytest.mark.simulator
@pytest.mark.parametrize("name", sorted(CASES))
def test_the_parallel_form_matches_numpy_on_the_simulator(name, tmp_path):
    kernel, text, path = _kernel(name, tmp_path)
    source = lower(kernel, text).source
    assert "reduced in parallel" in source and "cuda.syncthreads()" in source
    opts = RunOptions(sim=True, seed=0, cache_dir=tmp_path / "cache", reference=path.with_name(f"{name}.ref.py"))
    from codegen_support import reference_module
    result = run_kernel(kernel, text, path, dict(reference_module(path).TEST_SIZES), opts)
    assert result.mode == "simulator" and result.ok, result.table()
    if name == "ints":
        assert all(c.rel_err == 0 for c in result.checks), result.table()


def _simulate(x, axis: int, form: CrossWarp, values: np.ndarray) -> np.ndarray:
    """The generated code's arithmetic in NumPy (sums): own values into slots, the
    butterfly, the writers' cells (each written once), the owners' sums."""
    partial = np.zeros((form.threads, len(form.slots)))
    for t in range(form.threads):
        for j, slot in enumerate(form.slots):
            partial[t, j] = sum(values[x.concrete(t, v)] for v in slot)
    mask = 1
    while mask < form.width:
        partial = partial + partial[np.arange(form.threads) ^ mask]
        mask *= 2
    cells = np.full(form.parts * form.outputs, np.nan)
    writes = partial_writes(x, axis, form)
    slots = len(form.slots)
    for i, (t, pos) in enumerate(writes):
        assert np.isnan(cells[pos]), "two partials in one cell"
        cells[pos] = partial[t, i % slots]
    assert not np.isnan(cells).any(), "a cell no partial fills"
    return cells.reshape(form.parts, form.outputs).sum(axis=0)


@functools.lru_cache(maxsize=None)
def _planned_forms():
    out = []
    for path in proof_kernels() + extra_kernels():
        kernel, _ = checked(path)
        plan = planning.build(kernel)
        out += [(path.stem, plan.tiles[r.source].dist, r.axis, r.form) for r in plan.reductions.values()]
    return out


def test_every_planned_form_combines_each_element_once_into_its_output():
    forms = _planned_forms()
    assert {name for name, *_ in forms} >= {"softmax", "layernorm", "logsoftmax", "rmsnorm", "gemv"}
    rng = np.random.default_rng(0)
    for name, x, axis, form in forms:
        values = rng.integers(-1000, 1000, x.elements).astype(np.float64)
        want = values.reshape(x.shape).sum(axis=axis).reshape(-1)
        assert np.array_equal(_simulate(x, axis, form, values), want), name


@pytest.mark.parametrize("shape,threads,axis", [((4, 1024), 256, 1), ((32, 64), 256, 0), ((64, 64), 256, 1),
                                                 ((4, 1024), 256, 0), ((4, 48), 192, 1), ((2, 96), 256, 1),
                                                 ((6, 128), 256, 1), ((8, 8), 32, 0)])
def test_default_layouts_split_exactly(shape, threads, axis):
    x = default(shape, threads)
    out = default(tuple(n for i, n in enumerate(shape) if i != axis), threads)
    form = cross_warp(x, axis, out, shuffle=True)
    if form is None:
        return
    values = np.arange(x.elements, dtype=np.float64) * 3 - 7
    assert np.array_equal(_simulate(x, axis, form, values), values.reshape(shape).sum(axis=axis).reshape(-1))


def test_in_a_loop_the_barrier_before_the_partials_is_needed(tmp_path, monkeypatch):
    """Without it the next iteration's writers overwrite partials that owners of this one
    may still be reading: the interpreter's lowered mode reports the race."""
    kernel, _, _ = _kernel("idle_loop", tmp_path)
    sizes = {"R": 4, "C": 192}
    assert lowering_races(kernel, sizes) == []
    from codegen_cuda import lowered_accesses

    def unfenced(k):
        plan = planning.build(k)
        plan.reductions = {i: dataclasses.replace(r, fence=False) for i, r in plan.reductions.items()}
        return plan
    monkeypatch.setattr(lowered_accesses, "build", unfenced)
    races = lowering_races(kernel, sizes)
    assert races and races[0].rule in ("RACE", "WAR"), [str(v) for v in races]


SERIAL = {
    "an integer expression": "    m = max(x * 2, axis=1)\n",
    "two reductions in one statement": "    m = max(x, axis=1) - min(x, axis=1)\n",
    "a cast above the reduction": "    m = cast(max(x, axis=1), i32)\n",
}


@pytest.mark.parametrize("why", sorted(SERIAL))
def test_the_serial_lowering_stays_where_the_parallel_form_does_not_apply(why, tmp_path):
    text = ("kernel k(X: i32[R, 1024], Y: i32[R]):\n    assume R % 4 == 0\n    grid (R / 4)\n    threads 256\n"
            "    x = load X[block.x * 4 : +4, 0 : +1024]\n" + SERIAL[why] + "    store Y[block.x * 4 : +4], m\n")
    kernel, _ = checked(tmp_path / "k.dsl", text)
    assert not planning.build(kernel).reductions
    assert "reduced in parallel" not in lower(kernel, text).source


def test_a_thread_local_reduction_stays_serial():
    """col_max: each thread holds its column's whole axis; nothing to exchange."""
    kernel, _ = checked(REPO / "proofs" / "col_max.dsl")
    assert not planning.build(kernel).reductions


def test_a_scratch_over_the_shared_memory_limit_keeps_every_reduction_serial():
    kernel, _ = checked(REPO / "proofs" / "softmax.dsl")
    parallel = planning.build(kernel)
    assert len(parallel.reductions) == 2 and parallel.smem_bytes == 288
    serial = planning.build(kernel, smem_limit=parallel.smem_bytes - 1)
    assert not serial.reductions and serial.tiles["p"].materialise


SOFTMAX_ONE_ROW = """
kernel softmax(X: f32[R, 1024], Y: f32[R, 1024]):
    const BR, C = 1, 1024
    assume R % BR == 0
    grid (R / BR)
    threads 128
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r)
    x = load X[block.x * BR : +BR, 0 : +C]
    m = max(x, axis=1)
    p = exp(x - bcast(m, axis=1, n=C))
    l = sum(p, axis=1)
    y = p / bcast(l, axis=1, n=C)
    store Y[block.x * BR : +BR, 0 : +C], y
"""


def test_the_lowered_reads_of_a_shared_copy_make_the_access_not_a_copy_of_its_records():
    # l (a row sum over a softmax) holds C * C = 2^20 records; the lowered code reads its shared
    # copy once per element of y (1024 reads): copying the records took 32 GiB (tune, round 38)
    import tracemalloc
    kernel, _ = checked(Path("softmax_one_row.dsl"), SOFTMAX_ONE_ROW)
    tracemalloc.start()
    try:
        assert lowering_races(kernel, {"R": 1}) == []
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 << 30

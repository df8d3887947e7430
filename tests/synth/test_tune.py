"""argus tune (synth/tune.py, argus_verify/tune_cmd.py): configurations the assumes or RES
reject never become candidates, the ranking is deterministic, and the pipelined GEMM's
proof configuration ranks near the top."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import synth.tune as tune_mod
from argus_verify.cli import main as argus
from synth.sketch import load_sketch
from synth.tune import TuneError, TuneOptions, combinations, tune

REPO = Path(__file__).resolve().parents[2]

# R only sizes a shared buffer nobody reads, V the values each thread loads: R = 1024 is
# 1 MiB of shared memory, the second hole 2048 threads (both RES, caught without the
# solver); V = 3 breaks the assume at M = 131072; V = 512 needs 512 registers per thread,
# which only the verifier's RES rule sees.
STAGE = """\
kernel stage(A: f32[M], C: f32[M]):
    assume M % (256 * V) == 0
    const R, V = ??{2, 1, 1024}, ??{1, 3, 512}
    grid (M / (256 * V))
    threads ??{256, 2048}
    tag A[i] = (row=i)
    tag C[i] = (row=i)
    s = shared f32[R, 256]
    a = load A[block.x * 256 * V : +256 * V]
    assert tag(a[i]).row == block.x * 256 * V + i
    store C[block.x * 256 * V : +256 * V], a
"""
SIZES = {"M": 131072}


def sketch_of(text: str, path: str = "stage.dsl"):
    sketch, diags = load_sketch(text, path)
    assert sketch is not None, diags
    return sketch


def test_rejected_configurations_never_reach_the_solver_nor_the_ranking(monkeypatch):
    proved = []
    real = tune_mod._prove_one
    monkeypatch.setattr(tune_mod, "_prove_one", lambda job: proved.append(dict(job[0])) or real(job))
    result = tune(sketch_of(STAGE), SIZES, TuneOptions())
    assert result.total == 18
    rejected = {o.values: o.reason for o in result.others if o.status == "rejected"}
    assert len(rejected) == 14 and len(proved) == 4
    assert all(v["R"] != 1024 and v["V"] != 3 and 2048 not in v.values() for v in proved)
    # R = 1024 makes a 262144-element shared tile: over the front end's tile limit (E032), so
    # that instance does not check; the others break an assume or the target's limits (RES).
    assert {r.split(":")[0] for r in rejected.values()} == {"RES", "assume", "does not check"}
    violations = [o for o in result.others if o.status == "violation"]
    assert [dict(o.values)["V"] for o in violations] == [512, 512] and all(o.reason.startswith("RES")
                                                                        for o in violations)
    for o in result.ranked:
        v = dict(o.values)
        assert v["R"] in (1, 2) and v["V"] == 1 and o.prediction.label == "model"


def test_ranking_is_deterministic_and_ties_go_to_the_smaller_values():
    first = tune(sketch_of(STAGE), SIZES, TuneOptions())
    again = tune(sketch_of(STAGE), SIZES, TuneOptions(jobs=2))
    assert first == again
    assert [dict(o.values)["R"] for o in first.ranked] == [1, 2]     # equal model times
    assert first.ranked[0].prediction.seconds == first.ranked[1].prediction.seconds


def test_open_holes_and_hole_free_kernels_are_refused():
    # An unbounded hole as a constant's value is refused by the sketch front end itself.
    sketch, diags = load_sketch(STAGE.replace("??{2, 1, 1024}", "??"), "stage.dsl")
    assert sketch is None and [d.code for d in diags] == ["E017"] and "compile-time integer" in diags[0].message
    with pytest.raises(TuneError, match="no holes"):
        combinations(sketch_of((REPO / "proofs/gemm_naive.dsl").read_text()))


def test_cli_table_is_labelled_model_and_json_is_stable(tmp_path, capsys):
    path = tmp_path / "stage.dsl"
    path.write_text(STAGE)
    assert argus(["tune", str(path), "--size", "M=131072", "--registers", "estimate", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "model us" in out and "model bound" in out and "model: predicted by the analytical cost model" in out
    assert "18 configurations: 2 proved and ranked, 14 rejected, 2 violation" in out
    runs = []
    for _ in range(2):
        assert argus(["tune", str(path), "--size", "M=131072", "--registers", "estimate", "--json"]) == 0
        runs.append(capsys.readouterr())
    assert runs[0].out == runs[1].out and "[verify 18/18]" in runs[0].err
    data = json.loads(runs[0].out)
    assert data["label"] == "model" and [r["values"]["R"] for r in data["ranked"]] == [1, 2]


def test_cli_bad_input_exits_2(tmp_path, capsys):
    path = tmp_path / "stage.dsl"
    path.write_text(STAGE)
    assert argus(["tune", str(path), "--size", "M=x"]) == 2
    assert argus(["tune", str(path), "--size", "M=64", "--target", "mi300x"]) == 2
    assert "no performance constants" in capsys.readouterr().err


def test_the_pipelined_gemm_proof_configuration_ranks_in_the_top_three(tmp_path, capsys):
    """bench/sketches/gemm_pipelined.dsl narrowed to the 6 configurations of 128x128 tiles
    with BK 16, 32, 64 and 2 or 3 stages (bench/tune.py ranks all 81; docs/COSTMODEL.md)."""
    text = (REPO / "bench/sketches/gemm_pipelined.dsl").read_text()
    narrowed = text.replace("??{64, 128, 256}, ??{64, 128, 256}, ??{16, 32, 64}, ??{2, 3, 4}",
                            "??{128}, ??{128}, ??{16, 32, 64}, ??{2, 3}")
    assert narrowed != text
    path = tmp_path / "gemm.dsl"
    path.write_text(narrowed)
    assert argus(["tune", str(path), "--size", "M=4096,N=4096,K=4096", "--registers", "estimate",
                  "--json", "--jobs", "2", "--quiet"]) == 0
    ranked = json.loads(capsys.readouterr().out)["ranked"]
    assert len(ranked) == 6
    top = [tuple(r["values"][k] for k in ("BM", "BN", "BK", "S")) for r in ranked[:3]]
    assert (128, 128, 32, 3) in top, top


def test_auto_registers_refine_the_best_with_the_cubins_count(monkeypatch):
    calls = []
    monkeypatch.setattr(tune_mod, "_registers", lambda kernel, text, opts: calls.append(text) or 255)
    result = tune(sketch_of(STAGE), SIZES, TuneOptions(registers="auto", refine=1))
    assert len(calls) == 1
    sources = {dict(o.values)["R"]: o.prediction.registers_source for o in result.ranked}
    assert sources == {1: "cubin", 2: "estimate"}
    cubin = next(o for o in result.ranked if o.prediction.registers_source == "cubin")
    assert cubin.prediction.registers == 255 and cubin.prediction.occupancy == 1
    assert result.ranked == tuple(sorted(result.ranked, key=lambda o: o.key))


VEC = """\
kernel copy_rows(A: f32[M, 64], C: f32[M, 64]):
    assume M % 16 == 0
    const V = ??{3, 4, 8}
    grid (M / 16)
    threads 128
    tag A[i, j] = (row=i, col=j)
    tag C[i, j] = (row=i, col=j)
    s = shared f32[16, 64]
    copy s[0 : +16, 0 : +64], A[block.x * 16 : +16, 0 : +64] layout copy(vec=V)
    barrier
    t = load s[0 : +16, 0 : +64]
    store C[block.x * 16 : +16, 0 : +64], t
"""


def test_a_vector_width_can_be_a_hole():
    """`copy(vec=V)` with V a hole checks as a sketch; each filling is checked as a kernel
    (vec=3 is not a power of two and is refused before the solver)."""
    out = tune(sketch_of(VEC, "vec.dsl"), {"M": 64}, TuneOptions())
    assert sorted(dict(o.values)["V"] for o in out.ranked) == [4, 8]
    assert all(o.status == "proved" for o in out.ranked)


@pytest.mark.parametrize("size,why", [("M=64,Q=4", "unknown Q"), ("Q=4", "missing M"), ("M=0", "positive: M=0")])
def test_sizes_that_do_not_fit_the_sketch_are_bad_input(tmp_path, capsys, size, why):
    """New-user round 38: every configuration was rejected, exit 1, no reason in the table."""
    path = tmp_path / "stage.dsl"
    path.write_text(STAGE)
    assert argus(["tune", str(path), "--size", size]) == 2
    assert why in capsys.readouterr().err


def test_configurations_that_mismatch_the_sketchs_reference_are_not_ranked(tmp_path, capsys):
    """New-user round 38: a claim that does not count the columns (no range on S) proves a
    row sum that skips its first tile, and the model ranks it first (it is faster); with
    NAME.ref.py beside the sketch the best configurations run on the simulator first."""
    sketch = tmp_path / "rowsum.dsl"
    sketch.write_text((REPO / "tests/synth/sketches/row_sum_start.dsl").read_text()
                      .replace("tag S[r] = (row=r, col=range(0, C))", "tag S[r] = (row=r)")
                      .replace("assume C % 32 == 0", "assume C % 32 == 0 and C >= 64"))
    (tmp_path / "rowsum.ref.py").write_text((REPO / "tests/synth/sketches/row_sum_start.ref.py").read_text())
    assert argus(["tune", str(sketch), "--size", "R=64,C=4096", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "1  ??@11:21=0  proved, matches" in out
    assert "??@11:21=1: mismatch: proved, but on the simulator against rowsum.ref.py" in out

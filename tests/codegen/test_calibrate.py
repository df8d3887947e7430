"""argus calibrate (codegen_cuda/calibrate.py) on a synthetic results file: times made by
the model itself under other constants must be fitted back, with the rank correlation
and the error reported before and after."""
from __future__ import annotations

import json

import pytest

from argus_verify.cli import main as argus
from codegen_cuda.calibrate import calibrate, features_json, load_measurements, spearman
from codegen_cuda.costmodel import evaluate, predict, with_constants
from codegen_support import REPO, checked
from encode.target import load_target
from synth.sketch import instantiate, load_sketch

H200 = load_target("sm_90")
TRUE = with_constants(H200, global_latency_cycles=1200.0, l2_bytes_per_s=5e12, mma_sync_fraction=0.5)


def _kernels():
    sketch, _ = load_sketch((REPO / "bench/sketches/gemm_pipelined.dsl").read_text(), "s.dsl")
    gemm = dict(M=4096, N=4096, K=4096)
    out = [(f"gemm_{bm}x{bk}x{s}", checked(REPO / "g.dsl", instantiate(sketch, {0: bm, 1: 128, 2: bk, 3: s}))[0], gemm)
           for bm, bk, s in ((128, 32, 3), (128, 32, 2), (64, 16, 3), (128, 64, 4))]
    # col_max's loads are a chain of round trips, which pins the latency down (softmax's were
    # until its reductions went parallel across warps)
    for name, sizes in (("col_max", dict(R=8192, C=8192)), ("gemm_tiled", dict(M=2048, N=2048, K=2048)),
                        ("transpose_padded", dict(M=8192, N=8192))):
        out.append((name, checked(REPO / "proofs" / f"{name}.dsl")[0], sizes))
    return out


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """A bench/gpu.py results file whose times come from the model under TRUE's constants
    (with a deterministic ±3% wobble), and a bundle manifest holding the features."""
    rows, manifest = [], []
    for i, (name, kernel, sizes) in enumerate(_kernels()):
        f = predict(kernel, sizes, H200).features
        ms = evaluate(f, TRUE).seconds * 1e3 * (1 + 0.03 * ((-1) ** i))
        model = {"label": "model", "sizes": sizes, "features": features_json(f)}
        rows.append({"kernel": name, "sizes": sizes, "ms": ms, "model": model})
        manifest.append({"name": name, "model": model})
    d = tmp_path_factory.mktemp("cal")
    (d / "gpu_bench.json").write_text(json.dumps({"peaks": {"copy_gbps": 4300.0, "fp16_tflops": 788.0},
                                                  "rows": rows}))
    stripped = [{k: v for k, v in r.items() if k != "model"} for r in rows]
    (d / "bare.json").write_text(json.dumps({"peaks": {}, "rows": stripped + [{"kernel": "x", "error": "e"}]}))
    (d / "bundle").mkdir()
    (d / "bundle" / "manifest.json").write_text(json.dumps(manifest))
    return d


def test_the_fit_recovers_the_times_and_reports_before_and_after(results):
    fit = calibrate(load_measurements(results / "gpu_bench.json"), H200)
    before, after = fit.stats(fit.before), fit.stats(fit.after)
    assert after["rms_log_error"] < before["rms_log_error"] / 3
    assert after["median_rel_error"] < 0.05 and after["spearman"] >= before["spearman"]
    assert after["spearman"] > 0.9
    changed = {n for n, _, _ in fit.changed()}
    assert "global_latency_cycles" in changed
    perf = fit.target_perf_json()
    assert perf["global_latency_cycles"]["source"] == "measured"
    assert perf["sm_count"]["source"] == "peak (vendor)"


def test_one_kernel_the_model_misses_does_not_drag_the_fit(results, tmp_path):
    """A kernel measured 1000x slower than the model could say (the causal attention on the
    H200: its triangular loop is not in the features) costs the fit a linear term, not a
    square: the other kernels' times are still recovered."""
    data = json.loads((results / "gpu_bench.json").read_text())
    data["rows"][0]["ms"] *= 1000
    (tmp_path / "r.json").write_text(json.dumps(data))
    fit = calibrate(load_measurements(tmp_path / "r.json"), H200)
    errs = sorted(abs(evaluate(r.features, fit.after).seconds - r.seconds) / r.seconds
                  for r in fit.rows if r.kernel != data["rows"][0]["kernel"])
    assert errs[len(errs) // 2] < 0.05, errs
    assert fit.after.perf.launch_overhead_s == H200.perf.launch_overhead_s


def test_features_come_from_the_bundle_when_the_rows_lack_them(results):
    rows, _ = load_measurements(results / "bare.json", results / "bundle")
    direct, _ = load_measurements(results / "gpu_bench.json")
    assert rows == direct and len(rows) == 7


def test_cli_prints_spearman_and_errors_and_writes_the_constants(results, tmp_path, capsys):
    out = tmp_path / "perf.json"
    assert argus(["calibrate", str(results / "gpu_bench.json"), "--write", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Spearman" in text and "before (shipped)" in text and "after (fitted)" in text and "(model)" in text
    assert json.loads(out.read_text())["global_latency_cycles"]["source"] == "measured"
    assert argus(["calibrate", str(results / "gpu_bench.json"), "--json"]) == 0
    first = capsys.readouterr().out
    assert argus(["calibrate", str(results / "gpu_bench.json"), "--json"]) == 0
    assert capsys.readouterr().out == first and json.loads(first)["label"] == "model"


def test_unusable_results_exit_2(results, capsys):
    assert argus(["calibrate", str(results / "bare.json")]) == 2
    assert "fewer than two timed rows" in capsys.readouterr().err


def test_spearman():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 1, 2], [1, 2, 3]) == pytest.approx(0.866, abs=1e-3)


def test_the_shipped_bundle_holds_the_models_current_features():
    """bench/gpu_bundle's manifest carries what `argus calibrate` refits (rerun
    `argus lower proofs/*.dsl --bundle bench/gpu_bundle` after changing the model)."""
    entry = next(e for e in json.loads((REPO / "bench/gpu_bundle/manifest.json").read_text())
                 if e["name"] == "gemm_pipelined")
    kernel = checked(REPO / "proofs/gemm_pipelined.dsl")[0]
    p = predict(kernel, entry["bench_sizes"], H200)
    assert entry["model"]["label"] == "model" and entry["model"]["features"] == features_json(p.features)
    assert entry["model"]["seconds"] == p.seconds


def test_gpu_script_prints_the_model_beside_the_measured_time():
    import runpy
    gpu = runpy.run_path(str(REPO / "bench/gpu.py"), run_name="gpu_bench")
    text = gpu["table"]([{"kernel": "k", "sizes": {"M": 1}, "ok": True, "ms": 2.0, "model_ms": 1.5}])
    assert "model ms" in text.splitlines()[0] and "1.500" in text.splitlines()[-1]

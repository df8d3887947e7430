"""bench/gpu.py without a GPU: the bundle it reads, and the script itself on the CUDA
simulator, in a process where lark and z3 cannot be imported (as on the GPU machine)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from codegen_cuda.module import lower
from codegen_support import REPO, argus, checked

BUNDLE = REPO / "bench" / "gpu_bundle"
NO_FRONT_END = ("import sys, runpy; sys.modules['lark'] = None; sys.modules['z3'] = None; "
                "sys.argv = ['bench/gpu.py'] + sys.argv[1:]; runpy.run_path('bench/gpu.py', run_name='__main__')")


@pytest.mark.simulator
def test_gpu_script_runs_a_bundle_on_the_simulator_without_lark_or_z3(tmp_path, capsys):
    proofs = [str(REPO / "proofs" / f"{n}.dsl") for n in ("gemm_naive", "softmax", "gemm_splitk")]
    assert argus(["lower", *proofs, "--bundle", str(tmp_path / "b")]) == 0
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-c", NO_FRONT_END, "--sim", "--bundle", str(tmp_path / "b"),
                           "--json", str(tmp_path / "out.json")], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = json.loads((tmp_path / "out.json").read_text())["rows"]
    assert [r["kernel"] for r in rows] == ["gemm_naive", "gemm_splitk", "softmax"]
    assert all(r["ok"] and r["mode"] == "simulator" for r in rows)
    assert proc.stdout.strip().splitlines()[-1].startswith("softmax")   # the table comes last


def test_shipped_bundle_is_up_to_date():
    """bench/gpu_bundle is what `argus lower proofs/*.dsl --bundle bench/gpu_bundle` writes."""
    manifest = BUNDLE / "manifest.json"
    if not manifest.is_file():
        pytest.skip("no bench/gpu_bundle in this tree")
    for entry in json.loads(manifest.read_text()):
        dsl = REPO / "proofs" / entry["dsl"]
        if not dsl.is_file():
            continue
        kernel, text = checked(dsl)
        assert lower(kernel, text).digest == entry["digest"], (
            f"bench/gpu_bundle is stale for {entry['name']}: rerun "
            "`argus lower proofs/*.dsl --bundle bench/gpu_bundle`")
        assert (BUNDLE / entry["module"]).read_text() == lower(kernel, text).source


FAKE_BACKEND = '''
import json, sys
import numpy as np
from numba import cuda
sys.argv = ["bench/gpu.py"]
import runpy
gpu = runpy.run_path("bench/gpu.py", run_name="gpu_bench")


from numba.cuda.simulator.cudadrv.devicearray import FakeCUDAArray


class FakeBackend:
    """The GPU branch of run_entry on the simulator: "device" tensors are NumPy arrays (so
    the vendor baselines run on them), the kernel sees them wrapped without a copy; every
    launch and vendor call runs (twice: warm-up and one timed); timings are 2 ms."""
    torch, name = None, "fake"
    calls = 0

    def to_device(self, a):
        return np.array(a, copy=True)

    def to_host(self, a):
        return np.array(a, copy=True)

    def kernel_array(self, a):
        return FakeCUDAArray(a)

    def kernel_stream(self):
        return 0

    def nbytes(self, a):
        return a.nbytes

    def synchronize(self):
        pass

    def time_ms(self, fn, min_time):
        fn()
        fn()
        FakeBackend.calls += 2
        return 2.0


opts = gpu["parse_args"](["--size", "small", "--bundle", sys.argv_bundle])
entries = gpu["load_manifest"](opts.bundle)
peaks = {"copy_gbps": 1000.0, "fp16_tflops": 100.0, "fp32_tflops": 50.0}
rows = [gpu["run_entry"](e, opts.bundle, opts, FakeBackend(), peaks) for e in entries]
print("RESULT " + json.dumps({"rows": rows, "calls": FakeBackend.calls}))
'''


@pytest.mark.simulator
def test_timing_branch_rotates_inputs_and_reports_roofline(tmp_path):
    """run_entry's GPU branch (copies of the inputs cycled, % of roofline, the vendor
    baseline) driven on the simulator through a fake backend."""
    proofs = [str(REPO / "proofs" / f"{n}.dsl") for n in ("gemm_naive", "moe_grouped_gemm")]
    assert argus(["lower", *proofs, "--bundle", str(tmp_path / "b")]) == 0
    script = FAKE_BACKEND.replace("sys.argv_bundle", repr(str(tmp_path / "b")))
    env = dict(os.environ, PYTHONPATH=str(REPO), NUMBA_ENABLE_CUDASIM="1")
    proc = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=600)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
    assert line is not None, proc.stdout + proc.stderr
    out = json.loads(line.removeprefix("RESULT "))
    rows = {r["kernel"]: r for r in out["rows"]}
    for name, row in rows.items():
        assert row["ok"], row
        assert row["input_copies"] == 8, row            # small inputs: the most copies
        assert row["ms"] == 2.0 and row["tflops"] > 0
        assert 0 < row["roofline_pct"] < 100
    # fp32 kernels are held to the fp32 peak: flops / 50 TFLOP/s over 2 ms
    naive = rows["gemm_naive"]
    flops = naive["tflops"] * 2.0 * 1e9
    assert abs(naive["roofline_pct"] - 100 * flops / 50e9 / 2.0) < 1e-9
    for row in rows.values():    # the vendor baselines ran on the same (host) arrays
        assert row["vendor_ms"] == 2.0 and row["vs_vendor"] == 1.0, row


def test_gpu_script_help_and_clean_exit_without_a_device(tmp_path):
    """`--help` works anywhere; without torch/cupy or a GPU the script says why and exits 2,
    after loading the bundle (its CPU side), with no traceback."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    env.pop("NUMBA_ENABLE_CUDASIM", None)
    helped = subprocess.run([sys.executable, "bench/gpu.py", "--help"], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=120)
    assert helped.returncode == 0 and "--bundle" in helped.stdout and "vendor" in helped.stdout
    script = NO_FRONT_END.replace("runpy.run_path", "sys.modules['torch'] = None; sys.modules['cupy'] = None; "
                                                    "runpy.run_path")
    proc = subprocess.run([sys.executable, "-c", script, "--bundle", str(BUNDLE), "--only", "ws_col_sum"],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "neither torch nor cupy" in proc.stderr and "Traceback" not in proc.stderr
    missing = subprocess.run([sys.executable, "-c", script, "--bundle", str(tmp_path / "none")],
                             cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert missing.returncode != 0 and "argus lower" in missing.stderr and "Traceback" not in missing.stderr


def test_isolated_run_gives_each_kernel_a_row_in_the_order_asked(tmp_path):
    """`--isolate` (one child process per crash, on the H200 a killed MoE run lost every row
    after it): the rows come back in the --only order, a child that outlives --kernel-timeout
    becomes an error row and the next one carries on, and no child file is left behind."""
    env = dict(os.environ, PYTHONPATH=str(REPO), NUMBA_ENABLE_CUDASIM="1")
    out = tmp_path / "g.json"
    proc = subprocess.run([sys.executable, "bench/gpu.py", "--sim", "--isolate", "--only", "softmax,reduce_warp",
                           "--json", str(out)], cwd=REPO, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = json.loads(out.read_text())["rows"]
    assert [r["kernel"] for r in rows] == ["softmax", "reduce_warp"] and all(r["ok"] for r in rows)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]
    stuck = subprocess.run([sys.executable, "bench/gpu.py", "--sim", "--isolate", "--kernel-timeout", "0",
                            "--only", "softmax,reduce_warp", "--json", str(out)], cwd=REPO, env=env,
                           capture_output=True, text=True, timeout=300)
    rows = json.loads(out.read_text())["rows"]
    assert stuck.returncode == 1 and [r["kernel"] for r in rows] == ["softmax", "reduce_warp"]
    assert all("its process ended with status" in r["error"] for r in rows)


class _TorchSpelling(__import__("numpy").ndarray):
    """A NumPy array without the NumPy-only spellings a torch tensor lacks (`astype`): a
    baseline that uses them fails on the GPU machine, where the arrays are torch's (seen
    on the H200, 2026-12-04: five baselines reported `'Tensor' object has no attribute
    'astype'`). It names NumPy as its module, as a baseline that picks its library by
    the array's module expects."""
    __module__ = "numpy"

    def astype(self, *args, **kwargs):
        raise AttributeError("'Tensor' object has no attribute 'astype'")


def test_every_vendor_baseline_matches_its_reference_on_numpy():
    """Each proofs/*.ref.py `vendor` that runs on NumPy arrays (those written in the spelling
    torch, CuPy and NumPy share; the others import their library) computes the reference's
    outputs at the test sizes, through bench/gpu.py's own check."""
    import runpy
    import types

    import numpy as np
    from codegen_cuda.numerics import tolerance
    gpu = runpy.run_path(str(REPO / "bench" / "gpu.py"), run_name="gpu_bench")
    numpy_backend = types.SimpleNamespace(to_host=np.asarray, time_ms=lambda fn, t: (fn(), 1.0)[1])
    opts = types.SimpleNamespace(min_time=0.0)
    checked_any = 0
    for entry in json.loads((BUNDLE / "manifest.json").read_text()):
        ref = gpu["load_file_module"](BUNDLE / entry["reference"], f"ref_{entry['name']}")
        if not callable(getattr(ref, "vendor", None)):
            continue
        sizes = entry["test_sizes"]
        inputs, _ = gpu["host_arrays"](entry, sizes, ref, 0)
        want = ref.reference({k: v.copy() for k, v in inputs.items()}, dict(sizes))
        tol = tolerance(dt for _, dt, _ in entry["params"])
        shared = {k: v.view(_TorchSpelling) for k, v in inputs.items()}
        row = gpu["vendor_row"](ref, numpy_backend, [shared], sizes, want, tol, opts)
        if "No module named" in row.get("vendor_error", ""):
            continue
        assert row.get("vendor_ok"), (entry["name"], row)
        checked_any += 1
    assert checked_any >= 20

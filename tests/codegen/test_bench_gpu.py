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

"""`argus lower` and `argus run` as a user calls them."""
from __future__ import annotations

import json

import pytest

from codegen_support import REPO, argus

NAIVE = str(REPO / "proofs" / "gemm_naive.dsl")


def test_lower_prints_the_generated_module(capsys):
    assert argus(["lower", NAIVE]) == 0
    out = capsys.readouterr().out
    assert "def gemm_naive(A, B, C):" in out and "kernel = cuda.jit(gemm_naive)" in out
    assert "# launch for" not in out


def test_lower_with_sizes_prints_the_launch_geometry(capsys):
    assert argus(["lower", NAIVE, "--size", "M=64,N=32,K=8"]) == 0
    assert "grid (4, 2, 1), block (256, 1, 1), dynamic shared memory 0 bytes" in capsys.readouterr().out


@pytest.mark.parametrize("size, why", [("M=64,N=32", "missing K"), ("M=60,N=32,K=8", "assume"),
                                       ("M=64,N=32,K=8,Z=1", "unknown Z"), ("M=x", "bad size")])
def test_lower_rejects_bad_sizes(size, why, capsys):
    assert argus(["lower", NAIVE, "--size", size]) == 2
    assert why in capsys.readouterr().err


def test_lower_reports_bad_kernels_as_bad_input(tmp_path, capsys):
    bad = tmp_path / "bad.dsl"
    bad.write_text("kernel k(:\n")
    assert argus(["lower", str(bad)]) == 2
    assert "error[E002]" in capsys.readouterr().err


@pytest.mark.simulator
def test_run_on_the_simulator(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("ARGUS_CACHE", str(tmp_path / "cache"))
    assert argus(["run", NAIVE, "--size", "M=16,N=16,K=4", "--sim"]) == 0
    out = capsys.readouterr().out
    assert "on the simulator" in out and "C: max rel err" in out and "ok" in out
    assert list((tmp_path / "cache").glob("gemm_naive_*.py"))


def test_run_without_a_reference_is_bad_input(tmp_path, capsys):
    k = tmp_path / "k.dsl"
    k.write_text((REPO / "proofs" / "gemm_naive.dsl").read_text())
    assert argus(["run", str(k), "--size", "M=16,N=16,K=4", "--sim"]) == 2
    assert "no reference" in capsys.readouterr().err


def _with_reference(tmp_path, test_sizes: str | None):
    """gemm_naive beside a reference of its own whose TEST_SIZES line is `test_sizes`."""
    k = tmp_path / "k.dsl"
    k.write_text((REPO / "proofs" / "gemm_naive.dsl").read_text())
    ref = (REPO / "proofs" / "gemm_naive.ref.py").read_text()
    line = next(x for x in ref.splitlines() if x.startswith("TEST_SIZES"))
    (tmp_path / "k.ref.py").write_text(ref.replace(line, test_sizes or ""))
    return str(k)


@pytest.mark.simulator
def test_run_without_sizes_uses_the_references_test_sizes(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("ARGUS_CACHE", str(tmp_path / "cache"))
    k = _with_reference(tmp_path, 'TEST_SIZES = [{"M": 16, "N": 16, "K": 4}]')
    assert argus(["run", k, "--sim"]) == 0
    out = capsys.readouterr().out
    assert "M=16" in out and "K=4" in out and "C: max rel err" in out


@pytest.mark.parametrize("line, why", [('TEST_SIZES = {"M": 60, "N": 16, "K": 4}', "break `assume"),
                                       (None, "defines no TEST_SIZES")])
def test_run_without_sizes_needs_valid_test_sizes(line, why, tmp_path, capsys):
    assert argus(["run", _with_reference(tmp_path, line), "--sim"]) == 2
    assert why in capsys.readouterr().err


def test_bundle_holds_modules_references_and_manifest(tmp_path, capsys):
    kernels = [str(p) for p in sorted((REPO / "proofs").glob("gemm_*.dsl"))]
    assert argus(["lower", *kernels, "--bundle", str(tmp_path)]) == 0
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    names = [e["name"] for e in manifest]
    assert names == sorted(names) and "gemm_pipelined" in names
    for e in manifest:
        assert (tmp_path / e["module"]).is_file()
        assert e["reference"] and (tmp_path / e["reference"]).is_file()
        assert e["bench_sizes"] and e["test_sizes"]
    pipe = next(e for e in manifest if e["name"] == "gemm_pipelined")
    assert pipe["smem_bytes"] == 49152 and pipe["outputs"] == ["C"] and pipe["threads"] == 256
    # the modules need neither lark nor z3: only math, numpy and numba
    text = (tmp_path / pipe["module"]).read_text()
    imports = {line.split()[1] for line in text.splitlines() if line.startswith(("import ", "from "))}
    assert imports <= {"math", "numpy", "numba", "numba.types"}


@pytest.mark.simulator
def test_an_error_in_the_users_reference_names_its_line_not_an_internal_error(tmp_path, capsys, monkeypatch):
    """Held-out round 37: a reference that raised was reported as Argus's internal error."""
    monkeypatch.setenv("ARGUS_CACHE", str(tmp_path / "cache"))
    kernel = tmp_path / "g.dsl"
    kernel.write_text((REPO / "proofs" / "gemm_naive.dsl").read_text())
    (tmp_path / "g.ref.py").write_text('TEST_SIZES = {"M": 32, "N": 32, "K": 16}\n\n\n'
                                       'def reference(inputs, sizes):\n    a = inputs["A"]\n    return {"C": a @ a}\n')
    code = argus(["run", "--sim", str(kernel)])
    err = capsys.readouterr().err
    assert code != 0 and "internal error" not in err
    assert f"{tmp_path / 'g.ref.py'}:6: reference(inputs, sizes) raised ValueError" in err

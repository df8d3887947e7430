"""Kernels people write get a verdict, never a crash (issue 17): each here was an internal
error before; the test pins the verdict and the reason."""
from __future__ import annotations

from pathlib import Path

from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

HERE = Path(__file__).resolve().parent / "kernels"


def _verdict(name: str):
    path = HERE / name
    result = check_source(path.read_text(), str(path))
    assert result.ok, [str(d) for d in result.diagnostics]
    return verify_kernel(result.kernel, VerifyOptions(rules=("TAG",)))


def test_a_running_value_updated_through_a_temporary_is_unknown_with_a_hint():
    v = _verdict("rowmax_through_temporary.dsl")
    assert v.status == "unknown"
    assert any("write the update in place (m = f(m, ...))" in u.reason for u in v.unknowns), v.unknowns

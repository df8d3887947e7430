"""argus_verify.api beyond docs/API.md's examples: parse-only and unreadable input, no exceptions."""
from __future__ import annotations

from argus_verify.api import verify_file, verify_text
from argus_verify.options import Options

KERNEL = """kernel k(A: f32[M, K], C: f32[M, K]):
    const BM, BK = 16, 16
    grid M / BM
    threads 32
    a = load A[block.x * BM : +BM, 0 : +BK]
    store C[block.x * BM : +BM, 0 : +BK], a
"""


def test_parse_only_checks_without_verifying():
    out = verify_text(KERNEL, "k.dsl", Options(parse_only=True))
    assert (out.status, out.exit_code, out.verdict, out.kernel.name) == ("parsed", 0, None, "k")
    assert out.report() == "k.dsl: parsed and type-checked kernel 'k'"
    assert out.to_json()["status"] == "parsed" and out.to_json()["kernel"] == "k"


def test_unreadable_input_is_an_outcome_not_an_exception(tmp_path):
    out = verify_file(str(tmp_path / "missing.dsl"))
    assert (out.status, out.exit_code, out.verdict) == ("bad-input", 2, None)
    assert out.diagnostics[0].code == "E001" and "error[E001] no such file" in out.report()
    assert out.to_json()["diagnostics"][0]["code"] == "E001"

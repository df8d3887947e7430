"""wgmma (dsl/wgmma.py, dsl/wgmma_groups.py, encode/wgmma_rule.py, interp/wgmma.py):
proofs/ws_gemm_wgmma.dsl proves with nothing undecided; each tests/kernels/wgmma/bad_*.dsl
is refuted exactly where its `#! error[RULE]` markers say, its report pinned in NAME.expected
(`pytest --regen-golden`), and each finding replays on the interpreter."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from argus_verify.report import format_verdict
from dsl import ir
from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel
from interp.replay import replay_details

ROOT = Path(__file__).resolve().parents[2]
DIR = ROOT / "tests/kernels/wgmma"
OK = ROOT / "proofs/ws_gemm_wgmma.dsl"
OKS = [OK] + sorted(DIR.glob("ok_*.dsl"))
BAD = sorted(DIR.glob("bad_*.dsl"))
MARK = re.compile(r"#!\s*(.*)$")


def _kernel(text: str, name: str = "k.dsl"):
    result = check_source(text, name)
    assert result.ok, result.diagnostics
    return result.kernel


def _marks(path: Path) -> set[tuple[int, str]]:
    out = set()
    for n, line in enumerate(path.read_text().splitlines(), start=1):
        m = MARK.search(line)
        if m:
            out |= {(n, r) for r in re.findall(r"error\[([A-Z]+)\]", m.group(1))}
    return out


@pytest.mark.parametrize("path", OKS, ids=[p.stem for p in OKS])
def test_gemm_proves(path):
    v = verify_kernel(_kernel(path.read_text(), str(path.relative_to(ROOT))), VerifyOptions())
    assert v.status == "proved", (v.findings, v.unknowns)
    assert not v.unknowns and v.obligations >= 10


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_buggy_sibling_refuted_where_marked(path, regen_golden):
    kernel = _kernel(path.read_text(), str(path.relative_to(ROOT)))
    verdict = verify_kernel(kernel, VerifyOptions())
    assert {(f.span.line, f.rule) for f in verdict.findings if f.severity == "error"} == _marks(path)
    for f in verdict.findings:
        assert f.rule == "COVER" or (f.thread is not None and f.operands), f
        r = replay_details(kernel, f)
        assert r.replayed, (f.rule, f.span.line, r.why)
    golden = path.with_suffix(".expected")
    report = format_verdict(verdict) + "\n"
    if regen_golden or not golden.exists():
        golden.write_text(report)
    assert report == golden.read_text()


def test_operand_reads_end_at_the_retiring_wait():
    """The IR a wgmma stands for: two operand loads, the Mma, and the two retire reads right
    before the wgmma_wait that retires the group; `argus fmt` prints the wgmma back."""
    from dsl.fmt import format_kernel
    k = _kernel(OK.read_text())
    loop = next(s for s in ir.walk(k.body) if isinstance(s, ir.For) and any(
        isinstance(b, ir.Mma) and b.shared for b in s.body))
    kinds = [(type(s).__name__, getattr(s, "wgmma", "")) for s in loop.body]
    assert kinds == [("MbarWait", ""), ("Load", "operand"), ("Load", "operand"), ("Mma", ""),
                     ("WgmmaCommit", ""), ("Load", "retire"), ("Load", "retire"), ("WgmmaWait", ""),
                     ("Arrive", "")]
    again = _kernel(format_kernel(k))
    assert format_kernel(again) == format_kernel(k)
    assert "acc = wgmma(sA[k % S], sB[k % S], acc)" in format_kernel(k)


@pytest.mark.parametrize("old,new", [
    ("wgmma_wait 0", "wgmma_wait 1"),                              # the group stays pending
    ("            wgmma_commit\n            wgmma_wait 0\n", "            wgmma_wait 0\n            wgmma_commit\n"),
])
def test_group_left_pending_by_the_iteration_is_an_error(old, new):
    text = OK.read_text()
    assert old in text
    codes = [d.code for d in check_source(text.replace(old, new), "k.dsl").diagnostics]
    assert codes == ["E041"]


def test_a_wait_in_a_loop_that_may_not_run_retires_nothing():
    """ok_wait_in_one_trip_loop retires the outer wgmma in `for ki in range(1)`, which runs;
    in `range(0)` nothing retires it (E041)."""
    text = (DIR / "ok_wait_in_one_trip_loop.dsl").read_text()
    assert check_source(text, "k.dsl").ok
    codes = [d.code for d in check_source(text.replace("range(1)", "range(0)"), "k.dsl").diagnostics]
    assert codes == ["E041"]


def test_groups_a_loop_piles_up_are_not_trusted():
    """A wgmma before a loop whose commits pile up groups that no wait bounds: the count
    never settles, so the wgmma is reported (E041) rather than assumed retired."""
    text = (DIR / "bad_acc_before_wait.dsl").read_text()
    old = "    wgmma_commit\n"
    assert old in text
    text = text.replace(old, "    for r in range(4):\n        wgmma_commit\n")
    codes = [d.code for d in check_source(text, "k.dsl").diagnostics]
    assert codes == ["E041"]


@pytest.mark.parametrize("old,new,rule", [
    # the issuing thread overwrites an operand before the wait: WAR at the copy
    ("    wgmma_commit\n", "    wgmma_commit\n    copy sB[0 : +64, 0 : +BN], B[0 : +64, block.y * BN : +BN]\n", "WAR"),
    # nothing writes sB: the wgmma reads memory nobody wrote
    ("    copy sB[0 : +64, 0 : +BN], B[0 : +64, block.y * BN : +BN]\n", "", "INIT"),
])
def test_operand_variants_are_refuted_and_replay(old, new, rule):
    text = (DIR / "bad_acc_before_wait.dsl").read_text()
    text = text.replace("  #! error[ASYNC]", "").replace("    store C", "    wgmma_wait 0\n    store C", 1)
    assert old in text
    kernel = _kernel(text.replace(old, new))
    v = verify_kernel(kernel, VerifyOptions())
    assert rule in {f.rule for f in v.findings}, v.findings
    for f in v.findings:
        if f.severity == "error":      # not the advice that B is now unused
            assert replay_details(kernel, f).replayed, f
    assert verify_kernel(_kernel(text), VerifyOptions()).status == "proved"

"""argus_verify/execute.py: a kernel the verifier leaves undecided is run on the interpreter,
and a race, bound or synchronisation violation met there refutes it, with that execution
as its witness. Correct kernels the model cannot decide stay unknown; proved kernels are not
run; nothing is ever proved this way."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from argus_verify import execute
from argus_verify.api import verify_file
from argus_verify.cli import verify_main
from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

ROOT = Path(__file__).resolve().parents[2]
MBAR = ROOT / "tests/kernels/mbar"
KERNELS = ROOT / "tests/verify/kernels"


def _errors(verdict):
    return [f for f in verdict.findings if f.severity == "error"]


def test_a_parity_that_fits_no_round_is_refuted_by_running_it():
    """`wait full[k % 3], k % 2`: the model cannot count its phases (unknown), the interpreter
    reads slot 1 before its bulk copy lands."""
    path = MBAR / "run_parity_ring3.dsl"
    alone = verify_kernel(check_source(path.read_text(), str(path)).kernel, VerifyOptions())
    assert alone.status == "unknown" and not _errors(alone)
    out = verify_file(str(path))
    assert out.status == "violation"
    errors = _errors(out.verdict)
    read = next(f for f in errors if f.span.line == 26)
    assert read.rule == "ASYNC" and "reads sA[1, " in read.message and "the bulk copy (tma_load)" in read.message
    assert dict(read.iteration) == {"k": 1} and read.thread is not None and read.block == (0,)
    for f in errors:
        assert "running it on the interpreter" in f.message and f.sizes and f.replay == "replayed"
    assert out.verdict.unknowns                   # what the verifier could not decide stays listed
    report = out.report()
    assert "error[ASYNC]" in report and "unknown[SYNC]" in report


def test_a_gather_through_ids_the_kernel_rewrote_is_refuted_by_running_it():
    """The ids are rewritten (1-based) before the gather: the model does not follow what the
    kernel wrote (unknown); running it reads E past its last row."""
    out = verify_file(str(KERNELS / "rewritten_ids_gather.dsl"))
    assert out.status == "violation"
    (f,) = _errors(out.verdict)
    assert f.rule == "BOUND" and f.span.line == 16 and "load from E" in f.message


# unknown_*_hangs.dsl hang: unknown too, the run shows no hang (interp/mbarriers.held_back)
CORRECT_UNDECIDED = sorted(p for p in MBAR.glob("unknown_*.dsl") if not p.stem.endswith("_hangs")) + [
    MBAR / "double_arrive_untrusted.dsl", KERNELS / "r26_ok_inplace_tril_rowsum.dsl"]


@pytest.mark.parametrize("path", CORRECT_UNDECIDED, ids=lambda p: p.stem)
def test_correct_kernels_the_model_cannot_decide_stay_unknown(path):
    """Rounds the protocol model counts otherwise than the kernel, an untrusted barrier no data
    rides on, a read-back of a conditionally tagged input (whose tags the interpreter models
    less exactly: TAG is not taken from an execution) run without a violation."""
    out = verify_file(str(path))
    assert out.status == "unknown" and not _errors(out.verdict), out.report()


def test_a_proved_kernel_is_not_run(monkeypatch):
    def boom(kernel):
        raise AssertionError("a proved kernel was run")
    monkeypatch.setattr(execute, "_violations", boom)
    assert verify_file(str(ROOT / "proofs/ws_accumulate.dsl")).status == "proved"


def test_the_run_keeps_to_the_budget():
    """A deadline already passed: nothing runs, the verdict stays unknown."""
    path = MBAR / "run_parity_ring3.dsl"
    kernel = check_source(path.read_text(), str(path)).kernel
    verdict = verify_kernel(kernel, VerifyOptions())
    assert execute.execute_undecided(kernel, verdict, time.monotonic() - 1.0) == verdict


def test_only_the_rules_asked_for_are_run_for():
    path = MBAR / "run_parity_ring3.dsl"
    kernel = check_source(path.read_text(), str(path)).kernel
    verdict = verify_kernel(kernel, VerifyOptions(rules=("TAG",)))
    assert execute.execute_undecided(kernel, verdict, None, ("TAG",)) == verdict
    found = execute.execute_undecided(kernel, verify_kernel(kernel, VerifyOptions()), None, ("ASYNC",))
    assert {f.rule for f in found.findings if f.severity == "error"} == {"ASYNC"}


def test_the_command_line_exits_with_a_violation(capsys):
    assert verify_main([str(MBAR / "run_parity_ring3.dsl")]) == 1
    assert "met this in a legal execution" in capsys.readouterr().out


def test_a_first_wait_skipped_by_its_condition_hangs_when_run():
    """Held-out round 133's o02 (taken for correct there): warpgroup 1's first wait on full[0]
    asks for phase 1's parity on a fresh barrier and returns at once; the block deadlocks."""
    out = verify_file(str(MBAR / "run_first_wait_skipped_parity.dsl"))
    assert out.status == "violation"
    first = out.verdict.findings[0]
    assert first.severity == "error" and first.rule == "SYNC" and first.message.startswith("deadlock at line ")

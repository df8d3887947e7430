"""No vacuous "proved" and bounded cost on any input: usage errors for --rules and --timeout,
unsatisfiable assumptions, the time budget of a file (replay included), deep loop nests.
The front-end limits themselves (E031, E032) are pinned by tests/golden/e03[12]_*."""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from argus_verify import replay
from argus_verify.cli import EXIT_BAD_INPUT, EXIT_UNKNOWN, EXIT_VIOLATION, verify_main
from argus_verify.source import load_kernel
from dsl.check import check_source
from dsl.limits import MAX_THREADS, MAX_TILE_ELEMENTS
from encode.findings import Finding, Verdict
from encode.verifier import ALL_RULES, VerifyOptions, verify_kernel

COPY = """kernel copy(A: f32[M], B: f32[M]):
    assume M % 32 == 0 and M >= 32
    grid (M / 32)
    threads 32
    a = load A[block.x * 32 : +32]
    store B[block.x * 32 : +32], a
"""
VALID = ", ".join(ALL_RULES)


def _write(tmp_path: Path, text: str, name: str = "k.dsl") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def _usage_error(argv, capsys) -> str:
    with pytest.raises(SystemExit) as stop:
        verify_main(argv)
    assert stop.value.code == EXIT_BAD_INPUT
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    return err.splitlines()[-1]


@pytest.mark.parametrize("rules, bad", [("RACEE", "RACEE"), ("TAG,RAC", "RAC"), ("race,bogus", "BOGUS")])
def test_an_unknown_rule_id_is_a_usage_error(rules, bad, tmp_path, capsys):
    last = _usage_error(["--rules", rules, _write(tmp_path, COPY)], capsys)
    assert last == f"argus-verify: error: argument --rules: unknown rule id {bad}; valid ids: {VALID}"


def test_rules_that_name_nothing_are_a_usage_error(tmp_path, capsys):
    last = _usage_error(["--rules", ",", _write(tmp_path, COPY)], capsys)
    assert last == f"argus-verify: error: argument --rules: ',' names no rule id; valid ids: {VALID}"


def test_known_rule_ids_in_any_case_are_accepted(tmp_path, capsys):
    assert verify_main(["--rules", "race,Bound", _write(tmp_path, COPY)]) == 0


@pytest.mark.parametrize("value", ["0", "-1", "-0.5", "nan", "inf"])
def test_a_timeout_that_is_not_a_positive_number_is_a_usage_error(value, tmp_path, capsys):
    last = _usage_error([f"--timeout={value}", _write(tmp_path, COPY)], capsys)
    assert last == ("argus-verify: error: argument --timeout: the time budget must be a positive number "
                    f"of seconds, not '{value}'")


def test_a_timeout_that_is_not_a_number_is_a_usage_error(tmp_path, capsys):
    last = _usage_error(["--timeout", "ten", _write(tmp_path, COPY)], capsys)
    assert last == "argus-verify: error: argument --timeout: 'ten' is not a number of seconds"


@pytest.mark.parametrize("assume", ["M % 32 == 0 and M < 0", "M == 1 and M == 2"])
def test_unsatisfiable_assumptions_are_an_error(assume, tmp_path, capsys):
    path = _write(tmp_path, COPY.replace("M % 32 == 0 and M >= 32", assume))
    assert verify_main([path]) == EXIT_BAD_INPUT
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{path}:2:12: error[E031] no sizes satisfy the assumption on line 2")


def test_the_library_never_proves_under_unsatisfiable_assumptions():
    kernel = check_source(COPY.replace("M >= 32", "M < 0"), "k.dsl").kernel
    verdict = verify_kernel(kernel)
    assert verdict.status == "unknown" and "no sizes satisfy" in verdict.unknowns[0].reason


CYCLIC = """\
kernel gather_next(X: f32[N, 64], idx: i32[T], Y: f32[T, 64]):
    assume idx[t] >= 0 and idx[t] < N
    assume idx[t] < idx[(t + 1) % T]
    grid (T)
    threads 64
    x = load X[idx[block.x] + 1, 0 : +64]
    store Y[block.x, 0 : +64], x
"""


def test_assumptions_the_solver_cannot_show_satisfiable_are_never_proved(tmp_path, capsys):
    """`idx[t] < idx[(t + 1) % T]` is a strict cycle, false for every T, but refuting it over a
    symbolic T needs induction, so E031 cannot fire; every obligation then held vacuously and
    the out-of-bounds read of idx[t] + 1 was proved (held-out round 21). Fixed sizes do not
    satisfy it either: the kernel is unknown, in the library and from the command line."""
    verdict = verify_kernel(check_source(CYCLIC, "k.dsl").kernel)
    assert verdict.status == "unknown"
    assert "cannot show that some sizes and inputs satisfy" in verdict.unknowns[0].reason
    path = _write(tmp_path, CYCLIC)
    assert verify_main([path]) == EXIT_UNKNOWN
    assert "might hold vacuously" in capsys.readouterr().out


def test_the_intended_ordering_is_satisfiable_and_the_bug_is_found():
    """Written as meant (sorted: `idx[i] < idx[j] or i >= j`), the assumptions hold for some
    inputs and the read past X is a BOUND violation."""
    text = CYCLIC.replace("assume idx[t] < idx[(t + 1) % T]", "assume idx[i] < idx[j] or i >= j")
    verdict = verify_kernel(check_source(text, "k.dsl").kernel)
    assert verdict.status == "violation" and any(f.rule == "BOUND" for f in verdict.findings)


PHANTOM = """\
kernel first_token(X: f32[T, 64], starts: i32[NB], Y: f32[NB, 64]):
    assume starts[b] >= 0 and starts[b] < starts[b + 1] and starts[b + 1] <= T
    grid NB
    threads 64
    x = load X[starts[block.x] : +1, 0 : +64]
    store Y[block.x : +1, 0 : +64], x
"""


def test_an_assumption_reading_past_an_input_is_never_proved():
    """At b = NB - 1 the assumption names starts[NB], which does not exist; the solver's value
    for it narrowed starts[NB - 1] below T, and the read X[starts[NB - 1]] past an empty last
    segment was proved (held-out round 22)."""
    verdict = verify_kernel(check_source(PHANTOM, "k.dsl").kernel)
    assert verdict.status == "unknown"
    assert "may read starts outside its shape (starts[b + 1])" in verdict.unknowns[0].reason


@pytest.mark.parametrize("guarded, flagged", [
    ("b + 1 == NB or (starts[b] < starts[b + 1] and starts[b + 1] <= T)", False),   # guard first
    ("(starts[b] < starts[b + 1] and starts[b + 1] <= T) or b + 1 == NB", True),    # read first
])
def test_a_guard_before_the_read_keeps_it_inside(guarded, flagged):
    """Conditions are read left to right, as the interpreter and the runner read them: with
    the guard first the read names no phantom, and the last segment may be empty, so the
    read past X is found."""
    from encode.assume_reads import phantom_read
    from encode.solver import SolverOptions
    kernel = check_source(PHANTOM.replace("starts[b] < starts[b + 1] and starts[b + 1] <= T", f"({guarded})"),
                          "k.dsl").kernel
    assert bool(phantom_read(kernel, SolverOptions())) == flagged
    if not flagged:
        assert verify_kernel(kernel).status == "violation"


INVERSE = """\
kernel gather_owned(BT: i32[NB], OWN: i32[M], X: f32[M], Y: f32[NB]):
    assume BT[b] >= 0 and BT[b] < {TOP}
    assume OWN[BT[b]] == b
    grid (NB)
    threads 32
    x = load X[BT[block.x] : +1]
    store Y[block.x : +1], x
"""


@pytest.mark.parametrize("top, flagged", [("M", False), ("M + 1", True)])
def test_an_earlier_assumption_bounds_a_later_ones_index(top, flagged):
    """New-user round 55 (a paged KV cache's inverse block table): `OWN[BT[b]]` reads inside OWN
    where an earlier assumption keeps BT[b] below M, and was reported as a phantom read; an
    earlier bound one too wide leaves it one."""
    from encode.assume_reads import phantom_read
    from encode.solver import SolverOptions
    kernel = check_source(INVERSE.replace("{TOP}", top), "k.dsl").kernel
    assert bool(phantom_read(kernel, SolverOptions())) == flagged


WIDE = """\
kernel wide_copy(X: f32[M, N], Y: f32[M, N]):
    assume M % 32 == 0 and N % 32 == 0 and N >= 4194304
    grid (M / 32, N / 32)
    threads 128
    x = load X[block.x * 32 : +32, block.y * 32 : +32]
    store Y[block.x * 32 : +32, block.y * 32 : +32], x
"""


def test_a_grid_dimension_over_the_launch_limit_at_every_allowed_size_is_a_res_violation():
    """grid y = N / 32 >= 131072 > 65535 blocks for every N the assumption admits: no launch
    can run the kernel it would prove (held-out round 22). The witness is the smallest N;
    with N bounded so that some size fits, nothing is reported."""
    from dsl.limits import MAX_GRID
    verdict = verify_kernel(check_source(WIDE, "k.dsl").kernel)
    res = [f for f in verdict.findings if f.rule == "RES"]
    assert verdict.status == "violation" and len(res) == 1
    assert res[0].message.startswith("grid dimension y exceeds the launch limit of 65535")
    assert dict(res[0].sizes)["N"] // 32 > MAX_GRID[1]
    fits = verify_kernel(check_source(WIDE.replace("N >= 4194304", "N >= 1024"), "k.dsl").kernel)
    assert fits.status == "proved"


DIVIDE = """kernel divide(X: f32[R, 32], Y: f32[R, 32]):
    assume R >= 1
    grid (R)
    threads 32
    tag X[r, c] = (row=r, col=c)
    tag Y[r, c] = (row=r, col=c)
    x = load X[block.x % (R / 64) + block.x - block.x % (R / 64), 0 : +32]
    store Y[block.x, 0 : +32], x
"""

GATHER = """kernel gather(X: f32[R, 32], IDX: i32[T], Y: f32[T, 32]):
    assume IDX[t] >= 0
    grid (T)
    threads 32
    x = load X[(IDX[block.x] * 8589934592) % R, 0 : +32]
    store Y[block.x, 0 : +32], x
"""


def test_a_divisor_that_is_zero_at_an_allowed_size_is_a_bound_violation():
    """`% (R / 64)` divides by zero for R < 64, which the assumption allows (held-out round
    23: the generated code divides by zero); with R >= 64 the kernel proves."""
    verdict = verify_kernel(check_source(DIVIDE, "k.dsl").kernel)
    zero = [f for f in verdict.findings if f.message.startswith("division by zero")]
    assert verdict.status == "violation" and len(zero) == 1 and zero[0].rule == "BOUND"
    assert "R / 64" in zero[0].message and dict(zero[0].sizes)["R"] < 64
    fits = verify_kernel(check_source(DIVIDE.replace("R >= 1", "R >= 64"), "k.dsl").kernel)
    assert fits.status == "proved", (fits.findings, fits.unknowns)


def test_index_arithmetic_past_int64_is_a_bound_violation_and_small_factors_are_not_queried():
    """An i32 element times 2^33 leaves int64 (the GPU's index wraps; the solver's integers do
    not): the innermost operation is reported, once. Times 2^31 it fits, decided by intervals
    without a query (the obligation count does not change)."""
    verdict = verify_kernel(check_source(GATHER, "k.dsl").kernel)
    over = [f for f in verdict.findings if f.message.startswith("integer overflow")]
    assert len(over) == 1 and "IDX[block.x] * 8589934592" in over[0].message, verdict.findings
    small = GATHER.replace("8589934592", "2147483648")
    fits = verify_kernel(check_source(small, "k.dsl").kernel)
    base = verify_kernel(check_source(small.replace("(IDX[block.x] * 2147483648) % R", "IDX[block.x] % R"), "k.dsl").kernel)
    assert not [f for f in fits.findings if f.message.startswith("integer overflow")]
    assert fits.obligations == base.obligations


FLAT_MASK = (Path(__file__).parent / "verify" / "kernels" / "flat_index_mask.dsl").read_text()


def test_flat_index_arithmetic_of_tile_coordinates_is_queried_not_given_up():
    """(block.x * BR + index(x, axis=0)) * N leaves int64 by intervals (block.x < 2^31, N < 2^48)
    but not under the tensor's size (M * N elements): the query ranges each coordinate over its
    tile's extent and proves it; it had been unknown. Times N twice more it may wrap: never
    proved (unknown: each coordinate ranges on its own, so a model is no witness)."""
    ok = verify_kernel(check_source(FLAT_MASK, "k.dsl").kernel)
    assert ok.status == "proved", (ok.findings, ok.unknowns)
    wide = FLAT_MASK.replace("assume N == 32", "assume N % 32 == 0").replace(
        "* N + index(x, axis=1) < M", "* N * N * N + index(x, axis=1) < M")
    v = verify_kernel(check_source(wide, "k.dsl").kernel)
    assert v.status != "proved"
    assert any(u.rule == "BOUND" and "stays within int64" in u.reason for u in v.unknowns), v.unknowns


def test_a_spent_budget_is_unknown_and_says_so(tmp_path, capsys):
    path = _write(tmp_path, COPY)
    assert verify_main(["--timeout", "0.001", path]) == EXIT_UNKNOWN
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == f"{path}: unknown: the time budget (--timeout) ran out; 1 obligation(s) of kernel 'copy' undecided"


def test_a_deadline_cuts_every_solver_query():
    kernel = check_source(COPY, "k.dsl").kernel
    verdict = verify_kernel(kernel, VerifyOptions(deadline=time.monotonic() - 1))
    assert verdict.status == "unknown"
    assert all("the time budget ran out" in u.reason for u in verdict.unknowns)


def _finding(kernel) -> Verdict:
    f = Finding("BOUND", kernel.span, "out-of-bounds access", sizes=(("M", 32),), block=(0,))
    return Verdict(kernel.name, kernel.file, findings=(f,))


def test_a_stuck_replay_is_noted_not_waited_for(monkeypatch):
    kernel = check_source(COPY, "k.dsl").kernel
    monkeypatch.setattr(replay, "_note", lambda k, f, runs=None: time.sleep(600) or "replayed")
    start = time.monotonic()
    out = replay.replay_findings(kernel, _finding(kernel), deadline=time.monotonic() + 0.5)
    assert out.findings[0].replay == "not replayed (time budget)"
    assert time.monotonic() - start < 60     # not the 600 s of the stuck replay


def test_a_replay_past_the_deadline_is_not_started():
    kernel = check_source(COPY, "k.dsl").kernel
    out = replay.replay_findings(kernel, _finding(kernel), deadline=time.monotonic() - 1)
    assert out.findings[0].replay == "not replayed (time budget)"


def _nest(depth: int, body: list[str], before: list[str], after: list[str]) -> str:
    lines = COPY.splitlines()[:4] + ["    " + b for b in before]
    lines += ["    " * (i + 1) + f"for i{i} in range(2):" for i in range(depth)]
    lines += ["    " * (depth + 1) + b for b in body]
    return "\n".join(lines + ["    " + a for a in after]) + "\n"


def test_twenty_nested_loops_prove(tmp_path, capsys):
    text = _nest(20, ["copy s[0 : +32], A[block.x * 32 : +32]", "barrier", "a = load s[0 : +32]", "barrier",
                      "acc = acc + a"], ["s = shared f32[32]", "acc = zeros f32[32]"],
                 ["store B[block.x * 32 : +32], acc"])
    path = _write(tmp_path, text)
    assert verify_main([path]) == 0
    assert capsys.readouterr().out.startswith(f"{path}: proved kernel 'copy'")


def test_twenty_nested_loops_refute_and_replay_stops(tmp_path, capsys):
    """A store inside 2**20 iterations writes B twice: found, minimised; the interpreter
    refuses the million iterations instead of running them."""
    path = _write(tmp_path, _nest(20, ["a = load A[block.x * 32 : +32]", "store B[block.x * 32 : +32], a"], [], []))
    assert verify_main([path]) == EXIT_VIOLATION
    out = capsys.readouterr().out
    assert f"{path}:26:85: error[COVER] B[0] is written twice" in out
    assert "i19 = 0 (line 26) and by block (0) thread 0 (warp 0, lane 0) in iteration i0 = 0" in out
    assert ("note: the concrete interpreter did not reproduce this: the interpreter cannot run it: "
            "a block runs more than 16384 loop iterations in all (reached in the loop over i19 at line 24)") in out


def test_the_limits_admit_the_largest_real_tiles():
    at_limit = COPY.replace("threads 32", f"threads {MAX_THREADS}").replace(
        "    a = load", "    z = zeros f32[256, 512]\n    a = load")
    assert 256 * 512 == MAX_TILE_ELEMENTS
    assert check_source(at_limit, "k.dsl").ok


def test_a_kernel_file_never_costs_more_than_its_limits(tmp_path, capsys):
    """10**9 elements and 10**31 threads are refused by the front end: exit 2, not 4."""
    for text in (COPY.replace("    a = load", "    z = zeros f32[1000000000]\n    a = load"),
                 COPY.replace("threads 32", "threads " + "1" + "0" * 31),
                 COPY.replace("M >= 32", "M >= 1" + "0" * 5000)):
        assert verify_main([_write(tmp_path, text)]) == EXIT_BAD_INPUT
        assert "error[E032]" in capsys.readouterr().err
    kernel, diags, _ = load_kernel(_write(tmp_path, COPY.replace("threads 32", f"threads {MAX_THREADS + 1}")))
    assert kernel is None and [d.code for d in diags] == ["E032"]


def test_the_tag_walk_itself_stops_when_the_budget_runs_out():
    """New-user round 42: a masked four-level tree reduction kept the tag walk busy past any
    budget (no solver query ran, so none was cut); the walk checks the deadline too."""
    path = Path(__file__).resolve().parent / "verify/kernels/tree_masked_four_levels.dsl"
    kernel = check_source(path.read_text(), str(path)).kernel
    start = time.monotonic()
    verdict = verify_kernel(kernel, VerifyOptions(deadline=time.monotonic() + 2))
    assert verdict.status == "unknown"
    assert any("the time budget ran out" in u.reason for u in verdict.unknowns), verdict.unknowns
    assert time.monotonic() - start < 120      # generous: it ran past 400 s before

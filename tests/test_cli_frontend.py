"""The command line on bad input: exit code 2, a located diagnostic, never a traceback."""
from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from argus_verify.cli import EXIT_BAD_INPUT, main, verify_main

GOOD = """kernel k(A: f32[M, K], C: f32[M, K]):
    const BM, BK = 16, 16
    grid M / BM
    threads 32
    a = load A[block.x * BM : +BM, 0 : +BK]
    store C[block.x * BM : +BM, 0 : +BK], a
"""


def _write(tmp_path: Path, name: str, data) -> str:
    path = tmp_path / name
    (path.write_bytes if isinstance(data, bytes) else path.write_text)(data)
    return str(path)


def diagnostic_records(out: str) -> list[dict]:
    """The front-end diagnostics in `argus-verify --json` output, file by file."""
    return [d for result in json.loads(out)["results"] for d in result["diagnostics"]]


def _bad_inputs(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """name → (path, the code its first diagnostic must have)."""
    rng = random.Random(7)
    deep = GOOD.replace("grid M / BM", "grid " + "(" * 100_000 + "M" + ")" * 100_000)
    negs = GOOD.replace("grid M / BM", "grid " + "-" * 100_000 + "M")
    chain = GOOD.replace("grid M / BM", "grid " + " + ".join(["M"] * 50_000))
    return {
        "binary garbage": (_write(tmp_path, "garbage.dsl", bytes(rng.randrange(256) for _ in range(4096))), "E001"),
        "empty file": (_write(tmp_path, "empty.dsl", ""), "E003"),
        "a directory": (str(tmp_path), "E001"),
        "a missing file": (str(tmp_path / "missing.dsl"), "E001"),
        "not UTF-8": (_write(tmp_path, "latin1.dsl", GOOD.replace("k(", "kérnel(").encode("latin-1")), "E001"),
        "a NUL byte": (_write(tmp_path, "nul.dsl", GOOD + "\0"), "E001"),
        "10 MB of text": (_write(tmp_path, "big.dsl", "x = 1\n" * (10 * 1024 * 1024 // 6)), "E005"),
        "deep brackets": (_write(tmp_path, "deep.dsl", deep), "E005"),
        "deep negation": (_write(tmp_path, "negs.dsl", negs), "E005"),
        "a long chain": (_write(tmp_path, "chain.dsl", chain), "E005"),
        "a syntax error": (_write(tmp_path, "syntax.dsl", GOOD.replace("threads 32", "threads 32 +")), "E002"),
        "a type error": (_write(tmp_path, "type.dsl", GOOD.replace("f32[M, K])", "f16[M, K])")), "E013"),
    }


CASES = ["binary garbage", "empty file", "a directory", "a missing file", "not UTF-8", "a NUL byte",
         "10 MB of text", "deep brackets", "deep negation", "a long chain", "a syntax error", "a type error"]


@pytest.mark.parametrize("case", CASES)
def test_bad_input_is_a_diagnostic_and_exit_2(case, tmp_path, capsys):
    path, code = _bad_inputs(tmp_path)[case]
    assert verify_main([path]) == EXIT_BAD_INPUT
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"{path}:") and f": error[{code}] " in err.splitlines()[0]
    assert "Traceback" not in err and "internal error" not in err


@pytest.mark.parametrize("case", CASES)
def test_bad_input_as_json(case, tmp_path, capsys):
    path, code = _bad_inputs(tmp_path)[case]
    assert verify_main(["--json", path]) == EXIT_BAD_INPUT
    records = diagnostic_records(capsys.readouterr().out)
    assert records and records[0]["code"] == code
    for r in records:
        assert {"file", "line", "col", "end_line", "end_col", "code", "message", "hint"} <= set(r)
        assert r["file"] == path and r["line"] >= 1 and r["col"] >= 1


def test_json_fields_carry_the_span(tmp_path, capsys):
    path = _write(tmp_path, "k.dsl", GOOD.replace("BM : +BM, 0 : +BK]\n    store", "BMM : +BM, 0 : +BK]\n    store"))
    verify_main(["--json", path])
    [record] = diagnostic_records(capsys.readouterr().out)
    assert record == {"file": path, "line": 5, "col": 26, "end_line": 5, "end_col": 29, "severity": "error",
                      "code": "E010", "message": "undefined name 'BMM'", "hint": "did you mean 'BM'?"}


def test_the_text_report_has_source_caret_and_hint(tmp_path, capsys):
    path = _write(tmp_path, "k.dsl", GOOD.replace("grid M / BM", "grid M / BMM"))
    verify_main([path])
    assert capsys.readouterr().err == (
        f"{path}:3:14: error[E010] undefined name 'BMM'\n"
        "      grid M / BMM\n"
        "               ^^^\n"
        "  hint: did you mean 'BM'?\n")


def test_control_characters_and_long_lines_are_shown_safely(tmp_path, capsys):
    path = _write(tmp_path, "k.dsl", GOOD.replace("threads 32", "threads 32 \x1b[31m") +
                  "    x = " + " + ".join(["1"] * 100) + " $\n")
    verify_main([path])
    err = capsys.readouterr().err
    assert "\x1b" not in err and "      threads 32 ?[31m\n" in err
    long_line = [line for line in err.splitlines() if line.startswith("  ...")][0]
    assert len(long_line) <= 2 + 3 + 120 + 3


def test_several_files_report_each_and_exit_2(tmp_path, capsys):
    good = _write(tmp_path, "good.dsl", GOOD)
    bad = _write(tmp_path, "bad.dsl", GOOD.replace("threads 32", "threads 0"))
    assert verify_main(["--parse-only", good, bad]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert f"{bad}:4:13: error[E028]" in err and good not in err


def test_a_good_kernel_type_checks(tmp_path, capsys):
    assert verify_main(["--parse-only", _write(tmp_path, "good.dsl", GOOD)]) == 0
    assert capsys.readouterr().err == ""


def test_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as stop:
        verify_main([])
    assert stop.value.code == EXIT_BAD_INPUT
    assert "usage:" in capsys.readouterr().err


def test_the_console_script_never_shows_a_traceback(tmp_path):
    script = shutil.which("argus-verify", path=str(Path(sys.executable).parent)) or shutil.which("argus-verify")
    if script is None:
        pytest.skip("the argus-verify console script is not installed")
    garbage = _write(tmp_path, "garbage.dsl", bytes(range(256)) * 16)
    deep = _write(tmp_path, "deep.dsl", "kernel k():\n    grid " + "(" * 50_000 + "1" + ")" * 50_000 + "\n")
    for path in (garbage, deep, str(tmp_path)):
        run = subprocess.run([script, path], capture_output=True, text=True, timeout=120,
                             env={**os.environ, "PYTHONIOENCODING": "utf-8"})
        assert run.returncode == EXIT_BAD_INPUT, run.stderr
        assert "Traceback" not in run.stderr and run.stderr.startswith(f"{path}:")


# ---------------------------------------------------------------- argus fmt
UNTIDY = """# a GEMM tile
kernel k(A: f32[M, K], C: f32[M, K]):
    threads 32   # one warp
    grid (M/BM,)
    const BM,BK=16,16
    a = load A[block.x*BM : +BM, 0:+BK]
    store C[(block.x)*BM : +BM, 0 : +BK], a
"""
TIDY = """# a GEMM tile
kernel k(A: f32[M, K], C: f32[M, K]):
    const BM, BK = 16, 16
    grid M / BM
    threads 32  # one warp
    a = load A[block.x * BM : +BM, 0 : +BK]
    store C[block.x * BM : +BM, 0 : +BK], a
"""


def test_fmt_prints_the_canonical_form_with_comments(tmp_path, capsys):
    assert main(["fmt", _write(tmp_path, "k.dsl", UNTIDY)]) == 0
    assert capsys.readouterr().out == TIDY


def test_fmt_is_idempotent(tmp_path, capsys):
    assert main(["fmt", _write(tmp_path, "k.dsl", TIDY)]) == 0
    assert capsys.readouterr().out == TIDY


def test_fmt_refuses_bad_input(tmp_path, capsys):
    path = _write(tmp_path, "k.dsl", UNTIDY.replace("threads 32", "threads 32 32"))
    assert main(["fmt", path]) == EXIT_BAD_INPUT
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"{path}:3:16: error[E002]")


def test_a_reader_that_goes_away_is_no_internal_error():
    """`argus-verify a.dsl b.dsl | head -1`: the closed pipe ends the run quietly."""
    root = Path(__file__).resolve().parents[1]
    files = [str(root / "tests/kernels/bad" / n) for n in ("tag_pipelined_slot.dsl", "res_shared_stages.dsl")]
    proc = subprocess.Popen([sys.executable, "-c", "from argus_verify.cli import verify_main; "
                             "raise SystemExit(verify_main())", *files],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root)
    proc.stdout.close()              # before the first report line is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=300) == 1
    assert "internal error" not in err and "Traceback" not in err, err

"""docs/TUTORIAL.md and docs/API.md, executed: every file written, every command run (in process,
in a fresh directory) with its exit code and output compared to the page, every Python
block executed. Outputs without `...` are rewritten by `--regen-golden`."""
from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from doc_blocks import Block, blocks, command, matches, steps

from argus_verify.cli import main, verify_main

REPO = Path(__file__).resolve().parents[2]


def _run_command(block: Block, capsys) -> str:
    argv, want = command(block)
    entry = {"argus": main, "argus-verify": verify_main}.get(argv[0])
    assert entry, f"line {block.line}: only argus and argus-verify commands run here, not {argv[0]}"
    capsys.readouterr()
    try:
        code = entry(argv[1:])
    except SystemExit as stop:       # argparse's --version and usage errors
        code = stop.code
    out, err = capsys.readouterr()
    assert code == want, f"line {block.line}: `{' '.join(argv)}` exited {code}, the page says {want}\n{out}{err}"
    return out + err


def _run_python(block: Block, namespace: dict) -> str:
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(block.body, f"block at line {block.line}", "exec"), namespace)
    return buf.getvalue()


def run_page(page: Path, workdir: Path, capsys, regen: bool) -> int:
    """Act on every block of the page in `workdir`; the number of outputs compared."""
    text = page.read_text()
    namespace: dict = {"__name__": "__doc__"}
    compared, rewrites = 0, []
    for block, expected in steps(text):
        if "file" in block.options:
            (workdir / block.options["file"]).write_text(block.body)
            continue
        if block.lang == "sh":
            actual = _run_command(block, capsys)
        elif block.lang == "python":
            actual = _run_python(block, namespace)
        else:
            continue
        if expected is None:
            continue
        if regen and "..." not in expected.body:
            rewrites.append((expected.body, actual))
        else:
            assert matches(expected.body, actual), f"{page.name} line {expected.line}: the output is now\n{actual}"
        compared += 1
    for old, new in rewrites:
        text = text.replace(old, new, 1)
    if rewrites:
        page.write_text(text)
    return compared


@pytest.mark.parametrize("page", ["TUTORIAL.md", "API.md"])
def test_page_runs_as_written(page, tmp_path, monkeypatch, capsys, regen_golden):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ARGUS_CACHE", raising=False)
    path = REPO / "docs" / page
    outputs = [b for b in blocks(path.read_text()) if b.lang == "text"]
    assert run_page(path, tmp_path, capsys, regen_golden) == len(outputs) >= 3, "an output shown after no command"

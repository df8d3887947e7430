"""Golden reports for malformed kernels: tests/golden/NAME.dsl beside NAME.expected.

Each .dsl is one malformed kernel with `#! error[CODE]` on the offending line; .expected
is the whole stderr of `argus-verify tests/golden/NAME.dsl` run from the repository root.
Rewrite them all with `python -m pytest tests/dsl/test_golden.py --regen-golden`.
"""
from __future__ import annotations

import json

import pytest

from argus_verify.cli import verify_main
from corpus import GOLDEN, marker
from dsl.diagnostics import CODES

CASES = sorted(GOLDEN.glob("*.dsl"))


def _run(argv, capsys, monkeypatch, root):
    monkeypatch.chdir(root)
    code = verify_main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_report_matches_the_golden_file(path, capsys, monkeypatch, golden, repo_root):
    code, out, err = _run([path.relative_to(repo_root).as_posix()], capsys, monkeypatch, repo_root)
    assert code == 2 and out == ""
    golden(path.with_suffix(".expected"), err)


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_first_finding_is_the_marked_one(path, capsys, monkeypatch, repo_root):
    mark = marker(path)
    assert mark is not None, f"{path.name} has no `#! error[CODE]` line"
    code, out, _ = _run(["--json", path.relative_to(repo_root).as_posix()], capsys, monkeypatch, repo_root)
    first = json.loads(out)["results"][0]["diagnostics"][0]
    assert code == 2
    assert (first["line"], first["code"]) == mark


def test_goldens_cover_every_code():
    assert len(CASES) >= 25
    marked = {marker(p)[1] for p in CASES if marker(p)}
    assert set(CODES) <= marked, f"no golden for {sorted(set(CODES) - marked)}"


def test_every_golden_has_its_report():
    reports = {p.stem for p in GOLDEN.glob("*.expected")}
    assert reports == {p.stem for p in CASES}

"""docs/DSL.md's examples type-check: `dsl` blocks as kernels, `dsl-body` after the prelude."""
from __future__ import annotations

import re

import pytest

from corpus import REPO
from dsl.check import check_source
from dsl.diagnostics import CODES

DOC = (REPO / "docs" / "DSL.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(dsl|dsl-body)\n(.*?)```", DOC, flags=re.S)
PRELUDE = next(text for kind, text in BLOCKS if kind == "dsl" and text.startswith("kernel prelude("))


def _source(kind: str, text: str) -> str:
    if kind == "dsl":
        return text
    return PRELUDE + "".join(f"    {line}\n" if line else "\n" for line in text.splitlines())


@pytest.mark.parametrize("kind, text", BLOCKS, ids=[f"{k}-{i}" for i, (k, _) in enumerate(BLOCKS)])
def test_every_example_type_checks(kind, text):
    result = check_source(_source(kind, text), "DSL.md")
    assert result.ok, [f"{d.span.line}: {d.code} {d.message}" for d in result.diagnostics]


def test_there_are_examples_of_both_kinds():
    kinds = [k for k, _ in BLOCKS]
    assert kinds.count("dsl") >= 3 and kinds.count("dsl-body") >= 5


def test_the_code_table_lists_every_code():
    table = dict(re.findall(r"^\| (E\d{3}) \| (.+) \|$", DOC, flags=re.M))
    assert set(table) == set(CODES)
    for code, meaning in CODES.items():
        assert table[code].startswith(meaning), code

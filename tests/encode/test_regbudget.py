"""RES for setmaxnreg (encode/regbudget.py) on variants of proofs/ws_col_sum.dsl: the
split's counts must fit the register file, an inc must not ask for less than a thread
starts with, and a target without setmaxnreg refuses it."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.check import check_source
from encode.regbudget import entry_count
from encode.target import load_target
from encode.verifier import VerifyOptions, verify_kernel

ROOT = Path(__file__).resolve().parents[2]
TEXT = (ROOT / "proofs" / "ws_col_sum.dsl").read_text()


def _res(text: str, target: str = "sm_90") -> list[str]:
    result = check_source(text, "k.dsl")
    assert result.ok, result.diagnostics
    verdict = verify_kernel(result.kernel, VerifyOptions(rules=("RES",), target=target))
    return [f.message for f in verdict.findings if f.rule == "RES"]


def test_entry_count_is_the_launch_bounds_cap():
    t = load_target("sm_90")
    assert [entry_count(t, n) for n in (128, 256, 384, 512)] == [248, 248, 168, 128]


@pytest.mark.parametrize("inc,dec,ok", [(232, 40, True), (240, 24, True), (240, 40, False), (256, 24, False)])
def test_the_split_fits_the_register_file(inc, dec, ok):
    text = TEXT.replace("setmaxnreg inc 232", f"setmaxnreg inc {inc}").replace("setmaxnreg dec 40", f"setmaxnreg dec {dec}")
    found = _res(text)
    assert (not found) == ok, found
    if not ok:
        assert f"{(2 * inc + dec) * 128} registers" in found[0]


def test_an_inc_below_the_launch_count_is_refused():
    found = _res(TEXT.replace("setmaxnreg inc 232", "setmaxnreg inc 160"))
    assert any("fewer registers than the 168" in m for m in found), found


def test_a_target_without_setmaxnreg_refuses_it():
    found = _res(TEXT, "mi300x")
    assert any("not an instruction of mi300x" in m for m in found), found

"""Global tensors both read and written (issue 17, class 5): in-place updates prove and
their lowering matches the reference on the CUDA simulator; races in global memory, within
a block (no barrier) and between blocks (unordered), are RACE findings whose witnesses the
concrete interpreter replays (interp/global_races.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

ROOT = Path(__file__).resolve().parents[2]
OK = ROOT / "tests/verify/kernels"
BAD = ROOT / "tests/kernels/bad"


def _kernel(path: Path):
    result = check_source(path.read_text(), str(path.relative_to(ROOT)))
    assert result.ok, [str(d) for d in result.diagnostics]
    return result.kernel


@pytest.mark.parametrize("name,sizes", [("scale_inplace", {"N": 512}), ("double_then_copy", {"N": 512})])
def test_in_place_update_proves_and_lowers(name, sizes):
    from codegen_cuda.differential import check_lowering
    path = OK / f"{name}.dsl"
    kernel = _kernel(path)
    v = verify_kernel(kernel, VerifyOptions())
    assert v.status == "proved", (v.findings, v.unknowns)
    assert check_lowering(kernel, path.read_text(), path.with_suffix(".ref.py"), [sizes], seeds=(0,)).verdict == "ok"


@pytest.mark.parametrize("name,between_blocks", [("race_global_read_back_no_barrier", False),
                                                 ("race_global_neighbour_block", True),
                                                 ("race_global_flag", True)])
def test_global_race_is_found_and_replays(name, between_blocks):
    from interp.replay import replay_details
    kernel = _kernel(BAD / f"{name}.dsl")
    v = verify_kernel(kernel, VerifyOptions(rules=("RACE", "WAR")))
    (f,) = [f for f in v.findings if f.rule == "RACE"]
    assert ("blocks are unordered" in f.message) == between_blocks
    assert replay_details(kernel, f).replayed


def test_interpreter_sees_no_race_in_a_correct_in_place_update():
    from interp.interpreter import interpret, random_inputs
    kernel = _kernel(OK / "double_then_copy.dsl")
    res = interpret(kernel, {"N": 512}, random_inputs(kernel, {"N": 512}, seed=0))
    assert not [x for x in res.violations if x.rule == "RACE"]

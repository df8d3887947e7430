"""Proved implies correct for the generated code (issue 12, docs/LOWERING.md "Register tiles
read across threads"): forwarding a register tile to its shared source is allowed only when
no write to that source can fall between any thread's load and any thread's use; the
interpreter's `lowered` mode runs the lowered accesses through its race checks; and the
differential check runs the module on the simulator against the interpreter and reference.
"""
from __future__ import annotations

import functools
from pathlib import Path

import pytest

from codegen_cuda import forward as forwarding
from codegen_cuda import plan as planning
from codegen_cuda.differential import check_lowering, lowering_races
from interp.sizes import pick_sizes
from codegen_cuda.runner import load_reference
from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent / "lowering"


@functools.lru_cache(maxsize=None)
def _kernel(path: Path):
    text = path.read_text()
    result = check_source(text, str(path.relative_to(ROOT)))
    assert result.ok, [str(d) for d in result.diagnostics]
    return result.kernel, text


def _sizes(path: Path) -> dict:
    sizes = load_reference(path.with_name(path.stem + ".ref.py")).TEST_SIZES
    return sizes if isinstance(sizes, dict) else sizes[0]


CASES = sorted(HERE.glob("*.dsl"))


def _serial_reductions(monkeypatch):
    """Plan every reduction serially, as before they went parallel across warps
    (codegen_cuda/cross_warp.py): their owners read the whole axis across threads, the reads
    these cases forward or materialise (colmax_reload's max is parallel otherwise)."""
    from codegen_cuda import lowered_accesses
    serial = functools.partial(planning.build, parallel=False)
    monkeypatch.setattr(lowered_accesses, "build", serial)
    return serial


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_the_verifier_proves_the_program_and_the_lowering_does_not_forward(path, monkeypatch):
    kernel, _ = _kernel(path)
    assert verify_kernel(kernel, VerifyOptions()).status == "proved"
    plan = _serial_reductions(monkeypatch)(kernel)
    assert not plan.forwards, "a write to the source is not fenced off from another thread's use"
    assert any(t.materialise for t in plan.tiles.values())


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_the_generated_code_matches_on_the_simulator(path):
    kernel, text = _kernel(path)
    res = check_lowering(kernel, text, path.with_name(path.stem + ".ref.py"), [_sizes(path)], seeds=(0, 1))
    assert res.verdict == "ok", res


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_forwarding_there_would_be_a_race_the_interpreter_finds(path, monkeypatch):
    """The plan interpreter is not vacuous: with the fence check switched off, the plan
    forwards, and the lowered accesses race at the kernel's test sizes, deterministically."""
    kernel, _ = _kernel(path)
    monkeypatch.setattr(forwarding, "_fenced", lambda p, src, forward: True)
    assert _serial_reductions(monkeypatch)(kernel).forwards
    races = lowering_races(kernel, _sizes(path))
    assert races and {v.rule for v in races} <= {"RACE", "WAR", "ASYNC"}, [str(v) for v in races]
    # a plain write with no barrier between, or an async copy waited for but not made visible
    assert "no barrier between" in races[0].detail or "not made visible by a barrier" in races[0].detail


@pytest.mark.parametrize("path", sorted((ROOT / "proofs").glob("*.dsl")), ids=lambda p: p.stem)
def test_every_shipped_kernel_lowers_without_a_race(path):
    kernel, _ = _kernel(path)
    sizes = _sizes(path) if path.with_name(path.stem + ".ref.py").exists() else pick_sizes(kernel, 1)[0]
    blocks = [tuple(0 for _ in kernel.grid)]
    from codegen_cuda.lowered_accesses import interpret_lowered
    assert interpret_lowered(kernel, sizes, blocks=blocks).violations == []


PROVED_RANDOM = (6, 24, 35)     # lowgen seeds the verifier proves (the sweep is bench/lowering_fuzz.py)


@pytest.mark.parametrize("seed", PROVED_RANDOM)
def test_random_proved_kernels_lower_correctly(seed):
    import sys
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import lowgen
    text = lowgen.kernel_text(seed)
    kernel = check_source(text, f"low{seed}.dsl").kernel
    rules = ("RACE", "SYNC", "ASYNC", "WAR", "BOUND", "INIT")
    assert verify_kernel(kernel, VerifyOptions(rules=rules)).status == "proved", "update PROVED_RANDOM"
    assert check_lowering(kernel, text, None, [{"M": 64}], seeds=(0,), rules=rules).verdict == "ok"


@pytest.mark.parametrize("name", ["cast_chain", "reshape_flatten"])
def test_held_out_kernels_lower_and_match(name):
    """Proved kernels whose lowering check crashed: a cast through a type no tile has (the
    module did not import it), a reshape that changes the rank (the lowered interpreter read
    its operand at the result's coordinates)."""
    path = ROOT / "tests/codegen/kernels" / f"{name}.dsl"
    kernel, text = _kernel(path)
    assert verify_kernel(kernel, VerifyOptions()).status == "proved"
    res = check_lowering(kernel, text, path.with_name(f"{name}.ref.py"), [_sizes(path)], seeds=(0,))
    assert res.verdict == "ok", res

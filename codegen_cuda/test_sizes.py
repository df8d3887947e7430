"""The sizes at which a candidate's numbers are checked (the agent's candidates, fill's
completions, tune's best configurations).

A task's TEST_SIZES satisfy the seed's assumptions, but a rewrite may add its own (`assume
M % 128 == 0` of a 128-row tiling): at the task's sizes such a candidate cannot run, and it
was refused although proved (new-user round 38: gelu at M = 5, col_sum at R = 7 and the
KernelBench square matmul at 64 never kept a tiling). Here the smallest sizes at or above the
task's that satisfy the candidate's size assumptions are found with Z3 (each size grows by at
most GROWTH, so the simulator's run stays small); None when there are none.
"""
from __future__ import annotations

from pathlib import Path

import z3

from dsl import ir
from encode.assume_reads import size_env
from encode.minimize import minimize_model
from encode.solver import SolverOptions, Verdict
from encode.symbols import Unsupported

from .scalar import mentions_data

GROWTH = 256


def fitted_sizes(kernel: ir.Kernel, sizes: dict[str, int]) -> dict[str, int] | None:
    if set(sizes) != set(kernel.sizes):
        return None
    env = size_env(kernel)
    facts = []
    for name, v in env.sizes.items():
        facts += [v >= sizes[name], v <= sizes[name] + GROWTH]
    try:
        facts += [env.cond(a, {}) for a in kernel.assumes if not mentions_data(a)]
    except Unsupported:
        return None
    names = sorted(env.sizes)
    out = minimize_model(facts, [z3.Sum([env.sizes[n] - sizes[n] for n in names])],
                         SolverOptions(timeout_ms=2000))
    if out.verdict is not Verdict.REFUTED or out.model is None:
        return None
    return {n: out.model.eval(env.sizes[n], model_completion=True).as_long() for n in names}


def sizes_for(kernel: ir.Kernel, sizes: dict[str, int]) -> dict[str, int]:
    """`sizes` when they keep the kernel's assumptions, else the nearest that do
    (fitted_sizes); RunError when there are none."""
    from .runner import RunError, check_sizes
    try:
        return check_sizes(kernel, sizes)
    except RunError:
        fitted = fitted_sizes(kernel, sizes)
        if fitted is None:
            raise
        return check_sizes(kernel, fitted)


def reference_check(kernel: ir.Kernel, text: str, ref: Path,
                    cache_dir: Path = Path(".argus_cache")) -> tuple[bool, str]:
    """(matches, why not): the proved kernel lowered and run once on the CUDA simulator
    against the NumPy reference `ref`, at its TEST_SIZES or the nearest sizes the kernel's
    own assumptions keep (differential.check_lowering: the interpreter, the lowering and the
    reference agree)."""
    from .differential import check_lowering
    from .runner import RunError, load_reference
    try:
        sizes = dict(load_reference(ref).TEST_SIZES)
    except (RunError, AttributeError, TypeError) as err:
        return False, f"its reference {ref.name} could not be used: {err}"
    try:
        sizes = sizes_for(kernel, sizes)
    except RunError as err:
        return False, f"no sizes near {ref.name}'s TEST_SIZES keep its assumptions ({err})"
    got = check_lowering(kernel, text, ref, [sizes], seeds=(0,), cache_dir=cache_dir)
    return got.verdict == "ok", f"on the simulator against {ref.name}: {got.verdict}: {got.detail}"


def sketch_reference(sketch_path: str) -> Path | None:
    """The NumPy reference beside a sketch (NAME.ref.py for NAME.dsl), loaded once to find a
    broken one before any search (RunError); None when there is none."""
    from .runner import load_reference
    ref = Path(sketch_path).with_suffix(".ref.py") if sketch_path != "-" else None
    if ref is None or not ref.is_file():
        return None
    load_reference(ref)
    return ref

"""Proved implies correct, checked on the generated code: the lowered plan's accesses run
through the interpreter's happens-before checks, and the generated module runs on the CUDA
simulator against the reference, on the same random inputs, for several seeds.

Verdicts: ok; race (the lowered accesses race where the DSL program does not); mismatch
(the simulator disagrees with the interpreter on the same inputs: the lowering computes
something else); spec (simulator and interpreter agree, the reference disagrees: the
kernel computes something else, which the tag spec let through; not a lowering fault);
refused (the lowering rejects the kernel with a message); error (the run failed).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dsl import ir

from .interp_layout import InterpretError
from .interpret import interpret
from .module import lower
from .numerics import compare, tolerance
from .runner import RunError, check_data_assumptions, launch_in_child, load_reference, make_inputs, poison
from .scalar import LoweringError

UNSOUND = ("race", "mismatch")


@dataclass(frozen=True)
class LoweringCheck:
    verdict: str
    detail: str = ""
    runs: int = 0

    @property
    def unsound(self) -> bool:
        return self.verdict in UNSOUND


def lowering_races(kernel: ir.Kernel, sizes: dict[str, int], inputs: dict | None = None, dsl=None) -> list:
    """Violations the lowered code's accesses add to the DSL program's own, at `sizes`
    (`dsl`: the interpreter's result of the DSL program on the same inputs, if at hand)."""
    dsl = dsl if dsl is not None else interpret(kernel, sizes, inputs)
    seen = {(v.rule, v.line, v.block) for v in dsl.violations}
    low = interpret(kernel, sizes, inputs, lowered=True).violations
    return [v for v in low if (v.rule, v.line, v.block) not in seen]


def check_lowering(kernel: ir.Kernel, text: str, reference: Path, sizes_list, seeds=(0, 1, 2),
                   cache_dir: Path = Path(".argus_cache"), timeout_s: float = 300.0) -> LoweringCheck:
    """The differential check of one proved kernel (docs/SOUNDNESS.md, "The lowering")."""
    try:
        module_path = lower(kernel, text).write(cache_dir)
        ref = load_reference(reference)
    except LoweringError as err:
        return LoweringCheck("refused", str(err))
    except RunError as err:
        return LoweringCheck("error", str(err))
    tol = tolerance(p.dtype.value for p in kernel.params)
    runs = 0
    for sizes in sizes_list:
        for seed in seeds:
            try:
                inputs = _inputs(kernel, ref, sizes, seed)
                args = poison(kernel, sizes, inputs)
                dsl = interpret(kernel, sizes, args)
                races = lowering_races(kernel, sizes, args, dsl)
                if races:
                    return LoweringCheck("race", f"{_at(sizes, seed)}: the lowered code races: {races[0]}", runs)
                got, _ = launch_in_child(module_path, args, "simulator", timeout_s)
                want = ref.reference({k: v.copy() for k, v in inputs.items()}, dict(sizes))
            except (InterpretError, RunError) as err:
                return LoweringCheck("error", f"{_at(sizes, seed)}: {err}", runs)
            runs += 1
            for name in sorted(dsl.outputs):
                vs_dsl = compare(name, got[name], dsl.outputs[name], tol)
                if not vs_dsl.ok:
                    return LoweringCheck("mismatch", f"{_at(sizes, seed)}: {name} differs from the interpreter "
                                         f"(max rel err {vs_dsl.rel_err:.3g}, unwritten {vs_dsl.unwritten})", runs)
                if name in want and not compare(name, got[name], want[name], tol).ok:
                    return LoweringCheck("spec", f"{_at(sizes, seed)}: {name} matches the interpreter but "
                                         "not the reference", runs)
    return LoweringCheck("ok", "", runs)


def _inputs(kernel, ref, sizes, seed) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    inputs = ref.make_inputs(dict(sizes), rng) if callable(getattr(ref, "make_inputs", None)) \
        else make_inputs(kernel, sizes, rng)
    check_data_assumptions(kernel, sizes, inputs)
    return inputs


def _at(sizes, seed) -> str:
    return f"[{', '.join(f'{k}={v}' for k, v in sizes.items())}] seed {seed}"

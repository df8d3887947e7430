"""Proved implies correct, checked on the generated code: the lowered plan's accesses run
through the interpreter's happens-before checks, and the generated module runs on the CUDA
simulator against the reference, on the same random inputs, for several seeds.

Verdicts: ok; race (the lowered accesses race where the DSL program does not); mismatch
(the simulator disagrees with the interpreter on the same inputs: the lowering computes
something else); fault (the generated code faults on the simulator); spec (simulator and interpreter agree, the reference disagrees: the
kernel computes something else, which the tag spec let through; not a lowering fault);
refused (the lowering rejects the kernel with a message); error (the run failed); disagree
(the interpreter finds a violation in the kernel, which the caller holds proved: a false
proof, or verifier and interpreter read the semantics differently).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dsl import ir

from interp.interpreter import interpret
from interp.layout import InterpretError

from .lowered_accesses import interpret_lowered
from .module import lower
from .numerics import compare, difference, tolerance
from .runner import (KernelFault, RunError, call_reference, launch_in_child, load_reference, never_stored, poison,
                     seeded_inputs)
from .scalar import LoweringError

UNSOUND = ("race", "mismatch", "fault")


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
    low = interpret_lowered(kernel, sizes, inputs).violations
    return [v for v in low if (v.rule, v.line, v.block) not in seen]


def check_lowering(kernel: ir.Kernel, text: str, reference: Path | None, sizes_list, seeds=(0, 1, 2),
                   cache_dir: Path = Path(".argus_cache"), timeout_s: float = 300.0,
                   rules: tuple[str, ...] | None = None) -> LoweringCheck:
    """The differential check of one proved kernel (docs/SOUNDNESS.md, "The lowering").
    Without a reference the simulator is compared with the interpreter only. `rules`: the
    rules the kernel was proved under (all where None): only the interpreter's violations of
    those make it `disagree`."""
    try:
        module_path = lower(kernel, text).write(cache_dir)
        ref = load_reference(reference) if reference is not None else None
    except LoweringError as err:
        return LoweringCheck("refused", str(err))
    except RunError as err:
        return LoweringCheck("error", str(err))
    tol = tolerance(p.dtype.value for p in kernel.params)
    runs = 0
    for sizes in sizes_list:
        for seed in seeds:
            try:
                inputs = seeded_inputs(kernel, ref, sizes, seed)
                args = poison(kernel, sizes, inputs)
                dsl = interpret(kernel, sizes, args)
                refuted = [v for v in dsl.violations if rules is None or v.rule in rules]
                if refuted:
                    # a proved kernel the interpreter refutes: a false proof, or an oracle
                    # that reads the semantics otherwise (new-user round 87: it paired a
                    # tile with itself where the verifier keeps its records)
                    return LoweringCheck("disagree", f"{_at(sizes, seed)}: the interpreter finds "
                                         f"{refuted[0]}", runs)
                races = lowering_races(kernel, sizes, args, dsl)
                if races:
                    return LoweringCheck("race", f"{_at(sizes, seed)}: the lowered code races: {races[0]}", runs)
                got, _ = launch_in_child(module_path, args, "simulator", timeout_s)
                want = call_reference(ref, inputs, sizes) if ref else {}
            except KernelFault as err:      # a proved kernel must not fault (out of bounds, misaligned)
                return LoweringCheck("fault", f"{_at(sizes, seed)}: {err}", runs)
            except (InterpretError, RunError) as err:
                return LoweringCheck("error", f"{_at(sizes, seed)}: {err}", runs)
            runs += 1
            if never_stored(want, dsl.outputs):
                return LoweringCheck("spec", f"{_at(sizes, seed)}: {never_stored(want, dsl.outputs)}", runs)
            for name in sorted(dsl.outputs):
                differs = _differs(got[name], dsl.outputs[name], computed_tolerance(kernel, name))
                if differs:
                    return LoweringCheck("mismatch", f"{_at(sizes, seed)}: {name} differs from the interpreter: "
                                         f"{differs}", runs)
                if name in want and not compare(name, got[name], want[name], tol).ok:
                    return LoweringCheck("spec", f"{_at(sizes, seed)}: {name} matches the interpreter but "
                                         "not the reference", runs)
    return LoweringCheck("ok", "", runs)


def computed_tolerance(kernel: ir.Kernel, output: str) -> float:
    """The simulator's output against the interpreter's: both compute each node in one type
    (docs/LOWERING.md, "Types"), so they differ only by the order of sums and products and
    by math functions, in the types that compute: the float types of the tiles that
    statements compute (Compute, Mma, zeros) and of the output. Not those of the inputs (an
    f16 input made an f32 output's check 100 times looser than its arithmetic: issue 17)."""
    types = {p.dtype.value for p in kernel.params if p.name == output}
    types |= {s.target.dtype.value for s in ir.walk(kernel.body) if isinstance(s, (ir.Compute, ir.Mma, ir.Zeros))}
    return tolerance(types)


def _differs(got: np.ndarray, want: np.ndarray, tol: float) -> str:
    """Why the simulator's output is not the interpreter's: other elements written (an
    output element the program leaves unwritten stays poisoned in both), or other values."""
    try:
        d = difference(got, want)
    except ValueError as e:
        return str(e)
    if not np.issubdtype(np.asarray(want).dtype, np.floating):
        return f"{d.max_abs + d.unwritten + d.extra:.0f} of {d.elements} elements" if d.max_abs or d.unwritten or d.extra else ""
    if d.extra or d.unwritten:
        return f"{d.unwritten} element(s) the program writes left unwritten, {d.extra} written that it leaves alone"
    return f"max rel err {d.rel_err:.3g} (tolerance {tol:g})" if d.rel_err > tol else ""


def _at(sizes, seed) -> str:
    return f"[{', '.join(f'{k}={v}' for k, v in sizes.items())}] seed {seed}"

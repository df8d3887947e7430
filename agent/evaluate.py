"""Evaluate one candidate kernel: verify, lower, run on the simulator against the task's
reference with several input seeds, and score it with the cost model (labelled "model").

Only a kernel that is proved and numerically correct gets a reward; the stages stop at
the first failure and say why. Pure apart from the simulator child processes it starts.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from codegen_cuda.module import lower
from codegen_cuda.numerics import difference
from codegen_cuda.runner import RunError, call_reference, check_sizes, launch_in_child, poison, seeded_inputs
from codegen_cuda.test_sizes import sizes_for
from dsl import ir
from dsl.check import check_source
from encode.verifier import VerifyOptions, verify_kernel

from .task import Task

INPUT_SEEDS = (0, 1)


@dataclass(frozen=True)
class EvalOptions:
    cache_dir: Path = Path(".argus_cache")
    timeout_s: float = 10.0          # solver seconds per query
    run_timeout_s: float = 300.0     # simulator seconds per launch
    input_seeds: tuple[int, ...] = INPUT_SEEDS
    target: str = "sm_90"


@dataclass(frozen=True)
class Evaluation:
    """What one candidate earned. `stage` is the furthest stage reached: check, verify,
    numerics or reward; `ok` means proved and numerically correct."""
    stage: str
    status: str                                  # bad_input, violation, unknown, proved
    correct: bool = False
    findings: tuple[dict, ...] = ()
    numerics: tuple[dict, ...] = ()
    seconds: float | None = None                 # model time at BENCH_SIZES
    label: str = "model"
    why: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "proved" and self.correct

    def as_dict(self) -> dict:
        return {"stage": self.stage, "status": self.status, "correct": self.correct, "ok": self.ok,
                "findings": list(self.findings), "numerics": list(self.numerics),
                "seconds": self.seconds, "label": self.label, "why": self.why}

    @staticmethod
    def from_dict(d: dict) -> "Evaluation":
        return Evaluation(d["stage"], d["status"], d["correct"], tuple(d["findings"]), tuple(d["numerics"]),
                          d["seconds"], d["label"], d["why"])


def finding_dict(f) -> dict:
    """The facts of a counterexample a repair may use, as plain data."""
    return {"rule": f.rule, "line": f.span.line, "col": f.span.col, "message": f.message,
            "hint": f.hint, "iteration": [list(x) for x in f.iteration],
            "thread": f.thread, "block": list(f.block),
            "operands": [{"text": o.text, "tag": [list(t) for t in o.tag]} for o in f.operands]}


def evaluate_text(text: str, task: Task, opts: EvalOptions, predict: Callable | None) -> Evaluation:
    checked = check_source(text, f"{task.name}.dsl")
    if not checked.ok:
        d = checked.diagnostics[0]
        return Evaluation("check", "bad_input", why=f"{d.span}: {d.message}")
    return evaluate(checked.kernel, text, task, opts, predict)


def evaluate(kernel: ir.Kernel, text: str, task: Task, opts: EvalOptions, predict: Callable | None) -> Evaluation:
    verdict = verify_kernel(kernel, VerifyOptions(timeout_s=opts.timeout_s, target=opts.target))
    findings = tuple(finding_dict(f) for f in verdict.findings if f.severity == "error")
    if verdict.status != "proved":
        why = "; ".join(f"{u.rule}: {u.reason}" for u in verdict.unknowns) if verdict.status == "unknown" \
            else "; ".join(f"{f['rule']} at line {f['line']}: {f['message']}" for f in findings)
        return Evaluation("verify", verdict.status, findings=findings, why=why)
    try:
        checks = run_numerics(kernel, text, task, opts)
    except RunError as err:
        return Evaluation("numerics", "proved", why=str(err))
    correct = all(c["ok"] for c in checks)
    if not correct:
        bad = next(c for c in checks if not c["ok"])
        return Evaluation("numerics", "proved", False, numerics=tuple(checks), why=bad["why"])
    if predict is None:
        return Evaluation("numerics", "proved", True, numerics=tuple(checks), why="no cost model available")
    try:
        check_sizes(kernel, dict(task.bench_sizes))
    except RunError as err:
        # a rewrite's own assumptions (`N % 128 == 0` of a 128-wide tiling) may exclude the
        # sizes that count: there the kernel does not run, so no time is claimed for it (the
        # KernelBench GEMV at N = 1 was priced with a grid of 0 blocks: 13000x the seed, model)
        return Evaluation("reward", "proved", True, numerics=tuple(checks),
                          why=f"not priced: the task's BENCH_SIZES break its assumptions ({err})")
    pred = predict(kernel, dict(task.bench_sizes), opts.target)
    if pred is None:
        return Evaluation("reward", "proved", True, numerics=tuple(checks), why="the cost model cannot model it")
    if pred.spilled > 0:
        # the model leaves local-memory traffic out, so a kernel that spills would be priced as
        # if its registers sufficed (a square matmul's 64 x 128 tile over four split-K
        # accumulators, 81 registers past the 255, was kept as 8.6x the seed, model)
        return Evaluation("reward", "proved", True, numerics=tuple(checks),
                          why=f"not priced: it wants {pred.spilled} register(s) per thread past the "
                              f"{pred.registers} the target gives, spilled to local memory, which the model "
                              "does not price")
    return Evaluation("reward", "proved", True, numerics=tuple(checks), seconds=float(pred.seconds),
                      label=pred.label, why=f"{pred.bound}-bound: {pred.why}")


def run_numerics(kernel: ir.Kernel, text: str, task: Task, opts: EvalOptions) -> list[dict]:
    """One simulator launch per input seed; every output compared with the reference."""
    # a rewrite's own assumptions the task's sizes break: the nearest sizes that keep them
    sizes = sizes_for(kernel, dict(task.test_sizes))
    ref = task.reference()
    module_path = lower(kernel, text).write(opts.cache_dir)
    out = []
    for seed in opts.input_seeds:
        inputs = seeded_inputs(kernel, ref, sizes, seed)
        got, _ = launch_in_child(module_path, poison(kernel, sizes, inputs), "simulator", opts.run_timeout_s)
        want = call_reference(ref, inputs, sizes)
        for name in sorted(want):
            if name not in got:
                raise RunError(f"the kernel writes no output '{name}' that the reference returns")
            out.append(compare_output(name, seed, got[name], np.asarray(want[name]), task.rtol, task.atol)
                       | {"sizes": dict(sizes)})
    return out


def compare_output(name: str, seed: int, got: np.ndarray, want: np.ndarray, rtol: float, atol: float) -> dict:
    """Every element written, within atol + rtol * max|want|, and not a constant standing in
    for a varying reference (a zero or constant output never passes by luck)."""
    try:
        d = difference(got, want)
    except ValueError as e:
        return {"output": name, "seed": seed, "ok": False, "why": f"{name}: {e}"}
    bound = atol + rtol * d.scale
    ok = d.unwritten == 0 and not d.constant and d.max_abs <= bound
    why = "" if ok else (f"{name}: {d.unwritten} of {d.elements} elements unwritten" if d.unwritten else
                         f"{name}: constant output" if d.constant else
                         f"{name}: max abs error {d.max_abs:.3g} > {bound:.3g} (input seed {seed})")
    return {"output": name, "seed": seed, "ok": ok, "max_abs_err": d.max_abs, "unwritten": d.unwritten,
            "elements": d.elements, "why": why}


def default_predict() -> Callable | None:
    """The analytical cost model as `(kernel, sizes, target name) -> Prediction | None`
    (None: the model cannot model this kernel), when this checkout has one."""
    try:
        from codegen_cuda import costmodel
        from encode.target import load_target
    except ImportError:
        return None

    def predict(kernel: ir.Kernel, sizes: dict, target: str):
        try:
            return costmodel.predict(kernel, sizes, load_target(target))
        except costmodel.ModelError:
            return None
    return predict

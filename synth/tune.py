"""Parameter search: every combination of a sketch's finite-domain holes, those the sizes'
`assume`s or the target's limits reject dropped without a solver call, the rest proved
(in parallel processes) and the proved ones ranked by the cost model ("model").
"""
from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from codegen_cuda.costmodel import ModelError, Prediction, predict
from dsl.check import check_source
from encode.target import load_target
from encode.verifier import VerifyOptions

from .sketch import Sketch, instantiate

REGISTER_MODES = ("auto", "cubin", "estimate")


@dataclass(frozen=True, slots=True)
class Outcome:
    values: tuple[tuple[str, int], ...]     # (hole label, value), in hole order
    status: str                             # proved | violation | unknown | rejected | not modelled
    reason: str                             # why it was rejected, or the first finding
    prediction: Prediction | None = None
    text: str = ""                          # the instantiated kernel (proved ones)

    @property
    def key(self):
        """Rank: predicted time, then the values (ties broken the same way every run)."""
        t = self.prediction.seconds if self.prediction is not None else math.inf
        return (t, tuple(v for _, v in self.values))


@dataclass(frozen=True, slots=True)
class TuneResult:
    total: int
    ranked: tuple[Outcome, ...]             # proved and modelled, fastest first
    others: tuple[Outcome, ...]             # rejected before proving, or not proved, in value order


@dataclass(frozen=True, slots=True)
class TuneOptions:
    target: str = "sm_90"
    timeout_s: float = 10.0
    seed: int = 0
    jobs: int = 1
    registers: str = "estimate"             # auto | cubin | estimate
    refine: int = 10                        # auto: configurations given cubin registers
    cache_dir: str = ".argus_cache"
    reference: str | None = None            # SKETCH.ref.py: the best configurations run against it
    checked: int = 3                        # how many of the best must match it (the others are dropped)


class TuneError(Exception):
    """The sketch cannot be tuned (an unbounded hole, no holes, a bad size)."""


def combinations(sketch: Sketch) -> list[dict[int, int]]:
    unbounded = [h for h in sketch.holes if h.domain is None]
    if unbounded:
        h = unbounded[0]
        raise TuneError(f"{sketch.path}:{h.line}:{h.col}: argus tune needs a finite domain for every hole, "
                        f"e.g. ??{{64, 128}} (use `argus fill` for open holes)")
    if not sketch.holes:
        raise TuneError(f"{sketch.path}: no holes to tune; open a constant with ??{{...}}")
    return [dict(enumerate(vals)) for vals in itertools.product(*(h.domain for h in sketch.holes))]


def tune(sketch: Sketch, sizes: Mapping[str, int], opts: TuneOptions,
         progress: Callable[[str, int, int, Outcome], None] | None = None,
         keep: Callable[[dict[str, int]], bool] | None = None) -> TuneResult:
    """Rank every combination (or those `keep` accepts, by hole label) of the sketch's holes.
    `progress(phase, done, total, outcome)` after each step of a phase: "verify" (every
    combination), "cubin" (the best ones predicted again with compiled registers), "reference"
    (the best ones run against the sketch's reference)."""
    labels = [h.label for h in sketch.holes]
    combos = [c for c in combinations(sketch) if keep is None or keep(dict(zip(labels, c.values())))]
    target = load_target(opts.target)
    outcomes, todo = [], []
    for values in combos:
        named = tuple(zip(labels, (values[i] for i in range(len(labels)))))
        text = instantiate(sketch, values)
        reason = prefilter(text, sketch.path, sizes, target)
        if reason is None:
            todo.append((named, text))
        else:
            outcomes.append(Outcome(named, "rejected", reason))
    jobs = [(named, text, sketch.path, dict(sizes), opts) for named, text in todo]
    outcomes += _run(_prove_one, jobs, opts.jobs, lambda i, o: progress and progress("verify", len(outcomes) + i, len(combos), o))
    ranked = sorted((o for o in outcomes if o.prediction is not None), key=lambda o: o.key)
    others = sorted((o for o in outcomes if o.prediction is None), key=lambda o: o.key)
    if opts.registers != "estimate" and ranked:
        ranked = _refine(ranked, sketch.path, sizes, opts, progress)
        others = sorted(others + [o for o in ranked if o.prediction is None], key=lambda o: o.key)
        ranked = [o for o in ranked if o.prediction is not None]
    if opts.reference is not None:
        ranked, dropped = _against_reference(ranked, sketch.path, opts, progress)
        others = sorted(others + dropped, key=lambda o: o.key)
    return TuneResult(len(combos), tuple(ranked), tuple(others))


def _against_reference(ranked: list[Outcome], path: str, opts: TuneOptions, progress=None) -> tuple[list, list]:
    """The best configurations, from the top, run on the simulator against the sketch's
    reference until `opts.checked` match; one that does not is dropped from the ranking
    (new-user round 38: a configuration skipping a tile proved, `covers` allows it, and the
    model ranked it first, being faster)."""
    from codegen_cuda.test_sizes import reference_check
    kept, dropped, passed = [], [], 0
    for o in ranked:
        if passed >= opts.checked:
            kept.append(o)
            continue
        kernel = check_source(o.text, path).kernel
        ok, why = reference_check(kernel, o.text, Path(opts.reference), Path(opts.cache_dir))
        out = dataclasses.replace(o, status="proved, matches") if ok else \
            dataclasses.replace(o, status="mismatch", reason=f"proved, but {why}")
        passed += ok
        (kept if ok else dropped).append(out)
        if progress:
            progress("reference", len(kept) + len(dropped), len(ranked), out)
    return kept, dropped


def _run(fn, jobs: list, workers: int, done: Callable[[int, Outcome], None]) -> list[Outcome]:
    """fn over jobs, in `workers` processes when there is more than one job; in order."""
    out = []
    if workers > 1 and len(jobs) > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for o in pool.map(fn, jobs):
                out.append(o)
                done(len(out), o)
    else:
        for job in jobs:
            out.append(fn(job))
            done(len(out), out[-1])
    return out


def _refine(ranked: list[Outcome], path: str, sizes, opts: TuneOptions, progress) -> list[Outcome]:
    """Predict again with the compiled cubin's registers: every proved configuration
    (cubin), or the `refine` best by the estimate (auto); then rank again."""
    n = len(ranked) if opts.registers == "cubin" else min(opts.refine, len(ranked))
    jobs = [(o, path, dict(sizes), opts) for o in ranked[:n]]
    redone = _run(_with_cubin, jobs, opts.jobs, lambda i, o: progress and progress("cubin", i, n, o))
    return sorted(redone + ranked[n:], key=lambda o: o.key)


def prefilter(text: str, path: str, sizes: Mapping[str, int], target) -> str | None:
    """Why a configuration needs no solver call (it does not check, the sizes break an
    `assume`, or it exceeds the target's threads or shared memory), else None."""
    from codegen_cuda.plan import build
    from codegen_cuda.runner import RunError, check_sizes
    from codegen_cuda.scalar import LoweringError
    result = check_source(text, path)
    if not result.ok:
        d = next(d for d in result.diagnostics if d.severity.value == "error")
        return f"does not check: {d.message}"
    k = result.kernel
    try:
        check_sizes(k, dict(sizes))
    except RunError as err:
        return f"assume: {err}"
    if k.threads > target.max_threads_per_block:
        return f"RES: {k.threads} threads exceed the {target.max_threads_per_block} of {target.name}"
    try:
        smem = build(k).smem_bytes
    except LoweringError as err:
        return f"does not lower: {err.message}"
    if smem > target.shared_bytes_per_block:
        return f"RES: {smem} bytes of shared memory exceed the {target.shared_bytes_per_block} of {target.name}"
    return None


def _prove_one(job) -> Outcome:
    """Prove one configuration and, when proved, predict it (runs in a worker process)."""
    from encode.verifier import verify_kernel
    named, text, path, sizes, opts = job
    kernel = check_source(text, path).kernel
    verdict = verify_kernel(kernel, VerifyOptions(timeout_s=opts.timeout_s, seed=opts.seed, target=opts.target))
    if verdict.status != "proved":
        errors = [f for f in verdict.findings if f.severity == "error"]
        first = errors[0] if errors else (verdict.unknowns[0] if verdict.unknowns else None)
        reason = f"{first.rule}: {getattr(first, 'message', getattr(first, 'reason', ''))}" if first else ""
        return Outcome(named, verdict.status, reason)
    try:
        return Outcome(named, "proved", "", predict(kernel, sizes, load_target(opts.target)), text)
    except ModelError as err:
        return Outcome(named, "not modelled", str(err))


def _with_cubin(job) -> Outcome:
    """The outcome predicted with the cubin's registers (kept as it is without the wheels,
    in auto mode; a configuration that does not compile is no longer modelled)."""
    o, path, sizes, opts = job
    kernel = check_source(o.text, path).kernel
    try:
        regs = _registers(kernel, o.text, opts)
        if regs is None:
            return o
        return Outcome(o.values, o.status, o.reason, predict(kernel, sizes, load_target(opts.target), regs), o.text)
    except ModelError as err:
        return Outcome(o.values, "not modelled", str(err), None, o.text)


def _registers(kernel, text: str, opts: TuneOptions) -> int | None:
    from codegen_cuda.compile import CompileUnavailable
    from codegen_cuda.costmodel import cubin_registers
    from codegen_cuda.scalar import LoweringError
    try:
        return cubin_registers(kernel, text, Path(opts.cache_dir))
    except CompileUnavailable as err:
        if opts.registers == "cubin":
            raise ModelError(f"no cubin: {err}") from None
        return None
    except LoweringError as err:
        raise ModelError(f"does not lower: {err}") from None

"""Counterexample-guided filling of a sketch's holes (`argus fill`).

Candidates come from the holes' domains in a fixed order. In `counterexample` feedback
each candidate is first replayed against every counterexample gathered so far and pruned
when one still fails; only the survivors are fully verified, and a failed verification
adds its witnesses to the store. `passfail` feedback verifies every candidate and reuses
nothing: the baseline that shows what the witnesses save. Unbounded holes are solved
by Z3 in synth/unbounded.py, inside the same loop.
"""
from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field

from dsl.check import check_source
from dsl.diagnostics import Diagnostic
from dsl.fmt import format_source
from encode.findings import Finding
from encode.verifier import VerifyOptions, verify_kernel

from .sketch import Sketch, instantiate
from .witness_store import Candidate, StoredWitness, WitnessStore, replays_on

FEEDBACK = ("counterexample", "passfail")
Values = tuple[tuple[int, int], ...]     # (hole index, value), sorted by index


@dataclass(frozen=True, slots=True)
class FillOptions:
    verify: VerifyOptions = field(default_factory=VerifyOptions)
    budget_s: float | None = None      # wall-clock seconds for the whole fill (None: no limit)
    exhaustive: bool = False           # classify every candidate instead of stopping at the first proof
    max_rounds: int = 64               # Z3 rounds per unbounded solve before giving up (budget)


@dataclass(frozen=True, slots=True)
class Rejection:
    """A class of rejected candidates: the witness (or diagnostic) that rules them all out."""
    candidates: tuple[Values, ...]
    witness: Finding | None = None
    source: Values = ()                # the completion the witness was found on
    diagnostic: Diagnostic | None = None
    replay: str = ""                   # the witness replayed on its own completion


@dataclass(frozen=True, slots=True)
class FillResult:
    status: str                        # "filled", "no completion" or "budget"
    feedback: str
    values: Values = ()
    text: str = ""                     # the completed kernel in canonical form
    candidates: int = 0
    verifications: int = 0
    pruned: int = 0
    replays: int = 0                   # stored witnesses replayed on candidates
    seconds: float = 0.0
    rejected: tuple[Rejection, ...] = ()
    unknown: tuple[tuple[Values, str], ...] = ()
    completions: tuple[Values, ...] = ()
    solver_rounds: int = 0             # Z3 rounds spent on unbounded holes
    reason: str = ""                   # why a budget ran out


class FillRun:
    """The bookkeeping of one fill: created, updated and dropped inside one `fill` call."""

    def __init__(self, sketch: Sketch, opts: FillOptions, feedback: str):
        self.sketch, self.opts, self.feedback = sketch, opts, feedback
        self.store = WitnessStore(sketch, opts.verify)
        self.t0 = time.perf_counter()
        self.candidates = self.verifications = self.pruned = self.rounds = 0
        self.classes: dict[int, list[Values]] = {}        # witness ident -> candidates it rules out
        self.bad_input: dict[tuple, tuple[Diagnostic, list[Values]]] = {}
        self.unknown: list[tuple[Values, str]] = []
        self.completions: list[Values] = []
        self.texts: dict[Values, str] = {}
        self.reason = ""

    def out_of_time(self) -> bool:
        b = self.opts.budget_s
        if b is not None and time.perf_counter() - self.t0 > b:
            self.reason = f"the budget of {b:g} s ran out"
            return True
        return False

    def elapsed(self) -> float:
        return time.perf_counter() - self.t0


def candidate(sketch: Sketch, values: Values) -> tuple[Candidate | None, list[Diagnostic]]:
    """Instantiate and check one completion."""
    text = instantiate(sketch, dict(values))
    checked = check_source(text, sketch.path)
    if not checked.ok:
        return None, [d for d in checked.diagnostics if d.severity.value == "error"]
    return Candidate(values, text, checked.kernel), []


def verify_candidate(cand: Candidate, opts: VerifyOptions):
    """The verdict of one completion, with the sketch's suppression comments applied."""
    from encode.suppress import apply_suppressions
    return apply_suppressions(verify_kernel(cand.kernel, opts), cand.text)


def errors_of(verdict) -> list[Finding]:
    return [f for f in verdict.findings if f.severity == "error" and not f.suppressed]


def try_candidate(run: FillRun, values: Values) -> str:
    """Classify one completion: 'proved', 'pruned', 'refuted', 'unknown' or 'bad'."""
    run.candidates += 1
    cand, diags = candidate(run.sketch, values)
    if cand is None:
        d = diags[0]
        run.bad_input.setdefault((d.code, d.span.line, d.message), (d, []))[1].append(values)
        return "bad"
    run.texts[values] = cand.text
    if run.feedback == "counterexample":
        w = run.store.refuting(cand)
        if w is not None:
            run.pruned += 1
            run.classes.setdefault(w.ident, []).append(values)
            return "pruned"
    verdict = verify_candidate(cand, run.opts.verify)
    run.verifications += 1
    if verdict.status == "proved":
        run.completions.append(values)
        return "proved"
    return record_refutation(run, values, errors_of(verdict), verdict)


def record_refutation(run, values, errors, verdict) -> str:
    """A candidate that did not prove: its witnesses join the store (and name its class of
    rejected candidates), or, with no finding at all, it is unknown."""
    if not errors:
        run.unknown.append((values, "; ".join(sorted({u.reason for u in verdict.unknowns}))))
        return "unknown"
    stored = [run.store.add(f, dict(values)) for f in errors]
    run.classes.setdefault(stored[0].ident, []).append(values)
    return "refuted"


def finite_assignments(sketch: Sketch):
    """Every assignment of the finite holes, in source order (the last hole varies fastest)."""
    finite = [h for h in sketch.holes if h.domain is not None]
    for combo in itertools.product(*[h.domain for h in finite]):
        yield tuple(zip((h.index for h in finite), combo))


def fill(sketch: Sketch, options: FillOptions = FillOptions(), feedback: str = "counterexample") -> FillResult:
    """Find values for the sketch's holes with which every rule proves."""
    if feedback not in FEEDBACK:
        raise ValueError(f"feedback must be one of {FEEDBACK}, not {feedback!r}")
    run = FillRun(sketch, options, feedback)
    unbounded = [h for h in sketch.holes if h.domain is None]
    for fixed in finite_assignments(sketch):
        if run.out_of_time():
            break
        if unbounded:
            from .unbounded import solve_unbounded
            outcome = solve_unbounded(run, fixed, unbounded)
        else:
            outcome = try_candidate(run, fixed)
        if outcome == "proved" and not options.exhaustive:
            break
        if outcome == "budget":
            break
    return _result(run)


def _result(run: FillRun) -> FillResult:
    rejected = _rejections(run)
    common = dict(feedback=run.feedback, candidates=run.candidates, verifications=run.verifications,
                  pruned=run.pruned, replays=run.store.replays, rejected=rejected, unknown=tuple(run.unknown),
                  completions=tuple(run.completions), solver_rounds=run.rounds)
    if run.completions:
        values = run.completions[0]
        text = run.texts[values]
        kernel = check_source(text, run.sketch.path).kernel
        return FillResult("filled", values=values, text=format_source(kernel, text),
                          seconds=run.elapsed(), **common)
    status = "budget" if (run.unknown or run.reason) else "no completion"
    return FillResult(status, seconds=run.elapsed(), reason=run.reason, **common)


def _rejections(run: FillRun) -> tuple[Rejection, ...]:
    out = []
    for ident in sorted(run.classes):
        w: StoredWitness = run.store.witnesses[ident]
        out.append(Rejection(tuple(run.classes[ident]), w.finding, w.values, replay=_replay_note(run, w)))
    for (_, _, _), (d, cands) in sorted(run.bad_input.items()):
        out.append(Rejection(tuple(cands), diagnostic=d))
    return tuple(out)


def _replay_note(run: FillRun, w: StoredWitness) -> str:
    """Replay a class's witness on the completion it came from, as argus-verify does."""
    cand, _ = candidate(run.sketch, w.values)
    if cand is None:
        return ""
    return "replayed" if replays_on(run.sketch, w, cand, run.opts.verify) else "not reproduced"


def with_labels(sketch: Sketch, values: Values) -> tuple[tuple[str, int], ...]:
    """Values named for people: a constant's name, or the hole's position."""
    by_index = {h.index: h for h in sketch.holes}
    return tuple((by_index[i].label, v) for i, v in values)


__all__ = ["FEEDBACK", "FillOptions", "FillResult", "Rejection", "fill", "with_labels"]

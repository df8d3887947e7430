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
from dataclasses import dataclass

from dsl.check import check_source
from dsl.diagnostics import Diagnostic
from dsl.fmt import format_source
from encode.findings import Finding

from .fill_run import (FEEDBACK, FillOptions, FillRun, Values, candidate, errors_of, proved,
                       record_refutation, verify_candidate)
from .sketch import Sketch
from .unbounded import solve_unbounded
from .witness_store import StoredWitness, replays_on

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
    simulated: int = 0                 # proved completions run against the sketch's reference


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
        return proved(run, cand, values)
    return record_refutation(run, values, errors_of(verdict), verdict)


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
                  completions=tuple(run.completions), solver_rounds=run.rounds, simulated=run.numerics)
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

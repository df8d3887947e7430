"""One fill's state and the steps every search of `argus fill` shares: instantiate a completion,
check and verify it, and record what refuted it (synth/cegis.py enumerates finite holes,
synth/unbounded.py solves unbounded ones with Z3; both go through here)."""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from dsl.check import check_source
from dsl.diagnostics import Diagnostic
from encode.findings import Finding
from encode.verifier import VerifyOptions, verify_kernel

from .sketch import Sketch, instantiate
from .witness_store import Candidate, WitnessStore

FEEDBACK = ("counterexample", "passfail")
Values = tuple[tuple[int, int], ...]     # (hole index, value), sorted by index


@dataclass(frozen=True, slots=True)
class FillOptions:
    verify: VerifyOptions = field(default_factory=VerifyOptions)
    budget_s: float | None = None      # wall-clock seconds for the whole fill (None: no limit)
    exhaustive: bool = False           # classify every candidate instead of stopping at the first proof
    max_rounds: int = 64               # Z3 rounds per unbounded solve before giving up (budget)
    reference: Path | None = None      # SKETCH.ref.py: a proved completion must also match it on the simulator


class FillRun:
    """The bookkeeping of one fill: created, updated and dropped inside one `fill` call."""

    def __init__(self, sketch: Sketch, opts: FillOptions, feedback: str):
        self.sketch, self.opts, self.feedback = sketch, opts, feedback
        self.store = WitnessStore(sketch, opts.verify)
        self.t0 = time.perf_counter()
        self.candidates = self.verifications = self.pruned = self.rounds = self.numerics = 0
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
    if checked.kernel.assumes:
        # assumptions no sizes satisfy (a hole in `assume M <= ??{0, 8}`): E031, as argus-verify
        # says, so an exhausted search is "no completion", not "budget" (new-user round 38)
        from encode.assumptions import unsatisfiable_assumptions
        unsat = unsatisfiable_assumptions(checked.kernel)
        if unsat is not None:
            return None, [unsat]
    return Candidate(values, text, checked.kernel), []


def proved(run: "FillRun", cand: Candidate, values: Values) -> str:
    """A completion the verifier proved: "proved" once it also matches the sketch's reference
    (it joins the completions), else "unknown"."""
    if not matches_reference(run, cand, values):
        return "unknown"
    run.completions.append(values)
    return "proved"


def matches_reference(run: "FillRun", cand: Candidate, values: Values) -> bool:
    """A proved completion also runs right on the CUDA simulator against the sketch's NumPy
    reference, when it has one (`opts.reference`, at its TEST_SIZES): a claim such as `covers`
    allows repeats, so a proof alone accepted an attention whose loop counted a key block
    twice (new-user round 38). A mismatch rules out this completion only."""
    ref = run.opts.reference
    if ref is None:
        return True
    from codegen_cuda.test_sizes import reference_check
    ok, why = reference_check(cand.kernel, cand.text, ref)
    run.numerics += 1
    if not ok:
        run.unknown.append((values, f"proved, but {why}"))
    return ok


def verify_candidate(cand: Candidate, opts: VerifyOptions):
    """The verdict of one completion. The sketch's suppression comments are not applied, as
    `argus tune` does not apply them: a comment silencing a finding the author knows of in one
    kernel let fill take a completion skipping a tile, which the finding was about (held-out
    round 106)."""
    return verify_kernel(cand.kernel, opts)


def errors_of(verdict) -> list[Finding]:
    return [f for f in verdict.findings if f.severity == "error" and not f.suppressed]


def record_refutation(run, values, errors, verdict) -> str:
    """A candidate that did not prove: its witnesses join the store (and name its class of
    rejected candidates), or, with no finding at all, it is unknown."""
    if not errors and verdict.unknowns and all(u.vacuous for u in verdict.unknowns):
        # a claim these values leave unreached checks nothing (encode/dead_claims.py): ruled
        # out as surely as a refutation, so an exhausted search is "no completion", not "budget"
        u = verdict.unknowns[0]
        d = Diagnostic("E020", u.reason, u.span, hint="a claim must run for some sizes and be made by some "
                       "thread: check the loops and conditions around it, the layout of the tile it names, and "
                       "the holes in them")
        run.bad_input.setdefault((d.code, d.span.line, d.message), (d, []))[1].append(values)
        return "bad"
    if not errors:
        run.unknown.append((values, "; ".join(sorted({u.reason for u in verdict.unknowns}))))
        return "unknown"
    stored = [run.store.add(f, dict(values)) for f in errors]
    run.classes.setdefault(stored[0].ident, []).append(values)
    return "refuted"

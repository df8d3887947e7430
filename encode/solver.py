"""The one place that creates Z3 solvers: validity checks by negation with tracked facts.

Every query runs in a fresh Z3 context (the facts are translated into it), with the
timeout and seed from the options, so a query's answer and model do not depend on what
else was built before it: witnesses are the same across runs and test orders. A result
is one of three verdicts kept apart (proved, refuted with a model, unknown).
"""
from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import z3


class Verdict(enum.Enum):
    PROVED = "proved"
    REFUTED = "refuted"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SolverOptions:
    timeout_ms: int = 10_000
    seed: int = 0
    # Synthesis only: called with (facts, model) of every satisfiable `find_model` query, so
    # that `argus fill` can learn constraints on a sketch's unknowns from the refutations.
    on_refuted: Callable[[tuple, "ContextModel"], None] | None = field(default=None, compare=False)


class ContextModel:
    """A model from a private context, evaluated on terms of the main one."""

    def __init__(self, model: z3.ModelRef, ctx: z3.Context):
        self._model, self._ctx = model, ctx

    def eval(self, term, model_completion: bool = False):
        return self._model.eval(term.translate(self._ctx), model_completion=model_completion)

    def decls(self):
        return self._model.decls()

    def __getitem__(self, decl):
        return self._model[decl]


@dataclass(frozen=True, slots=True)
class Outcome:
    verdict: Verdict
    model: ContextModel | None = None
    reason: str = ""
    seconds: float = 0.0


def _fresh_solver(opts: SolverOptions, ctx: z3.Context) -> z3.Solver:
    solver = z3.Solver(ctx=ctx)
    solver.set("timeout", max(1, int(opts.timeout_ms)))
    solver.set("random_seed", opts.seed)
    return solver


def find_model(facts, opts: SolverOptions = SolverOptions(), probe: bool = False) -> Outcome:
    """Is the conjunction of `facts` satisfiable? sat → REFUTED with a model (a witness).

    `probe`: the query asks about the encoding's own case split, and a model of it is no
    counterexample (so it is not reported to `on_refuted`)."""
    out = _check(facts, opts)
    if out.model is not None and opts.on_refuted is not None and not probe:
        opts.on_refuted(tuple(_bool(f) for f in facts), out.model)
    return out


def _check(facts, opts: SolverOptions) -> Outcome:
    ctx = z3.Context()
    solver = _fresh_solver(opts, ctx)
    for fact in facts:
        solver.add(_bool(fact).translate(ctx))
    start = time.perf_counter()
    result = solver.check()
    took = time.perf_counter() - start
    if result == z3.sat:
        return Outcome(Verdict.REFUTED, ContextModel(solver.model(), ctx), seconds=took)
    if result == z3.unsat:
        return Outcome(Verdict.PROVED, seconds=took)
    return Outcome(Verdict.UNKNOWN, reason=str(solver.reason_unknown()) or "solver returned unknown", seconds=took)


def _bool(fact):
    return z3.BoolVal(fact) if isinstance(fact, bool) else fact


def prove(goal, facts=(), opts: SolverOptions = SolverOptions()) -> Outcome:
    """Prove `facts ⇒ goal` by negation: unsat means proved, a model is a counterexample.

    (Not reported to `on_refuted`: the encoder also proves facts about its own model here.)"""
    return _check((*facts, z3.Not(goal)), opts)


def minimize_model(facts, objectives, opts: SolverOptions = SolverOptions()) -> Outcome:
    """A model of `facts` minimising `objectives` lexicographically (a canonical witness).

    Used only after a query was refuted; on timeout or failure, the caller keeps the
    first model it had.
    """
    if any("(forall" in _bool(f).sexpr() for f in facts):
        return _bisect(facts, objectives, opts)
    ctx = z3.Context()
    opt = z3.Optimize(ctx=ctx)
    opt.set("timeout", max(1, int(opts.timeout_ms)))
    for fact in facts:
        opt.add(_bool(fact).translate(ctx))
    for term in objectives:
        opt.minimize(term.translate(ctx))
    start = time.perf_counter()
    result = opt.check()
    took = time.perf_counter() - start
    if result == z3.sat:
        return Outcome(Verdict.REFUTED, ContextModel(opt.model(), ctx), seconds=took)
    return Outcome(Verdict.UNKNOWN, reason=str(opt.reason_unknown()), seconds=took)


def _bisect(facts, objectives, opts: SolverOptions, budget: int = 160) -> Outcome:
    """Lexicographic minimisation by bisection on each objective, for facts with quantifiers
    (which Z3's optimiser does not take). It first asks for a model with every objective
    small, so the bisection starts near the answer; it stops quietly when the budget runs out."""
    fixed = list(facts)
    out = _check(fixed + [z3.And(*[0 <= o for o in objectives], *[o <= 4096 for o in objectives])], opts)
    if out.verdict is not Verdict.REFUTED:
        out = _check(fixed, opts)
    if out.verdict is not Verdict.REFUTED:
        return out
    took = out.seconds
    for term in objectives:
        best = out.model.eval(term, model_completion=True).as_long()
        lo = 0 if best >= 0 else best
        while lo < best and budget > 0:
            budget -= 1
            mid = (lo + best) // 2
            trial = _check(fixed + [term <= mid], opts)
            took += trial.seconds
            if trial.verdict is Verdict.REFUTED:
                out, best = trial, trial.model.eval(term, model_completion=True).as_long()
            else:
                lo = mid + 1
        fixed.append(term == best)
    return Outcome(Verdict.REFUTED, out.model, seconds=took)

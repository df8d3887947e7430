"""The one place that creates Z3 solvers: validity checks by negation with tracked facts.

Every query gets a fresh context-free solver with the timeout and seed from `Options`;
a result is one of three verdicts kept apart (proved, refuted with a model, unknown).
"""
from __future__ import annotations

import enum
import time
from dataclasses import dataclass

import z3


class Verdict(enum.Enum):
    PROVED = "proved"
    REFUTED = "refuted"
    UNKNOWN = "unknown"


@dataclass(frozen=True, slots=True)
class SolverOptions:
    timeout_ms: int = 10_000
    seed: int = 0


@dataclass(frozen=True, slots=True)
class Outcome:
    verdict: Verdict
    model: z3.ModelRef | None = None
    reason: str = ""
    seconds: float = 0.0


def _fresh_solver(opts: SolverOptions) -> z3.Solver:
    solver = z3.Solver()
    solver.set("timeout", max(1, int(opts.timeout_ms)))
    solver.set("random_seed", opts.seed)
    return solver


def find_model(facts, opts: SolverOptions = SolverOptions()) -> Outcome:
    """Is the conjunction of `facts` satisfiable? sat → REFUTED with a model (a witness)."""
    solver = _fresh_solver(opts)
    for fact in facts:
        solver.add(fact)
    start = time.perf_counter()
    result = solver.check()
    took = time.perf_counter() - start
    if result == z3.sat:
        return Outcome(Verdict.REFUTED, solver.model(), seconds=took)
    if result == z3.unsat:
        return Outcome(Verdict.PROVED, seconds=took)
    return Outcome(Verdict.UNKNOWN, reason=str(solver.reason_unknown()) or "solver returned unknown", seconds=took)


def prove(goal, facts=(), opts: SolverOptions = SolverOptions()) -> Outcome:
    """Prove `facts ⇒ goal` by negation: unsat means proved, a model is a counterexample."""
    return find_model((*facts, z3.Not(goal)), opts)


def minimize_model(facts, objectives, opts: SolverOptions = SolverOptions()) -> Outcome:
    """A model of `facts` minimising `objectives` lexicographically (a canonical witness).

    Used only after a query was refuted; on timeout or failure, the caller keeps the
    first model it had.
    """
    opt = z3.Optimize()
    opt.set("timeout", max(1, int(opts.timeout_ms)))
    for fact in facts:
        opt.add(fact)
    for term in objectives:
        opt.minimize(term)
    start = time.perf_counter()
    result = opt.check()
    took = time.perf_counter() - start
    if result == z3.sat:
        return Outcome(Verdict.REFUTED, opt.model(), seconds=took)
    return Outcome(Verdict.UNKNOWN, reason=str(opt.reason_unknown()), seconds=took)

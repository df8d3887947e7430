"""Witness minimisation: a model of a refuted query's facts with its objectives (sizes,
then blocks, iterations and indices) as small as they go, lexicographically, so that a
report names the smallest counterexample and the same one on every run. Each step runs
under Z3's deterministic resource limit (SolverOptions.minimize_rlimit, docs/SOUNDNESS.md).
"""
from __future__ import annotations

import time

import z3

from .quantified import has_quantifier
from .solver import (BUDGET_NOTE, SPENT, ContextModel, Outcome, SolverOptions, Verdict, as_bool, broken_facts,
                     check_query, fresh_optimizer, outcome_of, why_unknown)


# Z3's optimiser with many lexicographic objectives (one per loop of a deep nest) took 11 s
# where bisection takes 0.6 s, and overran its timeout; the shipped kernels have up to 11.
MAX_OPTIMIZE_OBJECTIVES = 16


def minimize_model(facts, objectives, opts: SolverOptions = SolverOptions(), start=None) -> Outcome:
    """A model of `facts` minimising `objectives` lexicographically (a canonical witness).

    Used only after a query was refuted; on timeout or failure, the caller keeps the
    first model it had. `start`: that model (a bisection may start from it).
    """
    if opts.remaining_ms() <= 0:
        return SPENT
    if len(objectives) > MAX_OPTIMIZE_OBJECTIVES or has_quantifier(facts):
        return _bisect(facts, objectives, opts, start)
    ctx = z3.Context()
    opt = fresh_optimizer(opts, ctx)
    dst = ctx.ref()
    # opt.add(fact.translate(ctx)) without the wrappers, one fact at a time as before: one
    # translation of the conjunction (assert_all) would change the term ids, and with them
    # the values a minimised witness does not minimise (its pinned reports).
    for fact in facts:
        f = as_bool(fact)
        z3.Z3_optimize_assert(dst, opt.optimize, z3.Z3_translate(f.ctx_ref(), f.as_ast(), dst))
    for term in objectives:
        opt.minimize(term.translate(ctx))
    t0 = time.perf_counter()
    result = opt.check()
    took = time.perf_counter() - t0
    opts.counted(took)
    opts.spent("minimize", opt, outcome_of(opt, result, opts, 0, took).verdict)
    if result == z3.sat:
        model = ContextModel(opt.model(), ctx)
        broken = broken_facts(model, opts)
        if broken:      # an input outside its type (SolverOptions.model_facts): again, with its bounds
            return minimize_model(list(facts) + broken, objectives, opts, start)
        return Outcome(Verdict.REFUTED, model, seconds=took)
    reason = why_unknown(opt, opts, opts.minimize_rlimit)
    if reason != BUDGET_NOTE and start is not None:
        # The optimiser ran out of resources on many objectives together (a wgmma GEMM's
        # TAG witness: K = 384 where 192 shows the bug); bisection asks one bound at a time,
        # each step a plain satisfiability check under the same limit.
        return _bisect(facts, objectives, opts, start)
    return Outcome(Verdict.UNKNOWN, reason=reason, seconds=took)


def _bisect(facts, objectives, opts: SolverOptions, start=None, budget: int = 160) -> Outcome:
    """Lexicographic minimisation by bisection on each objective, for facts with quantifiers
    (which Z3's optimiser does not take). It starts from a model with every objective small,
    so the bisection starts near the answer: the query's own model when it is one (a
    quantified query costs as much again), else one asked for; it stops quietly when the
    budget runs out."""
    fixed = list(facts)
    if start is not None and all(0 <= start.eval(o, model_completion=True).as_long() <= 4096 for o in objectives):
        out = Outcome(Verdict.REFUTED, start)
    else:
        out = check_query(fixed + [z3.And(*[0 <= o for o in objectives], *[o <= 4096 for o in objectives])], opts,
                     "minimize")
    if out.verdict is not Verdict.REFUTED:
        out = check_query(fixed, opts, "minimize")
    if out.verdict is not Verdict.REFUTED:
        return out
    took = out.seconds
    for term in objectives:
        best = out.model.eval(term, model_completion=True).as_long()
        lo = 0 if best >= 0 else best
        while lo < best and budget > 0:
            budget -= 1
            mid = (lo + best) // 2
            trial = check_query(fixed + [term <= mid], opts, "minimize")
            took += trial.seconds
            if trial.verdict is Verdict.REFUTED:
                out, best = trial, trial.model.eval(term, model_completion=True).as_long()
            else:
                lo = mid + 1
        fixed.append(term == best)
    return Outcome(Verdict.REFUTED, out.model, seconds=took)

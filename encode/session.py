"""An incremental solver session: many yes-or-no conditions under one fixed list of facts
(encode/probes.py asks them). Models (witnesses) never come from here."""
from __future__ import annotations

import time

import z3

from .solver import SolverOptions, Verdict, as_bool, assert_all, fresh_solver


class Session:
    """Satisfiability of many conditions under one fixed list of facts, for queries whose
    answer is only sat or unsat (never a witness): one private context and one incremental
    solver holding the facts, each condition asked between push and pop. A fresh context
    per condition cost a context, a translation of every fact and the default solver's
    preprocessing (~5 ms); this ~1 ms. A condition the session does not decide within
    SESSION_RLIMIT (a deterministic bound, unlike the timeout) is UNKNOWN, and the caller
    asks it afresh; sat and unsat do not depend on how they were found. `ctx`: a context
    shared with other sessions (each keeps its own solver), which saves creating one
    (~2-4 ms): what the sessions built before changes only how fast a condition is decided."""

    def __init__(self, facts, opts: SolverOptions, rlimit: int | None = None, ctx: z3.Context | None = None):
        self._ctx = z3.Context() if ctx is None else ctx
        self._solver = fresh_solver(opts, self._ctx)
        self._solver.set("rlimit", SESSION_RLIMIT if rlimit is None else rlimit)
        self._params: tuple[int, z3.ParamsRef] | None = None     # the last timeout set, as parameters
        assert_all(self._solver, facts, self._ctx)

    def check(self, cond, opts: SolverOptions) -> Verdict:
        """PROVED: facts and `cond` are unsatisfiable; REFUTED: satisfiable (no model kept).
        `opts` gives this condition's timeout (the session's seed is its creator's).

        The solver's own calls, in z3's order, without a Python wrapper around the translated
        condition, the parameters or the result (a session answers ~1400 conditions in the
        library). The timeout is set before every condition even when it is unchanged:
        setting parameters resets part of the state the next search starts from (without it,
        gemm_pipelined asked 194 queries instead of 192)."""
        timeout = opts.remaining_ms()
        if timeout <= 0:
            return Verdict.UNKNOWN
        if self._params is None or self._params[0] != timeout:
            self._params = (timeout, z3.ParamsRef(self._ctx))
            self._params[1].set("timeout", timeout)
        ref, solver, fact = self._ctx.ref(), self._solver.solver, as_bool(cond)
        z3.Z3_solver_set_params(ref, solver, self._params[1].params)
        z3.Z3_solver_push(ref, solver)
        z3.Z3_solver_assert(ref, solver, z3.Z3_translate(fact.ctx_ref(), fact.as_ast(), ref))
        start = time.perf_counter()
        result = z3.Z3_solver_check_assumptions(ref, solver, 0, _NO_ASTS)
        opts.counted(time.perf_counter() - start)
        z3.Z3_solver_pop(ref, solver, 1)
        if result == z3.Z3_L_FALSE:
            return Verdict.PROVED
        return Verdict.REFUTED if result == z3.Z3_L_TRUE else Verdict.UNKNOWN


_NO_ASTS = (z3.Ast * 0)()
SESSION_RLIMIT = 500_000     # ~0.1 s; the shipped kernels' conditions take at most ~4_000 each

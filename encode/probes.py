"""Yes-or-no queries asked in solver sessions (encode/session.py), one per list of facts:
the data-flow model's case probes (settle.possible, settle.settles) and a quick unsat
attempt before a rule's own query. Models (witnesses) never come from here."""
from __future__ import annotations

import z3

from .session import Session
from .solver import Verdict as SV, has_quantifier
from .terms import And

# A rule's query that a session does not refute within this bound is asked afresh, as before;
# the shipped kernels' proved rule queries take up to ~40_000 (BOUND and RACE ones with
# swizzles), so ~1% of them go on to the fresh query.
QUICK_RLIMIT = 50_000


def _ident(f) -> object:
    """A term's identity while it lives: the address of its node (Z3 hash-conses terms, so
    equal terms share one), read without a C call (get_id's cost ~2 us, and the sessions'
    keys take ~60k of them in the library)."""
    return f.ast.value if isinstance(f, z3.ExprRef) else ("py", f)


class Probes:
    """The sessions of one kernel's verification, by the ids of their facts (Z3 hash-conses
    terms, so equal lists of facts have equal ids). A ring read asks a condition for each of
    its cases and candidates under the same reader facts (gemm_pipelined: ~190 conditions
    under ~20 lists); every rule query starts with the assumptions."""

    def __init__(self, assumed: list):
        self._assumed = list(assumed)
        self._sessions: dict[tuple, tuple[Session, tuple]] = {}
        self._ctx: z3.Context | None = None      # one context for all the sessions (Session)
        # Decided answers by session and condition, with the condition kept alive (its id
        # names it only while it lives): a read's cases ask the same condition again.
        self._answers: dict[tuple, tuple[SV, object]] = {}
        self._quantified: dict[int, tuple[object, bool]] = {}     # fact _ident -> (fact, has a quantifier)

    def check(self, facts: list, cond, opts, rlimit: int | None = None) -> SV:
        """PROVED: facts and cond are unsatisfiable; REFUTED: satisfiable; UNKNOWN: undecided
        here (within the session's bound), for the caller to ask afresh."""
        key = (opts.seed, rlimit) + tuple(_ident(f) for f in facts)
        asked = key + (_ident(cond),)
        if asked in self._answers:
            return self._answers[asked][0]
        if key not in self._sessions:
            # the facts are kept with their session: a freed term's id could name another term
            self._sessions[key] = (Session(facts, opts, rlimit, self.context()), tuple(facts))
        verdict = self._sessions[key][0].check(cond, opts)
        if verdict is not SV.UNKNOWN:      # sat and unsat are the facts' own; unknown may be the clock's
            self._answers[asked] = (verdict, cond)
        return verdict

    def context(self) -> z3.Context:
        """The context the sessions share, for other yes-or-no attempts (SolverOptions.scratch)."""
        if self._ctx is None:
            self._ctx = z3.Context()
        return self._ctx

    def unsat(self, facts: list, opts) -> bool:
        """`facts` are unsatisfiable, shown quickly in a session: the rule's query would be
        proved, so it need not be asked. False (satisfiable, or not decided quickly): ask the
        query afresh, which alone gives models. A query whose facts open with the assumptions
        is asked in their session, any other in the session of no facts (a query without the
        assumptions must not get them)."""
        if self._any_quantified(facts):
            # a quantified query is rarely shown unsatisfiable within the quick bound, and its
            # failed attempts cost ~25 ms each (the library and tests/verify: 45 of 73 failed)
            return False
        n = len(self._assumed)
        opens = len(facts) >= n and all(_ident(a) == _ident(b) for a, b in zip(facts, self._assumed))
        base = self._assumed if opens else []
        return self.check(base, And(*facts[len(base):]), opts, QUICK_RLIMIT) is SV.PROVED

    def _any_quantified(self, facts) -> bool:
        """Does any fact hold a quantifier? Each fact's answer is kept by id (with the fact);
        the facts not seen before are asked together in one Z3 goal (solver.has_quantifier),
        and one at a time only when that says some of them does (a Python walk of each
        fact's terms cost ~15% of the library)."""
        new = {_ident(f): f for f in facts if isinstance(f, z3.ExprRef) and _ident(f) not in self._quantified}
        if new:
            some = has_quantifier(list(new.values()))
            for i, f in new.items():
                self._quantified[i] = (f, some and has_quantifier([f]))
        return any(self._quantified[_ident(f)][1] for f in facts if isinstance(f, z3.ExprRef))

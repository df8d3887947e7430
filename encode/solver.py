"""The one place that creates Z3 solvers: validity checks by negation with tracked facts.

Every query runs in a fresh Z3 context (the facts are translated into it), with the
timeout and seed from the options, so a query's answer and model do not depend on what
else was built before it: witnesses are the same across runs and test orders. (One context
shared by a kernel's queries saves ~2 ms a query, but Z3's search then depends on the
earlier queries: a 1 s refutation in tag_moe_rows_shifted became a 10 s timeout.) A result
is one of three verdicts kept apart (proved, refuted with a model, unknown). Witness
minimisation steps also run under Z3's deterministic resource limit, so that a minimised
witness does not depend on the machine's load. A `Session` answers only sat or unsat,
never a model, so it may share one context across conditions.
"""
from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import z3

from .allocator import keep_freed_memory
from .definitions import Definition, apply, split_definitions
from .digits import merge_digits
from .quantified import has_quantifier, purify_helps
from .small_domain import SMALLS, small_facts

keep_freed_memory()     # every query's fresh context would otherwise page-fault its memory in again


class Verdict(enum.Enum):
    PROVED = "proved"
    REFUTED = "refuted"
    UNKNOWN = "unknown"


BUDGET_NOTE = "the time budget ran out"
BUDGET_SLACK_MS = 50
# Z3's resource limit (its deterministic work counter, "rlimit count") of every witness
# minimisation step: a step that runs out ends the same way on any box at any load, where a
# wall-clock timeout ended one at load 20-40 and a run reported K = 384 for the golden's 192.
# Calibrated on every pinned witness (bench/minimize_rlimit.py, docs/SOUNDNESS.md): the
# largest of their 356 steps used 1.27 M (~0.4 s); the wall timeout stays as a backstop.
MINIMIZE_RLIMIT = 5_000_000


@dataclass(frozen=True, slots=True)
class SolverOptions:
    timeout_ms: int = 10_000
    seed: int = 0
    # Synthesis only: called with (facts, model) of every satisfiable `find_model` query, so
    # that `argus fill` can learn constraints on a sketch's unknowns from the refutations.
    on_refuted: Callable[[tuple, "ContextModel"], None] | None = field(default=None, compare=False)
    deadline: float | None = None   # time.monotonic() when the file's budget ends; None: no budget
    # Called with the seconds of every query that reaches Z3 (checks, unsat cores, optimiser
    # runs, bisection steps), so that reported query counts and solve times are complete.
    on_query: Callable[[float], None] | None = field(default=None, compare=False)
    minimize_rlimit: int = MINIMIZE_RLIMIT   # per minimisation step; 0: no resource limit
    # A quick unsatisfiability attempt, (facts, options) -> True when shown unsatisfiable
    # (a kernel's solver sessions, encode/probes.Probes.unsat), tried before a query's fresh
    # context: a query it shows unsatisfiable is proved without one (~1 ms where a fresh
    # context and solver cost ~5 ms); a satisfiable one always goes on to the fresh query,
    # so a model never comes from here and witnesses do not depend on it.
    quick: Callable[[list, "SolverOptions"], bool] | None = field(default=None, compare=False)
    # A context for yes-or-no attempts whose terms need not be fresh (the legacy proof attempt,
    # _legacy_proof): a kernel's session context (encode/probes.Probes.context) saves creating
    # one per query (~1.3 ms); None: a context of their own.
    scratch: Callable[[], "z3.Context"] | None = field(default=None, compare=False)
    # False for a question whose unknown costs only precision (a padding walk's line query, an
    # access that may run): its search stops after the bounded steps instead of running the
    # default solver for the rest of the timeout. Over every pinned kernel (1470 files,
    # 2026-12-07) only 14 queries reached that last step, and the 6 of these questions among
    # them ran out at 10 s there (a wrapped i32 index condition, nonlinear dead reads).
    last_step: bool = True
    # False for a yes-or-no proof whose counterexample nobody reads (a padding walk's line
    # query): the small-size unrolling (_small_model), which only ever finds models, is left
    # out; a query it would have answered sat ends unknown, which such a caller reads alike.
    models: bool = True
    # Facts true of every input that queries need not carry (an integer input's element within
    # its type: encode/symbols.SymEnv.held): a model that breaks one is searched again with it.
    model_facts: Callable[[], tuple] | None = field(default=None, compare=False)
    # Calibration only (bench/minimize_rlimit.py): called with (kind, resources used, verdict)
    # of every check, kind "query" or "minimize".
    on_resources: Callable[[str, int, "Verdict"], None] | None = field(default=None, compare=False)

    def counted(self, seconds: float) -> None:
        if self.on_query is not None:
            self.on_query(seconds)

    def spent(self, kind: str, engine, verdict: "Verdict") -> None:
        if self.on_resources is not None:
            self.on_resources(kind, resources(engine), verdict)

    def remaining_ms(self) -> int:
        """Milliseconds this query may take: its timeout, cut to what is left of the budget."""
        if self.deadline is None:
            return max(1, int(self.timeout_ms))
        return min(max(1, int(self.timeout_ms)), int((self.deadline - time.monotonic()) * 1000))


class ContextModel:
    """A model from a private context, evaluated on terms of the main one; a function whose
    definition the query left out (encode/definitions.py) is read through it."""

    def __init__(self, model: z3.ModelRef, ctx: z3.Context, definitions: tuple[Definition, ...] = ()):
        self._model, self._ctx, self._definitions = model, ctx, definitions

    def eval(self, term, model_completion: bool = False):
        return self._model.eval(apply(term.translate(self._ctx), self._definitions), model_completion=model_completion)

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


def resources(engine) -> int:
    """Z3's work counter after a check (its own fresh context: the check's alone)."""
    stats = engine.statistics()
    return int(stats.get_key_value("rlimit count")) if "rlimit count" in stats.keys() else 0


def fresh_solver(opts: SolverOptions, ctx: z3.Context, rlimit: int = 0) -> z3.Solver:
    solver = z3.Solver(ctx=ctx)
    solver.set("timeout", opts.remaining_ms())
    solver.set("random_seed", opts.seed)
    if rlimit:
        solver.set("rlimit", rlimit)
    return solver


def fresh_optimizer(opts: SolverOptions, ctx: z3.Context) -> z3.Optimize:
    """Z3's optimiser for a witness minimisation step (encode/minimize.py), under the query's
    timeout and the minimisation resource limit."""
    opt = z3.Optimize(ctx=ctx)
    opt.set("timeout", opts.remaining_ms())
    if opts.minimize_rlimit:
        opt.set("rlimit", opts.minimize_rlimit)
    return opt


SPENT = Outcome(Verdict.UNKNOWN, reason=BUDGET_NOTE)


def find_model(facts, opts: SolverOptions = SolverOptions(), probe: bool = False) -> Outcome:
    """Is the conjunction of `facts` satisfiable? sat → REFUTED with a model (a witness).

    `probe`: the query asks about the encoding's own case split, and a model of it is no
    counterexample (so it is not reported to `on_refuted`)."""
    out = check_query(facts, opts)
    if out.model is not None and opts.on_refuted is not None and not probe:
        opts.on_refuted(tuple(as_bool(f) for f in facts), out.model)
    return out


def check_query(facts, opts: SolverOptions, kind: str = "query") -> Outcome:
    """`kind` "minimize": a minimisation step, under the resource limit `minimize_rlimit`."""
    if opts.remaining_ms() <= 0:
        return SPENT
    if kind == "query" and opts.quick is not None and opts.quick(list(facts), opts):
        return Outcome(Verdict.PROVED)
    given = [as_bool(f) for f in facts]
    facts, definitions = split_definitions(given)
    facts = merge_digits(facts)
    ctx = z3.Context()
    if kind == "minimize":
        rlimit = opts.minimize_rlimit
        start = time.perf_counter()
        got = _small_model(facts, opts, rlimit)     # a bisection step over quantified facts
        if got is not None and got[1] == z3.sat:
            solver, result, ctx = got
        else:
            ctx = ctx if got is None else z3.Context()
            solver = fresh_solver(opts, ctx, rlimit)
            assert_all(solver, facts, ctx)
            result = solver.check()
    else:
        rlimit = 0
        start = time.perf_counter()
        solver, result, ctx = _search(facts, ctx, opts)
    took = time.perf_counter() - start
    opts.counted(took)
    out = outcome_of(solver, result, opts, rlimit, took)
    opts.spent(kind, solver, out.verdict)
    if out.verdict is Verdict.REFUTED:
        model = ContextModel(solver.model(), ctx, tuple(d.translate(ctx) for d in definitions))
        broken = broken_facts(model, opts)
        if broken:      # a model with an input outside its type: again, with its bounds
            again = check_query(given + broken, opts, kind)
            return Outcome(again.verdict, again.model, again.reason, took + again.seconds)
        return Outcome(Verdict.REFUTED, model, seconds=took)
    return out


def broken_facts(model, opts: SolverOptions) -> list:
    """The model facts (SolverOptions.model_facts) that `model` breaks."""
    if opts.model_facts is None:
        return []
    return [f for f in opts.model_facts() if not z3.is_true(model.eval(f, model_completion=True))]


# A query's search, deterministic at any load (Z3's resource counter decides, not the clock):
# first a proof attempt by the legacy arithmetic solver under LEGACY_RLIMIT (_legacy_proof:
# only its unsat is taken); then the default solver under FIRST_RLIMIT (twice the largest
# quantifier-free query of the pinned kernels, bench/minimize_rlimit.py), so their answers and
# models stay as they were;
# then, for a model only, the quantifiers unrolled over small sizes (encode/small_domain.py:
# a paged KV write's inverse block table, a query that timed out in 60 s, has a model in
# 20 ms so; an unrolled query without a model proves nothing); then, where it can help
# (encode/quantified.purify_helps), the facts with integer division
# and remainder purified into quotient and remainder variables (purify-arith): a 2-slot
# cp.async ring's distinctness query timed out in 10 s and takes 0.05 s so; the purified
# search stalls on other queries, hence the order and PURIFIED_RLIMIT. Then the default
# solver again for the rest of the timeout (docs/SOUNDNESS.md, "Solver limits").
FIRST_RLIMIT = 2_500_000
LEGACY_RLIMIT = 4_000_000        # the scan's membership proof: 3.6 M
PURIFIED_RLIMIT = 6_000_000      # the ring's queries: 2.7 M (unsat) and 3.3 M (sat)
PURIFIED = ("simplify", "purify-arith", "smt")
SMALL_RLIMIT = 1_000_000        # unrolled over small sizes: the paged KV queries took 0.03-0.17 M


def _legacy_proof(facts, opts: SolverOptions):
    """(solver, unsat, its context) where Z3's legacy arithmetic solver (smt.arith.solver=2)
    shows the facts unsatisfiable within LEGACY_RLIMIT, else None. Many of this project's
    proofs are case splits over bounded integers that the legacy simplex closes far faster
    than the default one: the count and membership queries of a 7-level shared-memory scan took
    2.9, 0.9 and 4.7 s and take 0.05, 0.01 and 0.12 s so. Only an unsat answer is taken
    (unsat is unsat under either solver); a model comes from the steps below, in a context of
    its own as before, so every witness stays the one the default solver finds. It runs in
    the kernel's scratch context where there is one (SolverOptions.scratch)."""
    ctx = opts.scratch() if opts.scratch is not None else z3.Context()
    solver = fresh_solver(opts, ctx, LEGACY_RLIMIT)
    solver.set("smt.arith.solver", 2)
    assert_all(solver, facts, ctx)
    if solver.check() == z3.unsat:
        return solver, z3.unsat, ctx
    return None


def _search(facts, ctx: z3.Context, opts: SolverOptions):
    """(the solver whose answer counts, its check result, its context) for a query's facts,
    translated into `ctx` (or a context of its own for the last step)."""
    ends = time.monotonic() + opts.remaining_ms() / 1000      # the query's own timeout holds for all steps

    def left() -> int:
        return int((ends - time.monotonic()) * 1000)

    proof = _legacy_proof(facts, opts)
    if proof is not None:
        return proof
    solver = fresh_solver(opts, ctx, FIRST_RLIMIT)
    assert_all(solver, facts, ctx)
    result = solver.check()
    if result != z3.unknown or resources(solver) < FIRST_RLIMIT or left() <= BUDGET_SLACK_MS:
        return solver, result, ctx
    bounded = (solver, ctx)             # what a search without its last step answers
    got = _small_model(facts, opts, SMALL_RLIMIT, left) if opts.models else None
    if got is not None:
        if got[1] == z3.sat:            # a model with the quantified sizes small; else go on
            return got
        if left() <= BUDGET_SLACK_MS:
            return got[0], z3.unknown, got[2]
        ctx = z3.Context()
    if purify_helps(facts):
        purified = z3.Then(*[z3.Tactic(name, ctx=ctx) for name in PURIFIED], ctx=ctx).solver()
        purified.set("timeout", left())
        purified.set("random_seed", opts.seed)
        purified.set("rlimit", PURIFIED_RLIMIT)
        assert_all(purified, facts, ctx)
        got = purified.check()
        if got != z3.unknown or left() <= BUDGET_SLACK_MS:
            return purified, got, ctx
    if not opts.last_step:
        return bounded[0], z3.unknown, bounded[1]
    # A context of its own, as a query had before this search: its term ids, and so Z3's
    # search, are those of a fresh translation (in the first step's context the swizzle race
    # query of docs/LAYOUT.md took 3.7 s where it takes 1.2 s fresh).
    ctx = z3.Context()
    solver = fresh_solver(opts, ctx)
    solver.set("timeout", left())
    assert_all(solver, facts, ctx)
    return solver, solver.check(), ctx


def _small_model(facts, opts: SolverOptions, rlimit: int, left=None):
    """(solver, result, context) of the last try at a model of `facts` with their guarded
    quantifiers unrolled over small sizes (encode/small_domain.py: SMALLS in turn, up to the
    first model or, with `left`, the query's time), or None where they have none such. Only
    a model counts: an unrolled query without one proves nothing."""
    got = None
    for n in SMALLS:
        small = small_facts(facts, n)
        if small is None:
            break
        ctx = z3.Context()
        solver = fresh_solver(opts, ctx, rlimit)
        if left is not None:
            solver.set("timeout", left())
        assert_all(solver, small, ctx)
        got = (solver, solver.check(), ctx)
        if got[1] == z3.sat or (left is not None and left() <= BUDGET_SLACK_MS):
            break
    return got


def outcome_of(engine, result, opts: SolverOptions, rlimit: int, took: float) -> Outcome:
    """The verdict of a finished check (its model is the caller's to attach)."""
    if result == z3.sat:
        return Outcome(Verdict.REFUTED, seconds=took)
    if result == z3.unsat:
        return Outcome(Verdict.PROVED, seconds=took)
    return Outcome(Verdict.UNKNOWN, reason=why_unknown(engine, opts, rlimit), seconds=took)


def assert_all(solver: z3.Solver, facts, ctx: z3.Context) -> None:
    """`solver.add(fact.translate(ctx))` for every fact, in order, without a Python wrapper
    around each translated term. The facts go over in one translation of their conjunction:
    one call translates each shared subterm once where a call per fact translated it again
    for each fact that holds it (Z3 keeps no cache between calls). The assertions are the
    same formulas in the same order; the target's term ids may differ from a translation per
    fact, and with them which model Z3 finds first (the witnesses minimise what they report)."""
    dst = ctx.ref()
    asts = [as_bool(f) for f in facts]
    if len(asts) < 2:
        for f in asts:
            z3.Z3_solver_assert(dst, solver.solver, z3.Z3_translate(f.ctx_ref(), f.as_ast(), dst))
        return
    src = asts[0].ctx_ref()
    args = (z3.Ast * len(asts))(*[f.as_ast() for f in asts])
    conj = z3.Z3_mk_and(src, len(asts), args)
    z3.Z3_inc_ref(src, conj)
    try:
        moved = z3.Z3_translate(src, conj, dst)
        z3.Z3_inc_ref(dst, moved)
        try:
            app = z3.Z3_to_app(dst, moved)
            if z3.Z3_get_app_num_args(dst, app) != len(asts):
                raise AssertionError("a conjunction of facts changed shape in translation")
            for i in range(len(asts)):
                z3.Z3_solver_assert(dst, solver.solver, z3.Z3_get_app_arg(dst, app, i))
        finally:
            z3.Z3_dec_ref(dst, moved)
    finally:
        z3.Z3_dec_ref(src, conj)


def why_unknown(engine, opts: SolverOptions, rlimit: int = 0) -> str:
    """The solver's reason, or the budget's when the budget (not the query's own timeout)
    ended the query: then next to nothing is left of it; or the resource limit's."""
    if opts.deadline is not None and opts.remaining_ms() < BUDGET_SLACK_MS:
        return BUDGET_NOTE
    if rlimit and resources(engine) >= rlimit:
        return f"resource limit (rlimit {rlimit}) reached"
    return str(engine.reason_unknown()) or "solver returned unknown"


def unsat_core(named_facts: dict[str, object], opts: SolverOptions = SolverOptions()) -> tuple[Outcome, tuple[str, ...]]:
    """Is the conjunction satisfiable? When it is not (PROVED), also the names of a subset
    of the facts that is already contradictory, in the order given."""
    if opts.remaining_ms() <= 0:
        return SPENT, ()
    ctx = z3.Context()
    solver = fresh_solver(opts, ctx)
    solver.set("unsat_core", True)
    for name, fact in named_facts.items():
        solver.assert_and_track(as_bool(fact).translate(ctx), z3.Bool(name, ctx))
    start = time.perf_counter()
    result = solver.check()
    took = time.perf_counter() - start
    opts.counted(took)
    if result == z3.sat:
        return Outcome(Verdict.REFUTED, ContextModel(solver.model(), ctx), seconds=took), ()
    if result == z3.unsat:
        core = {str(c) for c in solver.unsat_core()}
        return Outcome(Verdict.PROVED, seconds=took), tuple(n for n in named_facts if n in core)
    return Outcome(Verdict.UNKNOWN, reason=why_unknown(solver, opts), seconds=took), ()


def as_bool(fact):
    return z3.BoolVal(fact) if isinstance(fact, bool) else fact


def prove(goal, facts=(), opts: SolverOptions = SolverOptions()) -> Outcome:
    """Prove `facts ⇒ goal` by negation: unsat means proved, a model is a counterexample.

    (Not reported to `on_refuted`: the encoder also proves facts about its own model here.)"""
    return check_query((*facts, z3.Not(goal)), opts)

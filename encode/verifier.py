"""Verify one kernel: build the symbols and the data-flow model, run every selected rule.

Returns a `Verdict`; never prints. Unsupported constructs and solver timeouts become
`Unknown`s with reasons, so nothing unproved is ever reported as proved.
"""
from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from dsl import ir

from .dataflow import Dataflow
from .instances import MAX_LOOKBACK, WINDOW_NOTE
from .redefine import source_text
from .findings import Finding, Unknown, Verdict
from .solver import BUDGET_NOTE, MINIMIZE_RLIMIT, SolverOptions
from .symbols import SymEnv, Unsupported

ALL_RULES = ("TAG", "RACE", "SYNC", "ASYNC", "WAR", "BOUND", "INIT", "COVER", "RES", "BANK", "UNUSED", "START", "WRAP",
             "GRID")


@dataclass(frozen=True, slots=True)
class VerifyOptions:
    timeout_s: float = 10.0
    seed: int = 0
    rules: tuple[str, ...] = ()
    lookback: int = 4
    target: str = "sm_90"
    on_refuted: Callable | None = field(default=None, compare=False)   # see SolverOptions
    deadline: float | None = None     # time.monotonic() when the caller's budget ends
    on_query: Callable | None = field(default=None, compare=False)     # see SolverOptions
    assumptions_checked: bool = False   # the caller has checked the `assume`s (the CLI's E031 check)
    assumptions_undecided: str = ""     # ... and could not show them satisfiable: why (never proved then)
    on_resources: Callable | None = field(default=None, compare=False)   # see SolverOptions
    minimize_rlimit: int = MINIMIZE_RLIMIT   # see SolverOptions
    quick: Callable | None = field(default=None, compare=False)        # see SolverOptions
    scratch: Callable | None = field(default=None, compare=False)      # see SolverOptions
    model_facts: Callable | None = field(default=None, compare=False)  # see SolverOptions

    @property
    def solver(self) -> SolverOptions:
        return SolverOptions(timeout_ms=max(1, int(self.timeout_s * 1000)), seed=self.seed,
                             on_refuted=self.on_refuted, deadline=self.deadline, on_query=self.on_query,
                             on_resources=self.on_resources, minimize_rlimit=self.minimize_rlimit,
                             quick=self.quick, scratch=self.scratch, model_facts=self.model_facts)

    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def wants(self, rule: str) -> bool:
        return not self.rules or rule in self.rules


HUGE = 1 << 30       # a witness size from here on: 32-bit index arithmetic is near its wrap


def _huge_sizes_named(f: Finding) -> Finding:
    """A witness that needs a size past 2^30 (new-user round 44: `pos[b] + T` in i32 wrapped at
    L = 2^31 + 1, and the report did not say why such sizes): the hint says so, and how to
    rule such sizes out if the kernel never meets them."""
    big = [name for name, v in f.sizes if v >= HUGE]
    if not big:
        return f
    note = (f"this witness needs {', '.join(big)} past 2^30, where 32-bit index arithmetic (i32 elements, "
            f"products of sizes) nears or passes its wrap; if the kernel never runs at such sizes, bound them "
            f"with an assume (`assume {big[0]} <= ...`)")
    return dataclasses.replace(f, hint=f"{f.hint}; {note}" if f.hint else note)


@dataclass
class Sink:
    """Collects what the rule checkers conclude."""
    rules: tuple[str, ...] = ()
    findings: list[Finding] = field(default_factory=list)
    unknowns: list[Unknown] = field(default_factory=list)
    obligations_n: int = 0
    queries_n: int = 0
    solve_s: float = 0.0

    def finding(self, f: Finding) -> None:
        """Keep one finding per rule, line and message: the first witness is enough."""
        if self.rules and f.rule not in self.rules:
            return
        if any((g.rule, g.span.line, g.message) == (f.rule, f.span.line, f.message) for g in self.findings):
            return
        self.findings.append(_huge_sizes_named(f))

    def unknown(self, rule: str, span, reason: str, vacuous: bool = False) -> None:
        u = Unknown(rule, span, reason, vacuous)
        if u not in self.unknowns:
            self.unknowns.append(u)

    def obligation(self) -> None:
        self.obligations_n += 1

    def query(self, seconds: float = 0.0) -> None:
        """Count one solver query and the seconds it took (called by encode/solver.py)."""
        self.queries_n += 1
        self.solve_s += seconds




def verify_kernel(kernel: ir.Kernel, opts: VerifyOptions = VerifyOptions()) -> Verdict:
    """Verify; when a read's reaching write lies beyond the look-back window, widen it.

    Assumptions that no sizes satisfy would make every obligation hold vacuously: such a
    kernel is unknown, never proved (the CLI reports it as an E031 error first)."""
    from .assumptions import Satisfiable, check_assumptions
    if opts.expired():
        return _spent(kernel)
    sat = Satisfiable(undecided=opts.assumptions_undecided) if opts.assumptions_checked \
        else check_assumptions(kernel, opts.solver)
    if sat.error is not None:
        return Verdict(kernel.name, kernel.file, unknowns=(Unknown("TAG", sat.error.span, sat.error.message),))
    verdict = _verify_once(kernel, opts)
    while (opts.lookback < MAX_LOOKBACK and not opts.expired()
           and any(WINDOW_NOTE in u.reason for u in verdict.unknowns)):
        opts = dataclasses.replace(opts, lookback=opts.lookback * 2)
        verdict = _verify_once(kernel, opts)
    if sat.undecided and verdict.status == "proved":
        span = kernel.assumes[0].span if kernel.assumes else kernel.span
        verdict = dataclasses.replace(verdict, unknowns=(Unknown("TAG", span, sat.undecided),))
    return verdict


def _spent(kernel: ir.Kernel) -> Verdict:
    return Verdict(kernel.name, kernel.file, unknowns=(Unknown("TAG", kernel.span, BUDGET_NOTE + " before verification"),))


def _verify_once(kernel: ir.Kernel, opts: VerifyOptions) -> Verdict:
    from .copyback import inline_copy_backs
    from .tag_rules import TagChecker
    t0 = time.perf_counter()
    kernel = inline_copy_backs(kernel)     # the same values; loop-carried copies read as updates
    from .redefine import rename_redefinitions
    kernel = rename_redefinitions(kernel)  # the same values; `x = mask(x, ..)` at the top level defines a new tile
    sink = Sink(opts.rules)
    opts = dataclasses.replace(opts, on_query=sink.query)   # every Z3 query is counted where it runs
    try:
        env = SymEnv.build(kernel)
        from .target import DEFAULT_TARGET, load_target
        warp = load_target(opts.target or DEFAULT_TARGET).warp_size
        opts = dataclasses.replace(opts, model_facts=lambda: tuple(env.held_facts))
        df = Dataflow(env, opts.lookback, opts.solver, warp)
    except Unsupported as u:
        sink.unknown("TAG", u.span or kernel.span, u.reason)
        return _verdict(kernel, sink, [("encode", time.perf_counter() - t0)])
    t1 = time.perf_counter()
    # every rule query tries the sessions first, and a legacy proof attempt in their context
    opts = dataclasses.replace(opts, quick=df.probes.unsat, scratch=df.probes.context)
    if opts.wants("TAG") or opts.wants("INIT"):
        TagChecker(df, opts.solver, sink).check_all()
    if opts.wants("TAG"):
        from .fill_rule import check as check_fills
        check_fills(df, sink, opts.solver)
        from .dead_claims import check as check_dead_claims
        check_dead_claims(df, sink, opts.solver)
    if opts.wants("UNUSED"):
        from .unused import check as check_unused
        check_unused(kernel, sink)
    if opts.wants("START"):
        from .reduce_start import check as check_starts
        check_starts(df, sink)
    if opts.wants("WRAP"):
        from .wrap_rule import check as check_wraps
        check_wraps(df, sink)
    if opts.wants("GRID"):
        from .grid_rule import check as check_grid
        check_grid(kernel, sink, SolverOptions(seed=opts.seed, deadline=opts.deadline))
    t2 = time.perf_counter()
    from .memory_rules import check_memory_rules
    from .replicas import check as check_replicas
    check_replicas(df, sink)
    check_memory_rules(df, opts, sink)
    t3 = time.perf_counter()
    return _verdict(kernel, sink, [("encode", t1 - t0), ("tag", t2 - t1), ("memory", t3 - t2),
                                   ("solve", sink.solve_s)])


def _verdict(kernel, sink: Sink, timings) -> Verdict:
    from .rootcause import group
    key = lambda x: (x.span.line, x.span.col, x.rule, getattr(x, "message", getattr(x, "reason", "")))
    from .fill_rule import undecided_by_padding
    from .rootcause import unexplained
    findings, unknowns = unexplained(*undecided_by_padding(sink.findings, sink.unknowns))
    findings = tuple(_source_names(f) for f in findings)
    unknowns = tuple(dataclasses.replace(u, reason=source_text(u.reason)) for u in unknowns)
    return Verdict(kernel.name, kernel.file, group(tuple(sorted(findings, key=key)), kernel),
                   tuple(sorted(unknowns, key=key)), sink.obligations_n, sink.queries_n, tuple(timings))


def _source_names(f):
    """The finding in the kernel's own names: a top-level redefinition's tile is `x@LINE` to
    the verifier (encode/redefine.py), `x` to its author; an operand an assertion reads
    several times is listed once (new-user round 50: one xh[0, 1] line four times)."""
    ops = tuple(dict.fromkeys(
        dataclasses.replace(o, text=source_text(o.text),
                            hops=tuple(dataclasses.replace(h, storage=source_text(h.storage)) for h in o.hops))
        for o in f.operands))
    return dataclasses.replace(f, message=source_text(f.message), hint=source_text(f.hint), operands=ops,
                               related=tuple((sp, source_text(t)) for sp, t in f.related))

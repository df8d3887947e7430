"""Synchronisation and memory rules (RACE, SYNC, ASYNC, WAR, BOUND, INIT, COVER, RES, BANK).

One `Context` per kernel holds what the rules share: the accesses, the shared-memory
layouts, the happens-before model and the target; each rule is a set of queries over
it. A rule that cannot decide reports `unknown` with the reason, never "proved".
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .access import Access, SharedLayout, collect, shared_layout
from .hb import HappensBefore
from .layout import LayoutError
from .elem_reads import depends_on_opaque, holds_for_any_opaque, witness_needs_opaque
from .minimize import minimize_model
from .solver import Verdict as SV, find_model
from .symbols import Unsupported
from .target import DEFAULT_TARGET, Target, load_target

@dataclass
class Context:
    df: object
    opts: object
    sink: object
    target: Target
    accesses: tuple[Access, ...] = ()
    shared: dict[str, SharedLayout] = field(default_factory=dict)
    hb: HappensBefore | None = None
    divergence: dict = field(default_factory=dict)    # barrier path -> SYNC counterexample model or None
    protocol: object = None                            # encode/mbarrier.Protocol when the kernel has mbarriers

    @property
    def env(self):
        return self.df.env

    @property
    def kernel(self):
        return self.df.kernel

    def wants(self, rule: str) -> bool:
        return self.opts.wants(rule)

    def solve(self, rule: str, span, facts, small=()) -> object | None:
        """A model of env facts + `facts` (a counterexample), or None (proved, or unknown: reported).

        A model is minimised (sizes first, then blocks, then the terms in `small`: iterations,
        threads) so that witnesses are small and canonical; if that fails the first model stays."""
        base = list(self.env.facts) + list(facts)
        out = find_model(base, self.opts.solver)      # tries the kernel's sessions first (SolverOptions.quick)
        if out.verdict is SV.PROVED:
            return None
        if out.verdict is SV.UNKNOWN:
            self.sink.unknown(rule, span, f"solver: {out.reason}")
            return None
        opaque = self.env.has_opaque() and depends_on_opaque(base) is not None
        if opaque and witness_needs_opaque(self.sink, rule, span, base, out.model, self.opts.solver):
            return None
        return self.minimal(base, out.model, small)

    def minimal(self, base, model, small=(), start=None):
        """The smallest model of `base` (sizes, then blocks, then `small`), or `model` where
        minimising fails or its result needs an opaque value `model` does not. `start`: a
        model a bisection may start from (encode/minimize.py)."""
        # Blocks too (after the sizes): left to the first model they follow Z3's term ids,
        # which depend on what the process built before (a golden flipped with test order).
        objectives = [v for _, v in sorted(self.env.sizes.items())] + list(self.env.blocks) + list(small)
        if not objectives:
            return model
        best = minimize_model(base, objectives, self.opts.solver, start)
        if best.verdict is not SV.REFUTED:
            return model
        # the smaller witness must not need an opaque value either (the first one does not)
        opaque = self.env.has_opaque() and depends_on_opaque(base) is not None
        return model if opaque and not holds_for_any_opaque(base, best.model, self.opts.solver) else best.model


def build_context(df, opts, sink) -> Context:
    target = load_target(getattr(opts, "target", DEFAULT_TARGET) or DEFAULT_TARGET)
    ctx = Context(df, opts, sink, target)
    ctx.accesses = collect(df)
    for name, t in df.types.items():
        if t.space.value == "shared":
            ctx.shared[name] = shared_layout(t, df.env.consts)
    ctx.hb = HappensBefore(df, target.warp_size, uniform=lambda p: _uniform(ctx, p))
    ctx.protocol = df.protocol(target.warp_size)
    return ctx


def _uniform(ctx, point) -> bool:
    """Every thread reaches this thread-dependent barrier equally (proved by a SYNC query)."""
    from .sync_rules import divergence
    try:
        return divergence(ctx, point) is None
    except Unsupported:
        return False


def check_memory_rules(df, opts, sink) -> None:
    """Run every selected memory rule; each appends findings (or unknowns) to `sink`."""
    from . import bank, bounds, cover, global_race, init_rule, int_ops, race, resources, sync_rules, tma_rule, wgmma_rule
    checks = ((("RES",), resources.check), (("SYNC",), sync_rules.check), (("BOUND",), bounds.check),
              (("BOUND",), int_ops.check),
              (("INIT",), init_rule.check), (("COVER",), cover.check), (("BANK",), bank.check),
              (("RACE", "WAR", "ASYNC"), race.check), (("RACE", "WAR"), global_race.check_global),
              (("RACE", "WAR", "ASYNC"), tma_rule.check), (("ASYNC", "WAR"), wgmma_rule.check))
    wanted = [r for rules, _ in checks for r in rules if opts.wants(r)]
    if not wanted:
        return
    try:
        ctx = build_context(df, opts, sink)
    except (Unsupported, LayoutError) as u:
        _undecided(sink, wanted, u, df.kernel.span)
        return
    for rules, check in checks:
        selected = [r for r in rules if opts.wants(r)]
        if selected:
            try:
                check(ctx)
            except (Unsupported, LayoutError) as u:
                _undecided(sink, selected, u, df.kernel.span)


def _undecided(sink, rules, err, span) -> None:
    for r in rules:
        sink.unknown(r, getattr(err, "span", None) or span, getattr(err, "reason", str(err)))

"""Claims that nothing reaches: an `assert` or `invariant` under loops and branches that no
sizes, block, thread and iteration the `assume`s allow ever enter (`for t in range(0):`, a
loop from `C / 32` to `C / 32`, `if M < 0:`) is checked for no state at all, so it would
hold vacuously. Such a kernel is not proved: the claim is reported unknown, saying why (a
check that checked nothing is not a pass; `argus fill` found such a completion: a constant
hole `NT` filled to 0 in `for t in range(NT):` around the only k-alignment assertion).

Likewise a claim under a thread-dependent `if` that no thread holding an element it names
passes (nobody_asserts). Only a refutation of reachability counts: when the solver cannot
tell, the claim stands."""
from __future__ import annotations

import dataclasses

import z3

from dsl import exprs, ir
from dsl.asserts import reads_tags
from dsl.fmt import format_expr

from .access import enabled, loop_vars
from .distribution import thread_bindings
from .solver import SolverOptions, Verdict, find_model
from .symbols import Unsupported


def check(df, sink, opts: SolverOptions) -> None:
    # undecided costs nothing here (the claim stands): no last, unbounded step
    quick = dataclasses.replace(opts, last_step=False)
    for point in df.points:
        if not isinstance(point.stmt, (ir.Assert, ir.Invariant)) or not (point.loops or point.guards):
            continue                         # at the top level: run wherever the kernel runs
        try:
            reached = _reached(df, point, quick)
        except Unsupported:
            continue
        if reached is False:
            word = "assertion" if isinstance(point.stmt, ir.Assert) else "invariant"
            sink.unknown("TAG", point.stmt.span, f"this {word} is never reached: no sizes, block, thread or "
                         f"iteration that the `assume`s allow runs it ({_where(point)}), so it checks nothing",
                         vacuous=True)


def _reached(df, point, opts: SolverOptions) -> bool | None:
    """Whether some instance of the point runs: True, False, or None where undecided."""
    t = z3.Int("%t@dead")
    bound = {**loop_vars(point, "dead"), **thread_bindings(t, df.warp_size)}
    facts = list(df.env.facts) + enabled(df.env, point, bound) + [t >= 0, t < df.kernel.threads]
    out = find_model(facts, opts, probe=True)
    return False if out.verdict is Verdict.PROVED else True if out.verdict is Verdict.REFUTED else None


def _where(point) -> str:
    """The loops and branches around the point, as written."""
    parts = [f"`for {l.var} in range({format_expr(l.start)}, {format_expr(l.stop)})`" for l in point.loops]
    parts += [f"`if {'' if g.positive else 'not '}{format_expr(g.cond)}`" for g in point.guards]
    return "under " + ", ".join(parts) if parts else "at the kernel's top level"


def nobody_asserts(base: list, opts: SolverOptions, sink, span) -> bool:
    """An assertion under a thread-dependent `if` is made only by threads that pass it and
    hold an element it names (encode/tag_rules.asserting_thread gives `base` those facts);
    where no such thread exists at any sizes, block and iteration, it checks nothing (held-out
    round 128: a claim under `if thread.x >= 64` on a tile that threads 0-15 hold was proved
    with the load's columns wrong). Reported unknown, never proved; only a refutation of
    reachability counts."""
    quick = dataclasses.replace(opts, last_step=False)
    if find_model(base, quick, probe=True).verdict is not Verdict.PROVED:
        return False
    sink.unknown("TAG", span, "this assertion is made by no thread: no thread that passes the thread-dependent "
                 "condition around it holds an element it names, at any sizes, block or iteration the "
                 "`assume`s allow, so it checks nothing", vacuous=True)
    return True


def never_needed(checker, cond: ir.Expr, base: list, scope: dict) -> bool:
    """A claim `G or tag(...)...` whose guards (the disjuncts that read no tag) hold at every
    element and instance the `assume`s allow never needs its tag part: it checks nothing
    (held-out round 134: `assert block.x * BR + i < R or tag(s[i]).col == range(0, C)`, `< R`
    written for `>= R`, proved a row sum that skipped a column tile). Reported unknown, never
    proved; only a refutation counts (when the solver cannot tell, the claim stands)."""
    parts = exprs.disjuncts(cond)
    guards = [d for d in parts if not reads_tags(d)]
    if len(parts) < 2 or not guards or len(guards) == len(parts):
        return False
    quick = dataclasses.replace(checker.opts, last_step=False)
    try:
        fails = [z3.Not(checker.env.cond(g, scope)) for g in guards]
    except Unsupported:
        return False
    if find_model(base + fails, quick, probe=True).verdict is not Verdict.PROVED:
        return False
    shown = " or ".join(f"`{format_expr(g)}`" for g in guards)
    checker.sink.unknown("TAG", cond.span, f"this claim checks nothing: {shown} holds at every element and "
                         "instance the `assume`s allow, so the tag part beside it is never needed (`G or claim` "
                         "claims only where G fails)", vacuous=True)
    return True


def partly_asserted(checker, point, cond: ir.Expr, held: list, owner: list, scope: dict) -> None:
    """A claim under a role condition (`if thread.x == 0:`, `if thread.warp >= 4:`) is made
    only by the threads that pass it, on the elements they hold: the elements other threads
    hold are not checked (held-out round 128), which a reader may take for the whole tile. A
    warning with an element no asserting thread holds, where there is one; the verdict is
    unchanged (the claim, as SEMANTICS.md defines it, was checked). Conditions that also read
    sizes, blocks, loop variables or data (`if block.x * BT + thread.x < R`) usually keep
    threads off padding, and are left alone. A conjunct of a role condition that reads no
    thread (`if thread.x == 0 and R >= 16:`, `and block.x >= 0`) is the same for every thread
    of an instance: it is taken to hold, and the rest is the role (held-out round 134)."""
    roles = [g for g in point.guards if exprs.mentions_thread(g.cond)]
    uniform: list = []
    for g in roles:
        for c in exprs.conjuncts(g.cond) if g.positive else [g.cond]:
            if not exprs.mentions_thread(c):
                uniform.append(c)
            elif exprs.free_syms(c) - exprs.free_syms(c, ir.SymKind.CONST) or exprs.mentions_block(c) \
                    or exprs.reads_elements(c):
                return
    if not roles:
        return
    try:
        facts = held + [checker.env.cond(c, scope) for c in uniform] + [z3.Not(z3.And(*owner))]
    except Unsupported:
        return
    quick = dataclasses.replace(checker.opts, last_step=False)
    out = find_model(facts, quick, probe=True)
    if out.verdict is not Verdict.REFUTED:
        return
    from .witness import Witness, holder
    model = checker.minimal(facts, scope, out.model)
    w = Witness(checker.df, point, model, scope, {})
    elem = next(n.elem for n in exprs.iter_nodes(cond) if isinstance(n, ir.TagField))
    shown = ", ".join(f"`{'' if g.positive else 'not '}{format_expr(g.cond)}`" for g in roles)
    f = w.finding("TAG", cond.span, f"this assertion is made only by the threads that pass {shown}: it checks "
                  f"the elements of '{elem.tensor}' they hold, not those other threads hold",
                  hint="to check every element, assert outside the `if` (each thread claims the elements it "
                  "holds); if only these elements matter, suppress this warning with the reason")
    checker.sink.finding(dataclasses.replace(f, severity="warning", thread=holder(checker.df, model, elem, scope)))


def holds_no_record(leaves, cond: ir.Expr, base: list, opts: SolverOptions, sink, span) -> bool:
    """A claim on every record (not a `range` count) whose tiles hold no record at any
    element and instance, for certain, holds over nothing: it checks nothing, so it is
    unknown, never proved (docs/SEMANTICS.md had it holding vacuously in the verifier and the
    interpreter alike). Either no record is there at all (a `zeros` tile, a sum of zeros:
    `assert tag(z[i]).row == block.x`), or no record's domain holds anywhere the `assume`s
    allow (held-out round 135: a running sum whose loop runs no iteration at any size, an
    update under a condition never true, a GEMM whose k loop starts past its one tile).
    `leaves`: tag_rules' Leaf per tag read of `cond` (the assertion, or one conjunct of it),
    each with the records it may take; `base`: the claim's instance facts. Only a proof
    that none exists counts (when the solver cannot tell, the claim stands)."""
    leaves = list(leaves)
    if not leaves:
        return False
    records = [p[1] for lf in leaves for p in lf.known + lf.missing + lf.opaque]
    if any(z3.is_true(c.domain) for c in records):
        return False            # a record held everywhere: no query
    if records:
        quick = dataclasses.replace(opts, last_step=False)
        if find_model(list(base) + [z3.Or(*(c.domain for c in records))], quick, probe=True).verdict \
                is not Verdict.PROVED:
            return False
        if find_model(list(base), quick, probe=True).verdict is not Verdict.REFUTED:
            return False        # no instance of the claim runs: check() says it is never reached
    tiles = sorted({lf.node.elem.tensor for lf in leaves})
    named = ", ".join(f"'{t}'" for t in tiles)
    sink.unknown("TAG", span, f"`{format_expr(cond)}` checks nothing: {named} hold{'s' if len(tiles) == 1 else ''} no "
                 "input's record at any element and instance the `assume`s allow (zeros, math on zeros only, "
                 "or updates that never run), and a claim on the records of a value that holds none holds over "
                 "nothing", vacuous=True)
    return True

"""Replay a verifier finding on the interpreter: is the counterexample a real execution?

A TAG (or INIT) finding inside an assertion is replayed at exactly its sizes, block,
iteration and index values: the assertion conjunct it names must fail there. Any other
finding (a store against an output's tag function, a memory rule) is replayed by running
its block and looking for the same rule on the same line, or with the other access of the
conflicting pair on that line (RACE, WAR and ASYNC count as one
family: a conflict between a read and an async landing is either, depending on the view;
COVER is about a whole output, so any line of it will do; a race in global memory may be
between blocks, so the whole grid runs).
"""
from __future__ import annotations

from dataclasses import dataclass

from dsl import ir

from dsl.masks import PAD_FINDING

from .layout import InterpretError

FAMILY = {"RACE": "order", "WAR": "order", "ASYNC": "order"}


def same_family(a: str, b: str) -> bool:
    return a == b or (a in FAMILY and FAMILY.get(a) == FAMILY.get(b))


@dataclass(frozen=True)
class ReplayOutcome:
    replayed: bool
    why: str


def _in_assert(kernel: ir.Kernel, span) -> bool:
    from .interpreter import span_contains
    return any(isinstance(s, (ir.Assert, ir.Invariant)) and span_contains(s.span, span) for s in ir.walk(kernel.body))


def replay_details(kernel: ir.Kernel, finding, inputs: dict | None = None, seeds=(0, 1, 2),
                   runs: dict | None = None) -> ReplayOutcome:
    from .interpreter import Probe, interpret, random_inputs
    sizes = dict(finding.sizes)
    fill = finding.rule == "TAG" and finding.message.startswith(PAD_FINDING.split("{")[0])
    if not sizes and kernel.sizes:
        # a structural finding (a layout that leaves an element to nobody) holds at any
        # sizes: replay it at the smallest the interpreter picks; a fill that is not neutral
        # at a few (at the smallest, two lengths may be equal and the fill meet only padding)
        from .sizes import pick_sizes
        picked = pick_sizes(kernel, n=3 if fill else 1)
        if fill and picked:
            from .sizes import past_one_tile
            picked += [p for p in past_one_tile(kernel, picked[0]) if p not in picked]
        if fill and len(picked) > 1:
            out = None
            for at in picked:
                out = _replay_fill(kernel, finding, dict(at), inputs, seeds)
                if out.replayed:
                    return out
            return out
        sizes = dict(picked[0]) if picked else {}
    if any(s not in sizes for s in kernel.sizes):
        return ReplayOutcome(False, "the finding does not give every size")
    if fill:
        return _replay_fill(kernel, finding, sizes, inputs, seeds)
    block = tuple(finding.block) if finding.block else None
    probing = finding.rule in ("TAG", "INIT") and _in_assert(kernel, finding.span)
    why = "not reproduced"
    # the integer inputs the witness fixes first (Finding.data), then random ones: the model's
    # values do not describe every read (an element loaded by another warp is opaque to it)
    attempts = [(None, False)] if inputs is not None else \
        [(seeds[0], True)] * bool(getattr(finding, "data", ())) + [(seed, False) for seed in seeds]
    for seed, fixed in attempts:
        try:
            # with the witness's integers, random ones need not meet the assumptions alone (a
            # CSR row pointer's order, which random inputs cannot make: new-user round 53)
            data = inputs if inputs is not None else random_inputs(kernel, sizes, seed=seed, adjust=not fixed)
            if fixed:
                data = _witness_data(kernel, sizes, finding, data)
                if data is None:
                    continue
            if probing:
                probe = Probe(finding.span, dict(finding.iteration), dict(finding.indices))
                res = interpret(kernel, sizes, data, [block] if block is not None else None,
                                check_tags=False, probe=probe)
                if any(h.rule in ("TAG", "INIT") for h in res.probe_hits):
                    return ReplayOutcome(True, res.probe_hits[0].detail)
                if res.probe_hits:
                    return ReplayOutcome(False, "undecided: the value's tags are summarised and the "
                                         "assertion turns on a repeat at one position")
                why = ("the assertion holds there" if res.probe_reached
                       else "the execution never reaches that iteration of the assertion")
                continue
            blocks = None if finding.rule == "COVER" or block is None or _on_global(kernel, finding) else [block]
            # `runs`: one execution serves every finding of a report at the same sizes, inputs
            # and blocks (a wgmma kernel's seven findings took seven runs of 2.5 s each)
            key = (tuple(sorted(sizes.items())), seed, fixed, tuple(getattr(finding, "data", ())) if fixed else (),
                   None if blocks is None else tuple(blocks))
            res = runs.get(key) if runs is not None and inputs is None else None
            if res is None:
                res = interpret(kernel, sizes, data, blocks)
                if runs is not None and inputs is None:
                    runs[key] = res
            if finding.rule == "SYNC" and " may miss phase " in finding.message:
                # encode/missed_phase.py: a hang under a schedule where one thread lags a phase
                return ReplayOutcome(False, "the interpreter runs a wait's threads together, so none of them "
                                     "lags behind a phase there (the hang needs a slower thread)")
            if finding.rule == "SYNC" and "setmaxnreg inc" in finding.message:
                return ReplayOutcome(False, "the interpreter gives registers at once: its setmaxnreg never blocks")
            if finding.rule == "SYNC" and finding.message.startswith("deadlock:"):
                # an mbarrier deadlock (encode/deadlock.py): the block stops, every thread waiting
                hung = [n for n in res.notes if "deadlock at line" in n]
                if hung:
                    return ReplayOutcome(True, hung[0])
                why = f"block {_block_text(block)} runs to its end"
                continue
            if finding.rule == "SYNC" and getattr(finding, "disorders", ()):
                # a round whose arrivals or bytes do not add up (encode/mbar_balance.py): the
                # interpreter's phase then never completes, or a next round's arrival comes early
                lines = _barrier_lines(kernel, finding.disorders)
                seen = [n for n in res.notes if "deadlock at line" in n] + \
                    [v.detail for v in res.violations if v.line in lines]
                if seen:
                    return ReplayOutcome(True, seen[0])
                why = (f"block {_block_text(block)} runs to its end with every phase of "
                       f"{', '.join(finding.disorders)} complete")
                continue
            for v in res.violations:
                if same_family(v.rule, finding.rule) and (finding.span.line in (v.line, v.other_line)
                                                          or v.rule == "COVER"):
                    return ReplayOutcome(True, v.detail)
            where = f"block {_block_text(block)}" if block is not None else "any block"
            why = f"no {finding.rule} on line {finding.span.line} in {where}"
        except InterpretError as err:
            if fixed:
                continue        # the witness's values: random ones may still run
            return ReplayOutcome(False, f"the interpreter cannot run it: {err}")
        if not fixed and not _data_dependent(kernel):
            break
    return ReplayOutcome(False, why)


def _barrier_lines(kernel: ir.Kernel, bars) -> set[int]:
    """The lines of the statements on the mbarriers `bars`."""
    return {s.span.line for s in ir.walk(kernel.body)
            if isinstance(s, (ir.Arrive, ir.MbarWait, ir.TmaLoad)) and s.bar.bar in bars}


def _witness_data(kernel: ir.Kernel, sizes: dict, finding, data: dict) -> dict:
    """`data` with the integer input elements the witness fixes (Finding.data: the model's
    default for every element first, then its listed entries), where they meet the kernel's
    assumptions; else None."""
    from .inputs import data_assumes_hold
    out = dict(data)
    for name, index, value in sorted(finding.data, key=lambda d: len(d[1])):
        if name not in out:
            continue
        arr = out[name].copy()
        if not index:
            arr[...] = value
        elif len(index) == arr.ndim and all(0 <= i < n for i, n in zip(index, arr.shape)):
            arr[index] = value
        out[name] = arr
    return out if data_assumes_hold(kernel, sizes, out) else None


def _replay_fill(kernel: ir.Kernel, finding, sizes: dict, inputs, seeds) -> ReplayOutcome:
    """A fill that is not neutral shows in the numbers: the outputs with the kernel's fill
    values differ from those with the identity the finding names."""
    import numpy as np
    from dsl.masks import neutral_for, with_fills
    from .interpreter import interpret, random_inputs
    from dsl.zero_branch import with_masks
    neutral = with_fills(with_masks(kernel), neutral_for(finding.message.split("reaches this ")[1].split(" ")[0]))
    try:
        data = inputs if inputs is not None else random_inputs(kernel, sizes, seed=seeds[0])
        got = interpret(kernel, sizes, data, check_tags=False).outputs
        want = interpret(neutral, sizes, data, check_tags=False).outputs
    except InterpretError as err:
        return ReplayOutcome(False, f"the interpreter cannot run it: {err}")
    for name in sorted(got):
        a, b = (np.asarray(x, np.float64) for x in (got[name], want[name]))
        bad = ~np.isclose(a, b, rtol=1e-3, atol=1e-3, equal_nan=True)
        if bad.any():
            at = tuple(int(i) for i in np.argwhere(bad)[0])
            return ReplayOutcome(True, f"at sizes {sizes}, {name}{list(at)} is {a[at]:.4g} with this fill and "
                                 f"{b[at]:.4g} with neutral padding")
    # math after the fill made it another value (pow(x, 0.0) is 1.0 at a neutral fill 0.0):
    # the reduction itself meets the padding
    from .interpreter import Probe
    hits = interpret(kernel, sizes, data, check_tags=False,
                     probe=Probe(finding.span, dict(finding.iteration), {}, padding=True)).probe_hits
    if hits:
        return ReplayOutcome(True, f"at sizes {sizes}, {hits[0]}")
    return ReplayOutcome(False, f"at sizes {sizes} the outputs are the same with neutral padding")


def _on_global(kernel: ir.Kernel, finding) -> bool:
    """A race in global memory may be between blocks: replay the whole grid."""
    params = {p.name for p in kernel.params}
    return finding.rule == "RACE" and any(h.storage in params for op in finding.operands for h in op.hops)


def _data_dependent(kernel: ir.Kernel) -> bool:
    """Do tags or control read integer inputs (so that other random inputs may replay)?"""
    from dsl.exprs import iter_nodes
    for t in kernel.tags:
        if any(isinstance(n, ir.ElemRef) for _, e in t.fields for n in iter_nodes(e)):
            return True
    return False


def replay_finding(kernel: ir.Kernel, finding, inputs: dict | None = None, seeds=(0, 1, 2)) -> bool:
    return replay_details(kernel, finding, inputs, seeds).replayed


def _block_text(block) -> str:
    """`(0)`, `(1, 2)`: a block's ids as the reports print them (encode/memwitness.block_text)."""
    return f"({', '.join(map(str, block or ()))})"

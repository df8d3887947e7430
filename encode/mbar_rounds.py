"""Rounds of straight-line mbarriers: ordinals per thread (docs/MEMORY_MODEL.md).

An mbarrier none of whose statements sits in a loop runs each statement at most once per
thread, so the round of an arrival, a bulk copy or a wait is an ordinal: how many earlier
statements of its kind the same thread ran on the same element. encode/mbarrier.py uses
these in place of the loop's iteration arithmetic.
"""
from __future__ import annotations

import dataclasses

VERB = {"arrive": "arrive", "expect": "expect_tx", "tma": "tma_load", "wait": "wait"}


def ordinals(b) -> tuple[list, str, dict]:
    """A straight-line mbarrier (no statement of it in a loop): each statement runs once per
    thread, so a round is an ordinal per thread and element: round r of bar[x] is every
    thread's r-th arrival on it (role branches arrive side by side: held-out round 45's two
    warps meeting twice were grouped in program text order); a statement whose threads
    disagree makes the array untrusted. A bulk copy belongs to the round of its thread's
    latest arrival on the element; a wait's round is how many earlier waits on its element
    its threads ran (ordinal -1 where they disagree: it orders nothing). Held-out round 41:
    two rounds through one slot were taken for one round of two arrivals. Returns the
    sites, why the barrier is untrusted ('' if it is not) and each element's number of
    complete rounds (a short round and those after it never complete)."""
    out, why = [], ""
    arrived: dict[tuple[int, int], int] = {}  # (element, thread) -> arrivals made so far
    waited: dict[tuple[int, int], int] = {}   # (element, thread) -> waits run so far
    for s in b.sites:
        x = s.shift
        if s.kind == "tma":
            ordinal = _agreed({max(arrived.get((x, t), 0) - 1, 0) for t in s.threads})
        else:
            count = waited if s.kind == "wait" else arrived
            ordinal = _agreed({count.get((x, t), 0) for t in s.threads})
            for t in s.threads:
                count[(x, t)] = count.get((x, t), 0) + 1
        if ordinal < 0 and s.kind != "wait" and not why:
            why = (f"the threads of the {VERB[s.kind]} at line {s.point.span.line} are in different rounds of "
                   f"{b.name}[{x}]")
        out.append(dataclasses.replace(s, ordinal=ordinal))
    complete = {}
    for x in sorted({s.shift for s in out}):
        mine = [s for s in out if s.shift == x]
        last = max((s.ordinal for s in mine if s.kind in ("arrive", "expect")), default=-1)
        complete[x] = last + 1
        for r in range(last + 1):
            n = sum(len(s.threads) for s in mine if s.kind in ("arrive", "expect") and s.ordinal == r)
            if n > b.count and not why:
                why = f"round {r} of {b.name}[{x}] has {n} arrivals but it is initialised with count {b.count}"
            if n < b.count:
                complete[x] = min(complete[x], r)
        for r in range(complete[x]):
            expected = sum(s.nbytes * len(s.threads) for s in mine if s.kind == "expect" and s.ordinal == r)
            landed = sum(s.nbytes * len(s.threads) for s in mine if s.kind == "tma" and s.ordinal == r)
            if expected != landed and not why:
                why = (f"round {r} of {b.name}[{x}] expects {expected} byte(s) but its bulk copies "
                       f"complete {landed}")
        if not why and any(s.kind == "tma" and s.ordinal >= complete[x] for s in mine):
            why = f"a bulk copy on {b.name}[{x}] is in no round its arrivals complete"
    # a round short of the count never completes: sound to trust (no wait for its phase
    # returns), and a wait for it is a deadlock (encode/missed_phase.py)
    return out, why, complete


def _agreed(values: set) -> int:
    """The one value a statement's threads agree on, or -1."""
    return next(iter(values)) if len(values) == 1 else -1


def monotone_offsets(b, offset: dict) -> None:
    """A straight-line wait waits for phase ordinal - d only if the thread's previous wait on
    the element claimed phase ordinal - 1 - d or later (docs/MEMORY_MODEL.md: the parity
    argument), so d may not fall along a thread's waits; where it does, none of that
    element's waits orders anything."""
    for x in {s.shift for s in b.sites}:
        waits = [s for s in b.sites if s.kind == "wait" and s.shift == x]
        for t in {t for w in waits for t in w.threads}:
            ds = [offset.get(id(w)) for w in waits if t in w.threads]
            if any(d is None for d in ds) or any(a > c for a, c in zip(ds, ds[1:])):
                for w in waits:
                    offset[id(w)] = None
                break

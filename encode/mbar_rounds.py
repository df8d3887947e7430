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
    out = _one_phase(out, b.count)
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


def _one_phase(sites: list, count: int) -> list:
    """An element whose arrivals, all of them, number the count exactly is one phase: every
    arrival is in round 0 whatever the thread's ordinal (held-out round 134's h09: 128
    threads arriving twice on a count of 256 were taken for two short rounds that never
    complete). Only where no thread waits on the element before one of its arrivals on it
    (a wait before the thread's own later arrival in its phase never returns, which the
    ordinals catch as a wait for a round that needs it)."""
    for x in {s.shift for s in sites}:
        mine = [s for s in sites if s.shift == x]
        arrivals = [s for s in mine if s.kind in ("arrive", "expect")]
        if sum(len(s.threads) for s in arrivals) != count or all(s.ordinal == 0 for s in arrivals) \
                or any(s.ordinal < 0 for s in arrivals):
            continue
        waited: set = set()
        early = False
        for s in mine:
            if s.kind == "wait":
                waited |= set(s.threads)
            elif s.kind != "tma" and waited & set(s.threads):
                early = True
        if not early:
            sites = [dataclasses.replace(s, ordinal=0) if s.shift == x and s.kind != "wait" else s
                     for s in sites]
    return sites


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

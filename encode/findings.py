"""What the verifier concludes: findings with concrete witnesses, and unknowns with reasons.

Everything here is plain data (ints and strings), detached from Z3, so reports and
tests never touch solver objects.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from dsl.diagnostics import Span

RULES = {
    "TAG": "tag assertion",
    "RACE": "data race on shared memory",
    "SYNC": "barrier under divergent control flow",
    "ASYNC": "read of an async copy before it is waited for and made visible",
    "WAR": "write into a buffer slot that may still be read",
    "BOUND": "out-of-bounds access",
    "INIT": "read of memory that nothing wrote",
    "COVER": "output element written not exactly once",
    "RES": "resource limit exceeded",
    "BANK": "shared-memory bank conflict",
    "UNUSED": "tensor parameter never used",
    "START": "running maximum, minimum, product or sum started away from its identity",
    "WRAP": "i8 tile math that may wrap around",
    "GRID": "sizes the assumptions allow at which the grid has no block",
}
WARNING_RULES = ("BANK", "UNUSED", "START", "WRAP", "GRID")      # advice: their findings never fail a kernel


@dataclass(frozen=True)
class Hop:
    """One step of where a value came from: it sat in `storage[coords]`, written at `span`."""
    storage: str
    coords: tuple[int, ...]
    span: Span | None
    loops: tuple[tuple[str, int], ...] = ()
    thread: int | None = None             # the thread that wrote it (a copy's or store's distribution)


@dataclass(frozen=True)
class Operand:
    text: str                                   # e.g. "a[5, 9]"
    tag: tuple[tuple[str, int], ...]            # the concrete tag record (field, value)
    hops: tuple[Hop, ...] = ()
    sources: tuple[tuple[str, tuple[int, ...]], ...] = ()   # the kernel input elements it came from


@dataclass(frozen=True)
class Finding:
    rule: str
    span: Span
    message: str
    sizes: tuple[tuple[str, int], ...] = ()
    block: tuple[int, ...] = ()
    thread: int | None = None
    iteration: tuple[tuple[str, int], ...] = ()
    indices: tuple[tuple[str, int], ...] = ()
    operands: tuple[Operand, ...] = ()
    hint: str = ""
    related: tuple[tuple[Span, str], ...] = ()
    severity: str = "error"
    suppressed: str = ""                        # the reason given in a suppression comment
    replay: str = ""                            # "" not tried; "replayed" or "not reproduced: why"
    cause: Span | None = None                   # the root finding this one follows from (encode/rootcause.py)
    # integer input elements the witness fixes: (tensor, index, value); index () stands for
    # every element not listed (the model's default)
    data: tuple[tuple[str, tuple[int, ...], int], ...] = ()
    # mbarriers: the one whose distrust this finding needs (it says the barrier orders nothing),
    # and those whose distrust it explains (encode/rootcause.py puts the first under the second)
    unordered: str = ""
    disorders: tuple[str, ...] = ()

    @property
    def warp(self) -> int | None:
        return None if self.thread is None else self.thread // 32

    @property
    def lane(self) -> int | None:
        return None if self.thread is None else self.thread % 32


@dataclass(frozen=True)
class Unknown:
    rule: str
    span: Span
    reason: str
    vacuous: bool = False      # no solver limit: a claim shown to check nothing (encode/dead_claims.py)


@dataclass(frozen=True)
class Verdict:
    """The result for one kernel: proved when there are neither findings nor unknowns."""
    kernel: str
    file: str
    findings: tuple[Finding, ...] = ()
    unknowns: tuple[Unknown, ...] = ()
    obligations: int = 0
    queries: int = 0
    timings: tuple[tuple[str, float], ...] = field(default=(), compare=False)

    @property
    def status(self) -> str:
        if any(f.severity == "error" and not f.suppressed for f in self.findings):
            return "violation"
        return "unknown" if self.unknowns else "proved"

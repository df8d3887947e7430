"""Counterexamples gathered during a fill, and their replay on other candidate completions.

A stored witness is a verifier finding on one completion of a sketch. Replaying it on
another completion asks whether that completion fails at the same sizes, block, thread
and iteration: the finding's kind decides how. Assertion failures (TAG, INIT) are probed
at the witness's iteration and index values, execution rules (RACE, ASYNC, WAR, BOUND,
INIT, COVER, SYNC) run the witness's block on the concrete interpreter, and resource
limits (RES), which depend on no execution, are recomputed for the completion.
"""
from __future__ import annotations

import bisect
import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from dsl import ir
from dsl.diagnostics import Span
from encode.findings import Finding

from .sketch import Sketch, value_text

STATIC_RULES = ("RES",)      # decided without executing anything


@dataclass(frozen=True, slots=True)
class StoredWitness:
    """A counterexample and the completion it was found on (hole index -> value)."""
    ident: int
    finding: Finding
    values: tuple[tuple[int, int], ...]

    @property
    def key(self) -> tuple:
        f = self.finding
        return (f.rule, f.span.line, f.message, f.sizes, f.block, f.thread, f.iteration, f.indices)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One completion of a sketch: its values, text and checked kernel."""
    values: tuple[tuple[int, int], ...]
    text: str
    kernel: ir.Kernel


class WitnessStore:
    """The witnesses of one fill, in the order they were found (each kept once)."""

    def __init__(self, sketch: Sketch, verify_options):
        self.sketch, self.verify_options = sketch, verify_options
        self.witnesses: list[StoredWitness] = []
        self.replays = 0
        self.hits: dict[int, int] = {}

    def add(self, finding: Finding, values: Mapping[int, int]) -> StoredWitness:
        w = StoredWitness(len(self.witnesses), finding, tuple(sorted(values.items())))
        for old in self.witnesses:
            if old.key == w.key:
                return old
        self.witnesses.append(w)
        return w

    def refuting(self, cand: Candidate) -> StoredWitness | None:
        """The first stored witness that the candidate still fails, or None.

        A replay runs a whole block on the interpreter, so the witnesses that pruned most
        are tried first (ties: the order they were found in)."""
        for w in sorted(self.witnesses, key=lambda w: (-self.hits.get(w.ident, 0), w.ident)):
            self.replays += 1
            if replays_on(self.sketch, w, cand, self.verify_options):
                self.hits[w.ident] = self.hits.get(w.ident, 0) + 1
                return w
        return None


def replays_on(sketch: Sketch, w: StoredWitness, cand: Candidate, verify_options) -> bool:
    """Does the candidate fail where the witness's completion failed?"""
    finding = dataclasses.replace(w.finding, span=move_span(sketch, dict(w.values), dict(cand.values),
                                                            w.finding.span))
    if finding.rule in STATIC_RULES:
        return _static_fails(cand.kernel, finding.rule, verify_options)
    from interp.replay import replay_details
    try:
        return replay_details(cand.kernel, finding).replayed
    except Exception:  # noqa: BLE001 - the oracle's own failure only means: no pruning
        return False


def _static_fails(kernel: ir.Kernel, rule: str, verify_options) -> bool:
    from encode.verifier import verify_kernel
    opts = dataclasses.replace(verify_options, rules=(rule,))
    return any(f.severity == "error" for f in verify_kernel(kernel, opts).findings)


# ---------------------------------------------------------------- positions across completions
def move_span(sketch: Sketch, src: Mapping[int, int], dst: Mapping[int, int], span: Span) -> Span:
    """A span of the completion `src` moved onto the completion `dst` of the same sketch.

    Only the holes' texts differ between completions, so a position is carried through
    the sketch's offsets; a position inside a hole's value maps to the start of the other value.
    """
    return _move(_Text(sketch, src), _Text(sketch, dst), span)


def from_symbolic(sketch: Sketch, values: Mapping[int, int], symbolic: frozenset[int], finding: Finding) -> Finding:
    """A finding on the sketch with the holes `symbolic` still written `??` (and the others
    at `values`), moved onto the plain completion `values`."""
    a, b = _Text(sketch, values, symbolic), _Text(sketch, values)
    related = tuple((_move(a, b, sp), text) for sp, text in finding.related)
    return dataclasses.replace(finding, span=_move(a, b, finding.span), related=related)


def _move(a: "_Text", b: "_Text", span: Span) -> Span:
    if span.line < 1:
        return span
    line, col = b.position(b.from_sketch(a.to_sketch(a.offset(span.line, span.col))))
    end_line, end_col = b.position(b.from_sketch(a.to_sketch(a.offset(span.end_line, span.end_col))))
    return Span(span.file, line, col, end_line, end_col)


class _Text:
    """One completion's text, with its hole values' offsets, for position mapping."""

    def __init__(self, sketch: Sketch, values: Mapping[int, int], symbolic: frozenset[int] = frozenset()):
        self.marks = []          # (start in completion, end in completion, start in sketch, end in sketch)
        parts, pos, here = [], 0, 0
        for h in sketch.holes:
            text = "??" if h.index in symbolic else value_text(int(values.get(h.index, 0)))
            here += h.start - pos
            parts.append(sketch.text[pos:h.start])
            self.marks.append((here, here + len(text), h.start, h.end))
            parts.append(text)
            here += len(text)
            pos = h.end
        parts.append(sketch.text[pos:])
        self.text = "".join(parts)
        self.starts = [0] + [i + 1 for i, ch in enumerate(self.text) if ch == "\n"]

    def offset(self, line: int, col: int) -> int:
        return self.starts[min(max(line, 1), len(self.starts)) - 1] + col - 1

    def position(self, offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(self.starts, offset) - 1
        return i + 1, offset - self.starts[i] + 1

    def to_sketch(self, offset: int) -> int:
        shift = 0
        for start, end, s_start, s_end in self.marks:
            if offset < start:
                break
            if offset < end:
                return s_start
            shift = s_end - end
        return offset + shift

    def from_sketch(self, offset: int) -> int:
        shift = 0
        for start, end, s_start, s_end in self.marks:
            if offset < s_start:
                break
            if offset < s_end:
                return start
            shift = end - s_end
        return offset + shift

"""Lexical scopes of the kernel language: what a name means at a program point."""
from __future__ import annotations

import contextlib
import difflib
from dataclasses import dataclass

from . import ir
from .diagnostics import Span


@dataclass(frozen=True, slots=True)
class Entry:
    kind: ir.SymKind
    value: int | None = None            # for constants
    tensor: ir.TensorType | None = None  # for tensors and tiles
    is_input: bool = False
    barrier: bool = False               # an mbarrier array (value: its length)


class Scope:
    """A stack of frames; inner frames (loop and branch bodies) shadow nothing."""

    def __init__(self) -> None:
        self._frames: list[dict[str, tuple[Entry, Span]]] = [{}]

    def get(self, name: str) -> Entry | None:
        for frame in reversed(self._frames):
            if name in frame:
                return frame[name][0]
        return None

    def where(self, name: str) -> Span | None:
        for frame in reversed(self._frames):
            if name in frame:
                return frame[name][1]
        return None

    def define(self, name: str, entry: Entry, span: Span) -> None:
        self._frames[-1][name] = (entry, span)

    @property
    def depth(self) -> int:
        """1 at the kernel's top level, one more inside each loop or branch body."""
        return len(self._frames)

    @contextlib.contextmanager
    def nested(self):
        self._frames.append({})
        try:
            yield
        finally:
            self._frames.pop()

    def const_values(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for frame in self._frames:
            for name, (entry, _) in frame.items():
                if entry.kind is ir.SymKind.CONST and entry.value is not None:
                    out[name] = entry.value
        return out

    def suggest(self, name: str, extra=()) -> str:
        names = sorted({n for f in self._frames for n in f} | set(extra))
        close = difflib.get_close_matches(name, names, n=1)
        return f"did you mean '{close[0]}'?" if close else ""

    def first_defined(self, name: str) -> str:
        span = self.where(name)
        return f"'{name}' was first defined at line {span.line}" if span is not None else ""

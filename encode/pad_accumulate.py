"""The padding of accumulators and of tiles updated in place (encode/pad_walk.py's Pads).

An accumulator that starts from `zeros` keeps 0.0 at the padding when each update maps 0.0
to 0.0 (`from_zero`); its place stays exact where one update pads it (`zero_reset`). An
in-place update `x = f(x, ...)` of a masked tile carries the padding of x's other writers
through f (`updated_in_place`): a running maximum keeps identity padding as the other
side's data."""
from __future__ import annotations

import math

from dsl import ir
from dsl.pad_values import UNKNOWN, same, value_at

from . import running
from .fill_parts import (MET, against_data, all_tiles, bare_tiles, elementwise, extremum_parts, inexact, valued,
                         value_at_padding)
from .const_values import EMPTY as CONST_NONE, ZERO as CONST_ZERO


class Accumulators:
    """Methods of Pads (it gives df, constants, written_by, expr and non_finite_read)."""

    def zero_reset(self, name: str, parts: tuple) -> tuple:
        """The parts of a tile with several writers: not exact, another writer's value may lie
        where one writer's padding does; but for an accumulator whose other writers are `zeros`
        resets and which has one update, a place where the update's padding is 0.0 holds that
        padding or the reset's 0.0 with no record, which is the same (a LayerNorm's row sums
        of rows past R: new-user round 30)."""
        updates = [w for w in self.df.writers.get(name, []) if self.df.accumulates(w, name)]
        if len(updates) != 1 or not self.from_zero(name):
            return inexact(parts)
        return tuple(q if isinstance(q.value, float) and same(q.value, 0.0) else inexact((q,))[0] for q in parts)

    def updated_in_place(self, e: ir.Expr, name: str) -> tuple:
        """`x = x + 1.0` after a masked load of x: the padding of x's other writes, through
        the update (0.0 becomes 1.0); an accumulator from zeros is the rules' own case below."""
        others = [w for w in self.df.writers.get(name, [])
                  if not (isinstance(w.stmt, ir.Compute) and name in all_tiles(w.stmt.value))]
        own = self.written_by(name, others)
        if own and isinstance(e, ir.Call) and e.func in ("maximum", "minimum") and name in bare_tiles(*e.args):
            # a running max `m = maximum(m, x)` of a padded m: where x holds data, padding of
            # the op's identity leaves x (new-user round 33's max-pool); where x is padding too,
            # the two paddings' extremum
            other = e.args[1] if bare_tiles(*e.args)[0] == name else e.args[0]
            return extremum_parts(e.func, own, self.expr(other, name), (True, elementwise(other)))
        parts = tuple(against_data(q, value_at_padding(e, name, q.value, self.df.types)) if all_tiles(e) - {name}
                      else valued(q, value_at_padding(e, name, q.value, self.df.types)) for q in own)
        if parts and self.non_finite_read(e, {name}):
            return tuple(valued(q, UNKNOWN) for q in parts)      # `g = g * ninf`: 0.0 * inf (round 17)
        return parts

    # ---------------------------------------------------------------- expressions

    def updated(self, e: ir.Expr, name: str, v, self_name: str):
        """`e` at the padding; for an in-place update of an accumulator that starts at 0.0
        (`y = y + sum(padding)`), the update keeps 0.0 there when it maps 0.0 to 0.0: an
        element padded in every update stays 0.0 (one that held data in some update has
        that update's records, so its value need not be neutral)."""
        if v not in (UNKNOWN, MET) and self.from_zero(self_name):
            kept = value_at(e, name, v, self.df.types, {self_name: 0.0})
            if isinstance(kept, float) and same(kept, 0.0):
                return 0.0
        return value_at_padding(e, name, v, self.df.types)

    def from_zero(self, name: str) -> bool:
        """Whether `name` is an accumulator whose every initialisation is `zeros` and whose
        updates that read no other tile keep 0.0 (`acc = acc + 0.5` would move the padding
        that the other updates leave at 0.0: held-out round 15)."""
        writers = self.df.writers.get(name, [])
        resets = [w.stmt for w in writers if not self.df.accumulates(w, name)]
        if not resets or not all(isinstance(r, ir.Zeros) for r in resets):
            return False
        for w in writers:
            e = getattr(w.stmt, "value", None)
            if e is None or not self.df.accumulates(w, name):
                continue
            # The other tiles' constants (no record) land on the padding as they are: `acc + h`
            # with h = zeros + 0.5 moves it to 0.5 (held-out round 16); data makes it data.
            saved, self.point = self.point, w
            try:
                if self.non_finite_read(e, {name}):
                    return False         # `g = g * hinf` keeps 0.0 only where hinf is finite (round 17)
            finally:
                self.point = saved
            kinds = {t: self.constants.tile(t) for t in all_tiles(e) - {name}}
            if any(k != CONST_NONE for k in kinds.values()) or not kinds:
                kept = value_at(e, name, 0.0, self.df.types, {t: 0.0 for t, k in kinds.items() if k == CONST_ZERO})
                if not (isinstance(kept, float) and same(kept, 0.0)):
                    return False
        return True

    def identity_start(self, name: str) -> str | None:
        """`maximum` (or `minimum`) when `name` is a running extremum that starts at that op's
        identity, every reset `z - inf` of zeros (`inf`), every update `name = maximum(name,
        x)` with x of other tiles: an element padded in every update holds the identity, one
        that held data in some update holds data with its records (new-user round 33's row max
        over column tiles)."""
        if name not in self.extremum_starts:
            self.extremum_starts[name] = self._identity_start(name)
        return self.extremum_starts[name]

    def _identity_start(self, name: str) -> str | None:
        def start(s) -> float | None:
            tiles = all_tiles(s.value) if isinstance(s, ir.Compute) else None
            if tiles is None or any(self.constants.tile(t) != CONST_ZERO for t in tiles):
                return None
            v = value_at(s.value, "", 0.0, self.df.types, {t: 0.0 for t in tiles})
            return v if isinstance(v, float) else None
        got = running.starts(self.df, name, start, calls_only=True)
        if got is None:
            return None
        identity = -math.inf if got[0] == "max" else math.inf
        return ("maximum" if got[0] == "max" else "minimum") if all(v == identity for v in got[1]) else None

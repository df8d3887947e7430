"""The padding an `mma` leaves in its result, for the padding walk (a mix-in of
pad_walk.Pads, which holds df and point): lines of padding products where a line of an
operand along k may be all padding, placed where the operands' places say."""
from __future__ import annotations

import z3

from dsl import ir
from dsl.pad_values import UNKNOWN, same

from .fill_parts import MET, Part, merged, tile_coords, valued, whole_line
from .symbols import mentions


class MmaPadding:
    def mma_written(self, s: ir.Mma, name: str) -> tuple:
        """The accumulator's padding under the products: 0.0 plus data is data; any other
        value is not the products' (a bias loaded masked(fill=1.0)). Its own earlier value
        (c is the target) is its other writers', walked with them."""
        out = () if s.c == name else tuple(valued(q, UNKNOWN) for q in self.of(s.c)
                                           if q.value != MET and not same(q.value, 0.0))
        if whole_line(self.of(s.a), 1) or whole_line(self.of(s.b), 0):
            # Rows past M, columns past N: the accumulator's own value there, 0.0 from zeros
            # (an accumulator that only an mma writes holds what that one summed).
            # Padding only along k (a causal mask of the scores) pads no element of the result.
            resets = [w.stmt for w in self.df.writers.get(s.c, []) if not isinstance(w.stmt, ir.Mma)]
            zero = bool(resets) and all(isinstance(r, ir.Zeros) for r in resets)
            # a whole line of an operand's padding along k need not be 0.0 (the fill rule
            # leaves it to here): the result's line then holds its products, of unknown value
            # (held-out round 41: K's key tail filled with 1.0, the scores masked after)
            zeros = {1: self.zero_lines(s.a, 1), 0: self.zero_lines(s.b, 0)}
            value = lambda axes: 0.0 if zero and all(zeros[x] for x in axes) else UNKNOWN
            places = self.mma_places(s)
            out += (Part(value((0, 1)), frozenset(), None),) if places is None else tuple(
                Part(value((axis,)), frozenset({axis}), frozenset({axis}), at) for at, axis in places)
        return merged(out)

    def mma_places(self, s: ir.Mma):
        """Where the result of `mma(a, b, c)` has lines of padding products: (place, axis) for
        a's rows whose line along k may be all padding (whole rows of the result: axis 1) and
        b's such columns (whole columns: axis 0), when each part's place names its row (column)
        alone (a GEMM's rows past M and columns past N, which a masked store then drops, and a
        mask of the columns replaces: new-user rounds 40 and 42); None where one does not."""
        tile = tile_coords(2)
        out = []
        for name, k in ((s.a, 1), (s.b, 0)):
            at = []
            for q in self.of(name):
                if q.maybe is None or k in q.maybe:
                    if q.at is None or mentions(q.at, tile[k]):
                        return None
                    at.append(q.at)
            if at:
                out.append((z3.simplify(z3.Or(*at)), k))
        return out or None

    def zero_lines(self, name: str, k: int) -> bool:
        """Whether every part of `name` whose lines along k are all padding is 0.0."""
        return all(isinstance(q.value, (int, float)) and same(q.value, 0.0)     # an integer tile's fill is an int
                   for q in self.of(name) if k in q.whole)

"""Where padding may meet a value that is not finite (encode/pad_walk.py's Pads): 0.0 * inf
is NaN, so padding that meets an infinity or NaN a kernel makes is of unknown value
(docs/SEMANTICS.md, padding); encode/finite_values.py says where elements may not be finite."""
from __future__ import annotations

from dsl import exprs, ir
from dsl.pad_values import FUNCS

from .fill_parts import all_tiles
from .symbols import Unsupported
from .value_atoms import FMT, NAN, non_finite


class NonFiniteReads:
    """Methods of Pads (it gives finite, point and identity_start)."""

    def non_finite_read(self, e: ir.Expr, but: set = frozenset()) -> bool:
        """Whether a tile `e` reads here (but those in `but`) may hold inf or NaN; for a
        maximum or minimum (or a max or min of a line), only NaN: it gives an infinity a definite
        result (a running max from `zeros - inf` meeting -inf padding, new-user round 33)."""
        if self.finite is None:
            return False
        extremum = isinstance(e, ir.Call) and e.func in ("maximum", "minimum", "max", "min") or (
            isinstance(e, ir.Sym) and self.identity_start(e.name) is not None)   # its own identity start
        for t in all_tiles(e) - but:
            seen = self.finite.read(self.point, t)
            if (NAN in seen) if extremum else non_finite(seen):
                return True
        return not extremum and self.makes_non_finite(e, but)

    def makes_non_finite(self, e: ir.Expr, but: set) -> bool:
        """Whether math inside `e` on tiles of finite values makes inf or NaN there (`x *
        log(zz)` with zz zeros, `x * (1.0 / zz)`, `x * (zz + C * 1e38)`: held-out round 35 took
        0.0 padding times them for 0.0): a function or arithmetic of tiles other than `but`."""
        for n in exprs.iter_nodes(e):
            # pow and `%` too (held-out round 81: `pow(e - e, -1.0)` is inf, `e % (e - e)` NaN)
            made = (isinstance(n, ir.Call) and (n.func in FUNCS or n.func == "pow")) or (isinstance(n, ir.Bin) and
                                                                                         n.op in _MADE)
            if not made or not all_tiles(n) or all_tiles(n) & set(but):
                continue
            try:
                seen = self.finite.value(n, self.point, "", FMT[ir.DType.F32])
            except Unsupported:
                return True
            if non_finite(seen):
                return True
        return False


_MADE = (ir.BinOp.ADD, ir.BinOp.SUB, ir.BinOp.MUL, ir.BinOp.DIV, ir.BinOp.MOD)

"""Integer tile math as NumPy computes it (the interpreter's semantics) in the emitted code:
the start of a reduction, the cast at a store, integer scalars in tile math and the wrap of
narrow integer types (a mix-in of emit.Emitter, which holds plan, types and scalar)."""
from __future__ import annotations

import math

from dsl import exprs, ir

from . import mathfn
from .emit_common import INT_BOUNDS, compute_type, numba_type, reduce_init
from .plan import RegTile


class IntEmitter:
    def reduce_init(self, f: str, want: str, e: ir.Expr) -> str:
        """The start of reduction `e`: an integer one whose values are int64s (a sum, or `/`
        and `^` of integers) starts from int64's identity; a float one from its own
        (`max(x / 2.0)` is no integer: it started from int64(0), above every negative row)."""
        if want in INT_BOUNDS and f != "sum" and mathfn.float_valued(self.plan, e):
            # a max or min of floats starts from an infinity, not its tile type's bound:
            # `min(x * 2.5)` of an i8 tile started from int8(127), below 250.0 (held-out round 34)
            self.types.add("float64")
            return mathfn.float_literal(math.inf if f == "min" else -math.inf, "float64")
        wide = mathfn.int64_valued(self.plan, e) and not mathfn.float_valued(self.plan, e)
        self.types |= {"int64"} if wide else set()
        return reduce_init(f, want, wide)

    def store_cast(self, tile: RegTile, text: str, e: ir.Expr | None = None) -> str:
        nt = numba_type(tile.dtype)
        if nt in INT_BOUNDS and nt != "int64" and e is not None and mathfn.int64_valued(self.plan, e):
            # an integer sum, index math or math with a wide scalar is an int64 (NumPy's, the
            # interpreter's); the store wraps it to the tile's type, which the simulator's NumPy
            # arrays refuse to do implicitly
            return f"{nt}({text})"
        return text if nt == compute_type(tile.dtype) else f"{nt}({text})"

    def int_scalar(self, e: ir.Expr, want: str) -> str:
        """An integer scalar in tile math: computed in int64 (the scalar emitter's), then
        converted once to `want`."""
        lit = exprs.try_fold(e, self.plan.consts)
        if want in INT_BOUNDS and lit is not None and not INT_BOUNDS[want][0] <= lit <= INT_BOUNDS[want][1]:
            # NumPy compares an i8 tile with 200 exactly (the interpreter); int8(200)
            # is -56 on a GPU and an OverflowError on the simulator
            self.types.add("int64")
            return f"int64({lit})"
        if want in ("int8", "int32") and lit is None:
            # a value not known here (a size, `kt * 100`) may not fit the tile's type: NumPy then
            # computes in int64 (the interpreter), and int8(200) was -56 on a GPU and an
            # OverflowError on the simulator (held-out round 31); in range, int64 compares,
            # divides and (wrapped back by the tile's math) adds alike
            want = "int64"
        self.types |= {want} if want in INT_BOUNDS else set()
        return f"{want}({self.scalar.emit(e)})"

    def wrap(self, e: ir.Expr, want: str, text: str, always: bool = False) -> str:
        """Integer math in the tile's own type, as NumPy does it (the interpreter): Numba
        computes int8 + int8 and int32 * int32 in int64 on a GPU, so `(x + y) / 2` of i8 tiles
        lost the wrap-around before the division. An expression whose NumPy value is an int64
        (an integer sum, `^`) or a float stays as it is."""
        if want not in INT_BOUNDS or mathfn.float_valued(self.plan, e) or not mathfn.narrow_int_tile(self.plan, e):
            return text
        if mathfn.int64_valued(self.plan, e):
            self.types.add("int64")
            return f"int64({text})" if always else text
        # in its own narrow type, also where an int64 is wanted around it (held-out round 104:
        # `cast(index(x) + x * 3, f32)` of an i32 x computed x * 3 in int64 without the wrap)
        own = compute_type(mathfn.expr_dtype(self.plan, e))
        narrow = own if own in ("int8", "int32") else want
        self.types.add(narrow)
        return f"{narrow}({text})" if always or narrow != "int64" else text

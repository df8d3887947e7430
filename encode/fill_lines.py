"""Which lines of a tile are padding: the queries of the padding walk (encode/pad_walk.py) on
masked accesses, `mask` conditions and masked stores, and what a reduction over the lines
leaves (a mix-in of pad_walk.Pads, which holds df, opts and point)."""
from __future__ import annotations

import dataclasses
import math

import z3

from dsl import exprs, ir
from dsl.masks import neutral_for
from dsl.pad_values import UNKNOWN, as_number, math_type, same

from . import program as prog
from .fill_parts import MAX_RANK, MET, NONE, Part, fixed_place, identical, reduced, shifted, tile_coords
from .rootcause import sources
from .solver import Verdict as SV, prove
from .symbols import Unsupported, mentions
from .terms import And


class PadLines:
    def instance(self, point, uniform_only: bool = False) -> tuple[dict, list]:
        inst = {loop.var: z3.Int(f"{loop.var}@pad") for loop in point.loops}
        guards = self.df.guards(point, inst, uniform_only=uniform_only)
        return inst, list(self.df.env.facts) + [self.df.loop_domain(point, inst), guards]

    def access_parts(self, s: ir.Load) -> tuple:
        """A masked load from global memory: one part per tile axis that can reach past the
        tensor; its lines along the other axes are all padding."""
        inst, _ = self.instance(self.point)
        dims = self.access_dims(s, self.point)
        outside = self.index_outside(s, self.point)
        if dims is None or outside is None:
            return (Part(as_number(s.mask.value), frozenset(), None),)
        axes = frozenset(range(len(dims)))
        # each place is exact: every element past the tensor along an axis is padding
        parts = tuple(Part(as_number(s.mask.value), axes - {t}, (axes - {t}) | ({t} if wholly else set()), z3.simplify(place),
                           exact=True)
                      for t, (partial, wholly, place) in enumerate(dims) if partial)
        if outside is not False:
            # an integer subscript past the tensor (a channel c >= C): the whole tile is padding
            parts += (Part(as_number(s.mask.value), axes, axes, z3.simplify(outside), exact=True),)
        return parts

    def index_outside(self, s: ir.Load, point):
        """The condition under which some integer subscript of a masked load at `point` lies
        past its tensor, False where none can, None where the subscripts are not encoded."""
        inst, facts = self.instance(point)
        env, shape = self.df.env, self.df.types[s.src.tensor].shape
        out = []
        try:
            for sub, n in zip(s.src.subs, shape):
                if isinstance(sub, ir.Index):
                    at, top = env.term(sub.at, inst), env.term(n, {})
                    if not self.proved(And(at >= 0, at < top), facts):
                        out.append(z3.Or(at < 0, at >= top))
        except Unsupported:
            return None
        return z3.Or(*out) if out else False

    def access_dims(self, s: ir.Load, point) -> list | None:
        """Per tile axis of a masked load at `point`'s instance (loop variables `v@pad`):
        (may reach past the tensor, may lie wholly past, the tile coordinates past it);
        None where the subscripts are not encoded."""
        inst, facts = self.instance(point)
        env, shape = self.df.env, self.df.types[s.src.tensor].shape
        dims = []
        try:
            for sub, n in zip(s.src.subs, shape):
                if isinstance(sub, ir.Index):
                    continue
                start, ext, top = env.term(sub.start, inst), self.df.extent(sub.extent), env.term(n, {})
                dims.append((not self.proved(And(start >= 0, start + ext <= top), facts),
                             not self.proved(And(start + ext > 0, start < top), facts), start, top))
        except Unsupported:
            return None
        if getattr(s, "transpose", False):      # a copy into shared memory has none
            dims = dims[::-1]
        tile = tile_coords(len(dims))
        return [(partial, wholly, z3.Or(start + tile[t] < 0, start + tile[t] >= top))
                for t, (partial, wholly, start, top) in enumerate(dims)]

    def masked_again(self, x: ir.Expr, cond: ir.Expr) -> bool:
        """Whether `mask(x, cond)` replaces every element of x's padding: each element that may
        be padding at this iteration (encode/fill_place.py: a masked load of the same iteration,
        through elementwise math and mma) fails cond there (`mask(x, kt * BK + index(x, axis=1)
        < K, fill=0.0)` of a load filled with 1.0; scores `mma(q, k)` of keys past S masked to
        -inf): the fill then never reaches the result."""
        point = self.point
        if point is None:
            return False
        from .fill_place import place, place_of_expr
        bare = isinstance(x, ir.Sym) and x.kind is ir.SymKind.TENSOR
        where = place(self, x.name, point) if bare else place_of_expr(self, x, point)
        return where is not None and self.fails_at(where, cond, x)

    def masked_part(self, q: Part, cond: ir.Expr, x: ir.Expr) -> bool:
        """Whether `mask(x, cond)` replaces every element of part `q` of x's padding: each
        lies where cond fails (a LayerNorm whose rows and columns both have tails, masked again
        along its columns: the column tail's part is replaced, the row tail's is kept)."""
        return q.at is not None and self.point is not None and self.fails_at(q.at, cond, x)

    def frame(self, x: ir.Expr) -> tuple:
        """(shape, instance, facts, tile coordinates) of tile expression x at this point; the
        facts hold each coordinate within the tile."""
        from .element_conds import shape_of as _shape_of
        shape = _shape_of(self.df, x)
        inst, facts = self.instance(self.point)
        tile = tile_coords(len(shape))
        return shape, inst, facts + [And(c >= 0, c < n) for c, n in zip(tile, shape)], tile

    def fails_at(self, where, cond: ir.Expr, x: ir.Expr) -> bool:
        """Whether `cond` fails at every element of x's tile (at this point) where `where`, a
        condition on the tile coordinates, holds."""
        from .element_conds import index_cond as _index_cond
        from .fill_place import stable_tiles
        _, inst, facts, tile = self.frame(x)
        keep = _index_cond(self.df, cond, tuple(tile), inst, self.point if stable_tiles(self.df, cond) else None)
        if keep is None:
            return False
        return self.proved(z3.Implies(where, z3.Not(keep)), facts)

    def cond_part(self, cond: ir.Expr, x: ir.Expr, fill: float) -> Part:
        """mask(x, cond): the elements failing cond, with the axes along which every such
        element's line fails it too (F) and along which a whole line may fail it (W)."""
        from .element_conds import index_cond as _index_cond
        from .fill_place import stable_tiles
        shape, inst, facts, coords = self.frame(x)
        # a length tile's loaded value where it is the same wherever read (fill_place.stable_tiles)
        keep = _index_cond(self.df, cond, tuple(coords), inst, self.point if stable_tiles(self.df, cond) else None)
        if keep is None:
            return Part(fill, frozenset(), None)
        whole, maybe = set(), set()
        for a, n in enumerate(shape):
            other = z3.Int(f"pad.o{a}")
            moved = z3.substitute(keep, (coords[a], other))
            line = z3.ForAll([other], z3.Implies(And(other >= 0, other < n), z3.Not(moved)))
            if self.proved(z3.Implies(z3.Not(keep), line), facts):
                whole.add(a)
            if not self.proved(z3.Not(And(z3.Not(keep), line)), facts):
                maybe.add(a)
        return Part(fill, frozenset(whole), frozenset(maybe), z3.simplify(z3.Not(keep)), exact=True)

    def dropped(self, q: Part, point) -> bool:
        """Whether a masked store drops every element of part `q`: each lies past the output."""
        if q.at is None:
            return False
        s = point.stmt
        # a thread-dependent condition is left out: fewer facts, so fewer parts are dropped
        inst, facts = self.instance(point, uniform_only=True)
        from .access import in_tensor
        tile = tile_coords(len(self.df.shape(s.src)))
        box = [And(c >= 0, c < n) for c, n in zip(tile, self.df.shape(s.src))]
        try:
            inside = in_tensor(self.df.env, self.df.types[s.dst.tensor], self.df.full_coords(s.dst, inst, tile))
        except Unsupported:
            return False
        return self.proved(z3.Not(And(q.at, *inside)), facts + box)

    def iteration_local(self, name: str) -> bool:
        """Whether every read of register tile `name` sees what its one writer wrote in the
        same iteration of the loops around both: the reads lie in the writer's loops, after it
        in their body. Only then may its padding's place name the loops' variables (`ct@pad`):
        a masked load in an online softmax's column loop, read back by the store of the same
        iteration (new-user round 30); elsewhere the place at the writer's iteration need not
        be the reader's (a later iteration, after the loop)."""
        if name not in self.local:
            writers = self.df.writers.get(name, [])
            self.local[name] = len(writers) == 1 and self.df.kernel.param(name) is None and all(
                len(p.loops) == len(writers[0].loops) and all(a is b for a, b in zip(p.loops, writers[0].loops))
                and prog.before_in_body(writers[0], p, len(p.loops))
                for p in self.df.points if p is not writers[0] and name in _reads(p.stmt))
        return self.local[name]

    def unlooped(self, parts: tuple) -> tuple:
        """The parts with no place that names a loop variable."""
        inst = {v: z3.Int(f"{v}@pad") for v in {s.var for s in ir.walk(self.df.kernel.body) if isinstance(s, ir.For)}}
        return tuple(q if q.at is None or fixed_place(q.at, inst) is not None else
                     Part(q.value, q.whole, q.maybe, None, q.pure, absorbed=q.absorbed) for q in parts)

    def covered(self, q: Part, others: tuple, e: ir.Expr) -> bool:
        """Whether the other operand of elementwise math `e` is padding wherever part q of one
        operand lies (q's place implies an exact place of the other's): q then never meets
        data there (x - bcast(mean) in a LayerNorm's rows past R, where both are padding)."""
        exact = [r.at for r in others if r.exact and r.at is not None]
        if q.at is None or not exact or self.point is None:
            return False
        try:
            _, _, facts, _ = self.frame(e)
        except Unsupported:
            return False
        return self.proved(z3.Implies(q.at, z3.Or(*exact)), facts)

    def proved(self, goal, facts) -> bool:
        """Whether facts imply goal: a line's or a place's fact the walk would use; not shown,
        the walk keeps less (so its search stops after the bounded steps: SolverOptions.last_step)."""
        out = prove(goal, facts, dataclasses.replace(self.opts, last_step=False, models=False))
        return out.verdict is SV.PROVED

    # ---------------------------------------------------------------- reductions
    def reduce(self, op: str, parts: tuple, axis: int, x, check: bool) -> tuple:
        union = self.union_line(parts, axis, x)
        if check and self.point is not None and self.require is not None:
            # a bound on the data waives padding only in lines that hold data, and only where
            # the math cannot wrap (an integer x * x or abs(x): held-out round 31), which the
            # fill rule checks on the math of the tiles it names (encode/finite_values.py)
            self.require(self.point, op, tuple(q for q in parts if axis not in q.whole or q.value == MET), x, axis,
                         not union)
        # data that padding met is counted by the reduction: its result holds it too
        met = (Part(MET, frozenset(), None),) if any(q.value == MET for q in parts) else NONE
        if union:
            met += (_union_end(op, [q.value for q in parts if q.value != MET]),)
        lines = [q for q in parts if q.value != MET and (q.maybe is None or axis in q.maybe)]
        got = [self.line_end(op, q, parts, axis, x) if axis in q.whole else (neutral_for(op), True) for q in lines]
        ends = [v for v, _ in got]
        if not ends:
            return met           # every line holds data, and its padding is neutral
        value = ends[0] if all(identical(v, ends[0]) for v in ends) else UNKNOWN
        # Lines whose ends are numbers (or pure) reduce to padding computed from fills alone:
        # its value may not be known where they differ (a softmax's padded row: nan, 0.0 and
        # inf from parts that overlap), but no data met it (held-out round 27).
        pure = value == UNKNOWN and all(v != UNKNOWN or p for v, p in got)
        # A line all padding has an element of its part; where a part's place does not depend
        # on the reduced coordinate, the result's padding lies where the part's lines do.
        at = [self.line_place(q, lines, axis, x) for q in lines]
        # exact where each line's part is all padding along the axis at an exact place
        exact = not met and (pure or isinstance(value, float)) and all(q.exact and axis in q.whole for q in lines)
        absorbed = any(q.absorbed for q in lines if axis in q.whole)
        return (Part(value, frozenset(), None, None if any(a is None for a in at) else z3.Or(*at), pure, exact,
                     absorbed),) + met

    def line_place(self, q: Part, lines: list, axis: int, x):
        """Where the reduction of part q's lines lies: its place with the axis removed. A place
        that names the reduced coordinate (the corner of a row tail and a column tail) lies
        within another line part's place that does not (the row tail's): that one says it;
        else it holds where some element of the line is in it (an Exists)."""
        coord = tile_coords(MAX_RANK + 1)[axis]
        if q.at is None or not mentions(q.at, coord):
            return shifted(q.at, axis, -1)
        whole = [r.at for r in lines if r is not q and r.at is not None and not mentions(r.at, coord)]
        if whole and self.point is not None:
            try:
                _, _, facts, _ = self.frame(x)
                if self.proved(z3.Implies(q.at, z3.Or(*whole)), facts):
                    return z3.BoolVal(False)        # the others' places hold it
            except Unsupported:
                pass
        return _line_place(q.at, axis)

    def line_end(self, op: str, q: Part, parts: tuple, axis: int, x) -> tuple:
        """(the reduction of a line all padding of part q, whether it is pure when not known):
        q's value over the extent; where another part of another value may lie on the line (a
        later mask's fill on a row tail, the corner of two tails), a value not known
        (held-out round 32: a padded row of 1.0 re-masked to 0.0 at four columns was summed
        as 64.0)."""
        others = [r for r in parts if r is not q and r.value != MET and not same(r.value, q.value)]
        met = [r for r in others if self.meets(q, r, x)]
        if met:
            return UNKNOWN, all(isinstance(r.value, float) or r.pure for r in [q] + met)
        return reduced(op, q.value, self.extent(x, axis)), q.pure

    def meets(self, q: Part, r: Part, x) -> bool:
        """Whether parts q and r may both have an element at some place of x (where they never
        do, their overlap is no part: new-user round 53's stencil `l + r - 2.0 * c`, c never
        padding, was taken for c's padding meeting the data l + r met)."""
        if q.at is None or r.at is None or self.point is None:
            return True
        try:
            _, _, facts, _ = self.frame(x)
        except Unsupported:
            return True
        return not self.proved(z3.Not(And(q.at, r.at)), facts)

    def union_line(self, parts: tuple, axis: int, x) -> bool:
        """Whether some line along `axis` may be all padding though no one part holds it
        whole: a causal mask and a column tail each leave every row some data, and the rows
        past C none together (held-out round 31: such rows' max was taken for data)."""
        nonmet = [q for q in parts if q.value != MET]
        if len(nonmet) < 2:
            return False
        if any(q.at is None for q in nonmet) or self.point is None:
            return True
        try:
            shape, _, facts, tile = self.frame(x)
        except Unsupported:
            return True
        j = z3.Int("pad.line")
        inside = And(j >= 0, j < shape[axis])
        at = [z3.substitute(q.at, (tile[axis], j)) for q in nonmet]
        union = z3.ForAll([j], z3.Implies(inside, z3.Or(*at)))
        alone = [z3.ForAll([j], z3.Implies(inside, a)) for a in at]
        # (the box's bound on the reduced coordinate names a variable the places no longer do)
        return not self.proved(z3.Not(And(union, *[z3.Not(a) for a in alone])), facts)

    def compute_dtype(self, x: ir.Expr) -> ir.DType:
        """The dtype tile expression x computes in (dsl/pad_values.math_type), f32 where it
        reads no tile. Its first tile's dtype rounded a mask's fill of `cast(a, f32)` as a's
        f64 (held-out round 32)."""
        return math_type(x, self.df.types) or ir.DType.F32

    def _dtype(self, name: str):
        t = self.df.types.get(name)
        return None if t is None else t.dtype

    def extent(self, x: ir.Expr, axis: int) -> int:
        from .element_conds import shape_of as _shape_of
        return _shape_of(self.df, x)[axis]


def _reads(stmt) -> set[str]:
    """The tiles a statement reads (assertions: the tiles whose tags they name)."""
    if isinstance(stmt, (ir.Assert, ir.Invariant)):
        return {n.elem.tensor for n in exprs.iter_nodes(stmt.cond) if isinstance(n, ir.TagField)}
    return sources(stmt)


def _line_place(at, axis: int):
    """Where the reduction of a line part's lines along `axis` lies: its place with that axis
    removed; a place that names the reduced coordinate (the corner of a row tail and a column
    tail, whose rows are all padding) holds where some element of the line is in it."""
    if at is not None and mentions(at, tile_coords(MAX_RANK + 1)[axis]):
        at = z3.Exists([tile_coords(MAX_RANK + 1)[axis]], at)
    return shifted(at, axis, -1)


def _union_end(op: str, values: list) -> Part:
    """What a reduction leaves in a line all padding across parts: their one value (a sum
    of zeros or of one infinity is that value), else a value not known; from fills alone
    (pure) where every value is a number."""
    floats = all(isinstance(v, float) for v in values)
    v = values[0]
    if floats and all(same(w, v) for w in values) and not math.isnan(v) and (op != "sum" or v == 0.0 or math.isinf(v)):
        # (a max over NaN alone is unspecified; a sum of zeros starts at 0.0: held-out 73, 74)
        return Part(0.0 if op == "sum" and v == 0.0 else v, frozenset(), None)
    return Part(UNKNOWN, frozenset(), None, None, floats)

"""Checks of tensors and tile statements: parameters, allocations, loads, copies, mma, stores
(a store writes a register tile to a global tensor or to a shared buffer).

Tile extents are compile-time integers; global extents may be symbolic sizes.
"""
from __future__ import annotations

import lark

from . import exprs, ir, limits
from .layouts import check_placement
from .masks import check_mask
from .diagnostics import plural
from .scope import Entry

# Where each tile statement may read and write, and why.
_SPACE_HINTS = {
    "the source of copy_async": "copy_async is cp.async: global to shared; use copy for shared to shared",
    "the destination of copy": "copy writes shared memory; write global memory with store",
    "the destination of store": "store writes a register tile to a global tensor or a shared buffer",
    "the source of load": "load reads global or shared memory into registers",
}


class TileChecker:
    def __init__(self, ck):
        self.ck = ck
        self.param_list: list[ir.TensorType] = []

    def param_named(self, name: str) -> ir.TensorType | None:
        return next((p for p in self.param_list if p.name == name), None)

    # ---------------------------------------------------------------- declarations
    def dtype(self, tok) -> ir.DType:
        try:
            return ir.DType(str(tok))
        except ValueError:
            known = ", ".join(d.value for d in ir.DType)
            self.ck.error("E012", f"unknown dtype '{tok}'", self.ck.span(tok), f"known dtypes: {known}")
            return ir.DType.F32

    def params(self, trees) -> tuple[list[ir.TensorType], list[str]]:
        ck, sizes = self.ck, []
        for p in trees:
            name, dt, *dims = p.children
            dims = [d for d in dims if d is not None]
            shape = []
            for d in dims:
                if isinstance(d, lark.Tree) and d.data == "name":
                    n = str(d.children[0])
                    if ck.scope.get(n) is None:
                        ck.scope.define(n, Entry(ir.SymKind.SIZE), ck.span(d))
                        sizes.append(n)
                    elif ck.scope.get(n).kind is not ir.SymKind.SIZE:
                        ck.error("E011", f"'{n}' is already a tensor name", ck.span(d),
                                 "a size name in a shape must differ from the tensor names")
                    shape.append(ir.Sym(n, ir.SymKind.SIZE, ck.span(d)))
                elif isinstance(d, lark.Tree) and d.data == "int_lit":
                    shape.append(ir.IntLit(limits.literal(ck, str(d.children[0]), ck.span(d)), ck.span(d)))
                else:
                    ck.error("E028", "a tensor extent is a size name or an integer", ck.span(d))
            if not shape:
                ck.error("E028", f"tensor '{name}' needs at least one dimension", ck.span(p))
            t = ir.TensorType(str(name), self.dtype(dt), tuple(shape), ir.Space.GLOBAL, None, ck.span(p))
            if ck.scope.get(str(name)) is not None:
                ck.error("E011", f"'{name}' is already defined", ck.span(name),
                         ck.scope.first_defined(str(name)))
                continue
            ck.scope.define(str(name), Entry(ir.SymKind.TENSOR, tensor=t, is_input=True), ck.span(name))
            self.param_list.append(t)
        return self.param_list, sizes

    def static_shape(self, trees, what: str) -> tuple[tuple[ir.Expr, ...], tuple[int, ...] | None]:
        shape, values = [], []
        for t in trees:
            e = self.ck.expr(t)
            try:
                v = exprs.fold(e, self.ck.consts())
            except exprs.NotConstant as nc:
                self.ck.error("E017", f"{what} extents must be compile-time integers; {nc.why}", e.span,
                              "give the extent a `const` name, e.g. const BN = 128")
                v = None
            if v is not None and v <= 0:
                self.ck.error("E028", f"{what} extent must be positive, got {v}", e.span)
                v = None
            shape.append(e)
            values.append(v)
        return tuple(shape), (tuple(values) if None not in values else None)

    def _new_name(self, tok, span) -> bool:
        ent = self.ck.scope.get(str(tok))
        if ent is None:
            return True
        if ent.is_input:
            self.ck.error("E016", f"'{tok}' is a kernel parameter; it cannot be assigned", self.ck.span(tok),
                          f"parameters are global tensors: read them with load or copy, write with store {tok}[...], tile")
        else:
            self.ck.error("E011", f"'{tok}' is already defined", self.ck.span(tok),
                          self.ck.scope.first_defined(str(tok)) + "; shared buffers are allocated once")
        return False

    def alloc(self, s, sp):
        name, dt, *rest = s.children
        placement = rest[-1]
        shape, vals = self.static_shape(rest[:-1], "shared tile")
        if vals is not None and not limits.tile_elements(self.ck, f"shared tile '{name}'", vals, sp):
            shape, vals = tuple(ir.IntLit(1, e.span) for e in shape), (1,) * len(vals)
        t = ir.TensorType(str(name), self.dtype(dt), shape, ir.Space.SHARED, None, sp)
        t = ir.TensorType(t.name, t.dtype, t.shape, t.space, check_placement(self.ck, placement, vals, "shared"), sp)
        if self._new_name(name, sp):
            self.ck.scope.define(str(name), Entry(ir.SymKind.TENSOR, tensor=t), self.ck.span(name))
        return ir.Alloc(t, sp)

    def _define_tile(self, tok, dtype: ir.DType, shape, sp, placement=None) -> ir.TensorType:
        vals = self.values(shape)
        if vals is not None and not limits.tile_elements(self.ck, f"tile '{tok}'", vals, sp):
            shape = tuple(ir.IntLit(1, e.span) for e in shape)   # checking goes on with a tile that fits
        t = ir.TensorType(str(tok), dtype, tuple(shape), ir.Space.REGISTER, placement, sp)
        ent = self.ck.scope.get(str(tok))
        if ent is None:
            self.ck.scope.define(str(tok), Entry(ir.SymKind.TENSOR, tensor=t), self.ck.span(tok))
        elif ent.is_input:
            self.ck.error("E016", f"'{tok}' is a kernel parameter; it cannot be assigned", self.ck.span(tok),
                          f"parameters are global tensors: read them with load or copy, write with store {tok}[...], tile")
        elif ent.tensor is None or ent.tensor.space is not ir.Space.REGISTER:
            self.ck.error("E021", f"'{tok}' is not a register tile; write shared memory with store "
                          "(from registers) or copy", self.ck.span(tok))
        elif self.values(ent.tensor.shape) != self.values(shape):
            self.ck.error("E015", f"'{tok}' was a tile of shape {self.show(ent.tensor.shape)}; "
                          f"this assigns shape {self.show(shape)}", sp)
        elif ent.tensor.dtype is not dtype:
            self.ck.error("E013", f"'{tok}' was {ent.tensor.dtype.value}; this assigns {dtype.value}", sp)
        else:
            if ent.tensor.layout is not None and placement is None:
                t = ir.TensorType(t.name, t.dtype, t.shape, t.space, ent.tensor.layout, sp)
        return t

    def zeros(self, s, sp):
        name, dt, *rest = s.children
        shape, vals = self.static_shape(rest[:-1], "tile")
        place = check_placement(self.ck, rest[-1], vals, "register")
        return ir.Zeros(self._define_tile(name, self.dtype(dt), shape, sp, place), sp)

    # ---------------------------------------------------------------- tile references
    def values(self, shape) -> tuple | None:
        vals = tuple(exprs.try_fold(e, self.ck.consts()) for e in shape)
        return None if None in vals else vals

    def show(self, shape) -> str:
        v = self.values(shape)
        return "[" + ", ".join(map(str, v)) + "]" if v is not None else "[?]"

    def tile_ref(self, t, want: tuple[ir.Space, ...], role: str,
                 masked: bool = False) -> tuple[ir.TileRef, ir.TensorType | None]:
        """`masked`: a masked access may reach past a constant extent (the tail is skipped)."""
        ck = self.ck
        name = str(t.children[0])
        ent = ck.scope.get(name)
        subs = []
        for s in t.children[1:]:
            ssp = ck.span(s)
            if s.data == "sub_index":
                e = ck.expr(s.children[0])
                ck.int_or_bool(e, "an index", want_bool=False)
                subs.append(ir.Index(e, ssp))
                continue
            start = ck.expr(s.children[0])
            ck.int_or_bool(start, "a slice start", want_bool=False)
            if s.data == "sub_extent":
                ext = ck.expr(s.children[1])
            else:
                ext = ir.Bin(ir.BinOp.SUB, ck.expr(s.children[1]), start, ssp)
            n = exprs.try_fold(ext, ck.consts())
            if n is None:
                ck.error("E017", "a slice extent must be a compile-time integer", ssp,
                         "write `start : +EXTENT` with a constant extent")
            elif n <= 0:
                # held-out round 37: `8 : 4` and `8 : 8` reached the verifier and crashed it
                ck.error("E028", f"a slice extent must be positive, got {n}", ssp,
                         "`start : stop` keeps stop - start elements; `start : +EXTENT` keeps EXTENT")
            subs.append(ir.Slice(start, ext, ssp))
        if ent is not None and ent.tensor is not None and len(subs) < len(ent.tensor.shape):
            # Omitted trailing subscripts take the whole dimension, as in NumPy.
            given = len(subs)
            subs += [ir.Slice(ir.IntLit(0, ck.span(t)), d, ck.span(t)) for d in ent.tensor.shape[given:]]
            for d in ent.tensor.shape[given:]:
                if exprs.try_fold(d, ck.consts()) is None:
                    ck.error("E017", f"'{name}' has a symbolic extent; slice it explicitly", ck.span(t))
                    break
        ref = ir.TileRef(name, tuple(subs), ck.span(t))
        if ent is None:
            ck.error("E010", f"undefined tensor '{name}'", ck.span(t.children[0]), ck.scope.suggest(name))
            return ref, None
        if ent.tensor is None:
            ck.error("E021", f"'{name}' is not a tensor", ck.span(t.children[0]))
            return ref, None
        tt = ent.tensor
        if tt.space not in want:
            spaces = " or ".join(w.value for w in want)
            ck.error("E021", f"{role} must be in {spaces} memory; '{name}' is {tt.space.value}",
                     ck.span(t.children[0]), _SPACE_HINTS.get(role, ""))
        if len(subs) != len(tt.shape):
            ck.error("E014", f"'{name}' has rank {len(tt.shape)} but is indexed with "
                     f"{plural(len(subs), 'subscript')}", ck.span(t),
                     "one subscript per dimension; trailing whole dimensions of constant extent may be left out")
            return ref, None
        if not masked:
            self._check_static_bounds(ref, tt)
        return ref, tt

    def _check_static_bounds(self, ref: ir.TileRef, tt: ir.TensorType) -> None:
        for sub, dim in zip(ref.subs, tt.shape):
            d = exprs.try_fold(dim, self.ck.consts())
            ext = exprs.try_fold(sub.extent, self.ck.consts()) if isinstance(sub, ir.Slice) else 1
            start = exprs.try_fold(sub.start if isinstance(sub, ir.Slice) else sub.at, self.ck.consts())
            if d is not None and ext is not None and ext > d:
                self.ck.error("E015", f"slice of {ext} elements in a dimension of {d}", sub.span)
            elif d is not None and start is not None and ext is not None and not 0 <= start <= d - ext:
                self.ck.error("E015", f"subscript {start} is outside [0, {d - ext}]", sub.span,
                              f"the dimension has {d} elements")

    def load(self, s, sp):
        name, src_t, flip_t, mask_t, placement = s.children
        ref, tt = self.tile_ref(src_t, (ir.Space.GLOBAL, ir.Space.SHARED), "the source of load", mask_t is not None)
        shape = exprs.tile_shape(ref)
        if tt is not None and not shape:
            self.ck.error("E028", "load needs at least one sliced dimension", ref.span, "write X[r : +1, ...]")
        if flip_t is not None and tt is not None and len(shape) != 2:
            self.ck.error("E014", f"a transposed load needs a 2-D tile; this one has {len(shape)} sliced "
                          f"dimension{'' if len(shape) == 1 else 's'}", self.ck.span(flip_t),
                          "slice exactly two dimensions, e.g. A[k0 : +BK, i0 : +BM] transposed")
        shape = shape[::-1] if flip_t is not None else shape
        vals = self.values(shape)
        place = check_placement(self.ck, placement, vals, "register")
        source = self.ck.scope.get(ref.tensor)
        # Even when the subscripts are wrong, the tile has the source's dtype: no knock-on errors.
        dtype = source.tensor.dtype if source is not None and source.tensor is not None else ir.DType.F32
        mask = check_mask(self.ck, mask_t, ref, tt and tt.space, dtype, f"'{ref.tensor}'", True)
        return ir.Load(self._define_tile(name, dtype, shape, sp, place), ref, sp, mask, flip_t is not None)

    def _reg_tile(self, tok) -> ir.TensorType | None:
        ent = self.ck.scope.get(str(tok))
        if ent is None:
            self.ck.error("E010", f"undefined tile '{tok}'", self.ck.span(tok), self.ck.scope.suggest(str(tok)))
            return None
        if ent.tensor is None or ent.tensor.space is not ir.Space.REGISTER:
            self.ck.error("E021", f"'{tok}' must be a register tile (from load, zeros or math)", self.ck.span(tok))
            return None
        return ent.tensor

    def mma(self, s, sp):
        name, a_t, b_t, c_t, placement = s.children
        a, b, c = (self._reg_tile(t) for t in (a_t, b_t, c_t))
        if None in (a, b, c):
            return ir.Mma(self._define_tile(name, c.dtype if c else ir.DType.F32,
                                            c.shape if c else (), sp), str(a_t), str(b_t), str(c_t), sp)
        av, bv, cv = self.values(a.shape), self.values(b.shape), self.values(c.shape)
        if len(a.shape) != 2 or len(b.shape) != 2 or len(c.shape) != 2:
            self.ck.error("E014", "mma takes 2-D tiles a[m, k], b[k, n], c[m, n]", sp)
        elif av and bv and cv and not (av[1] == bv[0] and av[0] == cv[0] and bv[1] == cv[1]):
            self.ck.error("E015", f"mma shapes do not fit: a{list(av)} b{list(bv)} c{list(cv)}", sp,
                          "need a[m, k], b[k, n], c[m, n]")
        if a.dtype is not b.dtype:
            self.ck.error("E013", f"mma operands differ in dtype: {a.dtype.value} and {b.dtype.value}", sp)
        if c.dtype is ir.DType.BOOL or (not c.dtype.is_float and a.dtype.is_float):
            self.ck.error("E013", f"the accumulator of {a.dtype.value} operands must be a float tile, "
                          f"not {c.dtype.value}", sp, "an integer accumulator takes integer operands (i8 or i32)")
        elif a.dtype is ir.DType.BOOL:
            self.ck.error("E013", "mma operands must be numbers, not bool", sp)
        place = check_placement(self.ck, placement, cv, "register")
        return ir.Mma(self._define_tile(name, c.dtype, c.shape, sp, place), str(a_t), str(b_t), str(c_t), sp)

    def assign(self, s, sp):
        from .compute import type_compute
        name, value_t, placement = s.children
        value = self.ck.expr(value_t)
        dtype, shape = type_compute(self, value)
        if shape is None:
            return None
        place = check_placement(self.ck, placement, self.values(shape), "register")
        return ir.Compute(self._define_tile(name, dtype, shape, sp, place), value, sp)

    def copy(self, s, sp, is_async: bool = False):
        dst_t, src_t, mask_t, placement = s.children
        dst, dtt = self.tile_ref(dst_t, (ir.Space.SHARED,), "the destination of copy")
        srcs = (ir.Space.GLOBAL,) if is_async else (ir.Space.GLOBAL, ir.Space.SHARED)
        src, stt = self.tile_ref(src_t, srcs, "the source of " + ("copy_async" if is_async else "copy"),
                                 mask_t is not None)
        self._same_tile(dst, dtt, src, stt, sp)
        vals = self.values(exprs.tile_shape(dst))
        place = check_placement(self.ck, placement, vals, "register")
        mask = check_mask(self.ck, mask_t, src, stt and stt.space, stt and stt.dtype, f"'{src.tensor}'", True)
        return ir.Copy(dst, src, is_async, place, sp, mask)

    def copy_async(self, s, sp):
        return self.copy(s, sp, is_async=True)

    def _same_tile(self, dst, dtt, src, stt, sp) -> None:
        if dtt is None or stt is None:
            return
        dv, sv = self.values(exprs.tile_shape(dst)), self.values(exprs.tile_shape(src))
        if dv is not None and sv is not None and dv != sv:
            self.ck.error("E015", f"destination tile is {list(dv)} but the source tile is {list(sv)}", sp,
                          "slice both sides to the same extents")
        if dtt.dtype is not stt.dtype:
            self.ck.error("E013", f"copy from {stt.dtype.value} to {dtt.dtype.value}", sp,
                          "copies move bytes; convert in registers")

    def store(self, s, sp):
        dst_t, src_tok, mask_t, placement = s.children
        dst, dtt = self.tile_ref(dst_t, (ir.Space.GLOBAL, ir.Space.SHARED), "the destination of store",
                                 mask_t is not None)
        src = self._reg_tile(src_tok)
        if dtt is not None and src is not None:
            dv, sv = self.values(exprs.tile_shape(dst)), self.values(src.shape)
            if dv is not None and sv is not None and dv != sv:
                self.ck.error("E015", f"destination tile is {list(dv)} but '{src_tok}' is {list(sv)}", sp,
                              f"slice the destination to the shape of '{src_tok}'")
            if dtt.dtype is not src.dtype:
                self.ck.error("E013", f"'{src_tok}' is {src.dtype.value} but '{dtt.name}' holds {dtt.dtype.value}",
                              sp, "a store does not convert; the tile and the tensor need the same dtype")
        place = check_placement(self.ck, placement, self.values(src.shape) if src else None, "register")
        mask = check_mask(self.ck, mask_t, dst, dtt and dtt.space, None, f"'{dst.tensor}'", False)
        return ir.Store(dst, str(src_tok), place, sp, mask)

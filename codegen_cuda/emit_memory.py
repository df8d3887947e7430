"""The emitter's memory statements: loads into registers, copies (plain, 128-bit and
cp.async), stores, the fetch of a register tile's element as a use reads it, and the
materialisation of tiles read across threads (docs/LOWERING.md)."""
from __future__ import annotations

from dsl import exprs, ir

from . import distribute as dist
from . import vector
from .emit_common import numba_type, row_major
from .plan import RegTile, statement_dist
from .scalar import LoweringError, py_name


class MemoryEmitter:
    """Mixed into codegen_cuda.emit.Emitter, whose state (plan, lines, addresses) it uses."""

    def fetch(self, use: ir.Stmt, name: str, coords: list[str], owned: bool, want: str) -> str:
        """Element `coords` of register tile `name` as read by statement `use`, as type `want`."""
        tile = self.plan.tiles[name]
        if owned:
            text = f"{py_name(name)}[_v]"
        elif (load := self.plan.forward_of(use, name)) is not None:
            text = self.address(load.src, coords)
        elif tile.materialise:
            text = f"{py_name(name)}__s[{row_major(coords, tile.shape)}]"
        else:
            raise LoweringError(f"internal: no way to read '{name}' across threads", use.span)
        return text if numba_type(tile.dtype) == want else f"{want}({text})"

    def load(self, s: ir.Load) -> None:
        tile = self.plan.tiles[s.target.name]
        self.line(self.describe(s))
        if not tile.needs_array:
            self.line("# every read of this tile is forwarded to the load's source (docs/LOWERING.md)")
            return
        name = py_name(tile.name)

        def body(c):
            c = list(exprs.source_tile(s, c))
            src = self.address(s.src, c)
            self.line(f"{name}[_v] = {self.masked_read(s.src, c, src, s.mask)}")
        self.owned(tile.dist, body)
        self.write_through(tile)

    def copy(self, s: ir.Copy) -> None:
        kind = self.wide_copies.get(id(s))
        if kind is not None:
            self.wide_copy(s, kind)
            return
        self.line(self.describe(s) + ("  (synchronous copy)" if s.is_async else ""))
        d = statement_dist(self.plan, s)
        if s.src.tensor == s.dst.tensor:
            self.copy_within(s, d)
            return

        def body(c):
            src = self.address(s.src, c)
            self.line(f"{self.address(s.dst, c)} = {self.masked_read(s.src, c, src, s.mask)}")
        self.owned(d, body)

    def copy_within(self, s: ir.Copy, d) -> None:
        """A copy inside one shared buffer assigns the source tile as a whole: each thread
        reads all its values before it writes one, so a shifted region that overlaps itself
        reads no element it already overwrote (held-out round 37: a row shifted right in place
        became its first element eight times). Other threads' elements are the RACE rule's."""
        tmp = self.fresh("cp")
        self.line(f"{tmp} = cuda.local.array({d.values}, types.{numba_type(self.plan.shared[s.src.tensor].dtype)})")

        def read(c):
            self.line(f"{tmp}[_v] = {self.address(s.src, c)}")

        def write(c):
            self.line(f"{self.address(s.dst, c)} = {tmp}[_v]")
        self.owned(d, read)
        self.owned(d, write)

    def inside(self, ref: ir.TileRef, coords: list[str]) -> str:
        """The guard of a masked access: the element lies inside the global tensor."""
        it = iter(coords)
        parts = []
        for sub, dim in zip(ref.subs, self.plan.kernel.param(ref.tensor).shape):
            at = self.scalar.emit(sub.at) if isinstance(sub, ir.Index) else f"{self.scalar.emit(sub.start)} + {next(it)}"
            tmp = self.fresh("g")
            self.line(f"{tmp} = {at}")
            parts.append(f"0 <= {tmp} < {self.scalar.emit(dim)}")
        return " and ".join(parts)

    def masked_read(self, ref: ir.TileRef, coords: list[str], src: str, mask: ir.Mask | None) -> str:
        if mask is None:
            return src
        from .mathfn import float_literal
        dtype = self.plan.kernel.param(ref.tensor).dtype
        fill = float_literal(mask.value, numba_type(dtype)) if dtype.is_float else str(mask.value)
        return f"{src} if {self.inside(ref, coords)} else {fill}"

    @property
    def uses_cp_async(self) -> bool:
        return "cp_async16" in self.wide_copies.values()

    def copy_kind(self, s: ir.Copy) -> str | None:
        """'cp_async16' or 'ldg_f32x4' when each thread's runs of the copy are 16-byte,
        aligned and contiguous on both sides (global source, shared destination)."""
        buf = self.plan.shared.get(s.dst.tensor)
        if buf is None or s.src.tensor in self.plan.shared or s.mask is not None:
            return None     # a masked copy is element by element: each element has its own guard
        vec = vector.vector_width(buf.dtype)
        d = statement_dist(self.plan, s)
        if not (vector.runs(d, vec) and vector.global_origin_aligned(self.plan, s.src, vec, self.sizes)
                and vector.shared_origin_aligned(self.plan, buf, s.dst, vec, self.sizes)):
            return None
        if s.is_async:
            return "cp_async16"
        return "ldg_f32x4" if buf.dtype is ir.DType.F32 else None

    def wide_copy(self, s: ir.Copy, kind: str) -> None:
        d = statement_dist(self.plan, s)
        vec = vector.vector_width(self.plan.shared[s.dst.tensor].dtype)
        what = "cp.async, 16 bytes per instruction" if kind == "cp_async16" else "ld.global.v4.f32"
        self.line(self.describe(s) + f"  ({what})")
        self.runtime.add(kind)
        self.vector_args.add(s.src.tensor)

        fixed = d.active_threads == self.k.threads and not d.padded

        def body(c):
            src, sidx = self.address_parts(s.src, c)
            dst, didx = self.shared_index(s.dst, c) if fixed else self.address_parts(s.dst, c)
            at = f"({sidx},)" if len(s.src.subs) == 1 else f"({sidx})"     # a tuple, 1-D too
            if kind == "cp_async16":
                self.line(f"cp_async16({dst}, {didx}, {src}, {at})")
                return
            self.line(f"_d = {didx}")
            self.line(f"_x0, _x1, _x2, _x3 = ldg_f32x4({src}, {at})")
            for i in range(4):
                self.line(f"{dst}[_d + {i}] = _x{i}" if i else f"{dst}[_d] = _x0")
        if not fixed:
            self.owned(d, body, step=vec)
            return
        # every thread runs every value: each value's coordinates, and the thread part of
        # its shared offset, are computed once at kernel entry (emit_address.py)
        for v in range(0, d.values, vec):
            e = self.hoist(_plus(self.thread_part(d), d.tv[1](v)))
            body([self.hoist(code) for code in dist.unravel(e, d.shape)])

    def store(self, s: ir.Store) -> None:
        self.line(self.describe(s))
        d = statement_dist(self.plan, s)
        src = self.plan.tiles[s.src]
        want = numba_type(src.dtype)

        def body(c):
            value = self.fetch(s, s.src, c, dist.same(d, src.dist), want)
            if s.mask is not None:
                self.line(f"if {self.inside(s.dst, c)}:")
                self.depth += 1
            self.line(f"{self.address(s.dst, c)} = {value}")
            if s.mask is not None:
                self.depth -= 1
        self.owned(d, body, unroll=s.src in self.unrolled and dist.same(d, src.dist))

    def write_through(self, tile: RegTile) -> None:
        """Materialise a tile read across threads: a barrier (earlier readers are done),
        every thread writes its elements to the tile's shared copy, a barrier."""
        if not tile.materialise:
            return
        name = py_name(tile.name)
        self.line(f"# materialise {tile.name} for cross-thread reads (docs/LOWERING.md)")
        self.line("cuda.syncthreads()")
        first = dist.first_replica(tile.dist, "_tid")
        if first is not None:
            # one owner of each element writes it (the others hold the same value)
            self.line(f"if {first}:")
            self.depth += 1
        self.owned(tile.dist, lambda c: self.line(f"{name}__s[_e] = {name}[_v]"))
        if first is not None:
            self.depth -= 1
        self.line("cuda.syncthreads()")


def _plus(code: str, n: int) -> str:
    return f"{code} + {n}" if n else code

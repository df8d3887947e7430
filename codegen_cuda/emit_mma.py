"""The emitter's `mma` statements: the scalar loop, register blocking (blocking.py) and tensor
cores (ldmatrix + mma.sync.m16n8k16), chosen per statement when the Emitter is built."""
from __future__ import annotations

from dsl import ir

from . import blocking, vector
from . import distribute as dist
from .emit_common import compute_type, numba_type
from .scalar import py_name


class MmaEmitter:
    """Mixed into codegen_cuda.emit.Emitter, whose state (plan, lines, fetches) it uses."""

    def mma(self, s: ir.Mma) -> None:
        if id(s) in self.wgmmas:
            self.wgmma(s)
            return
        if id(s) in self.tensor_core:
            self.mma_sync(s, self.tensor_core[id(s)])
            return
        if id(s) in self.blocked:
            self.mma_blocked(s, *self.blocked[id(s)])
            return
        tile = self.plan.tiles[s.target.name]
        # an integer accumulator sums in int64 and wraps once at its store, as the interpreter
        # does (the same value as wrapping each step)
        acc_t = compute_type(tile.dtype) if tile.dtype.is_float else "int64"
        self.types |= {acc_t} if acc_t == "int64" else set()
        kk = self.plan.tiles[s.a].shape[1]
        own_c = dist.same(self.plan.tiles[s.c].dist, tile.dist)
        self.line(self.describe(s))

        def body(c):
            self.line(f"_acc = {self.fetch(s, s.c, c, own_c, acc_t)}")
            self.line(f"for _kk in range({kk}):")
            self.depth += 1
            a = self.fetch(s, s.a, [c[0], "_kk"], False, acc_t)
            b = self.fetch(s, s.b, ["_kk", c[1]], False, acc_t)
            self.line(f"_acc += {a} * {b}")
            self.depth -= 1
            wrap = self.store_cast(tile, "_acc") if tile.dtype.is_float else f"{numba_type(tile.dtype)}(_acc)"
            self.line(f"{py_name(tile.name)}[_v] = {wrap}")
        self.owned(tile.dist, body)
        self.write_through(tile)

    def blocking(self, s: ir.Mma) -> tuple | None:
        """Register blocking applies to an f32/f64 accumulator (accumulated in its own type)
        whose thread's values sit at value-only offsets (blocking.value_offsets); an integer
        one takes the scalar loop, which sums in int64."""
        t, c = self.plan.tiles[s.target.name], self.plan.tiles[s.c]
        if not t.dtype.is_float or numba_type(t.dtype) != compute_type(t.dtype) or not dist.same(c.dist, t.dist) \
                or t.materialise:
            return None
        return blocking.value_offsets(t.dist)

    def mma_blocked(self, s: ir.Mma, dr: tuple[int, ...], dc: tuple[int, ...]) -> None:
        """acc = a @ b + c with operands in registers: per k, one A value per distinct row
        offset and one B value per distinct column offset, then every value's fma."""
        tile = self.plan.tiles[s.target.name]
        want = compute_type(tile.dtype)
        acc, cin = py_name(tile.name), py_name(s.c)
        rows, cols = sorted(set(dr)), sorted(set(dc))
        self.line(self.describe(s) + f"  (register-blocked: {len(rows)} A and {len(cols)} B values per k)")
        opened = 0
        if tile.dist.active_threads < self.k.threads:
            self.line(f"if _tid < {tile.dist.active_threads}:")
            self.depth += 1
            opened = 1
        self.line(f"_e = {self.thread_part(tile.dist)}")
        self.line(f"_r0 = _e // {tile.shape[1]}")
        self.line(f"_c0 = _e % {tile.shape[1]}")
        if s.c != s.target.name:
            for v in range(tile.dist.values):
                self.line(f"{acc}[{v}] = {cin}[{v}]")
        self.line(f"for _kk in range({self.plan.tiles[s.a].shape[1]}):")
        self.depth += 1
        for i, r in enumerate(rows):
            self.line(f"_pa{i} = {self.fetch(s, s.a, [f'_r0 + {r}' if r else '_r0', '_kk'], False, want)}")
        for j, c in enumerate(cols):
            self.line(f"_pb{j} = {self.fetch(s, s.b, ['_kk', f'_c0 + {c}' if c else '_c0'], False, want)}")
        for v in range(tile.dist.values):
            self.line(f"{acc}[{v}] += _pa{rows.index(dr[v])} * _pb{cols.index(dc[v])}")
        self.depth -= 1 + opened
        self.write_through(tile)

    def mma_groups(self, s: ir.Mma) -> list[tuple[int, int]] | None:
        """The value groups' tile origins when `s` can run on mma.sync m16n8k16: f16
        operands forwarded from shared tiles whose 8-element rows are 16-byte aligned,
        an f32 accumulator in the C-fragment distribution (vector.mma_fragment_origins)."""
        tiles = self.plan.tiles
        a, b, c, t = tiles[s.a], tiles[s.b], tiles[s.c], tiles[s.target.name]
        if (a.dtype, b.dtype, c.dtype, t.dtype) != (ir.DType.F16, ir.DType.F16, ir.DType.F32, ir.DType.F32):
            return None
        if not dist.same(c.dist, t.dist) or a.shape[1] % 16 or t.materialise:
            return None
        for name in (s.a, s.b):
            load = self.plan.forward_of(s, name)
            if load is None or load.src.tensor not in self.plan.shared:
                return None
            buf = self.plan.shared[load.src.tensor]
            if not vector.shared_origin_aligned(self.plan, buf, load.src, 8, self.sizes):
                return None
        return vector.mma_fragment_origins(t.dist)

    def mma_sync(self, s: ir.Mma, groups: list[tuple[int, int]]) -> None:
        """acc = a @ b + c on tensor cores: per 16-wide k step (unrolled), ldmatrix.x4 the A
        tiles and ldmatrix.x4.trans (two adjacent tiles) or .x2.trans the B tiles this
        warp's value groups use, then one mma.sync per group. Register names and value
        indices are constants (no local memory). The warp's and lane's part of each
        ldmatrix offset is computed once at kernel entry (emit_address.py)."""
        tile = self.plan.tiles[s.target.name]
        a_load, b_load = self.plan.forward_of(s, s.a), self.plan.forward_of(s, s.b)
        cols = tile.shape[1]
        self.line(self.describe(s) + "  (tensor cores: ldmatrix + mma.sync.m16n8k16)")
        self.runtime |= {"ldmatrix_x4", "mma_16816"}
        we = self.hoist(dist.layout_code(tile.dist.tv[0], self.hoist("_tid - _tid % 32")))   # warp's first element
        wr, wc, ln = self.hoist(f"{we} // {cols}"), self.hoist(f"{we} % {cols}"), self.hoist("_tid % 32")
        rows = sorted({r for r, _ in groups})
        cols_ = sorted({c for _, c in groups})
        acc, cin = py_name(tile.name), py_name(s.c)
        for kk in range(0, self.plan.tiles[s.a].shape[1], 16):
            self.line(f"# k step {kk}")
            for i, r in enumerate(rows):
                name, idx = self.shared_index(a_load.src, [_plus(f"{wr} + {ln} % 16", r), _plus(f"({ln} // 16) * 8", kk)])
                self.line(f"_a{i}_0, _a{i}_1, _a{i}_2, _a{i}_3 = ldmatrix_x4({name}, {idx})")
            j = 0
            while j < len(cols_):     # two adjacent 8-column B tiles per ldmatrix.x4.trans
                c = cols_[j]
                if j + 1 < len(cols_) and cols_[j + 1] == c + 8:
                    name, idx = self.shared_index(b_load.src, [_plus(f"{ln} % 16", kk), _plus(f"{wc} + ({ln} // 16) * 8", c)])
                    self.line(f"_b{j}_0, _b{j}_1, _b{j + 1}_0, _b{j + 1}_1 = ldmatrix_x4_trans({name}, {idx})")
                    self.runtime.add("ldmatrix_x4_trans")
                    j += 2
                else:
                    name, idx = self.shared_index(b_load.src, [_plus(f"{ln} % 16", kk), _plus(wc, c)])
                    self.line(f"_b{j}_0, _b{j}_1 = ldmatrix_x2_trans({name}, {idx})")
                    self.runtime.add("ldmatrix_x2_trans")
                    j += 1
            for g, (r, c) in enumerate(groups):
                i, j = rows.index(r), cols_.index(c)
                v = [4 * g + n for n in range(4)]
                self.line(f"{', '.join(f'{acc}[{x}]' for x in v)} = mma_16816("
                          f"_a{i}_0, _a{i}_1, _a{i}_2, _a{i}_3, _b{j}_0, _b{j}_1, "
                          f"{', '.join(f'{cin}[{x}]' for x in v)})")
        self.write_through(tile)


def _plus(code: str, n: int) -> str:
    return f"{code} + {n}" if n else code

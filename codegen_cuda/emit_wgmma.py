"""The emitter's wgmma statements on Hopper's warpgroup MMA (codegen_cuda/ptx_wgmma.py): one
fence, then K/16 wgmma.mma_async instructions on shared-memory descriptors; wgmma_commit
and wgmma_wait become the group instructions. Used when the plan gives the operands' 128B
swizzle atoms 1024-byte aligned offsets; otherwise the wgmma is emitted as an mma."""
from __future__ import annotations

from dsl import ir

from .scalar import py_name
from .distribute import same as same_dist

ATOM_BYTES = 1024      # one 128B swizzle atom: 8 rows of 128 bytes


def desc_bits(lbo: int, sbo: int) -> int:
    """The descriptor's fixed bits (codegen_cuda/ptx_wgmma.py's wgmma_desc_bits)."""
    return ((lbo >> 4) & 0x3FFF) << 16 | ((sbo >> 4) & 0x3FFF) << 32 | 1 << 62


class WgmmaEmitter:
    """Mixed into codegen_cuda.emit.Emitter, whose state (plan, lines) it uses."""

    def wgmma_ok(self, s) -> bool:
        if not (isinstance(s, ir.Mma) and s.shared):
            return False
        tiles = self.plan.tiles
        t, c = tiles[s.target.name], tiles[s.c]
        if t.dtype is not ir.DType.F32 or not same_dist(c.dist, t.dist) or t.materialise:
            return False
        return all(self.plan.shared[r.tensor].offset % ATOM_BYTES == 0 for r in s.shared)

    def wgmma(self, s: ir.Mma) -> None:
        tile = self.plan.tiles[s.target.name]
        rows, n = tile.shape
        k = self.plan.tiles[s.a].shape[1]
        self.wgmma_widths.add(n)
        self.line(self.describe(s) + f"  (warpgroup MMA: {k // 16} x wgmma.mma_async.m64n{n}k16)")
        acc, cin = py_name(tile.name), py_name(s.c)
        regs = n // 2
        if s.c != s.target.name:
            for v in range(regs):
                self.line(f"{acc}[{v}] = {cin}[{v}]")
        a_ref, b_ref = s.shared
        a_name, a_idx = self.address_parts(a_ref, ["(_tid // 128) * 64" if rows > 64 else "0", "0"])
        b_name, b_idx = self.address_parts(b_ref, ["0", "0"])
        self.line(f"_wa = {a_idx}   # A's first element for this warpgroup: a swizzle atom's start")
        self.line(f"_wb = {b_idx}")
        bits = desc_bits(16, ATOM_BYTES)
        row = self.plan.shared[b_ref.tensor].shape[-1]
        vals = ", ".join(f"{acc}[{v}]" for v in range(regs))
        self.line("wgmma_fence()")
        for kk in range(k // 16):
            da = f"wgmma_desc({a_name}, _wa + {16 * kk}, {bits:#x})"            # 32 bytes along K
            db = f"wgmma_desc({b_name}, _wb + {16 * kk * row}, {bits:#x})"      # 16 rows of B
            self.line(f"{vals} = wgmma_m64n{n}k16({a_name}, {da}, {b_name}, {db}, ({vals}))")

    def wgmma_group(self, s) -> None:
        if isinstance(s, ir.WgmmaCommit):
            self.line(self.describe(s))
            self.line("wgmma_commit()")
            return
        from .plan import fold
        n = max(0, fold(s.pending, self.plan.consts))
        self.wgmma_waits.add(n)
        self.line(self.describe(s))
        self.line(f"wgmma_wait_{n}()")

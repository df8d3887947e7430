"""The split of shared offsets into a loop base and a hoisted thread part (emit_address.py):
the swizzle identity it relies on, proved over all 64-bit offsets, and the lowering it
gives the tensor-core GEMM."""
from __future__ import annotations

import z3

from codegen_cuda.emit_address import base_commutes
from codegen_cuda.module import lower
from codegen_support import REPO, checked
from encode.swizzle import Swizzle

SWIZZLES = [Swizzle(b, m, s) for b in range(4) for m in range(5) for s in range(-5, 6) if abs(s) >= b]


def test_swizzle_of_base_plus_offset_is_base_plus_swizzle_of_offset():
    """For every swizzle and 64-bit offset o (two's complement, so negative too), and base
    a multiple of the period: swizzle(base + o) == base + swizzle(o)."""
    for sw in SWIZZLES:
        ctx = z3.Context()
        k, o = z3.BitVecs("k o", 64, ctx=ctx)
        base = k * sw.shape
        s = z3.Solver(ctx=ctx)
        s.add(sw(base + o) != base + sw(o))
        assert s.check() == z3.unsat, sw


def test_the_period_is_needed():
    """A base that is not a multiple of the period has bits in the source field: the
    split is refused there, and would be wrong."""
    for sw in (Swizzle(2, 3, 3), Swizzle(3, 3, 4)):
        assert base_commutes(sw, sw.shape) and base_commutes(sw, 3 * sw.shape) and base_commutes(None, 1)
        assert not base_commutes(sw, sw.shape // 2)
        assert sw(sw.shape // 2 + 0) != sw.shape // 2 + sw(0)


def test_gemm_pipelined_hoists_every_ldmatrix_and_cp_async_offset():
    """No swizzle and no lane arithmetic left in the k loop: each ldmatrix and cp.async
    destination is the slot's base plus a value computed at kernel entry."""
    kernel, text = checked(REPO / "proofs" / "gemm_pipelined.dsl")
    src = lower(kernel, text).source
    loop = _code_of_the_k_loop(src)
    assert "^" not in loop and "_ln" not in loop and "_tid" not in loop
    assert loop.count("ldmatrix_x4(sA, _m1 * 4096 + _h") == 8
    assert loop.count("cp_async16(sA, _m2 * 4096 + _h") == 2


def test_ring_slots_of_the_pipelined_gemm_are_carried_counters():
    """`kt % S` and `(kt + S - 1) % S` become counters (emit_loop.py): set before the loop,
    advanced at its end; no division by S is left in the loop."""
    from codegen_cuda.emit_loop import offset_from
    from dsl import ir
    kernel, text = checked(REPO / "proofs" / "gemm_pipelined.dsl")
    src = lower(kernel, text).source
    loop = _code_of_the_k_loop(src)
    assert "% S" not in loop and "% 3" not in loop
    assert loop.count(" = 0 if _m") == 2
    kt = ir.Sym("kt", ir.SymKind.LOOP)
    s = ir.Sym("S", ir.SymKind.CONST)
    assert offset_from(ir.Bin(ir.BinOp.SUB, ir.Bin(ir.BinOp.ADD, kt, s), ir.IntLit(1)), "kt", {"S": 3}) == 2
    assert offset_from(ir.Bin(ir.BinOp.MUL, kt, ir.IntLit(2)), "kt", {}) is None
    assert offset_from(ir.Bin(ir.BinOp.SUB, ir.IntLit(2), kt), "kt", {}) is None


def _code_of_the_k_loop(src: str) -> str:
    loop = src[src.index("    for kt in range"):src.index("gemm_pipelined.dsl:33")]
    return "\n".join(line for line in loop.splitlines() if not line.strip().startswith("#"))

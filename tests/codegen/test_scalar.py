"""Integer expressions: CUDA's truncating / and %, and when plain Python // and % agree."""
from __future__ import annotations

import pytest

from codegen_cuda.scalar import HELPERS, ScalarEmitter, evaluate
from dsl import ir

X, Y = ir.Sym("x", ir.SymKind.LOOP), ir.Sym("y", ir.SymKind.LOOP)


@pytest.mark.parametrize("a", range(-7, 8))
@pytest.mark.parametrize("b", [-3, -2, -1, 1, 2, 3])
def test_host_helpers_truncate_like_cuda(a, b):
    ns = {}
    exec(HELPERS["_tdiv_host"] + HELPERS["_tmod_host"], ns)   # our own helper text
    q, r = int(a / b), a - int(a / b) * b
    assert ns["_tdiv_host"](a, b) == q == evaluate(ir.Bin(ir.BinOp.DIV, ir.IntLit(a), ir.IntLit(b)), {})
    assert ns["_tmod_host"](a, b) == r == evaluate(ir.Bin(ir.BinOp.MOD, ir.IntLit(a), ir.IntLit(b)), {})


def test_nonnegative_operands_use_python_floor_division():
    em = ScalarEmitter({"S": 3}, {"x": ir.IntLit(0)})
    e = ir.Bin(ir.BinOp.MOD, ir.Bin(ir.BinOp.SUB, ir.Bin(ir.BinOp.ADD, X, ir.Sym("S", ir.SymKind.CONST)),
                                    ir.IntLit(1)), ir.Sym("S", ir.SymKind.CONST))
    assert em.emit(e) == "(((x + S) - 1) % S)" and not em.used


def test_possibly_negative_operands_use_truncating_helpers():
    em = ScalarEmitter({}, {"x": ir.IntLit(-4)})
    assert em.emit(ir.Bin(ir.BinOp.DIV, X, ir.IntLit(2))) == "_tdiv(x, 2)" and em.used == {"_tdiv"}
    em = ScalarEmitter({}, {"y": ir.IntLit(0)})
    assert em.emit(ir.Bin(ir.BinOp.MOD, ir.Bin(ir.BinOp.SUB, Y, ir.IntLit(1)), ir.IntLit(2))).startswith("_tmod(")

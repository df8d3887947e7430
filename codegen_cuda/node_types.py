"""The type of every node of a tile expression, as the interpreter computes it: the lowering
computes each node in the NumPy type interp/compute.ComputeEval gives its value, so that the
two cannot differ by a promotion rule one of them forgot (four held-out rounds, 98 to 104, found
39 proved kernels whose code computed in another type than the interpreter).

The types come from running ComputeEval itself on stand-in values of the right types and
shapes: ones for tiles, an int64 for every size, loop variable, block id and element read (as
the interpreter holds them), int64 arrays shaped like the target for thread ids, and the
constants' own values (a literal's value decides whether a tile's type holds it). NumPy's types
do not depend on the values otherwise (NEP 50), so the stand-ins type every run alike."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dsl import exprs, ir
from interp.compute import NUMPY, ComputeEval, Val
from interp.layout import InterpretError
from interp.numeric import fitting, like
from interp.tags import Tags

from .scalar import LoweringError

# NumPy dtypes as the generated code names them; the lowering computes in no other type.
NAMES = {np.dtype(np.bool_): "boolean", np.dtype(np.int8): "int8", np.dtype(np.int32): "int32",
         np.dtype(np.int64): "int64", np.dtype(np.float32): "float32", np.dtype(np.float64): "float64"}


@dataclass(frozen=True)
class Typing:
    """`of[id(node)]`: the type of a node's value; `operands[id(node)]`: the type a comparison's
    two sides are compared in (NumPy's common type of them)."""
    of: dict
    operands: dict

    def type_of(self, e: ir.Expr) -> str:
        if id(e) not in self.of:
            raise LoweringError("internal: a tile expression the lowering did not type", getattr(e, "span", None))
        return self.of[id(e)]


@dataclass(frozen=True)
class _Reg:
    values: np.ndarray
    tags: Tags
    written: np.ndarray
    taint: bool


class _Probe(ComputeEval):
    """ComputeEval that notes the type of every node it evaluates."""

    def __init__(self, regs, env, seen: dict, operands: dict):
        super().__init__(regs, env)
        self.seen, self.operand_types, self.values = seen, operands, {}

    def ev(self, e: ir.Expr) -> Val:
        v = super().ev(e)
        self.seen[id(e)], self.values[id(e)] = _name(v.values, e), v.values
        if isinstance(e, ir.Bin) and e.op in _COMPARED:
            x, y = self.values[id(e.lhs)], self.values[id(e.rhs)]
            x, y = fitting(like(x, y), y), fitting(like(y, x), x)
            self.operand_types[id(e)] = _name(np.result_type(x, y), e)
        return v

    def _value(self, e: ir.Expr) -> Val:
        if isinstance(e, ir.ElemRef):
            # an integer input's element in tile math: an int64 scalar (interp/block.elements_read)
            return Val(np.int64(1), Tags.unit(()), False, False)
        return super()._value(e)

    def _binary(self, op: ir.BinOp, a: Val, b: Val) -> Val:
        if op in (ir.BinOp.DIV, ir.BinOp.MOD):
            # a stand-in divisor of zero would stop the integer division; its type is all that counts
            v = b.values
            if isinstance(v, (int, float)):
                v = v or type(v)(1)
            else:
                arr = np.asarray(v)
                v = np.where(arr == 0, 1, arr).astype(arr.dtype)
                v = v if isinstance(b.values, np.ndarray) else v[()]
            b = Val(v, b.tags, b.taint, b.uninit)
        return super()._binary(op, a, b)


_COMPARED = (ir.BinOp.EQ, ir.BinOp.NE, ir.BinOp.LT, ir.BinOp.LE, ir.BinOp.GT, ir.BinOp.GE)


def _name(values, e: ir.Expr) -> str:
    dt = values if isinstance(values, np.dtype) else np.asarray(values).dtype
    if dt not in NAMES:
        raise LoweringError(f"the interpreter computes this tile expression in {dt}, a type the CUDA lowering "
                            "does not compute in", getattr(e, "span", None))
    return NAMES[dt]


def node_types(tiles: dict, consts: dict, e: ir.Expr, shape: tuple[int, ...]) -> Typing:
    """The types of e's nodes where e is computed into a tile of `shape` (tiles: the plan's
    register tiles by name, consts: its constants)."""
    regs, env = {}, {}
    for n in exprs.iter_nodes(e):
        match n:
            case ir.Sym(kind=ir.SymKind.TENSOR, name=name) if name in tiles:
                t = tiles[name]
                regs[name] = _Reg(np.ones(t.shape, NUMPY[t.dtype]), Tags.unit(t.shape), np.ones(t.shape, bool),
                                  False)
            case ir.Sym(kind=ir.SymKind.CONST, name=name) if name in consts:
                env[name] = consts[name]
            case ir.Sym(name=name):
                env[name] = 1
            case ir.BuiltinRef(which=w) if w.value.startswith("thread."):
                env[w.value] = np.ones(shape, np.int64)
            case ir.BuiltinRef(which=w):
                env[w.value] = 1
    seen, operands = {}, {}
    try:
        with np.errstate(all="ignore"):
            _Probe(regs, env, seen, operands).ev(e)
    except (InterpretError, TypeError, ValueError, OverflowError) as err:
        raise LoweringError(f"cannot type this tile expression as the interpreter computes it: {err}",
                            getattr(e, "span", None)) from None
    return Typing(seen, operands)

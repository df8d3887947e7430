"""IR expressions back to source text, for messages."""
from __future__ import annotations

from dsl import ir

_PREC = {ir.BinOp.OR: 1, ir.BinOp.AND: 2, ir.BinOp.EQ: 4, ir.BinOp.NE: 4, ir.BinOp.LT: 4, ir.BinOp.LE: 4,
         ir.BinOp.GT: 4, ir.BinOp.GE: 4, ir.BinOp.ADD: 5, ir.BinOp.SUB: 5, ir.BinOp.MUL: 6,
         ir.BinOp.DIV: 6, ir.BinOp.MOD: 6}


def expr_text(e, prec: int = 0) -> str:
    match e:
        case ir.IntLit(value=v):
            return str(v)
        case ir.FloatLit(value=v):
            return repr(v)
        case ir.Sym(name=n):
            return n
        case ir.BuiltinRef(which=w):
            return w.value
        case ir.Neg(operand=x):
            return "-" + expr_text(x, 7)
        case ir.Not(operand=x):
            return _paren("not " + expr_text(x, 3), prec > 3)
        case ir.Bin(op=op, lhs=a, rhs=b):
            p = _PREC[op]
            return _paren(f"{expr_text(a, p)} {op.value} {expr_text(b, p + 1)}", prec > p)
        case ir.Call(func=f, args=args, kwargs=kw):
            parts = [expr_text(a) for a in args] + [f"{k}={expr_text(v)}" for k, v in kw]
            return f"{f}({', '.join(parts)})"
        case ir.ElemRef(tensor=t, indices=ix):
            return f"{t}[{', '.join(expr_text(i) for i in ix)}]"
        case ir.TagField(elem=el, field=f):
            return f"tag({expr_text(el)}).{f}"
        case ir.RangeSet(lo=lo, hi=hi):
            return f"range({expr_text(lo)}, {expr_text(hi)})"
        case ir.TupleExpr(items=items):
            return "(" + ", ".join(expr_text(i) for i in items) + ("," if len(items) == 1 else "") + ")"
        case ir.Hole():
            return "??"
    return "?"


def _paren(s: str, yes: bool) -> str:
    return f"({s})" if yes else s

"""The tracer of a KernelBench `Model.forward`: each statement's expression becomes an `Op`
tree with shapes (torch functions, tensor methods, the modules __init__ built, scalar
arithmetic), by reading the syntax only; anything else is a ProblemError naming it."""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from .kernelbench_ops import (ACTIVATION_ARGS, BIN, FIXED, MODULES_ACTIVATION, MODULES_UNARY, REDUCE, UNARY, Op,
                              broadcast, const, dotted, err_at, finite, fn_name, norm_dim, number)


@dataclass
class Tracer:
    """Follows forward's straight-line statements; `names` maps local names to values."""
    path: Path
    env: dict
    attrs: dict
    names: dict

    def body(self, stmts: list[ast.stmt]) -> Op:
        for s in stmts:
            if isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant):
                continue      # a docstring
            if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name):
                self.names[s.targets[0].id] = self.expr(s.value)
            elif isinstance(s, ast.Return) and s.value is not None:
                out = self.expr(s.value)
                if not isinstance(out, Op):
                    raise err_at(self.path, s, "forward returns no tensor")
                return out
            else:
                raise err_at(self.path, s, f"forward has a statement the reader does not follow: "
                             f"{ast.unparse(s).splitlines()[0]}")
        raise err_at(self.path, stmts[-1] if stmts else None, "forward returns nothing")

    def tensor(self, node: ast.AST) -> Op:
        v = self.expr(node)
        if not isinstance(v, Op):
            raise err_at(self.path, node, f"expected a tensor: {ast.unparse(node)}")
        return v

    def expr(self, node: ast.AST):
        if isinstance(node, ast.Name):
            if node.id in self.names:
                return self.names[node.id]
            return number(self.path, node, self.env)
        if isinstance(node, ast.Constant):
            return number(self.path, node, self.env)
        if isinstance(node, ast.Attribute):
            return self.attribute(node)
        if isinstance(node, ast.BinOp):
            return self.binop(node)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            v = self.expr(node.operand)
            return self.scalar_op(node, "mul", v, -1.0) if isinstance(v, Op) else -v
        if isinstance(node, ast.Subscript):
            return self.subscript(node)
        if isinstance(node, ast.Call):
            return self.call(node)
        raise err_at(self.path, node, f"an expression the reader does not follow: {ast.unparse(node)}")

    def attribute(self, node: ast.Attribute):
        if dotted(node.value) == "self":
            v = self.attrs.get(node.attr)
            if isinstance(v, tuple) and v[:1] == ("param",):
                return Op("weight", attrs=(("module", node.attr), ("which", "param")), shape=tuple(v[1]))
            if v is None or isinstance(v, tuple) and v[:1] == ("module",):
                raise err_at(self.path, node, f"self.{node.attr}: not a number set in __init__ as the reader "
                             "does not follow it (it takes `self.x = number`, once, or from numbers set before)")
            return v
        if node.attr in ("T", "mT"):
            return self.transpose(node, self.tensor(node.value))
        raise err_at(self.path, node, f"an attribute the reader does not follow: {ast.unparse(node)}")

    def binop(self, node: ast.BinOp):
        a, b = self.expr(node.left), self.expr(node.right)
        if isinstance(node.op, ast.MatMult):
            return self.matmul(node, a, b)
        if not isinstance(a, Op) and not isinstance(b, Op) and type(node.op) in BIN:
            folded = ast.fix_missing_locations(ast.copy_location(
                ast.BinOp(ast.Constant(a), node.op, ast.Constant(b)), node))
            return number(self.path, folded, {}) \
                if isinstance(a, (int, float)) and isinstance(b, (int, float)) else BIN[type(node.op)](a, b)
        if isinstance(node.op, ast.Pow):
            if isinstance(a, Op) and b == 2:
                return Op("unary", (a,), (("fn", "square"),), a.shape)
            if isinstance(a, Op) and b == 0.5:
                return Op("unary", (a,), (("fn", "sqrt"),), a.shape)
            raise err_at(self.path, node, f"a power the reader does not follow: {ast.unparse(node)}")
        kinds = {ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "div"}
        kind = kinds.get(type(node.op))
        if kind is None:
            raise err_at(self.path, node, f"an operator the reader does not follow: {ast.unparse(node)}")
        return self.scalar_op(node, kind, a, b)

    def scalar_op(self, node: ast.AST, kind: str, a, b) -> Op:
        for v in (a, b):
            if not isinstance(v, Op) and not finite(v):
                raise err_at(self.path, node, f"a constant that is no finite float ({v!r}): the reader does not "
                             "follow it")
        if kind == "div" and not isinstance(b, Op) and float(b) == 0.0:
            raise err_at(self.path, node, "a division by the constant 0: the reader does not follow it")
        a = a if isinstance(a, Op) else const(a)
        b = b if isinstance(b, Op) else const(b)
        return Op("binary", (a, b), (("op", kind),), broadcast(self.path, node, a.shape, b.shape))

    def subscript(self, node: ast.Subscript):
        inner = node.value
        if isinstance(inner, ast.Call) and self._callee(inner) in ("max", "min") and \
                isinstance(node.slice, ast.Constant) and node.slice.value == 0:
            return self.reduce(inner, self._callee(inner), self._args(inner), allow_pair=True)
        raise err_at(self.path, node, f"indexing the reader does not follow: {ast.unparse(node)}")

    def _callee(self, node: ast.Call) -> str:
        name = dotted(node.func)
        short = fn_name(name)
        if short:
            return short
        return node.func.attr if isinstance(node.func, ast.Attribute) else name

    def _args(self, node: ast.Call) -> list:
        """Positional arguments, the receiver first for a tensor method, or the `input=`
        keyword's value first (`torch.sum(input=x, dim=1)`, round 127: an internal error)."""
        name = dotted(node.func)
        method = not (fn_name(name) or name.startswith("self.")) and isinstance(node.func, ast.Attribute)
        given = [k.value for k in node.keywords if k.arg == "input"]
        return ([node.func.value] if method else given[:1]) + list(node.args)

    def call(self, node: ast.Call):
        name = dotted(node.func)
        if name.startswith("self.") and name.count(".") == 1:
            return self.module_call(node, name[5:])
        if not fn_name(name) and not isinstance(node.func, ast.Attribute):
            raise err_at(self.path, node, f"a call the reader does not follow: {name}")
        fn, args = self._callee(node), self._args(node)
        if not args:
            raise err_at(self.path, node, f"{fn} without its input tensor: the reader does not follow it")
        if fn in ("matmul", "mm"):
            return self.matmul(node, self.tensor(args[0]), self.tensor(args[1]))
        if fn in ("t", "transpose"):
            dims = [self.expr(a) for a in args[1:]]
            if fn == "transpose" and sorted(d % 2 for d in dims) != [0, 1]:
                raise err_at(self.path, node, "only a 2-D transpose is followed")
            return self.transpose(node, self.tensor(args[0]))
        if fn in UNARY or fn == "square":
            x = self.tensor(args[0])
            kw = {k.arg: k.value for k in node.keywords}
            approx = kw.get("approximate")
            if approx is not None and not (isinstance(approx, ast.Constant) and approx.value in ("none", "tanh")):
                raise err_at(self.path, node, "gelu's approximate= other than a literal 'none' or 'tanh': the "
                             "reader does not follow it")
            f = "gelu_tanh" if fn == "gelu" and isinstance(approx, ast.Constant) and approx.value == "tanh" else fn
            return Op("unary", (x,), (("fn", UNARY.get(f, f)),), x.shape)
        if fn in ACTIVATION_ARGS:
            x = self.tensor(args[0])
            self._no_extra(node, fn, args[1:])
            given = dict(zip(ACTIVATION_ARGS[fn][0], (self.expr(a) for a in args[1:])))
            given.update({k.arg: self.expr(k.value) for k in node.keywords if k.arg not in ("inplace", "input")})
            return self.activation(node, fn, x, given)
        if fn in ("softmax", "log_softmax"):
            x = self.tensor(args[0])
            dim = self._dim(node, args, x)
            return Op(fn, (x,), (("dim", dim),), x.shape)
        if fn in REDUCE:
            return self.reduce(node, fn, args, allow_pair=fn in ("amax", "amin", "sum", "mean"))
        if fn in ("norm", "vector_norm"):
            return self.norm(node, fn, args)
        if fn == "scaled_dot_product_attention":
            q, k, v = (self.tensor(a) for a in args[:3])
            return Op("attention", (q, k, v), (), q.shape[:-1] + v.shape[-1:])
        raise err_at(self.path, node, f"a call the reader does not follow: {ast.unparse(node.func)}")

    def _no_extra(self, node: ast.AST, fn: str, extra: list) -> None:
        """More positional arguments than the activation's numbers (the last may be `inplace`)."""
        names = ACTIVATION_ARGS[fn][0]
        if len(extra) > len(names) + 1:
            raise err_at(self.path, node, f"{fn} with {len(extra)} arguments besides its input: the reader does "
                         "not follow it")

    def activation(self, node: ast.AST, fn: str, x: Op, given: dict) -> Op:
        """An activation with its keyword constants (defaults filled in), as a unary op."""
        names, defaults = ACTIVATION_ARGS[fn]
        unknown = sorted(set(given) - set(names))
        if unknown:
            raise err_at(self.path, node, f"{fn}'s argument {unknown[0]}, which the reader does not follow")
        vals = {**defaults, **given}
        if any(not isinstance(v, (int, float)) or isinstance(v, bool) or not finite(v) for v in vals.values()):
            raise err_at(self.path, node, f"{fn} with an argument that is no number: the reader does not follow it")
        if any(float(vals[k]) != defaults[k] for k in FIXED.get(fn, ())):
            raise err_at(self.path, node, f"{fn} with {', '.join(FIXED[fn])} other than the defaults, which the "
                         "reader does not follow")
        params = tuple(float(vals[k]) for k in names if k not in FIXED.get(fn, ()))
        if fn == "hardtanh" and params[0] > params[1]:
            raise err_at(self.path, node, f"hardtanh's min_val {params[0]} is above its max_val {params[1]} "
                         "(PyTorch refuses it)")
        return Op("unary", (x,), (("fn", fn), ("params", params)), x.shape)

    def _dim(self, node: ast.Call, args: list, x: Op):
        kw = {k.arg: k.value for k in node.keywords}
        d = kw.get("dim", args[1] if len(args) > 1 else None)
        if d is None:
            raise err_at(self.path, node, "a reduction or softmax needs dim=")
        return norm_dim(self.path, node, self.expr(d), len(x.shape))

    def norm(self, node: ast.Call, fn: str, args: list) -> Op:
        """`torch.norm(x, p=2, dim=d, keepdim=...)`, `x.norm(...)`, `torch.linalg.norm(x, ord=2,
        dim=d)` or `torch.linalg.vector_norm(...)` (positionally: x, order, dim, keepdim): the
        Euclidean norm along one dimension, a reduction "norm2". The order's keyword is the
        function's own (`p` for torch.norm, `ord` for torch.linalg: round 127 read
        `torch.linalg.norm(x, ord=1, dim=1)` as the 2-norm); other keywords are refused."""
        linalg = "linalg." in dotted(node.func)
        word = "ord" if linalg else "p"
        kw = {k.arg: k.value for k in node.keywords if k.arg != "input"}
        extra = sorted(set(kw) - {word, "dim", "keepdim"})
        if extra:
            raise err_at(self.path, node, f"{fn}'s argument {extra[0]}, which the reader does not follow")
        order = kw.get(word, args[1] if len(args) > 1 else None)
        value = 2 if order is None else order.value if isinstance(order, ast.Constant) else None
        if value not in ((2, 2.0) if linalg else (2, 2.0, "fro")) or isinstance(value, bool) or \
                ("dim" not in kw and len(args) < 3):
            raise err_at(self.path, node, "a norm other than the 2-norm along one dimension: the reader does "
                         "not follow it")
        x = self.tensor(args[0])
        dim = norm_dim(self.path, node, self.expr(kw.get("dim", args[2] if len(args) > 2 else None)),
                       len(x.shape))
        keep = self._keepdim(kw, args, 3)
        shape = x.shape[:dim] + ((1,) if keep else ()) + x.shape[dim + 1:]
        return Op("reduce", (x,), (("fn", "norm2"), ("dim", dim), ("keepdim", keep)), shape)

    def _keepdim(self, kw: dict, args: list, at: int) -> bool:
        """keepdim as a keyword or the positional argument at index `at`."""
        node = kw.get("keepdim", args[at] if len(args) > at else None)
        return False if node is None else bool(self.expr(node))

    def reduce(self, node: ast.Call, fn: str, args: list, allow_pair: bool) -> Op:
        if not allow_pair:
            raise err_at(self.path, node, f"torch.{fn} with dim returns (values, indices), a pair the reader "
                         f"does not follow: take [0]")
        x = self.tensor(args[0])
        dim = self._dim(node, args, x)
        keep = self._keepdim({k.arg: k.value for k in node.keywords}, args, 2)
        shape = x.shape[:dim] + ((1,) if keep else ()) + x.shape[dim + 1:]
        return Op("reduce", (x,), (("fn", REDUCE[fn]), ("dim", dim), ("keepdim", keep)), shape)

    def matmul(self, node: ast.AST, a, b) -> Op:
        if not (isinstance(a, Op) and isinstance(b, Op)):
            raise err_at(self.path, node, "matmul of non-tensors")
        if len(a.shape) != 2 or len(b.shape) != 2 or a.shape[1] != b.shape[0]:
            raise err_at(self.path, node, f"only 2-D matmul is followed; shapes {a.shape} @ {b.shape}")
        return Op("matmul", (a, b), (), (a.shape[0], b.shape[1]))

    def transpose(self, node: ast.AST, x: Op) -> Op:
        if len(x.shape) != 2:
            raise err_at(self.path, node, f"only a 2-D transpose is followed; shape {x.shape}")
        return Op("transpose", (x,), (), (x.shape[1], x.shape[0]))

    def module_call(self, node: ast.Call, attr: str) -> Op:
        mod = self.attrs.get(attr)
        if not (isinstance(mod, tuple) and mod[:1] == ("module",)):
            raise err_at(self.path, node, f"self.{attr} is not a module built in __init__")
        _, cls, margs, mkw = mod
        x = self.tensor(node.args[0]) if node.args else None
        if x is None:
            raise err_at(self.path, node, f"self.{attr}() without a tensor")
        if cls in MODULES_UNARY:
            f = "gelu_tanh" if cls == "GELU" and mkw.get("approximate") == "tanh" else MODULES_UNARY[cls]
            return Op("unary", (x,), (("fn", f),), x.shape)
        if cls in MODULES_ACTIVATION:
            fn = MODULES_ACTIVATION[cls]
            self._no_extra(node, fn, list(margs))
            given = dict(zip(ACTIVATION_ARGS[fn][0], margs))
            given.update({k: v for k, v in mkw.items() if k != "inplace"})
            return self.activation(node, fn, x, given)
        if cls in ("Softmax", "LogSoftmax"):
            dim = norm_dim(self.path, node, mkw.get("dim", margs[0] if margs else None), len(x.shape))
            return Op("softmax" if cls == "Softmax" else "log_softmax", (x,), (("dim", dim),), x.shape)
        if cls == "Linear":
            return self.linear(node, attr, x, margs, mkw)
        if cls == "LayerNorm":
            shape = mkw.get("normalized_shape", margs[0] if margs else None)
            shape = shape if isinstance(shape, tuple) else (shape,)
            if tuple(x.shape[-len(shape):]) != shape:
                raise err_at(self.path, node, f"LayerNorm over {shape} of a tensor of shape {x.shape}")
            eps = float(mkw.get("eps", margs[1] if len(margs) > 1 else 1e-5))
            return Op("layernorm", (x,), (("eps", eps), ("nd", len(shape))), x.shape)
        raise err_at(self.path, node, f"a module the reader does not follow: nn.{cls}")

    def linear(self, node: ast.Call, attr: str, x: Op, margs: tuple, mkw: dict) -> Op:
        fin = mkw.get("in_features", margs[0] if margs else None)
        fout = mkw.get("out_features", margs[1] if len(margs) > 1 else None)
        if len(x.shape) != 2 or x.shape[1] != fin:
            raise err_at(self.path, node, f"nn.Linear({fin}, {fout}) of a tensor of shape {x.shape}")
        w = Op("weight", attrs=(("module", attr), ("which", "weight")), shape=(fout, fin))
        out = Op("matmul", (x, Op("transpose", (w,), (), (fin, fout))), (), (x.shape[0], fout))
        if mkw.get("bias", margs[2] if len(margs) > 2 else True):
            b = Op("weight", attrs=(("module", attr), ("which", "bias")), shape=(fout,))
            out = Op("binary", (out, b), (("op", "add"),), out.shape)
        return out

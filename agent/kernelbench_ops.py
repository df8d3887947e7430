"""What the KernelBench tracer (agent/kernelbench_trace.py) builds and reads with: the `Op`
tree, the errors naming a file position, the torch names it follows, and module-level
constant arithmetic."""
from __future__ import annotations

import ast
import math
import operator
from dataclasses import dataclass
from pathlib import Path


class ProblemError(Exception):
    """The file cannot be read as a KernelBench problem; the message starts file:line:col."""


class Unrecognised(ProblemError):
    """A well-formed problem that no template covers; `argus optimize --llm` may still try it."""


@dataclass(frozen=True)
class Op:
    """A traced tensor operation. kind: input, weight, const, matmul, transpose, unary,
    binary, reduce, softmax, log_softmax, layernorm; `shape` () for a scalar const."""
    kind: str
    args: tuple["Op", ...] = ()
    attrs: tuple[tuple[str, object], ...] = ()
    shape: tuple[int, ...] = ()

    def attr(self, key: str, default=None):
        return dict(self.attrs).get(key, default)


BIN = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.FloorDiv: operator.floordiv, ast.Pow: operator.pow, ast.Mod: operator.mod}
UNARY = {"relu": "relu", "gelu": "gelu", "sigmoid": "sigmoid", "tanh": "tanh", "exp": "exp",
         "sqrt": "sqrt", "rsqrt": "rsqrt", "abs": "abs", "log": "log"}
MODULES_UNARY = {"ReLU": "relu", "GELU": "gelu", "Sigmoid": "sigmoid", "Tanh": "tanh"}
# activations with keyword constants: (positional order, defaults); a value other than a
# default where only the default is templated (softplus' beta, threshold) is not followed
ACTIVATION_ARGS = {"silu": ((), {}), "selu": ((), {}), "hardsigmoid": ((), {}), "softsign": ((), {}),
                   "softplus": (("beta", "threshold"), {"beta": 1.0, "threshold": 20.0}),
                   "hardtanh": (("min_val", "max_val"), {"min_val": -1.0, "max_val": 1.0}),
                   "elu": (("alpha",), {"alpha": 1.0}),
                   "leaky_relu": (("negative_slope",), {"negative_slope": 0.01})}
MODULES_ACTIVATION = {"SiLU": "silu", "SELU": "selu", "Hardsigmoid": "hardsigmoid", "Softsign": "softsign",
                      "Softplus": "softplus", "Hardtanh": "hardtanh", "ELU": "elu", "LeakyReLU": "leaky_relu"}
FIXED = {"softplus": ("beta", "threshold")}       # only these values are templated
REDUCE = {"sum": "sum", "mean": "mean", "max": "max", "amax": "max", "min": "min", "amin": "min"}


def err_at(path: Path, node: ast.AST | None, msg: str) -> ProblemError:
    """Constructs the reader does not follow are Unrecognised; other faults are the file's."""
    line, col = (getattr(node, "lineno", 1), getattr(node, "col_offset", 0) + 1) if node else (1, 1)
    cls = Unrecognised if "does not follow" in msg or "is followed" in msg else ProblemError
    return cls(f"{path}:{line}:{col}: {msg}")


def dotted(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr}" if base else ""
    return ""


def number(path: Path, node: ast.AST, env: dict):
    """A module-level constant expression: numbers, known names, + - * / // ** %, tuples."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float, bool)):
        return node.value
    if isinstance(node, ast.Name) and node.id in env:
        return env[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -number(path, node.operand, env)
    if isinstance(node, ast.BinOp) and type(node.op) in BIN:
        a, b = number(path, node.left, env), number(path, node.right, env)
        if isinstance(node.op, ast.Pow) and isinstance(b, (int, float)) and abs(b) > 64:
            raise err_at(path, node, f"an exponent this reader does not evaluate: {ast.unparse(node)}")
        try:
            return BIN[type(node.op)](a, b)
        except (ArithmeticError, TypeError) as err:
            raise err_at(path, node, f"{ast.unparse(node)}: {err}") from None
    if isinstance(node, (ast.Tuple, ast.List)):
        return tuple(number(path, e, env) for e in node.elts)
    raise err_at(path, node, f"not a constant this reader can evaluate: {ast.unparse(node)}")


def finite(v) -> bool:
    try:
        return math.isfinite(float(v))
    except (OverflowError, TypeError, ValueError):
        return False


def const(value: float) -> Op:
    return Op("const", attrs=(("value", float(value)),))


def broadcast(path: Path, node: ast.AST, a: tuple, b: tuple) -> tuple:
    """NumPy broadcasting of two shapes (a scalar is ())."""
    n = max(len(a), len(b))
    a, b = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    out = []
    for x, y in zip(a, b):
        if x != y and 1 not in (x, y):
            raise err_at(path, node, f"shapes {a} and {b} do not broadcast")
        out.append(max(x, y))
    return tuple(out)


def norm_dim(path: Path, node: ast.AST, dim, ndim: int) -> int:
    if not isinstance(dim, int) or not -ndim <= dim < ndim:
        raise err_at(path, node, f"dim {dim} of a {ndim}-D tensor")
    return dim % ndim


PREFIXES = ("torch.nn.functional.", "nn.functional.", "F.", "torch.linalg.", "torch.")


def fn_name(name: str) -> str:
    for p in PREFIXES:
        if name.startswith(p):
            return name[len(p):]
    return ""

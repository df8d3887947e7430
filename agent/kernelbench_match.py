"""Which operator family a traced KernelBench forward is: matmul (plain or transposed
operands, any shapes) with an elementwise epilogue, GEMV, elementwise activations, row
softmax / log-softmax, LayerNorm, RMSNorm, L1 / L2 row normalisation, last-dim reductions
(sum, mean, max, min, 2-norm); else `Unrecognised`."""
from __future__ import annotations

import math
from dataclasses import dataclass

from .kernelbench import Problem
from .kernelbench_ops import Op, Unrecognised

ACTIVATIONS = ("relu", "gelu", "gelu_tanh", "sigmoid", "tanh", "silu", "selu", "hardsigmoid", "softsign",
               "softplus", "hardtanh", "elu", "leaky_relu")
ELEMENTWISE = ACTIVATIONS + ("exp", "abs", "sqrt", "rsqrt", "log", "square")
SCALAR_OPS = ("add", "sub", "mul", "div")


@dataclass(frozen=True)
class Param:
    """A kernel parameter: its DSL name and shape (sizes by role), and where its data comes
    from in the PyTorch model: ("input", index), ("weight", module, which) or ("output",)."""
    name: str
    roles: tuple[str, ...]
    source: tuple


@dataclass(frozen=True)
class Family:
    kind: str
    dims: tuple[tuple[str, int], ...]
    params: tuple[Param, ...]            # inputs, then the output last
    spec: tuple[tuple[str, object], ...] = ()

    def get(self, key: str, default=None):
        return dict(self.spec).get(key, default)


def _source(op: Op, problem: Problem) -> tuple | None:
    if op.kind == "input":
        return ("input", [i.attr("name") for i in problem.inputs].index(op.attr("name")))
    if op.kind == "weight":
        return ("weight", op.attr("module"), op.attr("which"))
    return None


def _epilogue(op: Op, n_cols: int | None):
    """Peel elementwise steps off the top of the tree: (core, steps innermost first). A step
    is (activation,), (scalar op, c), ("rsub"/"rdiv", c) or ("bias", vector op)."""
    steps = []
    while True:
        if op.kind == "unary" and op.attr("fn") in ACTIVATIONS:
            steps.append((op.attr("fn"),) + tuple(op.attr("params") or ()))
            op = op.args[0]
            continue
        if op.kind == "binary" and op.attr("op") in SCALAR_OPS:
            a, b = op.args
            if b.kind == "const":
                steps.append((op.attr("op"), b.attr("value")))
                op = a
                continue
            if a.kind == "const" and op.attr("op") in ("add", "mul"):
                steps.append((op.attr("op"), a.attr("value")))
                op = b
                continue
            if a.kind == "const" and op.attr("op") == "sub":
                steps.append(("rsub", a.attr("value")))
                op = b
                continue
            if op.attr("op") == "add" and n_cols is not None and b.shape in ((n_cols,), (1, n_cols)) \
                    and b.kind in ("input", "weight"):
                steps.append(("bias", b))
                op = a
                continue
        break
    return op, tuple(reversed(steps))


def match(problem: Problem) -> Family:
    root = problem.result
    cols = root.shape[-1] if len(root.shape) == 2 else None
    core, steps = _epilogue(root, cols)
    if core.kind == "matmul":
        return _matmul(problem, core, steps)
    if steps and core.kind in ("input",) and not any(s[0] == "bias" for s in steps):
        n = math.prod(core.shape)
        return Family("elementwise", (("N", n),), (Param("X", ("N",), _source(core, problem)),
                                                   Param("Y", ("N",), ("output",))),
                      (("epilogue", steps),))
    tree, leaves = _tree(root), _leaves(root)
    if tree is not None and root.shape and len(leaves) == 1:
        x = next(iter(leaves))
        return Family("elementwise", (("N", math.prod(x.shape)),), (Param("X", ("N",), _source(x, problem)),
                                                                      Param("Y", ("N",), ("output",))),
                      (("expr", tree),))
    if steps:
        raise Unrecognised(f"{problem.path}:1:1: an elementwise epilogue over {core.kind} is no family "
                           f"the templates cover")
    return _rowwise(problem, root)


def _tree(op: Op):
    """An elementwise expression of one input's elements (the input more than once: `x *
    torch.sigmoid(x)`, `x / (1 + torch.abs(x))`) as nested tuples, ("x",), ("c", v),
    ("step", step, a), ("bin", op, a, b); None for anything else."""
    if op.kind == "input":
        return ("x",)
    if op.kind == "const" and op.shape == ():
        return ("c", float(op.attr("value")))
    if op.kind == "unary" and op.attr("fn") in ELEMENTWISE:
        a = _tree(op.args[0])
        return None if a is None else ("step", (op.attr("fn"),) + tuple(op.attr("params") or ()), a)
    shapes = [a.shape for a in op.args]
    if op.kind == "binary" and op.attr("op") in SCALAR_OPS and (shapes[0] == shapes[1] or () in shapes):
        a, b = _tree(op.args[0]), _tree(op.args[1])
        return None if a is None or b is None else ("bin", op.attr("op"), a, b)
    return None


def _leaves(op: Op) -> set:
    return {op} if op.kind == "input" else set().union(*(_leaves(a) for a in op.args)) if op.args else set()


def _operand(problem: Problem, op: Op) -> tuple[Op, bool]:
    if op.kind == "transpose" and op.args[0].kind in ("input", "weight"):
        return op.args[0], True
    if op.kind in ("input", "weight"):
        return op, False
    raise Unrecognised(f"{problem.path}:1:1: a matmul operand that is computed ({op.kind}): the templates "
                       f"take inputs and weights, plain or transposed")


def _matmul(problem: Problem, mm: Op, steps) -> Family:
    (a, ta), (b, tb) = _operand(problem, mm.args[0]), _operand(problem, mm.args[1])
    m, k = mm.args[0].shape
    n = mm.args[1].shape[1]
    params = [Param("A", ("K", "M") if ta else ("M", "K"), _source(a, problem)),
              Param("B", ("N", "K") if tb else ("K", "N"), _source(b, problem))]
    if sum(1 for s in steps if s[0] == "bias") > 1:
        raise Unrecognised(f"{problem.path}:1:1: a GEMM with two bias vectors added (nn.Linear's bias and "
                           f"another): the templates take one")
    epi = []
    for s in steps:
        if s[0] == "bias":
            params.append(Param("Bias", ("N",), _source(s[1], problem)))
            epi.append(("bias",))
        else:
            epi.append(s)
    params.append(Param("C", ("M", "N"), ("output",)))
    kind = "gemv" if n == 1 else "matmul"
    return Family(kind, (("K", k), ("M", m), ("N", n)), tuple(params),
                  (("trans_a", ta), ("trans_b", tb), ("epilogue", tuple(epi))))


def _last(problem: Problem, op: Op, dim: int, what: str) -> None:
    if dim != len(op.shape) - 1:
        raise Unrecognised(f"{problem.path}:1:1: {what} over dim {dim} of a {len(op.shape)}-D tensor: the "
                           f"templates cover the last dimension")


def _rows(problem: Problem, x: Op, root: Op, kind: str, nd: int = 1, spec=()) -> Family:
    if x.kind != "input":
        raise Unrecognised(f"{problem.path}:1:1: {kind} of a computed tensor ({x.kind})")
    r, c = math.prod(x.shape[:-nd]), math.prod(x.shape[-nd:])
    out = Param("Y", ("R",) if kind == "reduce" else ("R", "C"), ("output",))
    return Family(kind, (("C", c), ("R", r)), (Param("X", ("R", "C"), _source(x, problem)), out),
                  tuple(spec))


def _rmsnorm_eps(x: Op, den: Op) -> float | None:
    """den = sqrt(mean(x ** 2, last dim, keepdim) + eps), or the same under rsqrt; eps."""
    if den.kind != "unary" or den.attr("fn") not in ("sqrt", "rsqrt"):
        return None
    inner = den.args[0]
    if not (inner.kind == "binary" and inner.attr("op") == "add" and inner.args[1].kind == "const"):
        return None
    red = inner.args[0]
    ok = red.kind == "reduce" and red.attr("fn") == "mean" and red.attr("keepdim") and \
        red.attr("dim") == len(x.shape) - 1 and red.args[0] == Op("unary", (x,), (("fn", "square"),), x.shape)
    return inner.args[1].attr("value") if ok else None


def _rownorm(x: Op, den: Op) -> int:
    """p where den is x's p-norm along the last dim, kept: `torch.norm(x, p=2, dim=-1,
    keepdim=True)`, `sqrt(sum(x ** 2, ...))` (p = 2), `sum(abs(x), ...)` (p = 1); else 0."""
    def kept_sum_of(op: Op, fn: str, inner) -> bool:
        return op.kind == "reduce" and op.attr("fn") == fn and op.attr("keepdim") and \
            op.attr("dim") == len(x.shape) - 1 and op.args[0] == inner
    if kept_sum_of(den, "norm2", x):
        return 2
    if kept_sum_of(den, "sum", Op("unary", (x,), (("fn", "abs"),), x.shape)):
        return 1
    if den.kind == "unary" and den.attr("fn") == "sqrt" and \
            kept_sum_of(den.args[0], "sum", Op("unary", (x,), (("fn", "square"),), x.shape)):
        return 2
    return 0


def _rowwise(problem: Problem, root: Op) -> Family:
    if root.kind in ("softmax", "log_softmax"):
        _last(problem, root.args[0], root.attr("dim"), root.kind)
        return _rows(problem, root.args[0], root, root.kind)
    if root.kind == "layernorm":
        return _rows(problem, root.args[0], root, "layernorm", root.attr("nd"), (("eps", root.attr("eps")),))
    if root.kind == "reduce":
        x = root.args[0]
        _last(problem, x, root.attr("dim"), f"a {root.attr('fn')} reduction")
        return _rows(problem, x, root, "reduce", 1, (("fn", root.attr("fn")),))
    if root.kind == "binary" and root.attr("op") == "div" and (p := _rownorm(root.args[0], root.args[1])):
        return _rows(problem, root.args[0], root, "rownorm", 1, (("p", p),))
    if root.kind == "binary" and root.attr("op") in ("div", "mul"):
        x, den = root.args
        eps = _rmsnorm_eps(x, den)
        want = "sqrt" if root.attr("op") == "div" else "rsqrt"
        if eps is not None and den.attr("fn") == want:
            return _rows(problem, x, root, "rmsnorm", 1, (("eps", eps),))
    raise Unrecognised(f"{problem.path}:1:1: the forward ({_describe(root)}) is no operator family the "
                       f"templates cover")


def _describe(op: Op, depth: int = 0) -> str:
    head = op.attr("fn") or op.attr("op") or op.kind
    if depth >= 2 or not op.args:
        return head
    return f"{head}({', '.join(_describe(a, depth + 1) for a in op.args)})"

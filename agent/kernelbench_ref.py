"""References for KernelBench tasks: each family in NumPy (float64, returned as float32);
with torch installed, the problem's own CPU forward, cross-checked against NumPy. The spec
is the JSON each task's ref.py carries (written by agent/kernelbench_task.py)."""
from __future__ import annotations

import ast
import importlib.util
import math
import types
from pathlib import Path

import numpy as np

from .kernelbench_seeds import SELU_ALPHA, SELU_SCALE

from codegen_cuda.runner import RunError

_erf = np.vectorize(math.erf, otypes=[np.float64])


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-z))


def _softplus(z: np.ndarray) -> np.ndarray:
    """PyTorch's softplus (beta 1): the input itself above the threshold 20."""
    with np.errstate(over="ignore"):
        return np.where(z > 20.0, z, np.log1p(np.exp(np.minimum(z, 20.0))))


def _elu(z: np.ndarray, alpha: float, scale: float = 1.0) -> np.ndarray:
    return scale * np.where(z > 0.0, z, alpha * np.expm1(np.minimum(z, 0.0)))


BINARY_NP = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide}

# each step (kernelbench_seeds.TEMPLATES in NumPy): z the operand, s the step (its numbers s[1:])
STEPS_NP = {
    "relu": lambda z, s: np.maximum(z, 0.0),
    "gelu": lambda z, s: 0.5 * z * (1.0 + _erf(z / math.sqrt(2.0))),
    "gelu_tanh": lambda z, s: 0.5 * z * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (z + 0.044715 * z ** 3))),
    "sigmoid": lambda z, s: _sigmoid(z),
    "tanh": lambda z, s: np.tanh(z),
    "exp": lambda z, s: np.exp(z), "abs": lambda z, s: np.abs(z), "sqrt": lambda z, s: np.sqrt(z),
    "log": lambda z, s: np.log(z), "rsqrt": lambda z, s: 1.0 / np.sqrt(z), "square": lambda z, s: z * z,
    "silu": lambda z, s: z * _sigmoid(z),
    "softsign": lambda z, s: z / (1.0 + np.abs(z)),
    "softplus": lambda z, s: _softplus(z),
    "hardsigmoid": lambda z, s: np.clip(z / 6.0 + 0.5, 0.0, 1.0),
    "hardtanh": lambda z, s: np.clip(z, s[1], s[2]),
    "elu": lambda z, s: _elu(z, s[1]),
    "selu": lambda z, s: _elu(z, SELU_ALPHA, SELU_SCALE),
    "leaky_relu": lambda z, s: np.where(z > 0.0, z, s[1] * z),
    **{k: (lambda f: lambda z, s: f(z, s[1]))(f) for k, f in BINARY_NP.items()},
    "rsub": lambda z, s: s[1] - z,
}


def activation(step: list, z: np.ndarray, bias: np.ndarray | None) -> np.ndarray:
    if step[0] == "bias":
        return z + bias[None, :]
    return STEPS_NP[step[0]](z, step)


def tree_value(t, x: np.ndarray) -> np.ndarray:
    """An elementwise tree (kernelbench_match._tree) at x, in float64."""
    if t[0] == "x":
        return x
    if t[0] == "c":
        return np.float64(t[1])
    if t[0] == "step":
        return activation(list(t[1]), tree_value(t[2], x), None)
    return BINARY_NP[t[1]](tree_value(t[2], x), tree_value(t[3], x))


def numpy_reference(spec: dict, inputs: dict) -> dict:
    kind = spec["kind"]
    f64 = {k: v.astype(np.float64) for k, v in inputs.items()}
    if kind in ("matmul", "gemv"):
        a = f64["A"].T if spec["trans_a"] else f64["A"]
        b = f64["B"].T if spec["trans_b"] else f64["B"]
        z = a @ b
        for step in spec["epilogue"]:
            z = activation(step, z, f64.get("Bias"))
        return {"C": z.astype(np.float32)}
    x = f64["X"]
    if kind == "elementwise" and spec.get("expr") is not None:
        return {"Y": np.broadcast_to(tree_value(spec["expr"], x), x.shape).astype(np.float32)}
    if kind == "elementwise":
        for step in spec["epilogue"]:
            x = activation(step, x, None)
        return {"Y": x.astype(np.float32)}
    if kind in ("softmax", "log_softmax"):
        d = x - x.max(axis=1, keepdims=True)
        y = np.exp(d) / np.exp(d).sum(axis=1, keepdims=True) if kind == "softmax" else \
            d - np.log(np.exp(d).sum(axis=1, keepdims=True))
    elif kind == "layernorm":
        d = x - x.mean(axis=1, keepdims=True)
        y = d / np.sqrt((d * d).mean(axis=1, keepdims=True) + spec["eps"])
    elif kind == "rownorm":
        y = x / (np.abs(x).sum(axis=1, keepdims=True) if spec["p"] == 1 else
                 np.sqrt((x * x).sum(axis=1, keepdims=True)))
    elif kind == "rmsnorm":
        y = x / np.sqrt((x * x).mean(axis=1, keepdims=True) + spec["eps"])
    elif kind == "reduce":
        y = {"sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min,
             "norm2": lambda v, axis: np.sqrt((v * v).sum(axis=axis))}[spec["fn"]](x, axis=1)
    else:
        raise ValueError(f"no reference for {kind}")
    return {"Y": y.astype(np.float32)}


def torch_available() -> bool:
    return importlib.util.find_spec("torch") is not None


def _problem_module(path: str, constants: dict) -> types.ModuleType:
    """The user's PyTorch file, run (only where torch is installed) with its size constants
    replaced where they are assigned, so the sizes derived from them follow."""
    tree = ast.parse(Path(path).read_text(), path)
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) \
                and stmt.targets[0].id in constants:
            stmt.value = ast.copy_location(ast.Constant(constants[stmt.targets[0].id]), stmt.value)
    mod = types.ModuleType("argus_kernelbench_problem")
    mod.__file__ = path
    exec(compile(tree, path, "exec"), mod.__dict__)
    return mod


def torch_reference(spec: dict, inputs: dict, constants: dict) -> dict:
    """The problem's Model forward on the CPU, with the module constants set to `constants`
    (the sizes the inputs were made for) and the weights taken from the inputs."""
    import torch
    mod = _problem_module(spec["problem"], constants)
    model = mod.Model(*mod.get_init_inputs()).eval()
    shapes = [tuple(t.shape) for t in mod.get_inputs()]
    args = [None] * len(shapes)
    for p in spec["params"][:-1]:
        data = torch.from_numpy(np.ascontiguousarray(inputs[p["name"]]))
        src = p["source"]
        if src[0] == "input":
            args[src[1]] = data.reshape(shapes[src[1]])
        else:
            owner = getattr(model, src[1])
            target = owner if src[2] == "param" else getattr(owner, src[2])
            target.data = data.reshape(target.shape).clone()
    with torch.no_grad():
        out = model(*args)
    outp = spec["params"][-1]
    return {outp["name"]: out.numpy().astype(np.float32).reshape(inputs[outp["name"]].shape)}


def reference(spec: dict, inputs: dict, sizes: dict) -> dict:
    want = numpy_reference(spec, inputs)
    if not torch_available():
        return want
    key = "test" if sizes == spec["test_sizes"] else "bench" if sizes == spec["bench_sizes"] else None
    if key is None:
        return want
    got = torch_reference(spec, inputs, spec[f"{key}_constants"])
    for name, w in want.items():
        scale = float(np.max(np.abs(w))) if w.size else 0.0
        err = float(np.max(np.abs(got[name].astype(np.float64) - w))) if w.size else 0.0
        if err > 1e-3 * max(scale, 1.0):
            raise RunError(f"the NumPy reference for {spec['problem']} disagrees with its PyTorch forward "
                             f"on {name}: max abs difference {err:.3g}")
    return got


def flops(spec: dict, sizes: dict) -> int:
    return 2 * sizes["M"] * sizes["N"] * sizes["K"]


def bytes_moved(spec: dict, sizes: dict) -> int:
    if spec["kind"] == "elementwise":
        return 4 * 2 * sizes["N"]
    out = sizes["R"] if spec["kind"] == "reduce" else sizes["R"] * sizes["C"]
    return 4 * (sizes["R"] * sizes["C"] + out)

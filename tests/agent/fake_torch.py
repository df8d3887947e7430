"""A stand-in for the few pieces of torch the KernelBench GEMM problems use, over NumPy, so
the glue of agent/kernelbench_ref.py's torch path (constants, argument order, where the
weights go, reshapes) is tested on a machine without torch. Not a model of torch beyond that."""
from __future__ import annotations

import contextlib
import math
import types

import numpy as np


class Tensor:
    def __init__(self, a):
        self.a = np.asarray(a)

    shape = property(lambda self: self.a.shape)
    T = property(lambda self: Tensor(self.a.T))

    def reshape(self, *shape):
        return Tensor(self.a.reshape(*shape))

    def clone(self):
        return Tensor(self.a.copy())

    def numpy(self):
        return self.a

    def _b(self, o):
        o = o.data if isinstance(o, Parameter) else o
        return o.a if isinstance(o, Tensor) else o

    def __matmul__(self, o):
        return Tensor(self.a @ self._b(o))

    def __add__(self, o):
        return Tensor(self.a + self._b(o))

    def __mul__(self, o):
        return Tensor(self.a * self._b(o))


class Parameter:
    def __init__(self, t):
        self.data = t

    shape = property(lambda self: self.data.shape)



class Module:
    def eval(self):
        return self

    def __call__(self, *args):
        return self.forward(*args)


class Linear(Module):
    def __init__(self, fin, fout, bias=True):
        self.weight = Parameter(Tensor(np.zeros((fout, fin), np.float32)))
        self.bias = Parameter(Tensor(np.zeros(fout, np.float32))) if bias else None

    def forward(self, x):
        y = x @ self.weight.data.T
        return y + self.bias.data if self.bias is not None else y


def install(sys_modules: dict) -> None:
    torch = types.ModuleType("torch")
    nn = types.ModuleType("torch.nn")
    fn = types.ModuleType("torch.nn.functional")
    erf = np.vectorize(math.erf)
    fn.gelu = lambda x: Tensor(0.5 * x.a * (1.0 + erf(x.a / math.sqrt(2.0))))
    nn.Module, nn.Linear, nn.Parameter, nn.functional = Module, Linear, Parameter, fn
    torch.nn, torch.Tensor = nn, Tensor
    torch.randn = lambda *shape, **kw: Tensor(np.zeros(shape[0] if len(shape) == 1 and isinstance(shape[0], tuple)
                                                        else shape, np.float32))
    torch.relu = lambda x: Tensor(np.maximum(x.a, 0))
    torch.from_numpy = Tensor
    torch.no_grad = contextlib.nullcontext
    sys_modules.update({"torch": torch, "torch.nn": nn, "torch.nn.functional": fn})

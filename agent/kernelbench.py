"""KernelBench problem files read with `ast`, never imported or run: size constants, input
shapes (`get_inputs`), constructor arguments (`get_init_inputs`), the modules __init__
builds, and `Model.forward` traced into an `Op` tree (agent/kernelbench_trace.py)."""
from __future__ import annotations

import ast
import copy
from dataclasses import dataclass
from pathlib import Path

from .kernelbench_ops import Op, ProblemError, Unrecognised, dotted, err_at, number
from .kernelbench_trace import Tracer


@dataclass(frozen=True)
class Problem:
    path: Path
    inputs: tuple[Op, ...]          # forward's arguments, in order (kind "input")
    init: tuple[tuple[str, object], ...]
    result: Op
    source: str
    constants: tuple[tuple[str, int], ...] = ()     # the module's integer constants, as read


def read_problem(path: str | Path, overrides: dict[str, int] | None = None) -> Problem:
    """`overrides` replaces module-level constants (by name) as they are assigned, so the
    sizes derived from them follow: that is how a problem is shrunk for the simulator."""
    path, overrides = Path(path), overrides or {}
    try:
        text = path.read_text()
    except OSError as err:
        raise ProblemError(f"{path}: cannot read: {err.strerror}") from None
    except UnicodeDecodeError:
        raise ProblemError(f"{path}:1:1: not a text file (UTF-8)") from None
    try:
        tree = ast.parse(text, str(path))
    except SyntaxError as err:
        raise ProblemError(f"{path}:{err.lineno}:{err.offset}: not Python: {err.msg}") from None
    except (RecursionError, MemoryError):
        raise ProblemError(f"{path}:1:1: nested too deeply for Python's parser") from None
    env, funcs, model = {}, {}, None
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            name = stmt.targets[0].id
            try:
                env[name] = overrides[name] if name in overrides else number(path, stmt.value, env)
            except ProblemError:
                pass     # a module-level value that is not a size (e.g. a device string)
        elif isinstance(stmt, ast.FunctionDef):
            funcs[stmt.name] = stmt
        elif isinstance(stmt, ast.ClassDef) and stmt.name == "Model":
            model = stmt
    for need, got in (("class Model", model), ("get_inputs", funcs.get("get_inputs")),
                      ("get_init_inputs", funcs.get("get_init_inputs"))):
        if got is None:
            raise ProblemError(f"{path}:1:1: not a KernelBench problem: no {need}")
    methods = {f.name: f for f in model.body if isinstance(f, ast.FunctionDef)}
    if "forward" not in methods:
        raise err_at(path, model, "class Model has no forward")
    shapes = _input_shapes(path, funcs["get_inputs"], env)
    init_vals = _returned(path, funcs["get_init_inputs"], env)
    init = _init_params(path, methods.get("__init__"), init_vals)
    attrs = _init_attrs(path, methods.get("__init__"), dict(init), env)
    fwd = methods["forward"]
    names = [a.arg for a in fwd.args.args[1:]]
    if len(names) != len(shapes):
        raise err_at(path, fwd, f"forward takes {len(names)} tensors but get_inputs returns {len(shapes)}")
    inputs = tuple(Op("input", attrs=(("name", n),), shape=s) for n, s in zip(names, shapes))
    tracer = Tracer(path, env, attrs, dict(zip(names, inputs)))
    try:
        result = tracer.body(fwd.body)
    except RecursionError:
        raise err_at(path, fwd, "forward nests its expressions too deeply for the reader to follow") from None
    return Problem(path, inputs, tuple(init), result, text,
                   tuple(sorted((k, v) for k, v in env.items() if type(v) is int)))


def _returned(path: Path, fn: ast.FunctionDef, env: dict) -> list[ast.AST]:
    """The elements of the list the function returns, with its local assignments inlined."""
    local: dict[str, ast.AST] = {}
    for stmt in fn.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
            local[stmt.targets[0].id] = stmt.value
        elif isinstance(stmt, ast.Return) and isinstance(stmt.value, (ast.List, ast.Tuple)):
            return [local.get(e.id, e) if isinstance(e, ast.Name) else e for e in stmt.value.elts]
    raise err_at(path, fn, f"{fn.name} does not return a list")


def _input_shapes(path: Path, fn: ast.FunctionDef, env: dict) -> list[tuple[int, ...]]:
    out = []
    for e in _returned(path, fn, env):
        if not (isinstance(e, ast.Call) and dotted(e.func) in ("torch.randn", "torch.rand")):
            raise err_at(path, e, f"an input that is not torch.randn(...) / torch.rand(...): {ast.unparse(e)}")
        dtype = next((dotted(k.value) for k in e.keywords if k.arg == "dtype"), "torch.float32")
        if dtype not in ("torch.float32", "torch.float"):
            raise Unrecognised(f"{path}:{e.lineno}:{e.col_offset + 1}: an input of dtype {dtype}: the templates "
                               f"are fp32")
        dims = [number(path, a, env) for a in e.args]
        if len(dims) == 1 and isinstance(dims[0], tuple):
            dims = list(dims[0])
        if not dims or not all(isinstance(d, int) and d > 0 for d in dims):
            raise err_at(path, e, f"input shape must be positive integers: {ast.unparse(e)}")
        out.append(tuple(dims))
    return out


def _init_params(path: Path, init: ast.FunctionDef | None, vals: list[ast.AST]) -> list[tuple[str, object]]:
    names = [a.arg for a in init.args.args[1:]] if init else []
    defaults = init.args.defaults if init else []
    pairs = []
    for i, name in enumerate(names):
        if i < len(vals):
            node = vals[i]
        elif i >= len(names) - len(defaults):
            node = defaults[i - (len(names) - len(defaults))]
        else:
            raise err_at(path, init, f"get_init_inputs gives no value for {name}")
        pairs.append((name, node))
    return pairs


def _init_attrs(path: Path, init: ast.FunctionDef | None, params: dict, env: dict) -> dict[str, object]:
    """self.X = ... in __init__: a number, or a module as (class name, args, kwargs)."""
    out: dict[str, object] = {}
    local = dict(env)
    for name, node in params.items():
        try:
            local[name] = number(path, node, env)
        except ProblemError:
            pass
    for stmt in (init.body if init else []):
        if not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
            # any other statement that sets a name or an attribute (`self.alpha *= 3`, an
            # `if`): those values are not followed, so a later use says so (new-user round
            # 126: the first value was kept, and an ELU ran with alpha 1.0 for 3.0)
            for n in ast.walk(stmt):
                if isinstance(n, ast.Attribute) and dotted(n.value) == "self" and isinstance(n.ctx, ast.Store):
                    out[n.attr] = None
                elif isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
                    local.pop(n.id, None)
            continue
        t = stmt.targets[0]
        if isinstance(t, ast.Name):
            try:
                local[t.id] = number(path, stmt.value, local)
            except ProblemError:
                local.pop(t.id, None)
            continue
        if not (isinstance(t, ast.Attribute) and dotted(t.value) == "self"):
            continue
        v = stmt.value
        if isinstance(v, ast.Call) and dotted(v.func) in ("nn.Parameter", "torch.nn.Parameter") and v.args and \
                isinstance(v.args[0], ast.Call) and dotted(v.args[0].func) in ("torch.randn", "torch.rand"):
            dims = tuple(number(path, a, local) for a in v.args[0].args)
            out[t.attr] = ("param", dims[0] if len(dims) == 1 and isinstance(dims[0], tuple) else dims)
        elif isinstance(v, ast.Call) and dotted(v.func).split(".")[-1][:1].isupper():
            try:
                args = tuple(number(path, a, local) for a in v.args)
                kwargs = {k.arg: number(path, k.value, local) for k in v.keywords if k.arg}
            except ProblemError as err:
                raise Unrecognised(f"{err}: a constructor argument the reader does not follow") from None
            out[t.attr] = ("module", dotted(v.func).split(".")[-1], args, kwargs)
        else:
            try:
                out[t.attr] = number(path, _self_inlined(v, out), local)
            except ProblemError:
                out[t.attr] = None        # set, but not to a number the reader follows
    return out


def _self_inlined(v: ast.AST, attrs: dict) -> ast.AST:
    """`self.alpha * 3` with self.alpha a number already set: that number in its place."""
    class Inline(ast.NodeTransformer):
        def visit_Attribute(self, n):
            got = attrs.get(n.attr) if dotted(n.value) == "self" else None
            return ast.Constant(got) if isinstance(got, (int, float)) and not isinstance(got, bool) else n
    return Inline().visit(copy.deepcopy(v))

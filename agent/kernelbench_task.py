"""A KernelBench problem as an `argus optimize` task: read at its own sizes (GPU) and with
its size constants shrunk (simulator), matched to a family, written as a task directory
(seed.dsl, ref.py, task.toml) that agent/task.py loads like any other."""
from __future__ import annotations

import json
import math
import re
from pathlib import Path

from .kernelbench import read_problem
from .kernelbench_match import Family, match
from .kernelbench_seeds import elementwise_seed, matmul_seed, row_seed
from .kernelbench_ops import ProblemError, Unrecognised
from .task import Task, load_task

SHRINK_ABOVE = 16
# A GEMM keeps 64 where its size allows: the knowledge base's smallest block tile, so the
# offline planner's tilings can run at the test sizes (the simulator cost stays seconds).
MATMUL_KEEP = 64
TILE_CAP = {"matmul": 16, "gemv": 16, "elementwise": 64, "rows": 8}
TOLERANCE = {"rtol": 1e-3, "atol": 1e-5}   # fp32 with approximate exp/log/erf in the lowering

REF_TEMPLATE = '''"""Reference for the KernelBench problem {problem} ({kind}); written by agent/kernelbench_task.py.
The NumPy reference of agent/kernelbench_ref.py, or the problem's PyTorch forward when torch
is installed (cross-checked against NumPy)."""
import json

from agent import kernelbench_ref

SPEC = json.loads({spec!r})
TEST_SIZES = SPEC["test_sizes"]
BENCH_SIZES = SPEC["bench_sizes"]


def reference(inputs, sizes):
    return kernelbench_ref.reference(SPEC, inputs, sizes)


def {work}(sizes):
    return kernelbench_ref.{work}(SPEC, sizes)
'''


def shrink(value: int, keep: int = 0) -> int:
    """A small size with the same power-of-two alignment (up to 16) as `value`, so a tile
    that divides the small size divides the full one, and odd sizes stay odd; `keep` when
    `value` is a multiple of it."""
    if keep and value % keep == 0:
        return min(value, keep)
    if value <= SHRINK_ABOVE:
        return value
    g = math.gcd(value, 16)
    return {16: 16, 8: 8, 4: 12, 2: 6, 1: 5}[g]


def _shapes(problem) -> list[tuple[int, ...]]:
    """The shapes of the problem's inputs and of every tensor its forward makes."""
    out, todo = [op.shape for op in problem.inputs], [problem.result]
    while todo:
        op = todo.pop()
        out.append(op.shape)
        todo.extend(op.args)
    return out


def _shapes_follow(path: Path, full, name: str, value: int, keep: int) -> bool:
    """Whether the module constant `name` is a size: shrinking it alone changes a shape, or
    makes shapes disagree (a size that must equal another one's). A constant that only
    parameterises the math keeps its value: softplus' `threshold=THR` (THR = 20) was shrunk
    to 12 and the problem refused as a threshold other than the default; shrunk alone, such
    a constant changes no shape, or makes a problem the reader does not follow (Unrecognised)."""
    try:
        small = read_problem(path, {name: shrink(value, keep)})
    except Unrecognised:
        return False
    except ProblemError:
        return True
    return _shapes(small) != _shapes(full)


def tile(full: int, test: int, cap: int) -> int:
    """The largest power of two up to `cap` dividing both sizes."""
    t = 1
    while t * 2 <= cap and full % (t * 2) == 0 and test % (t * 2) == 0:
        t *= 2
    return t


def kernel_name(path: Path) -> str:
    stem = re.sub(r"[^0-9A-Za-z_]", "_", path.stem).lower()
    return "kb_" + stem


def _seed(fam: Family, test: Family, name: str, where: str) -> str:
    full, small = dict(fam.dims), dict(test.dims)
    if fam.kind in ("matmul", "gemv"):
        cap = TILE_CAP[fam.kind]
        return matmul_seed(fam, name, where, tile(full["M"], small["M"], cap), tile(full["N"], small["N"], cap))
    if fam.kind == "elementwise":
        return elementwise_seed(fam, name, where, tile(full["N"], small["N"], TILE_CAP["elementwise"]))
    return row_seed(fam, name, where, tile(full["C"], small["C"], TILE_CAP["rows"]))


def spec_of(fam: Family, test: Family, path: Path, full_consts: dict, test_consts: dict) -> dict:
    spec = {"kind": fam.kind, "problem": str(path.resolve()),
            "test_sizes": dict(sorted(test.dims)), "bench_sizes": dict(sorted(fam.dims)),
            "test_constants": test_consts, "bench_constants": full_consts,
            "params": [{"name": p.name, "source": list(p.source)} for p in test.params]}
    for k, v in fam.spec:
        spec[k] = [list(s) for s in v] if k == "epilogue" else v
    return spec


def problem_task(path: str | Path, out_dir: str | Path) -> Task:
    """Raises Unrecognised (no family) or ProblemError (not a KernelBench file)."""
    path, out_dir = Path(path), Path(out_dir)
    full = read_problem(path)
    fam = match(full)
    consts = dict(full.constants)
    keep = MATMUL_KEEP if fam.kind in ("matmul", "gemv") else 0
    overrides = {k: shrink(v, keep) for k, v in consts.items()
                 if v > SHRINK_ABOVE and _shapes_follow(path, full, k, v, keep)}
    small = read_problem(path, overrides)
    test = match(small)
    if test.kind != fam.kind or [p.roles for p in test.params] != [p.roles for p in fam.params]:
        raise Unrecognised(f"{path}:1:1: the problem changes family when its sizes shrink "
                           f"({fam.kind} -> {test.kind})")
    name = kernel_name(path)
    tdir = out_dir / name
    tdir.mkdir(parents=True, exist_ok=True)
    spec = spec_of(fam, test, path, consts, dict(small.constants))
    work = "flops" if fam.kind in ("matmul", "gemv") else "bytes_moved"
    (tdir / "seed.dsl").write_text(_seed(fam, test, name, path.name))
    (tdir / "ref.py").write_text(REF_TEMPLATE.format(problem=path.name, kind=fam.kind,
                                                     spec=json.dumps(spec, sort_keys=True), work=work))
    desc = f"KernelBench {path.name}: {fam.kind}" + \
        (f" with {', '.join(s[0] for s in fam.get('epilogue'))}" if fam.get("epilogue") else "")
    (tdir / "task.toml").write_text(
        f'name = "{name}"\ndescription = {json.dumps(desc)}\nseed = "seed.dsl"\nreference = "ref.py"\n'
        f'tolerance = {{ rtol = {TOLERANCE["rtol"]}, atol = {TOLERANCE["atol"]} }}\n')
    return load_task(tdir / "task.toml")


def is_problem_file(path: str | Path) -> bool:
    return Path(path).suffix == ".py"


__all__ = ["ProblemError", "Unrecognised", "problem_task", "shrink", "tile", "is_problem_file"]

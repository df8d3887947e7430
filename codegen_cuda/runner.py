"""`argus run`: lower a kernel, launch it once in a child process (GPU, or the CUDA
simulator), and compare every output with the kernel's NumPy reference.

Inputs are random and never zero; integer inputs used as indices stay in range; outputs
are poisoned beforehand (NaN, or the most negative integer) so unwritten elements show.
The reference is the user's `<kernel>.ref.py` beside the `.dsl` file:
`reference(inputs, sizes) -> {output: array}`, optionally `make_inputs(sizes, rng)`.
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from dsl import exprs, ir

from .module import lower, output_params
from .numerics import NP_DTYPE, OutputCheck, compare, poisoned, random_array, tolerance
from .scalar import LoweringError, evaluate, mentions_data

REPO = Path(__file__).resolve().parents[1]


class RunError(Exception):
    """The run could not be carried out (bad sizes, no reference, the launch timed out)."""


class KernelFault(RunError):
    """The kernel itself raised or crashed when run: a failed check, not a failed run."""


@dataclass
class RunResult:
    kernel: str
    sizes: dict[str, int]
    mode: str
    seconds: float
    grid: tuple
    module_path: Path
    checks: list[OutputCheck] = field(default_factory=list)
    fault: str = ""                  # "the kernel faulted on the simulator: ..." when it did

    @property
    def ok(self) -> bool:
        return not self.fault and all(c.ok for c in self.checks)

    def table(self) -> str:
        sizes = ", ".join(f"{k}={v}" for k, v in self.sizes.items())
        timing = "" if self.fault else f": grid {tuple(self.grid)}, {self.seconds:.2f} s"
        lines = [f"{self.kernel} [{sizes}] on the {self.mode}{timing}", f"  generated: {self.module_path}"]
        if self.fault:
            lines.append("  " + self.fault.replace("\n", "\n  ") + "\n  FAILED")
        for c in self.checks:
            verdict = "ok" if c.ok else "MISMATCH"
            lines.append(f"  {c.name}: max rel err {c.rel_err:.3g} (tolerance {c.tolerance:g}), "
                         f"unwritten {c.unwritten}/{c.elements}  {verdict}")
        return "\n".join(lines)


def parse_sizes(text: str) -> dict[str, int]:
    """`M=128,N=64` -> {"M": 128, "N": 64}."""
    out = {}
    for part in filter(None, (p.strip() for p in (text or "").split(","))):
        name, eq, value = part.partition("=")
        if not eq or not value.strip().lstrip("-").isdigit():
            raise RunError(f"bad size '{part}': write NAME=INTEGER, e.g. M=128")
        out[name.strip()] = int(value)
    return out


def check_sizes(kernel: ir.Kernel, sizes: dict[str, int]) -> dict[str, int]:
    missing = [s for s in kernel.sizes if s not in sizes]
    extra = [s for s in sizes if s not in kernel.sizes]
    if missing or extra:
        raise RunError(f"kernel {kernel.name} takes sizes {', '.join(kernel.sizes)}"
                       + (f"; missing {', '.join(missing)}" if missing else "")
                       + (f"; unknown {', '.join(extra)}" if extra else ""))
    if any(v < 1 for v in sizes.values()):
        raise RunError("sizes must be positive")
    env = dict(sizes) | {c.name: c.value for c in kernel.consts}
    for a in kernel.assumes:
        if not mentions_data(a) and not evaluate(a, env):
            from dsl.fmt import format_expr
            raise RunError(f"sizes {sizes} break `assume {format_expr(a)}`")
    return {s: sizes[s] for s in kernel.sizes}


def _kernel_failure(text: str, module_path: Path) -> str:
    """The error and the generated line it happened on, without the simulator's frames."""
    lines = text.strip().splitlines()
    out = []
    for i, line in enumerate(lines):
        if str(module_path.name) in line and i + 1 < len(lines):
            out = [f"  {line.strip()}", f"    {lines[i + 1].strip()}"]
    error = next((l for l in reversed(lines) if l and not l.startswith(" ")), "unknown error")
    return "\n".join(out + [f"  {error}"])


def check_data_assumptions(kernel: ir.Kernel, sizes: dict[str, int], inputs: dict[str, np.ndarray]) -> None:
    """Assumptions about input data (e.g. routing tables) must hold on the inputs the run uses."""
    env = dict(sizes) | {c.name: c.value for c in kernel.consts} | inputs
    for a in kernel.assumes:
        if mentions_data(a) and not evaluate(a, env):
            from dsl.fmt import format_expr
            raise RunError(f"the inputs break `assume {format_expr(a)}`; "
                           "give the reference a make_inputs(sizes, rng) that satisfies it")


def reference_path(dsl_path: Path) -> Path:
    return dsl_path.with_name(dsl_path.name.removesuffix(".dsl") + ".ref.py")


def load_reference(path: Path):
    """The user's reference module (their own file, loaded from its path)."""
    if not path.is_file():
        raise RunError(f"no reference: write {path} defining reference(inputs, sizes) -> dict")
    spec = importlib.util.spec_from_file_location(f"argus_ref_{path.stem.replace('.', '_')}", path)
    mod = importlib.util.module_from_spec(spec)
    user_code(path, "loading it", spec.loader.exec_module, mod)
    if not callable(getattr(mod, "reference", None)):
        raise RunError(f"{path} does not define reference(inputs, sizes)")
    mod.__argus_path__ = path
    return mod


def user_code(path: Path, what: str, fn, *args):
    """fn(*args) from the user's reference file: an exception there is the file's error, named
    with its line, not Argus's internal error (held-out round 37)."""
    import traceback
    try:
        return fn(*args)
    except Exception as err:          # noqa: BLE001 - any error of the user's code is reported
        frames = [f for f in traceback.extract_tb(err.__traceback__) if Path(f.filename) == Path(path)]
        where = f"{path}:{frames[-1].lineno}" if frames else str(path)
        raise RunError(f"{where}: {what} raised {type(err).__name__}: {err}") from None


def call_reference(ref, inputs: dict, sizes: dict):
    """The reference's outputs for `inputs` (copies) at `sizes`."""
    return user_code(getattr(ref, "__argus_path__", "<reference>"), "reference(inputs, sizes)", ref.reference,
                     {k: v.copy() for k, v in inputs.items()}, dict(sizes))


def shape_of(p: ir.TensorType, sizes: dict[str, int]) -> tuple[int, ...]:
    return tuple(evaluate(d, sizes) for d in p.shape)


def make_inputs(kernel: ir.Kernel, sizes: dict[str, int], rng: np.random.Generator) -> dict[str, np.ndarray]:
    """Random inputs for every parameter; never zero, integer indices in range."""
    bounds = index_bounds(kernel, sizes)
    out = {}
    for p in kernel.params:
        if p.dtype.value not in NP_DTYPE:
            raise RunError(f"dtype {p.dtype.value} of {p.name} is not supported by the runner")
        out[p.name] = random_array(p.dtype.value, shape_of(p, sizes), rng, bounds.get(p.name, 8))
    return out


def seeded_inputs(kernel: ir.Kernel, ref, sizes: dict[str, int], seed: int) -> dict[str, np.ndarray]:
    """The inputs of one run: the reference's own `make_inputs` when it has one (`ref` may be
    None), else random ones; either way they must satisfy the kernel's data assumptions."""
    rng = np.random.default_rng(seed)
    inputs = user_code(getattr(ref, "__argus_path__", "<reference>"), "make_inputs(sizes, rng)", ref.make_inputs,
                       dict(sizes), rng) if callable(getattr(ref, "make_inputs", None)) \
        else make_inputs(kernel, sizes, rng)
    check_data_assumptions(kernel, sizes, inputs)
    read = _read_tensors(kernel)
    for name, a in sorted(inputs.items()):
        a = np.asarray(a)
        if a.dtype.kind in "fc" and name in read and not np.all(np.isfinite(a)):
            at = tuple(int(i) for i in np.argwhere(~np.isfinite(a))[0])
            raise RunError(f"input {name} holds {a[at]} at {list(at)}: proofs assume finite input data "
                           "(docs/SEMANTICS.md), so this run is outside what was proved; give the "
                           "reference's make_inputs finite values (a masked row as a length, not as -inf)")
    return inputs


def _read_tensors(kernel: ir.Kernel) -> set[str]:
    """The tensors the kernel reads (an output it only writes may hold a poison such as NaN)."""
    from dsl.stmt_map import read
    out = set().union(*(read(s) for s in kernel.body))
    return out | {s.src.tensor for s in ir.walk(kernel.body) if isinstance(s, (ir.Load, ir.Copy, ir.TmaLoad))}


def index_bounds(kernel: ir.Kernel, sizes: dict[str, int]) -> dict[str, int]:
    """For integer inputs read inside a subscript: the largest value count that keeps that
    subscript in range (other indices at their smallest)."""
    env = dict(sizes) | {c.name: c.value for c in kernel.consts}
    tensors = {p.name: p for p in kernel.params} | {
        s.tensor.name: s.tensor for s in ir.walk(kernel.body) if isinstance(s, ir.Alloc)}
    bounds: dict[str, int] = {}
    for ref in _tile_refs(kernel):
        t = tensors.get(ref.tensor)
        for d, sub in enumerate(ref.subs):
            start, ext = (sub.at, ir.IntLit(1)) if isinstance(sub, ir.Index) else (sub.start, sub.extent)
            for n in exprs.iter_nodes(start):
                if isinstance(n, ir.ElemRef) and t is not None:
                    dim = evaluate(t.shape[d], env)
                    bounds[n.tensor] = min(bounds.get(n.tensor, dim), _largest(start, ext, n, dim, env))
    return bounds


def _largest(start, ext, ref, dim, env) -> int:
    ok = 0
    for v in range(dim):
        try:
            value = evaluate(exprs.substitute(_replace_elem(start, ref), {"__v": ir.IntLit(v)}),
                             _zeros(start, env))
            if value + evaluate(ext, env) <= dim:
                ok = v + 1
        except LoweringError:
            return max(ok, 1)
    return max(ok, 1)


def _replace_elem(e, ref):
    if e == ref:
        return ir.Sym("__v", ir.SymKind.INDEX)
    match e:
        case ir.Bin():
            return ir.Bin(e.op, _replace_elem(e.lhs, ref), _replace_elem(e.rhs, ref))
        case ir.Neg():
            return ir.Neg(_replace_elem(e.operand, ref))
    return e


def _zeros(e, env):
    """Every loop variable, index and builtin at 0: the smallest start of a subscript."""
    names = {n.name for n in exprs.iter_nodes(e) if isinstance(n, ir.Sym)}
    return env | {n: 0 for n in names if n not in env}


def _tile_refs(kernel: ir.Kernel):
    for s in ir.walk(kernel.body):
        for r in ("src", "dst"):
            ref = getattr(s, r, None)
            if isinstance(ref, ir.TileRef):
                yield ref


def poison(kernel: ir.Kernel, sizes: dict[str, int], inputs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Outputs poisoned so unwritten elements show; in-out tensors and partial outputs (a
    `writes` declaration) keep their contents."""
    out = dict(inputs)
    outputs = output_params(kernel)
    from encode.elem_reads import reads
    read = {s.src.tensor for s in ir.walk(kernel.body) if isinstance(s, (ir.Load, ir.Copy, ir.TmaLoad))}
    # element reads in subscripts, loop bounds and conditions read the tensor too (a counter
    # read as a loop's trip count and then reset is state, not an output to poison)
    read |= {r.ref.tensor for s in ir.walk(kernel.body) for r in reads(s)}
    for p in kernel.params:
        if p.name in outputs and p.name not in read and kernel.written_part(p.name) is None:
            out[p.name] = poisoned(p.dtype.value, shape_of(p, sizes))
    return out


def gpu_present() -> bool:
    return any(os.path.exists(p) for p in ("/dev/nvidiactl", "/dev/nvidia0"))


@dataclass(frozen=True)
class RunOptions:
    sim: bool = False
    seed: int = 0
    cache_dir: Path = Path(".argus_cache")
    timeout_s: float = 900.0
    reference: Path | None = None    # default: <kernel>.ref.py beside the .dsl file


def run_kernel(kernel: ir.Kernel, text: str, dsl_path: Path, sizes: dict[str, int],
               opts: RunOptions) -> RunResult:
    sizes = check_sizes(kernel, sizes)
    ref = load_reference(opts.reference or reference_path(dsl_path))
    lowered = lower(kernel, text)
    module_path = lowered.write(opts.cache_dir)
    inputs = seeded_inputs(kernel, ref, sizes, opts.seed)
    args = poison(kernel, sizes, inputs)
    mode = "simulator" if opts.sim or not gpu_present() else "gpu"
    try:
        outputs, meta = launch_in_child(module_path, args, mode, opts.timeout_s)
    except KernelFault as fault:
        return RunResult(kernel.name, sizes, mode, 0.0, (), module_path, fault=str(fault))
    want = call_reference(ref, inputs, sizes)
    tol = tolerance(p.dtype.value for p in kernel.params)
    missing = never_stored(want, lowered.outputs)
    if missing:
        raise RunError(missing)
    checks = []
    for name in lowered.outputs:
        if name not in want:
            raise RunError(f"the reference returned no '{name}' (it returned {', '.join(want) or 'nothing'})")
        try:
            checks.append(compare(name, outputs[name], want[name], tol))
        except ValueError as err:
            raise RunError(str(err)) from None
    return RunResult(kernel.name, sizes, meta["mode"], meta["seconds"], tuple(meta["grid"]), module_path, checks)


def never_stored(want: dict, outputs) -> str:
    """Why the reference's results name a tensor the kernel does not write ("" when none):
    an output that no statement stores would go unchecked (held-out round 11: a softmax
    whose LSE store was deleted was proved and ran "ok")."""
    extra = sorted(set(want) - set(outputs))
    if not extra:
        return ""
    return (f"the reference returns {', '.join(map(repr, extra))}, which the kernel never stores "
            f"(it stores {', '.join(map(repr, outputs)) or 'nothing'})")


def launch_in_child(module_path: Path, args: dict[str, np.ndarray], mode: str,
                    timeout_s: float) -> tuple[dict[str, np.ndarray], dict]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    env["NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS"] = "0"
    env["ARGUS_PARENT_PID"] = str(os.getpid())       # the child ends with this process (codegen_cuda.child)
    if mode == "simulator":
        env["NUMBA_ENABLE_CUDASIM"] = "1"
    else:
        env.pop("NUMBA_ENABLE_CUDASIM", None)
    with tempfile.TemporaryDirectory(prefix="argus_run_") as tmp:
        io = Path(tmp)
        np.savez(io / "inputs.npz", **args)
        try:
            proc = subprocess.run([sys.executable, "-m", "codegen_cuda.child", str(module_path), str(io)],
                                  env=env, capture_output=True, text=True, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            raise RunError(f"the {mode} run took longer than {timeout_s:.0f} s") from None
        if proc.returncode != 0:
            raise KernelFault(f"the kernel faulted on the {mode}:\n"
                              f"{_kernel_failure(proc.stderr or proc.stdout, module_path)}")
        with np.load(io / "outputs.npz") as data:
            outputs = {k: data[k] for k in data.files}
        meta = json.loads((io / "result.json").read_text())
    return outputs, meta

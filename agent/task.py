"""Optimisation tasks: a `tasks/NAME.toml` naming a naive seed kernel, its NumPy reference
and the numerical tolerance a candidate must meet.

The reference follows the proofs/ convention: `reference(inputs, sizes) -> {output: array}`,
`TEST_SIZES` (small, for the simulator), `BENCH_SIZES` (for the reward) and `flops(sizes)`
or `bytes_moved(sizes)`; optionally `make_inputs(sizes, rng)`.
"""
from __future__ import annotations

import importlib.util
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from dsl import ir
from dsl.check import check_source


class TaskError(Exception):
    """The task file, its seed or its reference cannot be used; the message says where."""


@dataclass(frozen=True)
class Task:
    name: str
    description: str
    path: Path
    seed_path: Path
    seed_text: str
    seed: ir.Kernel
    reference_path: Path
    rtol: float
    atol: float
    test_sizes: tuple[tuple[str, int], ...]
    bench_sizes: tuple[tuple[str, int], ...]

    def reference(self) -> ModuleType:
        return load_reference(self.reference_path)


REQUIRED = ("name", "description", "seed", "reference", "tolerance")


def load_reference(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"argus_task_ref_{abs(hash(str(path)))}", path)
    mod = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(mod)
    except Exception as err:  # the user's file: report it, never a traceback
        raise TaskError(f"{path}: the reference failed to load: {type(err).__name__}: {err}") from None
    for need in ("reference", "TEST_SIZES", "BENCH_SIZES"):
        if not hasattr(mod, need):
            raise TaskError(f"{path}: the reference does not define {need}")
    return mod


def load_task(path: str | Path) -> Task:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text())
    except OSError as err:
        raise TaskError(f"{path}: cannot read: {err.strerror}") from None
    except tomllib.TOMLDecodeError as err:
        raise TaskError(f"{path}: {err}") from None
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise TaskError(f"{path}: missing {', '.join(missing)}")
    if not isinstance(data["name"], str) or not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}", data["name"]):
        # the name names files under the memory directory (held-out round 109: `../../tmp/x`
        # wrote evaluations outside it)
        raise TaskError(f"{path}: name must be letters, digits, '_', '-' and '.', not starting with '.' or '-'")
    tol = data["tolerance"]
    if not isinstance(tol, dict) or not {"rtol", "atol"} <= set(tol):
        raise TaskError(f"{path}: tolerance must be {{ rtol = ..., atol = ... }}")
    if any(isinstance(tol[k], bool) or not isinstance(tol[k], (int, float)) or not tol[k] >= 0 for k in ("rtol", "atol")):
        # new-user round 38: `atol = "a"` was an internal error and `rtol = -1` was accepted
        raise TaskError(f"{path}: tolerance's rtol and atol must be numbers >= 0")
    seed_path = (path.parent / data["seed"]).resolve()
    ref_path = (path.parent / data["reference"]).resolve()
    if not seed_path.is_file():
        raise TaskError(f"{path}: seed {seed_path} does not exist")
    if not ref_path.is_file():
        raise TaskError(f"{path}: reference {ref_path} does not exist")
    text = seed_path.read_text()
    checked = check_source(text, str(seed_path))
    if not checked.ok:
        d = checked.diagnostics[0]
        raise TaskError(f"{d.span.file}:{d.span.line}:{d.span.col}: the seed does not check: {d.message}")
    ref = load_reference(ref_path)
    test, bench = (_sizes(ref_path, checked.kernel, ref, k) for k in ("TEST_SIZES", "BENCH_SIZES"))
    return Task(str(data["name"]), str(data["description"]), path, seed_path, text, checked.kernel,
                ref_path, float(tol["rtol"]), float(tol["atol"]), test, bench)


def _sizes(path: Path, kernel: ir.Kernel, ref: ModuleType, attr: str) -> tuple[tuple[str, int], ...]:
    """The reference's TEST_SIZES or BENCH_SIZES: a dict giving each of the seed's sizes a
    positive integer that its assumptions allow (bad input, said once: a list or a string
    there was an internal error, a missing size a seed "proved" with no evaluation)."""
    from codegen_cuda.runner import RunError, check_sizes
    sizes = getattr(ref, attr)
    if not isinstance(sizes, dict) or not all(
            isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in sizes.items()):
        raise TaskError(f"{path}: {attr} must be a dict of size names to integers, e.g. {{\"M\": 64}}; "
                        f"it is {type(sizes).__name__} {str(sizes)[:80]}")
    try:
        check_sizes(kernel, sizes)
    except RunError as err:
        raise TaskError(f"{path}: {attr}: {err}") from None
    return tuple(sorted(sizes.items()))


def task_files(directory: str | Path) -> list[Path]:
    return sorted(Path(directory).glob("*.toml"))

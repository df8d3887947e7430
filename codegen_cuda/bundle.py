"""A bundle: generated kernel modules, their NumPy references and a manifest.json,
everything bench/gpu.py needs on a GPU machine that has neither the DSL front end
(lark) nor the verifier (z3).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from dsl import ir

from .module import Lowered
from .runner import load_reference, reference_path

MANIFEST = "manifest.json"


def add_to_bundle(directory: Path, kernel: ir.Kernel, lowered: Lowered, dsl_path: Path) -> Path:
    """Write `<name>.py` (+ `<name>.ref.py` when the kernel has one) and update the
    manifest entry of this kernel; returns the module path."""
    directory.mkdir(parents=True, exist_ok=True)
    module = directory / f"{kernel.name}.py"
    module.write_text(lowered.source)
    entry = {
        "name": kernel.name,
        "dsl": dsl_path.name,
        "module": module.name,
        "digest": lowered.digest,
        "threads": kernel.threads,
        "smem_bytes": lowered.smem_bytes,
        "params": [[p.name, p.dtype.value, [e.value if isinstance(e, ir.IntLit) else e.name for e in p.shape]]
                   for p in kernel.params],
        "outputs": list(lowered.outputs),
        "sizes": list(kernel.sizes),
        "reference": None,
        "test_sizes": None,
        "bench_sizes": None,
    }
    ref = reference_path(dsl_path)
    if ref.is_file():
        shutil.copyfile(ref, directory / ref.name)
        mod = load_reference(ref)
        entry["reference"] = ref.name
        entry["test_sizes"] = getattr(mod, "TEST_SIZES", None)
        entry["bench_sizes"] = getattr(mod, "BENCH_SIZES", None)
    if entry["bench_sizes"]:
        entry["model"] = model_entry(kernel, entry["bench_sizes"])
    manifest = read_manifest(directory)
    manifest = [e for e in manifest if e["name"] != kernel.name] + [entry]
    (directory / MANIFEST).write_text(json.dumps(sorted(manifest, key=lambda e: e["name"]), indent=2) + "\n")
    return module


def model_entry(kernel: ir.Kernel, sizes: dict[str, int]) -> dict | None:
    """The cost model's prediction at the bench sizes and the features it came from, so
    bench/gpu.py can print it beside the measured time and `argus calibrate` can refit it
    (registers: the model's estimate, so the manifest does not depend on the compiler)."""
    from encode.target import load_target
    from .calibrate import features_json
    from .costmodel import ModelError, predict
    try:
        p = predict(kernel, sizes, load_target())
    except ModelError as err:
        return {"label": "model", "error": str(err)}
    return {"label": p.label, "target": "sm_90", "sizes": dict(sizes), "seconds": p.seconds, "bound": p.bound,
            "why": p.why, "registers_source": p.registers_source, "features": features_json(p.features)}


def read_manifest(directory: Path) -> list[dict]:
    path = directory / MANIFEST
    return json.loads(path.read_text()) if path.is_file() else []

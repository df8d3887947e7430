"""Build, check and time every kernel of a bundle on a GPU, against the vendor library.

    argus lower proofs/*.dsl --bundle bench/gpu_bundle      # where the front end is installed
    python bench/gpu.py [--bundle bench/gpu_bundle] [--only NAME,..] [--size small|bench]

Needs numba, numba-cuda, numpy and, for the vendor baseline and device arrays, torch
(preferred) or cupy. It never imports the DSL front end (lark) or the verifier (z3):
the bundle holds the generated modules, the users' NumPy references and manifest.json.
Results: a table on stdout (last) and JSON in $OUT/gpu_bench.json (or --json PATH).
Beside each kernel it times the reference's `vendor` function when the reference has one
(the same computation in torch or CuPy: cuBLAS for the GEMMs), checks its result against
the NumPy reference too, and prints the kernel's speed as a % of the vendor's. Without
torch/cupy or a GPU it says so and exits 2 (use --sim there).
`--sim` runs the small sizes on the CUDA simulator instead (no timing): a smoke test
of the script itself on a machine without a GPU. At the bench sizes each row also carries
the cost model's prediction ("model", "model_ms"; computed when the bundle was written);
`argus calibrate gpu_bench.json` fits the model's constants to the measured times.
"""
from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import math
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))     # gpu_backend, beside this script
from gpu_backend import Backend, device_missing  # noqa: E402

DEFAULT_BUNDLE = Path(__file__).resolve().parent / "gpu_bundle"
ROTATE_BYTES = 512 << 20     # timed launches cycle through copies of the inputs this large
MAX_COPIES = 8               # (H200's L2 is 50 MB: the cache must not hold the next launch's data)


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bundle", type=Path, default=DEFAULT_BUNDLE)
    p.add_argument("--only", default="", help="comma-separated kernel names, run in that order")
    p.add_argument("--size", choices=("bench", "small"), default="bench",
                   help="bench: BENCH_SIZES of each reference (4096^3 for GEMM); small: TEST_SIZES")
    p.add_argument("--sim", action="store_true", help="CUDA simulator, small sizes, no timing")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--min-time", type=float, default=0.2, help="seconds of timed launches per kernel")
    p.add_argument("--json", type=Path, default=None, help="default: $OUT/gpu_bench.json, else ./gpu_bench.json")
    p.add_argument("--peaks", default="", help="the card's roofline as JSON (skips measuring it)")
    p.add_argument("--isolate", action="store_true",
                   help="run the kernels in child processes: one that kills its process (a crash, a "
                        "hung launch past --kernel-timeout) is reported and the rest still run")
    p.add_argument("--kernel-timeout", type=float, default=120.0, help="seconds per kernel with --isolate")
    return p.parse_args(argv)


def load_manifest(bundle: Path, only: str = "") -> list[dict]:
    path = bundle / "manifest.json"
    if not path.is_file():
        raise SystemExit(f"no bundle at {bundle}: run `argus lower proofs/*.dsl --bundle {bundle}` first")
    entries = json.loads(path.read_text())
    names = [n.strip() for n in only.split(",") if n.strip()]
    if not names:
        return entries
    by_name = {e["name"]: e for e in entries}
    return [by_name[n] for n in dict.fromkeys(names) if n in by_name]   # in the order asked


def load_file_module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def sizes_for(entry: dict, which: str) -> dict[str, int] | None:
    return entry.get("bench_sizes" if which == "bench" else "test_sizes")


def shape_of(shape, sizes: dict[str, int]) -> tuple[int, ...]:
    return tuple(sizes[d] if isinstance(d, str) else int(d) for d in shape)


def host_arrays(entry: dict, sizes: dict[str, int], ref, seed: int):
    """(inputs for the reference, every argument with outputs poisoned), on the host."""
    import numpy as np
    from codegen_cuda.numerics import poisoned, random_array
    rng = np.random.default_rng(seed)
    if callable(getattr(ref, "make_inputs", None)):
        inputs = ref.make_inputs(dict(sizes), rng)
    else:
        inputs = {n: random_array(dt, shape_of(sh, sizes), rng) for n, dt, sh in entry["params"]}
    args = dict(inputs)
    for n, dt, sh in entry["params"]:
        if n in entry["outputs"]:
            args[n] = poisoned(dt, shape_of(sh, sizes))
    return inputs, args


def run_entry(entry: dict, bundle: Path, opts, backend, peaks: dict | None = None) -> dict:
    from codegen_cuda.launch import geometry, launch, load_module, sizes_for as checked_sizes
    from codegen_cuda.numerics import compare, tolerance
    from numba import cuda

    ref = load_file_module(bundle / entry["reference"], f"ref_{entry['name']}") if entry["reference"] else None
    which = "small" if opts.sim else opts.size
    sizes = sizes_for(entry, which)
    row = {"kernel": entry["name"], "sizes": sizes, "mode": "simulator" if opts.sim else "gpu"}
    model = entry.get("model") or {}
    if which == "bench" and "seconds" in model:     # computed when the bundle was written
        row["model"] = model
        row["model_ms"] = model["seconds"] * 1e3
    if ref is None or sizes is None:
        return row | {"error": "no reference or no sizes in the bundle"}
    mod = load_module(bundle / entry["module"])
    inputs, args = host_arrays(entry, sizes, ref, opts.seed)
    if backend is None:   # simulator: host arrays copied by numba
        dev = {k: cuda.to_device(v) for k, v in args.items()}
        stream = 0
    else:
        stream = backend.kernel_stream()
        tensors = {k: backend.to_device(v) for k, v in args.items()}
        dev = {k: backend.kernel_array(t) for k, t in tensors.items()}
    checked_sizes(mod, dev)
    grid, block, smem = geometry(mod, sizes)
    row |= {"grid": grid, "block": block, "smem_bytes": smem}
    t0 = time.perf_counter()
    launch(mod, dev, stream)
    cuda.synchronize()
    row["first_launch_s"] = time.perf_counter() - t0     # includes the JIT compile
    if backend is not None:
        row |= compiled_resources(mod.kernel)
    got = {k: (dev[k].copy_to_host() if backend is None else backend.to_host(tensors[k])) for k in mod.OUTPUTS}
    want = ref.reference({k: v.copy() for k, v in inputs.items()}, dict(sizes))
    tol = tolerance(dt for _, dt, _ in entry["params"])
    checks = [compare(k, got[k], want[k], tol) for k in mod.OUTPUTS]
    row["checks"] = [c.as_dict() for c in checks]
    row["ok"] = all(c.ok for c in checks)
    if backend is None:
        return row
    # timing: cycle through copies of every argument so no launch finds its data in L2
    size = sum(backend.nbytes(t) for t in tensors.values())
    copies = max(1, min(MAX_COPIES, math.ceil(ROTATE_BYTES / max(size, 1))))
    sets = [(tensors, dev)]
    for _ in range(copies - 1):
        more = {k: backend.to_device(v) for k, v in args.items()}
        sets.append((more, {k: backend.kernel_array(t) for k, t in more.items()}))
    row["input_copies"] = copies
    turn = itertools.cycle([d for _, d in sets])
    row["ms"] = backend.time_ms(lambda: launch(mod, next(turn), stream), opts.min_time)
    work = {"flops": getattr(ref, "flops", None), "bytes": getattr(ref, "bytes_moved", None)}
    if callable(work["flops"]):
        row["tflops"] = work["flops"](sizes) / row["ms"] / 1e9
    if callable(work["bytes"]):
        row["gbps"] = work["bytes"](sizes) / row["ms"] / 1e6
    if peaks:
        half = any(dt in ("f16", "bf16") for _, dt, _ in entry["params"])
        roof = []
        if callable(work["flops"]) and peaks.get("fp16_tflops" if half else "fp32_tflops"):
            roof.append(work["flops"](sizes) / (peaks["fp16_tflops" if half else "fp32_tflops"] * 1e9))
        if callable(work["bytes"]) and peaks.get("copy_gbps"):
            roof.append(work["bytes"](sizes) / (peaks["copy_gbps"] * 1e6))
        if roof:
            row["roofline_pct"] = 100 * max(roof) / row["ms"]
    if callable(getattr(ref, "vendor", None)):
        row |= vendor_row(ref, backend, [{k: t[k] for k in inputs} for t, _ in sets], sizes, want, tol, opts)
        if "vendor_ms" in row:
            row["vs_vendor"] = row["vendor_ms"] / row["ms"]
    return row


def compiled_resources(kernel) -> dict:
    """What the compiler gave the kernel (registers and local memory per thread, static shared
    memory per block), as numba-cuda reports it for the one specialisation launched: the
    cost model estimates registers, and local memory is where register tiles spill to."""
    out = {}
    for key, ask in (("registers", "get_regs_per_thread"), ("local_bytes_per_thread", "get_local_mem_per_thread"),
                     ("static_smem_bytes", "get_shared_mem_per_block")):
        try:
            value = getattr(kernel, ask)()
        except Exception:     # an older numba-cuda, or no single specialisation: left out
            continue
        if isinstance(value, dict):
            value = max(value.values()) if value else None
        if isinstance(value, int):
            out[key] = value
    return out


def vendor_row(ref, backend, input_sets, sizes, want, tol, opts) -> dict:
    """The reference's `vendor` (its computation in the vendor library, on the same device
    arrays): checked against the NumPy reference like the kernel, then timed; its time over
    the kernel's is `vs_vendor`. A baseline that does not run here is reported, not fatal."""
    from codegen_cuda.numerics import compare
    try:
        got = ref.vendor(input_sets[0], dict(sizes))
        checks = [compare(k, backend.to_host(v), want[k], tol) for k, v in sorted(got.items()) if k in want]
        out = {"vendor_ok": bool(checks) and all(c.ok for c in checks)}
        turn = itertools.cycle(input_sets)
        out["vendor_ms"] = backend.time_ms(lambda: ref.vendor(next(turn), dict(sizes)), opts.min_time)
        return out
    except Exception as err:
        return {"vendor_error": f"{type(err).__name__}: {err}"}


def measure_peaks(backend, min_time: float) -> dict:
    """The measured roofline of this card: device-to-device copy bandwidth (1 GiB), and
    cuBLAS at 8192^3 in fp16 (tensor cores) and fp32 (no TF32). torch only."""
    torch = backend.torch
    if torch is None:
        return {}
    out = {}
    src = torch.empty(1 << 28, dtype=torch.float32, device="cuda")
    dst = torch.empty_like(src)
    ms = backend.time_ms(lambda: dst.copy_(src), min_time)
    out["copy_gbps"] = 2 * src.numel() * 4 / ms / 1e6
    del src, dst
    n = 8192
    for name, dt in (("fp16_tflops", torch.float16), ("fp32_tflops", torch.float32)):
        a = torch.randn(n, n, device="cuda").to(dt)
        b = torch.randn(n, n, device="cuda").to(dt)
        torch.backends.cuda.matmul.allow_tf32 = False
        ms = backend.time_ms(lambda: a @ b, min_time)
        out[name] = 2 * n ** 3 / ms / 1e9
    return out


def table(rows: list[dict]) -> str:
    head = (f"{'kernel':<18} {'sizes':<26} {'ok':<4} {'ms':>9} {'model ms':>9} {'TFLOP/s':>8} {'GB/s':>8} "
            f"{'vendor ms':>10} {'% vendor':>9} {'% roof':>7}")
    lines = [head, "-" * len(head)]
    for r in rows:
        sizes = ",".join(f"{k}={v}" for k, v in (r.get("sizes") or {}).items())

        def num(key, fmt):
            return format(r[key], fmt) if key in r else "-"
        ok = "yes" if r.get("ok") else ("ERR" if "error" in r else "NO")
        pct = format(100 * r["vs_vendor"], "9.1f") if "vs_vendor" in r else f"{'-':>9}"
        lines.append(f"{r['kernel']:<18} {sizes:<26} {ok:<4} {num('ms', '9.3f')} {num('model_ms', '9.3f')} "
                     f"{num('tflops', '8.2f')} "
                     f"{num('gbps', '8.1f')} {num('vendor_ms', '10.3f')} {pct} {num('roofline_pct', '7.1f')}")
    return "\n".join(lines)


def numpy_alias_for_numba_cuda() -> None:
    """numba-cuda 0.30 registers an overload for np.row_stack, which NumPy 2.5 removed (it
    was an alias of np.vstack): its first kernel compile fails with an AttributeError. Seen
    on the H200 image (numba-cuda 0.30.4, numpy 2.5.2) on 2026-12-04. Restore the alias."""
    import numpy as np
    if not hasattr(np, "row_stack"):
        np.row_stack = np.vstack


def run_isolated(opts) -> int:
    """Each kernel left runs in a child `gpu.py` (the roofline measured once, by the first):
    a kernel that takes its process down (a segfault, an unrecoverable CUDA error, a launch
    past --kernel-timeout) becomes an error row, and the next child carries on after it."""
    import subprocess
    import threading
    keep = ["--bundle", str(opts.bundle), "--size", opts.size, "--seed", str(opts.seed),
            "--min-time", str(opts.min_time)] + (["--sim"] if opts.sim else [])
    out = opts.json or Path(os.environ.get("OUT", ".")) / "gpu_bench.json"
    child = out.with_name(out.name + ".child")
    remaining = [e["name"] for e in load_manifest(opts.bundle, opts.only)]
    rows, peaks = [], json.loads(opts.peaks) if opts.peaks else {}
    while remaining:
        cmd = [sys.executable, "-X", "faulthandler", str(Path(__file__).resolve()), *keep,
               "--only", ",".join(remaining), "--json", str(child)]
        if peaks:
            cmd += ["--peaks", json.dumps(peaks)]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
        last = [time.monotonic()]      # when the child last reported a kernel

        def watchdog(proc=proc, last=last):
            while proc.poll() is None:
                if time.monotonic() - last[0] > opts.kernel_timeout:
                    proc.kill()
                    return
                time.sleep(0.5)
        threading.Thread(target=watchdog, daemon=True).start()
        for line in proc.stdout:
            try:
                obj = json.loads(line)
            except ValueError:
                continue            # the child's table: the parent prints its own
            print(line, end="", flush=True)
            if "peaks" in obj:
                peaks = obj["peaks"]
            elif obj.get("kernel") in remaining:
                rows.append(obj)
                remaining.remove(obj["kernel"])
                last[0] = time.monotonic()
        code = proc.wait()
        if remaining:     # the child died on the first kernel it had not reported
            row = {"kernel": remaining.pop(0), "error": f"its process ended with status {code}"}
            rows.append(row)
            print(json.dumps(row), flush=True)
    child.unlink(missing_ok=True)
    out.write_text(json.dumps({"backend": "isolated", "peaks": peaks, "rows": rows}, indent=2) + "\n")
    print(table(rows))
    return 0 if all(r.get("ok") for r in rows) else 1


def main(argv=None) -> int:
    opts = parse_args(argv)
    if opts.isolate:
        return run_isolated(opts)
    if opts.sim:
        os.environ["NUMBA_ENABLE_CUDASIM"] = "1"   # before numba is imported
        sys.setswitchinterval(1e-3)
    os.environ.setdefault("NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS", "0")
    numpy_alias_for_numba_cuda()
    sys.path.insert(0, str(REPO))
    entries = load_manifest(opts.bundle, opts.only)
    backend = None
    if not opts.sim:
        why = device_missing()
        if why:
            print(f"bench/gpu.py: {why}; nothing timed (`--sim` runs the bundle on the CUDA simulator)",
                  file=sys.stderr)
            return 2
        backend = Backend()
    peaks = json.loads(opts.peaks) if opts.peaks else {}
    if backend is not None and not peaks:
        try:
            peaks = measure_peaks(backend, opts.min_time)
        except Exception as err:   # the table still comes, without the roofline column
            peaks = {"error": f"{type(err).__name__}: {err}"}
        print(json.dumps({"peaks": peaks}), flush=True)
    rows = []
    out = opts.json or Path(os.environ.get("OUT", ".")) / "gpu_bench.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    for entry in entries:
        try:
            row = run_entry(entry, opts.bundle, opts, backend, peaks)
        except Exception as err:   # one broken kernel must not hide the others' numbers
            row = {"kernel": entry["name"], "error": f"{type(err).__name__}: {err}"}
        rows.append(row)
        print(json.dumps(row), flush=True)
        # rewritten after every kernel: a run cut short by a time limit keeps what it measured
        partial = out.with_name(out.name + ".part")
        partial.write_text(json.dumps({"backend": getattr(backend, "name", "simulator"), "peaks": peaks,
                                       "rows": rows}, indent=2) + "\n")
        partial.replace(out)
    print(table(rows))
    return 0 if all(r.get("ok") for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())

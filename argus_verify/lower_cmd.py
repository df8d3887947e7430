"""`argus lower` (print or bundle the generated Numba CUDA source) and `argus run`
(launch once on the GPU or the CUDA simulator and compare with the NumPy reference).

Exit codes: 0 ok (outputs match), 1 mismatch or the kernel faulted when run, 2 bad
input (kernel, sizes, reference, unsupported construct), 4 internal error (cli.py).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from .source import load_kernel
from .render import format_diagnostic


def cache_dir() -> Path:
    """Where generated modules go: $ARGUS_CACHE, else ./.argus_cache. Read at the edge, as
    the house rules ask; everything below gets a Path."""
    return Path(os.environ.get("ARGUS_CACHE") or ".argus_cache")


def _load(path: str):
    kernel, diags, text = load_kernel(path)
    if kernel is None:
        for d in diags:
            print(format_diagnostic(d, text), file=sys.stderr)
    return kernel, text


def lower_main(args) -> int:
    from codegen_cuda.module import lower
    from codegen_cuda.runner import RunError, check_sizes, parse_sizes
    from codegen_cuda.scalar import LoweringError, evaluate
    status = 0
    for path in args.files:
        kernel, text = _load(path)
        if kernel is None:
            status = 2
            continue
        try:
            lowered = lower(kernel, text)
            sizes = check_sizes(kernel, parse_sizes(args.size)) if args.size else None
        except (LoweringError, RunError) as err:
            print(f"{path}: error: {err}", file=sys.stderr)
            status = 2
            continue
        if args.bundle:
            from codegen_cuda.bundle import add_to_bundle
            out = add_to_bundle(Path(args.bundle), kernel, lowered, Path(path))
            print(f"{path}: wrote {out}")
            continue
        if args.ptx or args.sass or args.resources:
            status = max(status, _compiled(args, kernel, lowered))
            continue
        sys.stdout.write(lowered.source)
        if sizes is not None:
            env = sizes | {c.name: c.value for c in kernel.consts}
            grid = tuple(evaluate(g, env) for g in kernel.grid) + (1,) * (3 - len(kernel.grid))
            print(f"\n# launch for {', '.join(f'{k}={v}' for k, v in sizes.items())}: grid {grid}, "
                  f"block ({kernel.threads}, 1, 1), dynamic shared memory {lowered.smem_bytes} bytes")
    return status


def _compiled(args, kernel, lowered) -> int:
    from codegen_cuda.compile import CompileUnavailable, compile_kernel
    try:
        result = compile_kernel(lowered, cache_dir(), arch=args.arch)
    except CompileUnavailable as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.ptx:
        sys.stdout.write(result.ptx)
    if args.sass:
        sys.stdout.write(result.sass)
    if args.resources:
        print(f"{kernel.name} ({args.arch}): {result.resources}")
    return 0


def run_main(args) -> int:
    from codegen_cuda.runner import RunError, RunOptions, parse_sizes, run_kernel
    from codegen_cuda.scalar import LoweringError
    kernel, text = _load(args.file)
    if kernel is None:
        return 2
    opts = RunOptions(sim=args.sim, seed=args.seed, cache_dir=cache_dir(),
                      reference=Path(args.reference) if args.reference else None)
    status = 0
    try:
        for sizes in ([parse_sizes(args.size)] if args.size else _test_sizes(args, opts)):
            result = run_kernel(kernel, text, Path(args.file), sizes, opts)
            print(result.table())
            status = max(status, 0 if result.ok else 1)
    except (LoweringError, RunError) as err:
        print(f"{args.file}: error: {err}", file=sys.stderr)
        return 2
    return status


def _test_sizes(args, opts) -> list[dict]:
    """Without --size: the reference's TEST_SIZES (one {name: value} or a list of them)."""
    from codegen_cuda.runner import RunError, load_reference, reference_path
    path = opts.reference or reference_path(Path(args.file))
    sizes = getattr(load_reference(path), "TEST_SIZES", None)
    choices = [sizes] if isinstance(sizes, dict) else sizes if isinstance(sizes, list) else None
    if not choices or not all(isinstance(c, dict) for c in choices):
        raise RunError(f"no --size given and {path} defines no TEST_SIZES (a dict such as "
                       "{\"M\": 128, \"N\": 128}, or a list of them)")
    return [dict(c) for c in choices]


def register(sub) -> None:
    lo = sub.add_parser("lower", help="print the Numba CUDA kernel a DSL kernel lowers to")
    lo.add_argument("files", nargs="+", metavar="FILE")
    lo.add_argument("--size", default="", help="e.g. M=128,N=128,K=64: also print the launch geometry")
    lo.add_argument("--bundle", metavar="DIR", help="write the modules, references and manifest.json "
                    "for bench/gpu.py into DIR instead of printing")
    lo.add_argument("--ptx", action="store_true", help="compile offline and print the PTX")
    lo.add_argument("--sass", action="store_true", help="compile offline and print the SASS")
    lo.add_argument("--resources", action="store_true", help="registers, shared and local memory per thread")
    lo.add_argument("--arch", default="sm_90a", help="target of --ptx/--sass/--resources (default sm_90a)")
    lo.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    lo.set_defaults(handler=lower_main)
    run = sub.add_parser("run", help="launch once (GPU, or the CUDA simulator) and compare with the "
                         "NumPy reference in <kernel>.ref.py")
    run.add_argument("file", metavar="FILE")
    run.add_argument("--size", default="", help="e.g. M=128,N=128,K=64 (default: the reference's TEST_SIZES)")
    run.add_argument("--sim", action="store_true", help="use the CUDA simulator even if a GPU is present")
    run.add_argument("--seed", type=int, default=0)
    run.add_argument("--reference", metavar="PY", help="the reference file (default: FILE with .ref.py)")
    run.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    run.set_defaults(handler=run_main)

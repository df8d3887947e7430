"""A checked kernel as the text of a self-contained Python module: the `@cuda.jit`
kernel plus its launch geometry (sizes from argument shapes, the `assume`s, grid,
threads, dynamic shared bytes). The module imports only math, numba and numba.cuda,
so it runs where neither the DSL front end nor the verifier is installed.
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from dsl import ir
from encode.target import DEFAULT_TARGET, load_target

from . import plan as planning
from .emit import Emitter
from .emit_common import numba_type, uses_builtin
from .module_names import module_names_distinct
from .scalar import HELPERS, LoweringError, ScalarEmitter, mentions_data, py_name

FORMAT_VERSION = 1


@dataclass(frozen=True)
class Lowered:
    name: str            # the kernel's name
    source: str          # the module text
    smem_bytes: int
    threads: int
    outputs: tuple[str, ...]

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.source.encode()).hexdigest()[:16]

    def write(self, directory: Path) -> Path:
        """Write the module as `<name>_<digest>.py` (a real file: Numba's simulator and
        lineinfo need one) and return its path; an existing identical file is kept."""
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{self.name}_{self.digest}.py"
        if not path.exists() or path.read_text() != self.source:
            tmp = path.with_suffix(f".{os.getpid()}.tmp")   # one per process: parallel writers never share it
            tmp.write_text(self.source)
            tmp.replace(path)
        return path


def output_params(kernel: ir.Kernel) -> tuple[str, ...]:
    stored = {s.dst.tensor for s in ir.walk(kernel.body) if isinstance(s, ir.Store)}
    return tuple(p.name for p in kernel.params if p.name in stored)


def size_sources(kernel: ir.Kernel) -> dict[str, tuple[str, int]]:
    """For each size name, the first (parameter, dimension) whose extent it is."""
    out: dict[str, tuple[str, int]] = {}
    for p in kernel.params:
        for d, e in enumerate(p.shape):
            if isinstance(e, ir.Sym) and e.kind is ir.SymKind.SIZE and e.name not in out:
                out[e.name] = (p.name, d)
    return out


def lower(kernel: ir.Kernel, source: str | None = None, target: str = DEFAULT_TARGET) -> Lowered:
    """The module text for a checked kernel; raises LoweringError for unsupported input,
    and for a kernel whose shared memory, with the lowering's own scratch copies, exceeds
    the target's per-block limit (the verifier's RES rule counts only declared buffers)."""
    limit = load_target(target).shared_bytes_per_block
    plan = planning.build(kernel, limit)
    _distinct_names(kernel, plan)
    if plan.smem_bytes > limit:
        scratch = sum(b.elems * b.dtype.nbytes for b in plan.shared.values() if b.scratch_for)
        raise LoweringError(f"the kernel needs {plan.smem_bytes} bytes of shared memory per block "
                            f"({scratch} of them for register tiles read across threads), more than "
                            f"{target}'s {limit}", kernel.span)
    em = Emitter(plan, source)
    em.block(kernel.body)
    if em.uses_cp_async:
        # no cp.async may still write shared memory when the block exits (the next block on
        # the multiprocessor may own it): a prefetch no wait_group waited for is drained here
        # (held-out round 46); one wait on a thread's own empty queue costs nothing. A copy
        # issued after the last commit is in no group, and wait_group waits only for groups
        # (PTX; held-out round 49: the last clamped prefetch, issued after its iteration's
        # commit, outlived the block): commit first, as cp.async.wait_all does
        em.line("# the block's end: wait for every cp.async still in flight")
        em.waits.add(0)
        em.call("cp_async_commit()")
        em.line("cp_async_wait_0()")
    body = em.out
    head = _kernel_head(plan, em)
    host = ScalarEmitter(plan.consts, device=False)
    launch = _launch_section(kernel, plan, host)
    helpers = [HELPERS[h] for h in sorted(em.scalar.used | host.used)]
    outputs = output_params(kernel)
    launch.insert(launch.index("") if "" in launch else len(launch),
                  f"VECTOR_ARGS = ({''.join(f'{chr(34)}{a}{chr(34)}, ' for a in sorted(em.vector_args))})"
                  "   # read with 16-byte instructions: must be 16-byte aligned")
    if em.tensor_maps:
        launch += _tensor_map_section(em.tensor_maps)
    parts = [
        _preamble(kernel, plan, em.types, body),
        *([runtime_source(em.waits)] if em.runtime or em.uses_mbar or em.wgmmas else []),
        *([mbar_runtime_source(em.maxnreg)] if em.uses_mbar else []),
        *([wgmma_runtime_source(em.wgmma_widths, em.wgmma_waits)] if em.wgmmas else []),
        "\n".join(launch),
        *helpers,
        "\n".join([f"def {py_name(kernel.name)}({', '.join([py_name(p.name) for p in kernel.params] + list(em.tensor_maps))}):"]
                  + head + body) + "\n",
        _jit_line(py_name(kernel.name), bool(em.maxnreg)),
    ]
    text = "\n\n".join(p.rstrip("\n") + "\n" for p in parts)
    module_names_distinct(kernel, text)
    return Lowered(kernel.name, text, plan.smem_bytes, kernel.threads, outputs)


RUNTIME_MARKER = "# ---- argus runtime:"


def runtime_source(waits: set[int]) -> str:
    """codegen_cuda/ptx.py from its marker line on, plus one cp.async wait per count used."""
    text = (Path(__file__).parent / "ptx.py").read_text()
    text = text[text.index(RUNTIME_MARKER):]
    waits_text = "".join(f"cp_async_wait_{n} = make_cp_async_wait({n})\n" for n in sorted(waits))
    return text.rstrip("\n") + "\n\n" + waits_text + "# ---- end of argus runtime ----\n"


def _uses_index(kernel: ir.Kernel) -> bool:
    """Does some tile expression compute with element coordinates (`index(x, axis=a)`, i32)?"""
    from dsl import exprs
    return any(isinstance(n, ir.Call) and n.func == "index" for s in ir.walk(kernel.body)
               if isinstance(s, ir.Compute) for n in exprs.iter_nodes(s.value))


def _compares(kernel: ir.Kernel) -> bool:
    """Does some tile expression compare integers of coordinates or scalars (in int64)?"""
    from dsl import exprs
    return any(isinstance(n, ir.Bin) and n.op in ir.COMPARISONS for s in ir.walk(kernel.body)
               if isinstance(s, ir.Compute) for n in exprs.iter_nodes(s.value))


def _reads_elements(kernel: ir.Kernel) -> bool:
    """Does some statement read an element of an integer input (lowered as an int64 value)?"""
    from encode.elem_reads import reads
    return any(reads(s) for s in ir.walk(kernel.body))


def _cast_types(kernel: ir.Kernel) -> set[str]:
    """The Numba types that casts in tile expressions name (an intermediate `cast(x, i32)` in
    `cast(cast(x, i32), f32)` is the type of no tile), and int32, in which a cast of a scalar
    (`cast(R, f32)`, `cast(block.x, f32)`) computes its operand (held-out round 28: a NameError
    at launch)."""
    from dsl import exprs
    casts = [n for s in ir.walk(kernel.body) if isinstance(s, ir.Compute)
             for n in exprs.iter_nodes(s.value) if isinstance(n, ir.Cast)]
    scalar = any(not exprs.free_syms(n.operand, ir.SymKind.TENSOR) for n in casts)
    return {numba_type(n.dtype) for n in casts} | ({"int32"} if scalar else set())


def mbar_runtime_source(maxnreg: set[tuple[str, int]] = frozenset()) -> str:
    """codegen_cuda/ptx_mbar.py from its marker line on (after ptx.py's runtime, whose helpers
    it uses), plus one setmaxnreg intrinsic per (direction, count) used."""
    text = (Path(__file__).parent / "ptx_mbar.py").read_text()
    regs = "".join(f"setmaxnreg_{w}_{n} = make_setmaxnreg(\"{w}\", {n})\n" for w, n in sorted(maxnreg))
    return (text[text.index(RUNTIME_MARKER):].rstrip("\n") + "\n\n" + regs
            + "# ---- end of argus mbarrier runtime ----\n")


def _jit_line(name: str, capped: bool) -> str:
    if not capped:
        return f"kernel = cuda.jit({name})\n"
    # setmaxnreg needs a register cap at entry; the simulator's jit takes no launch_bounds
    return ("LAUNCH_BOUNDS = (THREADS, 1)\n"
            f"kernel = cuda.jit({name}) if config.ENABLE_CUDASIM else cuda.jit(launch_bounds=LAUNCH_BOUNDS)({name})\n")


def wgmma_runtime_source(widths: set[int], waits: set[int]) -> str:
    """codegen_cuda/ptx_wgmma.py from its marker line on, plus one instruction per width and wait."""
    text = (Path(__file__).parent / "ptx_wgmma.py").read_text()
    made = "".join(f"wgmma_m64n{n}k16 = make_wgmma({n})\n" for n in sorted(widths))
    made += "".join(f"wgmma_wait_{n} = make_wgmma_wait({n})\n" for n in sorted(waits))
    return text[text.index(RUNTIME_MARKER):].rstrip("\n") + "\n\n" + made + "# ---- end of argus wgmma runtime ----\n"


def _preamble(kernel: ir.Kernel, plan: planning.Plan, extra: set[str], body: list[str]) -> str:
    types = sorted(set(extra) | {numba_type(p.dtype) for p in kernel.params}
                   | {numba_type(b.dtype) for b in plan.shared.values()}
                   | {numba_type(t.dtype) for t in plan.tiles.values()} | {"float32", "float64", "int64"}
                   | ({"int32"} if _uses_index(kernel) else set()) | _cast_types(kernel)
                   | ({"int64"} if _reads_elements(kernel) or _compares(kernel) else set()))
    lines = [
        f"# Generated by Argus from {Path(kernel.file).name} (kernel {kernel.name}); do not edit.",
        "# Lowering: docs/LOWERING.md. Each tile statement runs, in every thread, over the elements",
        "# that thread owns under the statement's thread-value layout (docs/SEMANTICS.md).",
        f"# argus-lowering-format: {FORMAT_VERSION}",
        "import math",
        "",
        "import numpy as np",
        "from numba import config, cuda, types",
        f"from numba.types import {', '.join(types)}",
        "",
        "if config.ENABLE_CUDASIM:",
        "    # The simulator runs this module as Python, where NumPy's scalar types are the same",
        "    # casts as Numba's and much cheaper to call (arrays are allocated with types.*).",
        f"    {', '.join(types)} = {', '.join('np.bool_' if t == 'boolean' else 'np.' + t for t in types)}",
        *_total_math(body),
        "",
    ]
    lines += [f"{py_name(c.name)} = {c.value}" for c in kernel.consts]
    return "\n".join(lines)


# Python's math raises where a GPU's libdevice returns inf or nan (exp(1000.0), log(-1.0),
# sqrt(-1.0), pow(0.0, -1.0)); the simulator calls these through NumPy's float64 functions,
# which return those values, so that a correct kernel does not fault there. The result is
# rounded to the argument's float type, as a GPU's f32 functions return f32: a Python float
# kept f64 between math calls (`exp(a) * exp(a)` did not overflow f32) and divided with
# Python's `/`, which raises ZeroDivisionError where a GPU gives inf or nan (held-out round 34).
TOTAL_MATH = {"exp": "np.exp", "log": "np.log", "log2": "np.log2", "sqrt": "np.sqrt", "pow": "np.power",
              "fmod": "np.fmod", "tanh": "np.tanh", "erf": "np.vectorize(_math.erf)"}


def _total_math(body: list[str]) -> list[str]:
    """The simulator's rebinding of the math functions the body calls that may raise or
    return a Python float."""
    used = [f for f in TOTAL_MATH if any(f"math.{f}(" in line for line in body)]
    if not used:
        return []
    return [
        "    # Python's math raises on overflow and domain errors where the GPU returns inf or nan:",
        "    # here those functions are NumPy's, computed in float64 and returned in the argument's",
        "    # float type (float32 for float32, float64 otherwise; docs/LOWERING.md).",
        "    _math, math = math, type(math)(\"math\")",
        "    math.__dict__.update(vars(_math))",
        "",
        "    def _sim_math(fn):",
        "        def call(*a):",
        "            t = np.result_type(*a)",
        "            t = t.type if t.kind == \"f\" and t.itemsize >= 4 else np.float64",
        "            with np.errstate(all=\"ignore\"):",
        "                return t(fn(*(np.float64(x) for x in a)))",
        "        return call",
        *(f"    math.{f} = _sim_math({TOTAL_MATH[f]})" for f in used),
    ]


def _launch_section(kernel: ir.Kernel, plan: planning.Plan, host: ScalarEmitter) -> list[str]:
    srcs = size_sources(kernel)
    sizes = [py_name(s) for s in kernel.sizes]
    params = ", ".join(f"(\"{p.name}\", \"{p.dtype.value}\", ({''.join(_shape_item(e) for e in p.shape)}))"
                       for p in kernel.params)
    outputs = "".join(f"\"{o}\", " for o in output_params(kernel))
    grid = [host.emit(g) for g in kernel.grid] + ["1"] * (3 - len(kernel.grid))
    assumes = " and ".join(f"({host.emit(a)})" for a in kernel.assumes if not mentions_data(a)) or "True"
    lines = [
        f"THREADS = {kernel.threads}",
        f"SMEM_BYTES = {plan.smem_bytes}   # dynamic shared memory per block",
        f"PARAMS = ({params},)",
        f"OUTPUTS = ({outputs})",
        f"SIZES = ({''.join(f'{chr(34)}{s}{chr(34)}, ' for s in kernel.sizes)})",
        "",
        "",
        f"def sizes_of({', '.join(py_name(p.name) for p in kernel.params)}):",
        "    return {" + ", ".join(f"\"{s}\": {py_name(srcs[s][0])}.shape[{srcs[s][1]}]" for s in kernel.sizes) + "}",
        "",
        "",
        f"def check_sizes({', '.join(sizes)}):",
        "    \"\"\"The kernel's `assume`s: the proof holds only for sizes that satisfy them.\"\"\"",
        f"    return bool({assumes})",
        "",
        "",
        f"def grid({', '.join(sizes)}):",
        f"    return ({', '.join(grid)})",
    ]
    return lines


def _distinct_names(kernel: ir.Kernel, plan) -> None:
    """Refuse a kernel two of whose things would share one Python name in the module: a
    tensor, size, constant, loop variable, register tile or shared buffer of the kernel, or
    a buffer the lowering adds (`x__s`, a tile's shared copy; `m__r`, a reduction's partials),
    or a name py_name renames (`_a` is `v__a`). One would overwrite the other: held-out
    round 25 had a tile `m__r` take a reduction's partials and a tile named like a loop
    variable rebound by the loop (wrong numbers on the simulator)."""
    things = [(kind, n, py_name(n)) for kind, n in planning.kernel_names(kernel, plan.tiles)]
    for key, b in plan.shared.items():
        if b.scratch_for:
            things.append(("shared copy of", b.scratch_for, py_name(b.scratch_for) + "__s"))
        elif b.partials_for:
            things.append(("reduction scratch of", b.partials_for, py_name(key)))
        else:
            things.append(("shared buffer", key, py_name(key)))
    seen: dict[str, tuple[str, str]] = {}
    for kind, name, ident in things:
        other = seen.setdefault(ident, (kind, name))
        if other != (kind, name):
            raise LoweringError(f"the {other[0]} '{other[1]}' and the {kind} '{name}' would both be the Python "
                                f"name '{ident}' in the generated module: rename one of them", kernel.span)


def _tensor_map_section(maps: dict) -> list[str]:
    """The tensor maps the kernel takes after its tensors (codegen_cuda/tma_tensor.py), and
    the host function that builds them from the launch's arrays."""
    items = "".join(f"(\"{arg}\", \"{tb.tensor}\", \"{tb.dtype}\", {tb.box}, {tb.swizzle}), "
                    for arg, tb in maps.items())
    return ["", "",
            f"TENSOR_MAPS = ({items})   # (kernel parameter, tensor, dtype, box, swizzle bytes): built at launch",
            "", "",
            "def tensor_map_args(arrays):",
            "    \"\"\"The kernel's tensor-map arguments for these arrays (after the tensors).\"\"\"",
            "    return tuple(tensor_map(arrays[t], dt, box, sw) for _, t, dt, box, sw in TENSOR_MAPS)"]


def _shape_item(e: ir.Expr) -> str:
    if isinstance(e, ir.IntLit):
        return f"{e.value}, "
    return f"\"{e.name}\", "


def _kernel_head(plan: planning.Plan, em: Emitter) -> list[str]:
    k = plan.kernel
    srcs = size_sources(k)
    out = [f"    {py_name(s)} = {py_name(srcs[s][0])}.shape[{srcs[s][1]}]" for s in k.sizes]
    out += ["    _tid = cuda.threadIdx.x"]
    out += [f"    _b{a} = cuda.blockIdx.{a}" for a in "xyz"[: max(1, len(k.grid))]]
    if uses_builtin(k, ir.Builtin.WARP):
        out.append("    _warp = _tid // 32")
    if uses_builtin(k, ir.Builtin.LANE):
        out.append("    _lane = _tid % 32")
    if plan.shared:
        out.append(f"    # shared memory: one dynamic allocation of SMEM_BYTES = {plan.smem_bytes} bytes, "
                   "one slice per buffer")
        for dt in sorted({b.dtype for b in plan.shared.values()}, key=lambda d: d.value):
            out.append(f"    _smem_{dt.value} = cuda.shared.array(0, types.{numba_type(dt)})")
        for b in plan.shared.values():
            name = py_name(b.scratch_for) + "__s" if b.scratch_for else py_name(b.name)
            lo = b.offset // b.dtype.nbytes
            what = f"materialised {b.scratch_for}" if b.scratch_for else \
                f"partials of {b.partials_for}, {b.dtype.value}[{b.elems}] (a parallel reduction)" if b.partials_for \
                else _shared_desc(b)
            out.append(f"    {name} = _smem_{b.dtype.value}[{lo}:{lo + b.elems}]   # {what}")
        swizzled = {r.tensor for s in ir.walk(k.body) if id(s) in em.wgmmas for r in s.shared} | em.swizzle_aligned
        for name in sorted(swizzled):   # the swizzle the proof assumed is the hardware's only there
            out.append(f"    swizzle_aligned({py_name(name)})   # trap unless on a 1024-byte boundary of the shared window")
    arrays = [t for t in plan.tiles.values() if t.needs_array]
    if arrays:
        out.append("    # register tiles: each thread holds only the elements it owns")
        for t in arrays:
            out.append(f"    {py_name(t.name)} = cuda.local.array({t.dist.values}, types.{numba_type(t.dtype)})"
                       f"   # {t.dtype.value}{list(t.shape)}, {t.dist.label}: {t.dist.tv}")
    for code, (name, label) in em.thread_parts.items():
        out.append(f"    {name} = {code}   # thread part of {label}")
    for code, name in em.hoisted.items():
        out.append(f"    {name} = {code}")
    return out


def _shared_desc(b: planning.SharedBuf) -> str:
    text = f"{b.dtype.value}{list(b.shape)}"
    if b.swizzle is not None:
        text += f" swizzle({b.swizzle.bits}, {b.swizzle.base}, {b.swizzle.shift})"
    if b.layout is not None:
        text += f" layout {b.layout}"
    return text


__all__ = ["Lowered", "lower", "output_params", "size_sources"]

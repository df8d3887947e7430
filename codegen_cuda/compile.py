"""Offline compilation of a generated kernel (no GPU, no driver): PTX through NVVM, a
cubin through nvJitLink (LTO, so the fp16 shims inline), SASS and the resource usage
through nvdisasm/cuobjdump. Needs the pinned NVIDIA wheels (docs/LOWERING.md); without
them CompileUnavailable says which is missing. Must not run under NUMBA_ENABLE_CUDASIM.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .module import Lowered

DTYPES = {"f16": "float16", "f32": "float32", "f64": "float64", "i8": "int8", "i32": "int32",
          "i64": "int64", "bool": "boolean"}


class CompileUnavailable(Exception):
    """The NVIDIA compiler wheels (or the tools) are not installed here."""


@dataclass(frozen=True)
class Compiled:
    ptx: str
    sass: str
    resources: str          # cuobjdump's line, e.g. "REG:40 STACK:0 SHARED:0 LOCAL:0 ..."
    cubin: bytes

    def resource(self, key: str) -> int:
        m = re.search(rf"\b{key}:(\d+)", self.resources)
        return int(m.group(1)) if m else -1


def _cc(arch: str) -> tuple:
    m = re.fullmatch(r"sm_(\d+)(\d)(a?)", arch)
    if not m:
        raise CompileUnavailable(f"unknown arch {arch!r}; use e.g. sm_90a or sm_80")
    return (int(m.group(1)), int(m.group(2))) + ((m.group(3),) if m.group(3) else ())


def _tool(name: str) -> str:
    import nvidia
    for base in [Path(p) for p in getattr(nvidia, "__path__", [])]:
        for cand in base.glob(f"*/bin/{name}"):
            return str(cand)
    found = shutil.which(name)
    if found is None:
        raise CompileUnavailable(f"{name} not found: pip install nvidia-cuda-{name}")
    return found


def signature(mod):
    from numba import types
    tensors = tuple(types.Array(getattr(types, DTYPES[dt]), len(shape), "C") for _, dt, shape in mod.PARAMS)
    maps = tuple(types.Array(types.uint8, 1, "C") for _ in getattr(mod, "TENSOR_MAPS", ()))   # 128-byte CUtensorMaps
    return tensors + maps


def compile_kernel(lowered: Lowered, cache_dir: Path, arch: str = "sm_90a") -> Compiled:
    import os
    if os.environ.get("NUMBA_ENABLE_CUDASIM") == "1":
        raise CompileUnavailable("offline compilation cannot run under NUMBA_ENABLE_CUDASIM=1")
    try:
        import nvidia  # noqa: F401  (the namespace the NVIDIA wheels install into)
        from cuda.core import Linker, LinkerOptions, ObjectCode
        from numba import cuda
    except ImportError as err:
        raise CompileUnavailable(f"{err}: pip install 'nvidia-nvvm==13.0.*' 'nvidia-cuda-nvrtc==13.0.*' "
                                 "'nvidia-nvjitlink==13.0.*'") from None
    from .launch import load_module
    mod = load_module(lowered.write(cache_dir))
    cc, sig = _cc(arch), signature(mod)
    pyfunc = mod.kernel.py_func
    try:
        bounds = getattr(mod, "LAUNCH_BOUNDS", None)   # the module's register cap (setmaxnreg)
        ptx, _ = cuda.compile_ptx(pyfunc, sig, cc=cc, launch_bounds=bounds)
        codes, _ = cuda.compile_all(pyfunc, sig, device=False, abi="numba", output="ltoir", cc=cc,
                                    launch_bounds=bounds)
    except Exception as err:   # NVVM / NVRTC not found shows up here
        if "DynamicLibNotFound" in type(err).__name__ or "not found" in str(err).lower():
            raise CompileUnavailable(f"{type(err).__name__}: {err}") from None
        raise
    objs = [ObjectCode.from_ltoir(bytes(c)) if isinstance(c, (bytes, bytearray)) else c for c in codes]
    cubin = bytes(Linker(*objs, options=LinkerOptions(arch=arch, link_time_optimization=True)).link("cubin").code)
    with tempfile.TemporaryDirectory(prefix="argus_cubin_") as tmp:
        path = Path(tmp) / f"{lowered.name}.cubin"
        path.write_bytes(cubin)
        sass = subprocess.run([_tool("nvdisasm"), "-c", str(path)], capture_output=True, text=True,
                              check=True).stdout
        usage = subprocess.run([_tool("cuobjdump"), "--dump-resource-usage", str(path)],
                               capture_output=True, text=True, check=True).stdout
    resources = next((line.strip() for line in usage.splitlines() if "REG:" in line), usage.strip())
    return Compiled(ptx, sass, resources, cubin)

"""Loading a generated kernel module and launching it: grid, block and dynamic shared
memory from the module's launch geometry and the concrete argument shapes.

Numba is imported here, lazily, and nowhere else in codegen_cuda: whether the CUDA
simulator is used is fixed by NUMBA_ENABLE_CUDASIM before that import, so a process
runs either real launches or simulated ones (the runner starts a child per run).
This module must not import dsl/ or encode/: bench/gpu.py uses it where they are absent.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

STATIC_SMEM_LIMIT = 48 * 1024   # above this a block needs the dynamic shared memory opt-in


class LaunchError(Exception):
    """Arguments that do not fit the kernel (shapes, sizes outside the `assume`s)."""


def load_module(path: Path) -> ModuleType:
    """Import a generated module from its file (a real file: the simulator and
    lineinfo read the source). Each file gets its own module name."""
    path = Path(path).resolve()
    name = f"argus_generated_{path.stem}"
    if name in sys.modules and getattr(sys.modules[name], "__file__", None) == str(path):
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def sizes_for(mod: ModuleType, arrays: dict) -> dict[str, int]:
    """The sizes the arguments give, checked against every parameter's shape and the
    kernel's `assume`s."""
    missing = [p for p, _, _ in mod.PARAMS if p not in arrays]
    if missing:
        raise LaunchError(f"missing arguments: {', '.join(missing)}")
    # positional: the module's parameter names are py_name'd (a size `max` is `v_max` there)
    sizes = {k: int(v) for k, v in mod.sizes_of(*[arrays[p] for p, _, _ in mod.PARAMS]).items()}
    for name, _, shape in mod.PARAMS:
        want = tuple(sizes[d] if isinstance(d, str) else d for d in shape)
        got = tuple(arrays[name].shape)
        if got != want:
            raise LaunchError(f"{name} has shape {got}; the kernel needs {want} for sizes {sizes}")
    if not mod.check_sizes(*[sizes[n] for n in mod.SIZES]):
        raise LaunchError(f"sizes {sizes} do not satisfy the kernel's assumptions")
    return sizes


def geometry(mod: ModuleType, sizes: dict[str, int]) -> tuple[tuple[int, int, int], tuple[int, int, int], int]:
    """(grid, block, dynamic shared bytes) of one launch."""
    grid = tuple(int(g) for g in mod.grid(*[sizes[n] for n in mod.SIZES]))
    if any(g < 1 for g in grid):
        # the proof starts from "the grid has at least one block" (DSL.md, "The header"): an
        # `assume` that allows these sizes does not make them covered (held-out round 34)
        raise LaunchError(f"empty grid {grid} for sizes {sizes}: the proof's premise is a grid of at least "
                          f"one block in every dimension, so these sizes are outside what was proved "
                          f"(an `assume` that keeps every grid dimension >= 1 excludes them)")
    return grid, (mod.THREADS, 1, 1), mod.SMEM_BYTES


def check_vector_args(mod: ModuleType, arrays: dict) -> None:
    """Tensors the kernel reads with 16-byte instructions must start on a 16-byte
    boundary and be C-contiguous (the lowering proved the offsets inside them aligned)."""
    for name in getattr(mod, "VECTOR_ARGS", ()):
        iface = getattr(arrays[name], "__cuda_array_interface__", None)
        if iface is None:       # simulator arrays: the runtime checks each access itself
            continue
        if iface["data"][0] % 16:
            raise LaunchError(f"{name} starts at address {iface['data'][0]:#x}, not 16-byte aligned; the "
                              "kernel reads it with 16-byte instructions")
        strides, shape = iface.get("strides"), tuple(iface["shape"])
        if strides is not None:
            step, want = int(iface["typestr"][2:]), []
            for n in reversed(shape):
                want.insert(0, step)
                step *= n
            if tuple(strides) != tuple(want):
                raise LaunchError(f"{name} is not C-contiguous (strides {tuple(strides)}); the kernel reads "
                                  "it with 16-byte instructions")


def launch(mod: ModuleType, arrays: dict, stream=0) -> tuple:
    """Launch once on device (or simulator) arrays; returns the geometry used."""
    sizes = sizes_for(mod, arrays)
    check_vector_args(mod, arrays)
    grid, block, smem = geometry(mod, sizes)
    if smem > STATIC_SMEM_LIMIT:
        allow_dynamic_smem(mod, arrays, smem)
    mod.kernel[grid, block, stream, smem](*kernel_args(mod, arrays))
    return grid, block, smem


def kernel_args(mod: ModuleType, arrays: dict) -> list:
    """The tensors in parameter order, then the tensor maps the module builds for them."""
    maps = mod.tensor_map_args(arrays) if hasattr(mod, "tensor_map_args") else ()
    return [arrays[p] for p, _, _ in mod.PARAMS] + list(maps)


def allow_dynamic_smem(mod: ModuleType, arrays: dict, nbytes: int) -> None:
    """Opt the compiled kernel in to more than 48 KiB of dynamic shared memory.

    numba-cuda has no API for it (NVIDIA/numba-cuda#94); this sets the driver attribute
    the way numba's own shared_memory_carveout does (CudaPythonFunction.
    set_shared_memory_carveout). Not yet run on a GPU."""
    from numba import config
    if config.ENABLE_CUDASIM:
        return
    from cuda.bindings import driver as binding
    from numba.cuda.cudadrv.driver import driver
    args = kernel_args(mod, arrays)
    compiled = mod.kernel.compile(tuple(mod.kernel.typeof_pyval(a) for a in args))
    cufunc = compiled._codelibrary.get_cufunc()
    attr = binding.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
    driver.cuKernelSetAttribute(attr, nbytes, cufunc.handle, cufunc.device.id)

"""Keep the C heap's freed memory in the process, so that fresh Z3 contexts stop page-faulting.

Every solver query builds a fresh Z3 context (encode/solver.py) that allocates and frees
megabytes. glibc's default hands large freed blocks straight back to the kernel (mmap'd
blocks, and the heap top past 128 KiB), so the next context faults the same pages in again:
3.2 M minor faults and 4.5 of 11.5 CPU seconds for the proofs/ library in one process.
With a fixed mmap threshold and a high trim threshold the freed pages are reused instead
(65 K faults, 7.5 s). Nothing Z3 computes depends on it; where the C library is not glibc
(no `mallopt`) nothing changes.
"""
from __future__ import annotations

import ctypes

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3     # glibc's <malloc.h> parameter numbers
TRIM_BYTES = 1 << 30                             # give the heap top back only past 1 GiB free
MMAP_BYTES = 1 << 25                             # glibc's largest threshold (32 MiB): blocks below come from the heap


def keep_freed_memory() -> bool:
    """Tune glibc's allocator for the verifier's allocation pattern; True where it applied.
    The settings are idempotent, so calling this more than once is harmless."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes, mallopt.restype = (ctypes.c_int, ctypes.c_int), ctypes.c_int
    return bool(mallopt(M_TRIM_THRESHOLD, TRIM_BYTES)) and bool(mallopt(M_MMAP_THRESHOLD, MMAP_BYTES))

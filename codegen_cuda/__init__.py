"""Lowering of the typed IR to Numba CUDA kernels, launching and timing."""

"""Markers of the codegen tests."""


def pytest_configure(config):
    config.addinivalue_line("markers", "simulator: launches kernels on the Numba CUDA simulator "
                            "(a child process each); CI runs them; deselect with -m 'not simulator'")
    config.addinivalue_line("markers", "offline_compile: compiles to PTX/cubin with the NVIDIA wheels; "
                            "skipped when they are not installed")

"""The installed package's version, for `--version` and the SARIF tool description."""
from __future__ import annotations

DISTRIBUTION = "argus-kernels"


def version() -> str:
    from importlib.metadata import PackageNotFoundError, version as installed
    try:
        return installed(DISTRIBUTION)
    except PackageNotFoundError:     # run from a checkout without installing it
        return "unknown (not installed)"

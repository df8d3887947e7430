"""The process that launches a generated kernel: `python -m codegen_cuda.child MODULE DIR`.

It reads DIR/inputs.npz (every parameter, outputs already poisoned), launches once and
writes DIR/outputs.npz and DIR/result.json. The parent chooses real GPU or simulator by
setting NUMBA_ENABLE_CUDASIM before this process imports numba. No dsl/ or encode/ here.
"""
from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path


def exit_with_parent(parent: int, period_s: float = 0.5) -> None:
    """End this process once its parent (pid `parent`, which the runner passes in
    ARGUS_PARENT_PID: one already gone leaves another parent pid) is gone: a parent stopped by
    a signal (`timeout`, Ctrl-C on a tool that ran `argus run`) cannot kill it, and a
    hanging kernel on the simulator had run on for 25 minutes with nobody to read it."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(period_s)
        os._exit(3)
    threading.Thread(target=watch, name="argus-parent-watch", daemon=True).start()


def main(argv: list[str]) -> int:
    module_path, io_dir = Path(argv[0]), Path(argv[1])
    exit_with_parent(int(os.environ.get("ARGUS_PARENT_PID", os.getppid())))
    sys.setswitchinterval(1e-3)   # simulated threads hand over the GIL faster: ~2x quicker
    import numpy as np
    from numba import config, cuda

    from codegen_cuda.launch import load_module, launch

    mod = load_module(module_path)
    with np.load(io_dir / "inputs.npz") as data:
        host = {k: data[k] for k in data.files}
    dev = {k: cuda.to_device(np.ascontiguousarray(v)) for k, v in host.items()}
    start = time.perf_counter()
    grid, block, smem = launch(mod, dev)
    cuda.synchronize()
    seconds = time.perf_counter() - start
    out = {k: dev[k].copy_to_host() for k in mod.OUTPUTS}
    np.savez(io_dir / "outputs.npz", **out)
    mode = "simulator" if config.ENABLE_CUDASIM else "gpu"
    (io_dir / "result.json").write_text(json.dumps(
        {"mode": mode, "seconds": seconds, "grid": grid, "block": block, "smem_bytes": smem}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

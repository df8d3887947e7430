"""NumPy reference for gemm_tiled_no_end_barrier.dsl: proofs/gemm_tiled.dsl's, since the
kernel differs from it only by a barrier."""
import pathlib
import runpy

globals().update(runpy.run_path(str(pathlib.Path(__file__).resolve().parents[3] / "proofs" / "gemm_tiled.ref.py")))

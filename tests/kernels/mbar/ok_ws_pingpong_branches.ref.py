"""NumPy reference: the kernel computes what ok_ws_pingpong.dsl does (only its producer's
round is split over two branches), so this is that kernel's reference."""
import importlib.util
from pathlib import Path

_SIBLING = Path(__file__).with_name("ok_ws_pingpong.ref.py")
_spec = importlib.util.spec_from_file_location("ok_ws_pingpong_ref", _SIBLING)
_ref = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_ref)

TEST_SIZES = _ref.TEST_SIZES
reference = _ref.reference

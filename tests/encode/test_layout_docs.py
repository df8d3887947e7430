# Every `>>>` example in docs/LAYOUT.md is executed, so the guide cannot drift from the code.
import doctest
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "LAYOUT.md"


def test_layout_guide_examples_run():
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS,
                              verbose=False, report=True)
    assert result.attempted > 30
    assert result.failed == 0

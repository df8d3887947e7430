"""Names in the generated module (held-out round 25): two things of a kernel that would be
one Python name there are refused, never lowered to code where one overwrites the other,
and a reduction's scratch buffer avoids every name of the kernel."""
from __future__ import annotations

from pathlib import Path

import pytest

from codegen_cuda.module import lower
from codegen_cuda.scalar import LoweringError
from codegen_support import checked

NAMES = Path(__file__).parent / "names"

CLASHES = [
    ("names_c06_names_s.dsl", "the register tile 'm__s' and the shared copy of 'm'"),     # a tile's shared copy
    ("names_c11_vprefix.dsl", "'_a' and the register tile 'v__a'"),                        # py_name's rename
    ("names_c01_namecollide.dsl", "the loop variable 'i' and the register tile 'i'"),      # the loop rebinds it
]

# Held-out round 26: a kernel's name that the module's own code (runtime, launch section) binds
# too: a constant SW128 beside the wgmma runtime's (a proved kernel computed C * 2^62), a
# constant SIZES, a kernel named like its constant, a tile named like a runtime function.
MODULE_CLASHES = [
    ("names_n08_const_SW128_wgmma.dsl", "'SW128' would name two things"),
    ("names_n01_const_SIZES.dsl", "'SIZES' would name two things"),
    ("names_n07_kernel_named_const.dsl", "'BM' would name two things"),
    ("names_n11_tile_wgmma_fence.dsl", "the kernel's 'wgmma_fence' would hide a function"),
]


@pytest.mark.parametrize("name,words", MODULE_CLASHES, ids=[c[0] for c in MODULE_CLASHES])
def test_a_name_the_generated_module_binds_already_is_refused(name, words):
    kernel, text = checked(NAMES / name)
    with pytest.raises(LoweringError) as err:
        lower(kernel, text)
    assert words in str(err.value)


@pytest.mark.parametrize("name,sizes", [("names_n12_size_named_max.dsl", {"max": 128}),
                                        ("names_n13_size_named_underscore.dsl", {"_n": 128})])
def test_a_size_the_module_renames_launches(name, sizes):
    """Sizes `max` and `_n` are `v_max` and `v__n` in the module; the launcher passes sizes by
    position (it passed them by their DSL names and check_sizes() failed)."""
    from codegen_cuda.differential import check_lowering
    path = NAMES / name
    kernel, text = checked(path)
    assert check_lowering(kernel, text, path.with_suffix(".ref.py"), [sizes], seeds=(0,)).verdict == "ok"


@pytest.mark.parametrize("name,words", CLASHES, ids=[c[0] for c in CLASHES])
def test_two_things_one_python_name_is_refused(name, words):
    kernel, text = checked(NAMES / name)
    with pytest.raises(LoweringError, match="would both be the Python name") as err:
        lower(kernel, text)
    assert words in str(err.value)


def test_a_reduction_scratch_avoids_the_kernels_names_and_runs():
    """A register tile named m__r beside the cross-warp max of m: the partials' buffer takes
    another name (it had been the tile's, and the owners read their own local array)."""
    from codegen_cuda.differential import check_lowering
    path = NAMES / "names_c05_names_silent.dsl"
    kernel, text = checked(path)
    source = lower(kernel, text).source
    assert "m__r = _smem_" not in source
    assert check_lowering(kernel, text, path.with_suffix(".ref.py"), [{"R": 8}], seeds=(0,)).verdict == "ok"

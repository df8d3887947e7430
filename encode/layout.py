# The public face of the CuTe-semantics layout algebra: import everything from here.
# The value type lives in layout_core, the algebra in layout_ops, swizzles in swizzle,
# solver terms in layout_symbolic; see docs/LAYOUT.md.
from __future__ import annotations

from encode.layout_core import (
    Layout,
    LayoutError,
    coalesce,
    cosize,
    crd2idx,
    depth,
    filter_zeros,
    idx2crd,
    make_layout,
    make_layout_from_string,
    parse_layout,
    rank,
    same_function,
    size,
    slice_and_offset,
    values,
)
from encode.layout_ops import (
    blocked_product,
    complement,
    composition,
    flat_divide,
    flat_product,
    left_inverse,
    logical_divide,
    logical_product,
    raked_product,
    right_inverse,
    tile_to_shape,
    tiled_divide,
    tiled_product,
    zipped_divide,
    zipped_product,
)
from encode.layout_symbolic import (
    bv_width_for,
    domain_facts,
    eval_symbolic,
    eval_symbolic_bv,
    swizzle_symbolic,
)
from encode.swizzle import ComposedLayout, Swizzle

# C++ `filter` (drop stride-0 and size-1 modes, coalesce). `filter_zeros` is the same
# function here, not C++'s filter_zeros (which only sets the extent of stride-0 modes
# to 1). The name shadows the builtin only where it is imported.
filter = filter_zeros  # noqa: A001

__all__ = [
    "ComposedLayout", "Layout", "LayoutError", "Swizzle",
    "blocked_product", "bv_width_for", "coalesce", "complement", "composition", "cosize",
    "crd2idx", "depth", "domain_facts", "eval_symbolic", "eval_symbolic_bv", "filter",
    "filter_zeros", "flat_divide", "flat_product", "idx2crd", "left_inverse",
    "logical_divide", "logical_product", "make_layout", "make_layout_from_string",
    "parse_layout", "raked_product", "rank", "right_inverse", "same_function", "size",
    "slice_and_offset", "swizzle_symbolic", "tile_to_shape", "tiled_divide",
    "tiled_product", "values", "zipped_divide", "zipped_product",
]

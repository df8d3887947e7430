"""The lowering's thread-value distributions are the verifier's: every (thread, value)
of every register tile and tile statement of the shipped kernels lands where
encode/threads.owner says, and the printed arithmetic evaluates the layouts exactly."""
from __future__ import annotations

import itertools
import random

import pytest

from codegen_cuda import distribute as dist
from codegen_cuda import plan as planning
from codegen_support import checked, extra_kernels, proof_kernels
from dsl import ir
from encode.layout import Layout, Swizzle
from encode.threads import owner


def _coords(e: int, shape) -> tuple[int, ...]:
    out = []
    for n in reversed(shape):
        out.append(e % n)
        e //= n
    return tuple(reversed(out))


def _explicit(tile_type) -> bool:
    return tile_type.layout is not None and tile_type.layout.kind == "layout"


@pytest.mark.parametrize("path", proof_kernels() + extra_kernels(), ids=lambda p: p.stem)
def test_register_tiles_follow_the_verifiers_owner(path):
    _check_owners(path, explicit=False)


def test_explicit_layout_tiles_follow_the_verifiers_owner():
    _check_owners(next(p for p in proof_kernels() if p.stem == "gemm_regblock"), explicit=True)


def _check_owners(path, explicit: bool):
    kernel, _ = checked(path)
    plan = planning.build(kernel)
    types = {s.target.name: s.target for s in ir.walk(kernel.body)
             if isinstance(s, (ir.Zeros, ir.Load, ir.Mma, ir.Compute))}
    for name, tile in plan.tiles.items():
        if _explicit(types[name]) != explicit:
            continue
        d = tile.dist
        seen = set()
        for t, v in itertools.product(range(d.threads), range(d.values)):
            e = d.tv(t, v)
            if e >= d.elements:
                continue
            assert owner(types[name], tile.shape, kernel.threads, _coords(e, tile.shape), plan.consts)[0] == t
            seen.add(e)
        assert seen == set(range(d.elements)), f"{name}: some elements have no owner"


def _eval(code: str, var: str, x: int) -> int:
    return eval(code, {}, {var: x})   # our own generated arithmetic, nothing else


@pytest.mark.parametrize("layout", [
    Layout((4, 8), (2, 8)), Layout(((4, 8), (2, 2)), ((2, 8), (1, 64))), Layout(256, 1),
    Layout((128, 8), (8, 1)), Layout(((8, 8), (8, 8)), ((8, 512), (1, 64))), Layout((3, 1, 5), (0, 7, 3)),
])
def test_layout_code_evaluates_the_layout(layout):
    for mode in range(len(layout.shape)) if isinstance(layout.shape, tuple) else [None]:
        m = layout if mode is None else layout[mode]
        code = dist.layout_code(m, "x")
        size = 1
        for s in (m.shape if isinstance(m.shape, tuple) else (m.shape,)):
            size *= s if isinstance(s, int) else __import__("math").prod(dist._flat(s))
        for x in range(size):
            assert _eval(code, "x", x) == m(x), (m, code, x)


@pytest.mark.parametrize("bits, base, shift", [(2, 3, 3), (3, 3, 3), (1, 4, 2), (2, 0, -2)])
def test_swizzle_code_is_the_swizzle(bits, base, shift):
    sw = Swizzle(bits, base, shift)
    code = dist.swizzle_code(sw, "o")
    for o in random.Random(0).sample(range(1 << 14), 2000):
        assert _eval(code, "o", o) == sw(o)


@pytest.mark.parametrize("shape", [(16,), (4, 8), (3, 128, 32), (1, 64), (2, 1, 3)])
def test_unravel_is_row_major(shape):
    import math
    codes = dist.unravel("e", shape)
    for e in range(math.prod(shape)):
        assert tuple(_eval(c, "e", e) for c in codes) == _coords(e, shape)


def test_default_distribution_pads_small_tiles():
    d = dist.default((16, 1), 256)
    assert (d.active_threads, d.values, d.padded) == (256, 1, True)
    d = dist.default((128, 128), 256)
    assert (d.values, d.padded) == (64, False)

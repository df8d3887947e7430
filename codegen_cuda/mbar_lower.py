"""Lowering of mbarriers and bulk copies: statements of docs/SEMANTICS.md to the runtime
calls of codegen_cuda/ptx_mbar.py (inline PTX on a GPU, Python on the simulator).

A `tma_load` becomes, in the issuing thread, one `cp.async.bulk.tensor` of the tile's box
through a tensor map built at launch when the tile qualifies (codegen_cuda/tma_tensor.py),
else one non-tensor `cp.async.bulk` per row of the tile (each row one contiguous run of
global memory); either completes the tile's bytes, which `expect_tx` names, on the
statement's mbarrier. A wait is a spin on mbarrier.try_wait.parity. A `setmaxnreg`
calls the runtime's intrinsic for its direction and count (the module then launches with
launch_bounds (threads, 1), the register cap setmaxnreg needs at entry).
"""
from __future__ import annotations

import math

from dsl import exprs, ir

from . import tma_tensor, vector
from .plan import fold
from .scalar import LoweringError, py_name

RUNTIME = ("mbar_init", "mbar_fence_init", "fence_proxy_async", "mbar_arrive", "mbar_arrive_expect_tx", "mbar_try_wait", "bulk_g2s",
           "tma_tensor_g2s_2d", "tma_tensor_g2s_3d", "tensor_map")


def emit(em, s) -> None:
    em.line(em.describe(s))
    em.uses_mbar = True
    match s:
        case ir.MbarAlloc(name=n, size=size, count=count):
            em.line("if _tid == 0:")
            em.line(f"    for _m in range({fold(size, em.plan.consts)}):")
            em.line(f"        mbar_init({py_name(n)}, _m, {fold(count, em.plan.consts)})")
            em.line("    mbar_fence_init()")
            em.line("cuda.syncthreads()")
        case ir.Arrive(bar=b, tx_bytes=None):
            em.line(f"mbar_arrive({py_name(b.bar)}, {em.scalar.emit(b.index)})")
        case ir.Arrive(bar=b, tx_bytes=n):
            em.line(f"mbar_arrive_expect_tx({py_name(b.bar)}, {em.scalar.emit(b.index)}, "
                    f"{fold(n, em.plan.consts)})")
        case ir.MbarWait(bar=b, parity=p):
            em.line(f"while mbar_try_wait({py_name(b.bar)}, {em.scalar.emit(b.index)}, "
                    f"({em.scalar.emit(p)}) % 2) == 0:")
            em.line("    pass")
        case ir.SetMaxNReg(inc=inc, count=n):
            way, regs = ("inc" if inc else "dec"), fold(n, em.plan.consts)
            em.maxnreg.add((way, regs))
            em.line(f"setmaxnreg_{way}_{regs}()")
        case ir.TmaLoad():
            tb, why = tma_tensor.tensor_box(em.plan, s, em.sizes)
            if tb is not None:
                tma_tensor.emit(em, s, tb)
            elif s.mask is not None:
                raise LoweringError(f"a masked tma_load needs the tensor-map form (its zero fill), and {why}", s.span)
            else:
                em.line(f"# not a tensor-map copy: {why}")
                _bulk(em, s)


def _bulk(em, s: ir.TmaLoad) -> None:
    plan = em.plan
    buf = plan.shared[s.dst.tensor]
    shape = [fold(x, plan.consts) for x in exprs.tile_shape(s.dst)]
    row_bytes = shape[-1] * buf.dtype.nbytes
    vec = vector.vector_width(buf.dtype)
    if row_bytes % 16 or not (vector.global_origin_aligned(plan, s.src, vec, em.sizes)
                              and vector.shared_origin_aligned(plan, buf, s.dst, vec, em.sizes)):
        raise LoweringError("a bulk copy needs 16-byte rows, 16-byte aligned on both sides (the tile's last "
                            "extent, its origins and the tensors' row strides)", s.span)
    em.vector_args.add(s.src.tensor)
    # a swizzled or laid-out destination keeps only 16-byte chunks contiguous: one copy each
    chunked = buf.swizzle is not None or buf.layout is not None
    if chunked:
        piece = 16 // buf.dtype.nbytes
        shape = shape[:-1] + [shape[-1] // piece, piece]
        row_bytes = 16
    rows = math.prod(shape[:-1])
    em.line(f"for _r in range({rows}):   # one cp.async.bulk of {row_bytes} bytes per "
            + ("16-byte chunk" if chunked else "row"))
    em.depth += 1
    coords, rest = [], "_r"
    for n in reversed(shape[:-1]):
        coords.insert(0, f"({rest}) % {n}")
        rest = f"({rest}) // {n}"
    if chunked:
        coords[-1] = f"({coords[-1]}) * {piece}"
    else:
        coords.append("0")
    src, sidx = em.address_parts(s.src, coords)
    dst, didx = em.address_parts(s.dst, coords)
    em.line(f"bulk_g2s({dst}, {didx}, {src}, ({sidx},), {row_bytes}, {py_name(s.bar.bar)}, "
            f"{em.scalar.emit(s.bar.index)})")
    em.depth -= 1

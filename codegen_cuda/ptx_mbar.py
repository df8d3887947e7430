"""mbarriers and bulk copies for generated kernels: inline PTX on a GPU, and a pure-Python
fallback with the same semantics on the CUDA simulator.

Runtime code, pasted into a generated module after codegen_cuda/ptx.py's runtime (whose
`_asm`, `_element_ptr`, `_intrinsic`, `_llvm` and `_nt` its GPU half uses). An mbarrier
is 4 int64 words of shared memory, 16-byte aligned: the hardware's 8-byte object in the
first, and on the simulator the completed-phase count, the pending arrivals, the
transaction bytes and the arrival count. The bulk copy is the non-tensor
`cp.async.bulk` of one contiguous run (a row of a tile) completing its bytes on an
mbarrier; the simulator copies it at once (a legal landing time) and completes its bytes.
The tensor copy `cp.async.bulk.tensor` moves a whole box through a tensor map that
`tensor_map` builds on the host at launch (cuTensorMapEncodeTiled); on the simulator the
map holds the box's extents and swizzle mode, and the copy fills the box's elements
outside the tensor with zeros, places each 16-byte chunk where the mode's XOR of byte
offset bits [4, 4+b) with [7, 7+b) puts it (on offsets within the buffer: on the GPU,
absolute addresses, which the kernel checks agree), and completes the full box's bytes,
as the hardware does. setmaxnreg (one
intrinsic per direction and count, like cp.async.wait_group) is a no-op on the simulator.
"""
# ---- argus runtime: mbarriers and bulk copies (codegen_cuda/ptx_mbar.py) ----
import math

import numpy as np
from numba import config as _config
from numba import cuda

if _config.ENABLE_CUDASIM:
    import threading as _mthreading

    # Simulated threads are Python threads: one update at a time, under this condition's lock.
    # A waiter sleeps on it until a phase completes (every completion notifies), instead of
    # spinning on the GIL while the thread it waits for (the producer) needs it.
    _MBAR_LOCK = _mthreading.Condition()
    _MBAR_NAP_S = 0.1   # the longest a try_wait suspends before answering 0 (re-polled: no timing assumption)

    def mbar_init(bar, i, count):
        bar[4 * i], bar[4 * i + 1], bar[4 * i + 2], bar[4 * i + 3] = 0, count, 0, count

    def mbar_fence_init():
        pass

    def fence_proxy_async():
        """fence.proxy.async: one memory, nothing to order across proxies."""

    def _mbar_settle(bar, i):
        if bar[4 * i + 1] == 0 and bar[4 * i + 2] == 0:
            bar[4 * i] += 1
            bar[4 * i + 1] = bar[4 * i + 3]
            _MBAR_LOCK.notify_all()

    def _mbar_arrive(bar, i, nbytes):
        with _MBAR_LOCK:
            if bar[4 * i + 1] <= 0:
                raise RuntimeError(f"mbarrier {i}: an arrival on a phase whose arrivals are all in")
            bar[4 * i + 2] += nbytes
            bar[4 * i + 1] -= 1
            _mbar_settle(bar, i)

    def mbar_arrive(bar, i):
        """mbarrier.arrive: one arrival on the current phase."""
        _mbar_arrive(bar, i, 0)

    def mbar_arrive_expect_tx(bar, i, nbytes):
        """mbarrier.arrive.expect_tx: add nbytes to the phase's transaction count, then arrive."""
        _mbar_arrive(bar, i, nbytes)

    def mbar_try_wait(bar, i, parity):
        """mbarrier.try_wait.parity: 1 once the phase of this parity has completed (the
        completed-phase count's parity differs from it). Like the hardware's, it may
        suspend the thread until the phase completes or a time limit passes, then answer."""
        with _MBAR_LOCK:
            return 1 if _MBAR_LOCK.wait_for(lambda: bar[4 * i] % 2 != parity % 2, _MBAR_NAP_S) else 0

    def bulk_g2s(dst, di, src, si, nbytes, bar, i):
        """cp.async.bulk global -> shared of nbytes contiguous bytes, completing on bar[i]."""
        n = nbytes // dst.itemsize
        flat = int(np.ravel_multi_index(si, src.shape))
        if nbytes % 16 or (di * dst.itemsize) % 16 or (flat * src.itemsize) % 16:
            raise RuntimeError(f"cp.async.bulk of {nbytes} bytes at shared element {di}, global element "
                               f"{flat}: not a 16-byte multiple or not 16-byte aligned")
        lead, last = tuple(si[:-1]), si[-1]
        for k in range(n):
            dst[di + k] = src[lead + (last + k,)]
        with _MBAR_LOCK:
            bar[4 * i + 2] -= nbytes
            _mbar_settle(bar, i)
    def _tma_tensor(dst, di, src, tmap, coords, bar, i):
        """cp.async.bulk.tensor of the map's box at `coords` (outermost first): the box in
        row-major order at dst[di:], its 16-byte chunks swizzled by the map's mode, zeros
        where it leaves the tensor; completes its bytes."""
        rank = int(tmap[0])
        box, swizzle = tuple(int(b) for b in tmap[1:1 + rank]), int(tmap[1 + rank])
        if len(box) != len(coords) or len(box) != len(src.shape):
            raise RuntimeError(f"tensor map of rank {len(box)} used with {len(coords)} coordinates")
        if (di * dst.itemsize) % (1024 if swizzle else 128):
            raise RuntimeError(f"cp.async.bulk.tensor into shared element {di}: not "
                               f"{1024 if swizzle else 128}-byte aligned")
        tile = np.zeros(box, dtype=dst.dtype)
        inside, part = [], []
        for c, b, n in zip(coords, box, src.shape):
            lo, hi = max(int(c), 0), min(int(c) + b, n)
            inside.append(slice(lo, max(lo, hi)))
            part.append(slice(lo - int(c), max(lo, hi) - int(c)))
        if all(s.stop > s.start for s in inside):
            tile[tuple(part)] = src[tuple(inside)]
        n = tile.size
        at = (di + np.arange(n)) * dst.itemsize          # byte offsets in the buffer, row-major
        if swizzle:
            at ^= ((at >> 7) & (swizzle // 16 - 1)) << 4
        dst[at // dst.itemsize] = tile.ravel()
        with _MBAR_LOCK:
            bar[4 * i + 2] -= n * dst.itemsize
            _mbar_settle(bar, i)

    def tma_tensor_g2s_2d(dst, di, src, tmap, c0, c1, bar, i):
        _tma_tensor(dst, di, src, tmap, (c0, c1), bar, i)

    def make_setmaxnreg(way, n):
        def setmaxnreg():
            """setmaxnreg: nothing to do where registers are Python values."""
        return setmaxnreg

    def tma_tensor_g2s_3d(dst, di, src, tmap, c0, c1, c2, bar, i):
        _tma_tensor(dst, di, src, tmap, (c0, c1, c2), bar, i)
else:
    def _two_shared(a, b, body):
        """`body` with operands $a and $b (generic addresses) as 32-bit shared addresses %sa32, %sb32."""
        return ("{ .reg .u64 %sa, %sb; .reg .u32 %sa32, %sb32; .reg .b64 %st; .reg .pred %sp; "
                f"cvta.to.shared.u64 %sa, ${a}; cvt.u32.u64 %sa32, %sa; "
                f"cvta.to.shared.u64 %sb, ${b}; cvt.u32.u64 %sb32, %sb; " + body + " }")

    def _bar_ptr(context, builder, sig, args, k):
        return _element_ptr(context, builder, sig.args[k], args[k], _nt.intp,
                            builder.mul(context.cast(builder, args[k + 1], sig.args[k + 1], _nt.intp),
                                        _llvm.Constant(_llvm.IntType(64), 4)))

    @_intrinsic
    def mbar_init(typingctx, bar, i, count):
        def codegen(context, builder, sig, args):
            p = _bar_ptr(context, builder, sig, args, 0)
            c = context.cast(builder, args[2], sig.args[2], _nt.uint32)
            _asm(builder, _llvm.VoidType(), [p, c], _two_shared(0, 0, "mbarrier.init.shared::cta.b64 [%sa32], $1;"),
                 "l,r,~{memory}")
            return context.get_dummy_value()
        return _nt.void(bar, i, count), codegen

    @_intrinsic
    def mbar_fence_init(typingctx):
        def codegen(context, builder, sig, args):
            _asm(builder, _llvm.VoidType(), [], "fence.mbarrier_init.release.cluster;", "~{memory}")
            return context.get_dummy_value()
        return _nt.void(), codegen

    @_intrinsic
    def fence_proxy_async(typingctx):
        """fence.proxy.async.global: this thread's generic writes to global memory become
        visible to the async proxy (a bulk copy that reads them after a barrier; PTX memory
        consistency model, proxies)."""
        def codegen(context, builder, sig, args):
            _asm(builder, _llvm.VoidType(), [], "fence.proxy.async.global;", "~{memory}")
            return context.get_dummy_value()
        return _nt.void(), codegen

    @_intrinsic
    def mbar_arrive(typingctx, bar, i):
        def codegen(context, builder, sig, args):
            p = _bar_ptr(context, builder, sig, args, 0)
            _asm(builder, _llvm.VoidType(), [p],
                 _two_shared(0, 0, "mbarrier.arrive.shared::cta.b64 %st, [%sa32];"), "l,~{memory}")
            return context.get_dummy_value()
        return _nt.void(bar, i), codegen

    @_intrinsic
    def mbar_arrive_expect_tx(typingctx, bar, i, nbytes):
        def codegen(context, builder, sig, args):
            p = _bar_ptr(context, builder, sig, args, 0)
            n = context.cast(builder, args[2], sig.args[2], _nt.uint32)
            _asm(builder, _llvm.VoidType(), [p, n],
                 _two_shared(0, 0, "mbarrier.arrive.expect_tx.shared::cta.b64 %st, [%sa32], $1;"),
                 "l,r,~{memory}")
            return context.get_dummy_value()
        return _nt.void(bar, i, nbytes), codegen

    @_intrinsic
    def mbar_try_wait(typingctx, bar, i, parity):
        def codegen(context, builder, sig, args):
            p = _bar_ptr(context, builder, sig, args, 0)
            par = context.cast(builder, args[2], sig.args[2], _nt.uint32)
            return _asm(builder, _llvm.IntType(32), [p, par],
                        _two_shared(1, 1, "mbarrier.try_wait.parity.shared::cta.b64 %sp, [%sa32], $2; "
                                    "selp.u32 $0, 1, 0, %sp;"), "=r,l,r,~{memory}")
        return _nt.uint32(bar, i, parity), codegen

    @_intrinsic
    def bulk_g2s(typingctx, dst, di, src, si, nbytes, bar, i):
        def codegen(context, builder, sig, args):
            d = _element_ptr(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            s = _element_ptr(context, builder, sig.args[2], args[2], sig.args[3], args[3])
            n = context.cast(builder, args[4], sig.args[4], _nt.uint32)
            b = _bar_ptr(context, builder, sig, args, 5)
            _asm(builder, _llvm.VoidType(), [d, b, s, n],
                 _two_shared(0, 1, "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes "
                             "[%sa32], [$2], $3, [%sb32];"), "l,l,l,r,~{memory}")
            return context.get_dummy_value()
        return _nt.void(dst, di, src, si, nbytes, bar, i), codegen


    def _tma_tensor_codegen(rank):
        """cp.async.bulk.tensor.<rank>d of the box at the coordinates (outermost first in
        the call, innermost first in PTX) through the tensor map in global memory."""
        coords = ", ".join(f"${3 + d}" for d in reversed(range(rank)))
        text = _two_shared(0, 1, f"cp.async.bulk.tensor.{rank}d.shared::cluster.global.mbarrier::complete_tx::bytes "
                           f"[%sa32], [$2, {{{coords}}}], [%sb32];")

        def codegen(context, builder, sig, args):
            d = _element_ptr(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            m = _element_ptr(context, builder, sig.args[3], args[3], _nt.intp, context.get_constant(_nt.intp, 0))
            b = _bar_ptr(context, builder, sig, args, 4 + rank)
            cs = [context.cast(builder, args[4 + k], sig.args[4 + k], _nt.int32) for k in range(rank)]
            _asm(builder, _llvm.VoidType(), [d, b, m, *cs], text, "l,l,l" + ",r" * rank + ",~{memory}")
            return context.get_dummy_value()
        return codegen

    def make_setmaxnreg(way, n):
        """setmaxnreg.inc/dec.sync.aligned.u32 n (n is an immediate in PTX, so one intrinsic per n)."""
        @_intrinsic
        def setmaxnreg(typingctx):
            def codegen(context, builder, sig, args):
                _asm(builder, _llvm.VoidType(), [], f"setmaxnreg.{way}.sync.aligned.u32 {int(n)};", "~{memory}")
                return context.get_dummy_value()
            return _nt.void(), codegen
        return setmaxnreg

    @_intrinsic
    def tma_tensor_g2s_2d(typingctx, dst, di, src, tmap, c0, c1, bar, i):
        return _nt.void(dst, di, src, tmap, c0, c1, bar, i), _tma_tensor_codegen(2)

    @_intrinsic
    def tma_tensor_g2s_3d(typingctx, dst, di, src, tmap, c0, c1, c2, bar, i):
        return _nt.void(dst, di, src, tmap, c0, c1, c2, bar, i), _tma_tensor_codegen(3)


_TMAP_NBYTES = {"f32": 4, "f16": 2, "bf16": 2, "i32": 4}
_TMAP_TYPES = {"f32": "FLOAT32", "f16": "FLOAT16", "bf16": "BFLOAT16", "i32": "INT32"}
# Built maps by (address, shape, dtype, box): a map depends on nothing else, and a timed
# launch must not pay a host-to-device copy for it each time.
_TMAPS = {}
_TMAP_MAX_DIM = (1 << 31) - 1


def tensor_map(array, dtype, box, swizzle=0):
    """The tensor map of `box` (outermost first) over a C-contiguous array, writing shared
    memory with the 32, 64 or 128-byte swizzle mode (0: none): on a GPU the 128-byte
    CUtensorMap in device memory (zero fill outside the tensor); on the simulator the box's
    rank, extents and swizzle bytes, all the simulated copy needs."""
    shape = tuple(int(n) for n in (getattr(array, "shape", None) or array.__cuda_array_interface__["shape"]))
    if any(n > _TMAP_MAX_DIM for n in shape):
        # the copy's box coordinates are 32-bit signed (.s32): past 2^31 they would wrap
        raise RuntimeError(f"a tensor map addresses at most {_TMAP_MAX_DIM} elements per dimension (its "
                           f"coordinates are 32-bit), and this tensor has shape {shape}")
    if _config.ENABLE_CUDASIM:
        return np.array((len(box),) + tuple(box) + (swizzle,), dtype=np.int64)
    from cuda.bindings import driver as _cu
    addr = int(array.__cuda_array_interface__["data"][0])
    key = (addr, shape, dtype, tuple(box), swizzle)
    if key not in _TMAPS:
        rank, nbytes = len(shape), _TMAP_NBYTES[dtype]
        dims = [shape[rank - 1 - d] for d in range(rank)]                      # innermost first
        strides = [math.prod(shape[rank - d:]) * nbytes for d in range(1, rank)]   # bytes, dims 1..rank-1
        err, tmap = _cu.cuTensorMapEncodeTiled(
            getattr(_cu.CUtensorMapDataType, "CU_TENSOR_MAP_DATA_TYPE_" + _TMAP_TYPES[dtype]), rank, addr,
            [_cu.cuuint64_t(n) for n in dims], [_cu.cuuint64_t(n) for n in strides],
            [_cu.cuuint32_t(n) for n in reversed(box)], [_cu.cuuint32_t(1)] * rank,
            _cu.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_NONE,
            getattr(_cu.CUtensorMapSwizzle, f"CU_TENSOR_MAP_SWIZZLE_{swizzle}B" if swizzle else "CU_TENSOR_MAP_SWIZZLE_NONE"),
            _cu.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
            _cu.CUtensorMapFloatOOBfill.CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE)
        if err != _cu.CUresult.CUDA_SUCCESS:
            raise RuntimeError(f"cuTensorMapEncodeTiled({dtype}, shape {shape}, box {tuple(box)}): {err}")
        words = np.array([int(w) for w in tmap.opaque], dtype=np.uint64)
        _TMAPS[key] = cuda.to_device(words.view(np.uint8))
    return _TMAPS[key]

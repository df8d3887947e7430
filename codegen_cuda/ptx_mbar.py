"""mbarriers and bulk copies for generated kernels: inline PTX on a GPU, and a pure-Python
fallback with the same semantics on the CUDA simulator.

Runtime code, pasted into a generated module after codegen_cuda/ptx.py's runtime (whose
`_asm`, `_element_ptr`, `_intrinsic`, `_llvm` and `_nt` its GPU half uses). An mbarrier
is 4 int64 words of shared memory, 16-byte aligned: the hardware's 8-byte object in the
first, and on the simulator the completed-phase count, the pending arrivals, the
transaction bytes and the arrival count. The bulk copy is the non-tensor
`cp.async.bulk` of one contiguous run (a row of a tile) completing its bytes on an
mbarrier; the simulator copies it at once (a legal landing time) and completes its bytes.
"""
# ---- argus runtime: mbarriers and bulk copies (codegen_cuda/ptx_mbar.py) ----
import numpy as np
from numba import config as _config

if _config.ENABLE_CUDASIM:
    import threading as _mthreading

    _MBAR_LOCK = _mthreading.Lock()   # simulated threads are Python threads: one update at a time

    def mbar_init(bar, i, count):
        bar[4 * i], bar[4 * i + 1], bar[4 * i + 2], bar[4 * i + 3] = 0, count, 0, count

    def mbar_fence_init():
        pass

    def _mbar_settle(bar, i):
        if bar[4 * i + 1] == 0 and bar[4 * i + 2] == 0:
            bar[4 * i] += 1
            bar[4 * i + 1] = bar[4 * i + 3]

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
        completed-phase count's parity differs from it)."""
        with _MBAR_LOCK:
            return 1 if bar[4 * i] % 2 != parity % 2 else 0

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

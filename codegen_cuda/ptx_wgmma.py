"""Hopper's warpgroup MMA for generated kernels: inline PTX on a GPU, and a pure-Python
fallback with the same semantics on the CUDA simulator.

Runtime code, pasted into a generated module after codegen_cuda/ptx.py's runtime (whose
`_asm`, `_element_ptr`, `_intrinsic`, `_llvm` and `_nt` its GPU half uses). A shared operand
is named by a 64-bit matrix descriptor (PTX ISA, "Matrix Descriptor Format"): bits 0-13 the
start address >> 4, 16-29 the leading-dimension byte offset >> 4, 32-45 the stride-dimension
byte offset >> 4, 62-63 the swizzle mode (1: 128-byte). The operands are 128B-swizzled: A
K-major (row m of 64 f16 at 128 bytes, 8-row groups SBO apart), B N-major (row k of 64 f16
at 128 bytes, 8-row groups SBO apart, 64-column blocks LBO apart), and the swizzle XORs byte
address bits 4-6 with bits 7-9. The simulator decodes the descriptor the same way and reads
the operand arrays through it, so a wrong start, offset or mode gives wrong numbers there
too; its wgmma completes at the issue (a legal time: nothing may look before the wait).
"""
# ---- argus runtime: warpgroup MMA (codegen_cuda/ptx_wgmma.py) ----
import functools

import numpy as np
from numba import config as _wconfig

SW128 = 1 << 62


def wgmma_desc_bits(lbo, sbo):
    """The descriptor's fixed bits: both byte offsets and the 128-byte swizzle mode."""
    return ((lbo >> 4) & 0x3FFF) << 16 | ((sbo >> 4) & 0x3FFF) << 32 | SW128


if _wconfig.ENABLE_CUDASIM:
    from numba import cuda as _wcuda

    def wgmma_desc(arr, idx, bits):
        """The descriptor of arr[idx]: its byte address within the array's shared window."""
        return ((idx * arr.itemsize) >> 4) & 0x3FFF | bits

    def wgmma_fence():
        pass

    def fence_proxy_async_shared():
        """fence.proxy.async.shared::cta: one memory, nothing to order across proxies."""

    def wgmma_commit():
        pass

    def make_wgmma_wait(n):
        def wgmma_wait():
            pass
        return wgmma_wait

    def _fields(d):
        if (d >> 62) & 3 != 1:
            raise RuntimeError(f"wgmma descriptor {d:#x}: only the 128-byte swizzle mode is lowered")
        return (d & 0x3FFF) << 4, ((d >> 16) & 0x3FFF) << 4, ((d >> 32) & 0x3FFF) << 4

    def _swizzled(byte):
        return (byte ^ (((byte >> 7) & 7) << 4)) // 2

    def _frozen(a):
        a.setflags(write=False)   # shared by every call with the same descriptor
        return a

    # The element indices an operand's descriptor names depend on the descriptor alone: built
    # once per descriptor (and row pair), not once per thread and call. The data is read anew.
    @functools.lru_cache(maxsize=None)
    def _a_index(da, rows):
        start, _, sbo = _fields(da)
        m, k = np.meshgrid(np.array(rows), np.arange(16), indexing="ij")
        return _frozen(_swizzled(start + (m // 8) * sbo + (m % 8) * 128 + 2 * k))

    @functools.lru_cache(maxsize=None)
    def _b_index(db, n):
        start, lbo, sbo = _fields(db)
        k, j = np.meshgrid(np.arange(16), np.arange(n), indexing="ij")
        return _frozen(_swizzled(start + (k // 8) * sbo + (k % 8) * 128 + (j // 64) * lbo + 2 * (j % 64)))

    def _operand_a(sa, da, rows):
        return np.asarray(sa)[_a_index(da, rows)].astype(np.float32)

    def _operand_b(sb, db, n):
        return np.asarray(sb)[_b_index(db, n)].astype(np.float32)

    def make_wgmma(n):
        """wgmma.mma_async m64nNk16 f32 += f16 x f16, A K-major, B N-major: this thread's
        accumulator fragment (warp w of the warpgroup: rows 16w + lane/4 and + 8, columns
        8i + 2 (lane % 4) and + 1, value 4i + c) plus the product of those rows of A with B."""
        def wgmma(sa, da, sb, db, acc):
            t = _wcuda.threadIdx.x % 128
            r = 16 * (t // 32) + (t % 32) // 4
            c = 2 * (t % 4)
            d = _operand_a(sa, da, (r, r + 8)) @ _operand_b(sb, db, n)
            out = []
            for i in range(n // 8):
                for rr, cc in ((0, c), (0, c + 1), (1, c), (1, c + 1)):
                    out.append(np.float32(acc[len(out)] + d[rr, 8 * i + cc]))
            return tuple(out)
        return wgmma
else:
    @_intrinsic
    def wgmma_desc(typingctx, arr, idx, bits):
        def codegen(context, builder, sig, args):
            ptr = _element_ptr(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            b = context.cast(builder, args[2], sig.args[2], _nt.uint64)
            return _asm(builder, _llvm.IntType(64), [ptr, b],
                        "{ .reg .u64 %wa; cvta.to.shared.u64 %wa, $1; shr.u64 %wa, %wa, 4; "
                        "and.b64 %wa, %wa, 16383; or.b64 $0, %wa, $2; }", "=l,l,l")
        return _nt.uint64(arr, idx, bits), codegen

    @_intrinsic
    def wgmma_fence(typingctx):
        def codegen(context, builder, sig, args):
            _asm(builder, _llvm.VoidType(), [], "wgmma.fence.sync.aligned;", "~{memory}")
            return context.get_dummy_value()
        return _nt.void(), codegen

    @_intrinsic
    def fence_proxy_async_shared(typingctx):
        """fence.proxy.async.shared::cta: this thread's generic writes to shared memory become
        visible to the async proxy, through which a wgmma reads its operands (PTX memory
        consistency model, proxies): a refill by copy or store, before the barrier that orders
        it before the wgmma (held-out round 114)."""
        def codegen(context, builder, sig, args):
            _asm(builder, _llvm.VoidType(), [], "fence.proxy.async.shared::cta;", "~{memory}")
            return context.get_dummy_value()
        return _nt.void(), codegen

    @_intrinsic
    def wgmma_commit(typingctx):
        def codegen(context, builder, sig, args):
            _asm(builder, _llvm.VoidType(), [], "wgmma.commit_group.sync.aligned;", "~{memory}")
            return context.get_dummy_value()
        return _nt.void(), codegen

    def make_wgmma_wait(n):
        """wgmma.wait_group n (an immediate in PTX, so one intrinsic per n)."""
        @_intrinsic
        def wgmma_wait(typingctx):
            def codegen(context, builder, sig, args):
                _asm(builder, _llvm.VoidType(), [], f"wgmma.wait_group.sync.aligned {int(n)};", "~{memory}")
                return context.get_dummy_value()
            return _nt.void(), codegen
        return wgmma_wait

    def make_wgmma(n):
        """One wgmma.mma_async.sync.aligned.m64nNk16.f32.f16.f16: n/2 accumulator registers in
        and out (tied; a tuple), the A and B descriptors; scale-d 1, A not transposed, B transposed
        (N-major). The operand arrays only type the call: the descriptors name the data."""
        regs = n // 2
        ret = _nt.UniTuple(_nt.float32, regs)
        outs = ", ".join(f"${i}" for i in range(regs))
        text = ("{ .reg .pred %wp; setp.ne.b32 %wp, 1, 0; "
                f"wgmma.mma_async.sync.aligned.m64n{n}k16.f32.f16.f16 {{{outs}}}, ${regs}, ${regs + 1}, "
                "%wp, 1, 1, 0, 1; }")
        constraints = ",".join(["=f"] * regs + ["l", "l"] + [str(i) for i in range(regs)] + ["~{memory}"])

        @_intrinsic
        def wgmma(typingctx, sa, da, sb, db, acc):
            sig = ret(sa, _nt.uint64, sb, _nt.uint64, ret)

            def codegen(context, builder, sig, args):
                ins = [context.cast(builder, args[1], sig.args[1], _nt.uint64),
                       context.cast(builder, args[3], sig.args[3], _nt.uint64)]
                ins += [builder.extract_value(args[4], i) for i in range(regs)]
                out = _asm(builder, _llvm.LiteralStructType([_llvm.FloatType()] * regs), ins, text, constraints)
                return _tuple_of(context, builder, ret, out, regs)
            return sig, codegen
        return wgmma

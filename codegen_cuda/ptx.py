"""Hardware instructions for generated kernels: inline PTX on a GPU, and a pure-Python
fallback with the same semantics on the CUDA simulator.

This file is runtime code, not part of the lowering: the lowering pastes everything
below the marker line into each generated module that uses an instruction (generated
modules import only math, numpy and numba, so they run where Argus is not installed).

On a GPU every function is a Numba intrinsic whose body is one inline-PTX instruction
(llvmlite InlineAsm): 128-bit global loads (ld.global.v4), cp.async with commit and wait
groups, ldmatrix and mma.sync m16n8k16 (f16 x f16 -> f32), shuffles, and the approximate
f32 exp2/log2 (ex2.approx, lg2.approx).

On the simulator the warp-collective instructions (ldmatrix, mma.sync, shuffles) exchange
their operands through a shared scratch array behind a meeting of the warp's lanes, so a
lane really receives what other lanes supplied: a wrong fragment layout or address gives
a wrong result there as on the GPU. They also check the alignment the hardware requires.
Collectives need every lane of the warp to reach them (the lowering emits them only in
statements that every thread runs) and a block of whole warps; the lanes of a warp meet
there, as `.sync.aligned` has them, not the whole block.
"""
# ---- argus runtime: inline PTX and simulator fallbacks (codegen_cuda/ptx.py) ----
import numpy as np
from numba import config, cuda

WARP = 32
_SCRATCH_THREADS = 1024      # the largest block; scratch rows are indexed by thread


def _u32_of_halves(lo, hi):
    """Two f16 values packed as the 32-bit register PTX uses (lo in the low half)."""
    return np.array([lo, hi], dtype=np.float16).view(np.uint32)[0]


def _fragment_positions(regs):
    """(rows, cols) index arrays, in (lane, register, half) order, of the elements that the
    m16n8k16 A fragment (regs = 4) or B fragment (regs = 2) registers hold."""
    rows, cols = [], []
    for lane in range(WARP):
        g, c = lane // 4, lane % 4
        for r in range(regs):
            for h in range(2):
                if regs == 4:   # A: a0 (g, 2c), a1 (g + 8, 2c), a2 (g, 2c + 8), a3 (g + 8, 2c + 8)
                    rows.append(g + 8 * (r % 2))
                    cols.append(2 * c + h + 8 * (r // 2))
                else:           # B: b0 (2c, g), b1 (2c + 8, g)
                    rows.append(2 * c + h + 8 * r)
                    cols.append(g)
    return np.array(rows), np.array(cols)


_A_AT = _fragment_positions(4)
_B_AT = _fragment_positions(2)


def _halves_of_u32(words):
    """The f16 pairs of an array of packed 32-bit registers: shape (..., 2)."""
    return np.asarray(words, dtype=np.uint32).view(np.float16).reshape(np.shape(words) + (2,))


if config.ENABLE_CUDASIM:
    import threading as _threading

    # The simulator creates a static shared array on the first call from a line with a
    # check-then-insert that is not atomic: two threads arriving together could each get
    # an array of their own and read rows nobody wrote (an index of -2**63 from a NaN).
    _SCRATCH_LOCK = _threading.Lock()

    class _WarpRendezvous:
        """The lanes of one warp meeting at a collective, as `.sync.aligned` has them meet:
        only the warp's lanes take part (a block-wide barrier costs the simulator a poll of
        every thread of the block). A lane that has met the warp before and then exited
        never comes: the lanes waiting for it raise instead of hanging."""

        def __init__(self, block):
            self.block = block                   # the block whose lanes meet here
            self._cond = _threading.Condition()
            self._lanes = [None] * WARP      # each lane's thread, once it has met the warp
            self._here = set()               # the lanes at the current meeting
            self._generation = 0

        def meet(self, me, lane):
            with self._cond:
                self._lanes[lane] = me
                generation = self._generation
                self._here.add(lane)
                if len(self._here) == WARP:
                    self._here, self._generation = set(), generation + 1
                    self._cond.notify_all()
                    return
                # the bound only makes a waiter look for exited lanes now and then
                while not self._cond.wait_for(lambda: self._generation != generation, 0.5):
                    gone = [k for k, t in enumerate(self._lanes)
                            if k not in self._here and t is not None and not t.is_alive()]
                    if gone:
                        raise RuntimeError(f"warp-collective instruction: lane {gone[0]} of the warp "
                                           "exited without reaching it")

    def _warp_state():
        """This block's scratch rows and warp rendezvous, found once per thread: the simulator
        finds a static shared array by walking its caller's stack, on every call."""
        me = _threading.current_thread()
        state = getattr(me, "_argus_warp_state", None)
        if state is None:
            with _SCRATCH_LOCK:
                buf = cuda.shared.array((2, _SCRATCH_THREADS, 8), np.float64)
                meet = cuda.shared.array((_SCRATCH_THREADS // WARP,), object)
                w = cuda.threadIdx.x // WARP
                block = (cuda.blockIdx.x, cuda.blockIdx.y, cuda.blockIdx.z)
                if meet[w] is None or meet[w].block != block:
                    # the simulator keeps static shared arrays for the whole launch: the
                    # previous block's rendezvous holds its exited threads, which a lane
                    # waiting over 0.5 s would take for lanes that never come
                    meet[w] = _WarpRendezvous(block)
                state = me._argus_warp_state = (buf, meet[w])
        return me, state

    def _warp_gather(values):
        """Every lane's `values` (a tuple of up to 8 numbers) as a (32, n) float64 array,
        row = lane. Two scratch buffers alternate, so one rendezvous per call suffices: a
        buffer is written again only after every lane of the warp met at the next call,
        which follows its read of this one (every lane makes the same calls)."""
        me, (buf, rendezvous) = _warp_state()
        parity = getattr(me, "_argus_parity", 0)
        me._argus_parity = parity ^ 1
        t = cuda.threadIdx.x
        if cuda.blockDim.x % WARP:
            raise RuntimeError("warp-collective instruction in a block that is not whole warps")
        for i in range(len(values)):
            buf[parity, t, i] = values[i]
        rendezvous.meet(me, t % WARP)
        base = t - t % WARP
        return np.array(buf[parity, base:base + WARP, :len(values)])

    def ldg_f32x4(arr, idx):
        """ld.global.v4.f32: four consecutive floats along the last dimension from `idx`."""
        flat = int(np.ravel_multi_index(idx, arr.shape))
        if flat % 4:
            raise RuntimeError(f"ld.global.v4.f32 at element {flat}: not 16-byte aligned")
        last = idx[-1]
        lead = tuple(idx[:-1])
        return (arr[lead + (last,)], arr[lead + (last + 1,)], arr[lead + (last + 2,)], arr[lead + (last + 3,)])

    def cp_async16(dst, di, src, si):
        """cp.async.cg 16 bytes from global `src[si...]` to shared `dst[di...]`; here it
        lands at once (a legal schedule: the wait only bounds when it must have landed)."""
        n = 16 // dst.itemsize
        flat = int(np.ravel_multi_index(si, src.shape))
        if di % n or flat % n:
            raise RuntimeError(f"cp.async of 16 bytes at shared element {di}, global element {flat}: "
                               "not 16-byte aligned")
        lead, last = tuple(si[:-1]), si[-1]
        for i in range(n):
            dst[di + i] = src[lead + (last + i,)]

    def cp_async_commit():
        pass

    def make_cp_async_wait(n):
        def cp_async_wait():
            pass
        return cp_async_wait

    def ldmatrix_x4(arr, idx):
        """ldmatrix.m8n8.x4.b16: lane l supplies the address of row l % 8 of matrix l // 8;
        every lane receives row l // 4, columns 2(l % 4) and 2(l % 4) + 1 of each matrix."""
        return _ldmatrix(arr, idx, 4, False)

    def ldmatrix_x2_trans(arr, idx):
        """ldmatrix.m8n8.x2.trans.b16: lanes 0-15 supply row addresses of two matrices;
        every lane receives column l // 4, rows 2(l % 4) and 2(l % 4) + 1 of each."""
        return _ldmatrix(arr, idx, 2, True)

    def ldmatrix_x4_trans(arr, idx):
        """ldmatrix.m8n8.x4.trans.b16: four matrices, transposed as in ldmatrix_x2_trans."""
        return _ldmatrix(arr, idx, 4, True)

    def _ldmatrix(arr, idx, count, trans):
        if idx % 8:
            raise RuntimeError(f"ldmatrix row at shared element {idx}: not 16-byte aligned")
        rows = _warp_gather((idx,))[:, 0].astype(np.int64)
        lane = cuda.threadIdx.x % WARP
        g, c = lane // 4, lane % 4
        out = []
        for m in range(count):
            if trans:
                lo, hi = arr[rows[8 * m + 2 * c] + g], arr[rows[8 * m + 2 * c + 1] + g]
            else:
                lo, hi = arr[rows[8 * m + g] + 2 * c], arr[rows[8 * m + g] + 2 * c + 1]
            out.append(_u32_of_halves(lo, hi))
        return tuple(out)

    def mma_16816(a0, a1, a2, a3, b0, b1, c0, c1, c2, c3):
        """mma.sync.m16n8k16.row.col.f32.f16.f16.f32: D = A B + C over the warp, A 16x16
        and B 16x8 assembled from every lane's fragments (PTX ISA, "Matrix fragments for
        mma.m16n8k16"); this lane gets D at rows g, g + 8 and columns 2c, 2c + 1."""
        frags = _warp_gather((a0, a1, a2, a3, b0, b1)).astype(np.uint32)
        ah = _halves_of_u32(frags[:, :4]).astype(np.float32)   # (32, 4, 2)
        bh = _halves_of_u32(frags[:, 4:]).astype(np.float32)   # (32, 2, 2)
        a = np.zeros((16, 16), np.float32)
        b = np.zeros((16, 8), np.float32)
        a[_A_AT] = ah.reshape(-1)
        b[_B_AT] = bh.reshape(-1)
        lane = cuda.threadIdx.x % WARP
        g, c = lane // 4, lane % 4
        d = a[[g, g + 8]] @ b[:, [2 * c, 2 * c + 1]]
        return (np.float32(d[0, 0] + c0), np.float32(d[0, 1] + c1),
                np.float32(d[1, 0] + c2), np.float32(d[1, 1] + c3))

    def shfl_xor(value, mask):
        """shfl.sync.bfly over the full warp: the value of lane (lane ^ mask). An integer
        goes through the float64 scratch as two 32-bit halves, each exact (held-out round 100:
        2^62 + 1 of an i64 max came back as 2^62)."""
        src = (cuda.threadIdx.x % WARP) ^ mask
        if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
            v = int(value)
            lanes = _warp_gather((v >> 32, v & 0xFFFFFFFF))
            return type(value)((int(lanes[src, 0]) << 32) | int(lanes[src, 1]))
        lanes = _warp_gather((value,))[:, 0]
        return type(value)(lanes[src])

    def ex2_approx(x):
        """ex2.approx.ftz.f32: 2^x in f32 (the hardware's is within 2 ulp of this)."""
        return np.float32(np.exp2(np.float32(x)))

    def lg2_approx(x):
        """lg2.approx.ftz.f32: log2(x) in f32."""
        return np.float32(np.log2(np.float32(x)))

    def swizzle_aligned(arr):
        """Nothing to check here: the simulator swizzles offsets within the buffer, as the
        proof does (the GPU swizzles absolute shared addresses)."""
else:
    from llvmlite import ir as _llvm
    from numba import types as _nt
    from numba.cuda import cgutils as _cgutils
    from numba.cuda.extending import intrinsic as _intrinsic

    def _asm(builder, ret, args, text, constraints):
        fnty = _llvm.FunctionType(ret, [a.type for a in args])
        return builder.call(_llvm.InlineAsm(fnty, text, constraints, side_effect=True), args)

    def _element_ptr(context, builder, aryty, ary, idxty, idx):
        """The generic address of ary[idx] (an int, or a tuple of ints, one per dimension)."""
        arr = context.make_array(aryty)(context, builder, value=ary)
        if isinstance(idxty, _nt.BaseTuple):
            inds = [context.cast(builder, v, t, _nt.intp)
                    for v, t in zip(_cgutils.unpack_tuple(builder, idx, len(idxty)), idxty)]
        else:
            inds = [context.cast(builder, idx, idxty, _nt.intp)]
        ptr = _cgutils.get_item_pointer(context, builder, aryty, arr, inds)
        return builder.ptrtoint(ptr, _llvm.IntType(64))

    def _i32():
        return _llvm.IntType(32)

    def _shared_addr(context, builder, aryty, ary, idxty, idx):
        """The 32-bit shared-window address of ary[idx] (a 1-D array in shared memory, an
        int index): the conversion of the array's start is plain LLVM (no asm), so it is
        hoisted out of loops and folded into the buffer's symbol; the element's offset is
        added in 32 bits, exact for an element inside a buffer of the shared window."""
        if aryty.ndim != 1 or isinstance(idxty, _nt.BaseTuple):
            raise TypeError("a shared-memory operand is a 1-D buffer indexed by one int")
        arr = context.make_array(aryty)(context, builder, value=ary)
        data = builder.addrspacecast(arr.data, arr.data.type.pointee.as_pointer(3))
        start = builder.trunc(builder.ptrtoint(data, _llvm.IntType(64)), _i32())
        i = builder.trunc(context.cast(builder, idx, idxty, _nt.intp), _i32())
        stride = builder.trunc(_cgutils.unpack_tuple(builder, arr.strides, 1)[0], _i32())
        return builder.add(start, builder.mul(i, stride))

    def _tuple_of(context, builder, tupty, struct, n):
        return context.make_tuple(builder, tupty, [builder.extract_value(struct, i) for i in range(n)])

    @_intrinsic
    def ldg_f32x4(typingctx, arr, idx):
        ret = _nt.UniTuple(_nt.float32, 4)

        def codegen(context, builder, sig, args):
            ptr = _element_ptr(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            f = _llvm.FloatType()
            out = _asm(builder, _llvm.LiteralStructType([f] * 4), [ptr],
                       "ld.global.v4.f32 {$0, $1, $2, $3}, [$4];", "=f,=f,=f,=f,l,~{memory}")
            return _tuple_of(context, builder, ret, out, 4)
        return ret(arr, idx), codegen

    @_intrinsic
    def cp_async16(typingctx, dst, di, src, si):
        def codegen(context, builder, sig, args):
            d = _shared_addr(context, builder, sig.args[0], args[0], sig.args[1], args[1])
            s = _element_ptr(context, builder, sig.args[2], args[2], sig.args[3], args[3])
            _asm(builder, _llvm.VoidType(), [d, s], "cp.async.cg.shared.global [$0], [$1], 16;", "r,l,~{memory}")
            return context.get_dummy_value()
        return _nt.void(dst, di, src, si), codegen

    @_intrinsic
    def cp_async_commit(typingctx):
        def codegen(context, builder, sig, args):
            _asm(builder, _llvm.VoidType(), [], "cp.async.commit_group;", "~{memory}")
            return context.get_dummy_value()
        return _nt.void(), codegen

    def make_cp_async_wait(n):
        """cp.async.wait_group n (n is an immediate in PTX, so one intrinsic per n)."""
        @_intrinsic
        def cp_async_wait(typingctx):
            def codegen(context, builder, sig, args):
                _asm(builder, _llvm.VoidType(), [], f"cp.async.wait_group {int(n)};", "~{memory}")
                return context.get_dummy_value()
            return _nt.void(), codegen
        return cp_async_wait

    def _make_ldmatrix(count, trans):
        ret = _nt.UniTuple(_nt.uint32, count)
        regs = ", ".join(f"${i}" for i in range(count))
        text = f"ldmatrix.sync.aligned.m8n8.x{count}{'.trans' if trans else ''}.shared.b16 {{{regs}}}, [${count}];"
        constraints = ",".join(["=r"] * count + ["r", "~{memory}"])

        @_intrinsic
        def ldmatrix(typingctx, arr, idx):
            def codegen(context, builder, sig, args):
                at = _shared_addr(context, builder, sig.args[0], args[0], sig.args[1], args[1])
                out = _asm(builder, _llvm.LiteralStructType([_i32()] * count), [at], text, constraints)
                return _tuple_of(context, builder, ret, out, count)
            return ret(arr, idx), codegen
        return ldmatrix

    ldmatrix_x4 = _make_ldmatrix(4, False)
    ldmatrix_x2_trans = _make_ldmatrix(2, True)
    ldmatrix_x4_trans = _make_ldmatrix(4, True)

    @_intrinsic
    def mma_16816(typingctx, a0, a1, a2, a3, b0, b1, c0, c1, c2, c3):
        ret = _nt.UniTuple(_nt.float32, 4)
        sig = ret(*([_nt.uint32] * 6 + [_nt.float32] * 4))

        def codegen(context, builder, sig, args):
            f = _llvm.FloatType()
            out = _asm(builder, _llvm.LiteralStructType([f] * 4), list(args),
                       "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0, $1, $2, $3}, "
                       "{$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};",
                       "=f,=f,=f,=f,r,r,r,r,r,r,f,f,f,f")
            return _tuple_of(context, builder, ret, out, 4)
        return sig, codegen

    def _make_approx(instruction):
        """A one-instruction f32 math function (pure: no side effect, so it may be hoisted)."""
        @_intrinsic
        def approx(typingctx, x):
            def codegen(context, builder, sig, args):
                v = context.cast(builder, args[0], sig.args[0], _nt.float32)
                fnty = _llvm.FunctionType(_llvm.FloatType(), [_llvm.FloatType()])
                return builder.call(_llvm.InlineAsm(fnty, f"{instruction} $0, $1;", "=f,f"), [v])
            return _nt.float32(x), codegen
        return approx

    ex2_approx = _make_approx("ex2.approx.ftz.f32")
    lg2_approx = _make_approx("lg2.approx.ftz.f32")

    @_intrinsic
    def swizzle_aligned(typingctx, arr):
        """Trap unless arr[0] starts a 1024-byte line of the shared window. The hardware's
        swizzles (wgmma's operand modes, a tensor map's 32/64/128B modes) XOR bits of the
        absolute shared address, the proof and the simulator those of the offset within
        the buffer, and the two agree only when the buffer starts on such a boundary. A
        kernel that traps fails its launch; one that went on would compute with misplaced
        elements."""
        def codegen(context, builder, sig, args):
            ptr = _element_ptr(context, builder, sig.args[0], args[0], _nt.intp, context.get_constant(_nt.intp, 0))
            _asm(builder, _llvm.VoidType(), [ptr],
                 "{ .reg .u64 %wq; .reg .pred %wt; cvta.to.shared.u64 %wq, $0; and.b64 %wq, %wq, 1023; "
                 "setp.ne.u64 %wt, %wq, 0; @%wt trap; }", "l,~{memory}")
            return context.get_dummy_value()
        return _nt.void(arr), codegen

    @cuda.jit(device=True, inline="always")
    def shfl_xor(value, mask):
        return cuda.shfl_xor_sync(0xFFFFFFFF, value, mask)

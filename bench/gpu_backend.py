"""Device arrays, streams and event timing for bench/gpu.py (torch when present, else cupy),
and why the GPU branch cannot run on this machine. Standalone: the device image has no z3
or lark, so nothing of the repository's packages is imported here."""
from __future__ import annotations


def device_missing() -> str:
    """Why the GPU branch cannot run here ("" when it can): no array library, or no device."""
    try:
        import torch
        return "" if torch.cuda.is_available() else "torch finds no CUDA device"
    except ImportError:
        pass
    try:
        import cupy
        return "" if cupy.cuda.runtime.getDeviceCount() > 0 else "cupy finds no CUDA device"
    except ImportError:
        return "neither torch nor cupy is installed (device arrays and the vendor baselines need one)"
    except Exception as err:    # cupy without a driver raises its own runtime error
        return f"cupy finds no CUDA device ({type(err).__name__})"


class Backend:
    """Device arrays, a stream and events: torch when present, else cupy."""

    def __init__(self):
        try:
            import torch
            self.torch, self.name = torch, "torch"
        except ImportError:
            import cupy
            self.torch, self.cupy, self.name = None, cupy, "cupy"

    def to_device(self, a):
        if self.torch is not None:
            return self.torch.from_numpy(a.copy()).cuda()
        return self.cupy.asarray(a)

    def to_host(self, a):
        return a.cpu().numpy() if self.torch is not None else self.cupy.asnumpy(a)

    def stream_handle(self) -> int:
        if self.torch is not None:
            return self.torch.cuda.current_stream().cuda_stream
        return self.cupy.cuda.get_current_stream().ptr

    def kernel_array(self, a):
        """A view numba launches on, without synchronising on the producer's stream."""
        from numba import cuda
        return cuda.as_cuda_array(a, sync=False)

    def kernel_stream(self):
        from numba import cuda
        return cuda.external_stream(self.stream_handle())

    def nbytes(self, a) -> int:
        return a.numel() * a.element_size() if self.torch is not None else a.nbytes

    def synchronize(self):
        (self.torch.cuda.synchronize if self.torch is not None else self.cupy.cuda.Device().synchronize)()

    def time_ms(self, fn, min_time: float) -> float:
        """Median-free mean over back-to-back launches between two events, after a warm-up."""
        fn()
        self.synchronize()
        n, total = 1, 0.0
        while True:
            if self.torch is not None:
                start, end = self.torch.cuda.Event(enable_timing=True), self.torch.cuda.Event(enable_timing=True)
                start.record()
                for _ in range(n):
                    fn()
                end.record()
                end.synchronize()
                total = start.elapsed_time(end)
            else:
                start, end = self.cupy.cuda.Event(), self.cupy.cuda.Event()
                start.record()
                for _ in range(n):
                    fn()
                end.record()
                end.synchronize()
                total = self.cupy.cuda.get_elapsed_time(start, end)
            if total / 1e3 >= min_time or n >= 1000:
                return total / n
            n *= 4

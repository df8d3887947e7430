"""What the cost model counts per block and per loop iteration (costmodel_work.py), and the
operations of an expression."""
from __future__ import annotations

from dataclasses import dataclass, field

from dsl import exprs, ir

SFU = frozenset({"exp", "exp2", "log", "log2", "sqrt", "rsqrt", "tanh", "sin", "cos", "pow"})


@dataclass
class Counts:
    tensor_flops: float = 0.0
    fp32_ops: float = 0.0            # FP32-pipe lane operations (an FMA is one)
    sfu_ops: float = 0.0
    wavefronts: float = 0.0          # shared-memory wavefronts (128 bytes each when conflict-free)
    sectors: float = 0.0             # global 32-byte sectors requested (L2 traffic)
    useful_bytes: float = 0.0        # global bytes the lanes asked for
    flops: float = 0.0               # useful arithmetic, 2 per multiply-add
    bulk_ops: float = 0.0            # cp.async.bulk(.tensor) instructions, each issued on its own
    read: dict = field(default_factory=dict)      # global tensor -> bytes requested
    written: dict = field(default_factory=dict)

    def add(self, o: "Counts", k: float = 1.0) -> None:
        for f in ("tensor_flops", "fp32_ops", "sfu_ops", "wavefronts", "sectors", "useful_bytes", "flops", "bulk_ops"):
            setattr(self, f, getattr(self, f) + k * getattr(o, f))
        for mine, theirs in ((self.read, o.read), (self.written, o.written)):
            for n, b in theirs.items():
                mine[n] = mine.get(n, 0.0) + k * b


@dataclass(frozen=True)
class LoopCost:
    var: str
    iterations: float                # over all executions of the loop, per block
    executions: float
    overlap: int                     # iterations between a load's issue and its use (wait_group n)
    per_iteration: Counts


def ops(e: ir.Expr) -> tuple[int, int]:
    """(FP32-pipe operations, special-function operations) per element of an expression."""
    alu = sfu = 0
    for node in exprs.iter_nodes(e):
        if isinstance(node, (ir.Bin, ir.Neg)):
            alu += 1
        elif isinstance(node, ir.Call) and not (node.func in ("sum", "max", "min", "bcast")
                                                and "axis" in dict(node.kwargs)):
            sfu, alu = (sfu + 1, alu) if node.func in SFU else (sfu, alu + 1)
    return alu, sfu   # reductions are counted by the caller, per reduced element

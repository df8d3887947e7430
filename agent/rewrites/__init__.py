"""IR rewrites, one technique per module; `REWRITES` maps a knowledge-base entry's
`rewrite` name to its function `(kernel, params) -> Rewritten | None` (None: the
kernel does not meet the preconditions)."""
from . import (block_tile, expert_group, masked_tile, mma_layout, online_output, online_softmax, pipeline, reduce_step, regblock, split_k, staging, swizzle,
               transpose_stage, vectorize)

REWRITES = {
    "stage_shared": staging.stage_shared,
    "block_tile": block_tile.block_tile,
    "masked_block_tile": masked_tile.masked_block_tile,
    "pipeline_async": pipeline.pipeline_async,
    "mma_layout": mma_layout.mma_layout,
    "swizzle_shared": swizzle.swizzle_shared,
    "vectorize_copies": vectorize.vectorize_copies,
    "stage_transpose": transpose_stage.stage_transpose,
    "register_block": regblock.register_block,
    "online_softmax": online_softmax.online_softmax,
    "online_output": online_output.online_output,
    "split_k": split_k.split_k,
    "expert_group": expert_group.expert_group,
    "reduce_step": reduce_step.reduce_step,
}

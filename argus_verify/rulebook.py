"""What each verifier rule and front-end code means, what usually causes it and the usual fix.

One text for the SARIF rule metadata (`tool.driver.rules`) and docs/RULES.md, which a
test keeps equal to it. The ids and one-line titles stay in their registries
(encode/findings.py RULES, dsl/diagnostics.py CODES); this adds the explanations.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from dsl.diagnostics import CODES
from encode.findings import RULES, WARNING_RULES

DOC_PATH = "docs/RULES.md"
# The checkout's copy of the rule reference; an installed wheel has none.
_DOC_FILE = Path(__file__).resolve().parents[1] / DOC_PATH


@dataclass(frozen=True, slots=True)
class RuleDoc:
    id: str
    title: str            # the registry's one-line title
    proves: str           # what a pass means (for a front-end code: what the error means)
    causes: str           # what usually leads to a report
    fix: str              # the usual fix
    level: str = "error"  # SARIF default level: error, or warning for advice that does not fail

    @property
    def anchor(self) -> str:
        """The heading anchor of the id in docs/RULES.md (GitHub's: the heading lowercased)."""
        return self.id.lower()

    @property
    def help_ref(self) -> str:
        """Where the id is documented, relative to the repository (for text)."""
        return f"{DOC_PATH}#{self.anchor}"

    @property
    def help_uri(self) -> str | None:
        """SARIF's helpUri must be an absolute URI: the checkout's docs/RULES.md as a file URI,
        or None where the reference is not on this machine."""
        return f"{_DOC_FILE.as_uri()}#{self.anchor}" if _DOC_FILE.is_file() else None


_VERIFIER = {
    "TAG": ("Every `assert` on tags holds for all sizes the `assume`s allow, every block, thread, "
            "element and loop iteration: the data that meet at the assertion came from the "
            "coordinates the kernel claims; and every element stored into an output with a tag "
            "function holds data that matches it (where its condition, `if ...`, fails or a "
            "`range` field is empty: no data, and the value 0.0, or the `else` value of `if ... else "
            "-inf`). An assertion that no allowed sizes, block, thread and iteration reach (in "
            "`range(0)`, under `if M < 16` where the `assume`s keep M >= 16) checks nothing: it is "
            "reported unknown, never proved.",
            "A tile loaded from the wrong k-tile, row block or pipeline slot; a reduction that "
            "skips or repeats a tile; an output stored transposed or at another block's offset; "
            "a zeros tile, padding or an accumulator no update reached stored where data belongs; "
            "a constant other than 0.0 (or the `else` value) stored where the tag function says zeros.",
            "Compare the clashing tag values in the report with the offsets of the loads and "
            "copies they came from (the `via ... written at` lines) and correct the index "
            "expression that produced the wrong coordinate."),
    "RACE": ("No two distinct threads touch the same shared-memory address between two "
             "barriers where at least one access is a write, async copy landings included.",
             "A missing `barrier` between filling a shared tile and reading it; two threads "
             "whose layouts write one element (in one statement, or in the two branches of an "
             "`if` on the thread); an in-place update that reads a neighbour's element.",
             "Put a `barrier` between the two accesses the report names, or change the layout "
             "or offsets so that each element has one writer."),
    "SYNC": ("Every `barrier` is reached by all threads of a block or by none: no barrier under "
             "a condition or in a loop whose trip count depends on the thread. Also reported: an "
             "mbarrier deadlock, a `wait` that needs, through the arrivals of its phase and the "
             "waits before them, its own return (found at concrete sizes; the absence of one "
             "is not proved), and an mbarrier round whose arrivals differ from the count or "
             "whose expect_tx bytes differ from its bulk copies' bytes.",
             "A `barrier` inside `if thread.x < ...` or inside a loop bounded by a "
             "thread-dependent value; a producer's wait for a free slot with the parity "
             "`(k / S) % 2` instead of `(k / S + 1) % 2`; an `expect_tx` byte count or an "
             "mbarrier `count` that does not match the tile or the arriving threads.",
             "Move the `barrier` out of the thread-dependent branch or loop, so that every "
             "thread reaches it the same number of times; for a deadlock, wait for the phase "
             "the message shows can complete first; make each round's arrivals and bytes "
             "what the count and the copies need."),
    "ASYNC": ("No read of a shared buffer filled by `copy_async` before its commit group is "
              "waited for (`wait_group`) and made visible to the reader by a `barrier`.",
              "A missing `commit`, a `wait_group` count that leaves the needed group pending, "
              "or no `barrier` between the wait and the read.",
              "Commit every async copy, wait with a count that retires the group the read "
              "needs (the report says how many groups are pending), then `barrier` before "
              "reading."),
    "WAR": ("No write or async copy into a shared buffer slot while any thread may still read "
            "its previous contents.",
            "A prefetch into the slot being read without the trailing `barrier` of the loop; a "
            "prefetch distance that reuses a slot too early.",
            "Put a `barrier` after the last read of the slot and before the copy that refills "
            "it, or use more stages so the refilled slot is not the one being read."),
    "BOUND": ("Every global and shared access is inside its tensor for every size the `assume`s "
              "allow; and the integer arithmetic of subscripts, loop bounds and conditions never "
              "divides by zero and stays within int64 (each dimension below 2^48 elements).",
              "A tail tile when a size is not a multiple of the tile (an `assume` is missing); "
              "an offset one tile too far; a shared slot index past the number of stages; "
              "`x / (R / 64)` at R < 64; an index times a large constant that wraps.",
              "Add the `assume` that makes the sizes divisible, guard the access with an `if`, "
              "or correct the offset the report shows out of range; assume the sizes that keep a "
              "divisor positive."),
    "INIT": ("No read of a shared element that no earlier write reached, and every register "
             "tile's distribution covers the whole tile.",
             "A copy that fills part of a shared tile; a copy under a condition that does not "
             "hold for the element read; a read from the wrong pipeline slot.",
             "Make the copy cover every element that is read (its extent and layout), or read "
             "only what was written."),
    "COVER": ("Every element of every output is written, and exactly once, over all blocks and "
              "threads. A tensor the kernel also reads (state: a counter, ids, flags) may be "
              "written again by the same block, in program order or across barriers (RACE and "
              "WAR check the order); its final value is the last write, so COVER asks that one "
              "block writes each of its elements, or, where a condition on its data guards the "
              "store (a flag cleared only where set; a loop whose trip count reads data), that no two blocks write one and that a "
              "store reaches each for some data the `assume`s allow. A partial output (`writes X[...] if COND`) is "
              "written exactly once where COND holds and nowhere else, state or not: each element "
              "of its part is stored once, even by one block and under a condition on data.",
              "A grid one block short; two blocks storing to one tile (a wrong `block.x` / "
              "`block.y` offset); a store inside a loop that runs more than once; the branches "
              "of a store split between threads (`if thread.x < 64: store ... else: store ...`) "
              "leaving a thread out, admitting one twice, or using different layouts.",
              "Make the grid and the store offsets tile the output exactly: one block per "
              "output tile, one store per element."),
    "RES": ("Shared memory per block (the buffers placed in order, a swizzled one on a "
            "1024-byte boundary, and 8 bytes per mbarrier), threads per block, registers per "
            "thread and the matrix instructions are within the limits of the target "
            "(`--target`), and each grid dimension over sizes fits the launch limits at some size "
            "the assumptions allow.",
            "Too many pipeline stages or too large shared tiles; a swizzled buffer declared after "
            "others (padding to its boundary); more threads than the target allows; large register "
            "tiles live at once; an `assume` that admits only sizes whose grid has more than 65535 "
            "blocks in y or z.",
            "Use fewer stages or smaller tiles, fewer threads, or split the work so fewer "
            "register tiles are live; the report lists the largest contributors."),
    "BANK": ("Advice, not a failure: two lanes of one warp, in one phase of one shared-memory "
             "access, hit the same bank at different words (a bank conflict serialises the "
             "access).",
             "A column read of an unpadded row-major shared tile; a transpose through shared "
             "memory; a swizzle too weak for the access width.",
             "Pad the shared tile's rows or swizzle it (`swizzle(b, m, s)`) so that the lanes "
             "of a warp spread over the banks."),
    "UNUSED": ("Advice, not a failure: a tensor parameter that no statement, assumption or other "
               "tensor's tag function names, or one read only by loads into tiles that no statement "
               "reads. The proofs hold of what the kernel does, and an "
               "output read before it is stored holds what its tag function says, so a kernel that "
               "reads the wrong tensor, or forgets to use one it loads, can prove; this points at it.",
               "`y = load Y[...]` where `load X[...]` was meant (X is then never read); a parameter "
               "left over from an earlier version of the kernel; an RMSNorm's gain loaded as `g = load "
               "G[...]` and never multiplied in.",
               "Read the parameter where it was meant (use the loaded tile), or drop it from the "
               "kernel's signature."),
    "START": ("Advice, not a failure: a running maximum or minimum (`m = maximum(m, ...)` in a loop, "
              "or through negation: `m = -maximum(-m, y)` is a running minimum) "
              "that starts from a constant other than the operation's identity (-inf for a maximum, "
              "inf for a minimum, the type's extreme for integers), which the updates may never pass: "
              "the result is then the start, not a value of the data. Tags say where values come "
              "from, not what they are, so such a kernel proves; this points at it. A start that the "
              "updates cannot pass (0.0 under a maximum of `abs(x)`) is not reported. A running product "
              "(`p = p * ...`, or p once as a factor: `-(p * s * 2.0)`, `p / s`) that starts at 0.0 "
              "stays 0.0. A running sum (`s = s + ...`, s once as a term) or an mma's accumulator that "
              "starts at a number other than 0.0 (`acc = z + 1.0`) adds that number to the data's sum "
              "(held-out round 131); a sum that is also rescaled (`l = l * alpha + ...`) keeps the start times "
              "the rescales, and is reported unless a rescale factor is 0.0 at its first update (an online "
              "softmax's exp(m_prev - m) with m started at -inf erases any start).",
              "An index or value accumulator started from `zeros` (an argmin's index at 0 instead of "
              "the largest i32, a running max at 0.0 over data that may be negative); a sum or GEMM "
              "accumulator started at `z + 1.0`.",
              "Start it at the identity (`m = z - inf`, `best = zi + 2147483647`); where the constant "
              "is meant as a floor or ceiling, apply it after the loop."),
    "WRAP": ("Advice, not a failure: i8 tile math (`+`, `-`, `*`, negation, `abs`, or a value "
             "assigned to an i8 tile such as an integer `sum`) whose exact value may leave "
             "[-128, 127] at values its operands may hold (their types', narrowed by `assume`s "
             "that bound every element of an input), so the kernel computes the wrapped value. "
             "Tags say where values come from, not what they are, so such a kernel proves; this "
             "points at it, with operand values that wrap. Math reading sizes, loop variables, "
             "threads or `index(...)`, and an explicit `cast(..., i8)`, are not reported.",
             "An int8 dot product that multiplies before it widens (`cast(a * x, i32)` instead of "
             "`cast(a, i32) * cast(x, i32)`); a row sum of i8 values kept in an i8 tile; "
             "`abs` or negation of i8 data that may be -128; a zero point subtracted in i8 "
             "inside a float cast (`cast(q - zb, f32)`).",
             "Cast the operands to i32 before the math; give a sum an i32 tile; bound the inputs "
             "with an `assume` where the data cannot reach the wrap."),
    "GRID": ("Advice, not a failure: sizes that satisfy every `assume` at which a dimension of "
             "the launch grid is below 1. Every proof starts from a grid of at least one block, "
             "so at those sizes the kernel is proved of nothing: it launches no block and writes "
             "nothing, and neither the interpreter nor `argus run` runs it. The warning names "
             "such sizes.",
             "A grid rounded down (`grid (N / 64)`) under an `assume` that allows sizes below "
             "the tile (`assume N <= 64`, or no lower bound at all).",
             "Assume sizes at which every grid dimension is at least 1 (`assume N % 64 == 0`), "
             "or round the grid up (`grid ((N + 63) / 64)`) and mask the tail."),
}

_FRONT_END = {
    "E001": ("The input could not be read as a kernel: missing, a directory, not UTF-8, or binary.",
             "A wrong path, a shell glob that matched a directory, a file saved in another encoding.",
             "Pass the path of a UTF-8 `.dsl` file (or `-` for standard input)."),
    "E002": ("The text does not follow the grammar of the DSL.",
             "A missing `:` or operand, an unclosed bracket, `elif` (there is none), an "
             "assignment inside a condition, an unexpected character.",
             "Correct the construct at the caret; docs/DSL.md has the grammar."),
    "E003": ("The file ended in the middle of a construct, or holds no kernel.",
             "An empty file, an unclosed bracket at the end, a header line with no body.",
             "Complete the construct or add the kernel's body."),
    "E004": ("Indentation does not match an enclosing block.",
             "A dedent to a column no block started at; an indent with no block opened.",
             "Indent each block by the same amount (4 spaces is canonical; `argus fmt` prints it)."),
    "E005": ("The input is beyond the sizes the front end accepts: too large a file, or too "
             "deeply nested brackets or expressions.",
             "Generated input; a runaway expression.",
             "Keep kernel files to a few hundred lines and expressions to a sane depth."),
    "E010": ("A name is used that nothing defines.",
             "A misspelt constant, tile or index variable.",
             "Define the name or use the one the hint suggests."),
    "E011": ("A name, constant, tag function or header line is defined twice.",
             "Two `const`s of one name; a loop variable that shadows a name; two `grid` lines.",
             "Rename or remove one definition."),
    "E012": ("A dtype the DSL does not know.",
             "A misspelt dtype (`f61`), or one outside `f16 bf16 f32 f64 i8 i32 i64 bool`.",
             "Use one of the DSL's dtypes."),
    "E013": ("Two operands or a destination and a source have different dtypes.",
             "Storing an f32 accumulator into an f16 tensor; mixing dtypes in elementwise math.",
             "Convert with `cast(x, DT)` or change the declared dtype."),
    "E014": ("The number of subscripts or dimensions does not match the tensor or tile.",
             "A 2-D tensor indexed with one subscript; a tag function with the wrong number of "
             "index names.",
             "Give one subscript or index name per dimension."),
    "E015": ("Tile extents that must agree do not.",
             "A copy whose source and destination slices have different extents; mma operands "
             "whose inner dimensions differ.",
             "Make the extents equal (the message shows both)."),
    "E016": ("A kernel parameter is assigned to; parameters are read with `load`/`copy` and "
             "written only with `store`.",
             "Reusing a parameter name for a tile.",
             "Assign to a new name, or `store` into the parameter."),
    "E017": ("A value that must be a compile-time integer is not.",
             "A tile extent or constant that uses a size (`M`) or a loop variable.",
             "Use literals, earlier constants, `+ - * / %`, `min`, `max`."),
    "E018": ("A layout's size does not match the tile it distributes.",
             "A layout shape whose product differs from the tile's element count; an mma "
             "fragment whose warps do not divide the tile.",
             "Make the layout's shape multiply out to the tile (docs/LAYOUT.md)."),
    "E019": ("A loop bound is not an integer expression.",
             "A float literal or a tile in `range(...)`.",
             "Bound loops by integer expressions of sizes, constants and loop variables."),
    "E020": ("A hole `??` in a kernel given to `argus-verify`.",
             "Verifying a sketch instead of filling it.",
             "Run `argus fill SKETCH` to complete the holes, then verify the result."),
    "E021": ("A value of the wrong kind: a memory space, a tile where an integer is needed, "
             "a comparison as a value.",
             "`copy_async` from shared memory; a tile comparison assigned to a name; a store "
             "from a shared buffer.",
             "Use the kind the statement takes (docs/DSL.md lists each statement's operands)."),
    "E022": ("The kernel lacks its launch geometry.",
             "No `grid` or no `threads` line.",
             "Add `grid ...` and `threads ...` to the header."),
    "E023": ("A tag declaration the DSL cannot use.",
             "A tag that reads a float input, `block.*` or `thread.*`; a field that is not an "
             "integer of the indices.",
             "Tag with integer expressions of the indices, sizes, constants and integer inputs."),
    "E024": ("An assertion the verifier cannot state.",
             "A tag field no `tag` function declares; tags read outside `assert`/`invariant`; "
             "`range(...)` outside `tag(x).f == range(lo, hi)`.",
             "Assert over declared tag fields, integer inputs and `range`s as docs/DSL.md shows."),
    "E025": ("An invalid layout or swizzle.",
             "Shape and stride of different structure; an unknown named layout; a swizzle with "
             "`|s| < b`; an mma fragment layout on a shared buffer; a shared layout that puts two "
             "elements at one offset or one before the buffer (a negative stride).",
             "Write the layout as docs/LAYOUT.md and docs/DSL.md show."),
    "E026": ("A function or attribute the DSL does not have.",
             "A misspelt function (`exq`), an attribute such as `block.w`.",
             "Use one of the functions docs/DSL.md lists."),
    "E027": ("A statement in a place it is not allowed.",
             "A header line (`grid`, `threads`, `const`, `tag`) inside a loop or `if`.",
             "Move header lines to the top of the kernel."),
    "E044": ("A `setmaxnreg` the hardware cannot execute: a register count that is not a multiple "
             "of 8 in [24, 256], a kernel that is not whole warpgroups, a role branch that splits a "
             "warpgroup, or a warpgroup that would run it twice.",
             "`setmaxnreg inc 230`; `threads 160` with setmaxnreg; `if thread.warp == 4:` around it "
             "(one warp of a warpgroup of four).",
             "Branch on whole warpgroups (`thread.warp / 4`, or `thread.x < 128`), give each warpgroup "
             "one count, a multiple of 8."),
    "E028": ("An invalid shape: a zero or negative extent, too many grid dimensions, zero threads.",
             "`threads 0`; a grid with four dimensions; a tile with no sliced dimension.",
             "Give positive extents and 1 to 3 grid dimensions."),
    "E029": ("A call or declaration with the wrong number of arguments.",
             "`const A, B = 1`; `where` with two arguments; positional arguments to a named layout.",
             "Pass the arguments the construct takes."),
    "E030": ("A constant expression divides by zero.",
             "A constant divided by another that is zero.",
             "Correct the constants."),
    "E031": ("No sizes satisfy the `assume`s, so every proof would hold vacuously.",
             "Contradictory assumptions (sizes are positive, so `M < 64 and M % 64 == 0` has "
             "no solution); a grid that is empty for every allowed size.",
             "Correct the assumptions so that the intended sizes satisfy them."),
    "E032": ("A value beyond the limits of the tools (docs/DSL.md, Limits).",
             "A huge literal, grid or shared allocation.",
             "Use values within the limits; the target's own limits are then the RES rule's."),
    "E035": ("A `masked` clause or a `mask(...)` call that cannot be read (docs/DSL.md, Masked tiles).",
             "A masked load or copy without `fill=`, a masked store with one, a mask on a shared "
             "buffer, a fill that is not a compile-time number (or a float for an integer tile).",
             "Write `masked(fill=0.0)` on a load or copy of a global tile and `masked` alone on a store; "
             "the fill is the identity of what consumes the padding (0.0 for sums and mma, -inf for max)."),
    "E040": ("A wgmma the warpgroup MMA cannot run: its shape, its accumulator's placement, or an "
             "operand layout no shared-memory matrix descriptor describes.",
             "An accumulator without `layout wgmma_m64nNk16(warpgroups=g)`; M other than 64 per "
             "warpgroup, N not a multiple of 8 up to 256, K not a multiple of 16; an operand buffer "
             "that is not 128B-swizzled (`swizzle(3, 3, 3)` with rows of 64 f16).",
             "Declare the operand buffers as docs/DSL.md's wgmma example does and the accumulator "
             "with the wgmma placement."),
    "E041": ("A wgmma that a loop iteration leaves pending.",
             "A missing `wgmma_commit` (a `wgmma_wait` then retires no group) or a missing "
             "`wgmma_wait`; a wait that only some paths reach.",
             "Commit the wgmma and `wgmma_wait 0` before the iteration ends."),
    "E090": ("An operation not defined on the operand's dtype.",
             "`log` of an integer tile, `^` of floats, `cast(x, bool)`.",
             "`cast` the operand to a dtype the operation takes first."),
}


def _doc(rid: str, title: str, texts: dict, level: str = "error") -> RuleDoc:
    # An id registered without an explanation yet still gets its title (a test fails on it).
    proves, causes, fix = texts.get(rid, (title[:1].upper() + title[1:] + ".", "", ""))
    return RuleDoc(rid, title, proves, causes, fix, level)


def _docs() -> tuple[RuleDoc, ...]:
    out = [_doc(rid, RULES[rid], _VERIFIER, "warning" if rid in WARNING_RULES else "error") for rid in RULES]
    out += [_doc(code, CODES[code], _FRONT_END) for code in CODES]
    return tuple(out)


def undocumented() -> list[str]:
    """Registered ids that have no explanation here."""
    return [rid for rid in (*RULES, *CODES) if rid not in _VERIFIER and rid not in _FRONT_END]


RULE_DOCS: tuple[RuleDoc, ...] = _docs()
BY_ID: dict[str, RuleDoc] = {d.id: d for d in RULE_DOCS}

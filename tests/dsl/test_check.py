"""The checker's semantic checks, one small kernel per rule."""
from __future__ import annotations

import pytest

from dsl import ir
from dsl.check import MAX_ERRORS, check_source

HEAD = """kernel k(A: f16[M, K], B: f16[K, N], C: f32[M, N], route: i32[M]):
    const BM, BN, BK = 64, 64, 32
    grid (M / BM, N / BN)
    threads 128
    tag A[i, k] = (row=i, k=k)
    tag B[k, j] = (k=k, col=j)
"""
FIRST = HEAD.count("\n") + 1   # the line number of the first body line
TILES = """    sA = shared f16[BM, BK]
    a = load A[block.x * BM : +BM, 0 : +BK]
    b = load B[0 : +BK, block.y * BN : +BN]
    acc = zeros f32[BM, BN]
"""


def check(body: str, synth: bool = False, head: str = HEAD):
    return check_source(head + body, "t.dsl", synth=synth)


def found(body: str, **kw) -> list[tuple[str, int]]:
    """(code, line relative to the body, 0 = first body line) of every diagnostic."""
    return [(d.code, d.span.line - FIRST) for d in check(body, **kw).diagnostics]


def one(body: str, code: str, **kw):
    result = check(body, **kw)
    assert [d.code for d in result.diagnostics] == [code], result.diagnostics
    return result.diagnostics[0]


def test_the_base_kernel_is_clean():
    result = check(TILES + "    acc = mma(a, b, acc)\n    store C[0 : +BM, 0 : +BN], acc\n")
    assert result.ok and result.diagnostics == []


# ---------------------------------------------------------------- names
def test_undefined_name_with_a_suggestion():
    d = one("    x = zeros f32[BM, BKK]\n", "E010")
    assert d.message == "undefined name 'BKK'" and d.hint == "did you mean 'BK'?"


def test_undefined_tensor():
    assert found("    a = load Q[0 : +BM, 0 : +BK]\n") == [("E010", 0)]


@pytest.mark.parametrize("body, line", [
    ("    sA = shared f16[BM, BK]\n    sA = shared f16[BM, BK]\n", 1),
    ("    for i in range(4):\n        for i in range(2):\n            barrier\n", 1),
])
def test_duplicate_definitions(body, line):
    d = one(body, "E011")
    assert d.span.line - FIRST == line and "first defined at line" in d.hint


def test_duplicate_header_statements():
    head = HEAD + "    const BM = 2\n    grid 1\n    threads 64\n    tag A[r, c] = (row=r)\n"
    result = check_source(head + "    barrier\n", "t.dsl")
    assert [d.code for d in result.diagnostics] == ["E011"] * 4
    assert result.diagnostics[1].hint.startswith("the first is at line 3")


def test_names_in_sibling_blocks_do_not_clash():
    body = "    if 1:\n        x = zeros f32[4, 4]\n    else:\n        x = zeros f16[8, 8]\n"
    assert check(body).ok


def test_a_name_from_a_loop_body_is_gone_after_the_loop():
    assert found("    for i in range(2):\n        x = zeros f32[4, 4]\n    y = x\n") == [("E010", 2)]


# ---------------------------------------------------------------- types and shapes
def test_unknown_dtype():
    d = one("    x = zeros f8[4, 4]\n", "E012")
    assert "f16" in d.hint


@pytest.mark.parametrize("body", [
    TILES + "    c = zeros f32[BK, BN]\n    acc = mma(a, c, acc)\n",            # mma operands
    "    s = shared f32[BM, BK]\n    copy s[0 : +BM], A[0 : +BM, 0 : +BK]\n",  # copy f16 into f32
    "    x = zeros f16[BM, BN]\n    store C[0 : +BM, 0 : +BN], x\n",            # store into f32
    "    x = zeros f32[4, 4]\n    y = zeros f16[4, 4]\n    z = x + y\n",         # elementwise
    "    x = zeros f32[4, 4]\n    x = zeros f16[4, 4]\n",                        # redefinition
])
def test_dtype_mismatches(body):
    assert [code for code, _ in found(body)] == ["E013"]


@pytest.mark.parametrize("body", [
    "    a = load A[0 : +BM, 0 : +BK, 0]\n",                  # too many subscripts
    "    x = zeros f32[4, 4]\n    y = sum(x, axis=2)\n",    # no such axis
    TILES + "    assert tag(a[i]).k == 0\n",                 # tag(...) of a 2-D tile with one index
    "    if route[0, 1] > 0:\n        barrier\n",              # an integer input read in a condition
])
def test_rank_mismatches(body):
    assert [code for code, _ in found(body)] == ["E014"]


def test_tag_declaration_must_name_every_dimension():
    head = HEAD.replace("tag A[i, k]", "tag A[i]")
    assert [d.code for d in check("    barrier\n", head=head).diagnostics] == ["E014"]


@pytest.mark.parametrize("body, message", [
    ("    s = shared f16[BM, BK]\n    copy s[0 : +BM, 0 : +BK], A[0 : +BM, 0 : +16]\n",
     "destination tile is [64, 32] but the source tile is [64, 16]"),
    ("    x = zeros f32[BM, 32]\n    store C[0 : +BM, 0 : +BN], x\n",
     "destination tile is [64, 64] but 'x' is [64, 32]"),
    ("    s = shared f16[2, BM, BK]\n    copy s[2], A[0 : +BM, 0 : +BK]\n", "subscript 2 is outside [0, 1]"),
    ("    s = shared f16[BM, BK]\n    a = load s[0 : +128, 0 : +BK]\n", "slice of 128 elements in a dimension of 64"),
    (TILES.replace("0 : +BK]", "0 : +16]", 1) + "    acc = mma(a, b, acc)\n", "mma shapes do not fit"),
])
def test_slice_extents_must_match(body, message):
    d = one(body, "E015")
    assert message in d.message


@pytest.mark.parametrize("body", ["    A = zeros f16[4, 4]\n", "    C = shared f32[4, 4]\n",
                                  "    x = zeros f32[4, 4]\n    route = x + 1\n"])
def test_assignment_to_a_kernel_parameter(body):
    d = one(body, "E016")
    assert "kernel parameter" in d.message and "store" in d.hint


@pytest.mark.parametrize("body, why", [
    ("    for t in range(4):\n        x = zeros f32[t, 4]\n", "tile extents must be compile-time integers"),
    ("    wait_group K\n", "wait_group needs a compile-time count"),
    ("    a = load A[0 : +M, 0 : +BK]\n", "a slice extent must be a compile-time integer"),
    ("    a = load A[0 : +BM]\n", "'A' has a symbolic extent; slice it explicitly"),
])
def test_values_that_must_be_compile_time(body, why):
    d = one(body, "E017")
    assert why in d.message


@pytest.mark.parametrize("head, why", [
    (HEAD + "    const Z = M + 1\n", "constant 'Z' is not a compile-time integer: 'M' is a symbolic size"),
    (HEAD + "    const Z = block.x\n", "block.x differs between blocks and threads"),
    (HEAD.replace("threads 128", "threads M"), "the thread count must be a compile-time integer"),
])
def test_header_values_that_must_be_compile_time(head, why):
    d = one("    barrier\n", "E017", head=head)
    assert why in d.message


def test_an_undefined_name_is_not_also_reported_as_not_constant():
    assert found("    x = zeros f32[4, Q]\n") == [("E010", 0)]


@pytest.mark.parametrize("body", [
    "    s = shared f16[BM, BK] layout (64, 16):(16, 1)\n",
    "    x = zeros f32[48, 64] layout mma_m16n8k16(warps=(2, 2))\n",
    "    s = shared f16[BM, 36]\n    copy s[0 : +BM], A[0 : +BM, 0 : +36] layout copy(vec=8)\n",
    "    a = load A[0 : +BM, 0 : +BK] layout (32, 32):(32, 1)\n",
])
def test_layout_sizes_must_match_the_tile(body):
    assert [code for code, _ in found(body)] == ["E018"]


@pytest.mark.parametrize("bound", ["1.5", "K > 1", "x", "range(0, 4)"])
def test_loop_bounds_must_be_integers(bound):
    d = one(f"    x = zeros f32[4, 4]\n    for t in range({bound}):\n        barrier\n", "E019")
    assert d.span.line == FIRST + 1


def test_symbolic_loop_bounds_are_fine():
    assert check("    for t in range(K / BK, 2 * K / BK + 1):\n        barrier\n").ok


def test_holes_only_in_synthesis_mode():
    body = "    for t in range(??{1, 2, 4}):\n        barrier\n    x = zeros f32[??, 4]\n"
    result = check(body)
    assert [d.code for d in result.diagnostics].count("E020") == 2
    assert "argus fill" in result.diagnostics[0].hint
    synth = check("    for t in range(??{1, 2, 4}):\n        barrier\n", synth=True)
    assert synth.ok
    loop = synth.kernel.body[0]
    assert isinstance(loop.stop, ir.Hole) and [e.value for e in loop.stop.domain] == [1, 2, 4]


# ---------------------------------------------------------------- the other codes
@pytest.mark.parametrize("body", [
    "    s = shared f16[BM, BK]\n    copy_async s[0 : +BM], s[0 : +BM]\n",   # async source is shared
    TILES + "    acc = mma(sA, b, acc)\n",                                    # mma of a shared tile
    "    x = zeros f32[4, 4]\n    z = x < 1\n",
    "    if 2.5:\n        barrier\n",
])
def test_wrong_kind_of_value(body):
    assert "E021" in [code for code, _ in found(body)]


def test_store_writes_global_or_shared_memory():
    assert found(TILES + "    store sA[0 : +BM, 0 : +BK], a\n") == []
    result = check(TILES + "    store a[0 : +BM, 0 : +BK], a\n")
    (d,) = result.diagnostics
    assert d.code == "E021" and "global or shared" in d.message and "shared buffer" in d.hint


@pytest.mark.parametrize("drop, word", [("    grid (M / BM, N / BN)\n", "grid"), ("    threads 128\n", "threads")])
def test_missing_launch_geometry(drop, word):
    d = one("    barrier\n", "E022", head=HEAD.replace(drop, ""))
    assert f"`{word}`" in d.message and d.span.line == 1


@pytest.mark.parametrize("tag, message", [
    ("tag Q[i, k] = (row=i)", "'Q' is not a kernel parameter"),
    ("tag C[i, j] = (row=thread.x)", "a tag depends on the element, not on the thread or block"),
    ("tag C[i, j] = (e=A[i, j])", "a tag field reads 'A', which is not an integer kernel input"),
    ("tag C[i, j] = (e=1.5)", "a tag field must be an integer expression, not a float"),
])
def test_invalid_tag_declarations(tag, message):
    d = one("    barrier\n", "E023", head=HEAD + f"    {tag}\n")
    assert d.message.startswith(message)


def test_data_dependent_tag_through_an_integer_input():
    head = HEAD.replace("tag A[i, k] = (row=i, k=k)", "tag A[t, d] = (token=t, expert=route[t])")
    result = check(TILES + "    assert tag(a[i, kk]).expert == route[block.x * BM + i]\n", head=head)
    assert result.ok


@pytest.mark.parametrize("cond, message", [
    ("a", "needs a condition"),
    ("1 + 2", "needs a condition"),
    ("tag(a[i, kk]).zz == 1", "no tag function declares a field 'zz'"),
    ("tag(a[i, kk]).k == 1.5", "compare integers"),
    ("tag(a[i, kk]).k < range(0, K)", "range(lo, hi) may only appear"),
    ("tag(a[i, kk]).k == A[i, kk]", "reads 'A' only through its tag"),
    ("a == b", "'a' is a tile, not an integer"),
])
def test_invalid_assertions(cond, message):
    result = check(TILES + f"    assert {cond}\n")
    assert result.diagnostics and all(d.code == "E024" for d in result.diagnostics), result.diagnostics
    assert message in result.diagnostics[0].message


def test_tags_are_read_only_in_assertions():
    d = one(TILES + "    x = tag(a[i, kk]).k\n", "E024")
    assert "assert" in d.message


@pytest.mark.parametrize("body", [
    "    s = shared f16[BM, BK] swizzle(3, 3, 2)\n",
    "    x = zeros f32[BM, BN] swizzle(3, 3, 3)\n",
    "    x = zeros f32[BM, BN] layout blocked(warps=2)\n",
    "    s = shared f16[BM, BK] layout (64, 32):(32, 1, 1)\n",
])
def test_invalid_layouts_and_swizzles(body):
    assert [code for code, _ in found(body)] == ["E025"]


@pytest.mark.parametrize("body", ["    x = zeros f32[4, 4]\n    y = softmax(x)\n",
                                  "    x = zeros f32[4, 4]\n    y = x.T\n",
                                  "    for t in range(exp(2)):\n        barrier\n"])
def test_unknown_functions_and_attributes(body):
    assert [code for code, _ in found(body)] == ["E026"]


def test_header_statements_inside_a_block():
    d = one("    for t in range(2):\n        const Z = 1\n", "E027")
    assert "kernel header" in d.message


@pytest.mark.parametrize("head", [HEAD.replace("threads 128", "threads 0"),
                                  HEAD.replace("grid (M / BM, N / BN)", "grid (1, 1, 1, 1)"),
                                  HEAD.replace("C: f32[M, N]", "C: f32[]")])
def test_invalid_shapes(head):
    assert [d.code for d in check("    barrier\n", head=head).diagnostics] == ["E028"]


@pytest.mark.parametrize("body", ["    x = zeros f32[4, 4]\n    y = exp(x, x)\n",
                                  "    x = zeros f32[4, 4]\n    y = sum(x)\n",
                                  "    x = zeros f32[BM, BN] layout mma_m16n8k16(warp=(2, 2))\n"])
def test_wrong_number_of_arguments(body):
    assert [code for code, _ in found(body)] == ["E029"]


def test_const_with_fewer_values_than_names():
    assert [d.code for d in check("    barrier\n", head=HEAD + "    const X, Y = 1\n").diagnostics] == ["E029"]


def test_division_by_zero_in_a_constant():
    result = check("    barrier\n", head=HEAD + "    const Z = BM / (BK - 32)\n")
    assert [d.code for d in result.diagnostics] == ["E030"]


# ---------------------------------------------------------------- index variables
def test_index_variables_are_bound_anywhere_in_the_assertion():
    result = check(TILES + "    assert i + kk >= 0 and tag(a[i, kk]).k == tag(b[kk, j]).k\n")
    assert result.ok
    stmt = result.kernel.body[-1]
    assert stmt.indices == ("i", "j", "kk")


def test_a_typo_outside_a_tag_subscript_is_still_an_error():
    d = one(TILES + "    assert tag(acc[i, j]).row == block.x * BM + ii\n", "E010")
    assert d.hint == "did you mean 'i'?"


def test_an_index_in_an_expression_subscript_is_not_bound():
    d = one(TILES + "    assert tag(a[i + 1, 0]).k == 0\n", "E010")
    assert "bare subscript" in d.hint


def test_a_defined_name_in_a_subscript_is_not_an_index():
    result = check(TILES + "    for t in range(4):\n        assert tag(a[t, 0]).k == 0\n")
    assert result.ok and result.kernel.body[-1].body[0].indices == ()


# ---------------------------------------------------------------- the header and error collection
def test_the_header_is_declarative():
    head = HEAD.replace("    const BM, BN, BK = 64, 64, 32\n", "") + "    assume M % BM == 0\n"
    result = check("    barrier\n", head=head + "    const BM, BN, BK = 64, 64, 32\n")
    assert result.ok and result.kernel.consts[0].name == "BM"


def test_errors_are_collected_sorted_and_capped():
    body = "".join(f"    x{i} = zeros f32[4, Q{i}]\n" for i in range(MAX_ERRORS + 10))
    result = check(body)
    assert len(result.diagnostics) == MAX_ERRORS
    lines = [d.span.line for d in result.diagnostics]
    assert lines == sorted(lines)
    assert not result.ok and result.kernel is not None


def test_a_hole_in_a_constant_is_one_unknown_in_synthesis_mode():
    body = "    for t in range(BT):\n        barrier\n    wait_group BT - 16\n"
    head = HEAD + "    const BT = ??{16, 32}\n"
    assert check(body, synth=True, head=head).ok
    assert [d.code for d in check(body, head=head).diagnostics] == ["E020"]


def test_an_output_tag_may_specify_a_range():
    head = HEAD + "    tag C[i, j] = (row=i, col=j, k=range(0, K))\n"
    assert check(TILES + "    store C[0 : +BM, 0 : +BN], acc\n", head=head).ok


def test_a_range_field_on_a_tensor_nothing_stores_into():
    head = HEAD.replace("tag A[i, k] = (row=i, k=k)", "tag A[i, k] = (row=i, k=range(0, K))")
    d = one("    barrier\n", "E023", head=head)
    assert "nothing stores into 'A'" in d.message


@pytest.mark.parametrize("body", ["    if A[0, 0] > 0:\n        barrier\n",
                                  "    x = zeros f32[4, 4]\n    for t in range(x[0, 0]):\n        barrier\n"])
def test_integer_expressions_read_only_integer_inputs(body):
    assert [code for code, _ in found(body)] in (["E021"], ["E019"])


def test_an_index_array_may_steer_a_load():
    assert check("    a = load A[route[block.x] : +BM, 0 : +BK]\n").ok

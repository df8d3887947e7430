"""Hypothesis strategies that write random, well-typed kernels as text.

The text is deliberately untidy (redundant parentheses, odd spacing, comments, blank
lines, header lines in any order) so that the formatter has something to canonicalise.
Every kernel drawn here type-checks; tests/dsl/test_fmt.py asserts that it does.
"""
from __future__ import annotations

from hypothesis import strategies as st

SIZES = ("M", "N", "K")
BUILTINS = ("block.x", "block.y", "thread.x", "thread.warp", "thread.lane")
HEADER = """kernel gen(A: f16[M, K], B: f16[K, N], C: f32[M, N], route: i32[M]):"""


def _spaced(draw, op: str) -> str:
    return draw(st.sampled_from([f" {op} ", f"{op}", f" {op}", f"{op} "]))


def _paren(draw, text: str) -> str:
    return f"({text})" if draw(st.integers(0, 4)) == 0 else text


def nonneg_const(draw, consts: list[str], depth: int = 0) -> str:
    """A compile-time integer that folds without a negative operand of / or %."""
    leaves = [str(draw(st.integers(0, 40)))] + consts
    if depth >= 3 or draw(st.integers(0, 2)) == 0:
        return draw(st.sampled_from(leaves))
    a = nonneg_const(draw, consts, depth + 1)
    kind = draw(st.sampled_from(["+", "*", "/", "%", "min", "max"]))
    if kind in ("/", "%"):
        return _paren(draw, f"({a}){_spaced(draw, kind)}{draw(st.integers(1, 9))}")
    b = nonneg_const(draw, consts, depth + 1)
    if kind in ("min", "max"):
        return f"{kind}({a}, {b})"
    return _paren(draw, f"({a}){_spaced(draw, kind)}({b})")


def int_expr(draw, names: list[str], depth: int = 0) -> str:
    """Any integer expression over `names`; never folded, so any operator goes."""
    if depth >= 3 or draw(st.integers(0, 2)) == 0:
        return draw(st.sampled_from([str(draw(st.integers(0, 99)))] + names))
    kind = draw(st.sampled_from(["+", "-", "*", "/", "%", "neg", "min"]))
    a = int_expr(draw, names, depth + 1)
    if kind == "neg":
        return f"-{_paren_always(a)}"
    b = int_expr(draw, names, depth + 1)
    if kind == "min":
        return f"{draw(st.sampled_from(['min', 'max']))}({a}, {b})"
    return _paren(draw, f"{_paren_always(a)}{_spaced(draw, kind)}{_paren_always(b)}")


def _paren_always(text: str) -> str:
    return text if text.isalnum() else f"({text})"


def condition(draw, names: list[str], depth: int = 0) -> str:
    if depth >= 2 or draw(st.booleans()):
        op = draw(st.sampled_from(["==", "!=", "<", "<=", ">", ">="]))
        return f"{int_expr(draw, names, 1)}{_spaced(draw, op)}{int_expr(draw, names, 1)}"
    kind = draw(st.sampled_from(["and", "or", "not"]))
    a = condition(draw, names, depth + 1)
    if kind == "not":
        return f"not ({a})"
    b = condition(draw, names, depth + 1)
    return f"({a}) {kind} ({b})" if draw(st.booleans()) else f"({a} {kind} {b})"


def tile_expr(draw, tiles: list[str], depth: int = 0) -> str:
    """Elementwise math on the [BM, BN] f32 tiles."""
    if depth >= 2 or draw(st.integers(0, 2)) == 0:
        return draw(st.sampled_from(tiles))
    kind = draw(st.sampled_from(["+", "-", "*", "exp", "abs", "maximum", "minimum", "scale", "neg"]))
    a = tile_expr(draw, tiles, depth + 1)
    if kind in ("exp", "abs"):
        return f"{kind}({a})"
    if kind in ("maximum", "minimum"):
        return f"{kind}({a}, {tile_expr(draw, tiles, depth + 1)})"
    if kind == "scale":
        return f"({a}) * {draw(st.sampled_from(['0.5', '2.0', '1e-3', '3', '1.25e2']))}"
    if kind == "neg":
        return f"-({a})"
    return f"({a}) {kind} ({tile_expr(draw, tiles, depth + 1)})"


@st.composite
def kernels(draw) -> str:
    """A random kernel in the shape of a pipelined GEMM, as source text."""
    extra = [f"C{i}" for i in range(draw(st.integers(0, 3)))]
    consts = ["BM", "BN", "BK", "S"]
    const_lines = ["    const BM, BN, BK, S = 64, 64, 32, 2"]
    for c in extra:
        const_lines.append(f"    const {c} = {nonneg_const(draw, consts)}")
        consts.append(c)
    header = const_lines + [
        f"    assume {condition(draw, list(SIZES) + consts)}",
        # min(..., 65535): a constant dimension stays within the launch limits (E032)
        f"    grid (min({int_expr(draw, list(SIZES) + consts)}, 65535), "
        f"min({int_expr(draw, list(SIZES) + consts)}, 65535))",
        "    threads 128",
        "    tag A[i, k] = (row=i, k=k, expert=route[i])",
        "    tag B[k, j] = (k=k, col=j)",
    ]
    # Header lines in any order, except that constants keep theirs (one may use another).
    header = list(draw(st.permutations(header)))
    const_slots = [i for i, line in enumerate(header) if line.startswith("    const")]
    for slot, line in zip(const_slots, const_lines):
        header[slot] = line
    prologue = [
        f"    sA = shared f16[S, BM, BK]{draw(st.sampled_from(['', ' swizzle(2, 3, 3)', ' layout 4096:1']))}",
        "    sB = shared f16[S, BK, BN]",
        f"    acc = zeros f32[BM, BN]{draw(st.sampled_from(['', ' layout mma_m16n8k16(warps=(2, 2))']))}",
        "    a = load sA[0]",
        f"    b = load sB[0, 0 : +BK, 0 : BN]{draw(st.sampled_from(['', ' layout (32, 64):(64, 1)']))}",
    ]
    names = list(SIZES) + consts + list(BUILTINS)
    body = _block(draw, names, depth=1, counter=[0])
    lines = [HEADER] + header + prologue + body
    lines.append("    store C[block.x * BM : +BM, block.y * BN : +BN], acc")
    return "\n".join(_decorate(draw, lines)) + "\n"


def _decorate(draw, lines: list[str]) -> list[str]:
    """Blank lines and comments between statements, and trailing comments."""
    out = []
    for i, line in enumerate(lines):
        if i > 0 and draw(st.integers(0, 6)) == 0:
            out.append(draw(st.sampled_from(["", "    # note", "# at column one", "        # deep"])))
        out.append(line + ("  # why" if i > 0 and draw(st.integers(0, 8)) == 0 else ""))
    return out


def _block(draw, names: list[str], depth: int, counter: list[int]) -> list[str]:
    pad = "    " * depth
    out: list[str] = []
    for _ in range(draw(st.integers(1, 4))):
        out += _statement(draw, names, depth, counter, pad)
    return out


def _statement(draw, names, depth, counter, pad) -> list[str]:
    kind = draw(st.sampled_from(["for", "if", "copy", "sync", "assert", "math", "mma", "load"]
                                if depth < 3 else ["copy", "sync", "assert", "math", "mma"]))
    if kind == "for":
        counter[0] += 1
        var = f"v{counter[0]}"
        bounds = int_expr(draw, names)
        if draw(st.booleans()):
            bounds = f"{int_expr(draw, names)}, {bounds}"
        return [f"{pad}for {var} in range({bounds}):"] + _block(draw, names + [var], depth + 1, counter)
    if kind == "if":
        lines = [f"{pad}if {condition(draw, names)}:"] + _block(draw, names, depth + 1, counter)
        if draw(st.booleans()):
            lines += [f"{pad}else:"] + _block(draw, names, depth + 1, counter)
        return lines
    if kind == "copy":
        word = draw(st.sampled_from(["copy", "copy_async"]))
        vec = draw(st.sampled_from(["", " layout copy(vec=8)", " layout copy(vec=4)"]))
        slot = f"({int_expr(draw, names)}) % S"
        return [f"{pad}{word} sA[{slot}], A[{int_expr(draw, names)} : +BM, {int_expr(draw, names)} : +BK]{vec}"]
    if kind == "sync":
        return [pad + draw(st.sampled_from(["barrier", "commit", f"wait_group {nonneg_const(draw, ['S'])}"]))]
    if kind == "assert":
        return [f"{pad}{draw(st.sampled_from(['assert', 'invariant']))} {_tag_assertion(draw, names)}"]
    if kind == "math":
        counter[0] += 1
        t = f"t{counter[0]}"
        if draw(st.booleans()):
            return [f"{pad}{t} = {tile_expr(draw, ['acc'])}"]
        return [f"{pad}{t} = {draw(st.sampled_from(['sum', 'max', 'min']))}(acc, axis={draw(st.integers(0, 1))})"]
    if kind == "load":
        return [f"{pad}a = load sA[({int_expr(draw, names)}) % S]"]
    return [f"{pad}acc = mma(a, b, acc)"]


def _tag_assertion(draw, names: list[str]) -> str:
    forms = [
        "tag(a[i, kk]).k == tag(b[kk, j]).k",
        f"tag(acc[i, j]).row == {int_expr(draw, names + ['i', 'j'])}",
        "tag(acc[i, j]).k == range(0, K)",
        f"tag(a[i, kk]).expert == route[{int_expr(draw, names + ['i', 'kk'])}]",
        f"{int_expr(draw, names + ['i'])} < tag(a[i, 0]).row",
    ]
    first = draw(st.sampled_from(forms))
    if draw(st.booleans()):
        return first
    # Extra conjuncts only use index names that `first` binds.
    bound = [n for n in ("i", "j", "kk") if f"[{n}," in first or f", {n}]" in first]
    # a range claim stands alone in a conjunct (E024): only `and` joins it, to a whole condition
    if "range(" in first:
        return f"{first} and ({condition(draw, names + bound)})"
    op = draw(st.sampled_from(["and", "or"]))
    return f"{first} {op} {condition(draw, names + bound)}"

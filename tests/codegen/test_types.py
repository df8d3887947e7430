"""The lowering computes every node of tile math in the type the interpreter computes it in
(codegen_cuda/node_types.py, docs/LOWERING.md "Types"): the types themselves, and random tile
expressions over every dtype run on the simulator against the interpreter."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from codegen_cuda.differential import check_lowering
from codegen_cuda.node_types import node_types
from codegen_cuda.plan import build
from dsl import ir
from dsl.check import check_source

TILES = {"f32": "x", "f16": "h", "f64": "g", "i8": "a", "i32": "b", "i64": "k"}
FLOATS = ("f32", "f16", "f64")
HEADER = ("kernel {name}(X: f32[R, 32], A: i8[R, 32], B: i32[R, 32], H: f16[R, 32], G: f64[R, 32], "
          "K: i64[R, 32], {outs}):\n    grid (R)\n    threads 32\n"
          + "".join(f"    {v} = load {v.upper()}[block.x : +1, 0 : +32]\n" for v in "xabhgk"))


def checked(text: str) -> ir.Kernel:
    res = check_source(text, "t.dsl")
    assert res.ok, res.diagnostics
    return res.kernel


def types_of(value: str, dtype: str = "f32") -> dict[str, str]:
    """The type of each node of `y = cast(VALUE, dtype)`, by its source text."""
    from dsl.fmt import format_expr
    from dsl.exprs import iter_nodes
    kernel = checked(HEADER.format(name="t", outs=f"Y: {dtype}[R, 32]")
                     + f"    y = cast({value}, {dtype})\n    store Y[block.x : +1, 0 : +32], y\n")
    plan = build(kernel)
    s = next(s for s in ir.walk(kernel.body) if isinstance(s, ir.Compute) and s.target.name == "y")
    typing = node_types(plan.tiles, plan.consts, s.value, (1, 32))
    return {format_expr(n): typing.of[id(n)] for n in iter_nodes(s.value.operand) if id(n) in typing.of}


def test_each_node_has_the_type_numpy_gives_the_interpreter():
    assert types_of("b * 0.5")["b * 0.5"] == "float64"             # an i32 tile and a Python float
    assert types_of("x * 0.5")["x * 0.5"] == "float32"             # a float tile keeps its type
    assert types_of("a + 300", "i64")["a + 300"] == "int64"         # 300 is no int8
    assert types_of("a + 3", "i8")["a + 3"] == "int8"
    assert types_of("a * R", "i64")["a * R"] == "int64"             # a size is an int64
    assert types_of("h + 1.0", "f16")["h + 1.0"] == "float32"       # f16 math is f32's
    assert types_of("where(x > 0.0, 3, 5)", "i32")["where(x > 0.0, 3, 5)"] == "int32"
    got = types_of("bcast(sum(a, axis=1), axis=1, n=32)", "i64")
    assert got["sum(a, axis=1)"] == "int64" and got["a"] == "int8"


def _scalar(r, dtype, reduced):
    ints = ["R", "block.x", "3", "-7", "300", "100000", "3000000000", "2147483647", "-128", "127"]
    ints += [] if reduced else ["thread.x"]
    floats = ["0.5", "0.1", "-2.5", "1000.0", "R * 0.1", "inf"]
    if dtype in FLOATS:
        return r.choice(floats + ints[:3])
    return r.choice(floats[:4]) if r.random() < 0.15 else r.choice(ints)


def _tile(r, depth, dtype, reduced=False):
    """A random tile expression of DSL type `dtype` (the checker's E013 wants one dtype per
    elementwise operation: other types come in through casts)."""
    if depth == 0 or r.random() < 0.2:
        return f"index({TILES[r.choice(list(TILES))]}, axis=1)" if dtype == "i64" and r.random() < 0.3 else TILES[dtype]
    sub = lambda d=dtype: _tile(r, depth - 1, d, reduced)
    other = lambda: sub() if r.random() < 0.5 else _scalar(r, dtype, reduced)
    match r.randrange(12):
        case 0 | 1 | 2:
            return f"({sub()} {r.choice('+-*')} {other()})" if r.random() < 0.7 else \
                f"({_scalar(r, dtype, reduced)} {r.choice('+-*')} {sub()})"
        case 3:
            div = r.choice(["3.0", "-2.0", "7", "0.25"] if dtype in FLOATS else ["3", "-2", "7", "1000"])
            return f"({sub()} {r.choice('/%')} {div})"
        case 4:
            return f"where({_cond(r, depth - 1, reduced)}, {sub()}, {other()})"
        case 5:
            return f"{r.choice(['maximum', 'minimum'])}({sub()}, {other()})"
        case 6:
            return f"{r.choice(['abs', 'neg'])}({sub()})"
        case 7:
            fill = r.choice(["0.0", "-inf", "2", "0.3"] if dtype in FLOATS else ["0", "-5", "127"])
            return f"mask({sub()}, {_cond(r, depth - 1, reduced)}, fill={fill})"
        case 8:
            return f"bcast({r.choice(['sum', 'max', 'min'])}({_tile(r, depth - 1, dtype, True)}, axis=1), axis=1, n=32)"
        case 9 if dtype in FLOATS:
            return r.choice(["sqrt(abs({}) + 1.0)", "log(abs({}) + 1.0)", "tanh({} * 0.01)", "sigmoid({})",
                             "erf({} * 0.1)", "exp2({} * 0.01)", "exp({} * 0.01)",
                             "pow(abs({}) + 0.5, 2)"]).format(sub())
    src = r.choice(list(TILES))
    if dtype not in FLOATS and src in FLOATS:
        # in range: a float's conversion to an integer outside it is undefined (SEMANTICS.md)
        return f"cast(maximum(minimum({sub(src)}, 100.0), -100.0), {dtype})"
    return f"cast({sub(src)}, {dtype})"


def _cond(r, depth, reduced):
    dtype = r.choice(list(TILES))
    rhs = _tile(r, depth, dtype, reduced) if r.random() < 0.5 else _scalar(r, dtype, reduced)
    base = f"{_tile(r, depth, dtype, reduced)} {r.choice(['<', '<=', '>', '>=', '==', '!='])} {rhs}"
    return r.choice([base, base, f"not {base}", f"{base} and b > {r.choice(['0', '3', '-100'])}"])


def random_kernel(seed: int, statements: int = 4) -> str | None:
    """A kernel of `statements` random tile expressions, each cast to an output's type;
    None where the checker rejects one (a fill no tile type holds, mixed dtypes)."""
    r = random.Random(seed)
    outs, body = [], []
    for j in range(statements):
        dtype = r.choice(list(TILES))
        outs.append(f"Y{j}: {dtype}[R, 32]")
        body.append(f"    y{j} = cast({_tile(r, 3, dtype)}, {dtype})\n    store Y{j}[block.x : +1, 0 : +32], y{j}\n")
    text = HEADER.format(name=f"t{seed}", outs=", ".join(outs)) + "".join(body)
    return text if check_source(text, "t.dsl").ok else None


# seeds whose kernels the checker accepts, covering every node kind above
SEEDS = [s for s in range(40) if random_kernel(s) is not None][:6]


@pytest.mark.parametrize("seed", SEEDS)
def test_random_tile_math_runs_as_the_interpreter_computes_it(seed, tmp_path):
    text = random_kernel(seed)
    got = check_lowering(checked(text), text, None, [{"R": 2}], seeds=(0,), cache_dir=tmp_path)
    assert got.verdict == "ok", (got.detail, text)


def test_a_thread_id_inside_a_reduction_is_a_checker_error():
    """thread.x in tile math is the thread computing the target element; inside a reduction's
    argument the interpreter took each reduced element's owner and the lowered code (serial or
    across warps) the thread combining it (random tile math, held-out round 107)."""
    for value in ("bcast(sum(x * thread.x, axis=1), axis=1, n=32)",
                  "bcast(max(mask(x, thread.lane < 16, fill=0.0), axis=1), axis=1, n=32)"):
        text = HEADER.format(name="t", outs="Y: f32[R, 32]") + (
            f"    y = {value}\n    store Y[block.x : +1, 0 : +32], y\n")
        res = check_source(text, "t.dsl")
        assert not res.ok and res.diagnostics[0].code == "E021", res.diagnostics
        assert "a thread id inside" in res.diagnostics[0].message


def test_a_float_out_of_an_integer_type_saturates_in_the_interpreter_and_the_code(tmp_path):
    """`cast(255.0, i8)` was -1 in the interpreter (NumPy's astype on x86) and 127 on a GPU
    (held-out round 108): the DSL truncates toward zero, saturates at the type's bounds and
    takes NaN to 0, and so do both."""
    import numpy as np
    from interp.compute import cast
    got = cast(np.array([255.0, 200.5, -129.0, np.nan, -0.7, 3e9, -1e30], np.float32), ir.DType.I8)
    assert got.tolist() == [127, 127, -128, 0, 0, 127, -128]
    assert cast(np.array([1e19, -1e19, 2.5]), ir.DType.I64).tolist() == [2 ** 63 - 1, -2 ** 63, 2]
    outs = "Y8: i8[R, 32], Y32: i32[R, 32], Y64: i64[R, 32], Z: i32[R, 32]"
    text = HEADER.format(name="t", outs=outs) + "".join(
        f"    {n} = cast({v}, {t})\n    store {n.upper()}[block.x : +1, 0 : +32], {n}\n"
        for n, v, t in (("y8", "x * 100.0", "i8"), ("y32", "x * 1000000000.0", "i32"),
                        ("y64", "g * 1e19", "i64"), ("z", "log(x)", "i32")))
    got = check_lowering(checked(text), text, None, [{"R": 3}], seeds=(0, 1), cache_dir=tmp_path)
    assert got.verdict == "ok", got.detail

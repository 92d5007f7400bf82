"""vecenv.c's enums (observation blocks, action shapes, illegal-action modes) come from
durakc.rl.vector_native, where the order of the offsets passed to `Batch` is written: the C
file defines none of them itself and every one it reads is made there."""

import re

from durakc.native.vector import VECENV
from durakc.rl.encoding import SHAPES
from durakc.rl.gym_env import ILLEGAL_ACTIONS
from durakc.rl.vector_native import BLOCKS, ILLEGAL_CODES, SHAPE_CODES, c_constants


def _defined(text: str) -> dict[str, int]:
    """The enum constants `NAME = value` of C text."""
    return {name: int(value) for name, value in re.findall(r"\b([A-Z][A-Z_]*) = (\d+)", text)}


def test_block_enum_is_the_offsets_order():
    defined = _defined(c_constants())
    for i, name in enumerate(BLOCKS):
        assert defined[f"B_{name.upper()}"] == i
    assert defined["NBLOCKS"] == len(BLOCKS)


def test_shape_and_illegal_codes_follow_the_python_tables():
    defined = _defined(c_constants())
    assert {defined[f"SH_{shape.upper()}"] for shape in SHAPE_CODES} == set(SHAPE_CODES.values())
    for shape, code in SHAPE_CODES.items():
        assert defined[f"SH_{shape.upper()}"] == code
    assert set(ILLEGAL_CODES) == set(ILLEGAL_ACTIONS)
    for mode, code in ILLEGAL_CODES.items():
        assert defined[f"IL_{mode.upper()}"] == code
    # every shape a core verb's block has is one the C loop knows
    assert {SHAPES[verb] for verb in ("attack", "beat", "transfer", "take", "pass", "throw", "show")} <= set(SHAPE_CODES)


def test_vecenv_reads_only_generated_constants():
    source = VECENV.read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/", "", source, flags=re.DOTALL)
    assert not re.search(r"enum\s*\{\s*(B|SH|IL)_", code), "vecenv.c defines a layout enum itself"
    used = set(re.findall(r"\b((?:B|SH|IL)_[A-Z_]+|NBLOCKS)\b", code))
    assert used, "vecenv.c reads no layout constant"
    assert used <= set(_defined(c_constants()))

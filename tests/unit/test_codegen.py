"""Code generation: golden sync, determinism, specialisation, header, ruff."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from compiler.codegen import GENERATED_DIR, OUTPUT_PATTERNS, build_outputs, render_engine
from compiler.spec import bundled_names, load_spec


def test_fresh_build_equals_checked_in_generated():
    outputs, errors = build_outputs()
    assert not errors
    present = sorted(p.name for pattern in OUTPUT_PATTERNS for p in GENERATED_DIR.glob(pattern))
    assert present == sorted(outputs), "run `durakc build`"
    for name, source in outputs.items():
        assert (GENERATED_DIR / name).read_text(encoding="utf-8") == source, f"{name} is stale"


def test_generation_is_byte_identical_across_runs():
    from compiler.ctarget import render_c

    for name in bundled_names():
        spec = load_spec(name)
        assert render_engine(spec) == render_engine(load_spec(name))
        assert render_c(spec) == render_c(load_spec(name))


def test_header_names_source_sha_and_version():
    spec = load_spec("transfer")
    head = render_engine(spec).splitlines()[:4]
    assert head[0] == "# GENERATED FILE - DO NOT EDIT BY HAND."
    assert "variants/transfer.yaml" in head[2]
    assert spec.sha256 in head[2]
    assert "durakc" in head[1]


def test_unused_rules_leave_no_code():
    podkidnoy = render_engine(load_spec("podkidnoy"))
    for fragment in ("def _transfer", "def _pass_on", "def _show", "# transfer.capacity"):
        assert fragment not in podkidnoy
    transfer = render_engine(load_spec("transfer"))
    assert "def _transfer" in transfer
    assert "def _show" not in transfer  # no show in the transfer profile (T16)
    assert "def _show" in render_engine(load_spec("proyezdnoy"))


def test_beat_table_is_precomputed():
    import generated.transfer as engine

    # 6 of clubs (attack) is beaten by higher clubs and every trump when hearts are trump.
    hearts = engine.SUITS.index("H")
    six_clubs = engine.card_index("6C")
    beaters = set(engine.mask_texts(engine.BEATEN_BY[hearts][six_clubs]))
    assert beaters == {"7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"} | {
        r + "H" for r in engine.RANKS}
    ace_trump = engine.card_index("AH")
    assert engine.BEATEN_BY[hearts][ace_trump] == 0  # T11: nothing beats the trump ace


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
                    reason="ruff not installed")
def test_generated_code_passes_ruff():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    result = subprocess.run([ruff, "check", "--no-cache", str(GENERATED_DIR)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr

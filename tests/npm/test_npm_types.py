"""The npm package's generated TypeScript types (durakc.wasm.dts) and the command line of
`durakc build --target npm`: what needs neither node nor the built package."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import durakc.engines
from durakc.wasm.dts import variant_types, variants_dts, variants_mjs
from durakc.wasm.npm import SOURCES, package_json, source_bytes


def _types(name: str):
    return variant_types(durakc.engines.load(name), durakc.engines.MODULES[name])


def test_the_types_are_read_from_the_compiled_spec():
    transfer = _types("transfer")
    assert transfer.cards == tuple(durakc.engines.load("transfer").CARD_TEXT)
    assert len(transfer.cards) == 36 and "10H" in transfer.cards and "5S" not in transfer.cards
    assert transfer.players == (2, 3, 4, 5, 6)
    assert dict(transfer.verbs) == {"attack": (1, 2, 3), "beat": (2,), "transfer": (1, 2, 3),
                                    "show": (1,), "throw": (1,), "take": (0,), "pass": (0,)}
    assert not transfer.closed_discard and transfer.type_name == "Transfer"
    closed = _types("closed-discard")
    assert closed.closed_discard and closed.type_name == "ClosedDiscard"
    assert dict(_types("poker").verbs)["swap"] == (2,), "poker's swaps give two cards"
    assert "RJ" in _types("jokers").cards and "6C/S" in _types("weli").cards


def test_variants_dts_writes_each_card_and_action_form():
    text = variants_dts([_types("transfer"), _types("closed-discard")])
    assert 'export type TransferCard = "6S" | "6H" | "6D" | "6C" | "7S"' in text
    assert "  | `beat ${TransferCard} ${TransferCard}`\n" in text
    assert "  | `attack ${TransferCard} ${string}`\n" in text  # two cards or more
    assert "`attack ${TransferCard} ${TransferCard}" not in text, "no pair unions: slow tsc"
    assert '  | "take"\n' in text and '"pass";' in text
    assert "  players: 2 | 3 | 4 | 5 | 6;\n  closedDiscard: false;" in text
    assert "  closedDiscard: true;" in text
    assert text.endswith('export interface Variants {\n  "transfer": TransferTypes;\n'
                         '  "closed-discard": ClosedDiscardTypes;\n}\n')
    assert '"closed-discard": "closed_discard"' in variants_mjs([_types("closed-discard")])


def test_the_hand_written_sources_ship_with_durakc():
    for name in SOURCES:
        assert source_bytes(name), name
    assert b'from "./durak-wasm.mjs"' in source_bytes("engine.mjs")
    assert '"boardgame.io": {\n      "optional": true' in package_json("1.2.3", ["transfer"])


def _durakc(*args: str, path: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if path is not None:
        env["PATH"] = path
        env.pop("CLANG", None)
    return subprocess.run([sys.executable, "-m", "durakc", "build", *args], env=env,
                          capture_output=True, text=True, timeout=600, check=False)


@pytest.mark.parametrize(("args", "says"), [
    (["--target", "npm", "--variant", "no-such"], "no bundled variant 'no-such'"),
    (["--variant", "transfer"], "--variant goes with --target npm"),
    (["--target", "wasm", "--variant", "transfer"], "--variant goes with --target npm"),
])
def test_a_bad_variant_choice_is_a_usage_error(args, says, tmp_path):
    done = _durakc(*args, "--out", str(tmp_path / "out"))
    assert done.returncode == 2
    assert says in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_without_clang_it_says_how_to_install_before_building(tmp_path):
    done = _durakc("--target", "npm", "--variant", "transfer", "--out", str(tmp_path / "b"),
                   path=str(tmp_path))  # a PATH with no clang
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "the wasm target needs clang" in done.stderr
    assert "apt-get install clang lld wasi-libc libclang-rt-dev-wasm32" in done.stderr
    assert not (tmp_path / "b").exists()


def test_each_variants_table_settings_are_typed_from_its_spec():
    text = variants_dts([_types("table"), _types("transfer")])
    assert ("export interface TableOptions {\n"
            "  /** cards in the deck, the highest ranks of every suit (24 from nines, 52 from "
            "twos) */\n  deck: 24 | 36 | 52;\n") in text
    assert "  transfer: boolean;\n" in text and "  first_limit: 5 | 6;\n" in text
    assert "  options: TableOptions;\n" in text
    assert "  options: Record<string, never>;\n" in text, "transfer takes no setting"
    from durakc.wasm.dts import _option_type

    assert _option_type({"type": "int", "default": 3, "range": [1, 6]}) == "number"

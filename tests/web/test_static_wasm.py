"""The static playground's wasm files (`durakc.web.static_wasm`, docs/playground.md): which
variants get a module, the missing toolchain said once with how to install it (the site then
plays everything on Pyodide), modules reused from a `durakc build --target wasm` folder, and
meta.json answering /api/meta as the Pyodide API would."""

from __future__ import annotations

import json

import durakc.wasm
from durakc.wasm.build import INSTALL
from durakc.web.server import examples
from durakc.web.standalone import StandaloneApi
from durakc.web.static_wasm import BOTS, meta_file, wasm_site_files, wasm_variants


def test_without_the_toolchain_it_says_so_once_and_the_site_plays_on_pyodide(monkeypatch):
    monkeypatch.setattr(durakc.wasm, "toolchain_problem",
                        lambda: "the wasm target needs clang, and none was found; " + INSTALL)
    said: list[str] = []
    files = wasm_site_files(["transfer", "podkidnoy"], say=said.append)
    assert len(said) == 1 and "\n" not in said[0], said   # once, one line
    assert "Pyodide" in said[0] and "needs clang" in said[0]
    assert "apt-get install clang lld wasi-libc libclang-rt-dev-wasm32" in said[0]
    index = json.loads(files["wasm/index.json"])
    assert index["variants"] == {} and "clang" in index["problem"]
    assert not [name for name in files if name.endswith(".wasm")]
    assert "wasm/durak-wasm.mjs" in files


def test_modules_of_a_wasm_build_are_reused_without_clang(monkeypatch, tmp_path):
    def no_toolchain():
        raise AssertionError("the toolchain is not needed when every module is given")

    monkeypatch.setattr(durakc.wasm, "toolchain_problem", no_toolchain)
    (tmp_path / "transfer.wasm").write_bytes(b"\0asm-transfer")
    files = wasm_site_files(["transfer"], reuse=tmp_path, say=lambda text: None)
    assert files["wasm/transfer.wasm"] == b"\0asm-transfer"
    index = json.loads(files["wasm/index.json"])
    text = next(e["text"] for e in examples() if e["name"] == "transfer")
    assert index["variants"] == {"transfer": {"module": "transfer", "text": text}}
    assert index["bots"] == list(BOTS) and index["problem"] is None


def test_only_variants_the_wasm_play_answers_exactly_get_modules():
    chosen = wasm_variants(["transfer", "table", "cheating", "pairs"])
    assert set(chosen) == {"transfer", "table"}
    # cheating: out-of-turn catches (HR34); pairs: teams and losses, keys the wasm
    # observation leaves out: Pyodide plays them


def test_meta_json_is_the_static_apis_meta(tmp_path):
    meta = json.loads(meta_file())
    assert meta == json.loads(json.dumps(StandaloneApi(folder=str(tmp_path)).meta))
    assert meta["static"] is True and "greedy" in meta["bots"]


def test_the_folder_holds_the_workers_the_modules_the_index_and_meta(tmp_path, monkeypatch):
    """build_site with a module taken from a wasm build (`--wasm-from`): the page's modules,
    wasm/ and meta.json are written next to Pyodide's files."""
    from durakc.web.pyodide_files import RUNTIME_FILES
    from durakc.web.static_site import SITE_MODULES, build_site

    monkeypatch.setattr(durakc.wasm, "toolchain_problem", lambda: None)
    runtime = tmp_path / "pyodide"
    runtime.mkdir()
    for name in RUNTIME_FILES:
        (runtime / name).write_bytes(b"stand-in")
    built = tmp_path / "wasm-build"
    built.mkdir()
    (built / "transfer.wasm").write_bytes(b"\0asm")
    out = tmp_path / "site"
    written = build_site(out, runtime, ["transfer"], built, say=lambda text: None)
    for name in SITE_MODULES:
        assert (out / "static" / "js" / name) in written
    assert (out / "wasm" / "transfer.wasm").read_bytes() == b"\0asm"
    assert "transfer" in json.loads((out / "wasm" / "index.json").read_text())["variants"]
    assert (out / "wasm" / "durak-wasm.mjs").is_file()
    assert json.loads((out / "meta.json").read_text())["static"] is True

"""`durakc playground --static OUT`: the playground as a folder any static host serves.

The folder holds the page of `durakc serve` (compiler/web/static/), with one module swapped:
`js/transport.js` sends the API's requests to a Web Worker (`js/pyworker.js`) instead of a
server.  The worker loads Pyodide from the folder itself (`pyodide/`, the files of the npm
package `pyodide`, see `durakc.web.pyodide_files`) and the compiler with its pure-Python
dependencies from `py/site.zip`, and answers every request with `durakc.web.standalone`:
the same checks, explanations, games against the bots and comparisons as the server, run
in the browser.  Games against the bots on a bundled variant play on its wasm engine
instead (`wasm/`, `durakc.web.static_wasm`): transport.js sends those /api/play requests to a
second worker (`js/wasmworker.js`, `js/wasmplay.js`) that answers with the same JSON, and
`GET /api/meta` is answered from `meta.json`.  Nothing is fetched from anywhere but the
folder (the page's Content-Security-Policy says so too).
"""

from __future__ import annotations

import importlib.util
import io
import zipfile
from importlib.resources import files
from pathlib import Path

from durakc.loading.files import write_bytes
from durakc.web.static_wasm import meta_file, wasm_site_files

STATIC = Path(__file__).resolve().parent / "static"
SITE_JS = Path(__file__).resolve().parent / "static_site"
SITE_MODULES = ("transport.js", "pyworker.js", "wasmworker.js", "wasmplay.js", "seeds.js",
                "wasmgames.js")
"""The static build's own page modules (static_site/): transport.js (worker-backed), the
Pyodide worker (with wasmgames.js: a comparison's games in the wasm modules), and the wasm
worker with its play step and seeds."""

DEPENDENCIES = ("lark", "jinja2", "markupsafe", "yaml")
"""The pure-Python packages the compiler needs in Pyodide (their compiled speed-ups, when
installed, are left out: each package falls back to its Python code)."""

PACKAGE_TREES = (("durakc", "durakc"), ("durakc.engines", "durakc/engines"),
                 ("durakc.variants", "durakc/variants"))
"""Import package -> folder in the zip (the installed layout, whatever the checkout's)."""

_KEEP = (".py", ".lark", ".j2", ".yaml", ".yml", ".json", ".typed", ".c", ".h", ".txt")
_SKIP_PARTS = {"__pycache__", "static", "static_site"}
_ZIP_TIME = (2000, 1, 1, 0, 0, 0)

CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
       "worker-src 'self'; connect-src 'self'; img-src 'self' data:; "
       "style-src 'self' 'unsafe-inline'; base-uri 'none'")
"""The static page's policy: scripts, workers and fetches from the folder only (Pyodide
compiles its WebAssembly and evaluates its own glue, hence the two evals)."""


class StaticBuildError(Exception):
    """The folder could not be written (a sentence for the user)."""


def build_site(out: Path, pyodide_dir: Path, wasm: list[str] | None = None,
               wasm_from: Path | None = None, say=print) -> list[Path]:
    """Write the static playground into `out` (created; files already there are replaced)
    from the unpacked Pyodide distribution `pyodide_dir`; the files written.  `wasm`: the
    bundled variants to give wasm engines (None: every one that can have them, `[]`: none);
    `wasm_from`: a `durakc build --target wasm` folder to take modules from; `say`: how a
    missing wasm toolchain is reported (once)."""
    from durakc.web.pyodide_files import RUNTIME_FILES

    out.mkdir(parents=True, exist_ok=True)
    written = []
    for source in sorted(STATIC.rglob("*")):
        if source.is_file():
            written.append(_copy(source, out / "static" / source.relative_to(STATIC)))
    for name in SITE_MODULES:
        written.append(_copy(SITE_JS / name, out / "static" / "js" / name))
    for name, data in sorted(wasm_site_files(wasm, wasm_from, say).items()):
        written.append(_write(out / name, data))
    written.append(_write(out / "meta.json", meta_file()))
    index = (STATIC / "index.html").read_text(encoding="utf-8")
    written.append(_write(out / "index.html", _static_index(index).encode("utf-8")))
    for name in RUNTIME_FILES:
        written.append(_copy(pyodide_dir / name, out / "pyodide" / name))
    written.append(_write(out / "py" / "site.zip", site_zip()))
    return written


def _static_index(index: str) -> str:
    """The served page's index.html with the static page's policy in its head."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
    return index.replace("<head>", "<head>\n" + meta, 1)


def site_zip() -> bytes:
    """The compiler, its bundled engines and specs and its dependencies as one zip to unpack
    into Pyodide's site-packages (sorted, fixed times: the same install gives the same bytes)."""
    entries: dict[str, bytes] = {}
    for package, folder in PACKAGE_TREES:
        _add_tree(entries, Path(str(files(package))), folder)
    for name in DEPENDENCIES:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            raise StaticBuildError(f"the package {name!r} is not installed (pip install -e .)")
        _add_tree(entries, Path(next(iter(spec.submodule_search_locations))), name)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, _ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, entries[name])
    return buffer.getvalue()


def _add_tree(entries: dict[str, bytes], root: Path, folder: str) -> None:
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if not path.is_file() or path.suffix not in _KEEP or _SKIP_PARTS & set(relative.parts):
            continue
        name = f"{folder}/{relative.as_posix()}"
        if folder == "durakc" and relative.parts[0] in ("engines", "variants"):
            continue   # those come from their own packages
        entries.setdefault(name, path.read_bytes())


def _copy(source: Path, target: Path) -> Path:
    return _write(target, source.read_bytes())


def _write(target: Path, data: bytes) -> Path:
    try:
        write_bytes(target, data, make_folder=True)
    except OSError as exc:
        raise StaticBuildError(f"can not write {target}: {exc.strerror or exc}") from None
    return target

"""The static playground for the browser tests: built once per session (`durakc playground
--static`) and served by a plain static file server that records every path asked of it."""

from __future__ import annotations

import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

from durakc.loading.engines import cache_dir
from durakc.web.pyodide_files import PyodideUnavailable, pyodide_folder
from durakc.web.static_site import build_site

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".zip": "application/zip", ".json": "application/json"}


class StaticHost:
    """A static file server over one folder, as GitHub Pages would serve it."""

    def __init__(self, folder: Path):
        self.paths: list[str] = []
        host = self

        class Handler(SimpleHTTPRequestHandler):
            extensions_map: ClassVar[dict[str, str]] = {**SimpleHTTPRequestHandler.extensions_map,
                                                       **TYPES}

            def log_message(self, format, *args):
                host.paths.append(self.path)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


WASM_VARIANTS = ["podkidnoy", "transfer", "kyiv", "table", "jokers"]
"""The variants the test site plays on wasm (the tests' examples; building all 56 modules
would take minutes): the others play on the Python engine in Pyodide, as without clang."""


def build(out: Path, wasm: list[str] | None = None) -> Path:
    """The static playground in `out` (wasm engines for `wasm`, default WASM_VARIANTS);
    raises PyodideUnavailable (the tests skip) when no Pyodide can be had (offline and never
    downloaded on this machine)."""
    runtime = pyodide_folder(None, cache_dir())
    build_site(out, runtime, WASM_VARIANTS if wasm is None else wasm)
    return out


__all__ = ["PyodideUnavailable", "StaticHost", "build"]

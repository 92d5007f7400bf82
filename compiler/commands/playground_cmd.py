"""`durakc playground --static OUT`: the playground as a folder any static host serves."""

from __future__ import annotations

import sys
from pathlib import Path

from durakc.commands._common import error

NAME = "playground"
HELP = ("write the playground as a static folder (--static OUT): the editor, explanations, games "
        "against the bots and comparisons run in the browser (Pyodide; the bundled variants' "
        "games on their wasm engines), no server needed")


def add_arguments(parser) -> None:
    parser.add_argument("--static", metavar="OUT", type=Path, required=True,
                        help="the folder to write (any static host serves it, e.g. GitHub Pages)")
    parser.add_argument("--pyodide", metavar="PATH", type=Path, default=None,
                        help="Pyodide's npm package, unpacked or as its .tgz (default: downloaded "
                             "once from the npm registry into the durakc cache)")
    parser.add_argument("--wasm-from", metavar="DIR", type=Path, default=None,
                        help="take the bundled variants' wasm modules from this `durakc build "
                             "--target wasm` folder instead of building them (with clang)")
    parser.add_argument("--no-wasm", action="store_true",
                        help="no wasm engines: every game plays on the Python engine in Pyodide")


def run(args) -> int:
    from durakc.loading.engines import cache_dir
    from durakc.web.pyodide_files import PyodideUnavailable, pyodide_folder
    from durakc.web.static_site import StaticBuildError, build_site

    try:
        runtime = pyodide_folder(args.pyodide, cache_dir())
        written = build_site(args.static, runtime, [] if args.no_wasm else None,
                             args.wasm_from, say=lambda text: print(text, file=sys.stderr))
    except (PyodideUnavailable, StaticBuildError) as exc:
        error(str(exc))
        return 1
    size = sum(path.stat().st_size for path in written)
    print(f"wrote the static playground to {args.static} ({len(written)} files, "
          f"{size / 1e6:.1f} MB)")
    print(f"try it: python -m http.server --directory {args.static} 8000, then open "
          "http://localhost:8000/")
    return 0

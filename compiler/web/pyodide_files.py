"""Where the static playground's Pyodide comes from: the files of the npm package `pyodide`.

`durakc playground --static OUT [--pyodide PATH]` copies the runtime files into OUT, so the
page loads Pyodide from its own folder (no CDN at run time).  PATH is the package unpacked
(a folder holding pyodide.mjs) or its tarball (`npm pack pyodide@VERSION`); without it the
tarball is downloaded once from the npm registry into the engine cache's folder
(`$DURAKC_CACHE/pyodide-VERSION`), checked against the integrity hash pinned here.
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import tarfile
import tempfile
import urllib.error
import urllib.request
from pathlib import Path

from durakc.loading.files import write_bytes

VERSION = "314.0.8"
"""The Pyodide release the static playground is built and tested with (Python 3.14)."""

TARBALL = f"https://registry.npmjs.org/pyodide/-/pyodide-{VERSION}.tgz"
INTEGRITY = ("sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7"
             "YHSVUpHsoarLQ==")
"""The registry's integrity string of TARBALL (`npm view pyodide@VERSION dist.integrity`)."""

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
"""The files a page needs to start Pyodide (no packages: the site zip brings its own)."""


class PyodideUnavailable(Exception):
    """No Pyodide to copy (a sentence saying why and what to do)."""


def pyodide_folder(path: Path | None, cache: Path) -> Path:
    """A folder holding RUNTIME_FILES: `path` itself (a folder, or a tarball unpacked into
    the cache), else the cached download, else a fresh download into `cache`."""
    if path is not None:
        if path.is_dir():
            return _checked(path, f"{path} is not the npm package pyodide")
        if path.is_file():
            return _unpacked(path, cache / f"pyodide-{_digest(path)[:16]}")
        raise PyodideUnavailable(f"--pyodide {path}: no such file or folder")
    target = cache / f"pyodide-{VERSION}"
    if all((target / name).is_file() for name in RUNTIME_FILES):
        return target
    return _unpacked(_download(cache), target)


def _checked(folder: Path, problem: str) -> Path:
    missing = [name for name in RUNTIME_FILES if not (folder / name).is_file()]
    if missing:
        raise PyodideUnavailable(f"{problem}: it lacks {', '.join(missing)}")
    return folder


def _download(cache: Path) -> Path:
    """The release tarball, fetched and checked (PyodideUnavailable when offline)."""
    cache.mkdir(parents=True, exist_ok=True)
    target = cache / f"pyodide-{VERSION}.tgz"
    try:
        with urllib.request.urlopen(TARBALL, timeout=60) as response:
            data = response.read()
    except (urllib.error.URLError, OSError) as exc:
        raise PyodideUnavailable(
            f"can not download Pyodide {VERSION} ({getattr(exc, 'reason', exc)}): fetch it "
            f"where there is a network with `npm pack pyodide@{VERSION}` and pass the "
            "tarball with --pyodide") from None
    algorithm, _, expected = INTEGRITY.partition("-")
    if base64.b64encode(hashlib.new(algorithm, data).digest()).decode() != expected:
        raise PyodideUnavailable(f"the download of {TARBALL} does not match its pinned hash")
    write_bytes(target, data)  # whole or not at all: the cache is shared
    return target


def _unpacked(tarball: Path, target: Path) -> Path:
    """The runtime files of an npm tarball (`package/<file>`) in `target`."""
    if all((target / name).is_file() for name in RUNTIME_FILES):
        return target
    staging = Path(tempfile.mkdtemp(prefix=target.name + "-", dir=_parent(target)))
    try:
        with tarfile.open(tarball, "r:gz") as archive:
            for name in RUNTIME_FILES:
                try:
                    member = archive.getmember(f"package/{name}")
                except KeyError:
                    raise PyodideUnavailable(
                        f"{tarball} is not the npm package pyodide: it lacks {name}") from None
                source = archive.extractfile(member)
                if source is None:
                    raise PyodideUnavailable(f"{tarball}: {name} is not a file")
                (staging / name).write_bytes(source.read())
    except (tarfile.TarError, OSError, EOFError) as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise PyodideUnavailable(f"can not read {tarball}: {exc}") from None
    except PyodideUnavailable:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    shutil.rmtree(target, ignore_errors=True)
    staging.rename(target)
    return target


def _parent(target: Path) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    return target.parent


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()

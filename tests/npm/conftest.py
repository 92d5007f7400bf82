"""Fixtures of tests/npm: the package built, packed, and installed in a clean folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from npm_support import base_problem, build_package, clean_install, deps_problem, pack


@pytest.fixture(scope="session")
def packed(tmp_path_factory) -> dict:
    """{"folder", "tarball", "files", "consumer"}: `durakc build --target npm` of the test
    variants, `npm pack`, and a clean install of the tarball in a new folder."""
    problem = base_problem()
    if problem:
        pytest.skip(problem)
    root = tmp_path_factory.mktemp("npm")
    folder = root / "package"
    built = build_package(folder)
    assert built.returncode == 0, built.stderr
    tarball, files = pack(folder)
    consumer = root / "consumer"
    installed = clean_install(tarball, consumer)
    assert installed.returncode == 0, installed.stderr
    return {"folder": folder, "tarball": tarball, "files": files, "consumer": consumer,
            "built": built}


@pytest.fixture(scope="session")
def deps(packed) -> Path:
    """tests/npm/node_modules with tsc and boardgame.io (skip, saying why, without them)."""
    problem = deps_problem()
    if problem:
        pytest.skip(problem)
    return Path(__file__).resolve().parent / "node_modules"

"""Helpers of the simulator tests: engines to test with, and running the CLI."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FAKE = str(HERE / "sim_fake_engine.py")
BUNDLED = ("transfer", "podkidnoy", "proyezdnoy", "kyiv", "poker", "trump-six")


def bundled_available() -> list[str]:
    """The bundled engines among BUNDLED that exist now."""
    try:
        from durakc import engines as generated
    except ImportError:
        return []
    have = set(getattr(generated, "ENGINES", ()))
    return [n for n in BUNDLED if n in have]


def need_bundled(*names):
    """Skip unless these bundled engines exist."""
    missing = [n for n in names if n not in bundled_available()]
    if missing:
        pytest.skip(f"generated engines missing: {', '.join(missing)}")


def fake_variant(tmp_path, transfer: bool = False, name: str = "fake-notransfer") -> str:
    """A second fake engine file (transfer switched off), for diffs and comparisons."""
    text = Path(FAKE).read_text()
    text = text.replace("TRANSFER = True", f"TRANSFER = {transfer}")
    text = text.replace('NAME = "fake"', f'NAME = "{name}"')
    path = tmp_path / f"{name.replace('-', '_')}.py"
    path.write_text(text)
    return str(path)


def durakc(*args, stdin: str | None = None, timeout: int = 300):
    """Run `python -m durakc ARGS` from the repository root."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    return subprocess.run([sys.executable, "-m", "durakc", *map(str, args)], cwd=ROOT,
                          check=False, input=stdin, capture_output=True, text=True, timeout=timeout, env=env)


def durakc_json(*args):
    proc = durakc(*args, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)

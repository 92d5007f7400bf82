"""The distribution installs one import package, `durakc` (issue 13): the compiler from
compiler/, the bundled engines as `durakc.engines` from generated/, and nothing else at the top
level of site-packages (a user's own `generated/` or `compiler/` must not be shadowed)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
import tomllib

ROOT = Path(__file__).resolve().parents[2]


def _declared_packages() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(config["tool"]["setuptools"]["packages"])


def test_every_package_folder_is_declared():
    """A subpackage missing from `packages` works in a checkout and breaks a plain install."""
    found = {"durakc." + ".".join(p.parent.relative_to(ROOT / "compiler").parts)
             for p in (ROOT / "compiler").rglob("__init__.py")}
    found = {name.rstrip(".") for name in found} | {"durakc.engines"}
    assert found == _declared_packages()


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                           "-q", "-w", str(out), str(ROOT)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"can not build a wheel here: {done.stderr.strip()[-300:]}")
    return next(out.glob("durakc-*.whl"))


def test_the_wheel_has_one_import_package(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    top = {name.split("/")[0] for name in names if not name.split("/")[0].endswith(".data")}
    assert {t for t in top if not t.endswith(".dist-info")} == {"durakc"}
    assert "durakc/engines/transfer.py" in names
    assert "durakc/engines/transfer.c" in names
    assert "durakc/expr.lark" in names
    assert "durakc/templates/game.py.j2" in names
    # the playground's page (`durakc serve`)
    assert {"durakc/web/static/index.html", "durakc/web/static/style.css",
            "durakc/web/static/js/app.js"} <= set(names)
    entry = next(n for n in names if n.endswith("entry_points.txt"))
    assert "durakc = durakc.cli:main" in zipfile.ZipFile(wheel).read(entry).decode()


def test_a_plain_install_runs(wheel, tmp_path):
    """Installed from the wheel into a fresh venv: `import durakc.engines.transfer`, `python -m
    durakc`, and no `compiler` or `generated` importable."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())
    # The dependencies come from this environment's site-packages, added as a plain path: its
    # .pth files (among them the editable install of this checkout) are not processed there.
    here = sysconfig.get_path("purelib")
    (site / "dependencies.pth").write_text(here + "\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q",
                           "--no-deps", "--no-index", str(wheel)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"pip can not install here: {done.stderr.strip()[-300:]}")
    script = (
        "import importlib.util, sys\n"
        "from durakc.engines import transfer\n"
        "g = transfer.new_game(2, seed=1); g.apply(g.legal_actions()[0])\n"
        "from durakc.spec import load_spec\n"
        "print(load_spec('podkidnoy').name)\n"
        "print([m for m in ('compiler', 'generated') if importlib.util.find_spec(m)])\n"
    )
    run = subprocess.run([python, "-I", "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["podkidnoy", "[]"]
    help_text = subprocess.run([python, "-I", "-m", "durakc", "list"], capture_output=True,
                               text=True, cwd=tmp_path)
    assert help_text.returncode == 0, help_text.stderr
    assert "transfer" in help_text.stdout


def test_python_m_compiler_uninstalled_says_to_install_not_a_traceback():
    # -S: no site-packages, so the installed `durakc` is out of reach, as in a fresh checkout.
    done = subprocess.run([sys.executable, "-S", "-m", "compiler", "check"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert "install the project first" in done.stderr
    assert "Traceback" not in done.stderr

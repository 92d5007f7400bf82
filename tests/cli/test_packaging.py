"""The distribution installs one import package, `durakc` (issue 13): the compiler from
compiler/, the bundled engines as `durakc.engines` from generated/, the bundled specs as
`durakc.variants` from variants/ (issue 19 4b), and nothing else at the top level of
site-packages (a user's own `generated/` or `compiler/` must not be shadowed).

Wheels are built without build isolation (no index needed): the environment's setuptools
must be new enough for the metadata (the dev extra asks for it)."""

from __future__ import annotations

import os
import shutil
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
    found = {name.rstrip(".") for name in found} | {"durakc.engines", "durakc.variants",
                                                         "durakc.npm", "durakc.docs"}
    assert found == _declared_packages()


def _pip(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pip", *args, "--no-deps",
                           "--no-build-isolation"], capture_output=True, text=True)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, str]:
    """The wheel of this checkout, and everything its build printed (`pip wheel -v`)."""
    out = tmp_path_factory.mktemp("wheel")
    done = _pip("wheel", "-v", "-w", str(out), str(ROOT))
    if done.returncode != 0:
        pytest.skip(f"can not build a wheel here: {done.stderr.strip()[-300:]}")
    return next(out.glob("durakc-*.whl")), done.stdout + done.stderr


@pytest.fixture(scope="module")
def wheel(built) -> Path:
    return built[0]


def test_the_build_prints_no_packaging_warning(built):
    """No "Package 'durakc.templates' is absent from the packages configuration" (the templates'
    folders are data of `durakc`), no deprecated license table, no other setuptools warning."""
    log = built[1]
    assert "absent from the `packages` configuration" not in log
    assert "SetuptoolsDeprecationWarning" not in log
    assert "SetuptoolsWarning" not in log


def test_the_wheel_ships_license_types_and_specs(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "durakc/py.typed" in names
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    specs = {n.removeprefix("durakc/variants/") for n in names
             if n.startswith("durakc/variants/") and n.endswith(".yaml")}
    assert specs == {p.name for p in (ROOT / "variants").glob("*.yaml")} | {
        f"house/{p.name}" for p in (ROOT / "variants" / "house").glob("*.yaml")}
    assert not any(".data/" in n for n in names), "the specs are package data, not data files"
    # --target wasm compiles its ABI with each engine and writes the loader next to it
    assert {"durakc/wasm/abi.c", "durakc/wasm/durak-wasm.mjs"} <= set(names)
    # --target npm copies the npm package's hand-written sources (npm/) into the package
    assert {f"durakc/npm/{n}" for n in ("index.mjs", "engine.mjs", "boardgame.mjs",
                                        "index.d.ts", "boardgame.d.ts", "README.md")} <= set(names)
    # the documentation pages the command line cites (`durakc explain`, `durakc docs`)
    assert {f"durakc/docs/{p.name}" for p in (ROOT / "docs").glob("*.md")} <= set(names)
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert "License-Expression: MIT" in meta
    assert "Classifier: Typing :: Typed" in meta
    assert "Classifier: Operating System :: OS Independent" in meta
    assert "Project-URL: Documentation, https://github.com/durakc/durakc/blob/main/docs/" in meta


def test_the_license_is_mit_by_the_durakc_authors():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the durakc authors\n")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["license"] == "MIT"
    assert config["project"]["license-files"] == ["LICENSE"]


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


# ---------------------------------------------------------------------------
# `pip install --target DIR`: nothing in sys.prefix, the specs found as package data (4b).
# The copy installed holds one house spec as well (variants/house/, issue 20), made here.

HOUSE_SPEC = ("name: target-house\ntitle: A house rule of the test\nextends: podkidnoy\n"
              "rules:\n  attack:\n    limit: 5\n")


@pytest.fixture(scope="module")
def target(tmp_path_factory) -> Path:
    """This checkout, with one house spec added, installed by `pip install --target`."""
    base = tmp_path_factory.mktemp("target")
    source = base / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    for folder in ("compiler", "generated", "variants"):
        shutil.copytree(ROOT / folder, source / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (source / "variants" / "house").mkdir(exist_ok=True)
    (source / "variants" / "house" / "target-house.yaml").write_text(HOUSE_SPEC, encoding="utf-8")
    done = _pip("install", "-q", "--target", str(base / "site"), str(source))
    if done.returncode != 0:
        pytest.skip(f"pip can not install here: {done.stderr.strip()[-300:]}")
    return base / "site"


def _run(target: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    """`python -m durakc ARGS` importing durakc from `target` (PYTHONPATH comes before this
    environment's editable install, which the first check makes sure of)."""
    env = {**os.environ, "PYTHONPATH": str(target)}
    return subprocess.run([sys.executable, "-m", "durakc", *args], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=120)


def test_a_target_install_imports_its_own_copy(target, tmp_path):
    env = {**os.environ, "PYTHONPATH": str(target)}
    script = "import durakc.spec as s; print(s.__file__); print(s.BUNDLED_DIR)"
    done = subprocess.run([sys.executable, "-c", script],
                          capture_output=True, text=True, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    module, folder = done.stdout.splitlines()
    assert Path(module).is_relative_to(target)
    assert Path(folder) == (target / "durakc" / "variants").resolve()


def test_a_target_install_lists_the_bundled_specs(target, tmp_path):
    done = _run(target, "list", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    names = [line.split()[0] for line in lines if line and not line.startswith("house rules")]
    # The bundled specs, then the house rules (the repository's and the one added here).
    house = sorted([p.stem for p in (ROOT / "variants" / "house").glob("*.yaml")] + ["target-house"])
    assert names == sorted(p.stem for p in (ROOT / "variants").glob("*.yaml")) + house
    assert "house rules (variants/house/)" in lines


def test_a_target_install_explains_a_bundled_name(target, tmp_path):
    done = _run(target, "explain", "transfer", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("transfer: Transfer durak")
    assert "chain: transfer (variants/transfer.yaml)" in done.stdout
    house = _run(target, "explain", "target-house", cwd=tmp_path)
    assert house.returncode == 0, house.stderr
    assert "chain: target-house (variants/house/target-house.yaml) -> podkidnoy" in house.stdout


@pytest.mark.parametrize("parent", ["transfer", "target-house"])
def test_a_target_install_compiles_a_spec_extending_a_bundled_one(target, tmp_path, parent):
    spec = tmp_path / "mine.yaml"
    spec.write_text(f"name: mine\ntitle: Mine\nextends: {parent}\nrules:\n  deal:\n"
                    "    hand_size: 5\n", encoding="utf-8")
    done = _run(target, "compile", str(spec), "--out", str(tmp_path / "out"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    engine = (tmp_path / "out" / "mine.py").read_text(encoding="utf-8")
    assert "HAND_SIZE = 5  # deal.hand_size" in engine
    assert f"'extends': ['{parent}'" in engine

"""tools/relayout.py (issue 30 item 4 B): every form of reference to a moved module is
rewritten by the table, in files the script has never seen.  The inputs here name the flat
layout on purpose; the script leaves this file alone.  Delete it with the script."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "relayout.py"
pytestmark = pytest.mark.skipif(not SCRIPT.exists(), reason="tools/relayout.py has been deleted")


@pytest.fixture(scope="module")
def relayout():
    spec = importlib.util.spec_from_file_location("relayout", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def rw(relayout):
    return relayout.Rewriter()


def test_absolute_imports_and_dotted_strings(rw):
    text = ("from durakc.ir_play import throw_card_section\n"
            "import durakc.expr_sets as sets\n"
            'monkeypatch.setattr("durakc.ir.build_ir", fake)\n'
            'importlib.import_module("durakc.ctarget.render")\n'
            "from durakc.spec import load_spec\n")
    assert rw.rewrite(text, python_in_compiler=None, quoted_paths=False) == (
        "from durakc.ir.play import throw_card_section\n"
        "import durakc.expr.sets as sets\n"
        'monkeypatch.setattr("durakc.ir.build.build_ir", fake)\n'
        'importlib.import_module("durakc.targets.c.render")\n'
        "from durakc.spec import load_spec\n")


def test_from_durakc_import_splits_moved_modules_keeping_their_names(rw):
    text = "    from durakc import __version__, analysis, expressions as ex  # why\n"
    assert rw.rewrite(text, python_in_compiler=None, quoted_paths=False) == (
        "    from durakc import __version__\n"
        "    from durakc.analysis import checks as analysis\n"
        "    from durakc.expr import language as ex  # why\n")
    assert rw.rewrite("from durakc import (\n    schema,\n)\n", python_in_compiler=None,
                      quoted_paths=False) == "from durakc.schema import keys as schema\n"


def test_relative_imports_of_moved_files_become_absolute(rw):
    # compiler/ctarget/render.py moves to targets/c/: its relative imports are re-resolved.
    text = ("from ..templating import environment\nfrom .context import c_context\n"
            "from .. import expressions\n")
    info = ("durakc.ctarget.render", False, True)
    assert rw.rewrite(text, python_in_compiler=info, quoted_paths=False) == (
        "from durakc.targets.templating import environment\n"
        "from durakc.targets.c.context import c_context\n"
        "from durakc.expr import language as expressions\n")
    # An unmoved file's relative import of an unmoved sibling stays as written.
    unmoved = ("durakc.sim.runner", False, False)
    assert rw.rewrite("from .bots import Bot\n", python_in_compiler=unmoved,
                      quoted_paths=False) == "from .bots import Bot\n"
    assert rw.rewrite("from ..hooks import render\n", python_in_compiler=unmoved,
                      quoted_paths=False) == "from durakc.ir.hooks import render\n"


def test_paths_and_quoted_paths(rw):
    text = ('IR section: compiler/ir.py. See compiler/ctarget/hooks.py, "durakc/expr.lark",\n'
            "# the C lists (ctarget/openings.py)\n"
            'REMAINING = {"analysis.py": 40, "ctarget/context.py": 22, "build.py": 1}\n'
            "durakc schema > durakc.schema.json\n")
    assert rw.rewrite(text, python_in_compiler=None, quoted_paths=True) == (
        'IR section: compiler/ir/build.py. See compiler/targets/c/hooks.py, '
        '"durakc/expr/expr.lark",\n'
        "# the C lists (targets/c/openings.py)\n"
        'REMAINING = {"analysis/checks.py": 40, "targets/c/context.py": 22, "build.py": 1}\n'
        "durakc schema > durakc.schema.json\n")


def test_an_unlisted_flat_module_of_a_moved_layer_stops_the_run(tmp_path):
    compiler = tmp_path / "compiler"
    compiler.mkdir()
    (compiler / "expr_new.py").write_text("")
    done = subprocess.run([sys.executable, str(SCRIPT), "--root", str(tmp_path), "--dry-run"],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert "compiler/expr_new.py belongs to a moved layer but is not in MOVES" in done.stderr
    assert "Traceback" not in done.stderr

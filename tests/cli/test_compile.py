"""`durakc compile`: name clashes, bad --out, the default output folder, folders of
specs, --check, --strict and --format json (issue 9 3b-3d, 3g; issue 13)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from durakc.build import GENERATED_DIR

REPO = Path(__file__).resolve().parents[2]

HOUSE = "name: house\ntitle: Our house rules\nextends: transfer\nrules:\n  attack:\n    limit: 4\n"
NOBODY_THROWS = ("name: lonely\ntitle: Lonely\nextends: podkidnoy\nrules:\n"
                 "  throw_in:\n    who: \"false\"\n")
ROUND_ACTING = (", me, hand, hand_size, losses, points, attacker, defender, original_attacker, dealer, left_of, "
                "right_of, partner_of")
"""The acting seat's names attack.limit also sees (issue 31)."""
BROKEN = "name: broken\ntitle: Broken\nrules:\n  attack:\n    limit: \"min(4, player)\"\n"


def durakc(*args, cwd):
    return subprocess.run([sys.executable, "-m", "durakc", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


# -- 3b: two specs with one name ------------------------------------------------------
def test_same_name_in_two_files_is_refused_naming_both(tmp_path):
    _write(tmp_path, "a.yaml", HOUSE)
    _write(tmp_path, "b.yaml", HOUSE.replace("limit: 4", "limit: 3"))
    result = durakc("compile", "a.yaml", "b.yaml", "--out", "out", cwd=tmp_path)
    assert result.returncode == 1
    first = result.stderr.splitlines()[0]
    assert first == ("b.yaml:1:7: error: variant name 'house' is also the name of a.yaml: "
                     "both engines would be written to house.py")
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_the_same_file_twice_is_compiled_once(tmp_path):
    _write(tmp_path, "a.yaml", NOBODY_THROWS)
    result = durakc("compile", "a.yaml", "./a.yaml", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("warning: nobody may ever throw in") == 1
    assert result.stdout == "wrote out/lonely.py\n"
    assert _files(tmp_path / "out") == ["lonely.py"]


# -- 3c: an output folder that can not be written -----------------------------------
def test_unwritable_out_is_a_clear_error(tmp_path):
    _write(tmp_path, "a.yaml", HOUSE)
    result = durakc("compile", "a.yaml", "--out", "/proc/nope", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("durakc: error: cannot write to /proc/nope: ")
    assert "Traceback" not in result.stderr


def test_out_that_is_a_file_is_a_clear_error(tmp_path):
    _write(tmp_path, "a.yaml", HOUSE)
    _write(tmp_path, "taken", "")
    result = durakc("compile", "a.yaml", "--out", "taken", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr == "durakc: error: cannot write to taken: not a folder\n"


# -- 3d: without --out, the current folder, never the package ---------------------
def test_default_output_is_the_current_folder(tmp_path):
    _write(tmp_path, "house.yaml", HOUSE)
    before = sorted(p.name for p in GENERATED_DIR.glob("*.py"))
    result = durakc("compile", "house.yaml", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "wrote house.py\n"
    assert (tmp_path / "house.py").read_text(encoding="utf-8").startswith("# ")
    assert sorted(p.name for p in GENERATED_DIR.glob("*.py")) == before
    assert not (GENERATED_DIR / "house.py").exists()


def test_help_says_where_engines_go():
    result = durakc("compile", "--help", cwd=REPO)
    assert "the current folder" in " ".join(result.stdout.split())


# -- issue 13: folders, --check, --format json ------------------------------------
def test_folder_compiles_every_spec_in_it(tmp_path):
    specs = tmp_path / "specs"
    _write(specs, "house.yaml", HOUSE)
    _write(specs, "lonely.yml", NOBODY_THROWS)
    _write(specs, "notes.txt", "not a spec")
    result = durakc("compile", "specs", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert _files(tmp_path / "out") == ["house.py", "lonely.py"]


def test_folder_reports_every_error_of_every_file_and_writes_nothing(tmp_path):
    specs = tmp_path / "specs"
    _write(specs, "a.yaml", BROKEN)
    _write(specs, "b.yaml", BROKEN.replace("broken", "other").replace("limit", "limt"))
    _write(specs, "c.yaml", HOUSE)
    result = durakc("compile", "specs", "--out", "out", cwd=tmp_path)
    assert result.returncode == 1
    heads = [line for line in result.stderr.splitlines() if ": error: " in line]
    assert heads == [
        ("specs/a.yaml:5:20: error: unknown name 'player' (did you mean 'players'?)"
         "; names here: first_round, players, active_players, stock, discard" + ROUND_ACTING),
        "specs/b.yaml:5:5: error: unknown rule key 'attack.limt' (did you mean 'attack.limit'?)",
    ]
    assert result.stderr.endswith("2 errors\n")
    assert not (tmp_path / "out").exists()


def test_empty_folder_is_a_usage_error(tmp_path):
    (tmp_path / "empty").mkdir()
    result = durakc("compile", "empty", cwd=tmp_path)
    assert result.returncode == 2
    assert "no specs" in result.stderr


def test_check_only_validates(tmp_path):
    specs = tmp_path / "specs"
    _write(specs, "house.yaml", HOUSE)
    result = durakc("compile", "specs", "--check", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "1 spec checked\n"
    assert _files(tmp_path) == ["specs"] and _files(specs) == ["house.yaml"]


def test_json_diagnostics(tmp_path):
    specs = tmp_path / "specs"
    _write(specs, "a.yaml", BROKEN)
    _write(specs, "b.yaml", NOBODY_THROWS)
    result = durakc("compile", "specs", "--check", "--format", "json", cwd=tmp_path)
    assert result.returncode == 1
    assert json.loads(result.stdout) == [
        {"file": "specs/a.yaml", "line": 5, "column": 20, "severity": "error",
         "message": ("unknown name 'player' (did you mean 'players'?)"
                     "; names here: first_round, players, active_players, stock, discard" + ROUND_ACTING),
         "hint": "did you mean 'players'?"},
        {"file": "specs/b.yaml", "line": 6, "column": 11, "severity": "warning",
         "message": "nobody may ever throw in: 'throw_in.who' is false for every seat "
                    "but the defender",
         "hint": "it is only asked for seats other than the defender, so 'is_defender' is "
                 "always false there"},
    ]


def test_json_of_a_clean_spec_is_an_empty_list(tmp_path):
    _write(tmp_path, "house.yaml", HOUSE)
    result = durakc("compile", "house.yaml", "--format", "json", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []
    assert result.stderr == "wrote out/house.py\n"


# -- 3g: warnings, and --strict ---------------------------------------------------------
def test_warnings_are_printed_and_the_engine_written(tmp_path):
    _write(tmp_path, "lonely.yaml", NOBODY_THROWS)
    result = durakc("compile", "lonely.yaml", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[:3] == [
        ("lonely.yaml:6:11: warning: nobody may ever throw in: 'throw_in.who' is false for "
         "every seat but the defender"),
        '        who: "false"',
        "              ^~~~~",
    ]
    assert result.stderr.endswith("1 warning\n")
    assert _files(tmp_path / "out") == ["lonely.py"]


def test_strict_makes_warnings_errors(tmp_path):
    _write(tmp_path, "lonely.yaml", NOBODY_THROWS)
    result = durakc("compile", "lonely.yaml", "--strict", "--out", "out", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("lonely.yaml:6:11: error: nobody may ever throw in")
    assert result.stderr.endswith("1 error\n")
    assert not (tmp_path / "out").exists()


def test_warnings_do_not_change_the_engine(tmp_path):
    # A warning is only reported: the engine written is exactly the one rendered for the spec.
    from durakc.spec import load_spec
    from durakc.targets.python.codegen import render_engine

    path = _write(tmp_path, "lonely.yaml", NOBODY_THROWS)
    result = durakc("compile", "lonely.yaml", "--out", "out", cwd=tmp_path)
    assert result.returncode == 0
    written = (tmp_path / "out" / "lonely.py").read_text(encoding="utf-8")
    assert written == render_engine(load_spec(path))


def test_bundled_specs_pass_strict_check():
    result = durakc("check", "--strict", cwd=REPO)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def test_readme_warning_example(tmp_path):
    readme = (REPO / "README.md").read_text(encoding="utf-8")

    def block(marker):
        after = readme.split(f"<!-- walkthrough:{marker} -->", 1)[1]
        return after.split("```", 2)[1].split("\n", 1)[1]

    spec = block("spec") + '  throw_in:\n    who: "is_defender"\n'
    _write(tmp_path, "kitchen.yaml", spec)
    command, *stderr, stdout, _ = block("warnings").split("\n")
    assert command == "$ durakc compile kitchen.yaml --out engines"
    result = durakc("compile", "kitchen.yaml", "--out", "engines", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stderr == "\n".join(stderr) + "\n"
    assert result.stdout == stdout + "\n"

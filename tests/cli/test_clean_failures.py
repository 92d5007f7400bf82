"""Issue 19 section 3: every diagnostic located, every failure clean.

A reference that names no readable spec is a usage error (exit 2) with a suggestion on every
command that takes one, never a diagnostic at ``0:0``; bad bot and job options are usage
errors; what the terminal shows is escaped and cut to a window; `explain`, `simulate`, `play`
and `verify` print a spec file's warnings as `compile` does.
"""

from __future__ import annotations

import pytest

from durakc import cli
from durakc.yamltree.read import MAX_BYTES

SPEC_COMMANDS = {
    "compile": ["compile", "{}", "--check"],
    "explain": ["explain", "{}"],
    "verify": ["verify", "{}", "--games", "1"],
    "simulate": ["simulate", "{}", "--games", "1"],
    "compare": ["compare", "transfer", "{}", "--games", "1"],
    "report": ["report", "transfer", "{}", "--games", "1", "--strong-games", "0"],
    "diff": ["diff", "transfer", "{}", "--games", "1"],
    "play": ["play", "{}"],
    "bench": ["bench", "{}", "--games", "1"],
}
"""Every command that takes a spec or variant reference, with `{}` where it goes."""


def run(capsys, args, ref):
    code = cli.main([a.replace("{}", ref) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def here(tmp_path, monkeypatch):
    """The current folder, with a spec over the size limit and a cache for compiled specs."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DURAKC_CACHE", str(tmp_path / "cache"))
    (tmp_path / "big.yaml").write_text("name: big\ntitle: Big\n# " + "x" * MAX_BYTES + "\n",
                                       encoding="utf-8")
    (tmp_path / "house.yaml").write_text("name: house\ntitle: House\nextends: transfer\n",
                                         encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("command", sorted(SPEC_COMMANDS))
@pytest.mark.parametrize("ref, expected", [
    ("podkidnoi", "podkidnoi: no bundled variant of that name (did you mean 'podkidnoy'"),
    ("hose.yaml", "hose.yaml: no such spec file (does not exist) (did you mean 'house.yaml'?)"),
    ("podkidnoi.yaml", ("podkidnoi.yaml: no such spec file (does not exist) (did you mean the "
                       "bundled variant 'podkidnoy'?)")),
    ("big.yaml", (f"big.yaml: spec is too large ({MAX_BYTES + 24} bytes; at most {MAX_BYTES} "
                 "bytes)")),
])
def test_a_bad_reference_is_a_usage_error_on_every_command(here, capsys, command, ref, expected):
    code, out, err = run(capsys, SPEC_COMMANDS[command], ref)
    assert code == 2, err
    assert err.startswith(f"durakc: error: {expected}"), err
    assert ":0:0" not in err and "Traceback" not in err and out == ""


def test_an_unreadable_parent_is_located_at_extends(here, capsys):
    (here / "kid.yaml").write_text("name: kid\ntitle: Kid\nextends: big\n", encoding="utf-8")
    code, _, err = run(capsys, ["compile", "{}", "--check"], "kid.yaml")
    assert code == 1
    assert err.startswith("kid.yaml:3:10: error: the parent 'big' (big.yaml) can not be read: "
                          "spec is too large")


@pytest.mark.parametrize("args, message", [
    (["simulate", "transfer", "--bots", "mcts:abc"], ("durakc: error: bot 'mcts:abc': the number of "
                                                     "samples after 'mcts:' must be a whole number")),
    (["compare", "transfer", "kyiv", "--bots", "greedy,mcts:0"], ("durakc: error: bot 'mcts:0': the "
                                                                 "number of samples must be at "
                                                                 "least 1, not 0")),
    (["play", "transfer", "--bot", "rollout:x"], "durakc: error: bot 'rollout:x': "),
    (["simulate", "transfer", "--jobs", "-1"], ("durakc: error: --jobs must be 0 (one process per CPU) "
                                               "or more, not -1")),
])
def test_bad_bot_and_job_options_are_usage_errors(capsys, args, message):
    """Issue 19 3c: `mcts:abc` printed Python's int() error; `--jobs -1` and `mcts:0` ran."""
    code, out, err = run(capsys, args + ["--games", "1"] if args[0] != "play" else args, "")
    assert code == 2 and out == ""
    assert err.startswith(message), err


def test_reference_write_says_when_nothing_changed(tmp_path, capsys):
    """Issue 19 3e: `reference --write` said "updated" when the file was already current."""
    readme = tmp_path / "R.md"
    readme.write_text("# R\n<!-- reference:start -->\nold\n<!-- reference:end -->\ntail\n",
                      encoding="utf-8")
    assert cli.main(["reference", "--write", str(readme)]) == 0
    assert capsys.readouterr().out == f"updated {readme}\n"
    written = readme.read_text(encoding="utf-8")
    stamp = readme.stat().st_mtime_ns
    assert cli.main(["reference", "--write", str(readme)]) == 0
    assert capsys.readouterr().out == f"{readme} is already up to date\n"
    assert readme.read_text(encoding="utf-8") == written and readme.stat().st_mtime_ns == stamp


LONELY = "name: lonely\ntitle: Lonely\nextends: podkidnoy\nrules:\n  throw_in:\n    who: \"false\"\n"
"""A spec with one warning: nobody may ever throw in."""

WARNING = ("lonely.yaml:6:11: warning: nobody may ever throw in: 'throw_in.who' is false for "
           "every seat but the defender\n"
           '        who: "false"\n'
           "              ^~~~~\n"
           "    hint: it is only asked for seats other than the defender, so 'is_defender' is "
           "always false there\n")


@pytest.mark.parametrize("args", [
    ["explain", "lonely.yaml"],
    ["simulate", "lonely.yaml", "--games", "2"],
    ["compare", "transfer", "lonely.yaml", "--games", "2"],
    ["report", "transfer", "lonely.yaml", "--games", "2", "--strong-games", "0", "--jobs", "1"],
    ["verify", "lonely.yaml", "--games", "1", "--players", "2"],
    ["diff", "podkidnoy", "lonely.yaml", "--games", "2"],
])
def test_commands_that_run_a_spec_file_print_its_warnings(here, capsys, args):
    """Issue 19 3f: only `compile` showed a spec file's warnings."""
    (here / "lonely.yaml").write_text(LONELY, encoding="utf-8")
    code = cli.main(args)
    err = capsys.readouterr().err
    assert code == 0, err
    # without a C compiler, report's native default falls back with a line of its own
    err = "".join(line for line in err.splitlines(keepends=True)
                  if "using the Python engines" not in line)
    assert err == WARNING + "1 warning\n"  # as compile prints it, once


def test_play_prints_the_warnings_before_the_game(here, capsys, monkeypatch):
    import io
    (here / "lonely.yaml").write_text(LONELY, encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert cli.main(["play", "lonely.yaml", "--seed", "1"]) == 0
    assert capsys.readouterr().err.startswith(WARNING)


def test_bundled_variants_print_no_warnings(here, capsys):
    assert cli.main(["explain", "podkidnoy"]) == 0
    assert capsys.readouterr().err == ""


def test_explain_shows_the_effective_expression_and_what_was_written(here, capsys):
    """Issue 19 3f: `explain` printed `inherited - 1` where the engine plays `6 - 1`."""
    (here / "less.yaml").write_text("name: less\ntitle: One less\nextends: transfer\nrules:\n"
                                    "  attack:\n    limit: \"inherited - 1\"\n", encoding="utf-8")
    (here / "late.yaml").write_text("name: late\ntitle: Late\nextends: less\nrules:\n"
                                    "  attack:\n    limit: \"min(inherited, 4)\"\n",
                                    encoding="utf-8")
    assert cli.main(["explain", "late.yaml"]) == 0
    words = " ".join(capsys.readouterr().out.split())
    assert (" attack.limit = min(6 - 1, 4) [expression: round -> int; written as: "
            "min(inherited, 4)] ") in words
    assert "them too): min(6 - 1, 4) (attack.limit," in words  # the summary too
    assert "inherited" not in words.replace("written as: min(inherited, 4)", "")


def test_explain_escapes_control_characters_of_the_spec(here, capsys):
    (here / "loud.yaml").write_text('name: loud\ntitle: "Loud\\e[2J"\nextends: transfer\n',
                                    encoding="utf-8")
    assert cli.main(["explain", "loud.yaml"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("loud: Loud\\x1b[2J\n") and "\x1b" not in out

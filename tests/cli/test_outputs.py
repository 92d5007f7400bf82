"""Issue 29, 1b and 3d: output files checked before any game, one style of error message.

`simulate --plot /nonexistent/x.png` and `--plot x.bmpx` played every game and then printed
a traceback; `compare --plot` and `report --out nodir/x` too.  Now each is a usage error
(exit 2) before the first game, naming the folder or listing the formats.  Every command's
errors start with ``durakc: error:`` (3d).
"""

from __future__ import annotations

import pytest

from durakc import cli
from durakc.commands import outputs
from durakc.sim import report, runner


@pytest.fixture
def no_games(monkeypatch):
    """Fails the test if any game is simulated."""
    def refuse(*args, **kwargs):
        raise AssertionError("a game was played before the output path was checked")
    monkeypatch.setattr(runner, "run_chunk", refuse)
    from durakc.sim import balance_run
    monkeypatch.setattr(balance_run, "run_tasks", refuse)


def run(capsys, args):
    code = cli.main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


needs_plot = pytest.mark.skipif(not report.have_matplotlib(), reason="needs matplotlib")


@needs_plot
@pytest.mark.parametrize("command", [["simulate", "transfer"],
                                     ["compare", "transfer", "podkidnoy"]])
def test_a_plot_in_a_missing_folder_is_refused_before_any_game(tmp_path, capsys, no_games,
                                                               command):
    target = tmp_path / "nonexistent" / "x.png"
    code, out, err = run(capsys, command + ["--games", "2000", "--plot", str(target)])
    assert code == 2 and out == ""
    assert err == (f"durakc: error: --plot {target}: the folder {target.parent} does not "
                   "exist\n")


@needs_plot
@pytest.mark.parametrize("name, said", [("x.bmpx", "the format '.bmpx' is not supported"),
                                        ("x", "no format is given")])
def test_a_plot_of_an_unknown_format_is_refused_with_the_formats(tmp_path, capsys, no_games,
                                                                 name, said):
    code, _, err = run(capsys, ["simulate", "transfer", "--games", "2000",
                                "--plot", str(tmp_path / name)])
    assert code == 2
    assert err.startswith(f"durakc: error: --plot {tmp_path / name}: {said} (end the name "
                          "with one of: ")
    assert "png" in err and "svg" in err and "Traceback" not in err


@pytest.mark.parametrize("formats, shown", [("md", "x"), ("md,json", "x.md")])
def test_a_report_into_a_missing_folder_is_refused_before_any_game(tmp_path, capsys, no_games,
                                                                   monkeypatch, formats, shown):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, ["report", "transfer", "--games", "10", "--strong-games", "0",
                                  "--format", formats, "--out", "nodir/x"])
    assert code == 2 and out == ""
    assert err == f"durakc: error: --out nodir/{shown}: the folder nodir does not exist\n"


def test_a_report_onto_a_folder_is_refused(tmp_path, capsys, no_games, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken").mkdir()
    code, _, err = run(capsys, ["report", "transfer", "--out", "taken"])
    assert code == 2 and err == "durakc: error: --out taken: is a folder, not a file\n"


@needs_plot
def test_a_plot_is_written_whole_in_the_format_of_its_suffix(tmp_path, capsys):
    target = tmp_path / "p.svg"
    code, _, err = run(capsys, ["simulate", "transfer", "--games", "20", "--plot", str(target)])
    assert code == 0, err
    assert target.read_text(encoding="utf-8").lstrip().startswith("<?xml")
    assert [p.name for p in tmp_path.iterdir()] == ["p.svg"]  # no temporary file left


def test_write_text_leaves_no_file_when_interrupted(tmp_path, monkeypatch):
    """A write that fails half-way (Ctrl-C, a full disk) leaves neither the target nor the
    temporary file."""
    target = tmp_path / "r.md"

    def fail(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(outputs.os, "replace", fail)
    with pytest.raises(KeyboardInterrupt):
        outputs.write_text(target, "# report\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [
    ["simulate", "transfer", "--games", "0"],
    ["simulate", "transfer", "--bots", "nobody"],
    ["compare", "transfer", "transfer"],
    ["report", "transfer", "--jobs", "-1"],
    ["play", "transfer", "--seat", "7"],
    ["diff", "transfer", "podkidnoy", "--players", "9"],
    ["verify", "nosuchvariant"],
    ["bench", "nosuchvariant"],
])
def test_every_command_says_errors_the_same_way(capsys, args):
    """3d: `error:`, `durakc: error:` and bare messages were mixed; now one style."""
    code, _, err = run(capsys, args)
    assert code == 2
    assert err.startswith("durakc: error: "), err

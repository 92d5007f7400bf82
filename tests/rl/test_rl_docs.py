"""docs/rl.md and the README's RL section stay true: their examples run, their tables give
the offsets the encoding uses."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from durakc.rl import DurakEncoding

REPO = Path(__file__).resolve().parents[2]
PAGE = (REPO / "docs" / "rl.md").read_text(encoding="utf-8")
README = (REPO / "README.md").read_text(encoding="utf-8")


def _block_after(text: str, marker: str) -> str:
    after = text.split(marker, 1)[1]
    match = re.search(r"```python\n(.*?)```", after, re.DOTALL)
    assert match, marker
    return match.group(1)


def _run(code: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<docs>", "exec"), {"__name__": "__docs__"})
    return out.getvalue()


def test_readme_example_runs_and_prints_what_its_comment_says():
    code = _block_after(README, "<!-- walkthrough:rl -->")
    printed = _run(code)
    comment = re.search(r"print\(.*?\)\s+# (.*)", code).group(1)
    assert printed.strip() == comment.strip()
    assert "[docs/rl.md](https://github.com/durakc/durakc/blob/main/docs/rl.md)" in README


def test_rl_page_examples_run():
    assert _run(_block_after(PAGE, "<!-- rl:example -->")).startswith("reward ")


def test_reset_options_example_runs():
    _run(_block_after(PAGE, "<!-- rl:options -->"))


def test_stable_baselines3_example_runs_where_it_is_installed():
    """The make_vec_env block; stable-baselines3 needs torch, so CI skips it."""
    pytest.importorskip("stable_baselines3")
    pytest.importorskip("sb3_contrib")
    _run(_block_after(PAGE, "<!-- rl:sb3 -->"))


def test_learner_example_prints_the_figures_the_page_gives():
    """The learner block of "A learner in a few thousand steps", run exactly as written,
    prints the trained losses the paragraph after it states; the untrained and random
    figures, and the number of training games, are the page's too."""
    code = _block_after(PAGE, "<!-- rl:learner -->")
    printed = _run(code).strip()
    prose = " ".join(PAGE.split("<!-- rl:learner -->", 1)[1].split("```", 2)[2]
                     .split("\n\n", 2)[1].split())
    stated = re.search(r"it loses (\d+) of 200, the figure the block prints", prose)
    assert stated, "the paragraph after the learner block states what it prints"
    assert printed == stated.group(1), (printed, stated.group(0))

    import random

    import numpy as np

    from durakc.rl import DurakEnv
    from durakc.rl.examples import SoftmaxLearner, losses, train

    env = DurakEnv("transfer", players=2, opponents="random")
    learner = SoftmaxLearner(env.encoding, learning_rate=0.05, seed=0)
    untrained = losses(env, lambda obs: learner.act(obs, explore=False)[0], 200, seed=50_000)
    rng = random.Random(1)
    uniform = losses(env, lambda obs: int(rng.choice(np.flatnonzero(obs["action_mask"]))),
                     200, seed=50_000)
    assert f"({untrained} and {uniform} of 200 paired deals)" in prose
    games = train(env, learner, steps=5000)
    about = int(re.search(r"after 5000 steps \(about (\d+) games\)", prose).group(1))
    assert abs(games - about) <= 5, (games, about)


def _rows(heading: str):
    """(first cell, last cell) of every row of the first table after `heading`."""
    table = PAGE.split(heading, 1)[1].split("\n\n")[1:3]
    lines = [ln for part in table for ln in part.splitlines() if ln.startswith("| `")]
    return [(ln.split("|")[1].strip(), ln.split("|")[-2].strip()) for ln in lines]


def test_observation_table_lists_every_block_at_its_offsets():
    layout = DurakEncoding("transfer").layout
    rows = _rows("### Observations: a Dict")
    assert [name.strip("`") for name, _ in rows] == list(layout.slices)
    for name, meaning in rows:
        span = layout.slices[name.strip("`")]
        first, _, last = re.search(r"\(([\d-]+)\)$", meaning).group(1).partition("-")
        assert (int(first), int(last or first)) == (span.start, span.stop - 1), name


def test_action_table_gives_the_index_ranges_of_the_36_card_deck():
    enc = DurakEncoding("transfer")
    rows = _rows("### Actions: `Discrete(num_actions)`")
    kinds = [name.strip("`").split()[0] for name, _ in rows]
    assert kinds == list(enc.offsets)
    ends = [*(enc.offsets[k] for k in kinds[1:]), enc.num_actions]
    for kind, (_, cell), end in zip(kinds, rows, ends):
        first, _, last = cell.partition("-")
        assert (int(first), int(last or first)) == (enc.offsets[kind], end - 1), kind


def test_worked_examples_and_sizes_on_the_page():
    enc = DurakEncoding("transfer")
    assert enc.action_index("attack 10H 10C") == 69
    assert enc.action_index("beat 9S JS") == 171 + 12 * 36 + 20
    for name, actions, size in [("transfer", 1640, 300), ("durak52", 3200, 424),
                                ("mini", 806, 204)]:
        encoding = DurakEncoding(name)
        assert (encoding.num_actions, encoding.layout.size) == (actions, size)
        assert f"{actions} and {size}" in PAGE or f"{actions} actions and an observation " \
            f"vector of {size}" in PAGE.replace("\n", " ")


def test_wild_and_joker_sizes_on_the_page():
    for name in ("weli", "jokers"):
        encoding = DurakEncoding(name)
        text = f"{encoding.num_actions} actions, {encoding.layout.size} numbers"
        assert text in PAGE.replace("\n", " "), (name, text)

"""Issue 29 items 3e and 3f: what docs/rl.md says of installing the extra and of truncation.

3e: the page now says that `durakc[rl]` itself installs no PyTorch (a learning library does,
the CUDA build on Linux) and shows the CPU-only install; this checks the first claim against
pyproject.toml and the installed packages' own requirements.
3f: the page said a truncated episode's last step returns 0, but with
`illegal_action="penalize"` an illegal truncating step returns `illegal_reward`. The code is
right (truncation adds nothing, the illegal action costs what it always costs) and the page
now says so; this pins both cases with a reward that no other rule gives.
"""

from __future__ import annotations

import importlib.metadata
import re
from pathlib import Path

import pytest
import tomllib

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from durakc.rl import DurakAECEnv, DurakEnv

REPO = Path(__file__).resolve().parents[2]
PAGE = (REPO / "docs" / "rl.md").read_text(encoding="utf-8")


def _name(requirement: str) -> str:
    return re.split(r"[\s\[<>=!~;(]", requirement, maxsplit=1)[0].lower().replace("_", "-")


def _closure(names: list[str]) -> set[str]:
    """The distributions `names` need, theirs included (no extras, no environment markers
    beyond the default environment's)."""
    seen: set[str] = set()
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for requirement in importlib.metadata.requires(name) or []:
            if "extra ==" not in requirement:
                todo.append(_name(requirement))
    return seen


def test_the_rl_extra_installs_no_pytorch_as_the_page_says():
    extras = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    rl = [_name(r) for r in extras["project"]["optional-dependencies"]["rl"]]
    assert rl == ["numpy", "gymnasium", "pettingzoo"]
    needed = _closure(rl)
    assert not {n for n in needed if n == "torch" or n.startswith("nvidia-")}, needed
    assert "pip install torch --index-url https://download.pytorch.org/whl/cpu" in PAGE


def _illegal(obs) -> int:
    return int(np.flatnonzero(obs["action_mask"] == 0)[0])


def _legal(obs) -> int:
    return int(np.flatnonzero(obs["action_mask"])[0])


def test_truncation_adds_no_reward_to_the_step_that_reaches_the_limit():
    env = DurakEnv("transfer", players=2, illegal_action="penalize", illegal_reward=-0.3,
                   max_steps=3)
    obs, _ = env.reset(seed=4)
    steps = [env.step(_illegal(obs))[1:4] for _ in range(3)]
    assert steps == [(-0.3, False, False), (-0.3, False, False), (-0.3, False, True)]
    obs, _ = env.reset(seed=4)
    env.step(_illegal(obs))
    obs, *_ = env.step(_illegal(obs))
    assert env.step(_legal(obs))[1:4] == (0.0, False, True)


def test_an_aec_truncation_gives_every_agent_zero():
    env = DurakAECEnv("transfer", players=2, max_steps=1)
    env.reset(seed=0)
    mover = env.agent_selection
    env.step(_legal(env.observe(mover)))
    assert not env.game.is_over
    assert all(env.truncations.values())
    assert env.rewards == dict.fromkeys(env.agents, 0.0)

"""With PATH emptied of compilers, every command works (issue 32 item 6's "done when").

Each command runs in a subprocess whose PATH is a folder holding only `python` (a shim to this
interpreter: no cc, gcc or clang), with no $CC and an empty native cache (so no extension built
earlier is reused).  The commands that can run the C engines (`simulate`, `compare`,
`report`, `bench` with `--backend auto`, and the RL environments) fall back to the Python
engines after exactly one warning line; the others never need a compiler and warn nothing.
`play` and `serve` are interactive and left out (they use the Python engines only); `build`
is `check`'s work plus writing files.  Slow (about a minute: one interpreter per command)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from sim_support import ROOT, need_bundled

FALLBACK = "using the Python engines"

# (id, arguments, falls back): OUT in an argument is a fresh folder of the test's own.
COMMANDS = [
    ("simulate", ["simulate", "transfer", "--players", "3", "--games", "10", "--backend",
                  "auto", "--format", "json"], True),
    ("compare", ["compare", "transfer", "podkidnoy", "--players", "2", "--games", "10",
                 "--backend", "auto", "--format", "json"], True),
    ("report", ["report", "transfer", "--players", "2", "--games", "10", "--strong-games", "0",
                "--format", "json", "--out", "OUT/report.json"], True),
    ("bench", ["bench", "transfer", "--backend", "auto", "--games", "20", "--players", "2"],
     True),
    ("bench-env", ["bench", "--env", "transfer", "--envs", "4", "--seconds", "0.2"], True),
    ("list", ["list"], False),
    ("explain", ["explain", "transfer"], False),
    ("docs", ["docs", "rules", "--path"], False),
    ("schema", ["schema"], False),
    ("capabilities", ["capabilities"], False),
    ("compile", ["compile", "transfer", "--out", "OUT"], False),
    ("compile-c", ["compile", "transfer", "--target", "c", "--out", "OUT"], False),
    ("check", ["check"], False),
    ("verify", ["verify", "transfer", "--games", "2", "--players", "2"], False),
    ("diff", ["diff", "transfer", "podkidnoy", "--games", "5", "--players", "2"], False),
]

RL = """
import gymnasium, numpy as np
import durakc.rl
env = gymnasium.make("durakc/Durak-v0", variant="transfer", players=2, opponents="random")
obs, info = env.reset(seed=5)
rng, done, steps = np.random.default_rng(0), False, 0
while not done:
    obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    steps += 1
print(steps, reward)
"""

RL_VEC = """
import gymnasium, numpy as np
import durakc.rl
from durakc.rl.gym_env import DurakEnv
envs = gymnasium.make_vec("durakc/Durak-v0", num_envs=3, vectorization_mode="vector_entry_point",
                          variant="transfer", players=2, opponents="greedy")
obs, _ = envs.reset(seed=7)
singles = [DurakEnv(variant="transfer", players=2, opponents="greedy") for _ in range(3)]
same = all(np.array_equal(obs["observation"][k], env.reset(seed=7 + k)[0]["observation"])
           for k, env in enumerate(singles))
masks = envs.action_masks()
obs, rewards, terms, truncs, _ = envs.step([int(np.flatnonzero(m)[0]) for m in masks])
print(type(envs).__name__, same, obs["observation"].shape[0])
"""

@pytest.fixture
def no_compilers(tmp_path) -> dict[str, str]:
    """The environment: PATH holds only a `python` shim, no $CC, an empty native cache."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "python"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    for name in ("cc", "gcc", "clang", "tcc"):
        assert shutil.which(name, path=str(bin_dir)) is None
    env = dict(os.environ, PATH=str(bin_dir), DURAKC_NATIVE_CACHE=str(tmp_path / "cache"),
               PYTHONHASHSEED="0")
    for name in ("CC", "CLANG"):
        env.pop(name, None)
    return env


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "warning" in line]


@pytest.mark.parametrize("args, falls_back", [(a, f) for _, a, f in COMMANDS],
                         ids=[name for name, _, _ in COMMANDS])
def test_every_command_works_without_a_compiler(args, falls_back, no_compilers, tmp_path):
    need_bundled("transfer", "podkidnoy")
    out = tmp_path / "out"
    out.mkdir()
    done = subprocess.run(["python", "-m", "durakc", *(a.replace("OUT", str(out)) for a in args)],
                          cwd=ROOT, env=no_compilers, capture_output=True, text=True,
                          check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    warnings = _warnings(done.stderr)
    if falls_back:
        assert len(warnings) == 1 and "no C compiler" in warnings[0], done.stderr
        assert FALLBACK in warnings[0]
    else:
        assert warnings == [], done.stderr
    if args[0] in ("compile",):
        assert any(out.iterdir())
    if args[0] == "report":
        assert json.loads((out / "report.json").read_text(encoding="utf-8"))["backend"] == "python"
    if args[0] == "bench" and "--env" in args:
        cells = done.stdout.splitlines()[1].split()
        assert cells[:4] == ["transfer", "2", "greedy", "4"] and cells[-1] == "python"
    elif args[0] == "bench":
        assert done.stdout.splitlines()[1].split()[:3] == ["transfer", "2", "20"]


def test_bench_auto_without_a_compiler_times_the_python_engines(no_compilers):
    """Same games either way: --backend auto without a compiler plays what python plays
    (the actions per game are equal; the speeds differ)."""
    need_bundled("transfer")
    rows = {}
    for backend in ("auto", "python"):
        done = subprocess.run(["python", "-m", "durakc", "bench", "transfer", "--backend",
                               backend, "--games", "30", "--players", "3"], cwd=ROOT,
                              env=no_compilers, capture_output=True, text=True, check=False,
                              timeout=300)
        assert done.returncode == 0, done.stderr
        rows[backend] = done.stdout.splitlines()[1].split()
    assert rows["auto"][:3] == rows["python"][:3] == ["transfer", "3", "30"]
    assert rows["auto"][5] == rows["python"][5]  # actions/game


def test_the_training_example_runs_without_a_compiler(no_compilers):
    """python -m durakc.rl.maskable_ppo trains on PythonVectorEnv (one warning) and prints
    both loss rates (the NumPy learner where sb3-contrib is missing)."""
    need_bundled("transfer")
    done = subprocess.run(["python", "-m", "durakc.rl.maskable_ppo", "--envs", "4", "--steps",
                           "200", "--games", "20"], cwd=ROOT, env=no_compilers,
                          capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "no C compiler" in done.stderr
    assert "20 games against greedy bots: random learner loses" in done.stdout


def test_the_rl_environment_is_made_and_played_without_a_compiler(no_compilers):
    need_bundled("transfer")
    done = subprocess.run(["python", "-c", RL], cwd=ROOT, env=no_compilers,
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    steps, reward = done.stdout.split()
    assert int(steps) > 0 and float(reward) in (-1.0, 0.0, 1.0)
    assert "Traceback" not in done.stderr


def test_make_vec_falls_back_to_the_python_vector_env_without_a_compiler(no_compilers):
    """make_vec's C-stepped VectorEnv needs a compiler: without one, PythonVectorEnv after one
    warning, with the games N single environments deal."""
    need_bundled("transfer")
    done = subprocess.run(["python", "-c", RL_VEC], cwd=ROOT, env=no_compilers,
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["PythonVectorEnv", "True", "3"]
    warnings = [line for line in done.stderr.splitlines() if "warning" in line.lower()]
    assert len(warnings) == 1 and "NativeFallbackWarning: " in warnings[0], done.stderr
    assert "no C compiler" in warnings[0] and "stepping the games in Python" in warnings[0]

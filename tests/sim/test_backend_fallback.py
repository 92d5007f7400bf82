"""--backend auto|native|python without a working C compiler (issue 32 item 6).

auto falls back to the Python engines after exactly one warning line and plays the same
games; native refuses with exit 2 naming the missing compiler; never a traceback."""
import json
import os
import subprocess
import sys

from sim_support import ROOT, need_bundled


def _run(*args, tmp_path, cc=None):
    """`python -m durakc ARGS` with no compiler on PATH (or CC set to one that fails)."""
    env = dict(os.environ, PYTHONHASHSEED="0", DURAKC_NATIVE_CACHE=str(tmp_path / "cache"))
    env.pop("CC", None)
    if cc is None:
        env["PATH"] = str(tmp_path / "empty")
    else:
        env["CC"] = cc
    return subprocess.run([sys.executable, "-m", "durakc", *map(str, args)], cwd=ROOT,
                          check=False, capture_output=True, text=True, timeout=300, env=env)


SIM = ("simulate", "transfer", "--players", "3", "--games", "20", "--seed", "4",
       "--format", "json")


def test_auto_without_compiler_warns_once_and_matches_python(tmp_path):
    need_bundled("transfer")
    auto = _run(*SIM, "--backend", "auto", tmp_path=tmp_path)
    python = _run(*SIM, "--backend", "python", tmp_path=tmp_path)
    assert auto.returncode == 0, auto.stderr
    assert python.returncode == 0, python.stderr
    warnings = [line for line in auto.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1 and "no C compiler" in warnings[0], auto.stderr
    assert json.loads(auto.stdout) == json.loads(python.stdout)


def test_strict_native_without_compiler_exits_2_naming_it(tmp_path):
    need_bundled("transfer")
    proc = _run(*SIM, "--backend", "native", tmp_path=tmp_path)
    assert proc.returncode == 2
    assert "no C compiler" in proc.stderr and "Traceback" not in proc.stderr


def test_auto_with_a_failing_compiler_falls_back(tmp_path):
    need_bundled("transfer")
    auto = _run(*SIM, "--backend", "auto", tmp_path=tmp_path, cc="false")
    python = _run(*SIM, "--backend", "python", tmp_path=tmp_path, cc="false")
    assert auto.returncode == 0, auto.stderr
    assert "using the Python engines" in auto.stderr and "Traceback" not in auto.stderr
    assert json.loads(auto.stdout) == json.loads(python.stdout)


def test_report_defaults_to_auto_and_native_is_strict(tmp_path):
    need_bundled("transfer")
    strict = _run("report", "transfer", "--backend", "native", "--out", tmp_path / "r",
                  tmp_path=tmp_path)
    assert strict.returncode == 2 and "no C compiler" in strict.stderr, strict.stderr
    assert "Traceback" not in strict.stderr


def test_report_auto_without_compiler_runs_on_python(tmp_path):
    need_bundled("transfer")
    out = tmp_path / "r.json"
    proc = _run("report", "transfer", "--games", "10", "--strong-games", "0", "--players", "2",
                "--format", "json", "--out", out, tmp_path=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert sum("warning" in line for line in proc.stderr.splitlines()) == 1, proc.stderr
    assert json.loads(out.read_text())["backend"] == "python"


RL_EPISODE = """
import random
import numpy as np
from durakc.rl import DurakEnv
env = DurakEnv("transfer", players=3, seat=1, opponents="random")
obs, info = env.reset(seed=3)
rng, done, steps = random.Random(0), False, 0
while not done:
    obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    steps += 1
print(steps, reward)
"""


def test_rl_env_plays_an_episode_without_a_compiler(tmp_path):
    need_bundled("transfer")
    env = dict(os.environ, PATH=str(tmp_path / "empty"), DURAKC_NATIVE_CACHE=str(tmp_path))
    env.pop("CC", None)
    proc = subprocess.run([sys.executable, "-c", RL_EPISODE], cwd=ROOT, check=False,
                          capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
    steps, reward = proc.stdout.split()
    assert int(steps) > 0 and -1.0 <= float(reward) <= 1.0
    usual = subprocess.run([sys.executable, "-c", RL_EPISODE], cwd=ROOT, check=False,
                           capture_output=True, text=True, timeout=120)
    assert usual.stdout == proc.stdout


def test_compare_auto_without_compiler_matches_python(tmp_path):
    need_bundled("transfer", "podkidnoy")
    args = ("compare", "transfer", "podkidnoy", "--players", "2", "--games", "20", "--seed", "1",
            "--format", "json")
    auto = _run(*args, "--backend", "auto", tmp_path=tmp_path)
    python = _run(*args, "--backend", "python", tmp_path=tmp_path)
    assert auto.returncode == 0, auto.stderr
    assert sum("warning" in line for line in auto.stderr.splitlines()) == 1, auto.stderr
    assert json.loads(auto.stdout) == json.loads(python.stdout)

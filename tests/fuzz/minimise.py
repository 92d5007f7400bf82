"""Shrink a failing fuzzed spec: `python -m tests.fuzz.minimise NUMBER [NUMBER...]`.

Spec NUMBER of the fuzz (`tests.fuzz.schema_specs.accepted_spec`) is run through every target
(`tests.fuzz.targets.run_targets`); while it still fails the same way (its first failure: same stage,
same known class or the same first line), rule keys are dropped one at a time and the
parent is replaced by a simpler one (transfer, podkidnoy).  Prints the smallest spec found,
its failure and the known class it belongs to (or NEW); expressions are left to a human.
"""

from __future__ import annotations

import random
import re
import sys
import tempfile
from pathlib import Path

import yaml

from durakc.diagnostics import SpecError
from durakc.spec import load_spec
from tests.fuzz.known_failures import known_class
from tests.fuzz.schema_specs import Drawn, accepted_spec
from tests.fuzz.targets import run_targets

SIMPLER_PARENTS = ("transfer", "podkidnoy")


def failure_of(spec_dict: dict, folder: Path, number: int, seeds: int = 2):
    """(stage, class or first line) of the spec's failure, or None when it passes or is refused."""
    path = folder / f"{spec_dict['name']}.yaml"
    text = yaml.safe_dump(spec_dict, sort_keys=False, width=1000)
    path.write_text(text, encoding="utf-8")
    try:
        spec = load_spec(path)
    except SpecError:
        return None
    run = run_targets(Drawn(number, text, path, spec, 0), folder, seeds, random.Random(number),
                      cflags=["-O0"], seconds=120)
    if not run.failures:
        return None
    failure = run.failures[0]
    first = re.sub(r"\S*/", "", failure.detail.splitlines()[0])[:80]
    return failure.stage, known_class(failure.stage, str(failure), spec.values) or first


def minimise(number: int) -> tuple[dict, tuple | None]:
    """The smallest variant of spec `number` failing as it does, and that failure."""
    folder = Path(tempfile.mkdtemp(prefix=f"fz-min-{number}-"))
    spec_dict = yaml.safe_load(accepted_spec(number, folder).text)
    target = failure_of(spec_dict, folder, number)
    if target is None:
        return spec_dict, None
    counter = 0
    changed = True
    while changed:
        changed = False
        candidates = []
        for parent in SIMPLER_PARENTS:
            if spec_dict["extends"] not in SIMPLER_PARENTS[:SIMPLER_PARENTS.index(parent) + 1]:
                candidates.append({**spec_dict, "extends": parent})
        for head, group in spec_dict["rules"].items():
            for tail in group:
                rules = {h: {t: v for t, v in g.items() if (h, t) != (head, tail)}
                         for h, g in spec_dict["rules"].items()}
                candidates.append({**spec_dict, "rules": {h: g for h, g in rules.items() if g}})
        for candidate in candidates:
            counter += 1
            candidate = {**candidate, "name": f"fz-{number}-m{counter}"}  # a fresh native module
            if failure_of(candidate, folder, number) == target:
                spec_dict, changed = candidate, True
                break
    return spec_dict, target


def main(argv: list[str]) -> None:
    for arg in argv:
        spec_dict, failure = minimise(int(arg))
        print(f"# spec {arg}: {failure[0] + ': ' + failure[1] if failure else 'passes'}")
        print(yaml.safe_dump(spec_dict, sort_keys=False, width=1000))


if __name__ == "__main__":
    main(sys.argv[1:])

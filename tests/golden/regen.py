"""Regenerate the golden playthroughs of the generated engines.

    python tests/golden/regen.py [VARIANT ...]

Writes tests/golden/playthroughs/<variant>.txt (every engine of
durakc.engines.ENGINES when no variant is named): three games per engine, at the
variant's fewest players, one more, and its most players, with fixed seeds, one line
per step (see playthroughs.py and tests/golden/README.md).  Run it after a deliberate
change of an engine's behaviour, review the diff, and commit the files with the change.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for p in (str(ROOT), str(HERE)):
    if p not in sys.path:
        sys.path.insert(0, p)

import playthroughs

from durakc.schema.keys import TEAM_PLAYER_COUNTS

OUT_DIR = HERE / "playthroughs"
SEEDS = (1001, 2002, 3003)
COMMAND = "python tests/golden/regen.py"


def player_counts(mod) -> list[int]:
    rules = mod.VARIANT["rules"]
    lo, hi = int(rules["players.min"]), int(rules["players.max"])
    seated = TEAM_PLAYER_COUNTS.get(rules.get("teams.mode", "none"))  # PR1: others refused
    more = next((n for n in range(lo + 1, hi + 1) if seated is None or n in seated), hi)
    return [lo, more, hi]


def build(variant: str) -> playthroughs.Playthroughs:
    """Record the variant's three games on its generated Python engine."""
    mod = importlib.import_module("durakc.engines." + variant.replace("-", "_"))
    games = [playthroughs.record(mod, n, seed) for n, seed in zip(player_counts(mod), SEEDS)]
    return playthroughs.Playthroughs(variant, mod.VARIANT.get("spec_sha256"), games)


def path_for(variant: str) -> Path:
    return OUT_DIR / f"{variant}.txt"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if any(a in ("-h", "--help") for a in args):
        print(__doc__.strip())
        return 0
    from durakc import engines as generated

    engines = tuple(getattr(generated, "ENGINES", ()) or ())
    if not engines:
        print("no generated engines yet (run durakc build first)", file=sys.stderr)
        return 1
    unknown = [a for a in args if a not in engines]
    if unknown:
        print(f"unknown variant(s) {unknown}; generated engines: {list(engines)}",
              file=sys.stderr)
        return 2
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for variant in args or engines:
        data = build(variant)
        path = path_for(variant)
        text = playthroughs.dumps(data, f"{COMMAND} {variant}")
        old = path.read_text(encoding="utf-8") if path.exists() else None
        path.write_text(text, encoding="utf-8")
        state = "unchanged" if old == text else ("updated" if old is not None else "new")
        games = ", ".join(f"{g.label()}: {g.steps} steps" for g in data.games)
        print(f"wrote {path.relative_to(ROOT)} ({state}; {games})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

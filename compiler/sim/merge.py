"""Merge shards of one run: `python -m durakc.sim.merge shard*.json [--format table|json|csv]`.

Each shard is the output of `durakc simulate/compare ... --start A --games N --format stats`
with the same players, seed, bots and rotation.  The merged counts equal those of one run
over all the games (merging is addition of sufficient statistics); gaps and overlaps in the
game ranges are reported.  The paired counts of a comparison (`pairs`) merge the same way.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path

from durakc.sim import report
from durakc.sim.paired import PairStats
from durakc.sim.stats import Stats

SAME = ("players", "seed", "bots", "rotate")


def merge_shards(shards: list[dict]) -> tuple[dict, dict[str, Stats], dict[str, PairStats],
                                              list[str]]:
    """(run settings, merged Stats per variant, merged PairStats per later variant,
    problems) of shard documents."""
    if not shards:
        raise ValueError("no shards")
    head = {k: shards[0][k] for k in SAME}
    problems = []
    for sh in shards:
        if sh.get("kind") != "durakc-sim-stats":
            raise ValueError("not a shard: make shards with --format stats")
        if {k: sh[k] for k in SAME} != head:
            raise ValueError("shards of different runs (players, seed, bots or rotation differ)")
    spans = sorted((sh["start"], sh["start"] + sh["games"]) for sh in shards)
    for (a0, a1), (b0, b1) in itertools.pairwise(spans):
        if b0 < a1:
            problems.append(f"games {b0}-{min(a1, b1) - 1} are in two shards")
        elif b0 > a1:
            problems.append(f"games {a1}-{b0 - 1} are in no shard")
    if spans[0][0] != 0:
        problems.append(f"games 0-{spans[0][0] - 1} are in no shard")
    merged: dict[str, Stats] = {}
    pairs: dict[str, PairStats] = {}
    for sh in sorted(shards, key=lambda s: s["start"]):
        for name, raw in sh["variants"].items():
            stats = Stats.from_dict(raw)
            merged[name] = merged[name].merge(stats) if name in merged else stats
        for name, raw in sh.get("pairs", {}).items():
            pair = PairStats.from_dict(raw)
            pairs[name] = pairs[name].merge(pair) if name in pairs else pair
    return head, merged, pairs, problems


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m durakc.sim.merge", description=__doc__)
    parser.add_argument("shards", nargs="+", help="shard files (--format stats output)")
    parser.add_argument("--format", choices=("table", "json", "csv", "stats"), default="table")
    args = parser.parse_args(argv)
    try:
        docs = [json.loads(Path(p).read_text()) for p in args.shards]
        head, merged, pairs, problems = merge_shards(docs)
    except (OSError, ValueError, KeyError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    for p in problems:
        print(f"warning: {p}", file=sys.stderr)
    if args.format == "stats":
        games = sum(d["games"] for d in docs)
        print(report.as_json(report.shard(merged, head["players"], head["seed"], head["bots"],
                                          head["rotate"], min(d["start"] for d in docs), games,
                                          pairs)))
        return 0
    doc = report.document(merged, head["players"], head["seed"], head["bots"], head["rotate"],
                          pairs)
    print({"table": report.table, "json": report.as_json, "csv": report.as_csv}[args.format](doc))
    return 0


if __name__ == "__main__":
    sys.exit(main())

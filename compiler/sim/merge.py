"""Merge shards of one run: `python -m durakc.sim.merge shard*.json [--format table|json|csv]`.

Each shard is the output of `durakc simulate/compare ... --start A --games N --format stats`
with the same players, seed, bots and rotation.  The merged counts equal those of one run
over all the games (merging is addition of sufficient statistics).  Shards whose game ranges
overlap (the same file twice, a range run twice) would count games twice: they are refused
(exit 2), naming the overlapping ranges; gaps are reported as warnings.  The paired counts
of a comparison (`pairs`) merge the same way.
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


class OverlappingShards(ValueError):
    """Two shards hold some of the same games: merging them would count those twice."""


def merge_shards(shards: list[dict], names: list[str] | None = None
                 ) -> tuple[dict, dict[str, Stats], dict[str, PairStats], list[str]]:
    """(run settings, merged Stats per variant, merged PairStats per later variant,
    problems: the games no shard holds) of shard documents (`names`: their files, for
    messages).  Raises `OverlappingShards` when two hold the same games, ValueError for
    shards of different runs."""
    if not shards:
        raise ValueError("no shards")
    head = {k: shards[0][k] for k in SAME}
    problems = []
    for sh in shards:
        if sh.get("kind") != "durakc-sim-stats":
            raise ValueError("not a shard: make shards with --format stats")
        if {k: sh[k] for k in SAME} != head:
            raise ValueError("shards of different runs (players, seed, bots or rotation differ)")
    names = names or [f"shard {k + 1}" for k in range(len(shards))]
    spans = sorted((sh["start"], sh["start"] + sh["games"], name)
                   for sh, name in zip(shards, names))
    _refuse_overlaps(spans)
    for (_, a1, _), (b0, _, _) in itertools.pairwise(spans):
        if b0 > a1:
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


def _refuse_overlaps(spans: list[tuple[int, int, str]]) -> None:
    """OverlappingShards naming every pair of shards (sorted by start) that share games."""
    clashes = []
    for k, (a0, a1, a) in enumerate(spans):
        for b0, b1, b in spans[k + 1:]:
            if b0 >= a1:
                break
            clashes.append(f"{a} (games {a0}-{a1 - 1}) and {b} (games {b0}-{b1 - 1}) both hold "
                           f"games {b0}-{min(a1, b1) - 1}")
    if clashes:
        raise OverlappingShards("shards overlap, so their games would be counted twice: "
                                + "; ".join(clashes))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m durakc.sim.merge", description=__doc__)
    parser.add_argument("shards", nargs="+", help="shard files (--format stats output)")
    parser.add_argument("--format", choices=("table", "json", "csv", "stats"), default="table")
    args = parser.parse_args(argv)
    try:
        docs = [json.loads(Path(p).read_text()) for p in args.shards]
        head, merged, pairs, problems = merge_shards(docs, list(args.shards))
    except OverlappingShards as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
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

"""`durakc diff A B`: how two variants differ, in rules and in play."""

import json

from durakc.commands._common import VARIANT_HELP, load_engines, usage_error
from durakc.loading.engines import player_range, variant_name
from durakc.sim.witnesses import find_witnesses, rules_diff

NAME = "diff"
HELP = "show the rules two variants set differently and positions where their engines differ"


def add_arguments(parser):
    parser.add_argument("a", metavar="A", help=VARIANT_HELP)
    parser.add_argument("b", metavar="B", help=VARIANT_HELP)
    parser.add_argument("--players", type=int, help="players (default: smallest both allow)")
    parser.add_argument("--games", type=int, default=200, help="joint playouts (default 200)")
    parser.add_argument("--witnesses", type=int, default=3, help="witnesses to show (default 3)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--format", choices=("table", "json"), default="table",
                        help="table = rules side by side and witnesses in words; json = the same "
                             "as data, each witness replayable with new_game and apply "
                             "(default table)")


def _value(v) -> str:
    return json.dumps(v) if not isinstance(v, str) else v


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _position_text(pos: dict, seat) -> str:
    table = " ".join(f"{x}/{y}" if y else x for x, y in pos["table"]) or "(empty)"
    return (f"table {table}; trump {pos['trump']}; stock {pos['stock']}; "
            f"seat {seat} holds {' '.join(pos['hand'])}")


def _print_positions(wit: dict, na: str, nb: str) -> None:
    """The position to move in, once when both engines show the same, else each one's."""
    pa, pb = wit["position"], wit.get("position_b", wit["position"])
    shown = [(na, pa, wit["to_move"][0]), (nb, pb, wit["to_move"][1])]
    if pa == pb and wit["to_move"][0] == wit["to_move"][1]:
        shown = shown[:1]
    for name, pos, seat in shown:
        if pos["hand"] is not None:
            where = f"in {name}: " if len(shown) > 1 else ""
            print(f"    {where}{_position_text(pos, seat)}")


def run(args) -> int:
    engines, code = load_engines([args.a, args.b])
    if code is not None:
        return code
    a, b = engines
    (lo_a, hi_a), (lo_b, hi_b) = player_range(a), player_range(b)
    players = args.players or max(lo_a, lo_b)
    if not (max(lo_a, lo_b) <= players <= min(hi_a, hi_b)):
        return usage_error(f"{players} players: {variant_name(a)} allows {lo_a}-{hi_a}, "
                           f"{variant_name(b)} allows {lo_b}-{hi_b}")
    rules = rules_diff(a, b)
    witnesses, hits = find_witnesses(a, b, players, args.games, args.seed, args.witnesses)
    na, nb = variant_name(a), variant_name(b)
    if args.format == "json":
        print(json.dumps({"a": na, "b": nb, "players": players, "seed": args.seed,
                          "games": args.games, "playouts_differing": hits, "rules": rules,
                          "witnesses": witnesses,
                          "replay": "engine.new_game(players, seed), then apply each action"},
                         indent=2))
        return 0
    print(f"rules that differ: A = {na}, B = {nb}")
    if not rules:
        print("  (none)")
    else:
        cells = [(r["key"], f"{_value(r['a'])} ({r['a_origin']})",
                  f"{_value(r['b'])} ({r['b_origin']})") for r in rules]
        w = [max(len(c[i]) for c in cells + [("key", na, nb)]) for i in range(3)]
        print(f"  {'key'.ljust(w[0])}  {na.ljust(w[1])}  {nb}")
        for c in cells:
            print(f"  {c[0].ljust(w[0])}  {c[1].ljust(w[1])}  {c[2]}")
    print()
    print(f"behaviour: {hits} of {args.games} joint playouts ({players} players, seed {args.seed}) "
          "reached a difference")
    for k, wit in enumerate(witnesses, 1):
        print(f"\n  witness {k}: {wit['difference']}: new_game({players}, seed={wit['seed']}), "
              f"then {_count(len(wit['actions']), 'action')}:")
        print(f"    {'; '.join(wit['actions']) or '(none)'}")
        if "error" in wit:
            print(f"    {wit['error']}")
            continue
        _print_positions(wit, na, nb)
        if wit["difference"] == "player to move":
            print(f"    to move: seat {wit['to_move'][0]} in {na}, seat {wit['to_move'][1]} in {nb}")
        if wit["difference"] == "outcome":
            print(f"    {na}: {wit['outcome'][0]}; {nb}: {wit['outcome'][1]}")
        print(f"    only in {na}: {', '.join(wit['only_a']) or '-'}")
        print(f"    only in {nb}: {', '.join(wit['only_b']) or '-'}")
    return 0

"""The (environment, name) walk of issue 29 item 4: a tiny spec per name of every expression
environment, per key checked in it, over parents that switch on the capabilities the name
meets (shows, teams, personal trumps, wild cards, the ladder's losses): the specs of
tests/native/test_env_walk.py."""

from __future__ import annotations

from durakc.schema.envs import ENVIRONMENTS, NAME_RANGES
from durakc.schema.keys import KEYS

PARENTS = {
    "transfer": ("transfer", "proyezdnoy", "svoi-kozyri", "weli"),
    "seat": ("transfer", "teams-of-three"),
    "result": ("transfer", "teams-of-three"),
    "throw": ("transfer", "svoi-kozyri", "weli"),
    "opening": ("transfer", "svoi-kozyri", "weli"),
    "dealt": ("transfer", "weli"),
    "deal": ("transfer", "ladder"),
}
"""The parents each environment's names are walked over, beyond `transfer` (the plain
case): proyezdnoy shows trumps (S1), teams-of-three has teams (`lost`,
`partner_of_defender`, PR1-PR6), svoi-kozyri the defender's own trumps (SK2), weli wild
cards (W1-W3), ladder the losses read at the deal (L1, L2)."""


def parents(env: str) -> tuple[str, ...]:
    """The parents the names of `env` are walked over."""
    return PARENTS.get(env, ("transfer",))


def condition(env: str, name: str, typ: str) -> str:
    """A condition of environment `env` that reads `name` (of type `typ`) and does not fold:
    a collection through its trumps too (the hidden name `$trumps`)."""
    if typ == "bool":
        return name
    if typ == "int":
        low, high = NAME_RANGES.get(env, {}).get(name, (0, 1))
        return f"{name} == {min(low + 1, high)}"
    if typ == "cards":
        return f"len({name}.trumps) < len({name})"
    if typ == "card":
        return f"{name}.is_trump"
    if typ == "rank":
        return f"a.rank == {name}"
    if typ == "function":  # a seat relation (issue 31): called on the acting seat
        return f"{name}(me) == 1"
    raise AssertionError(f"no condition for a {typ} name")  # pragma: no cover - new types


def key_value(path: str, cond: str) -> str:
    """The value of expression key `path` that reads `cond`, kept within the key's checks."""
    return {
        "deal.initial_hand": f"hand_size if {cond} else 5",
        "attack.limit": f"5 if {cond} else 6",
        "outcome.points": f"1 if {cond} else 0",
        "attack.opening": f"len(cards) == 1 or (len(cards) == 2 and cards.pairs == 1 and {cond})",
        "throw_in.who": f"not is_defender and ({cond})",
        "throw_in.card": f"c.rank in table.ranks and ({cond})",
        "transfer.capacity": f"attack_cards <= next_hand and ({cond})",
        "beating.beats": f"(d.suit == a.suit and d.rank > a.rank) or (d.is_trump and not a.is_trump and {cond})",
    }.get(path, cond)


def spec_text(path: str, value: str, parent: str) -> str:
    """A spec over `parent` setting `path` to `value` (transfers on for the transfer keys)."""
    group, key = path.split(".")
    if path == "outcome.annotations":
        body = f"  outcome:\n    annotations:\n      walked: {value!r}\n"
    else:
        body = f"  {group}:\n    {key}: {value!r}\n"
        if group == "transfer":
            body += "    enabled: true\n"
    name = "walk"
    return f"name: {name}\ntitle: the name walk\nextends: {parent}\nrules:\n{body}"


def walk() -> list[tuple[str, str, str, str]]:
    """(environment, name, key, condition value) for every name of every environment and every
    key checked in it."""
    rows = []
    for key in KEYS:
        if key.env is None:
            continue
        for name, (typ, _doc) in ENVIRONMENTS[key.env].items():
            rows.append((key.env, name, key.path, key_value(key.path, condition(key.env, name, typ))))
    return rows

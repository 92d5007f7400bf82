"""Request bodies checked before any work: types, ranges and sizes, or a clear 400.

Each function takes the decoded JSON object of one endpoint and returns the request the
task gets (`durakc.web.tasks`), with only the fields it knows, or raises `ApiError`.
"""

from __future__ import annotations

import json
import re

from durakc.web.errors import ApiError, bad_request
from durakc.web.limits import Limits

_SURROGATE = re.compile("[\ud800-\udfff]")

MAX_PLAYERS = 16
MAX_SEED = 2 ** 63 - 1


def json_object(data: bytes) -> dict:
    """A request body's JSON object (UTF-8, an object, text only), or a 400 saying why."""
    try:
        body = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise bad_request(f"the body is not JSON ({type(exc).__name__})") from None
    if not isinstance(body, dict):
        raise bad_request("the body must be a JSON object")
    if _has_surrogate(body):
        raise bad_request("the body holds a lone surrogate (such as \\ud800): send text only")
    return body


def _has_surrogate(value) -> bool:
    """True when a string anywhere in decoded JSON holds a lone surrogate (valid JSON, no
    text: it can not be written as UTF-8 to a file, a worker or an answer)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def _field(body: dict, name: str, kind, required: bool = True, default=None):
    if name not in body or body[name] is None:
        if required:
            raise bad_request(f"missing field '{name}'")
        return default
    value = body[name]
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise bad_request(f"'{name}' must be a whole number")
    if kind is not int and not isinstance(value, kind):
        raise bad_request(f"'{name}' must be {_kind_name(kind)}")
    return value


def _kind_name(kind) -> str:
    return {str: "a string", list: "a list", int: "a whole number",
            dict: "an object"}.get(kind, str(kind))


def _int(body: dict, name: str, lo: int, hi: int, default=None) -> int:
    value = _field(body, name, int, default is None, default)
    if not lo <= value <= hi:
        raise bad_request(f"'{name}' must be between {lo} and {hi}, not {value}")
    return value


def _spec(body: dict, limits: Limits) -> str:
    text = _field(body, "spec", str)
    if len(text) > limits.max_spec:
        raise ApiError(413, "too_large", f"the spec is {len(text)} characters long; the "
                                         f"limit is {limits.max_spec}")
    if not text.strip():
        raise bad_request("the spec is empty")
    return text


def _bot(name, bots: list[str], where: str) -> str:
    if not isinstance(name, str) or name not in bots:
        raise bad_request(f"{where}: unknown bot {name!r} (known: {', '.join(bots)})")
    return name


def check(body: dict, limits: Limits, bots: list[str]) -> dict:
    """/api/check and /api/explain: {"spec": text}."""
    return {"spec": _spec(body, limits)}


def play(body: dict, limits: Limits, bots: list[str]) -> dict:
    """/api/play: spec, players, seat, seed, bots (one per seat, null at the seat), history
    (action texts), and an optional action of the seat."""
    players = _int(body, "players", 1, MAX_PLAYERS)
    seat = _int(body, "seat", 0, players - 1)
    seats = _field(body, "bots", list)
    if len(seats) != players:
        raise bad_request(f"'bots' must name one bot per seat ({players}), null at yours")
    chosen = [None if k == seat else _bot(name, bots, f"seat {k}") for k, name in
              enumerate(seats)]
    history = _field(body, "history", list, required=False, default=[])
    if len(history) > limits.max_history:
        raise ApiError(413, "too_large", f"the history holds {len(history)} actions; the "
                                         f"limit is {limits.max_history}")
    for k, text in enumerate(history, 1):
        if not isinstance(text, str) or len(text) > limits.max_action_text:
            raise bad_request(f"history action {k} must be an action's text")
    action = _field(body, "action", str, required=False)
    if action is not None and (len(action) > limits.max_action_text or not action.strip()):
        raise bad_request(f"'action' must be an action's text (at most "
                          f"{limits.max_action_text} characters)")
    return {"spec": _spec(body, limits), "players": players, "seat": seat,
            "seed": _int(body, "seed", 0, MAX_SEED), "bots": chosen,
            "history": list(history), "action": action, "options": _options(body)}


MAX_OPTIONS = 16
"""The most table settings a spec declares (docs/options.md), so the most a request names."""


def _options(body: dict) -> dict:
    """/api/play's optional `options`: the table settings, name -> true/false or a whole
    number (the engine checks the names and values when the game is dealt)."""
    options = _field(body, "options", dict, required=False, default={})
    if len(options) > MAX_OPTIONS:
        raise bad_request(f"'options' names {len(options)} settings; a spec has at most "
                          f"{MAX_OPTIONS}")
    for name, value in options.items():
        if len(name) > 40 or not isinstance(value, int):  # a bool is an int too
            raise bad_request(f"option {name[:40]!r} must be true, false or a whole number")
    return dict(options)


def compare(body: dict, limits: Limits, bots: list[str]) -> dict:
    """/api/compare: spec, against (a bundled variant; default the parent), players, games,
    bots (one name, or one per seat), seed."""
    players = _int(body, "players", 1, MAX_PLAYERS)
    against = _field(body, "against", str, required=False)
    if against is not None and (len(against) > 100 or not against.strip()):
        raise bad_request("'against' must be a bundled variant's name")
    raw = body.get("bots", "greedy")
    names = [raw] if isinstance(raw, str) else raw
    if not isinstance(names, list) or not names or len(names) > players:
        raise bad_request("'bots' must be a bot's name or a list of one per seat")
    chosen = [_bot(name, bots, "bots") for name in names]
    return {"spec": _spec(body, limits), "against": against, "players": players,
            "games": _int(body, "games", 1, limits.max_games),
            "seed": _int(body, "seed", 0, MAX_SEED, default=0), "bots": chosen}


VALIDATORS = {"check": check, "explain": check, "play": play, "compare": compare}
"""The validator of each kind of work."""

"""The lines of a golden playthrough: one line per step, rendered from a game.

A game is written as

    game 2p seed 1001
    start | state 3f1c0a9e5b7d | table -  hands 6 6 5d1e2f3a4b6c  stock 24  discard 0  att 0  def 1  out -
       1 P0 attack 6D | legal 3 a1b2c3d4e5f6 | table 6D  hands 5 6 0c9d8e7f6a5b  stock 24  ...
       ...
    end | legal 0 4f53cda18c2b | move 1  over yes  loser 1  draw no  out 0

A step line says which seat moved (`to_move` before the action), the action text, the
number of legal actions it was chosen from and a digest of their texts in engine order,
then the state after the action.  The `start` line has a digest of the whole `to_dict()` of
`new_game`.  Fields are separated by two spaces, parts by ` | `; values never hold either.

A digest is the first 12 hex digits of the sha256 of the value's canonical JSON (sorted
keys, no spaces): `hands` digests the cards of every hand in order; `legal` the list of
legal action texts in the engine's order; `state` the whole `to_dict()`.

Recording and replaying render lines with the same functions, so a replay compares
strings; `field_differences` names the fields of two lines that differ.
"""

from __future__ import annotations

import hashlib
import json

DIGEST_HEX = 12
SEP = " | "
FIELD_SEP = "  "

# matches and results (HR20-HR22): shown at the end only where the variant has them
OUTCOME_EXTRAS = ("winner", "points", "match_points", "standings", "match_over")


def plain(value):
    """A JSON-safe copy of `value` (tuples become lists), as the Python and C engines agree."""
    return json.loads(json.dumps(value))


def digest(value) -> str:
    """The first 12 hex digits of the sha256 of the canonical JSON of `value`."""
    text = json.dumps(plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:DIGEST_HEX]


def show(value) -> str:
    """A value as one token: a number as itself, None as `none`, a bool as `yes`/`no`, a
    list of numbers joined by commas (`-` when empty), anything else as compact JSON."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)) and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return ",".join(str(v) for v in value) or "-"
    return json.dumps(plain(value), sort_keys=True, separators=(",", ":"))


def table_text(table) -> str:
    """The table as one token per pair (`attack` or `attack/defence`), `-` when empty."""
    pairs = ["/".join(c for c in pair if c is not None) for pair in table]
    return " ".join(pairs) or "-"


def hands_of(g) -> list[list[str]]:
    return [list(h) for h in g.hands]


def state_part(g) -> str:
    """The state after a step: what the replay compares, short enough to read in a diff."""
    hands = hands_of(g)
    return FIELD_SEP.join((
        f"table {table_text(g.table)}",
        "hands " + " ".join(str(len(h)) for h in hands) + " " + digest(hands),
        f"stock {len(g.stock)}",
        f"discard {len(g.discard)}",
        f"att {show(g.attacker)}",
        f"def {show(g.defender)}",
        f"out {show(list(g.out))}",
    ))


def legal_part(legal: list[str]) -> str:
    return f"legal {len(legal)} {digest(legal)}"


def legal_texts(g) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def game_line(players: int, seed: int) -> str:
    return f"game {players}p seed {seed}"


def start_line(g) -> str:
    return SEP.join(("start", f"state {digest(g.to_dict())}", state_part(g)))


def step_line(step: int, seat, action: str, legal: list[str], g) -> str:
    """Step `step`: `seat` played `action` (one of `legal`); `g` is the game after it."""
    return SEP.join((f"{step:4d} P{show(seat)} {action}", legal_part(legal), state_part(g)))


def end_line(g) -> str:
    """After the last step: the seat to move, the legal actions left, and the outcome."""
    fields = [f"move {show(g.to_move)}", f"over {show(bool(g.is_over))}",
              f"loser {show(g.loser)}", f"draw {show(bool(g.is_draw))}",
              f"out {show(list(g.out))}"]
    for name in OUTCOME_EXTRAS:
        value = getattr(g, name, None)
        if name == "match_over" and getattr(g, "standings", None) is None:
            continue
        if value is not None:
            fields.append(f"{name} {show(value)}")
    return SEP.join(("end", legal_part(legal_texts(g)), FIELD_SEP.join(fields)))


def parse_step(line: str) -> tuple[int, str, str]:
    """(step number, seat text after `P`, action text) of a step line."""
    head = line.split(SEP, 1)[0].strip()
    number, seat, action = head.split(" ", 2)
    if not number.isdigit() or not seat.startswith("P"):
        raise ValueError(f"not a step line: {line!r}")
    return int(number), seat[1:], action


def fields(line: str) -> dict[str, str]:
    """The named fields of a line: `key value` per two-space field of each ` | ` part after
    the first; the first part is kept whole under `step`."""
    parts = line.split(SEP)
    found = {"step": parts[0].strip()}
    for part in parts[1:]:
        for field in part.split(FIELD_SEP):
            key, _, value = field.strip().partition(" ")
            found[key] = value
    return found


def field_differences(expected: str, got: str) -> list[str]:
    """One `name: expected X, got Y` per field that differs between two lines."""
    want, have = fields(expected), fields(got)
    out = []
    for key in list(want) + [k for k in have if k not in want]:
        if want.get(key) != have.get(key):
            e = "nothing" if key not in want else repr(want[key])
            g = "nothing" if key not in have else repr(have[key])
            out.append(f"{key}: expected {e}, got {g}")
    return out or [f"line: expected {expected!r}, got {got!r}"]

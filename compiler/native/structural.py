"""The structural capabilities of a native engine on the Python side (contract "Structural
variants"): the keys they add to `to_dict` and to the C view, and the Game members that
read them.  The C side is `compiler/templates/c/cap_<name>.c.j2` and, for the view dict,
`binding_structural.c`.  A variant without a capability gets nothing from it here.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Structural:
    """What the variant's structural capabilities add to a native Game."""

    to_dict: list = field(default_factory=list)
    """Functions view -> {to_dict key: value}."""
    to_view: list = field(default_factory=list)
    """Functions to_dict() result -> {view key: value} (what `_load` reads)."""
    members: dict = field(default_factory=dict)
    """Game members, by name."""
    wraps: dict = field(default_factory=dict)
    """Functions member -> member that replace a Game member, by name."""

    def state_keys(self, v: dict) -> dict:
        """The added to_dict entries of view `v`."""
        out = {}
        for f in self.to_dict:
            out.update(f(v))
        return out

    def view_keys(self, d: dict) -> dict:
        """The added view entries of a to_dict() result `d`."""
        out = {}
        for f in self.to_view:
            out.update(f(d))
        return out


def structural(py) -> Structural:
    """The structural additions of Python engine `py`'s variant (by its rules)."""
    rules = py.VARIANT["rules"]
    s = Structural()
    if rules["trump.mode"] == "per_seat":
        _seat_trumps(s, rules)
    if rules.get("trump.hidden_second"):
        _hidden_trump(s, py)
    if rules.get("teams.mode", "none") != "none":
        _teams(s, rules)
    if "losses" in getattr(py, "_SAVED_KEYS", ()):  # capability `losses` (L1, PR6)
        _losses(s)
    if rules.get("trump.six_exchange"):  # capability `trump_exchange` (TX1)
        _trump_exchange(s)
    if rules.get("swap.per_game"):  # capability `swaps` (PK1-PK4)
        _swaps(s)
    if "opening" in getattr(py, "_SAVED_KEYS", ()):  # capability `throw_card` reading `opening`
        _throw_opening(s, py)
    return s


def _throw_opening(s: Structural, py) -> None:
    text, index = py.CARD_TEXT, py.card_index
    s.to_dict.append(lambda v: {"opening": [text[c] for c in v["opening"]]})
    s.to_view.append(lambda d: {"opening": tuple(index(t) for t in d["opening"])})


def _seat_trumps(s: Structural, rules: dict) -> None:
    suits = list(rules["trump.seat_suits"])

    def trump_of(self, seat):
        """The trump suit letter that counts when `seat` defends: the suit it owns (SK1)."""
        return suits[seat]

    s.members["trump_of"] = trump_of


def _hidden_trump(s: Structural, py) -> None:
    text, index = py.CARD_TEXT, py.card_index
    s.to_dict.append(lambda v: {
        "hidden_trump": text[v["hidden"]] if v["hidden"] >= 0 else None,
        "trump_changes": [[text[a], text[b]] for a, b in v["trump_changes"]],
    })
    s.to_view.append(lambda d: {
        "hidden": index(d["hidden_trump"]) if d.get("hidden_trump") else -1,
        "trump_changes": tuple((index(a), index(b)) for a, b in d.get("trump_changes", [])),
    })
    s.members["hidden_trump"] = property(
        lambda self: s.state_keys(self._view())["hidden_trump"],
        doc="The face-down card under the face-up trump while unseen (CT1); None: there is none.")


def _teams(s: Structural, rules: dict) -> None:
    from durakc.schema import team_of, teams_of
    mode = rules["teams.mode"]
    s.members["teams"] = property(
        lambda self: teams_of(mode, self.players),
        doc=f"The teams, each a sorted list of seats (teams.mode: {mode}, PR1).")
    s.members["losing_team"] = property(
        lambda self: None if self.loser is None else team_of(mode, self.players, self.loser),
        doc="The index into `teams` of the team that lost (PR5); None before the end or after a draw.")


def _losses(s: Structural) -> None:
    s.to_dict.append(lambda v: {"losses": list(v["losses"])})
    s.to_view.append(lambda d: {"losses": tuple(d["losses"])})
    s.members["losses"] = property(
        lambda self: list(self._view()["losses"]),
        doc="Per seat, the games lost so far in this series, this one included once lost (L1, PR6).")

    def carry_losses(plain_next_game):
        def next_game(self, seed=None):
            """The following game of a series; the series' loss counts carry on (PR6)."""
            game = plain_next_game(self, seed)
            view = game._view()
            view["losses"] = self._view()["losses"]
            game._load(view)
            return game
        return next_game

    s.wraps["next_game"] = carry_losses


def _trump_exchange(s: Structural) -> None:
    s.to_dict.append(lambda v: {"exchanged": bool(v["exchanged"])})
    s.to_view.append(lambda d: {"exchanged": int(bool(d.get("exchanged", False)))})


def _swaps(s: Structural) -> None:
    s.to_dict.append(lambda v: {"swaps_left": list(v["swaps_left"]), "swapped": bool(v["swapped"])})
    s.to_view.append(lambda d: {"swaps_left": tuple(d["swaps_left"]), "swapped": int(bool(d["swapped"]))})
    s.members["swaps_left"] = property(
        lambda self: list(self._view()["swaps_left"]),
        doc="Per seat, the swaps still allowed this game (swap.per_game, PK4).")

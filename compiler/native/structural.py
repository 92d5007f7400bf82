"""The structural capabilities of a native engine on the Python side (contract "Structural
variants"): the keys they add to `to_dict` and to the C view, and the Game members that
read them.  The C side is `compiler/templates/c/cap_<name>.c.j2` and, for the view dict,
`binding_structural.c`.  A variant without a capability gets nothing from it here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from durakc.loading.constants import built


@dataclass
class Structural:
    """What the variant's structural capabilities add to a native Game."""

    to_dict: list = field(default_factory=list)
    """Functions view -> {to_dict key: value}."""
    to_view: list = field(default_factory=list)
    """Functions to_dict() result -> {view key: value} (what `_load` reads)."""
    observation: list = field(default_factory=list)
    """Functions (view, game) -> {observation key: value}: the entries the Python engine's
    observation hooks add or replace (`observation`, `observation_discard`, ...)."""
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

    def observation_keys(self, v: dict, game) -> dict:
        """The added or replaced observation entries of view `v` of `game`."""
        out = {}
        for f in self.observation:
            out.update(f(v, game))
        return out

    def view_keys(self, d: dict) -> dict:
        """The added view entries of a to_dict() result `d`."""
        out = {}
        for f in self.to_view:
            out.update(f(d))
        return out


def structural(py) -> Structural:
    """The structural additions of Python engine `py`'s variant (by the capabilities the
    compiler built into it: its `CAPABILITIES` and the constants they come with)."""
    caps = built(py)
    s = Structural()
    if "seat_trumps" in caps:  # capability `seat_trumps` (SK1)
        _seat_trumps(s, py.SEAT_SUITS)
    if "hidden_trump" in caps:  # capability `hidden_trump` (CT1-CT3)
        _hidden_trump(s, py)
    if "teams" in caps:  # capability `teams` (PR1-PR6)
        _teams(s, py)
    declared = getattr(py, "STATE_FIELDS", ())  # capabilities/state.py (DECLARED)
    if declared:
        _declared_state(s, declared, py)
        _declared_members(s, py)
    if "view_discard" in caps:  # capability `view_discard` (HR25)
        _view_discard(s)
    if "view_hands" in caps:  # capability `view_hands` (HR26)
        text = py.CARD_TEXT
        s.observation.append(lambda v, game: {
            "hands": [[text[c] for c in hand] for hand in v["hands"]]})
    if "winner" in caps:  # capability `winner` (HR20)
        s.members["winner"] = property(
            lambda self: self.out[0] if self.out else None,
            doc="HR20 (outcome.winner: first_out): the first seat out, once one has; else None.")
    if "set_aside" in caps:  # capability `set_aside` (HR12, HR13)
        _set_aside(s, py)
    if "lot_trumps" in caps:  # capability `lot_trumps` (HR15)
        _lot_trumps(s, py)
    if "redeal_offer" in caps:  # capability `redeal_offer` (HR19)
        _redeal_offer(s, py.FIRST_RULES)
    if "options" in caps:  # capability `options` (issue 32 item 4): table settings
        _options(s, py)
    return s  # capability `results` (HR21-HR23): durakc.native.results, added by the engine


def _view_discard(s: Structural) -> None:
    # the C engine counts actions; the history (kept on the Python side) says how many
    # (`round_start` is declared state: capabilities/state.py)
    s.to_view.append(lambda d: {"nactions": len(d["history"])})
    s.observation.append(lambda v, game: {  # the pile's size, never its cards; this round only
        "discard": None, "discard_size": len(v["discard"]),
        "history": game.history[v["round_start"]:]})


def _redeal_offer(s: Structural, first_rules: tuple) -> None:
    # `redeal_asked`, `redeal_asking`, `redeal_seed` are declared state (capabilities/state.py)
    first, series = first_rules  # first_attacker.first_game, series.first_attacker (T7, T8)
    s.to_dict.append(lambda v: {"first_rule": series if v["series"] else first})
    s.to_view.append(lambda d: {"series": int(d["first_rule"] != first)})
    s.observation.append(lambda v, game: {  # who asked for a redeal this game (HR19)
        "redeal_asked": _seats(v["redeal_asked"])})


def _lot_trumps(s: Structural, py) -> None:
    # `seat_trumps` and `lot_cards` are declared state (capabilities/state.py)
    text = py.CARD_TEXT
    s.observation.append(lambda v, game: {  # the turned cards lie face up until drawn (HR15)
        "seat_trump_cards": [text[c] if c >= 0 and c in v["stock"] else None
                             for c in v["lot_cards"]]})

    def trump_of(self, seat):
        """The trump suit letter that counts when `seat` defends: its own, by lot (HR15)."""
        return s.state_keys(self._view())["seat_trumps"][seat]

    s.members["trump_of"] = trump_of


def _set_aside(s: Structural, py) -> None:
    # `set_aside` is declared state (capabilities/state.py): saved and loaded as the others
    text = py.CARD_TEXT
    turned = py.TURNED_TRUMP  # trump.mode turned_bottom or turned_top

    def observed(v, game):  # the set-aside cards are unseen, all but the turned one
        aside = v["set_aside"]
        obs = {"set_aside_size": len(aside)}
        if turned:  # the turned card is seen while it lies aside or in the stock (HR12, HR13)
            c = v["turned"]
            obs["trump_card"] = text[c] if c >= 0 and (c in aside or c in v["stock"]) else None
        return obs

    s.observation.append(observed)
    s.members["set_aside"] = property(
        lambda self: s.state_keys(self._view())["set_aside"],
        doc="The cards out of play (trump.card / deal.stock: aside; HR12, HR13), sorted.")


def _seat_trumps(s: Structural, seat_suits: tuple) -> None:
    suits = list(seat_suits)

    def trump_of(self, seat):
        """The trump suit letter that counts when `seat` defends: the suit it owns (SK1)."""
        return suits[seat]

    s.members["trump_of"] = trump_of


def _hidden_trump(s: Structural, py) -> None:
    text, index = py.CARD_TEXT, py.card_index
    # `trump_changes` is declared state (capabilities/state.py, kind card_pairs)
    s.to_dict.append(lambda v: {"hidden_trump": text[v["hidden"]] if v["hidden"] >= 0 else None})
    s.to_view.append(lambda d: {"hidden": index(d["hidden_trump"]) if d.get("hidden_trump") else -1})
    s.observation.append(lambda v, game: {  # CT2: every seat saw the changes
        "trump_changes": [[text[a], text[b]] for a, b in v["trump_changes"]]})
    s.members["hidden_trump"] = property(
        lambda self: s.state_keys(self._view())["hidden_trump"],
        doc="The face-down card under the face-up trump while unseen (CT1); None: there is none.")


def _teams(s: Structural, py) -> None:
    teams, team_of = py.TEAMS, py.TEAM_OF  # per player count (PR1)
    s.members["teams"] = property(
        lambda self: [list(team) for team in teams[self.players]],
        doc=py.Game.teams.__doc__)  # the Python engine's: it names the teams.mode
    s.members["losing_team"] = property(
        lambda self: None if self.loser is None else team_of[self.players][self.loser],
        doc="The index into `teams` of the team that lost (PR5); None before the end or after a draw.")


def _seats(mask: int) -> list[int]:
    """The seats of a mask of seats, low to high."""
    return [x for x in range(mask.bit_length()) if mask >> x & 1]


_DICT_FORM = {"flag": bool, "count": int, "seat_counts": list, "seat_ints": list,
              "seat_or_none": lambda x: None if x < 0 else x, "seat_set": _seats, "seed": int,
              "ordinal": int, "seat_or_minus": int, "seat_scores": list}
"""How each kind of declared state goes from the C view to `to_dict` (compiler/capabilities/state.py)."""
_ABSENT = {"flag": False, "seat_or_none": None, "ordinal": 1, "seat_or_minus": -1, "card_pairs": []}
"""What a missing key of a kind means (a position may leave it out)."""
_VIEW_FORM = {"flag": lambda x: int(bool(x)), "count": int,"seat_counts": tuple, "seat_ints": tuple,
              "seat_or_none": lambda x: -1 if x is None else x,
              "seat_set": lambda x: sum(1 << s for s in set(x)), "seed": int,
              "ordinal": int, "seat_or_minus": int, "seat_scores": tuple}



def _over_only(v: dict, scores) -> list | None:
    """A `game_scores` of view `v` as saved: the list once the game is over (phase 3), else None."""
    return list(scores) if v["phase"] == 3 else None


def _until_over(d: dict, scores) -> tuple:
    """A saved `game_scores` of `d` in the view: zeros until the game is over (None)."""
    return tuple(scores) if scores is not None else (0,) * d["players"]


def _declared_state(s: Structural, fields, py) -> None:
    """The declared state fields, each read and written by its kind (a flag a position may
    leave out is false; a card mask is a tuple of card ints in the view, its card texts when
    saved); `swaps_left` is also the contract's member of that name (PK4)."""
    text, index, suits = py.CARD_TEXT, py.card_index, py.SUITS
    to_dict = {**_DICT_FORM, "card_mask": lambda x: [text[c] for c in x],
               "seat_masks": lambda x: [[t for c, t in enumerate(text) if m >> c & 1] for m in x],
               "seat_suits": lambda x: [suits[i] if i >= 0 else None for i in x],
               "seat_cards": lambda x: [text[c] if c >= 0 else None for c in x],
               "table_options": lambda x: _chosen(py, x),
               "card_pairs": lambda x: [[text[a], text[b]] for a, b in x]}
    to_view = {**_VIEW_FORM, "card_mask": lambda x: tuple(index(t) for t in x),
               "seat_masks": lambda x: tuple(sum(1 << index(t) for t in m) for m in x),
               "seat_suits": lambda x: tuple(suits.index(i) if i else -1 for i in x),
               "seat_cards": lambda x: tuple(index(t) if t else -1 for t in x),
               "table_options": lambda x: tuple(int(o) for o in py._options(x)),
               "card_pairs": lambda x: tuple((index(a), index(b)) for a, b in x)}
    s.to_dict.append(lambda v: {name: _over_only(v, v[name]) if kind == "game_scores"
                                else to_dict[kind](v[name]) for name, kind in fields})
    s.to_view.append(lambda d: {name: _until_over(d, d.get(name)) if kind == "game_scores"
                                else to_view[kind](d.get(name, _ABSENT.get(kind)) if kind in _ABSENT
                                                   else d[name]) for name, kind in fields})


def _declared_members(s: Structural, py) -> None:
    """The declared state's public properties (STATE_MEMBERS: each a copy of the view's
    per-seat list, with the Python engine's docstring) and what a series carries on to its
    next game (STATE_CARRIED, such as the loss counts of L1, PR6)."""
    for name in getattr(py, "STATE_MEMBERS", ()):
        s.members[name] = property(lambda self, name=name: list(self._view()[name]),
                                   doc=getattr(py.Game, name).__doc__)
    carried = getattr(py, "STATE_CARRIED", ())
    if not carried:
        return

    def carry(plain_next_game):
        def next_game(self, seed=None):
            """The following game of a series; the declared series state carries on."""
            game = plain_next_game(self, seed)
            view, last = game._view(), self._view()
            view.update((name, last[name]) for name in carried)
            game._load(view)
            return game
        return next_game

    s.wraps["next_game"] = carry


def _chosen(py, values) -> dict:
    """The table settings (a declared `table_options`) of the view's ints `values`: option
    name -> value, in the types of the Python engine's defaults (bool or int)."""
    kinds = (type(d) for d in py.DEFAULT_OPTIONS)
    return dict(zip(py.OPTIONS, (kind(x) for kind, x in zip(kinds, values))))


def _options(s: Structural, py) -> None:
    """The table settings (`options:`; saved and loaded as declared state, `_chosen`): in the
    observation and the member `options`."""
    s.observation.append(lambda v, game: {"options": _chosen(py, v["options"])})
    s.members["options"] = property(
        lambda self: _chosen(py, self._view()["options"]),
        doc="The table settings this game was started with: option name -> value.")

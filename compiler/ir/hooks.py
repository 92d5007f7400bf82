"""Named hook points of the engine templates and the capabilities that fill them.

The core templates (`compiler/templates/*.py.j2`) hold the round protocol every
variant shares.  Where a rule capability (transfers, shown trumps, outcome
annotations, ...) changes or extends that protocol, the core calls a named hook:

    {% call hook("round_start") %}
            self._transfers = 0
    {% endcall %}

The block inside is the core's default code.  Each active capability of the
variant (`VariantIR.capabilities`, decided in `compiler/ir/build.py`) whose template
module `compiler/templates/capabilities/<name>.py.j2` defines a macro of the
hook's name gets to rewrite it, in the order of `capabilities`: a macro that
takes a `default` argument receives the text so far (to keep it and add to
it), one without replaces it.  A variant that uses no capability at a point
gets the default and nothing else, so its engine holds none of their code.

Capability modules may call `hook(...)` themselves: their own points (such as
`transfer_added`) are listed here like the core's.  See
`compiler/templates/capabilities/README.md` for how to add a capability.
"""

from __future__ import annotations

from dataclasses import dataclass

import jinja2

# Every hook point: name -> what code goes there.  The test suite checks that the
# templates call no other name, that every name here is called, and that each is
# documented in compiler/templates/capabilities/README.md.
HOOK_POINTS = {
    # cards
    "card_tables": "cards module: CARD_TEXT, RANK_OF, SUIT_OF, RANK_CARDS, SAME_RANK of the held cards (T1, J1)",
    # state, construction and series
    "slots": "after Game.__slots__: `__slots__ |= {\"_name\": \"docstring\", ...}` (sorted)",
    "start": "Game._start: state of a new game (after the core state)",
    "copy": "Game.copy: copy the capability's mutable state into `g`",
    "series": "next_game: choose the next `dealer` and return the next game (series.*)",
    "check_players": "_check_players: refuse a `players` count in the range that the rules can not seat",
    "next_dealer": "in `series`: set `dealer`, who deals the next game (T8)",
    "deal": "_deal: `count` dealt cards and `hands` from `deck`, `players`, `dealer` (T5)",
    "new_game": "_new_game: return the new game (`Game._start(...)`)",
    "turn_card": "_first_allowed: return the card of `cards` that fixes trump, or -1 (T5, J1)",
    "dealt": "_new_game: after the deal (`rng`, `deck`, `hands`, `stock`, `trump`, `turned`)",
    "series_params": "inline, at the end of the parameters of _deal and _new_game: "
                     "`, last=None`, the finished game a next game follows",
    "series_args": "inline, at the end of the arguments of _new_game's calls of _deal: `, last`",
    "series_last": "inline, at the end of next_game's call of _new_game: `, self`",
    "position_start_args": "inline, at the end of from_position's call of Game._start: "
                           "`, options=chosen`, the position's table settings",
    "redeal_args": "inline, at the end of the redeal's call of _new_game (deal.offer_redeal): "
                   "`, options=self._options`, what the game started with",
    "public_new_game": "the public `new_game` function (its signature and its call of _new_game)",
    "new_game_params": "inline, at the end of the parameters of _new_game (after series_params)",
    "start_params": "inline, at the end of the parameters of Game._start",
    "new_deck": "_new_game: `deck`, the card ints dealt from, lowest first (before the shuffle)",
    "shuffle_steps": "_shuffle: the `for i, k in ...:` line over the Fisher-Yates steps of `deck`",
    "no_trump_redeal": "_new_game, first_attacker.no_trump_held redeal: deal again while "
                       "nobody holds a trump (P3)",
    "first_attacker": "_new_game: `attacker` when the lowest trump does not open (T7, T8)",
    # the public view: the contract's structural members, trivial by default
    "teams": "the `teams` property (PR1)",
    "losing_team": "the `losing_team` property (PR5)",
    "stock": "the `stock` property: return the cards still to be drawn, next first",
    "saved_cards": "_read_saved_cards: more cards of `d` read into `seen` and `s`, before the every-card check",
    "trump_of": "the `trump_of(seat)` method (SK1)",
    "losses": "the `losses` property (L1)",
    "hidden_trump": "the `hidden_trump` property (CT1)",
    "swaps_left": "the `swaps_left` property (PK4)",
    # matches and results (issue 20 group D: HR20-HR23, EP)
    "winner": "the `winner` property (HR20, outcome.winner)",
    "points": "the `points` and `match_points` properties (HR22, outcome.points)",
    "match": "the `match_over` and `standings` properties (HR21, match.*)",
    "draw_end": "_finish, a draw: after `is_draw` is set, ending in `return` (HR22: a draw scores too)",
    "members": "further public members of Game",
    # the opening
    "opening_tables": "module level: the tables _opening_actions reads (T10)",
    "opening_legal": "legal_actions, opening phase: `legal`, the actions of the attacker (PK1, TX1)",
    "opening_actions": "_opening_actions: return the openings of `hand`, the attacker's hand (T10)",
    "explain_opening": "_why_not_opening: why the opening `cards` are refused",
    # the round protocol
    "round_start": "_start_round: per-round state reset",
    "round_limit": "_start_round: set self._limit, the round's attack limit (T3)",
    "round_methods": "Game methods after _start_round that the round hooks call",
    "defender": "_start_round: who defends: set self._defender from the round's `attacker`",
    "may_throw": "the body of _entitled: the seats that may throw in, in priority order",
    "throw_actions": "legal_actions, throw phase: `legal`, the actions of `to_move`",
    "beating": "_defence_actions: `beaten_by`, the beat table the defender answers with",
    "defence_actions": "_defence_actions: actions after the beats and before `take`",
    "legal_end": "legal_actions, after every phase: `legal`, the list of `phase` (play.resign, HR24)",
    "legal_methods": "Game methods that the legal-action hooks call",
    "opened": "apply(): after the opening attack, who moves next",
    "beat_played": "apply(): after a defence card covered attack card `a`",
    "beat_next": "apply(): after a beat, who moves next (`unbeaten`: cards still unbeaten)",
    "thrown": "_throw: after the thrown card `mask` went on the table",
    "throw_next": "_throw: after a throw-in, who moves next",
    "ask_throwers": "_ask_throwers: ask the next entitled seat that has not passed and holds a card it may add "
                    "(set to_move, return), else fall through",
    "throwers_done": "_ask_throwers: nobody (more) may throw now: close the round",
    "apply_kinds": "apply(): `elif kind == ...:` branches for further action kinds",
    "apply_methods": "Game methods that apply_kinds calls",
    "picked_up": "_end_round, a take: the table cards `took` gives the defender, the rest to the discard (T21, HR32)",
    "refill": "_end_round: draw the hands up from the stock (T22)",
    "refill_order": "refill: `order`, the seats in refill order (cached in `_orders`; `took` known) (T22, HR10)",
    "drawn": "refill: `seat` has drawn `stock[-need:]` (still in the stock list)",
    "game_over": "_end_round, after seats left: end the game (`_finish`) when it is over",
    "round_end": "_end_round: who attacks next, once the round is over (T20, T21, T23)",
    "after_take": "in `round_end`: who attacks after `defender` took (T21, T23)",
    "returned_draw": "_draw_order: the `order` when the attack came back to the original attacker",
    "finished": "_finish, after the table is cleared: clear the round state a finished game no longer has",
    "game_end": "_finish: set the loser (the draw case has returned already)",
    # actions, explanations and saved games
    "action_kinds": "after VERBS: further kinds, e.g. `SWAP = len(VERBS)`, `VERBS += (\"swap\",)`",
    "parse_words": "parse_action, before the card words are read: return the Action of `words` (the text split), if special",
    "parse": "parse_action: return the Action for verb `kind` and card ints `cards`, if special",
    "action_tables": "module level, after _masked: action tables and helpers",
    "explain_defending": "_why_illegal: why nobody but the defender may act in the defend phase",
    "explain_kind": "_why_illegal: why an action of a further kind is refused (after the game-over check)",
    "explain_pass_on": "_why_not_pass_on: why a transfer or show is refused",
    "saved_throw_turn": "_check_saved_turn: the throw phase's check of a saved game",
    "explain_throw": "_why_illegal: why the thrown card `action.mask` is refused (T17, J3)",
    "explain_beat": "_why_not_beat: `trump`, the text naming the trump the beat was judged by",
    "position_keys": "from_position: add the further keys a position may give to `known`",
    "position_cards": "from_position: read further cards of `position` into `seen` (before the discard)",
    "position": "from_position: apply the further keys of `position` to the new game `g`",
    "to_dict": "Game.to_dict: more `\"key\": value,` entries",
    "saved_keys": "_SAVED_KEYS: the keys those entries add",
    "read_saved": "_read_saved: check and convert the added keys of `d` into `s`",
    "from_dict": "Game.from_dict: restore the added state into `g` from `s`",
    "observation": "Game.observation: more `\"key\": value,` entries",
    "observation_discard": "Game.observation: the `\"discard\": ...,` entry (view.discard, HR25)",
    "observation_history": "Game.observation: the `\"history\": ...,` entry (view.discard, HR25)",
    # card identities beyond the printed cards (capability `wild`, W2)
    "card_identities": "module level, after FULL_DECK: further card ints (NCARDS and up) and their tables",
    "card_text": "card_index: read the upper-cased text `t` (symbols of its last character read)",
    "expression_tables": "module level, after BEATEN_BY: the tables run-time expressions over cards "
                         "and collections read (card_sets)",
    "attack_played": "apply(), attack: the opening cards `action.mask` leave the hand for the table",
    "beat_bit": "apply(), beat: `bit`, the hand bit of the defence card `d`",
    "read_card": "_read_cards: the card int `c` of `text` read at `place`, before the duplicate check",
    "explain_held": "_why_illegal: `missing`, the action's cards not in the hand of `seat`",
    "throw_played": "_throw: the card `c` of `mask` leaves the hand for the table",
    # card copies (capability `copies`, HR17)
    "checked": "_checked, first: return the legal action that `action` (an Action or its text) names",
    "lowest_trump": "_lowest_trump_holder: `low`, the rank of the lowest trump `mine` of `seat` holds",
    # points of the losses capability
    "count_loss": "losses: in game_end, count the lost game of `self.loser` (L1; PR6: the team's seats)",
    # points of the transfer capability
    "pass_on_target": "transfer: _pass_on, who defends after a transfer: set self._defender",
    "pass_on_actions": "transfer: in _pass_on_actions, after the transfers of `mine` were listed",
    "transfer_added": "transfer: _transfer, after the cards `mask` (card ints `cards`) went on the table",
    "explain_show": "transfer: in _why_not_pass_on, why a `show` action is refused",
    # decks, deals and trumps (issue 20, HR12-HR19)
    "visible_trump": "Game.observation: `visible`, the trump card every seat sees, or -1",
    "saved_opening_turn": "_check_saved_turn: the attack phase's check of a saved game",
}


@dataclass
class Capability:
    """The IR section of one capability: `name` picks its template module
    (`capabilities/<name>.py.j2`); `values` is what that module reads as `cap.<field>`."""

    name: str
    values: dict

    def __getattr__(self, field):
        try:
            return self.__dict__["values"][field]
        except KeyError:
            raise AttributeError(field) from None


_PLUMBING = frozenset(("slots", "start", "copy", "to_dict", "saved_keys", "saved_cards",
                       "read_saved", "from_dict", "position_keys", "position", "series"))
"""The hook points `templates/state_plumbing.py.j2` fills from a capability's declared state."""


class _Fixed:
    """A hook macro of fixed text (a declared member's property): it replaces the default."""

    arguments = ()

    def __init__(self, text: str):
        self.text = text

    def __call__(self) -> str:
        return self.text


class UnknownHook(Exception):
    """A template names a hook point that HOOK_POINTS does not list: a durakc bug."""


class Hooks:
    """The `hook(name)` of the templates for one variant: the default text of a
    `{% call hook(name) %}` block, rewritten by the variant's active capabilities.

    The Python target's weaver; the C target's (`durakc.targets.c.hooks.CHooks`) overrides
    only what differs: its points, its templates' names and their context."""

    POINTS = HOOK_POINTS
    LABEL = ""
    """Says which target's points, in errors ("C " for the C target)."""
    PLUMBING = "state_plumbing.py.j2"
    """The template that writes a capability's declared state plumbing."""
    PLUMBING_POINTS: frozenset[str] | None = _PLUMBING
    """The points PLUMBING may fill (None: any of POINTS)."""

    def __init__(self, env: jinja2.Environment, ir, capabilities: list[Capability]):
        from durakc.capabilities.state import fields_of

        self._macros: dict[str, list] = {}
        self.state_kinds: set[str] = set()
        """The kinds of declared state the variant's capabilities save (the saved-game
        readers the engine needs)."""
        self.state_fields: list[tuple[str, str]] = []
        """(name, kind) of every saved declared state field, in capability order (the
        engine's STATE_FIELDS, the C header's <P>STATE_FIELDS: the native backend reads them)."""
        self.state_members: list[str] = []
        """The declared fields with a public property (`Field.member`; STATE_MEMBERS)."""
        self.state_carried: list[str] = []
        """The declared fields a series carries on (`Field.carried`; STATE_CARRIED)."""
        for cap in capabilities:
            fields = fields_of(cap)
            self.state_members += [f.name for f in fields if f.member]
            self.state_carried += [f.name for f in fields if f.carried]
            saved = [f for f in fields if f.saved]
            self.state_fields += [(f.name, self.kind_name(f.kind)) for f in saved]
            self.state_kinds |= {f.kind for f in saved}
            context = self.context(ir, cap)
            if fields:   # the state plumbing, generated from the declaration, comes first
                plumbing = env.get_template(self.PLUMBING).make_module({**context, "fields": fields})
                self._add(plumbing, self.PLUMBING, self.PLUMBING_POINTS)
                self._add_members(plumbing, fields)
            module = self.module_template(cap.name)
            if module is not None:
                self._add(env.get_template(module).make_module({**context, "hook": self}), module)

    def context(self, ir, cap: Capability) -> dict:
        """What a capability's template module reads."""
        return {"v": ir, "cap": cap}

    def module_template(self, name: str) -> str | None:
        """The template module of capability `name` (None: it has none for this target)."""
        return f"capabilities/{name}.py.j2"

    @staticmethod
    def kind_name(kind: str) -> str:
        """A state kind as this target's templates name it."""
        return kind

    def _add_members(self, plumbing, fields) -> None:
        """The public properties of the declared fields that name one (`Field.member`): each
        fills the hook point of its name (a contract member such as `losses`)."""
        for f in fields:
            if not f.member or not hasattr(plumbing, "member_property"):
                continue  # the C target has no such members
            if f.name not in self.POINTS:
                raise UnknownHook(f"the declared member {f.name!r} is not a {self.LABEL}hook point")
            self._macros.setdefault(f.name, []).append(_Fixed(str(plumbing.member_property(f))))

    def _add(self, module, file: str, only=None) -> None:
        """Register the hook macros of a rendered template module."""
        for name in dir(module):
            macro = getattr(module, name)
            if not isinstance(macro, jinja2.runtime.Macro) or name.startswith("_"):
                continue
            if only is not None and name not in only:
                continue
            if name not in self.POINTS:
                raise UnknownHook(f"{file} defines {name!r}, not a {self.LABEL}hook point")
            self._macros.setdefault(name, []).append(macro)

    def fills(self, name: str) -> bool:
        """Whether an active capability of the variant fills hook point `name` (a template
        may keep a specialised path only where a point it skips is left at its default)."""
        if name not in self.POINTS:
            raise UnknownHook(f"the {self.LABEL}templates ask about the unknown hook point {name!r}")
        return bool(self._macros.get(name))

    def __call__(self, name: str, caller=None) -> str:
        if name not in self.POINTS:
            raise UnknownHook(f"the {self.LABEL}templates call the unknown hook point {name!r}")
        macros = self._macros.get(name, ())
        text = ""
        if caller is not None and (not macros or "default" in macros[0].arguments):
            text = caller()  # the default is rendered only when it is used
        for macro in macros:
            text = macro(default=text) if "default" in macro.arguments else macro()
        return text

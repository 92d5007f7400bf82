"""The native engine object: the engine contract over a compiled C engine.

`load_native(name)` builds (or reuses) the extension of a bundled variant and returns a
module-like object offering what `generated.<name>` offers.  The hot path (legal_actions,
apply, to_move, whole games) runs in C; slow paths (parsing an action given as text,
explaining an illegal one, observation, validating positions and saved states) go
through the variant's Python engine, which stays the reference.
"""

from __future__ import annotations

import importlib
import types
from pathlib import Path

from durakc.ir.build import module_name
from durakc.loading.constants import carry_over
from durakc.native.build import NativeUnavailable, build_extension, import_extension
from durakc.native.out_of_turn import add_out_of_turn
from durakc.native.results import add_results
from durakc.native.structural import structural
from durakc.paths import engines_dir

GENERATED = engines_dir()
_CACHE: dict[str, types.ModuleType] = {}
PHASES = ("attack", "defend", "throw", "over")


def load_native(name: str) -> types.ModuleType:
    """The native engine of bundled variant `name`; NativeUnavailable if it can not be built."""
    if name in _CACHE:
        return _CACHE[name]
    mod = module_name(name)
    try:
        py = importlib.import_module(f"durakc.engines.{mod}")
    except ModuleNotFoundError:
        raise NativeUnavailable(f"native backend: no bundled engine {name!r}") from None
    c_source, header = c_sources(name)
    ext = import_extension(mod, build_extension(mod, c_source, header))
    ext.setup(_action_factory(py))
    engine = _make_module(py, ext)
    engine.Game._source = ("bundled", name)
    _CACHE[name] = engine
    return engine


def load_native_spec(path: str) -> types.ModuleType:
    """The native engine of a spec file (its Python engine is rendered alongside).

    Raises NativeUnavailable without a compiler, `durakc.diagnostics.SpecError` for a bad
    spec and `durakc.targets.c.CTargetError` for one the C target can not build.
    """
    import importlib.util
    import sys

    from durakc.diagnostics import SpecError
    from durakc.loading.files import write_text
    from durakc.native.build import cache_dir
    from durakc.spec import load_specs
    from durakc.targets.c import render_c
    from durakc.targets.python.codegen import render_engine

    specs, errors = load_specs([path])
    if errors:
        raise SpecError(errors)
    spec = specs[0]
    mod = module_name(spec.name)
    key = f"spec:{spec.sha256}:{spec.name}"
    if key in _CACHE:
        return _CACHE[key]
    py_file = cache_dir() / f"py-{mod}-{spec.sha256[:16]}" / f"{mod}.py"
    # a parallel process may be importing it: written whole
    write_text(py_file, render_engine(spec), make_folder=True)
    py_name = f"_durakc_spec_engine_{mod}_{spec.sha256[:12]}"
    loader_spec = importlib.util.spec_from_file_location(py_name, py_file)
    py = importlib.util.module_from_spec(loader_spec)
    sys.modules[py_name] = py
    loader_spec.loader.exec_module(py)
    files = render_c(spec)
    ext = import_extension(mod, build_extension(mod, files[f"{mod}.c"], files[f"{mod}.h"]))
    ext.setup(_action_factory(py))
    engine = _make_module(py, ext)
    engine.Game._source = ("spec", str(Path(path).resolve()))
    _CACHE[key] = engine
    return engine


def restore_game(source: tuple[str, str], state: dict, cls=None):
    """A native game from a pickle: the engine `source` names (("bundled", name) or ("spec",
    path)) at the saved `state`, as an instance of `cls` (a subclass of its Game) if given."""
    kind, ref = source
    engine = load_native(ref) if kind == "bundled" else load_native_spec(ref)
    return (cls or engine.Game).from_dict(state)


def c_sources(name: str) -> tuple[str, str]:
    """The C engine of a bundled variant: generated/<module>.c and .h, rendered if absent."""
    mod = module_name(name)
    c_path, h_path = GENERATED / f"{mod}.c", GENERATED / f"{mod}.h"
    if c_path.exists() and h_path.exists():
        return c_path.read_text(encoding="utf-8"), h_path.read_text(encoding="utf-8")
    from durakc.spec import load_spec
    from durakc.targets.c import render_c
    files = render_c(load_spec(name))
    return files[f"{mod}.c"], files[f"{mod}.h"]


def _action_factory(py):
    """make(kind, a, d, mask) -> the Python engine's interned Action for that move."""
    def make(kind, a, d, mask):
        if kind == py.BEAT:
            text = f"beat {py.CARD_TEXT[a]} {py.CARD_TEXT[d]}"
        elif py.VERBS[kind] == "swap":  # swap.per_game: the card drawn first listed first (PK3)
            text = f"swap {py.CARD_TEXT[a]} {py.CARD_TEXT[d]}"
        else:
            text = " ".join([py.VERBS[kind], *py.mask_texts(mask)])
        return py.parse_action(text)
    return make


def seed_argument(seed, py):
    """What the C deal takes for `seed`: abs(int) below 2**64, else random.Random(seed)'s state
    (the Python engine `py`'s InvalidGame for a seed random.Random does not take)."""
    if type(seed) is int and abs(seed) < 1 << 64:
        return abs(seed)
    return py._seeded(seed).getstate()[1]


def _make_module(py, ext) -> types.ModuleType:
    engine = types.ModuleType(f"durakc_native_{module_name(py.VARIANT['name'])}",
                              f"{py.__doc__}\n\nNative backend: the C engine (durakc).")
    for attr in ("VARIANT", "IllegalAction", "InvalidGame", "Action", "parse_action",
                 "card_index", "mask_texts", "PLAYERS_MIN", "PLAYERS_MAX", "HAND_SIZE",
                 "CARD_TEXT", "SUITS", "RANKS"):
        setattr(engine, attr, getattr(py, attr))
    carry_over(py, engine)  # CAPABILITIES and the constants the runtime half reads
    game_class = _game_class(py, ext)
    engine.Game = game_class
    engine.BACKEND = "native"
    engine.PYTHON_ENGINE = py
    engine.EXTENSION = ext
    engine.__file__ = ext.__file__

    def new_game(players, seed=None, *, dealer=0):
        """A new game: shuffle as random.Random(seed), deal, fix trump, choose the first attacker."""
        return game_class._dealt(players, seed, dealer, 0)

    if hasattr(py, "OPTIONS"):  # capability `options`: the table settings (issue 32 item 4)
        def new_game(players, seed=None, *, dealer=0, options=None):
            """A new game, as the Python engine's: `options` (name -> value) sets the table's
            settings (OPTIONS; the defaults otherwise)."""
            return game_class._dealt(players, seed, dealer, 0, py._options(options))

        engine.OPTIONS, engine.DEFAULT_OPTIONS = py.OPTIONS, py.DEFAULT_OPTIONS

    def from_position(position):
        """A game at the start of a round, from a position dict (validated by the Python engine)."""
        return game_class._from_python(py.from_position(position))

    engine.new_game = new_game
    engine.from_position = from_position
    engine.play_games = ext.play_games
    engine.bench_random = ext.bench_random
    return engine


def _game_class(py, ext):
    """The Game class of one native engine (a subclass of the extension's Core)."""
    annotation_names = getattr(py, "ANNOTATIONS", ())  # outcome.annotations, sorted
    extra = structural(py)
    if "game" in getattr(py, "_SAVED_KEYS", ()):  # capability `results` (HR21-HR23)
        add_results(extra, py, seed_argument)
    add_out_of_turn(extra, py)  # HR34's catches: actors(), out_of_turn_actions(seat)
    card_text, card_index = py.CARD_TEXT, py.card_index
    illegal = py.IllegalAction

    class Game(ext.Core):
        __doc__ = f"One game of {py.VARIANT['name']!r} in the C engine; see the engine contract."

        # -- construction ------------------------------------------------------------
        def __new__(cls, *args, **kwargs):
            """Game() deals no game, so it is refused, as by the Python engine's Game."""
            raise TypeError(f"{cls.__name__}(): {py.NEVER_DEALT}")

        @classmethod
        def _empty(cls):
            """A new object holding no game yet (Core.__new__: Game.__new__ refuses)."""
            return ext.Core.__new__(cls)

        @classmethod
        def _dealt(cls, players, seed, dealer, series, options=None):
            if not isinstance(players, int) or isinstance(players, bool) \
                    or not py.PLAYERS_MIN <= players <= py.PLAYERS_MAX:
                py.new_game(players, 0)  # raises the Python engine's InvalidGame
            py._seat(dealer, players, "dealer")  # the Python engine's checks and messages
            seed = seed_argument(seed, py)
            g = cls._empty()
            if options is not None:  # the table settings (capability `options`)
                g._set_options(tuple(options))
            try:
                g._deal(players, seed, dealer, series)
            except ValueError:  # the Python engine's own message
                chosen = {} if options is None else {"options": dict(zip(py.OPTIONS, options))}
                py.new_game(players, 0, dealer=dealer, **chosen)
                raise
            return g

        @classmethod
        def _from_python(cls, game):
            g = cls._empty()
            try:
                g._load(_view_of(game.to_dict()))
            except ValueError as exc:  # the Python engine accepted it: a C limit, as InvalidGame
                raise py.InvalidGame(f"the C engine can not hold this state: {exc}") from None
            g._set_history(game.history)
            return g

        @classmethod
        def from_dict(cls, d):
            """The game a to_dict() result describes (validated by the Python engine)."""
            return cls._from_python(py.Game.from_dict(d))

        def next_game(self, seed=None):
            """The following game of a series (series.next_dealer, series.first_attacker)."""
            if not self.is_over:
                raise ValueError("the game is not over yet")
            v = self._view()
            if py.NEXT_DEALER == "loser":  # series.next_dealer (T8)
                dealer = v["dealer"] if v["loser"] < 0 else v["loser"]
            else:
                dealer = (v["dealer"] + 1) % v["players"]
            if hasattr(self, "_deal_after"):  # series_state: the deal reads this game (L2, H2)
                g = type(self)._empty()
                g._deal_after(self, seed_argument(seed, py), dealer)
                return g
            return type(self)._dealt(v["players"], seed, dealer, 1, v.get("options"))

        # -- slow paths ------------------------------------------------------------------
        def _slow_apply(self, action):
            if not isinstance(action, py.Action):
                try:
                    action = py.parse_action(action)
                except ValueError as exc:
                    raise illegal(f"{action}: {exc}") from None
                if any(a is action for a in self.legal_actions()):
                    return self._apply_legal(action)
            self._python().apply(action)  # raises IllegalAction with the reason
            raise illegal(f"{action} is not legal now")  # pragma: no cover - engines agree

        def _python(self):
            """The same state in the Python engine."""
            return py.Game.from_dict(self.to_dict())

        def observation(self, seat):
            """What `seat` may know: its own hand, other hands as counts, the table and piles
            (the Python engine's observation, read from one view of the C state)."""
            v = self._view()
            players = v["players"]
            if not isinstance(seat, int) or not 0 <= seat < players:
                raise py.InvalidGame(f"no seat {seat!r} in a {players}-player game")
            turned, stock, over = v["turned"], v["stock"], v["phase"] == 3
            to_move = None if v["to_move"] < 0 else v["to_move"]
            return {
                "variant": py.VARIANT["name"], "seat": seat, "players": players,
                "hand": _texts(v["hands"][seat]), "hand_sizes": [len(h) for h in v["hands"]],
                "table": [[card_text[a], _card(d)] for a, d in v["table"]],
                "trump": _suit(v["trump"]),
                "trump_card": card_text[turned] if turned >= 0 and turned in stock else None,
                # trump.hidden_second (CT1): the face-down card is in the stock, not listed
                "stock_size": len(stock) + (v.get("hidden", -1) >= 0), "discard": _texts(v["discard"]),
                "phase": PHASES[v["phase"]],
                "attacker": None if over else v["attacker"],
                "defender": None if over else v["defender"],
                "to_move": to_move, "limit": v["limit"], "out": list(v["out"]), "is_over": over,
                "loser": None if v["loser"] < 0 else v["loser"], "is_draw": bool(v["is_draw"]),
                "history": list(self.history),
                # structural rules (contract "Structural variants"), trivial when unused
                "teams": self.teams, "trump_of": [self.trump_of(s) for s in range(players)],
                "losses": self.losses, "swaps_left": self.swaps_left,
                **extra.observation_keys(v, self),
                "legal_actions": [a.text for a in self.legal_actions()] if seat == to_move else [],
            }

        def to_dict(self):
            """A JSON-safe dict of the whole state, as the Python engine writes it."""
            return _state_dict(self._view(), self.history)

        # -- copies and pickles, as of the Python engine's games ---------------------------
        def __copy__(self):
            """copy.copy(game): an independent copy, as game.copy()."""
            return self.copy()

        def __deepcopy__(self, memo):
            """copy.deepcopy(game): an independent copy, as game.copy()."""
            return self.copy()

        def __reduce__(self):
            # A pickle holds the engine's source and the saved state; unpickling loads the
            # native engine (building it if needed) and restores the state with from_dict.
            own = None if type(self) is Game else type(self)
            return (restore_game, (Game._source, self.to_dict(), own))

        def __repr__(self):
            if not self._is_dealt():
                return f"<{py.VARIANT['name']} game (native), never dealt>"
            v = self._view()
            state = "over" if v["phase"] == 3 else f"{PHASES[v['phase']]}, seat {v['to_move']} to move"
            return f"<{py.VARIANT['name']} game (native), {v['players']} players, {state}>"

        # -- the public view (players, trump, hands, table, stock, discard, attacker,
        # defender, out, to_move, is_over, loser, is_draw and history are read in C) ------
        dealer = property(lambda self: self._view()["dealer"])
        trump_card = property(lambda self: _card(self._view()["turned"]))
        original_attacker = property(lambda self: _live(self._view(), "original_attacker"))
        phase = property(lambda self: PHASES[self._view()["phase"]])
        limit = property(lambda self: self._view()["limit"])
        annotations = property(lambda self: _annotations(self._view()))

        # -- structural members (contract "Structural variants"): trivial unless the variant
        # uses the capability (compiler/targets/c/capabilities.py lists those the C target builds).
        teams = property(lambda self: None, doc="The teams (PR1); None: every seat for itself.")
        losing_team = property(lambda self: None, doc="The losing team (PR5); None without teams.")
        losses = property(lambda self: [0] * self.players,
                          doc="Per seat, games lost so far in this series (L1): zeros here.")
        hidden_trump = property(lambda self: None, doc="The face-down trump (CT1); None here.")
        swaps_left = property(lambda self: None, doc="Swaps still allowed (PK4); None here.")
        # matches and results (HR20-HR22): trivial unless the variant has them
        finishing_order = property(lambda self: list(self.out),
                                   doc="HR20: the seats in the order they went out (= out).")
        winner = property(lambda self: None, doc="HR20: the game's winner; None here.")
        points = property(lambda self: None, doc="HR22: this game's points; None here.")
        match_points = property(lambda self: None, doc="HR22: the series' points; None here.")
        match_over = property(lambda self: False, doc="HR21: the match has ended; never here.")
        standings = property(lambda self: None, doc="HR21: the standings; None here.")

        def trump_of(self, seat):
            """The trump suit letter that counts when `seat` defends (SK1): `trump` here."""
            return self.trump

    def _suit(index):
        return py.SUITS[index] if index >= 0 else None

    def _card(c):
        return card_text[c] if c >= 0 else None

    def _texts(cards):
        return [card_text[c] for c in cards]

    def _live(v, key):
        return None if v["phase"] == 3 else v[key]

    def _annotations(v):
        if v["phase"] != 3 or v["loser"] < 0:
            return {}
        return {name: bool(x) for name, x in zip(annotation_names, v["annotations"])}

    def _state_dict(v, history):
        return {
            "variant": py.VARIANT["name"], "players": v["players"], "dealer": v["dealer"],
            "trump": _suit(v["trump"]), "trump_card": _card(v["turned"]),
            "hands": [_texts(h) for h in v["hands"]],
            "table": [[card_text[a], _card(d)] for a, d in v["table"]],
            "stock": _texts(v["stock"]), "discard": _texts(v["discard"]),
            "phase": PHASES[v["phase"]], "attacker": v["attacker"],
            "original_attacker": v["original_attacker"], "defender": v["defender"],
            "to_move": None if v["to_move"] < 0 else v["to_move"], "took": bool(v["took"]),
            "passed": [s for s in range(v["players"]) if v["passed"] >> s & 1],
            "limit": v["limit"], "first_round": bool(v["first_round"]),
            "transfers": v["transfers"], "shown": _texts(v["shown"]), "late": _texts(v["late"]),
            "in_game": [bool(x) for x in v["in_game"]], "out": list(v["out"]),
            "loser": None if v["loser"] < 0 else v["loser"], "is_draw": bool(v["is_draw"]),
            "annotations": _annotations(v), "history": list(history), **extra.state_keys(v),
        }

    def _view_of(d):
        cards = lambda texts: tuple(card_index(t) for t in texts)
        annotations = d.get("annotations") or {}
        return {
            "players": d["players"], "dealer": d["dealer"],
            "trump": py.SUITS.index(d["trump"]) if d["trump"] else -1,
            "turned": card_index(d["trump_card"]) if d["trump_card"] else -1,
            "phase": PHASES.index(d["phase"]),
            "to_move": -1 if d["to_move"] is None else d["to_move"],
            "attacker": d["attacker"], "original_attacker": d["original_attacker"],
            "defender": d["defender"], "hands": tuple(cards(h) for h in d["hands"]),
            "stock": cards(d["stock"]), "discard": cards(d["discard"]),
            "table": tuple((card_index(a), card_index(x) if x else -1) for a, x in d["table"]),
            "took": int(d["took"]), "limit": d["limit"], "first_round": int(d["first_round"]),
            "transfers": d["transfers"], "passed": sum(1 << s for s in d["passed"]),
            "shown": cards(d["shown"]), "late": cards(d.get("late", [])),
            "in_game": tuple(int(x) for x in d["in_game"]), "out": tuple(d["out"]),
            "loser": -1 if d["loser"] is None else d["loser"], "is_draw": int(d["is_draw"]),
            "annotations": tuple(int(bool(annotations.get(n))) for n in annotation_names),
            **extra.view_keys(d),
        }

    for name, member in extra.members.items():  # the variant's structural capabilities
        setattr(Game, name, member)
    for name, wrap in extra.wraps.items():
        setattr(Game, name, wrap(getattr(Game, name)))
    return Game

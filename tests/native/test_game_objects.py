"""Issue 19 (1d, 1e, 1h): a game object behaves alike on both backends.

Bad seeds are an InvalidGame; the public state is read-only; a Game that would hold no game
(Game(), Game.__new__, a subclass skipping the constructors) is refused with TypeError where
it is made, and an object made below that refuses every member with AttributeError instead of
crashing the interpreter; copy.copy, copy.deepcopy and pickle give independent games in the
same state.
"""

from __future__ import annotations

import copy
import importlib
import pickle

import pytest
from native_support import REASON, native, python_engine

BACKENDS = ["python", pytest.param("native", marks=pytest.mark.skipif(
    REASON is not None, reason=str(REASON)))]

PUBLIC_STATE = ["players", "dealer", "trump", "trump_card", "hands", "table", "stock", "discard",
                "phase", "attacker", "original_attacker", "defender", "to_move", "is_over",
                "loser", "is_draw", "out", "history", "limit", "annotations", "teams",
                "losing_team", "losses", "hidden_trump", "swaps_left"]


def _engine(backend, name="transfer"):
    return python_engine(name) if backend == "python" else native(name)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("seed", [[1], {}, (1, [2]), object(), {1, 2}])
def test_a_seed_random_does_not_take_is_an_invalid_game(backend, seed):
    """Issue 19 1d: the docs promise InvalidGame (a ValueError), not a bare TypeError."""
    engine = _engine(backend)
    with pytest.raises(engine.InvalidGame, match="a seed is None, an int"):
        engine.new_game(2, seed=seed)
    over = engine.new_game(2, 3)
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    with pytest.raises(engine.InvalidGame, match="a seed is None, an int"):
        over.next_game(seed)


@pytest.mark.parametrize("seed", [0, 7, 2**70, -5, 1.5, "seven", b"seven", bytearray(b"7")])
def test_every_seed_random_takes_deals_the_same_game_on_both_backends(seed):
    if REASON is not None:
        pytest.skip(str(REASON))
    assert native("transfer").new_game(3, seed).to_dict() == \
        python_engine("transfer").new_game(3, seed).to_dict()


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dealer", [True, False, -1, 2, 1.0, None])
def test_a_dealer_that_is_no_seat_is_an_invalid_game(backend, dealer):
    engine = _engine(backend)
    with pytest.raises(engine.InvalidGame, match="dealer must be a seat"):
        engine.new_game(2, 1, dealer=dealer)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", ["transfer", "pairs", "poker"])
def test_the_public_state_is_read_only(backend, name):
    """Issue 19 1e: `g.to_move = 2` was accepted and the game listed the wrong seat's moves."""
    engine = _engine(backend, name)
    g = engine.new_game(engine.PLAYERS_MIN + (2 if name == "pairs" else 0), 4)
    before = g.to_dict()
    for attribute in PUBLIC_STATE:
        with pytest.raises(AttributeError):
            setattr(g, attribute, 2)
        with pytest.raises(AttributeError):
            delattr(g, attribute)
    assert g.to_dict() == before
    assert g.legal_actions() == engine.Game.from_dict(before).legal_actions()


class _Skips:
    def __init__(self):  # does not call super().__init__()
        pass


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("make", ["Game()", "Game.__new__(Game)", "Skips()",
                                  "Skips.__new__(Skips)", "Game(2, 9)"])
def test_a_game_that_would_hold_no_game_is_refused_where_it_is_made(backend, make):
    """Issue 19 1h: on the native engine a never-dealt game crashed the interpreter. Issue 29
    item 0: the Python engine's Game.__getattr__ that named it cost a quarter of its speed,
    so both backends now refuse to make one, saying how games are made."""
    engine = _engine(backend)
    skips = type("Skips", (_Skips, engine.Game), {})
    with pytest.raises(TypeError, match=r"never dealt: make games with new_game\(\)"):
        eval(make, {"Game": engine.Game, "Skips": skips})


def _raw(backend, engine):
    """An object of the Game class made below its refusing __new__ (object.__new__ for the
    Python engine, the extension's Core.__new__ for the native one)."""
    if backend == "python":
        return object.__new__(engine.Game)
    return engine.Game.__mro__[1].__new__(engine.Game)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("member", ["legal_actions()", "history", "to_move", "is_over", "loser",
                                    "is_draw", "players", "hands", "table", "phase", "to_dict()",
                                    "copy()", "observation(0)", "apply('take')", "dealer",
                                    "next_game()"])
def test_an_object_made_below_the_constructors_refuses_every_member_cleanly(backend, member):
    """Issue 19 1h: such an object raises AttributeError (the native one's names NEVER_DEALT),
    never a crash nor a made-up answer; its repr says it was never dealt."""
    engine = _engine(backend)
    g = _raw(backend, engine)
    with pytest.raises(AttributeError, match="never dealt" if backend == "native" else None):
        eval(f"g.{member}", {"g": g})
    assert "never dealt" in repr(g)


def _attribute_hooks(cls):
    """__getattr__ or __getattribute__ as defined by a class in cls's MRO (the built-in
    classes' own __getattribute__, the generic lookup, is no hook)."""
    return [f"{c.__qualname__}.{name}" for c in cls.__mro__
            for name in ("__getattr__", "__getattribute__") if name in vars(c)
            and not (name == "__getattribute__" and c.__module__ == "builtins")]


def test_no_generated_engine_class_defines_getattr_or_getattribute():
    """Issue 29 item 0: a class with __getattr__ (or its own __getattribute__) keeps CPython
    from specialising attribute loads: every `self._x` of the engine got a quarter slower."""
    from durakc.paths import engines_dir

    engines = sorted(p.stem for p in engines_dir().glob("*.py") if not p.name.startswith("_"))
    assert len(engines) > 50
    for name in engines:
        module = importlib.import_module(f"durakc.engines.{name}")
        classes = [v for v in vars(module).values()
                   if isinstance(v, type) and v.__module__ == module.__name__]
        assert module.Game in classes
        for cls in classes:
            assert _attribute_hooks(cls) == [], f"{name}.py"


@pytest.mark.skipif(REASON is not None, reason=str(REASON))
def test_the_native_game_class_defines_no_getattr_either():
    assert _attribute_hooks(native("transfer").Game) == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_subclass_that_skips_init_can_still_be_loaded(backend):
    engine = _engine(backend)
    state = engine.new_game(2, 9).to_dict()

    class Mine(engine.Game):
        def __init__(self):
            pass
    g = Mine.from_dict(state)
    assert type(g) is Mine and g.to_dict() == state


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", ["transfer", "pairs", "changeable-trump"])
def test_copies_and_pickles_are_independent_games_in_the_same_state(backend, name):
    """Issue 19 1h: copy.copy and pickle of a native game raised TypeError."""
    engine = _engine(backend, name)
    g = engine.new_game(engine.PLAYERS_MIN + (2 if name == "pairs" else 0), 11)
    for _ in range(5):
        g.apply(g.legal_actions()[-1])
    state = g.to_dict()
    for twin in (copy.copy(g), copy.deepcopy(g), g.copy(),
                 *(pickle.loads(pickle.dumps(g, protocol)) for protocol in range(2, 6))):
        assert type(twin) is type(g)
        assert twin.to_dict() == state
        assert [a.text for a in twin.legal_actions()] == [a.text for a in g.legal_actions()]
        twin.apply(twin.legal_actions()[0])
        assert g.to_dict() == state  # nothing shared

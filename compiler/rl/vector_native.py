"""The C side of `VectorEnv`: which games it can step in C, and the `Batch` that does.

`native_batch(...)` checks that the variant, its encoding and the opponents are ones the C
loop (compiler/native/vecenv.c) reproduces exactly, then builds the variant's extension and
hands it what it needs to know of the encoding: the observation blocks' offsets, each C
card's and suit's index in the encoding, each action kind's block and shape.  Anything else
is refused with a ValueError (NativeRefused) that says why (docs/rl.md, "Batched in C").
"""

from __future__ import annotations

import math
from types import ModuleType

from durakc.loading.constants import built
from durakc.rl.encoding import CORE_VERBS, SHAPES, DurakEncoding

BLOCKS = ("hand", "table_attack", "table_defence", "table_unbeaten", "discard", "trump_card",
          "shown", "trump_suit", "seats", "hand_sizes", "out", "attacker", "defender",
          "to_move", "phase", "stock_size", "limit", "took")
"""The observation blocks vecenv.c writes, in the order of its offsets (its enum B_*)."""
SHAPE_CODES = {"opening": 0, "rank_set": 0, "played": 1, "played_pair": 2, "printed": 3,
               "bare": 4}
"""vecenv.c's code of each block shape it encodes (its enum SH_*)."""
NATIVE_OPPONENTS = ("random", "greedy")
"""The opponents the C loop plays (the simulator's bots, as durakc.sim.bots plays them)."""
ILLEGAL_CODES = {"terminate": 0, "penalize": 1, "raise": 2}
"""vecenv.c's code of each illegal_action mode (its enum IL_*)."""
CATCH_VERBS = ("catch", "wait")
"""HR34's out-of-turn blocks, which the C loop steps (compiler/native/vecenv_catch.c)."""
CATCH_HAZARDS = frozenset({"transfer", "lot_trumps", "seat_trumps"})
"""Capabilities with which the bots' view of a foul (durakc.sim.catching.visible_fouls: the
plays of attack, throw and beat, judged by one trump) is not what vecenv_catch.c keeps: the C
loop refuses catches with them."""


def c_constants() -> str:
    """The C enums vecenv.c reads, made from BLOCKS, SHAPE_CODES and ILLEGAL_CODES (one
    source: the block order and the codes are written here only): `B_<BLOCK>` each block's
    place in the offsets passed to `Batch`, `NBLOCKS`, `SH_<SHAPE>`, `IL_<MODE>`."""
    def enum(prefix: str, codes: dict[str, int]) -> str:
        return "enum { " + ", ".join(f"{prefix}{name.upper()} = {code}"
                                     for name, code in codes.items()) + " };\n"
    blocks = {**{name: i for i, name in enumerate(BLOCKS)}, "nblocks": len(BLOCKS)}
    return ("/* From durakc.rl.vector_native (BLOCKS, SHAPE_CODES, ILLEGAL_CODES). */\n"
            + enum("B_", blocks).replace("B_NBLOCKS", "NBLOCKS")
            + enum("SH_", SHAPE_CODES) + enum("IL_", ILLEGAL_CODES))


class NativeRefused(ValueError):
    """The C loop does not step these games (the variant, its encoding, the opponents or the
    mode): a ValueError that says why; `make_vector_env` falls back to PythonVectorEnv on it."""


def unsupported_reason(encoding: DurakEncoding, opponents) -> str | None:
    """Why the C loop can not step this encoding's variant with these opponents, or None."""
    hidden = "hidden_trump" in built(encoding.engine)  # CT1-CT3
    catches = encoding.verbs == CORE_VERBS + CATCH_VERBS  # HR34: vecenv_catch.c
    checks = (
        (encoding.n_held != encoding.n_cards, "jokers (deck.jokers)"),
        (encoding.n_played != encoding.n_cards, "wild cards (deck.wild_rank)"),
        (encoding.copies != 1, "several copies of a card (deck.copies)"),
        (encoding.subsets is not None, "openings of several ranks (attack.opening)"),
        (encoding.exchanges, "the trump six exchange (trump.six_exchange)"),
        (encoding.swaps, "swaps (swap.per_game)"),
        (encoding.closed_discard, "a closed discard pile (view.discard)"),
        (encoding.open_hands, "open hands (view.hands)"),
        (hidden, "a hidden second trump (trump.hidden_second)"),
        (catches and bool(CATCH_HAZARDS & built(encoding.engine)),
         "catches (play.cheating, HR34) with transfers or a trump per seat"),
        (encoding.verbs not in (CORE_VERBS, CORE_VERBS + CATCH_VERBS),
         f"the action verbs {', '.join(encoding.verbs[7:])}"),
        (set(BLOCKS) != set(encoding.layout.slices), "observation blocks it does not write"),
        (bool(getattr(encoding.engine, "OPTIONS", None)), "table settings (options:)"),
    )
    for failed, what in checks:
        if failed:
            return f"the native vector env does not cover {what} yet"
    names = opponents if isinstance(opponents, (list, tuple)) else [opponents]
    for name in names:
        if not isinstance(name, str) or name not in NATIVE_OPPONENTS:
            return (f"the native vector env plays only the opponents "
                    f"{' and '.join(map(repr, NATIVE_OPPONENTS))}, not {name!r}")
    return None


def native_batch(encoding: DurakEncoding, num_envs: int, players: int, seat: int, opponents,
                 max_steps: int | None, illegal_action: str, illegal_reward: float,
                 non_loser_reward: float | None):
    """A `Batch` of `num_envs` games in C; ValueError for what it does not cover,
    durakc.native.NativeUnavailable without a C compiler."""
    reason = unsupported_reason(encoding, opponents)
    if reason:
        raise NativeRefused(f"{encoding.variant}: {reason} (durakc.rl.PythonVectorEnv steps "
                            "any variant and opponents in Python)")
    from durakc.native.vector import load_vector_extension
    ext = load_vector_extension(encoding.variant, c_constants())
    py = encoding.engine
    if ext.NCARDS != encoding.n_cards:
        raise ValueError(f"{encoding.variant}: the C engine has {ext.NCARDS} cards, the "
                         f"encoding {encoding.n_cards}")
    names = opponents if isinstance(opponents, (list, tuple)) else [opponents] * (players - 1)
    others = [s for s in range(players) if s != seat]
    bots = [0] * players
    for s, name in zip(others, names):
        bots[s] = ext.BOT_GREEDY if name == "greedy" else ext.BOT_RANDOM
    verbs = _engine_verbs(py)
    return ext.Batch(
        num_envs, players, seat, bots, max_steps or 0, ILLEGAL_CODES[illegal_action],
        float(illegal_reward), math.nan if non_loser_reward is None else float(non_loser_reward),
        [encoding.card_index(text) for text in py.CARD_TEXT[:encoding.n_cards]],
        [encoding.suits.index(s) for s in py.SUITS],
        [encoding.offsets[v] for v in verbs], [SHAPE_CODES[SHAPES[v]] for v in verbs],
        [encoding.layout.slices[name].start for name in BLOCKS],
        encoding.layout.size, encoding.num_actions, encoding.offsets.get("wait", -1))


def _engine_verbs(py: ModuleType) -> tuple[str, ...]:
    """The engine's action kinds in the order of its C enum (the Python engine's VERBS)."""
    verbs = tuple(getattr(py, "VERBS", CORE_VERBS))
    if set(verbs) - {"catch"} != set(CORE_VERBS):  # HR34's catch: the kind after the core
        raise ValueError(f"{py.VARIANT.get('name', '?')}: verbs {verbs} are not the core ones")
    return verbs

"""Static analysis: rules a checked spec sets that can never take effect.

    house.yaml:6:13: warning: no card can ever beat another: 'beating.beats' is false ...
        beats: "d.rank > 3 and d.rank < 2"
                ^~~~~~~~~~~~~~~~~~~~~~~~~
        hint: every defence would end in a take; ...

`analyse` evaluates every expression key over the finite domain of values its
names can take in a game of the variant, and warns when it is false for every
value (an annotation: false or true for every value).  Also: the beat
relation, from the IR's masks, for every pair of cards and trump suit;
`transfer.when` and `transfer.capacity` together (both must hold for one
transfer); transfer keys a file sets while its variant has transfers off.

The domains are over-approximations of what the engine can reach, so a
warning is never a false alarm: a wider domain can only hide one.  Warnings
never change the generated code; ``--strict`` makes them errors.

Domains, per environment (n = players, from players.min to players.max):

- round (`attack.limit`): the first round has every player active and the
  stock the deal leaves; later rounds have 2..n active players and a stock of
  0 up to that.
- seat (`throw_in.who`): asked for seats other than the defender, so
  ``is_defender`` is false; 2..n active players, any of them attacker or
  original attacker, the defender's neighbours by seat order.
- transfer (`transfer.when`, `transfer.capacity`, if transfers are enabled):
  1..cards attack cards of which 1..all are unbeaten, the rest beaten,
  0..unbeaten of them late; any hand size and transfer count up to the deck
  (each transfer adds a card, and a trump is shown once a round; when it may
  be shown again and again, expressions using `transfers` are not analysed);
  the limits `attack.limit` can give; 1..suits-1 cards played (0 for a show).
- outcome (`outcome.annotations`): the durak holds 1..cards cards; the final
  attack had 1..cards cards, at most one card a suit of the lowest rank; a
  durak who took was the defender.

A domain larger than `MAX_POINTS`, or a name without a domain, is not
analysed: no warning rather than a slow compile.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from durakc.analysis.cards import check_card_conditions
from durakc.analysis.ending import check_ending
from durakc.analysis.results import check_results
from durakc.analysis.round import check_round_order
from durakc.diagnostics import Diagnostic
from durakc.envs import ENVS, floor_limit
from durakc.envs.bounds import SEAT_RANGE
from durakc.expr.domains import (
    MAX_POINTS,
    ROUND_UNKNOWN,
    SEAT_UNKNOWN,
    seat_points_for,
    values_over,
)
from durakc.expr.partial import UNKNOWN
from durakc.ir.beats import beat_masks
from durakc.ir.build import VariantIR, build_ir
from durakc.spec import Spec

_CACHE: dict = {}


def analyse(spec: Spec, ir: VariantIR | None = None) -> list[Diagnostic]:
    """Warnings for the rules of `spec` that can never take effect (file order).

    The rules are read from the IR (`ir`, built here when not given); `spec` gives only
    where each warning points (the values' positions, the keys this file sets)."""
    ir = build_ir(spec) if ir is None else ir
    warnings: list[Diagnostic] = []
    for check in (_check_beats, _check_limit, _check_throw_in, _check_transfer,
                  _check_annotations, _check_inert_keys):
        warnings.extend(check(spec, ir))
    warnings.extend(check_round_order(spec, ir, _warning, _first_stock))  # HR10, HR11
    warnings.extend(check_results(spec, ir, _warning))  # matches and results (HR20-HR23)
    warnings.extend(check_card_conditions(spec, ir, _warning))  # the card played (HR1-HR8)
    warnings.extend(check_ending(spec, ir, _warning))  # a game ending by a condition (HR35, HR36)
    return sorted(warnings, key=lambda d: (d.path, d.line, d.col))


def _cached(kind: str, expr, ir: VariantIR, compute: Callable[[], object]) -> object:
    """`compute()` cached per expression and the rules its domain depends on."""
    counts = _player_counts(ir)
    key = (kind, expr.canonical(), counts.start, counts.stop, len(ir.deck.ranks),
           len(ir.deck.suits), ir.deck.jokers, tuple(_hand_size(ir, n) for n in counts),
           ir.deal.mode, ir.exprs.limit.canonical())
    if key not in _CACHE:
        _CACHE[key] = compute()
    return _CACHE[key]


def _warning(spec: Spec, path: str, message: str, hint: str | None = None,
             entry: str | None = None) -> Diagnostic:
    """A warning at the value that set `path` (or at the spec when it was never set); with
    `entry`, at that entry of the mapping `path` holds (when the file wrote it)."""
    node = spec.nodes.get(path)
    if entry is not None and node is not None:
        node = next((e.value for e in node.entries if e.key == entry), node)
    if node is None:
        return Diagnostic(spec.label, 0, 0, message, severity="warning", hint=hint)
    text = str(node.text)
    one_line = node.kind == "scalar" and node.style not in ("|", ">") and "\n" not in text
    diag = node.diag(message, 0, max(1, len(text)) if one_line else 1)
    return Diagnostic(diag.path, diag.line, diag.col, message, width=diag.width,
                      source_line=diag.source_line, severity="warning", hint=hint)


# ---------------------------------------------------------------------------
# Domains
# ---------------------------------------------------------------------------
def _player_counts(ir: VariantIR) -> range:
    return range(ir.players.min, ir.players.max + 1)


def _deck_size(ir: VariantIR) -> int:
    return ir.deck.printed  # one deck, each text once, jokers included (deck.copies aside)


def _hand_size(ir: VariantIR, players: int) -> int:
    """deal.hand_size at `players` players (HR31: the choices' table when it is an
    expression over `players`)."""
    sizes = ir.choices.hand_sizes
    return ir.deal.hand_size if sizes is None else sizes[players]


def _first_stock(ir: VariantIR, players: int) -> int:
    """Cards in the stock when the first round opens (the deal as deal.py.j2 makes it)."""
    size = _deck_size(ir)
    if ir.deal.mode == "all_but_one":
        return 1
    if ir.deal.mode == "everything":
        return 0  # HR14: no stock
    return max(0, size - _hand_size(ir, players) * players)


def _round_points(ir: VariantIR) -> Iterator[dict]:
    """Every (first_round, players, active_players, stock, discard) a round can open with."""
    # H1: 0 until the first successful defence; only a limit that reads it varies it.
    reads_discard = "discard" in ir.exprs.limit.names
    discards = range(_deck_size(ir) - 1) if reads_discard else (0,)
    acting = dict.fromkeys(ROUND_UNKNOWN, UNKNOWN)  # the attacker's seat and hand (issue 31)
    for n in _player_counts(ir):
        stock = _first_stock(ir, n)
        yield {"first_round": True, "players": n, "active_players": n, "stock": stock,
               "discard": 0, **acting}
        for active in range(2, n + 1):
            for left in range(stock + 1):
                for discard in discards:
                    yield {"first_round": False, "players": n, "active_players": active,
                           "stock": left, "discard": discard, **acting}


def _seat_points(ir: VariantIR) -> Iterator[dict]:
    """Every seat other than the defender, as `throw_in.who` sees it (`seat_points_for`)."""
    return seat_points_for(_player_counts(ir), ir.players.teams_mode != "none")


def _limits(ir: VariantIR) -> list[int] | None:
    """Every limit a round can have (`attack.limit`, below 1 counting as 1)."""
    found = _limit_values(ir)
    return None if found is None else sorted({floor_limit(v) for v in found})


def _limit_values(ir: VariantIR) -> set | None:
    """attack.limit's values over `_round_points`; None when it reads the acting seat."""
    limit = ir.exprs.limit
    if limit.names & ROUND_UNKNOWN:
        return None  # the attacker's hand: unknown at compile time (issue 31)
    return _cached("limit", limit, ir, lambda: values_over(limit, _round_points(ir)))


def _transfer_points(ir: VariantIR, names: frozenset) -> Iterator[dict]:
    """Table states in which a transfer is asked for (only the dimensions in `names`)."""
    cards = _deck_size(ir)
    limits = _limits(ir) or list(range(1, cards + 1))
    seats = _player_counts(ir)[-1] - 1  # a seat name (next_defender, dealer): 0..players-1
    dims = [
        [("first_round", v) for v in (False, True)] if "first_round" in names else [()],
        [("limit", v) for v in limits] if "limit" in names else [()],
        # every other int name it reads (next_hand, stock, transfers, hand_after): its range
        # in the table of environments, within the deck (a seat: within the table's seats)
        *([(name, v) for v in range(low, min(high, seats if (low, high) == SEAT_RANGE
                                              else cards) + 1)]
          for name, (low, high) in ENVS["transfer"].ranges().items()
          if name in names and name not in _TABLE_NAMES | _SERIES | {"limit"}),
        # collections and the series counters have no enumerable domain: evaluated as unknown
        *([(name, UNKNOWN)] for name in sorted(names & (_COLLECTIONS | _SERIES))),
    ]
    for state in _table_states(cards, names):  # lazily: the search usually stops early
        for rest in itertools.product(*dims):
            yield dict(state, **dict(p for p in rest if p))


_COLLECTIONS = frozenset(n.name for n in ENVS["transfer"].names
                         if n.type in ("cards", "function"))
"""transfer names without an enumerable domain (collections, seat relations), left unknown."""
_SERIES = frozenset({"losses", "points"})  # the acting seat's series counters (L1, EP1)

_TABLE_NAMES = frozenset({"attack_cards", "unbeaten", "beaten", "unbeaten_late"})
"""transfer names that count the table: they vary together (`_table_states`)."""


def _table_states(cards: int, names: frozenset) -> Iterator[dict]:
    """attack_cards, unbeaten, beaten (= attack - unbeaten) and unbeaten_late."""
    if not names & _TABLE_NAMES:
        yield {}
        return
    for attack in range(1, cards + 1):
        for unbeaten in range(1, attack + 1):
            late = range(unbeaten + 1) if "unbeaten_late" in names else (0,)
            for k in late:
                yield {"attack_cards": attack, "unbeaten": unbeaten,
                       "beaten": attack - unbeaten, "unbeaten_late": k}


def _outcome_points(ir: VariantIR, names: frozenset) -> Iterator[dict]:
    """Ends of lost games (only the dimensions in `names` vary)."""
    cards, suits = _deck_size(ir), len(ir.deck.suits)
    hands = range(1, cards + 1) if "loser_hand" in names else (1,)
    players = _player_counts(ir) if "players" in names else (ir.players.min,)
    varies = bool(names & {"final_attack_cards", "final_attack_lowest"})
    attacks = range(1, cards + 1) if varies else (1,)
    for hand, n, attack, took, defender in itertools.product(
            hands, players, attacks, (False, True), (False, True)):
        if took and not defender:
            continue  # only the defender takes
        for lowest in range(min(attack, suits) + 1):
            yield {"loser_hand": hand, "final_attack_cards": attack,
                   "final_attack_lowest": lowest, "final_took": took,
                   "loser_was_defender": defender, "players": n}


# ---------------------------------------------------------------------------
# The checks
# ---------------------------------------------------------------------------
def _check_beats(spec: Spec, ir: VariantIR) -> Iterator[Diagnostic]:
    tables = beat_masks(ir.beats.expr, list(ir.deck.ranks), list(ir.deck.suits), ir.trump.mode,
                        list(ir.trump.never), ir.trump.fixed_suit, jokers=ir.deck.jokers)
    if not any(mask for _, masks in tables for mask in masks):
        yield _warning(spec, "beating.beats",
                       "no card can ever beat another: 'beating.beats' is false for every "
                       "pair of cards and every trump suit",
                       "every defence would end in a take; d is the defence card, a the "
                       "attack card it covers")


def _check_limit(spec: Spec, ir: VariantIR) -> Iterator[Diagnostic]:
    if ir.exprs.limit.constant() is not None:
        return  # a constant below 1 is already an error
    found = _limit_values(ir)
    if found and max(found) < 1:
        yield _warning(spec, "attack.limit",
                       f"'attack.limit' is below 1 in every round (at most {max(found)}), "
                       "so it counts as 1 in every round",
                       _limit_hint(ir))


def _limit_hint(ir: VariantIR) -> str:
    stock = _first_stock(ir, ir.players.min)
    return (f"a round opens with {_span(2, ir.players.max)} players in the game "
            f"and {_span(0, stock)} cards in the stock")


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low} to {high}"


def _check_throw_in(spec: Spec, ir: VariantIR) -> Iterator[Diagnostic]:
    who = ir.exprs.throw_in_who
    found = _cached("seat", who, ir, lambda: values_over(
        who, _seat_points(ir), {True}, unknown=who.names & SEAT_UNKNOWN))
    if found is not None and True not in found and UNKNOWN not in found:
        yield _warning(spec, "throw_in.who",
                       "nobody may ever throw in: 'throw_in.who' is false for every seat "
                       "but the defender",
                       "it is only asked for seats other than the defender, so "
                       "'is_defender' is always false there")


def _check_transfer(spec: Spec, ir: VariantIR) -> Iterator[Diagnostic]:
    rules = ir.transfer_rules
    if not rules.enabled:
        return
    endless = rules.show_trump and not rules.show_once
    exprs = ir.exprs
    for path, expr, what in (("transfer.when", exprs.transfer_when, "when a transfer is allowed"),
                             ("transfer.capacity", exprs.transfer_capacity, "after a transfer")):
        if endless and "transfers" in expr.names:
            continue  # a trump shown again and again: no bound on the count of transfers
        found = _cached("transfer", expr, ir, lambda e=expr: values_over(
            e, _transfer_points(ir, e.names), {True}, unknown=e.names & _COLLECTIONS))
        if found is not None and True not in found and UNKNOWN not in found:
            yield _warning(spec, path,
                           f"no transfer is ever possible: '{path}' ({what}) is false "
                           "for every table a defender can face", _NO_TRANSFER_HINT)
            return
    yield from _check_transfer_together(spec, ir, endless)


_NO_TRANSFER_HINT = "write 'transfer.enabled: false' for a variant without transfers"


def _check_transfer_together(spec: Spec, ir: VariantIR, endless: bool) -> Iterator[Diagnostic]:
    """Each condition holds somewhere, but never on the same table (see `_Transfer`)."""
    both = _Transfer(ir.exprs.transfer_when, ir.exprs.transfer_capacity,
                     ir.transfer_rules.show_trump)
    if endless and "transfers" in both.names:
        return
    if both.names & _COLLECTIONS:
        return  # the cards of a transfer, a hand: no enumerable domain, nothing to prove here
    suits = len(ir.deck.suits)
    played = range(0 if both.show else 1, max(2, suits))
    points = (dict(p, k=k) for p in _transfer_points(ir, both.names) for k in played)
    found = _cached("transfer", both, ir, lambda: values_over(both, points, {True}))
    if found is not None and True not in found:
        path = "transfer.capacity" if "transfer.capacity" in spec.nodes else "transfer.when"
        yield _warning(spec, path,
                       "no transfer is ever possible: 'transfer.capacity' is false after "
                       "every transfer that 'transfer.when' allows", _NO_TRANSFER_HINT)


class _Transfer:
    """transfer.when on a table, and transfer.capacity on it after k cards are played.

    As the engine asks them: `when` with the table as it is, `capacity` with
    k more attack cards, all unbeaten (k = 0 for a show).
    """

    def __init__(self, when, capacity, show: bool):
        self.when, self.capacity, self.show = when, capacity, show
        self.names = frozenset(when.names | capacity.names | {"k"})

    def canonical(self) -> str:
        return f"{self.when.canonical()} | {self.capacity.canonical()} | show={self.show}"

    def evaluate(self, values: dict) -> bool:
        if not self.when.evaluate(values):
            return False
        after = dict(values)
        for name in ("attack_cards", "unbeaten"):
            if name in after:
                after[name] += values["k"]
        return bool(self.capacity.evaluate(after))


def _check_annotations(spec: Spec, ir: VariantIR) -> Iterator[Diagnostic]:
    for name, expr in ir.exprs.annotations:  # sorted by name
        found = _cached("outcome", expr, ir, lambda e=expr: values_over(
            e, _outcome_points(ir, e.names), {True, False}))
        if found is None or len(found) != 1:
            continue
        value = "true" if True in found else "false"
        yield _warning(spec, "outcome.annotations",
                       f"annotation '{name}' is {value} at the end of every lost game",
                       "no game can change it, so it records nothing", entry=name)


_NO_TRANSFERS = "transfers are disabled (transfer.enabled: false)"


def _check_inert_keys(spec: Spec, ir: VariantIR) -> Iterator[Diagnostic]:
    """Keys this file sets that the variant's own switches turn off (transfers, seat suits)."""
    transfer = ir.transfer_rules
    mine = {path for path, origin in spec.origin.items() if origin == "this file"}
    reasons: dict[str, str | None]
    if not transfer.enabled:
        reasons = {"transfer.when": _NO_TRANSFERS, "transfer.capacity": _NO_TRANSFERS,
                   "transfer.show_trump": _NO_TRANSFERS if transfer.show_trump else None,
                   "transfer.show_once": _NO_TRANSFERS, "transfer.show_card": _NO_TRANSFERS}
    else:
        unshown = None if transfer.show_trump else "no trump is ever shown (transfer.show_trump is false)"
        reasons = {"transfer.show_once": unshown, "transfer.show_card": unshown}
    reasons.update(_inert_deck_keys(ir))  # seat suits, decks, deals and trumps (SK1, HR12-HR19)
    for path, reason in reasons.items():
        if reason and path in mine:
            yield _warning(spec, path, f"'{path}' has no effect: {reason}")


def _inert_deck_keys(ir: VariantIR) -> Iterator[tuple[str, str]]:
    """SK1: trump.seat_suits without personal trumps; HR12, HR13: trump.card and deal.stock
    values that change nothing.  (path, reason) pairs."""
    if ir.trump.mode != "per_seat":  # SK1: only personal trumps read the owned suits
        yield "trump.seat_suits", (f"no seat owns a suit (trump.mode is {ir.trump.mode}, "
                                   "not per_seat)")
    if ir.trump.card == "aside":
        if ir.trump.mode not in ("turned_bottom", "turned_top"):
            yield "trump.card", f"no card is turned for trump (trump.mode is {ir.trump.mode})"
        elif ir.deal.stock == "aside":
            yield "trump.card", "the turned card is set aside with the rest (deal.stock: aside)"
        elif ir.deal.mode == "everything":
            yield "trump.card", ("the card shown for trump stays in the dealer's hand "
                                 "(deal.mode: everything)")
    if ir.deal.stock == "aside" and ir.deal.mode == "everything":
        yield "deal.stock", "no card is left after the deal (deal.mode: everything)"


__all__ = ["MAX_POINTS", "analyse"]

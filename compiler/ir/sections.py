"""The IR's typed top-level sections, one per rule group (issue 30 item 1).

Templates read them as `v.<group>.<field>` (`v.deck.ranks`, `v.meta.sha256`); each holds
data only (no target source): a target writes it in its own form (`pylit`, `pyrepr`, C's
`c_comment`, ...).  The groups not typed yet are still `VariantIR.values` entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class MetaIR:
    """What an engine says about where it came from: the variant's `name`, the spec's `label`
    (its file, or its bundled name), whether it is `bundled`, the `regenerate` command of each
    target ("python", "c"), the module's `docstring` (spec title and description, escaped),
    the durakc `compiler_version`, the spec's `sha256` and the `variant` dict the Python
    engine records (`VARIANT`)."""

    name: str
    label: str
    bundled: bool
    regenerate: tuple[tuple[str, str], ...]
    docstring: str
    compiler_version: str
    sha256: str
    variant: Any

    @property
    def module(self) -> str:
        """The engine's module name: '-' becomes '_'."""
        return self.name.replace("-", "_")

    @property
    def module_file(self) -> str:
        """The Python engine's file name."""
        return self.module + ".py"

    def command(self, target: str) -> str:
        """The quoted command that writes this engine of `target` ("python" or "c") again."""
        return dict(self.regenerate)[target]


@dataclass(frozen=True)
class DeckIR:
    """The deck (T1, J1, W1, HR17): `ranks` low to high, `suits` in deck order, `copies` of
    each card text, `jokers`, and the card ints of the wild cards (`wild_cards`, low to
    high; W1)."""

    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    copies: int
    jokers: int
    wild_cards: tuple[int, ...]

    @property
    def nsuits(self) -> int:
        """How many suits the deck has."""
        return len(self.suits)

    @property
    def ncards(self) -> int:
        """The card identities of the engines' hands: every copy of every card, and jokers."""
        return len(self.ranks) * len(self.suits) * self.copies + self.jokers

    @property
    def printed(self) -> int:
        """The cards a deck prints, each text once, jokers included (the C target's cards)."""
        return len(self.ranks) * len(self.suits) + self.jokers

    @property
    def rank_width(self) -> int:
        """The card ints of one rank: every suit, every copy."""
        return len(self.suits) * self.copies


@dataclass(frozen=True)
class PlayersIR:
    """Who sits at the table (T1, PR1): `min` to `max` players, the `teams_mode`."""

    min: int
    max: int
    teams_mode: str


@dataclass(frozen=True)
class DealIR:
    """The deal (T5, T6, HR13, HR14): `hand_size` (HAND_SIZE: deal.hand_size, or its largest
    value when it is an expression over `players`, HR31: the choices' values hold its table),
    the deal `mode` and what becomes of the `stock`."""

    hand_size: int
    mode: str
    stock: str


@dataclass(frozen=True)
class TrumpIR:
    """The trump (T4, HR12, SK1, CT1): its `mode`, what becomes of the turned `card`, the suits
    that are `never` trump (those of the deck, in spec order; `never_indices` their suit
    indices), the `fixed_suit` of trump.mode fixed and its index (`fixed_index`, -1 else)."""

    mode: str
    card: str
    never: tuple[str, ...]
    never_indices: tuple[int, ...]
    fixed_suit: str | None
    fixed_index: int

    @property
    def never_text(self) -> str:
        """trump.never as a spec writes it: `[S, H]`."""
        return "[" + ", ".join(self.never) + "]"


@dataclass(frozen=True)
class BeatsIR:
    """beating.beats (T11): its canonical `text` and the compile-time `tables` of every trump
    it allows ([(trump index, [the BEATEN_BY lines])], `durakc.ir.beats.beat_tables`); `expr`:
    the checked tree (the analysis evaluates it)."""

    text: str
    tables: Any
    expr: Any = None


@dataclass(frozen=True)
class SeriesIR:
    """Who opens and deals (T7, T8, H2): the rule of the `first_game`, of the games after it
    (`first`, series.first_attacker) and the `next_dealer`."""

    first_game: str
    first: str
    next_dealer: str


@dataclass(frozen=True)
class RoundIR:
    """A round's attack (T3, T10): attack.limit's value when it has one for every round
    (`limit_constant`, else None) and how hands are cut for the opening tables
    (`opening_blocks`: ranks a block, its mask `bits`, the blocks' `shifts` and `names`)."""

    limit_constant: int | None
    opening_blocks: Any


@dataclass(frozen=True)
class OpenerStep:
    """One step of a list of criteria with seat items (issue 31 item 2): `kind` "most" or
    "fewest" (a seat item: `expr`, a `durakc.ir.bound.BoundExpr` over one seat, keeps the
    candidates with the greatest or least value) or "cards" (a run of card items: the first
    card of the table's rows `block` a candidate holds decides); `text` is the spec's text."""

    kind: str
    text: str
    expr: Any = None
    block: int = 0


@dataclass(frozen=True)
class OpenerSeatsIR:
    """A list of criteria with seat items ({most: ...}, {fewest: ...}; issue 31 item 2),
    decided at run time over the candidate seats: its `steps` in order, and the table of the
    card runs (`rows`: `per_block` rows per run, one per trump, row trump + 1 of the run's
    block; -1 ending a row; empty when no step is a card run)."""

    steps: tuple[OpenerStep, ...]
    rows: tuple[tuple[int, ...], ...]
    per_block: int


@dataclass(frozen=True)
class ChoicesIR:
    """Choices the spec makes as data (HR30, HR31): first_attacker.no_trump_held
    (`no_trump_held`), the card ids from the lowest up when it is lowest_card
    (`lowest_first`, else None), and deal.hand_size as an expression over `players`: its
    text (`hand_size_text`) and the hand size by player count (`hand_sizes`, 0 below
    players.min), both None for a number."""

    no_trump_held: str
    lowest_first: tuple[int, ...] | None
    hand_size_text: str | None
    hand_sizes: tuple[int, ...] | None
    opener_first: tuple[tuple[int, ...], ...] | None = None
    """first_attacker.first_game as a list (issue 31 item 2): OPENER_FIRST's rows, one per
    trump (row trump + 1, row 0: no trump), -1 ending a row; None for the choice words."""
    opener_later: tuple[tuple[int, ...], ...] | None = None
    """series.first_attacker as a list (issue 31 item 2, T8): OPENER_LATER's rows, as
    `opener_first`'s; None for the choice words."""
    first_seats: OpenerSeatsIR | None = None
    """first_attacker.first_game as a list with seat items (then `opener_first` is None)."""
    later_seats: OpenerSeatsIR | None = None
    """series.first_attacker as a list with seat items (then `opener_later` is None)."""


__all__ = ["BeatsIR", "ChoicesIR", "DealIR", "DeckIR", "MetaIR", "OpenerSeatsIR", "OpenerStep",
           "PlayersIR", "RoundIR", "SeriesIR", "TrumpIR"]

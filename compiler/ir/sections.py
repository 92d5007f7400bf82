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


__all__ = ["DeckIR", "MetaIR"]

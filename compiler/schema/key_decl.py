"""The declaration of one rule key (`Key`) and the card names the key table uses: the
lowest module of `durakc.schema`'s key table (`keys.py` and its groups `keys_*.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field

SUITS = ("S", "H", "D", "C")
"""Suit letters in canonical order (spades, hearts, diamonds, clubs)."""

ALL_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Every rank a deck may use, low to high in the usual order."""


@dataclass(frozen=True)
class Key:
    """One rule key of the spec language.

    `type` is one of: ``int``, ``bool``, ``enum`` (one of `choices`),
    ``suit?`` (a suit letter or null), ``suits`` (list of suit letters),
    ``ranks`` (list of rank texts, low to high), ``rank?`` (a rank text or null) or
    ``expr`` (an expression string checked in environment `env`, of result type `result`).
    `reserved` keys leave room for later capabilities: only the default is
    accepted today, and the error says so.
    """

    path: str
    type: str
    default: object
    doc: str
    rules: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    env: str | None = None
    result: str | None = None
    minimum: int | None = None
    maximum: int | None = None
    reserved: bool = False
    choice_docs: dict = field(default_factory=dict, compare=False, hash=False)


"""The IR's typed top-level sections of a checked spec (`durakc.ir.sections`), built once.

`typed_sections` decides the deck, the deal, the trump, the beat tables, the series, the
round's attack and where the engine came from; `build_ir` adds the capabilities.
"""

from __future__ import annotations

import shlex

from durakc import __version__
from durakc.ir.beats import beat_tables
from durakc.ir.choices import choices_section
from durakc.ir.opener import first_rule, later_rule
from durakc.ir.pyliteral import doc_text
from durakc.ir.sections import (
    BeatsIR,
    DealIR,
    DeckIR,
    MetaIR,
    PlayersIR,
    RoundIR,
    SeriesIR,
    TrumpIR,
)
from durakc.spec import Spec
from durakc.spec.hands import largest_hand

TYPED_SECTIONS = ("meta", "deck", "players", "deal", "trump", "beats", "series", "round",
                  "choices")
"""The names of the typed sections, as `VariantIR` holds them."""


def typed_sections(spec: Spec) -> dict:
    """The typed sections of the checked spec `spec`, by name (`TYPED_SECTIONS`)."""
    r = spec.values
    ranks, suits = tuple(r["deck.ranks"]), tuple(r["deck.suits"])
    mode = r["trump.mode"]
    never = tuple(s for s in r["trump.never"] if s in suits)
    wild = wild_cards(r)
    return {
        "meta": _meta(spec),
        "deck": DeckIR(ranks, suits, r["deck.copies"], r["deck.jokers"], wild),
        "players": PlayersIR(r["players.min"], r["players.max"], r["teams.mode"]),  # T1, PR1
        # T5, HR13; HR31: an expression over `players` deals at most its largest value
        "deal": DealIR(r["deal.hand_size"] if isinstance(r["deal.hand_size"], int)
                       else largest_hand(r), r["deal.mode"], r["deal.stock"]),
        "trump": TrumpIR(mode, r["trump.card"], never, tuple(suits.index(x) for x in never),
                         r["trump.suit"], suits.index(r["trump.suit"]) if mode == "fixed" else -1),
        "beats": BeatsIR(r["beating.beats"].canonical(),
                         beat_tables(r["beating.beats"], list(ranks), list(suits), mode,
                                     list(never), r["trump.suit"], wild, r["deck.jokers"],
                                     r["deck.copies"]), r["beating.beats"]),
        # T7, T8, H2: the header's NEXT_DEALER (native reads it)
        "series": SeriesIR(first_rule(r), later_rule(r),
                           r["series.next_dealer"]),
        "choices": choices_section(r),  # HR30, HR31
        "round": RoundIR(r["attack.limit"].constant(),
                         _opening_blocks(len(ranks), len(suits) * r["deck.copies"])),
    }


def _meta(spec: Spec) -> MetaIR:
    """Where the engine of `spec` came from (its header, docstring and VARIANT)."""
    return MetaIR(spec.name, spec.label, spec.bundled,
                  (("python", regenerate_command(spec)), ("c", regenerate_command(spec, "c"))),
                  doc_text(spec.title, spec.description), __version__, spec.sha256,
                  spec.variant_dict())


def regenerate_command(spec: Spec, target: str = "python") -> str:
    """The command, quoted for a header comment, that writes this engine of `target` ("python"
    or "c") again: `durakc build` for a bundled variant, else `durakc compile [--target c]
    <spec file>` (repr'd if the path is not printable, so that it can not end the comment)."""
    option = "--target c " if target == "c" else ""
    command = ("durakc build" if spec.bundled
               else f"durakc compile {option}{shlex.quote(spec.label)}")
    return f"`{command}`" if command.isprintable() else repr(command)


# -- wild cards (W1-W3) ------------------------------------------------------
def wild_cards(r: dict) -> tuple[int, ...]:
    """The card ints of the wild cards (deck.wild_rank, deck.wild_suits), low to high."""
    rank = r["deck.wild_rank"]
    if rank is None:
        return ()
    ranks, suits = list(r["deck.ranks"]), list(r["deck.suits"])
    return tuple(ranks.index(rank) * len(suits) + i for i, s in enumerate(suits)
                 if s in r["deck.wild_suits"])


def _opening_blocks(nranks: int, nsuits: int) -> dict:
    """How hands are cut for the opening tables: whole ranks, at most 8 cards a block.

    `shifts` are the blocks' first bits; `bits` the mask of one block; the last block
    holds what is left of the deck, so it needs no mask.
    """
    per_block = max(1, 8 // nsuits)
    width = per_block * nsuits
    ncards = nranks * nsuits
    shifts = tuple(range(0, ncards, width))
    names = ", ".join(f"t{i}" for i in range(len(shifts)))
    return {"ranks": per_block, "bits": (1 << width) - 1, "shifts": shifts,
            "names": names if len(shifts) > 1 else f"({names},)"}


__all__ = ["TYPED_SECTIONS", "regenerate_command", "typed_sections", "wild_cards"]

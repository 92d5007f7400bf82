"""TypeScript types of compiled variants for the npm package (docs/npm.md).

Read from each variant's engine module (the compiled spec): the deck's card texts, the suit
letters, every verb with the card counts its text takes (probed through the engine's own
`parse_action`), the player counts it deals and whether its discard pile is closed.  Written
as `variants.d.ts` (one `<Name>Types` interface per variant and the `Variants` map that
`loadVariant(name)` is typed by) and `variants.mjs` (variant name -> wasm module name)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from types import ModuleType

MANY = 3
"""The most cards a verb is probed with: one that takes MANY takes any number from 2 up
(attack, transfer)."""


@dataclass(frozen=True)
class VariantTypes:
    """What the TypeScript types of one variant are made of."""

    name: str
    module: str
    cards: tuple[str, ...]
    suits: tuple[str, ...]
    verbs: tuple[tuple[str, tuple[int, ...]], ...]  # (verb, card counts it takes)
    players: tuple[int, ...]
    closed_discard: bool
    options: tuple[tuple[str, str, str], ...] = ()  # (name, TypeScript type, text)

    @property
    def type_name(self) -> str:
        """The module name in PascalCase (`closed_discard` -> ClosedDiscard)."""
        return "".join(part[:1].upper() + part[1:] for part in self.module.split("_"))


def _card_counts(engine: ModuleType, verb: str) -> tuple[int, ...]:
    cards = engine.CARD_TEXT
    counts = []
    for count in range(MANY + 1):
        try:
            engine.parse_action(" ".join([verb, *cards[:count]]))
        except ValueError:
            continue
        counts.append(count)
    return tuple(counts)


def _dealt_counts(engine: ModuleType) -> tuple[int, ...]:
    counts = []
    for players in range(engine.PLAYERS_MIN, engine.PLAYERS_MAX + 1):
        try:
            engine.new_game(players, 0)
        except ValueError:
            continue
        counts.append(players)
    return tuple(counts)


def variant_types(engine: ModuleType, module: str) -> VariantTypes:
    """The types of the variant whose engine module is `engine` (wasm module `module`)."""
    players = _dealt_counts(engine)
    closed = engine.new_game(players[0], 0).observation(0)["discard"] is None
    return VariantTypes(
        name=engine.VARIANT["name"], module=module, cards=tuple(engine.CARD_TEXT),
        suits=tuple(engine.SUITS), players=players, closed_discard=closed,
        verbs=tuple((verb, _card_counts(engine, verb)) for verb in engine.VERBS),
        options=tuple((name, _option_type(d), d.get("text", ""))
                      for name, d in getattr(engine, "OPTIONS", {}).items()))


def _option_type(declaration: dict) -> str:
    """An option's TypeScript type: boolean, a union of its choices, or number (a range)."""
    if declaration["type"] == "bool":
        return "boolean"
    if "range" in declaration:
        return "number"
    return _union(map(str, declaration["values"]))


def _options_block(v: VariantTypes) -> list[str]:
    """`<Name>Options`: the table settings' types, each with its text (none: no block)."""
    if not v.options:
        return []
    fields = [f"  /** {text.replace('*/', '* /')} */\n  {name}: {ts};" if text else f"  {name}: {ts};"
              for name, ts, text in v.options]
    return [f"/** The table settings of {v.name} (options:): name -> the values it takes. */",
            f"export interface {v.type_name}Options {{", *fields, "}"]


def _literal(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _union(texts) -> str:
    return " | ".join(texts) or "never"


def _action_forms(verb: str, counts: tuple[int, ...], card: str) -> list[str]:
    """The template literal types of a verb's texts: exact for no card, one card, and two
    cards when the verb takes exactly two (beat, swap); a verb that takes two or more (attack,
    transfer) is typed by its first card then any text (every card pair of every such verb
    would make unions that slow tsc down).  An out-of-turn verb names its seat first (HR34's
    `catch SEAT CARD`)."""
    if verb == "catch":  # HR34: out of turn, the acting seat in the text
        return [f"`catch ${{number}} ${{{card}}}`"]
    forms = []
    for count in counts:
        if count == 0:
            forms.append(_literal(verb))
        elif count == 1:
            forms.append(f"`{verb} ${{{card}}}`")
        elif count == 2 and MANY not in counts:
            forms.append(f"`{verb} ${{{card}}} ${{{card}}}`")
        elif count == 2:  # two cards or more
            forms.append(f"`{verb} ${{{card}}} ${{string}}`")
    return forms


def _variant_block(v: VariantTypes) -> str:
    card, action = f"{v.type_name}Card", f"{v.type_name}Action"
    forms = [form for verb, counts in v.verbs for form in _action_forms(verb, counts, card)]
    options = f"{v.type_name}Options" if v.options else "Record<string, never>"
    return "\n".join([
        *_options_block(v),
        f"/** The cards of {v.name}, as the engine writes them. */",
        f"export type {card} = {_union(map(_literal, v.cards))};",
        f"/** The action texts of {v.name} (canonical: the verb, then cards in upper case with suit letters). */",
        f"export type {action} =\n  | " + "\n  | ".join(forms) + ";",
        f"/** The types of {v.name}: `loadVariant({_literal(v.name)})` is an Engine of them. */",
        f"export interface {v.type_name}Types {{",
        f"  name: {_literal(v.name)};",
        f"  card: {card};",
        f"  action: {action};",
        f"  suit: {_union(map(_literal, v.suits))};",
        f"  players: {_union(map(str, v.players))};",
        f"  closedDiscard: {'true' if v.closed_discard else 'false'};",
        f"  options: {options};",
        "}",
    ])


def variants_dts(variants: list[VariantTypes]) -> str:
    """The text of variants.d.ts: every variant's types and the `Variants` map."""
    head = ("// Generated by `durakc build --target npm` from the compiled specs: do not edit.\n"
            "// Card and action texts, suits, player counts of each variant (docs/npm.md).\n")
    blocks = [_variant_block(v) for v in variants]
    table = "\n".join(f"  {_literal(v.name)}: {v.type_name}Types;" for v in variants)
    return (head + "\n" + "\n\n".join(blocks)
            + "\n\n/** Every variant of this package by name. */\n"
            + f"export interface Variants {{\n{table}\n}}\n")


def variants_mjs(variants: list[VariantTypes]) -> str:
    """The text of variants.mjs: `VARIANTS`, variant name -> its module in wasm/."""
    table = ",\n".join(f"  {_literal(v.name)}: {_literal(v.module)}" for v in variants)
    return ("// Generated by `durakc build --target npm`: variant name -> wasm/<module>.wasm.\n"
            f"export const VARIANTS = Object.freeze({{\n{table},\n}});\n")

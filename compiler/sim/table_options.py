"""`--option name=value` of `durakc simulate` and `compare`: the table settings (a spec's
`options:`, issue 32 item 4) each variant's games start with.

A value is `true`, `false` or a whole number.  Each option goes to the variants that declare
it (an engine's `OPTIONS`); one that no variant declares is refused before any game, naming
it, and so is a value a variant's option does not take: the engine's own check says so, in a
probe game (`probe_options`), as it would for any game.
"""

from __future__ import annotations


def parse_option(text: str) -> tuple[str, bool | int]:
    """(name, value) of one `name=value`; ValueError when it is not one."""
    name, sep, raw = text.partition("=")
    name, raw = name.strip(), raw.strip()
    if not sep or not name or not raw:
        raise ValueError(f"--option {text!r}: expected name=value (e.g. --option transfer=false)")
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return name, lowered == "true"
    try:
        return name, int(raw, 10)
    except ValueError:
        raise ValueError(f"--option {text!r}: a value is true, false or a whole number, "
                         f"not {raw!r}") from None


def parse_options(texts: list[str] | None) -> dict[str, bool | int]:
    """{name: value} of every `--option` given; ValueError for a malformed or repeated one."""
    chosen: dict[str, bool | int] = {}
    for text in texts or ():
        name, value = parse_option(text)
        if name in chosen:
            raise ValueError(f"--option {name} is given twice")
        chosen[name] = value
    return chosen


def options_per_variant(refs: list[str], engines: list, chosen: dict) -> dict[str, dict]:
    """{ref: the chosen options its engine declares} (refs with none left out); ValueError
    naming an option no variant declares.  The values are the engine's to check
    (`probe_options`)."""
    per_ref: dict[str, dict] = {}
    unused = set(chosen)
    for ref, engine in zip(refs, engines):
        declared = getattr(engine, "OPTIONS", None) or {}
        mine = {}
        for name, value in chosen.items():
            if name not in declared:
                continue
            unused.discard(name)
            mine[name] = value
        if mine:
            per_ref[ref] = mine
    if unused:
        known = sorted({n for e in engines for n in (getattr(e, "OPTIONS", None) or {})})
        names = ", ".join(known) if known else "none (no variant here declares options:)"
        raise ValueError(f"--option {', '.join(sorted(unused))}: no variant here has such an "
                         f"option (options: {names})")
    return per_ref


def probe_options(refs: list[str], engines: list, per_ref: dict[str, dict],
                  players: list[int]) -> None:
    """Deal one game of every variant with its chosen options at every player count: the
    engine's own checks refuse a value its option does not take or a deck too small for the
    players (ValueError, prefixed with the variant), before any game is played."""
    for ref, engine in zip(refs, engines):
        if ref not in per_ref:
            continue
        for count in players:
            try:
                engine.new_game(count, 0, options=per_ref[ref])
            except ValueError as exc:
                raise ValueError(f"--option: {ref}: {exc}") from None

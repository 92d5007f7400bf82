"""`--option name=value` of `durakc simulate` and `compare`: the table settings (a spec's
`options:`, issue 32 item 4) each variant's games start with.

A value is `true`, `false` or a whole number.  Each option goes to the variants that declare
it (an engine's `OPTIONS`); one that no variant declares, or a value a variant's option does
not take, is refused before any game, naming it.
"""

from __future__ import annotations

from collections.abc import Mapping


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


def takes(declared: Mapping, value: object) -> bool:
    """Whether an option of an engine's OPTIONS (`declared`: type, values or range) takes
    `value`."""
    if declared["type"] == "bool":
        return isinstance(value, bool)
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    if "range" in declared:
        low, high = declared["range"]
        return low <= value <= high
    return value in declared["values"]


def _accepted(declared: Mapping) -> str:
    if declared["type"] == "bool":
        return "true or false"
    if "range" in declared:
        return "{} to {}".format(*declared["range"])
    return ", ".join(str(v) for v in declared["values"])


def options_per_variant(refs: list[str], engines: list, chosen: dict) -> dict[str, dict]:
    """{ref: the chosen options its engine declares} (refs with none left out); ValueError
    naming an option no variant declares or a value one does not take."""
    per_ref: dict[str, dict] = {}
    unused = set(chosen)
    for ref, engine in zip(refs, engines):
        declared = getattr(engine, "OPTIONS", None) or {}
        mine = {}
        for name, value in chosen.items():
            if name not in declared:
                continue
            unused.discard(name)
            if not takes(declared[name], value):
                raise ValueError(f"--option {name}={value}: {ref}'s option {name} takes "
                                 f"{_accepted(declared[name])}")
            mine[name] = value
        if mine:
            per_ref[ref] = mine
    if unused:
        known = sorted({n for e in engines for n in (getattr(e, "OPTIONS", None) or {})})
        names = ", ".join(known) if known else "none (no variant here declares options:)"
        raise ValueError(f"--option {', '.join(sorted(unused))}: no variant here has such an "
                         f"option (options: {names})")
    return per_ref

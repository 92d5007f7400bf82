"""Table settings (`options:`, issue 32 item 4) in a wasm module: the C definitions the
per-variant unit adds for abi.c's option exports (`dk_noptions`, `dk_options_json`,
`dk_new_options`, `dk_get_options`), from the engine's OPTIONS table (name -> type, values or
range, default, text; `Option.as_dict`).  A spec without options adds nothing, so its unit
and its module stay byte-identical."""

from __future__ import annotations

import json


def c_string(text: str) -> str:
    """`text` as a C string literal (ASCII: JSON escapes every other character)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def spec_options(spec) -> dict:
    """The OPTIONS table of a checked spec (`durakc.spec.model.Spec`): name -> declaration."""
    return {o.name: o.as_dict() for o in spec.options}


def bundled_options(c_sources: dict[str, str], variants: dict[str, str]) -> dict[str, dict]:
    """module -> OPTIONS table of the bundled variants (`variants`: module -> name) whose C
    engine in `c_sources` has table settings (each spec loaded again: only those)."""
    from durakc.spec import load_spec

    return {module: spec_options(load_spec(name)) for module, name in variants.items()
            if "CAP_OPTIONS 1" in c_sources.get(f"{module}.h", "")}


def _allowed(declaration: dict) -> list[int]:
    """The ints an option takes, or a range's [low, high]."""
    if "range" in declaration:
        return [int(v) for v in declaration["range"]]
    return [int(v) for v in declaration["values"]]


def options_unit(options: dict) -> str:
    """The C definitions abi.c reads under `<P>CAP_OPTIONS` (in the header's option order,
    which is OPTIONS's order): names, which are bools or ranges, the values each takes (a
    range: its two ends) and the table as JSON for the loader."""
    names = list(options)
    first, values = [0], []
    for name in names:
        values += _allowed(options[name])
        first.append(len(values))
    ints = lambda xs: "{" + ", ".join(str(x) for x in xs) + "}"
    table = json.dumps(options, separators=(",", ":"))
    return (f"static const char *const DK_OPTION_NAMES[] = {{{', '.join(c_string(n) for n in names)}}};\n"
            f"static const int DK_OPTION_BOOL[] = {ints(int(options[n]['type'] == 'bool') for n in names)};\n"
            f"static const int DK_OPTION_RANGE[] = {ints(int('range' in options[n]) for n in names)};\n"
            f"static const int DK_OPTION_FIRST[] = {ints(first)};\n"
            f"static const int DK_OPTION_VALUES[] = {ints(values)};\n"
            f"#define DK_OPTIONS_JSON {c_string(table)}\n")

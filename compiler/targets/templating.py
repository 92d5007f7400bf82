"""The templates folder and the Jinja2 environment both targets render with.

The lowest layer of code generation: `durakc.targets.python.codegen` (the Python engines) and
`durakc.targets.c` (the C engines) import it, and it imports neither.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
"""compiler/templates/: the engine templates of every target and capability."""


def environment(**options) -> jinja2.Environment:
    """A Jinja2 environment over `TEMPLATES`: strict undefined names, blocks trimmed, the
    trailing newline kept, no autoescape (`options` are passed on, e.g. ``auto_reload``); the
    filter `wrapped_ints` both targets' tables use."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        **options,
    )
    env.filters["wrapped_ints"] = wrapped_ints
    return env


def wrapped_ints(numbers) -> str:
    """`numbers` comma-separated (a trailing comma too) in lines of at most 96 characters,
    indented by four: a long table's body in Python and in C."""
    return "\n".join(textwrap.wrap(", ".join(map(str, numbers)) + ",", 92,
                                   initial_indent="    ", subsequent_indent="    "))

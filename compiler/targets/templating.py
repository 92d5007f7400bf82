"""The templates folder and the Jinja2 environment both targets render with.

The lowest layer of code generation: `durakc.targets.python.codegen` (the Python engines) and
`durakc.targets.c` (the C engines) import it, and it imports neither.
"""

from __future__ import annotations

from pathlib import Path

import jinja2

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
"""compiler/templates/: the engine templates of every target and capability."""


def environment(**options) -> jinja2.Environment:
    """A Jinja2 environment over `TEMPLATES`: strict undefined names, blocks trimmed, the
    trailing newline kept, no autoescape (`options` are passed on, e.g. ``auto_reload``)."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        **options,
    )

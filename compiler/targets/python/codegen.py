"""Code generation: IR -> engine source through the Jinja2 templates.

`render_engine` is a pure function of the spec files, the schema and the
templates: the same inputs give byte-identical output on every machine.
The build orchestrator (both targets, `durakc build`/`check`) is `durakc.build`.
"""

from __future__ import annotations

import re

from durakc import __version__
from durakc.ir.build import build_ir, module_name
from durakc.ir.hooks import Hooks
from durakc.spec import Spec
from durakc.targets.python.exprs import register
from durakc.targets.templating import TEMPLATES, environment

_ENV = environment()
_ENV.filters["pyrepr"] = repr
# The names of the slots a rendered `__slots__` block declares, in order: `copy` assigns each
# one by name (six times faster than a loop of getattr/setattr over Game.__slots__).
_ENV.filters["slot_names"] = lambda text: re.findall(r'^\s+(?:__slots__ \|= \{)?"(\w+)":', text,
                                                    re.MULTILINE)
register(_ENV)  # `{{ cap.expr | py }}`, `noqa`, `sizes_py`: the IR's expressions in Python


class TemplateBug(Exception):
    """The templates produced invalid Python: a durakc bug, not a spec error."""


def render_engine(spec: Spec, ir=None) -> str:
    """The engine module's source for a checked spec (`ir`: its `build_ir`, if at hand)."""
    ir = ir if ir is not None else build_ir(spec)
    source = _ENV.get_template("engine.py.j2").render(v=ir, hook=Hooks(_ENV, ir, ir.capabilities))
    source = _tidy(source)
    try:
        compile(source, f"generated/{module_name(spec.name)}.py", "exec")
    except SyntaxError as exc:
        raise TemplateBug(f"generated engine for {spec.name} does not compile: {exc}") from exc
    return source


def _tidy(source: str) -> str:
    """Collapse runs of blank lines the conditional blocks leave behind (at most two)."""
    lines = source.split("\n")
    out: list[str] = []
    blank = 0
    for line in lines:
        if line.strip():
            blank = 0
            out.append(line.rstrip())
        else:
            blank += 1
            if blank <= 2:
                out.append("")
    text = "\n".join(out).strip("\n") + "\n"
    return _fix_blank_lines(text)


def _fix_blank_lines(text: str) -> str:
    """Inside classes one blank line between methods; two before top-level definitions."""
    lines = text.split("\n")
    out: list[str] = []
    for i, line in enumerate(lines):
        if not line and out and not out[-1]:
            nxt = next((x for x in lines[i + 1:] if x), "")
            if nxt.startswith(" "):
                continue
        out.append(line)
    return "\n".join(out)


def render_index(names: list[str]) -> str:
    """`generated/__init__.py`: the list of engines."""
    return _ENV.get_template("index.py.j2").render(
        names=sorted(names), modules=[module_name(n) for n in sorted(names)], version=__version__,
    )


__all__ = ["TEMPLATES", "TemplateBug", "render_engine", "render_index"]

"""Code generation: IR -> engine source through the Jinja2 templates.

`render_engine` is a pure function of the spec files, the schema and the
templates: the same inputs give byte-identical output on every machine.
`build_outputs` is what `durakc build` writes and `durakc check` compares (the engines, their
index and the spec files' JSON Schema, `durakc.specschema`);
`build_all` adds the static-analysis warnings of the bundled specs (which never
change what is written).
"""

from __future__ import annotations

from durakc import __version__
from durakc.analysis import analyse
from durakc.ctarget import CTargetError, render_c
from durakc.hooks import Hooks
from durakc.ir import build_ir, module_name
from durakc.paths import engines_dir
from durakc.spec import Spec, bundled_names, load_specs
from durakc.specschema import SCHEMA_FILE, schema_text
from durakc.templating import TEMPLATES, environment

GENERATED_DIR = engines_dir()
"""generated/: the folder `durakc build` writes and `durakc check` compares."""

_ENV = environment()
_ENV.filters["pyrepr"] = repr


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


OUTPUT_PATTERNS = ("*.py", "*.c", "*.h", "*.json")
"""The files of generated/ that `durakc build` owns (the Python engines, the C engines, the
spec files' JSON Schema)."""


def build_outputs() -> tuple[dict[str, str], list]:
    """{file name: source} for every bundled spec (Python engines, and C engines where the C
    target supports the variant) plus the index and the JSON Schema, and the specs' errors."""
    outputs, errors, _ = build_all()
    return outputs, errors


def build_all(refused: list[tuple[str, str]] | None = None) -> tuple[dict[str, str], list, list]:
    """`build_outputs`, and the warnings `durakc.analysis` finds in the bundled specs.

    A variant the C target can not build has a Python engine only; `refused`, if given,
    receives (variant name, the C target's first reason) for each."""
    specs, errors = load_specs(bundled_names())
    outputs = {}
    for spec in specs:
        ir = build_ir(spec)  # one IR for both targets
        outputs[f"{module_name(spec.name)}.py"] = render_engine(spec, ir)
        try:
            outputs.update(render_c(spec, ir))
        except CTargetError as exc:
            if refused is not None:
                refused.append((spec.name, exc.diagnostics[0].message))
    outputs["__init__.py"] = render_index([spec.name for spec in specs])
    outputs[SCHEMA_FILE] = schema_text()
    warnings = [w for spec in specs for w in analyse(spec)]
    return outputs, errors, warnings


__all__ = ["GENERATED_DIR", "OUTPUT_PATTERNS", "TEMPLATES", "TemplateBug", "build_all",
           "build_outputs", "render_engine", "render_index"]

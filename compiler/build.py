"""The build orchestrator: every bundled spec through the Python target (`durakc.targets.python.codegen`) and
the C target (`durakc.targets.c`).

`build_outputs` is what `durakc build` writes and `durakc check` compares (the engines, their
index and the spec files' JSON Schema, `durakc.spec.json_schema`); `build_all` adds the
static-analysis warnings of the bundled specs (which never change what is written).
"""

from __future__ import annotations

from durakc.analysis.checks import analyse
from durakc.ir.build import build_ir, module_name
from durakc.paths import engines_dir
from durakc.spec import bundled_names, load_specs
from durakc.spec.json_schema import SCHEMA_FILE, schema_text
from durakc.targets.c import CTargetError, render_c
from durakc.targets.python.codegen import render_engine, render_index

GENERATED_DIR = engines_dir()
"""generated/: the folder `durakc build` writes and `durakc check` compares."""

OUTPUT_PATTERNS = ("*.py", "*.c", "*.h", "*.json")
"""The files of generated/ that `durakc build` owns (the Python engines, the C engines, the
spec files' JSON Schema)."""


def build_outputs() -> tuple[dict[str, str], list]:
    """{file name: source} for every bundled spec (Python engines, and C engines where the C
    target supports the variant) plus the index and the JSON Schema, and the specs' errors."""
    outputs, errors, _ = build_all()
    return outputs, errors


def build_all(refused: list[tuple[str, str]] | None = None) -> tuple[dict[str, str], list, list]:
    """`build_outputs`, and the warnings `durakc.analysis.checks` finds in the bundled specs.

    A variant the C target can not build has a Python engine only; `refused`, if given,
    receives (variant name, the C target's first reason) for each."""
    specs, errors = load_specs(bundled_names())
    outputs = {}
    warnings: list = []
    for spec in specs:
        ir = build_ir(spec)  # one IR for both targets and the analysis
        warnings.extend(analyse(spec, ir))
        outputs[f"{module_name(spec.name)}.py"] = render_engine(spec, ir)
        try:
            outputs.update(render_c(spec, ir))
        except CTargetError as exc:
            if refused is not None:
                refused.append((spec.name, exc.diagnostics[0].message))
    outputs["__init__.py"] = render_index([spec.name for spec in specs])
    outputs[SCHEMA_FILE] = schema_text()
    return outputs, errors, warnings


__all__ = ["GENERATED_DIR", "OUTPUT_PATTERNS", "build_all", "build_outputs"]

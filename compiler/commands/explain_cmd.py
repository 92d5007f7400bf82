"""`durakc explain VARIANT`: the effective rules in plain words."""

from __future__ import annotations

from durakc.commands._common import (
    VARIANT_HELP,
    load_engines,
    print_warnings,
    report,
    usage_error,
)
from durakc.diagnostics import SpecError, printable
from durakc.explain import engine_source, engine_spec, explain
from durakc.loading.engines import is_engine_path, is_spec_path, unknown_variant
from durakc.spec import bundled_names, load_spec

NAME = "explain"
HELP = "describe a variant's effective rules, their rule IDs and where each value came from"


def add_arguments(parser) -> None:
    parser.add_argument("spec", metavar="VARIANT",
                        help=VARIANT_HELP + "; for an engine file, its spec when still "
                             "unchanged (same sha256), else the rules the engine records")


def run(args) -> int:
    ref = args.spec
    if is_spec_path(ref) or ref in bundled_names():
        try:
            spec = load_spec(ref)
        except SpecError as exc:
            return report(exc)
        if not spec.bundled:
            print_warnings(spec)
    elif is_engine_path(ref):
        engines, code = load_engines([ref])
        if code is not None:
            return code
        source = engine_source(engines[0].VARIANT)
        if source is None:  # the engine's recorded rules alone: no checked spec for the IR
            print(printable(explain(engine_spec(engines[0].VARIANT, ref), capabilities=False)))
            return 0
        spec = source
    else:
        return usage_error(str(unknown_variant(ref, bundled_names())))
    print(printable(explain(spec)))  # a spec's own texts may hold control characters
    return 0

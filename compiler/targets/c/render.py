"""Rendering the C engine of a spec through the templates under `templates/c/`."""

from __future__ import annotations

from durakc.diagnostics import Diagnostic
from durakc.expr.emit_c import NotInC, unwrapped
from durakc.ir.build import build_ir, module_name
from durakc.spec import Spec
from durakc.targets.c.bench_path import bench_values
from durakc.targets.c.capabilities import refusals
from durakc.targets.c.context import (
    EXPRESSION_KEYS,
    OUTCOME,
    KeyNotInC,
    c_context,
    comment_safe,
    opening_names,
)
from durakc.targets.c.exprs import register
from durakc.targets.c.hooks import CHooks
from durakc.targets.c.openings import opening_refusal
from durakc.targets.c.prune import prune_unused
from durakc.targets.templating import environment

_ENV = environment(auto_reload=False)  # templates are package files: loaded once per process
_ENV.filters["c_comment"] = comment_safe  # spec text inside /* ... */ (an option's text)
_ENV.filters["unwrapped"] = unwrapped  # `if ({{ v.x_c | unwrapped }})`: one pair of parentheses
register(_ENV)  # `{{ cap.expr | c }}`: the IR's expressions in C
_ENV.filters["pyrepr"] = repr  # the variant's name and label, quoted as the Python engine does

MAX_CARDS = 64
"""A hand is a 64-bit mask in C."""


class CTargetError(Exception):
    """The spec uses something the C target lacks; `diagnostics` name the keys."""

    def __init__(self, diagnostics: list):
        super().__init__("\n".join(d.format() for d in diagnostics))
        self.diagnostics = diagnostics


def unsupported(spec: Spec, ir=None) -> list:
    """Diagnostics for every rule of `spec` the C target can not build (empty: all fine):
    capabilities of its IR (`ir`, built if not given) the C target lacks, too many cards,
    expressions without a C form."""
    ir = ir if ir is not None else build_ir(spec)
    refused = refusals(spec, ir.capabilities)
    if refused:
        return refused  # the checks below assume the capabilities the C target knows
    problems = []
    exprs, wild = ir.exprs, ir.deck.wild_cards
    ncards = ir.deck.printed  # J1: 52 + 2
    if ncards > MAX_CARDS:
        problems.append(("deck.ranks", f"the C target holds at most {MAX_CARDS} cards, not {ncards}",
                         ("deck.suits", "deck.jokers")))
    if ir.deck.jokers and wild:  # the card ints of both are laid out apart
        message = "the C target does not build jokers together with wild cards (deck.wild_rank) yet"
        problems.append(("deck.jokers", message, _WILD_KEYS))
    for key, capability in (("swap.per_game", "swaps"), ("trump.six_exchange", "trump_exchange")):
        if ir.uses(capability) and wild:  # PK1, TX1 read printed cards (W3)
            message = (f"the C target does not build {key} together with wild cards "
                       "(deck.wild_rank) yet")
            problems.append((key, message, _WILD_KEYS))
    if exprs.opening is not None:  # HR7, HR8: the openings must fit the lists
        message = opening_refusal(exprs.opening, ncards)
        if message:
            problems.append(("attack.opening", message, ()))
    nids = ncards + len(wild) * len(ir.deck.suits)
    if ncards <= MAX_CARDS < nids:  # W2: a wild card is one more card int per suit it may name
        message = (f"the C target holds at most {MAX_CARDS} card ints, not {nids} "
                   f"(the deck and each wild card per named suit)")
        problems.append(("deck.wild_rank", message, ("deck.wild_suits", "deck.ranks")))
    keyed = [(key, exprs.of(key), names, consts(ir) if callable(consts) else consts)
             for key, names, consts in EXPRESSION_KEYS]
    keyed += [(f"outcome.annotations.{name}", expr, OUTCOME, None)
              for name, expr in exprs.annotations]
    if exprs.opening is not None:
        keyed.append(("attack.opening", exprs.opening, opening_names(ir), None))
    for key, expr, names, consts in keyed:
        try:
            expr.to_c(names, consts)
        except NotInC as exc:
            problems.append((key, f"the C target can not evaluate this expression: {exc}", ()))
    if not problems:  # every other expression, in the very place the templates read it
        try:
            c_context(spec, ir)
        except KeyNotInC as exc:
            problems.append((exc.key, f"the C target can not evaluate this expression: {exc}", ()))
    return [_diagnostic(spec, key, message, also) for key, message, also in problems]


_WILD_KEYS = ("deck.wild_rank", "deck.wild_suits")
"""The keys that make wild cards (W1), named by the refusals of what does not combine with them."""


def _diagnostic(spec: Spec, key: str, message: str, also: tuple[str, ...] = ()) -> Diagnostic:
    """A problem with `key` (together with the keys `also`), at the first of them that the
    spec file sets, else where its chain sets one (`Spec.diag_at`)."""
    base = key.split(".annotations.")[0] + ".annotations" if ".annotations." in key else key
    origin = spec.origin.get(base, "default")
    where = "" if origin == "this file" else f" (the value comes from the {origin})"
    return spec.diag_at((base, *also), f"{key}: {message}{where} (--target c)")


def c_files(spec: Spec) -> tuple[str, str]:
    """The file names of a variant's C engine: (`<module>.c`, `<module>.h`)."""
    mod = module_name(spec.name)
    return f"{mod}.c", f"{mod}.h"


def render_c(spec: Spec, ir=None) -> dict[str, str]:
    """{`<module>.c`: source, `<module>.h`: header} for a checked spec; CTargetError if unsupported.

    `ir` is the spec's `build_ir` result when the caller has it already.
    """
    ir = ir if ir is not None else build_ir(spec)
    problems = unsupported(spec, ir)
    if problems:
        raise CTargetError(problems)
    v = c_context(spec, ir)
    c_name, h_name = c_files(spec)
    hook = CHooks(_ENV, v, ir.capabilities)
    v.update(bench_values(v, ir.capabilities, hook))  # the bench loop's paths
    engine = _ENV.get_template("c/engine.c.j2").render(v=v, p=v["p"], P=v["P"], hook=hook)
    # the helpers and tables no code of this variant reads go (strict C: durakc.targets.c.prune)
    return {c_name: prune_unused(engine),
            h_name: _ENV.get_template("c/header.h.j2").render(v=v, p=v["p"], P=v["P"], hook=hook)}


def c_sources_or_problems(specs: list[Spec]) -> tuple[dict[str, str], list]:
    """The C files of every spec the C target supports, and diagnostics for the others."""
    sources: dict[str, str] = {}
    problems: list = []
    for spec in specs:
        try:
            sources.update(render_c(spec))
        except CTargetError as exc:
            problems.extend(exc.diagnostics)
    return sources, problems

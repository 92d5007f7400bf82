"""Expression values of a spec: a key's text compiled and checked by `durakc.expr.language`,
every problem a diagnostic at its place in the YAML value."""

from __future__ import annotations

from durakc.diagnostics import Diagnostic
from durakc.expr import language as expressions
from durakc.expr.language import Expr, ExprProblem
from durakc.spec.options import names_for
from durakc.spec.problems import Invalid, describe, fail
from durakc.yamltree.read import Node


def _expr_text(node: Node) -> str | None:
    if node.kind != "scalar":
        return None
    value = node.value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value
    return None


_EXPECTED = {"int": "a whole number or an expression (a string)",
             "bool": "true, false or an expression (a string)"}
"""What a value of an expression key may be written as, by the expression's result type."""


def compile_value(label: str, node: Node, env: str | None, result: str | None,
                  inherited: Expr | None, diags: list[Diagnostic]) -> Expr:
    """The checked expression of YAML value `node` (key `label`, environment `env`, type
    `result`, the parent's expression `inherited`); raises `Invalid` after its problems."""
    text = _expr_text(node)
    if text is None:
        expected = _EXPECTED.get(result or "", "an expression (a string)")
        raise fail(diags, node, f"'{label}' must be {expected}, not {describe(node)}")
    compiled = compile_text(text, env, result, inherited)
    if isinstance(compiled, list):
        for problem in compiled:
            diags.append(node.diag(f"{problem.message}", problem.offset,
                                   max(1, problem.width)))
        raise Invalid()
    return compiled


def compile_text(text: str, env: str | None, result: str | None,
                 inherited: Expr | None) -> Expr | list[ExprProblem]:
    """The checked expression, or its problems as a list."""
    if env is None or result is None:  # a schema bug: an expression key names no environment
        return [ExprProblem("internal error: the key's expression environment is not declared",
                         0, 1)]
    try:
        return expressions.compile_expr(text, env, result, inherited=inherited,
                                        options=names_for(env))
    except Exception as exc:  # noqa: BLE001 - a checker bug must still be a diagnostic
        return [ExprProblem(f"internal error in the expression checker: {exc}", 0, 1)]


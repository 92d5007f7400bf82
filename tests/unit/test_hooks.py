"""The hook mechanism (compiler/ir/hooks.py): defaults, rewriting in order, unknown names."""

from __future__ import annotations

import jinja2
import pytest

from durakc.ir.hooks import HOOK_POINTS, Capability, Hooks, UnknownHook

CORE = '{% call hook("defender") %}\ncore default\n{% endcall %}\nafter\n'


def _render(modules: dict[str, str], active: list[str], core: str = CORE) -> str:
    templates = {f"capabilities/{name}.py.j2": text for name, text in modules.items()}
    templates["core"] = core
    env = jinja2.Environment(loader=jinja2.DictLoader(templates), trim_blocks=True,
                             lstrip_blocks=True, keep_trailing_newline=True,
                             undefined=jinja2.StrictUndefined)
    caps = [Capability(name, {"word": name.upper()}) for name in active]
    return env.get_template("core").render(v={}, hook=Hooks(env, {}, caps))


def test_without_capabilities_the_default_is_rendered():
    assert _render({}, []) == "core default\nafter\n"


def test_a_capability_not_in_use_leaves_no_trace():
    modules = {"siege": "{% macro defender() %}\nteam code\n{% endmacro %}\n"}
    assert _render(modules, []) == "core default\nafter\n"


def test_a_macro_without_default_replaces_it():
    modules = {"siege": "{% macro defender() %}\n{{ cap.word }} code\n{% endmacro %}\n"}
    assert _render(modules, ["siege"]) == "SIEGE code\nafter\n"


def test_macros_with_default_chain_in_capability_order():
    add = "{% macro defender(default) %}\n{{ default }}{{ cap.word }}\n{% endmacro %}\n"
    modules = {"one": add, "two": add}
    assert _render(modules, ["one", "two"]) == "core default\nONE\nTWO\nafter\n"
    assert _render(modules, ["two", "one"]) == "core default\nTWO\nONE\nafter\n"


def test_the_replaced_default_is_not_rendered():
    core = '{% call hook("defender") %}\n{{ v.missing }}\n{% endcall %}\n'
    modules = {"siege": "{% macro defender() %}\nteam\n{% endmacro %}\n"}
    assert _render(modules, ["siege"], core) == "team\n"  # StrictUndefined would raise


def test_capabilities_may_call_hooks_of_their_own():
    modules = {
        "transfer": '{% macro defender() %}\nA\n{% call hook("pass_on_target") %}\nB\n'
                    '{% endcall %}\n{% endmacro %}\n',
        "siege": "{% macro pass_on_target() %}\nteam B\n{% endmacro %}\n",
    }
    assert _render(modules, ["transfer"]) == "A\nB\nafter\n"
    assert _render(modules, ["transfer", "siege"]) == "A\nteam B\nafter\n"


def test_an_unknown_hook_point_is_an_error():
    with pytest.raises(UnknownHook, match="'defendr'"):
        _render({}, [], '{% call hook("defendr") %}\n{% endcall %}\n')


def test_a_macro_that_is_no_hook_point_is_an_error_unless_private():
    with pytest.raises(UnknownHook, match="'defendr'"):
        _render({"siege": "{% macro defendr() %}x{% endmacro %}"}, ["siege"])
    assert _render({"siege": "{% macro _helper() %}x{% endmacro %}"}, ["siege"]) == \
        "core default\nafter\n"


def test_every_hook_point_has_a_meaning():
    assert all(isinstance(text, str) and len(text) > 10 for text in HOOK_POINTS.values())

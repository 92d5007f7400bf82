"""Issue 13: `help(engine)` is enough to use a generated engine: the module, every public
function and class, and every public method, property and attribute (slot) of its classes
carry a docstring."""

from __future__ import annotations

import inspect

import pytest
from engine_support import engine_params, load, python_engine_only


def _doc(member) -> str:
    if isinstance(member, (classmethod, staticmethod)):
        member = member.__func__
    if isinstance(member, property):
        member = member.fget
    # inspect.getdoc also reads a slot's text from a __slots__ dict, as help() does.
    return (inspect.getdoc(member) or "").strip()


def _public_members(mod):
    """(qualified name, object) of every public function, class and class member."""
    for name, obj in vars(mod).items():
        if name.startswith("_") or not (inspect.isfunction(obj) or inspect.isclass(obj)):
            continue
        if obj.__module__ != mod.__name__:
            continue  # imported, not the engine's own
        yield name, obj
        if inspect.isclass(obj):
            for member_name, member in vars(obj).items():
                if not member_name.startswith("_"):
                    yield f"{name}.{member_name}", member


@python_engine_only  # the native module's Game is built at run time; its docs are the Python engine's
@pytest.mark.parametrize("name", engine_params())
def test_every_public_member_has_a_docstring(name):
    mod = load(name)
    assert (mod.__doc__ or "").strip(), "the module has no docstring"
    members = dict(_public_members(mod))
    for required in ("Game", "Game.apply", "Game.legal_actions", "Game.players", "Game.to_move",
                     "Game.hands", "Action", "Action.text", "new_game", "from_position",
                     "parse_action", "IllegalAction"):
        assert required in members, f"{required} is not found among the public members"
    undocumented = [qual for qual, member in members.items() if not _doc(member)]
    assert not undocumented, f"public members without a docstring: {undocumented}"

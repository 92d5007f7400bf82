"""The shape of the table of expression environments: a `Name` and an `Environment`.

A name carries everything each reader of it needs: its type, doc and range (the checker and
the docs), its Python form (engine text over the generated engine's state and locals), its C
form (text over the C engine's `g` and locals) and how the reference interpreter reads it
(a function of the reference's game or variant and the caller's locals).  A form may differ
by the place it is read (a transfer's counts before it or after `k` cards, a trump shown, a
variant with teams): `py` and `c` map places to text, ``"*"`` being every other place.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

Reader = Callable[[Any, Mapping[str, Any]], Any]
"""How the reference reads a name: (its game or variant, the caller's locals) -> value."""

EVERY_PLACE = "*"
"""The place key of a form that holds wherever no place of its own is asked for."""


@dataclass(frozen=True)
class Name:
    """One name of one environment.  A name whose `type` is empty is hidden: it is no name a
    spec can write (e.g. `$trumps`, the trump mask `c.is_trump` and `.trumps` read)."""

    name: str
    type: str
    doc: str = ""
    range: tuple[int, int] | None = None
    py: Mapping[str, str] = field(default_factory=dict)
    c: Mapping[str, str] = field(default_factory=dict)
    ref: Reader | None = None
    rules: tuple[str, ...] = ()  # rule IDs the name brings into the key reading it (explain)

    def form(self, target: str, places: tuple[str, ...]) -> str | None:
        """This name's text in `target` ("py" or "c") at the first of `places` it has a form
        for, else its every-place form; None when it has neither."""
        forms = self.py if target == "py" else self.c
        for place in (*places, EVERY_PLACE):
            if place in forms:
                return forms[place]
        return None


@dataclass(frozen=True)
class Environment:
    """The names one kind of spec expression reads (`schema.Key.env` names the kind)."""

    key: str
    names: tuple[Name, ...]

    def python(self, *places: str, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        """{name: Python text} at the first of `places` each name has a form for (the
        generated engine's name map for `Expr.to_python`), updated with `extra`."""
        return self._forms("py", places, extra)

    def c(self, *places: str, extra: Mapping[str, str] | None = None) -> dict[str, str]:
        """{name: C text} as `python` (the C engine's name map for `Expr.to_c`)."""
        return self._forms("c", places, extra)

    def _forms(self, target: str, places: tuple[str, ...],
               extra: Mapping[str, str] | None) -> dict[str, str]:
        found = {}
        for n in self.names:
            text = n.form(target, places)
            if text is not None:
                found[n.name] = text
        found.update(extra or {})
        return found

    def read(self, scope: Any, only: Collection[str] | None = None, **local: Any) -> dict[str, Any]:
        """{name: value} of every name the reference reads (of those in `only`, when given:
        the names the expressions evaluated read), from `scope` (its game or variant) and
        the caller's `local` values."""
        readers = self.readers if only is None else self._readers_of(only)
        return {name: ref(scope, local) for name, ref in readers}

    def _readers_of(self, only: Collection[str]) -> tuple[tuple[str, Reader], ...]:
        """`readers` of the names in `only`, found once per `only` (the reference reads an
        environment at every step, always for the same names)."""
        key = only if isinstance(only, frozenset) else frozenset(only)
        found = self._readers_by_names.get(key)
        if found is None:
            found = self._readers_by_names[key] = tuple(
                (name, ref) for name, ref in self.readers if name in key)
        return found

    @cached_property
    def _readers_by_names(self) -> dict[frozenset, tuple[tuple[str, Reader], ...]]:
        return {}

    @cached_property
    def readers(self) -> tuple[tuple[str, Reader], ...]:
        """(name, how the reference reads it) of every name it reads."""
        return tuple((n.name, n.ref) for n in self.names if n.ref is not None)

    def schema(self) -> dict[str, tuple[str, str]]:
        """{name: (type, doc)} of the names a spec may write (`schema.ENVIRONMENTS`)."""
        return {n.name: (n.type, n.doc) for n in self.names if n.type}

    def ranges(self) -> dict[str, tuple[int, int]]:
        """{name: (lowest, highest)} of the int names (`schema.NAME_RANGES`)."""
        return {n.name: n.range for n in self.names if n.range is not None}

"""One table of the expression environments, written once and read by everyone.

Each spec key holding an expression names the environment it is checked in
(`schema.Key.env`); each environment is a tuple of `Name`s (`durakc.envs.model`), and each
name carries its type, doc and range, its Python form, its C form and how the reference
interpreter reads it.  From this table come the checker's environments and ranges
(`schema.ENVIRONMENTS`, `schema.NAME_RANGES`, `schema.NAME_RULES`), the Python name maps of
the IR (`ENVS[key].python(place)`), the C target's (`ENVS[key].c(place)`) and the
reference's environment dicts (`ENVS[key].read(game, **locals)`).
"""

from __future__ import annotations

from durakc.envs.bounds import LIMIT_FLOOR, floor_limit
from durakc.envs.choices import HAND
from durakc.envs.ending import DURAK, ENDING
from durakc.envs.game import CARDS, DEAL, DEALT, OUTCOME, RESULT
from durakc.envs.model import Environment, Name
from durakc.envs.opener import OPENER, OPENER_SEAT
from durakc.envs.play import OPENING, ROUND, SEAT, THROW, TRANSFER
from durakc.envs.show import SHOW

ENVS: dict[str, Environment] = {env.key: env for env in (
    CARDS, ROUND, TRANSFER, SHOW, SEAT, THROW, OPENING, DEAL, DEALT, OUTCOME, RESULT, HAND,
    ENDING, DURAK, OPENER, OPENER_SEAT)}
"""Every environment by its key, in the order the docs list them."""


def seat_constants(teams: bool) -> dict[str, bool]:
    """Seat-environment names with one value for the whole variant: `is_defender` (the
    defender is never asked) and, without teams.mode (`teams` false), `partner_of_defender`
    (PR2)."""
    constants = {"is_defender": False}
    if not teams:
        constants["partner_of_defender"] = False
    return constants


__all__ = ["ENVS", "LIMIT_FLOOR", "Environment", "Name", "floor_limit", "seat_constants"]

"""Golden playthroughs: record games of an engine as one line per step, and replay them.

A playthrough file (`playthroughs/<variant>.txt`) is a header naming the variant, a
comment that explains the lines, then one block per game (see `lines.py` for a line):

    variant albanian  format 2  spec <sha256 of the spec>
    # ...
    game 2p seed 1001
    start | state ... | table -  hands 6 6 ...
       1 P0 attack 6D | legal 3 ... | table 6D  hands 5 6 ...
    end | legal 0 ... | move 1  over yes  loser 1  ...

Actions are chosen by `random.Random(seed)` over `legal_actions()`; in a variant with
out-of-turn actions (HR34's catch) the seats are first asked by the bots' catching rule
(`durakc.sim.catching.out_of_turn_step`), and a catch's line names the catcher and its
offered catches (`P2 catch 2 QD | legal 3 ...`).  The replay does not
need the chooser: it applies the recorded action texts and renders every line again from
the engine, so any change of the deal, of a rule's effect, of the legal actions or of their
order shows up at the first line it affects.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from lines import (
    end_line,
    field_differences,
    game_line,
    hands_of,
    legal_texts,
    parse_step,
    plain,
    start_line,
    step_line,
)

from durakc.sim.catching import out_of_turn_step

FORMAT = 2
MAX_STEPS = 3000

HEADER_NOTE = """\
# Golden playthroughs: one line per step; tests/golden/README.md explains the format.
# Actions were chosen by random.Random(seed) over legal_actions(); the replay applies them.
# Step line: N P<seat to move> <action> | legal <count> <digest of the legal action texts
#   in engine order> | after it: table (attack/defence per pair), hands <size per seat>
#   <digest of the cards>, stock and discard sizes, attacker, defender, seats out.
# start: state <digest of new_game(players, seed).to_dict()>, then the dealt state.
# end: seat to move, legal actions left, is_over, loser, is_draw, out, results if any.
# Digest: first 12 hex digits of sha256 of the value's canonical JSON (sorted keys,
# no spaces). Replay compares every field of every line (Python and C engines alike)."""


@dataclass
class Game:
    """One recorded game: its player count, seed and lines (from `game` to `end`)."""

    players: int
    seed: int
    lines: list[str] = field(default_factory=list)

    @property
    def steps(self) -> int:
        return len(self.lines) - 3  # the game, start and end lines

    def label(self) -> str:
        return f"{self.players}p seed {self.seed}"


@dataclass
class Playthroughs:
    """The contents of a playthrough file."""

    variant: str
    spec_sha256: str | None
    games: list[Game]


def record(engine_module, players: int, seed: int) -> Game:
    """Play one game of `engine_module` with `random.Random(seed)` choosing the actions."""
    rng = random.Random(seed)
    g = engine_module.new_game(players, seed)
    game = Game(players, seed, [game_line(players, seed), start_line(g)])
    step = 0
    while not g.is_over:
        if step >= MAX_STEPS:
            raise RuntimeError(f"{engine_module.VARIANT['name']} {players}p seed {seed}: "
                               f"no end after {MAX_STEPS} actions")
        caught = out_of_turn_step(g)  # HR34: the bots' catches first (None without actors)
        if caught is not None:
            action = str(caught)
            seat, legal = _offered(g, action)
        else:
            legal = legal_texts(g)
            action = legal[rng.randrange(len(legal))]
            seat = g.to_move
        g.apply(action)
        step += 1
        game.lines.append(step_line(step, seat, action, legal, g))
    game.lines.append(end_line(g))
    return game


def _is_catch(g, action: str) -> bool:
    return action.startswith("catch ") and hasattr(g, "actors")


def _offered(g, action: str) -> tuple[int, list[str]]:
    """The seat a catch names and that seat's out-of-turn actions now (its line's legal)."""
    seat = int(action.split()[1])
    return seat, [str(a) for a in g.out_of_turn_actions(seat)]


def _hint(g, differing: list[str], legal: list[str] | None) -> str:
    """The engine's values behind the digests that differ, to start the search."""
    names = {d.split(":", 1)[0] for d in differing}
    hints = []
    if "hands" in names:
        hints.append("hands now: " + " / ".join(" ".join(h) for h in hands_of(g)))
    if "legal" in names and legal is not None:
        hints.append(f"legal now: {legal}")
    if "state" in names:
        text = repr(plain(g.to_dict()))
        hints.append("to_dict() now: " + (text if len(text) <= 400 else text[:400] + "..."))
    return "".join(f"\n    ({h})" for h in hints)


def _compare(where: str, expected: str, got: str, g, legal=None) -> list[str]:
    if expected == got:
        return []
    differing = field_differences(expected, got)
    return [f"{where}: " + "; ".join(differing) + _hint(g, differing, legal)
            + f"\n    expected: {expected}\n    got:      {got}"]


def replay(engine_module, game: Game) -> list[str]:
    """Replay a recorded game; the differences at its first differing line (empty when the
    engine agrees), each naming the step, the action and the fields that differ."""
    lines = game.lines
    if len(lines) < 3 or lines[0] != game_line(game.players, game.seed):
        return [f"{game.label()}: malformed game block (first line {lines[:1]})"]
    g = engine_module.new_game(game.players, game.seed)
    diffs = _compare(f"new_game({game.players}, seed={game.seed})", lines[1], start_line(g), g)
    if diffs:
        return diffs
    for expected in lines[2:-1]:
        number, _seat, action = parse_step(expected)
        where = f"step {number} ({action!r})"
        if g.is_over:
            return [f"{where}: the game is already over (loser={g.loser}, draw={g.is_draw})"]
        if _is_catch(g, action):  # HR34: a catch, out of turn: its seat's offers
            mover, legal = _offered(g, action)
        else:
            legal, mover = legal_texts(g), g.to_move
        if action not in legal:
            return [f"{where}: not a legal action now; legal: {legal}\n    expected: {expected}"]
        try:
            g.apply(action)
        except Exception as exc:
            return [f"{where}: apply raised {type(exc).__name__}: {exc}"]
        diffs = _compare(where, expected, step_line(number, mover, action, legal, g), g, legal)
        if diffs:
            return diffs  # later steps would only repeat the first divergence
    return _compare(f"end after {game.steps} steps", lines[-1], end_line(g), g,
                    legal_texts(g))


def dumps(data: Playthroughs, regenerate: str) -> str:
    """The text of a playthrough file (deterministic: the same games give the same bytes)."""
    out = [f"variant {data.variant}  format {FORMAT}  spec {data.spec_sha256}",
           f"# Regenerate: {regenerate}", HEADER_NOTE]
    for game in data.games:
        out.append("")
        out.extend(game.lines)
    return "\n".join(out) + "\n"


def loads(text: str, source: str = "<playthroughs>") -> Playthroughs:
    """Parse a playthrough file; a malformed one raises ValueError naming `source` and line."""
    rows = text.splitlines()
    head = rows[0].split() if rows else []
    if len(head) != 6 or head[0] != "variant" or head[2:4] != ["format", str(FORMAT)]:
        raise ValueError(f"{source}:1: expected 'variant NAME  format {FORMAT}  spec SHA', "
                         f"got {rows[:1]}")
    data = Playthroughs(head[1], None if head[5] == "None" else head[5], [])
    for number, row in enumerate(rows[1:], start=2):
        if not row or row.startswith("#"):
            continue
        if row.startswith("game "):
            words = row.split()
            if len(words) != 4 or not words[1].endswith("p") or words[2] != "seed":
                raise ValueError(f"{source}:{number}: expected 'game Np seed S', got {row!r}")
            data.games.append(Game(int(words[1][:-1]), int(words[3]), [row]))
        elif not data.games:
            raise ValueError(f"{source}:{number}: a line before the first 'game' line")
        else:
            data.games[-1].lines.append(row)
    return data

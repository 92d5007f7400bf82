"""A game in the terminal against bots (`durakc play`); plain lines, so stdin can be piped."""

from __future__ import annotations

import random

HELP = ("enter an action's number or its text (e.g. 'beat 9S JS', 'take'); "
        "'q' quits, '?' shows this help")


def _who(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def render(game, me: int) -> list[str]:
    """What seat `me` may see, as lines."""
    lines = []
    face_up = f", face-up {game.stock[-1]}" if game.stock else ""
    lines.append(f"trump {game.trump or '(none)'}{face_up}; stock {len(game.stock)}; "
                 f"discard {len(game.discard)}")
    lines.append(f"attacker {_who(game.attacker, me)}, defender {_who(game.defender, me)}")
    table = "  ".join(f"{a}/{d}" if d else f"{a}/--" for a, d in game.table)
    lines.append(f"table: {table or '(empty)'}")
    others = [f"seat {s}: {len(h)} cards" + (" (out)" if s in game.out else "")
              for s, h in enumerate(game.hands) if s != me]
    lines.append("others: " + ", ".join(others))
    lines.append(f"your hand (seat {me}): {' '.join(game.hands[me]) or '(empty)'}")
    return lines


def play(engine, players: int, me: int, bot, seed: int, inp, out) -> int:
    """Play until the game ends, `q` or end of input; bots play every other seat."""
    def say(text=""):
        print(text, file=out, flush=True)

    game = engine.new_game(players, seed)
    rng = random.Random(seed)
    say(f"{engine.VARIANT.get('title', engine.VARIANT.get('name'))}: {players} players, "
        f"you are seat {me}, seed {seed}")
    say(HELP)
    taker = None

    def played(seat, action):
        nonlocal taker
        say(f"  {_who(seat, me)}: {action}")
        if str(action) == "take":
            taker = seat
        if not game.table and str(action).split()[0] not in ("swap", "exchange"):  # PK1, TX1
            end = f"{_who(taker, me)} picked up the cards" if taker is not None else "discarded"
            say(f"  -- round over: {end}")
            taker = None

    while not game.is_over:
        seat = game.to_move
        if seat != me:
            action = bot(game, seat, rng)
            game.apply(action)
            played(seat, action)
            continue
        say()
        for line in render(game, me):
            say(line)
        actions = game.legal_actions()
        by_text = {str(a).upper(): a for a in actions}
        for k, action in enumerate(actions, 1):
            say(f"  {k:2d}) {action}")
        while True:
            out.write("> ")
            out.flush()
            line = inp.readline()
            if not line:
                say("\nend of input: game abandoned")
                return 0
            text = line.strip()
            if text.lower() in ("q", "quit", "exit"):
                say("you quit the game")
                return 0
            if text in ("?", "h", "help", ""):
                say(HELP)
                continue
            if text.isdigit():
                if not 1 <= int(text) <= len(actions):
                    say(f"refused: choose 1-{len(actions)}")
                    continue
                choice = actions[int(text) - 1]
            else:  # a legal action's own text (any case) is that action; the rest goes to apply
                choice = by_text.get(" ".join(text.upper().split()), text)
            try:
                game.apply(choice)
            except engine.IllegalAction as exc:
                say(f"refused: {exc}")
                continue
            except ValueError as exc:  # text that is not an action at all
                say(f"refused: {exc}")
                continue
            except Exception as exc:  # noqa: BLE001 - an engine bug must not end the game
                say(f"refused: the engine failed on {text!r} ({type(exc).__name__}: {exc})")
                continue
            played(me, choice)
            break
    say()
    if game.is_draw:
        say("game over: a draw")
    elif game.loser == me:
        say("game over: you are the durak")
    else:
        say(f"game over: seat {game.loser} is the durak; you did not lose")
    return 0

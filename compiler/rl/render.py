"""What the RL environments' `render()` returns: the whole game as text, or as a small picture.

Both show every hand (they are for watching and debugging, not observations).  The picture
(`render_mode="rgb_array"`, an H x W x 3 uint8 array) is a map of where each card is: one
column per card of the deck in the encoding's order (ranks low to high, suits S H D C within
a rank, jokers last), one row per place:

    rows 0 .. P-1   seat k's hand (P = players.max; seats not in the game stay empty)
    then            the table's attack cards, its defence cards, the stock, the discard pile

A card is a square in its suit's colour (SUIT_COLOURS: spades black, hearts red, diamonds
blue, clubs green, jokers purple) on the row of the place it is in, an empty place a light
grey one; trumps have a gold frame, and the face-up trump card in the stock a gold fill.  Left
of a seat's row, the first marker is orange when that seat is to move, the second says its
role: red for the attacker, blue for the defender, dark grey once it has left the game.  A
variant's picture has one size for any number of players (docs/rl.md, "Rendering").
"""

from __future__ import annotations

from durakc.rl import require
from durakc.schema.envs import JOKER_COLOURS

np = require("numpy")

RENDER_MODES = ("ansi", "human", "rgb_array")
"""What the environments' `render_mode` may be (or None: `render()` returns nothing)."""

CELL = 8          # one card square and its gap, in pixels
GAP = 2           # between two ranks' columns, and around the picture: BORDER
BORDER = 4
SUIT_COLOURS = {"S": (30, 30, 30), "H": (200, 30, 40), "D": (30, 80, 200), "C": (20, 140, 60),
                "joker": (130, 50, 170)}
EMPTY = (225, 225, 225)
BACKGROUND = (255, 255, 255)
GOLD = (230, 180, 20)
TO_MOVE = (250, 140, 0)
ROLES = {"attacker": (200, 30, 40), "defender": (30, 80, 200), "out": (90, 90, 90)}
PLACES = ("table_attack", "table_defence", "stock", "discard")
"""The rows after the seats' hands, top to bottom."""
MARKER_X = (BORDER, BORDER + CELL)
"""The left edges of a seat row's two markers: to move, role."""


def check_render_mode(render_mode) -> None:
    """A ValueError naming the modes unless `render_mode` is one of RENDER_MODES or None."""
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {list(RENDER_MODES)}, not {render_mode!r}")


def render(game, encoding, render_mode):
    """`game` as `render_mode` shows it: text for "ansi" (printed, None returned, for
    "human"), a picture for "rgb_array"; None without a mode or a game."""
    if game is None or render_mode is None:
        return None
    if render_mode == "rgb_array":
        return render_rgb(game, encoding)
    text = render_text(game)
    if render_mode == "human":
        print(text)
        return None
    return text


def render_text(game) -> str:
    """The whole game as text (every hand shown): for `render()` and debugging."""
    lines = [repr(game),
             f"trump: {game.trump or '-'}   stock: {len(game.stock)}   discard: {len(game.discard)}"]
    table = "  ".join(a if d is None else f"{a}/{d}" for a, d in game.table)
    lines.append(f"table: {table or '-'}")
    for seat, hand in enumerate(game.hands):
        role = ("*" if seat == game.to_move else " ")
        lines.append(f"{role} seat {seat}: {' '.join(hand) or '(no cards)'}")
    return "\n".join(lines)


def image_shape(encoding) -> tuple[int, int, int]:
    """(height, width, 3) of every picture of the encoding's variant."""
    rows = encoding.max_players + len(PLACES)
    height = 2 * BORDER + rows * CELL + 2 * GAP            # a gap between hands and table
    return height, column_x(encoding, encoding.n_held - 1) + CELL + BORDER, 3


def render_rgb(game, encoding):
    """The picture of `game` (see the module docstring): a uint8 array of image_shape."""
    image = np.empty(image_shape(encoding), dtype=np.uint8)
    image[:] = BACKGROUND
    face_up = game.trump_card if game.trump_card in game.stock else None
    for row, cards in enumerate(_places(game, encoding.max_players)):
        y = row_y(encoding, row)
        for index, text in enumerate(encoding.card_texts):
            x = column_x(encoding, index)
            if text not in cards:
                _square(image, y, x, EMPTY)
            elif text == face_up and row == encoding.max_players + PLACES.index("stock"):
                _square(image, y, x, GOLD)
                _frame(image, y, x, _colour(text))
            else:
                _square(image, y, x, _colour(text))
                if game.trump and text[-1:] == game.trump:
                    _frame(image, y, x, GOLD)
    _seat_markers(image, game, encoding)
    return image


def _places(game, max_players: int) -> list[set]:
    """The card texts of each row: every seat's hand (max_players rows), then PLACES; a wild
    card on the table ('6S/H') is its printed card."""
    hands = [set(hand) for hand in game.hands]
    hands += [set() for _ in range(max_players - len(hands))]
    printed = lambda played: played.split("/")[0]
    attack = {printed(a) for a, _ in game.table}
    defence = {printed(d) for _, d in game.table if d is not None}
    return [*hands, attack, defence, set(game.stock), set(game.discard)]


def _seat_markers(image, game, encoding) -> None:
    over = game.is_over
    for seat in range(game.players):
        y = row_y(encoding, seat)
        if not over and seat == game.to_move:
            _square(image, y, MARKER_X[0], TO_MOVE)
        role = ("out" if seat in game.out else "attacker" if not over and seat == game.attacker
                else "defender" if not over and seat == game.defender else None)
        if role:
            _square(image, y, MARKER_X[1], ROLES[role])


def _colour(text: str) -> tuple:
    return SUIT_COLOURS["joker"] if text in JOKER_COLOURS else SUIT_COLOURS[text[-1]]


def row_y(encoding, row: int) -> int:
    """The top edge of row `row` (seat k's hand is row k; PLACES follow players.max rows)."""
    table_gap = 2 * GAP if row >= encoding.max_players else 0
    return BORDER + row * CELL + table_gap


def column_x(encoding, index: int) -> int:
    """The left edge of the column of card `index` (the encoding's card index)."""
    margin = BORDER + 2 * CELL + 2 * GAP                  # the two seat markers: MARKER_X
    groups = min(index, encoding.n_cards) // encoding.n_suits  # the jokers: a group of their own
    return margin + index * CELL + groups * GAP


def _square(image, y: int, x: int, colour) -> None:
    image[y:y + CELL - 1, x:x + CELL - 1] = colour


def _frame(image, y: int, x: int, colour) -> None:
    side = CELL - 1
    image[y, x:x + side] = colour
    image[y + side - 1, x:x + side] = colour
    image[y:y + side, x] = colour
    image[y:y + side, x + side - 1] = colour

"""Running one scenario on one engine module, through the contract API only."""

from __future__ import annotations

import sys
from pathlib import Path

import conformance_scenarios as S
import engine_backend

REPO = Path(__file__).resolve().parents[2]


def engine_names() -> tuple[list[str], str]:
    """(names, reason-if-empty).  Uses durakc.engines.ENGINES, else the module files."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    try:
        from durakc import engines as generated
    except Exception as exc:  # pragma: no cover - depends on the build
        return [], f"package 'generated' can not be imported: {exc}"
    names = getattr(generated, "ENGINES", None)
    if names is None:
        files = sorted(p.stem for p in (REPO / "generated").glob("*.py") if p.stem != "__init__")
        names = files
    names = list(names)
    if not names:
        return [], "no generated engines yet (durakc.engines.ENGINES is empty and no generated/*.py)"
    return names, ""


def load_engine(name: str):
    return engine_backend.load_engine(name)


class Ctx:
    def __init__(self, mod, name):
        self.mod = mod
        self.name = name
        self.rules = S.engine_rules(mod)
        self.ranks = list(self.rules.get("deck.ranks", S.DEFAULT_RANKS))
        self.deck = S.deck_of(self.rules)
        self.initial_discard: set[str] = set()


def build_position(pos: dict, ctx: Ctx) -> dict:
    """The scenario position as a contract dict: canonical cards, every unseen card discarded."""
    n = pos["players"]
    hands = [[S.canon_card(c) for c in h] for h in pos["hands"]]
    stock = [S.canon_card(c) for c in pos.get("stock", [])]
    discard = [S.canon_card(c) for c in pos.get("discard", []) or []]
    seen = stock + discard + [c for h in hands for c in h]
    if pos.get("hidden_trump"):  # CT1: the face-down card under the face-up trump
        seen.append(S.canon_card(pos["hidden_trump"]))
    aside = [S.canon_card(c) for c in pos.get("set_aside", [])]  # HR12, HR13: out of play
    seen += aside
    # the contract says unseen cards count as discarded; we list them explicitly (HR17: a
    # card of a deck with copies once per copy not seen)
    unseen = list(ctx.deck)
    for c in seen:
        if c in unseen:
            unseen.remove(c)
    discard += unseen
    position = {
        "players": n, "trump": pos["trump"], "stock": stock, "hands": hands,
        "attacker": pos["attacker"], "discard": discard,
        "dealer": pos.get("dealer", (pos["attacker"] - 1) % n),
        "first_round": bool(pos.get("first_round", False)),
        **({"hidden_trump": S.canon_card(pos["hidden_trump"])} if pos.get("hidden_trump") else {}),
        # PK4, TX1: only when the scenario gives them (other engines refuse the keys)
        **{k: pos[k] for k in ("swaps_left", "exchanged") if k in pos},
        **({"set_aside": aside} if aside else {}),
        **({"seat_trumps": list(pos["seat_trumps"])} if "seat_trumps" in pos else {}),  # HR15
    }
    if "losses" in pos:
        position["losses"] = list(pos["losses"])  # L1: a series so far
    for key in ("game", "match_points"):  # HR21, HR22: a series so far
        if key in pos:
            position[key] = pos[key]
    return position


def start_game(sc: dict, ctx: Ctx):
    if "position" in sc:
        game = ctx.mod.from_position(build_position(sc["position"], ctx))
    else:
        ng = sc["new_game"]
        game = ctx.mod.new_game(ng["players"], ng.get("seed"), dealer=ng.get("dealer", 0))
    ctx.initial_discard = set(game.discard)
    return game


def legal_texts(game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def describe(game) -> str:
    try:
        return (f"to_move={game.to_move} attacker={game.attacker} defender={game.defender} "
                f"hands={game.hands} table={game.table} stock={game.stock} out={game.out} "
                f"legal={legal_texts(game)}")
    except Exception as exc:  # pragma: no cover
        return f"<state unavailable: {exc}>"


# ---------------------------------------------------------------------------
# invariants checked after every step
# ---------------------------------------------------------------------------
def check_invariants(game, ctx: Ctx, where: str):
    cards = [c for h in game.hands for c in h]
    cards += [S.printed(c) for pair in game.table for c in pair if c is not None]  # W2
    cards += list(game.stock) + list(game.discard)
    if game.hidden_trump is not None:  # CT1: face down under the face-up trump
        cards.append(game.hidden_trump)
    cards += list(getattr(game, "set_aside", None) or [])  # HR12, HR13: out of play
    assert sorted(cards) == sorted(ctx.deck), (
        f"{where}: cards not conserved (every deck card exactly once in hands, table, stock, "
        f"discard): missing {sorted(set(ctx.deck) - set(cards))}, "
        f"duplicated {sorted({c for c in cards if cards.count(c) > 1})}")
    for seat, hand in enumerate(game.hands):
        assert list(hand) == S.sort_cards(hand, ctx.ranks), (
            f"{where}: hand {seat} not sorted by rank then suit S H D C: {hand}")
    legal = game.legal_actions()
    assert bool(game.is_over) == (len(legal) == 0), (
        f"{where}: legal_actions() must be empty exactly when the game is over "
        f"(is_over={game.is_over}, legal={legal_texts(game)})")
    assert (game.to_move is None) == bool(game.is_over), (
        f"{where}: to_move must be None exactly when the game is over")


# ---------------------------------------------------------------------------
# expectations
# ---------------------------------------------------------------------------
def _canon_list(actions, ctx):
    return [S.canon_action(a, ctx.ranks) for a in actions]


def lowest_trump_holder(game, ctx):
    """The seat holding the lowest trump (T7), read from the public hands, or None."""
    best = None
    for seat, hand in enumerate(game.hands):
        for c in hand:
            if c[-1] == game.trump:
                k = S.card_key(c, ctx.ranks)
                if best is None or k < best[0]:
                    best = (k, seat)
    return None if best is None else best[1]


def check_expect(game, exp: dict, ctx: Ctx, where: str):
    state = describe(game)
    legal = legal_texts(game)

    def eq(label, actual, wanted):
        assert actual == wanted, f"{where}: {label} is {actual!r}, expected {wanted!r}\n  {state}"

    for key in ("to_move", "attacker", "defender", "trump", "loser", "losing_team", "trump_card"):
        if key in exp:
            eq(key, getattr(game, key), exp[key])
    for key in ("teams", "losses"):  # PR1, PR6: lists
        if key in exp:
            got = getattr(game, key)
            eq(key, None if got is None else [list(x) if isinstance(x, list) else x for x in got],
               exp[key])
    if "hidden_trump" in exp:
        want = exp["hidden_trump"]
        eq("hidden_trump", game.hidden_trump, None if want is None else S.canon_card(want))
    if "set_aside" in exp:  # HR12, HR13: the cards out of play
        eq("set_aside", list(getattr(game, "set_aside", None) or []),
           S.sort_cards(exp["set_aside"], ctx.ranks))
    if "seen_trump_card" in exp:  # HR12, HR13: the trump card every seat's observation shows
        want = exp["seen_trump_card"]
        eq("seen_trump_card", [game.observation(s)["trump_card"] for s in range(game.players)],
           [None if want is None else S.canon_card(want)] * game.players)
    if "trump_of" in exp:  # SK1: per seat
        eq("trump_of", [game.trump_of(s) for s in range(game.players)], list(exp["trump_of"]))
    if "swaps_left" in exp:
        eq("swaps_left", game.swaps_left, exp["swaps_left"])
    if "observation" in exp:  # HR25, HR26: what one seat may know
        wanted = dict(exp["observation"])
        seen = game.observation(wanted.pop("seat"))
        for key, value in wanted.items():
            assert key in seen, f"{where}: observation has no {key!r}\n  {state}"
            eq(f"observation[{key!r}]", seen[key], _canon_observed(key, value, ctx))
    for key in ("dealer", "finishing_order", "winner", "points", "match_points", "match_over",
                "standings"):  # HR20-HR23, EP
        if key in exp:
            eq(key, getattr(game, key), exp[key])
    if "next_game_refused" in exp:  # HR21: after the match, next_game raises ValueError
        try:
            game.next_game(seed=0)
        except ValueError as exc:
            refused = True
            assert "match is over" in str(exc), f"{where}: {exc}"
        else:
            refused = False
        eq("next_game_refused", refused, exp["next_game_refused"])
    for key in ("is_over", "is_draw"):
        if key in exp:
            eq(key, bool(getattr(game, key)), bool(exp[key]))
    if "annotations" in exp:
        eq("annotations", dict(game.annotations), dict(exp["annotations"]))
    if "legal" in exp:
        wanted = _canon_list(exp["legal"], ctx)
        if ctx.rules.get("play.resign") and legal and "resign" not in wanted:
            wanted.append("resign")  # HR24: the seat to move may always resign as well
        eq("legal (as a set)", sorted(legal), sorted(wanted))
    for a in _canon_list(exp.get("legal_has", []) or [], ctx):
        assert a in legal, f"{where}: {a!r} must be legal\n  {state}"
    for a in _canon_list(exp.get("legal_lacks", []) or [], ctx):
        assert a not in legal, f"{where}: {a!r} must not be legal\n  {state}"
    for a in _canon_list(exp.get("illegal", []) or [], ctx):
        assert a not in legal, f"{where}: {a!r} must not be among legal_actions()\n  {state}"
        before = game.to_dict()
        try:
            game.apply(a)
        except ctx.mod.IllegalAction:
            pass
        else:
            raise AssertionError(f"{where}: apply({a!r}) must raise IllegalAction\n  {state}")
        assert game.to_dict() == before, f"{where}: refused {a!r} changed the game"
    if "actors" in exp:  # HR34: the seats that may act now, to_move first
        eq("actors()", list(game.actors()), list(exp["actors"]))
    for seat, acts in (exp.get("out_of_turn") or {}).items():  # HR34: exact sets
        eq(f"out_of_turn_actions({seat})", sorted(str(a) for a in game.out_of_turn_actions(seat)),
           sorted(_canon_list(acts, ctx)))
    if "hands" in exp:
        hands = exp["hands"]
        items = hands.items() if isinstance(hands, dict) else enumerate(hands)
        for seat, cards in items:
            eq(f"hands[{seat}]", list(game.hands[seat]), S.sort_cards(cards, ctx.ranks))
    for seat, n in (exp.get("hand_sizes") or {}).items():
        eq(f"len(hands[{seat}])", len(game.hands[seat]), n)
    if "table" in exp:
        want = [[S.canon_card(a), None if d is None else S.canon_card(d)] for a, d in exp["table"]]
        eq("table", [list(p) for p in game.table], want)
    if "stock" in exp:
        eq("stock", list(game.stock), [S.canon_card(c) for c in exp["stock"]])
    if "stock_size" in exp:
        eq("len(stock)", len(game.stock), exp["stock_size"])
    if "discard_added" in exp:
        want = ctx.initial_discard | {S.canon_card(c) for c in exp["discard_added"]}
        got = set(game.discard)
        assert got == want, (f"{where}: discard gained {sorted(got - ctx.initial_discard)}, "
                             f"expected exactly {sorted(want - ctx.initial_discard)}\n  {state}")
    if "out" in exp:
        eq("out", list(game.out), list(exp["out"]))
    if "losses" in exp:
        eq("losses", list(game.losses), list(exp["losses"]))
    if exp.get("attacker_holds_lowest_trump"):
        holder = lowest_trump_holder(game, ctx)
        assert holder is not None, f"{where}: nobody holds a trump\n  {state}"
        eq("attacker (holder of the lowest trump)", game.attacker, holder)


def _canon_observed(key, value, ctx):
    """An observation value of a scenario in the engines' form: `history` as canonical action
    texts, `hand` sorted, `hands` sorted per seat; other values as written."""
    if key == "history":
        return _canon_list(value, ctx)
    if key == "hand":
        return S.sort_cards(value, ctx.ranks)
    if key == "hands":
        return [S.sort_cards(v, ctx.ranks) for v in value]
    return value


def run_scenario(sc: dict, mod, name: str):
    ctx = Ctx(mod, name)
    body = S.body_for(sc, name, ctx.rules)
    game = start_game(sc, ctx)
    check_invariants(game, ctx, "start")
    for i, step in enumerate(S.steps_of(body)):
        where = f"step {i}"
        if "do" in step:
            acts = step["do"] if isinstance(step["do"], list) else [step["do"]]
            for a in acts:
                text = S.canon_action(a, ctx.ranks)
                state = describe(game)
                try:
                    game.apply(text)
                except ctx.mod.IllegalAction as exc:
                    raise AssertionError(
                        f"{where}: {text!r} was refused ({exc}) but the rules allow it\n  {state}"
                    ) from None
                check_invariants(game, ctx, f"{where} after {text!r}")
        elif "next_game" in step:
            game = game.next_game(seed=step["next_game"].get("seed"))
            ctx.initial_discard = set(game.discard)
            check_invariants(game, ctx, f"{where} after next_game")
        else:
            check_expect(game, step["expect"], ctx, where)

"""Named property checks of series and teams: who deals and opens the next game (T8, T25,
P3, HR23), fixed teams (PR1-PR6) and the loser's ladder (L1-L3), over random games.

The player counts and seeds each property runs are read here too (`_players`, `_seeds`);
conformance_properties joins these checks into its table.
"""

from __future__ import annotations

import random

import pytest
from conformance_runner import Ctx, check_invariants, legal_texts, lowest_trump_holder


def _players(ctx, params, default=None):
    lo, hi = ctx.rules.get("players.min", 2), ctx.rules.get("players.max", 6)
    want = params.get("players", default or list(range(lo, hi + 1)))
    mode = ctx.rules.get("teams.mode", "none")  # PR1: a team mode seats only some counts
    return [n for n in want if lo <= n <= hi and (mode == "none" or n in TEAM_COUNTS[mode])]


def _seeds(params, default=40):
    return range(params.get("seeds", default))


def _play_out(g, rng, max_actions, on_step=None):
    for _ in range(max_actions):
        if g.is_over:
            return True
        acts = legal_texts(g)
        g.apply(rng.choice(acts))
        if on_step:
            on_step(g)
    return g.is_over


def series(ctx: Ctx, params: dict):
    """T8/T25/P3: the loser deals and the loser's left starts; a draw keeps the dealer."""
    rules = ctx.rules
    for n in _players(ctx, params, [2, 3, 4]):
        for seed in _seeds(params, 4):
            rng = random.Random(seed)
            dealer = seed % n
            g = ctx.mod.new_game(n, seed, dealer=dealer)
            try:
                g.next_game(seed=1)
            except ValueError:
                pass
            else:
                raise AssertionError("next_game on an unfinished game must raise ValueError")
            for k in range(params.get("games", 3)):
                if not _play_out(g, rng, params.get("max_actions", 3000)):
                    break
                if not g.is_draw and rules.get("series.next_dealer") == "loser":
                    dealer = g.loser
                elif rules.get("series.next_dealer") == "left_of_dealer":
                    dealer = (dealer + 1) % n
                was = f"game {k} (n={n}, seed={seed}, loser={g.loser}, draw={g.is_draw})"
                loser, was_draw = g.loser, g.is_draw
                if g.match_over:  # HR21: the match has ended, next_game refuses
                    with pytest.raises(ValueError, match="match is over"):
                        g.next_game(seed=1)
                    break
                g = g.next_game(seed=1000 * seed + k)
                check_invariants(g, ctx, f"next_game after {was}")
                assert not g.is_over and list(g.out) == [] and g.table == []
                assert g.to_move == g.attacker
                if rules.get("series.first_attacker") == "right_of_loser" and not was_draw:
                    # H2: the player on the loser's right attacks, against the loser
                    assert (g.attacker, g.defender) == ((loser - 1) % n, loser), (
                        f"after {was}: expected seat {(loser - 1) % n} to attack the loser "
                        f"{loser}, got {g.attacker} against {g.defender}")
                elif rules.get("series.first_attacker") == "lowest_trump":
                    holder = lowest_trump_holder(g, ctx)
                    if holder is not None:
                        assert g.attacker == holder, f"after {was}: lowest trump opens"
                else:
                    assert g.attacker == (dealer + 1) % n, (
                        f"after {was}: expected the dealer {dealer}'s left neighbour "
                        f"{(dealer + 1) % n} to start, got {g.attacker}")


def repeat_series(ctx: Ctx, params: dict):
    """HR23: a durak holding more than 6 cards at the end deals the next two games, the
    second as if it had lost again (its left opens); otherwise T8 (the loser deals, a draw
    keeps the dealer); after a draw the lowest trump opens (T7), else the dealer's left."""
    for n in _players(ctx, params, [2, 3]):
        for seed in _seeds(params, 4):
            rng = random.Random(seed)
            g = ctx.mod.new_game(n, seed, dealer=seed % n)
            pending = None  # the double durak still owed its second deal
            for k in range(params.get("games", 4)):
                if not _play_out(g, rng, params.get("max_actions", 3000)):
                    break
                doubled = g.loser is not None and len(g.hands[g.loser]) > 6
                if doubled:
                    dealer, pending = g.loser, g.loser
                elif pending is not None:
                    dealer, pending = pending, None
                else:
                    dealer = g.dealer if g.is_draw else g.loser
                was = f"game {k} (n={n}, seed={seed}, loser={g.loser}, draw={g.is_draw})"
                was_draw = g.is_draw
                g = g.next_game(seed=1000 * seed + k)
                check_invariants(g, ctx, f"next_game after {was}")
                assert g.dealer == dealer, f"after {was}: dealer {g.dealer}, expected {dealer}"
                holder = lowest_trump_holder(g, ctx)
                if was_draw and holder is not None:
                    assert g.attacker == holder, f"after {was}: the lowest trump opens (T7)"
                elif not was_draw:
                    assert g.attacker == (dealer + 1) % n, (
                        f"after {was}: the dealer {dealer}'s left opens, got {g.attacker}")


# -- teams (PR1-PR6) -------------------------------------------------------------------
TEAM_COUNTS = {"opposite": (4, 6), "alternate": (6,)}
"""PR1: the player counts each team mode seats."""


def expected_teams(mode, n):
    """PR1: opposite - partners sit n/2 apart ({0,2} {1,3}; {0,3} {1,4} {2,5});
    alternate - even seats against odd seats ({0,2,4} {1,3,5})."""
    if mode == "opposite":
        return [[s, s + n // 2] for s in range(n // 2)]
    return [[s for s in range(n) if s % 2 == t] for t in range(2)]


def _team_index(teams, seat):
    return next(i for i, t in enumerate(teams) if seat in t)


def _team_counts(ctx, params):
    mode = ctx.rules.get("teams.mode", "none")
    assert mode != "none", "a team property runs on team variants (assumes teams.mode)"
    return mode, [n for n in _players(ctx, params) if n in TEAM_COUNTS[mode]]


def team_seats(ctx: Ctx, params: dict):
    """PR1: fixed teams by seat, shown by `teams` and `observation`; losses start at zero."""
    mode, counts = _team_counts(ctx, params)
    for n in counts:
        for seed in _seeds(params, 5):
            g = ctx.mod.new_game(n, seed, dealer=seed % n)
            want = expected_teams(mode, n)
            assert [list(t) for t in g.teams] == want, f"n={n}: teams {g.teams}, want {want}"
            assert g.losing_team is None and list(g.losses) == [0] * n
            for seat in range(n):
                obs = g.observation(seat)
                assert [list(t) for t in obs["teams"]] == want, f"observation({seat}) teams"


def _check_team_state(g, teams, where):
    """PR2, PR3, PR4 at one point of a running game."""
    atk, dfd = g.attacker, g.defender
    assert _team_index(teams, atk) != _team_index(teams, dfd), (
        f"{where}: attacker {atk} and defender {dfd} are partners (PR2)")
    assert g.to_move not in g.out, f"{where}: seat {g.to_move} is out and stays out (PR4)"
    acts = legal_texts(g)
    if g.to_move != dfd and any(a.startswith("throw ") for a in acts):
        assert _team_index(teams, g.to_move) != _team_index(teams, dfd), (
            f"{where}: seat {g.to_move}, the defender's partner, may throw in (PR2, PR3)")
    if not g.table:  # a round is opening
        holding = {_team_index(teams, s) for s, h in enumerate(g.hands) if h}
        assert len(holding) >= 2 or g.stock, (
            f"{where}: a round opens with at most one team holding cards (PR5)")


def _check_team_end(g, teams, where):
    """PR5, PR6 once the game is over."""
    holding = {_team_index(teams, s) for s, h in enumerate(g.hands) if h}
    if g.is_draw:
        assert not holding and g.loser is None and g.losing_team is None, f"{where}: draw"
        return
    assert len(holding) == 1, f"{where}: the game ends when one team holds cards (PR5)"
    team = holding.pop()
    assert g.losing_team == team, f"{where}: losing_team {g.losing_team}, want {team}"
    most = max(len(g.hands[s]) for s in teams[team])
    assert g.loser == min(s for s in teams[team] if len(g.hands[s]) == most), (
        f"{where}: loser {g.loser}: the losing team's seat with the most cards, lowest "
        f"seat on ties (PR6); hands {g.hands}")


def team_play(ctx: Ctx, params: dict):
    """PR2-PR6 at every point of random games: partners never face each other, the
    defender's partners never throw in, out stays out, the game ends by team."""
    mode, counts = _team_counts(ctx, params)
    for n in counts:
        teams = expected_teams(mode, n)
        for seed in _seeds(params, 30):
            rng = random.Random(seed)
            g = ctx.mod.new_game(n, seed)
            for step in range(params.get("max_actions", 3000)):
                if g.is_over:
                    break
                _check_team_state(g, teams, f"n={n} seed={seed} step {step}")
                g.apply(rng.choice(legal_texts(g)))
            assert g.is_over, f"n={n} seed={seed}: the game did not end"
            _check_team_end(g, teams, f"n={n} seed={seed}")


def team_series(ctx: Ctx, params: dict):
    """PR6 (and T8): every seat of the losing team counts the loss; next_game carries it."""
    mode, counts = _team_counts(ctx, params)
    for n in counts:
        teams = expected_teams(mode, n)
        for seed in _seeds(params, 5):
            rng = random.Random(seed)
            g = ctx.mod.new_game(n, seed)
            want = [0] * n
            for k in range(params.get("games", 3)):
                assert _play_out(g, rng, params.get("max_actions", 3000)), "game did not end"
                if not g.is_draw:
                    for s in teams[g.losing_team]:
                        want[s] += 1
                assert list(g.losses) == want, f"n={n} seed={seed} game {k}: losses {g.losses}"
                g = g.next_game(seed=100 * seed + k)
                assert list(g.losses) == want, f"next_game must carry losses {want}: {g.losses}"


def _ladder_size(losses: int) -> int:
    """L2: a seat that has lost exactly two games gets 7 cards, three or more 8; else 6."""
    return 8 if losses >= 3 else 7 if losses == 2 else 6


def ladder_series(ctx: Ctx, params: dict):
    """L1/L2/L3: random series; each game's loser gains one loss (a draw none), next_game
    carries the counts and deals each seat by them; refills stay to six."""
    for n in _players(ctx, params, [2, 3, 4]):
        for seed in _seeds(params, 4):
            rng = random.Random(seed)
            g = ctx.mod.new_game(n, seed)
            losses = [0] * n
            assert list(g.losses) == losses, f"new_game({n}, {seed}): losses {g.losses}"
            for k in range(params.get("games", 6)):
                if not _play_out(g, rng, params.get("max_actions", 3000)):
                    break
                if not g.is_draw:
                    losses[g.loser] += 1
                where = f"game {k} (n={n}, seed={seed}, loser={g.loser})"
                assert list(g.losses) == losses, f"{where}: losses {g.losses}, want {losses}"
                g = g.next_game(seed=1000 * seed + k)
                check_invariants(g, ctx, f"next_game after {where}")
                assert list(g.losses) == losses, f"after {where}: losses not carried"
                sizes = [len(h) for h in g.hands]
                assert sizes == [_ladder_size(x) for x in losses], (
                    f"after {where}: dealt {sizes} for losses {losses}")
                assert len(g.stock) == len(ctx.deck) - sum(sizes) > 0, f"after {where}: stock"

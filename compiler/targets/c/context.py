"""What the C templates need beyond the Python IR: prefixes, C expressions, C tables.

Everything rule-dependent still comes from `durakc.ir.build.build_ir`; this module only
re-expresses it for C (expressions through `Expr.to_c`, from the same checked trees).
"""

from __future__ import annotations

import functools
import re

from durakc.cards import RANK_VALUE
from durakc.envs import ENVS
from durakc.envs import seat_constants as envs_seat_constants
from durakc.expr.emit_c import NotInC
from durakc.ir.build import build_ir, module_name
from durakc.schema.envs import COUNTER_MAX
from durakc.schema.keys import TEAM_PLAYER_COUNTS, team_of, teams_of
from durakc.spec import Spec
from durakc.targets.c.exprs import KeyNotInC, c
from durakc.targets.c.openings import STACK_ACTIONS, opening_values
from durakc.targets.c.option_paths import folding_option

# How each expression name reads in the C engine, per place of use (durakc.envs), for the
# expressions the core reads besides the capability sections' (those: `durakc.targets.c.exprs`)
# and for the refusals' checks: a transfer's table after `k` cards of the rank `r` (`sub`
# their suits); throw_in.card in `throwable(g, seat)`; attack.opening in opening_actions
# (cap_opening_rule.c.j2).
TRANSFER_AFTER_K = ENVS["transfer"].c("after_k")
THROW = ENVS["throw"].c()
OPENING = ENVS["opening"].c()
ROUND = ENVS["round"].c()
SEAT = ENVS["seat"].c()
OUTCOME = ENVS["outcome"].c()


def defender_trumps(trump_mode: str) -> str:
    """The C mask of the trumps `c.is_trump` and `.trumps` read where the defender is
    attacked (throw_in.card, attack.opening): the defender's own suit under trump.mode
    per_seat (SK2), else the game's trump (durakc.targets.c.exprs.trumps_c over the IR's expressions)."""
    return ("EXPR_TRUMPS(SEAT_SUIT[g->def])" if trump_mode == "per_seat"
            else "EXPR_TRUMPS(g->trump)")


def _c(key: str, expr, names: dict, consts: dict | None = None) -> str:
    """`expr.to_c(names, consts)`, a failure naming the spec key `key` it came from."""
    try:
        return expr.to_c(names, consts)
    except NotInC as exc:
        raise KeyNotInC(key, exc) from exc


def opening_names(ir) -> dict:
    """OPENING with the trump mask of the variant of IR `ir`."""
    return dict(OPENING, **{"$trumps": defender_trumps(ir.trump.mode)})


def seat_constants(ir) -> dict:
    """Seat-environment names with one value for the whole variant of IR `ir` (durakc.envs)."""
    return envs_seat_constants(ir.players.teams_mode != "none")


# The spec key of each expression the C engine evaluates at run time (its tree:
# `ir.exprs.of(key)`), with its name map and its constants (a function of the IR, or None).
EXPRESSION_KEYS = (
    ("attack.limit", dict(ROUND, **{"$trumps": "EXPR_TRUMPS(g->trump)"}), None),
    ("throw_in.who", dict(SEAT, **{"$trumps": "EXPR_TRUMPS(g->trump)"}), seat_constants),
    # judged after the transfer when it counts (their trumps: defender_trumps)
    ("transfer.when", dict(TRANSFER_AFTER_K, **{"$trumps": "EXPR_TRUMPS(g->trump)"}), None),
    ("transfer.capacity", dict(TRANSFER_AFTER_K, **{"$trumps": "EXPR_TRUMPS(g->trump)"}), None),
    ("throw_in.card", dict(THROW, **{"$trumps": "EXPR_TRUMPS(g->trump)"}), None),
    ("transfer.show_card", dict(ENVS["show"].c("shown"), **{"$trumps": "EXPR_TRUMPS(g->trump)"}), None),
)


def prefix(spec: Spec) -> str:
    """The C symbol prefix of a variant: `durak_` + its module name + `_`."""
    return f"durak_{module_name(spec.name)}_"


def c_context(spec: Spec, ir=None) -> dict:
    """The template context: the IR's typed sections and capabilities (`ir`, built if not
    given) plus the C forms."""
    ir = ir if ir is not None else build_ir(spec)
    v = dict(ir.typed(), capabilities=ir.capabilities, exprs=ir.exprs)  # the IR's sections
    v.update(_capability_values(ir))
    exprs = ir.exprs
    mod = module_name(spec.name)
    p = prefix(spec)
    ranks, suits = list(ir.deck.ranks), list(ir.deck.suits)
    width = (ir.deck.ncards + 3) // 4
    v.update({
        "p": p,
        "P": p.upper(),
        "c_file": f"{mod}.c",
        "h_file": f"{mod}.h",
        "card_text_lines": _card_text_lines(ranks, suits),
        "rank_value_lines": _rank_value_lines(ranks, suits),
        "suit0_mask": f"0x{sum(1 << (rk * len(suits)) for rk in range(len(ranks))):X}ULL",
        "c_beat_tables": [(trump, [_c_mask_line(line, width) for line in lines])
                          for trump, lines in ir.beats.tables],
        "trump_never_indices": [suits.index(x) for x in ir.trump.never],
        "first_game_lowest": int(ir.series.first_game == "lowest_trump"),
        "series_first_lowest": int(ir.series.first == "lowest_trump"),
        "limit_c": _c("attack.limit", exprs.limit,  # hand.trumps (issue 31)
                      dict(ROUND, **{"$trumps": defender_trumps(ir.trump.mode)})),
        "throw_in_c": _c("throw_in.who", exprs.throw_in_who,  # hand.trumps (issue 31)
                         dict(SEAT, **{"$trumps": defender_trumps(ir.trump.mode)}),
                         seat_constants(ir)),
        # options: the value of an option that folds throw_in.who to everyone (T2)
        "throw_in_all_when": folding_option(
            spec, exprs.throw_in_who, dict(SEAT, **{"$trumps": defender_trumps(ir.trump.mode)}),
            seat_constants(ir), "1") if spec.options else None,
        **_pass_on_texts(ir),
        "mt_init_lines": _mt_init_lines(),
        "select_lines": _select_lines(),
        "counter_max": COUNTER_MAX,  # set refuses counters above it (issue 19 1h)
        "subset_sizes": [m.bit_count() for m in range(1 << len(suits))],
        "nopen": [[sum(1 for x in _subsets(m) if x.bit_count() <= cap)
                   for m in range(1 << len(suits))] for cap in range(len(suits) + 1)],
        "nsubsets": [len(_subsets(m)) for m in range(1 << len(suits))],
        "subsets": [(_subsets(m) + [0] * ((1 << len(suits)) - 1))[:(1 << len(suits)) - 1] or [0]
                    for m in range(1 << len(suits))],
        "annotation_names": [name for name, _, _ in v["annotations"]],
        "annotations_c": [(name, text, c(expr)) for name, text, expr in v["annotations"]],
    })
    v["max_actions_c"], v["max_actions_why"], most = _max_actions(
        v["P"], any(cap.name == "swaps" for cap in ir.capabilities), v["opening_bound"], ir.deck.ncards)
    v["heap_actions"] = most > STACK_ACTIONS
    v.update(_pass_on_reads(v))
    v["deck_option"] = _deck_option(ir)
    v["has_options"] = any(cap.name == "options" for cap in ir.capabilities)
    v["redeal_reads_hand"] = bool(re.search(r"\bhand\b", v["redeal_c"]))  # cap_redeal_rule.c.j2
    return v


def _deck_option(ir) -> str | None:
    """The C of the deck's size when an option sets it (`g->opt_<name>`), else None."""
    for cap in ir.capabilities:
        if cap.name == "options" and cap.deck:
            return f"g->opt_{cap.deck['name']}"
    return None


def _max_actions(P: str, swaps: bool, openings: int, ncards: int) -> tuple[str, str, int]:
    """MAX_ACTIONS, room for every legal action list, why (the header's comment) and its
    value: beats are at most (NCARDS / 2)^2; swap.per_game adds a swap per ordered pair of
    cards to the openings (PK1); attack.opening as a condition lists up to `openings`
    (HR7, HR8)."""
    parts = [f"{P}NCARDS * {P}NCARDS" if swaps else f"{P}NCARDS * {P}NCARDS / 4"]
    most = (ncards * ncards if swaps else ncards * ncards // 4) + 64
    why = ["an opening list also holds a swap per ordered pair of the attacker's cards"
           if swaps else "beats are at most (NCARDS / 2)^2"]
    if openings:
        parts.insert(0, str(openings))
        most += openings
        why.append(f"attack.opening may list {openings} openings")
    return " + ".join([*parts, "64"]), "; ".join(why), most


def _pass_on_texts(ir) -> dict:
    """The C of transfer.when and transfer.capacity in each place legal.c.j2 reads them, only
    for the capabilities the variant has (a key whose capability is off is never read):
    transfer.when once before the transfers, or per transfer when it reads the table after
    it (issue 19 2b); with shows, the capacity once, or per trump shown when it reads the
    trump shown (`played`, `hand_after`: HR5, HR6)."""
    sections = {cap.name: cap for cap in ir.capabilities}
    after = _when_after(ir)
    texts = {"transfer_when_after": after, "transfer_when_c": "1", "transfer_when_k_c": "",
             "transfer_when_shown_c": "", "transfer_capacity_c": "1", "show_capacity_c": "1",
             "show_capacity_shown_c": "", "show_card_c": "", "show_card_text": "",
             "show_card_all": False}
    if "transfer" in sections:  # the IR's expressions, at the places the section binds
        transfer = sections["transfer"]
        texts["transfer_when_c"] = "1" if after else c(transfer.when)
        texts["transfer_when_k_c"] = c(transfer.when_k) if after else ""
        texts["transfer_capacity_c"] = c(transfer.capacity)
    if "show_trump" in sections:
        show = sections["show_trump"]
        texts.update(_show_card_texts(show))
        texts["transfer_when_shown_c"] = c(show.when_shown) if after else ""
        if show.capacity_shown is not None:
            texts["show_capacity_shown_c"] = c(show.capacity_shown)
        else:
            texts["show_capacity_c"] = c(show.capacity)
    return texts


def _show_card_texts(show) -> dict:
    """transfer.show_card (S1, HR33) in C, over the card `t`, when it is not the core's
    trump mask (the IR's `show_trump` section `show` says which)."""
    if show.card is None:
        return {}
    return {"show_card_c": c(show.card),
            "show_card_text": comment_safe(show.card_text), "show_card_all": show.card_all}


def _pass_on_reads(v: dict) -> dict:
    """Which of the game `g` and the count `k` of cards played the expressions of
    pass_on_actions (legal.c.j2) read: a local or parameter nothing reads fails strict C."""
    per_transfer = [v["transfer_capacity_c"]]
    if v["transfer_when_after"]:
        per_transfer.append(v["transfer_when_k_c"])
    texts = per_transfer + ([v["show_capacity_c"], "g->trump"] if v["show"] else [])
    return {"pass_on_reads_k": any(re.search(r"\bk\b", t) for t in per_transfer),
            "pass_on_reads_g": any(re.search(r"\bg\b", t) for t in texts)}


def _when_after(ir) -> bool:
    """transfer.when reads a count of the table after the transfer (issue 19 2b)."""
    return any(cap.name == "transfer" and cap.when_after for cap in ir.capabilities)


def _capability_values(ir) -> dict:
    """The C templates' flags and texts, from the IR's capability sections (`ir.uses`).

    The Python templates read `cap.<field>` inside their capability modules; the C
    templates are one file with `{% if %}` blocks, so each active capability becomes flags
    here (a capability the C target lacks never gets this far: `capabilities.refusals`).
    """
    sections = {cap.name: cap for cap in ir.capabilities}
    exprs = ir.exprs
    throw_in, limit = exprs.throw_in_who, exprs.limit
    ncards = ir.deck.printed  # the printed deck (no copies in C)
    return {
        "transfer": "transfer" in sections,
        "show": "show_trump" in sections,
        # T10, T13: the ranks on the table before the first beat are the attacked rank
        # (HR34: a cheating transfer may add another rank, so the unbeaten cards are read)
        "transfer_one_rank_before_beat": ("transfer" in sections and "cheating" not in sections
                                          and sections["transfer"].one_rank_before_beat),
        # HR34 with transfers: any one held card may be passed on, a foul off the rank
        "cheat_transfers": "transfer" in sections and "cheating" in sections,
        "show_once": bool(sections["show_trump"].once) if "show_trump" in sections else False,
        "tracks_late": "late_cards" in sections,
        "transfer_when_text": exprs.transfer_when.canonical(),
        "transfer_capacity_text": exprs.transfer_capacity.canonical(),
        "opening_single": "single_opening" in sections,
        # attack.opening as a condition (HR7, HR8): targets/c/openings.py, cap_opening_rule.c.j2
        "opening_rule": "opening_rule" in sections,
        **opening_values(exprs.opening, opening_names(ir) if "opening_rule" in sections else None,
                          ncards),
        "limit_text": limit.canonical(),
        "throw_in_default": "throw_in_rule" not in sections,
        "throw_in_text": throw_in.canonical(),
        "after_take": "same_attacker" if "same_attacker" in sections else "left_of_defender",
        "first_on_return": "last_draw_on_return" not in sections,
        "next_dealer": "left_of_dealer" if "dealer_rotates" in sections else "loser",
        "annotations": list(sections["annotations"].items) if "annotations" in sections else [],
        "teams_c": _teams_tables(ir) if "teams" in sections else [],
        "wild_c": _wild_tables(ir) if "wild" in sections else {},
        # the IR sections' expressions (durakc.ir.bound), in C
        "deal_sizes_c": c(sections["deal_sizes"].expr) if "deal_sizes" in sections else "",
        "redeal_c": c(sections["redeal_rule"].expr) if "redeal_rule" in sections else "",
        # HR19: deal.offer_redeal over one dealt hand (its own longest-suit helper)
        "offer_redeal_c": (re.sub(r"(?<![A-Za-z_])longest_suit\(hand\)", "offer_longest_suit(hand)",
                                  c(sections["redeal_offer"].expr))
                           if "redeal_offer" in sections else ""),
        "first_game_rule_text": ir.series.first_game,
        # HR25, HR26: what mcts determinizes (search.determinize reads the observation)
        "view_discard_closed": "view_discard" in sections,
        "view_hands_open": "view_hands" in sections,
        # throw_in.card (HR1-HR4, HR9): the defender's own suit under per_seat (SK2)
        "throw_card_c": c(sections["throw_card"].expr) if "throw_card" in sections else "",
    }


def _wild_tables(ir) -> dict:
    """deck.wild_rank (W1, W2): the card ints beyond the printed deck, one per (wild card, named
    suit), and the C tables over them (as durakc.ir.build's identities and the Python capability)."""
    ranks, suits = list(ir.deck.ranks), list(ir.deck.suits)
    ns, ncards = len(suits), len(ranks) * len(suits)
    wild = list(ir.deck.wild_cards)
    printed = list(range(ncards)) + [w for w in wild for _ in suits]
    texts = [ranks[w // ns] + suits[w % ns] + "/" + s for w in wild for s in suits]
    named = [sum(1 << i for i in range(ncards, len(printed)) if printed[i] == c) for c in range(ncards)]

    def rank_cards(rank):
        return sum(1 << (rank * ns + s) for s in range(ns))

    same_rank = [rank_cards(printed[c] // ns) | sum(named[w] for w in wild if w // ns == printed[c] // ns)
                 for c in range(len(printed))]
    # the bots (compiler/sim/bots.py): a named-suit card int has its printed card's rank
    named_ranks = " ".join(f"{RANK_VALUE.get(ranks[printed[c] // ns], 0)}," for c in range(ncards, len(printed)))
    return {"cards": wild, "nids": len(printed), "printed": printed, "texts": texts,
            "mask": f"0x{sum(1 << w for w in wild):X}ULL",
            "named_suit0": f"0x{sum(1 << (ncards + i * ns) for i in range(len(wild))):X}ULL",
            "named_ranks": named_ranks,
            "named": [f"0x{m:X}ULL" for m in named], "same_rank": [f"0x{m:X}ULL" for m in same_rank]}


def _teams_tables(ir) -> list:
    """teams.mode (PR1): per player count it seats, (n, each seat's team, each seat's team
    as a seat mask, the teams) for the C tables."""
    mode = ir.players.teams_mode
    rows = []
    for n in TEAM_PLAYER_COUNTS[mode]:
        if ir.players.min <= n <= ir.players.max:
            teams = teams_of(mode, n)
            team = [team_of(mode, n, s) for s in range(n)]
            text = " ".join("{" + ",".join(map(str, t)) + "}" for t in teams)
            rows.append((n, team, [sum(1 << m for m in teams[t]) for t in team], text))
    return rows


def _card_text_lines(ranks, suits) -> list[str]:
    return [" ".join(f'"{rk}{s}",' for s in suits) for rk in ranks]


def _rank_value_lines(ranks, suits) -> list[str]:
    """RANK_VALUE's lines: each card's numeric rank as the bots read its text (durakc.cards)."""
    return [" ".join(f"{RANK_VALUE.get(rk, 0)}," for _ in suits) + f"  /* {rk} */" for rk in ranks]


def _c_mask_line(line: str, width: int) -> str:
    """A Python table line `0x..,  # 6S` as C: `0x..ULL,  /* 6S */`."""
    value, comment = line.split(",", 1)
    return f"{value}ULL,  /* {comment.strip().lstrip('#').strip()} */"


def _subsets(mask: int) -> list[int]:
    """Non-empty sub-masks of `mask`, fewest bits first, then by value."""
    subs = [m for m in range(1, mask + 1) if m & mask == m]
    return sorted(subs, key=lambda m: (m.bit_count(), m))


@functools.cache
def _mt_init_lines() -> list[str]:
    """MT19937's init_genrand(19650218) words, eight a line (the start of every seeding)."""
    words = [19650218]
    for i in range(1, 624):
        prev = words[-1]
        words.append((1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF)
    return [" ".join(f"0x{w:08x}U," for w in words[k:k + 8]) for k in range(0, 624, 8)]


@functools.cache
def _select_lines() -> list[str]:
    """For every byte, the positions of its set bits, lowest first, padded to eight (nth_card's
    table), four bytes a line."""
    rows = ["{" + ", ".join(str(i) for i in ([i for i in range(8) if b >> i & 1] + [0] * 8)[:8]) + "},"
            for b in range(256)]
    return [" ".join(rows[k:k + 4]) for k in range(0, 256, 4)]


def comment_safe(text: str) -> str:
    """`text` for a /* C comment */: no '*/' (or '/*') in it can end or nest the comment."""
    return text.replace("*/", "*\\/").replace("/*", "/\\*")

/* A random-games and hostile-state driver over one generated C engine, built with
 * -fsanitize=address,undefined by tests/native/test_c_sanitizers.py (issue 19, 1h):
 *
 *     cc -std=c99 -g -O0 -fsanitize=address,undefined -fno-sanitize-recover=all \
 *        -DHEADER='"transfer.h"' -DPFX=durak_transfer_ -DUPFX=DURAK_TRANSFER_ [-DHAS_LOSSES] \
 *        -I generated tests/native/sanitize_driver.c generated/transfer.c -o fuzz
 *     ./fuzz games 40 1     -- 40 random games per player count, seed 1
 *     ./fuzz states 400 1   -- 400 mutated states fed to _set, each played on when accepted
 *     ./fuzz refused        -- inconsistent states _set must refuse (prints what it accepted)
 *
 * Any out-of-bounds access, overflow or other undefined behaviour stops the program with the
 * sanitizer's report; "FAIL ..." lines are wrong answers of the API. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include HEADER

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define F(name) CAT(PFX, name)
#define K(name) CAT(UPFX, name)

typedef F(game) game;
typedef F(view) view;
typedef F(action) action;

static uint64_t rng_state;
static int failures;

static uint64_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static int below(int n)
{
    return n > 0 ? (int)(next_random() % (uint64_t)n) : 0;
}

static void fail(const char *what, int detail)
{
    printf("FAIL %s (%d)\n", what, detail);
    failures++;
}

static action acts[K(MAX_ACTIONS)];

/* Random moves from `g` (at most `steps`), checking get/set, copy and the texts on the way. */
static void play_on(game *g, int steps)
{
    char text[K(ACTION_TEXT_MAX)];
    int step;
    for (step = 0; step < steps && !F(is_over)(g); step++) {
        int n = F(legal)(g, acts), pick;
        action back;
        if (n <= 0) {
            fail("a live game without legal actions", n);
            return;
        }
        pick = below(n);
        if (F(action_text)(&acts[pick], text, sizeof text) < 0 || F(parse_action)(text, &back) != K(OK)) {
            fail("action text round trip", acts[pick].kind);
        }
        if (step % 7 == 0) {  /* the state as plain data and back, and a copy */
            view v, w;
            game *c = F(copy)(g);
            F(get)(g, &v);
            if (F(set)(c, &v) != K(OK)) {
                fail("set refused what get gave", v.phase);
            }
            F(get)(c, &w);
            if (memcmp(&v, &w, sizeof v) != 0) {
                fail("get after set differs", v.phase);
            }
            F(free)(c);
        }
        if (F(apply)(g, &acts[pick]) != K(OK)) {
            fail("apply refused a legal action", acts[pick].kind);
            return;
        }
    }
}

static int deal_any(game *g, int players, uint64_t seed)
{
    return F(deal)(g, players, seed, below(players), below(2));
}

static void games(int count, uint64_t seed)
{
    int players, i;
    game *g = F(new)(), *next = F(new)();
    view v;
    /* a never-dealt game: over, nobody to move, nothing legal, nothing to apply */
    if (!F(is_over)(g) || F(to_move)(g) != -1 || F(legal)(g, acts) != 0 || F(loser)(g) != -1
        || F(is_draw)(g)) {
        fail("a never-dealt game is not empty", F(to_move)(g));
    }
    acts[0].kind = K(TAKE);
    acts[0].a = acts[0].d = -1;
    acts[0].mask = 0;
    if (F(apply)(g, &acts[0]) != K(E_ILLEGAL)) {
        fail("a never-dealt game applied an action", 0);
    }
    F(get)(g, &v);
    for (players = K(PLAYERS_MIN); players <= K(PLAYERS_MAX); players++) {
        for (i = 0; i < count; i++) {
            if (deal_any(g, players, seed * 1000003u + (uint64_t)i) != K(OK)) {
                break;  /* a player count the variant refuses (teams) */
            }
            play_on(g, K(MAX_GAME_ACTIONS));
            if (F(is_over)(g) && F(next_game)(g, next, seed + (uint64_t)i) == K(OK)) {
                play_on(next, 200);  /* the series' next game */
            }
        }
    }
    {
        F(record) records[8];
        uint64_t game_seeds[8], bot_seeds[8];
        int bots[8 * K(PLAYERS_MAX)];
        for (i = 0; i < 8; i++) {
            game_seeds[i] = seed + (uint64_t)i;
            bot_seeds[i] = seed * 7u + (uint64_t)i;
        }
        for (i = 0; i < 8 * K(PLAYERS_MAX); i++) {
            bots[i] = i % 2 ? K(BOT_GREEDY) : K(BOT_RANDOM);
        }
        for (players = K(PLAYERS_MIN); players <= K(PLAYERS_MAX); players++) {
            F(play_games)(players, 8, game_seeds, bot_seeds, bots, records);
            F(bench_random)(players, seed, 4, seed);
        }
    }
    F(free)(g);
    F(free)(next);
}

/* One random change to a view: a card moved or copied, a seat or a count or a flag wrong. */
static void mutate(view *v)
{
    int seat = below(v->players), card = below(K(NCARDS));
    switch (below(16)) {
    case 0: v->hands[seat] |= (uint64_t)1 << card; break;  /* a card in two places */
    case 1: v->hands[seat] &= ~((uint64_t)1 << card); break;  /* a card in none */
    case 2: v->to_move = below(v->players + 3) - 2; break;
    case 3: v->defender = below(v->players + 2) - 1; break;
    case 4: v->attacker = below(v->players + 2) - 1; break;
    case 5: v->in_game[seat] = !v->in_game[seat]; break;
    case 6: v->nout = below(v->players + 2) - 1; v->out[0] = below(v->players + 2) - 1; break;
    case 7: v->phase = below(K(OVER) + 3) - 1; break;
    case 8: v->transfers = (int)(next_random() >> 33) * (below(2) ? 1 : -1); break;
    case 9: v->limit = (int)(next_random() >> 33) * (below(2) ? 1 : -1); break;
    case 10: v->ntable = below(4); v->table_attack[0] = card; v->table_defence[0] = below(3) - 2; break;
    case 11: if (v->nstock) { v->stock[below(v->nstock)] = card; } break;
    case 12: v->nstock = below(K(NCARDS) + 3) - 1; break;
    case 13: v->discard |= (uint64_t)1 << card; break;
    case 14: v->loser = below(v->players + 2) - 1; v->is_draw = below(3); break;
    default: v->took = below(3); v->passed = (unsigned)next_random(); break;
    }
}

static void states(int count, uint64_t seed)
{
    int i, accepted = 0;
    game *g = F(new)(), *h = F(new)();
    for (i = 0; i < count; i++) {
        int players = K(PLAYERS_MIN) + below(K(PLAYERS_MAX) - K(PLAYERS_MIN) + 1), j;
        view v;
        if (deal_any(g, players, seed + (uint64_t)i) != K(OK)) {
            continue;
        }
        play_on(g, below(120));
        F(get)(g, &v);
        for (j = 1 + below(3); j > 0; j--) {
            mutate(&v);
        }
        if (F(set)(h, &v) == K(OK)) {
            accepted++;
            play_on(h, 400);  /* whatever set accepts is a state the engine can play on */
        }
    }
    printf("%d of %d mutated states accepted\n", accepted, count);
    F(free)(g);
    F(free)(h);
}

/* Inconsistent states _set must refuse: each is one change to a live dealt game. */
static void refused(void)
{
    game *g = F(new)(), *h = F(new)();
    view base, v;
    int players = K(PLAYERS_MIN), card, k;
    while (deal_any(g, players, 5) != K(OK)) {
        players++;
    }
    F(get)(g, &base);
    for (card = 0; !((base.hands[0] >> card) & 1); card++) {
    }
    for (k = 0; k < 12; k++) {
        v = base;
        switch (k) {
        case 0: v.hands[1] |= (uint64_t)1 << card; break;  /* the card in two hands */
        case 1: v.hands[0] &= ~((uint64_t)1 << card); break;  /* the card nowhere */
        case 2: v.to_move = -1; break;  /* nobody to move in a live phase */
        case 3: v.in_game[v.defender] = 0; v.out[v.nout++] = v.defender; v.hands[v.defender] = 0;
                v.discard |= base.hands[v.defender]; break;  /* the defender out of the game */
        case 4: v.in_game[0] = 0; break;  /* out of the game, yet not in `out` */
        case 5: v.transfers = K(COUNTER_MAX) + 1; break;
        case 6: v.limit = 0x7fffffff; break;
        case 7: v.defender = v.attacker; break;
        case 8: v.discard |= (uint64_t)1 << card; break;  /* in a hand and in the discard pile */
        case 9: v.out[v.nout++] = 0; break;  /* out, yet in the game */
        case 10: v.phase = K(DEFENCE); v.to_move = v.defender; break;  /* nothing to beat */
        default:
#ifdef HAS_LOSSES  /* -DHAS_LOSSES: the view has losses (CAP_LOSSES) */
            v.losses[0] = K(COUNTER_MAX) + 1;
#else
            v.loser = 0;  /* a loser in a live game */
#endif
            break;
        }
        if (F(set)(h, &v) != K(E_STATE)) {
            fail("set accepted an inconsistent state", k);
        }
    }
    F(free)(g);
    F(free)(h);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "games";
    int count = argc > 2 ? atoi(argv[2]) : 20;
    rng_state = argc > 3 ? strtoull(argv[3], NULL, 10) * 2654435761u + 1u : 1u;
    if (strcmp(mode, "games") == 0) {
        games(count, rng_state);
    } else if (strcmp(mode, "states") == 0) {
        states(count, rng_state);
    } else {
        refused();
    }
    printf("%d failures\n", failures);
    return failures != 0;
}

/* Out-of-turn decisions (HR34's catch, play.cheating) in the batched RL environment: the
 * schedule of durakc.rl.schedule and the bots' catching rule of durakc.sim.catching, in C.
 *
 * Included by vecenv.c after its Batch and slot_t.  Before each in-turn decision, every seat
 * (the seat to move first, then clockwise) that holds a catch and has not waited at this
 * position (slot_t.declined) is asked once: the learner through its mask (its catches and
 * `wait`), a bot by the bots' rule: its first catch, by card, of a play it can *see* broke
 * the rules (T11 for a beat, T17 for a throw-in), else it waits.  What the bots can see is
 * kept per game as the plays are applied (slot_t.vf), as `visible_fouls` reads it from the
 * round's history; a greedy bot leaves out the cheats every seat could see
 * (`visibly_legal`).  Without the capability every function here is the in-turn loop's. */

#if C(CAP_CHEATING)
#define VK_CATCHES 1  /* the learner may be asked out of turn: Batch needs `wait`'s index */
/* T11 (durakc.sim.catching.beats): `d` covers `a`: the same suit and higher, or a trump on a
 * non-trump. */
static int t11_beats(const game *g, int a, int d)
{
    if (SUIT_OF(a) == SUIT_OF(d)) {
        return RANK_OF(d) > RANK_OF(a);
    }
    return SUIT_OF(d) == g->trump && SUIT_OF(a) != g->trump;
}

/* The seat's catches now into `out` (room for NCARDS): the count. */
static int catches_of(const game *g, int seat, action *out)
{
    return F(out_of_turn_actions)(g, seat, out);
}
#else
#define VK_CATCHES 0
#endif

/* Before `a` is applied to game `s->g`: the fouls the bots can see, as the round's history
 * shows them (visible_fouls: an opening starts them afresh, a throw-in of a rank not on the
 * table and a beat against T11 add one, a catch of one takes it, and the defence card on a
 * caught attack card, away). */
static void track_fouls(slot_t *s, const action *a)
{
#if C(CAP_CHEATING)
    const game *g = s->g;
    int c, i;
    switch (a->kind) {
    case C(ATTACK):
        s->vf = 0;
        break;
    case C(THROW):
        c = lowest(a->mask);
        if (!(SAME_RANK(c) & g->table)) {
            s->vf |= BIT(c);
        }
        break;
    case C(BEAT):
        if (!t11_beats(g, a->a, a->d)) {
            s->vf |= BIT(a->d);
        }
        break;
    case C(CATCH):
        c = lowest(a->mask);
        if (s->vf & BIT(c)) {
            s->vf &= ~BIT(c);
            for (i = 0; i < g->natt; i++) {
                if (g->att[i] == c && g->dfd[i] >= 0) {
                    s->vf &= ~BIT(g->dfd[i]);
                }
            }
        }
        break;
    default:
        break;
    }
#else
    (void)s;
    (void)a;
#endif
}

/* Schedule.decider: the seat that decides next (-1 once the game is over) and whether it is
 * asked out of turn. */
static int decider(const Batch *b, const slot_t *s, int *out_of_turn)
{
    const game *g = s->g;
    *out_of_turn = 0;
    if (F(is_over)(g)) {
        return -1;
    }
#if C(CAP_CHEATING)
    {
        action found[NCARDS];
        int mover = F(to_move)(g), k;
        for (k = 0; mover >= 0 && k < b->players; k++) {
            int seat = (mover + k) % b->players;
            if (!(s->declined >> seat & 1) && catches_of(g, seat, found) > 0) {
                *out_of_turn = 1;
                return seat;
            }
        }
    }
#else
    (void)b;
#endif
    return F(to_move)(g);
}

/* bot_answer: bot seat `seat`'s catch into *out (1), or 0 when it waits. */
static int bot_catch(const slot_t *s, int seat, action *out)
{
#if C(CAP_CHEATING)
    action found[NCARDS];
    mask_t seen = s->vf & s->g->table;
    int n, k;
    if (!seen) {
        return 0;
    }
    n = catches_of(s->g, seat, found);
    for (k = 0; k < n; k++) {
        if (found[k].mask & seen) {
            *out = found[k];
            return 1;
        }
    }
#else
    (void)s;
    (void)seat;
    (void)out;
#endif
    return 0;
}

/* visibly_legal: `acts` (count of them) without the beats and throw-ins every seat could
 * see break T11 or T17, kept in order in place; the new count. */
static int visibly_legal(const game *g, action *acts, int count)
{
#if C(CAP_CHEATING)
    int i, kept = 0;
    if (!g->table) {
        return count;
    }
    for (i = 0; i < count; i++) {
        const action *a = &acts[i];
        if (a->kind == C(BEAT) && !t11_beats(g, a->a, a->d)) {
            continue;
        }
        if (a->kind == C(THROW) && !(SAME_RANK(lowest(a->mask)) & g->table)) {
            continue;
        }
        acts[kept++] = *a;
    }
    return kept;
#else
    (void)g;
    (void)acts;
    return count;
#endif
}

/* The learner's choices now into b->acts (encoding.choices): the count, *out_of_turn set when
 * it is asked out of turn (its catches; the mask adds `wait`), else its legal actions when
 * it is to move (a game truncated while a bot was asked out of turn included), else none. */
static int learner_choices(Batch *b, const slot_t *s, int *out_of_turn)
{
    int who = decider(b, s, out_of_turn);
#if C(CAP_CHEATING)
    if (*out_of_turn && who == b->seat) {
        return catches_of(s->g, who, b->acts);
    }
#endif
    *out_of_turn = 0;
    if (who < 0 || F(to_move)(s->g) != b->seat) {
        return 0;
    }
    return legal_actions(s->g, b->acts);
}

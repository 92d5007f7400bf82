/* The batched RL environment of one generated C engine (durakc.rl.VectorEnv).
 *
 * Compiled per variant by compiler/native/vector.py as a second extension module: a small
 * unit defines DK_PREFIX, DK_UPPER and DK_MODULE, includes the engine's .c file itself (so
 * the engine's own legal-action generator, apply and bots are at hand), then this file.
 *
 * One `Batch` holds N games of one learner seat.  `step(actions)` plays, in C and without
 * a Python object per game, each game's learner action, then the opponents' moves (the
 * simulator's random and greedy bots, drawing from a per-game CPython Mersenne Twister)
 * up to the learner's next turn, and writes the observation, the action mask, the reward
 * and the done flags into NumPy arrays bound once (`bind`).  The encoding is the layout of
 * durakc/rl/encoding.py for the variants it lists as native (no jokers, wild cards, copies,
 * opening subsets or extra verbs but HR34's catch and wait: their out-of-turn decisions are
 * vecenv_catch.c's): Python passes the block offsets, the card and suit maps and each action
 * kind's block, so this file knows no variant. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>

#define DK_CAT2(a, b) a##b
#define DK_CAT(a, b) DK_CAT2(a, b)
#define F(name) DK_CAT(DK_PREFIX, name)
#define C(name) DK_CAT(DK_UPPER, name)
#define DK_STR2(x) #x
#define DK_STR(x) DK_STR2(x)

typedef F(view) dk_view;

/* The observation blocks' places in the offsets (B_HAND ... NBLOCKS), the action kinds'
 * block shapes (SH_*, encoding.SHAPES) and the illegal-action modes (IL_*,
 * gym_env.ILLEGAL_ACTIONS) are enums the unit defines before this file, made by
 * durakc.rl.vector_native.c_constants from its BLOCKS, SHAPE_CODES and ILLEGAL_CODES (one source). */
#define VK_MAX 16

typedef struct {
    game *g;
    mt_state rng;
    long steps;
    int ended, fresh;
    unsigned declined;  /* HR34: the seats that waited at this position (vecenv_catch.c) */
    mask_t vf;          /* HR34: the fouls the bots saw this round (vecenv_catch.c) */
} slot_t;

typedef struct {
    PyObject_HEAD
    slot_t *slots;
    Py_ssize_t n;
    int players, seat, bots[PMAX];
    long max_steps;  /* 0: no limit */
    int illegal_mode;
    double illegal_reward, non_loser;  /* non_loser NaN: 1 / (players - 1) */
    int cmap[NCARDS], smap[NSUITS], nsuits;
    int koff[VK_MAX], kshape[VK_MAX];
    int boff[NBLOCKS];
    Py_ssize_t obs_size, num_actions;
    long wait_index;  /* HR34: the index of `wait` (-1: no out-of-turn decisions) */
    Py_buffer buf[9];  /* obs, mask, rewards, terminated, truncated, illegal, steps, loser, is_draw */
    int bound;
    action acts[C(MAX_ACTIONS)];
} Batch;

enum { BUF_OBS, BUF_MASK, BUF_REW, BUF_TERM, BUF_TRUNC, BUF_ILL, BUF_STEPS, BUF_LOSER, BUF_DRAW };

/* The action index (encoding.action_index) of a legal action. */
static long action_index(const Batch *b, const action *a)
{
    long off = b->koff[a->kind];
    switch (b->kshape[a->kind]) {
    case SH_RANK_SET: {
        mask_t m = a->mask;
        long set = 0, rank = 0;
        while (m) {
            int e = b->cmap[lowest(m)];
            m &= m - 1;
            rank = e / b->nsuits;
            set |= 1L << (e % b->nsuits);
        }
        return off + rank * ((1L << b->nsuits) - 1) + set - 1;
    }
    case SH_PLAYED:
    case SH_PRINTED:
        return off + b->cmap[lowest(a->mask)];
    case SH_PLAYED_PAIR:
        return off + (long)b->cmap[a->a] * NCARDS + b->cmap[a->d];
    default:
        return off;
    }
}

#include "vecenv_catch.c"

static int slot_of(const Batch *b, int s)
{
    return ((s - b->seat) % b->players + b->players) % b->players;
}

static void put_mask(float *row, int off, const int *cmap, mask_t m)
{
    while (m) {
        row[off + cmap[lowest(m)]] += 1.0f;
        m &= m - 1;
    }
}

/* encoding.observation(game, seat) into row (obs_size floats). */
static void encode_obs(const Batch *b, const game *g, float *row)
{
    dk_view v;
    const int *o = b->boff, *cm = b->cmap;
    int i;
    F(get)(g, &v);
    memset(row, 0, (size_t)b->obs_size * sizeof(float));
    put_mask(row, o[B_HAND], cm, v.hands[b->seat]);
    for (i = 0; i < v.ntable; i++) {
        row[o[B_TABLE_ATTACK] + cm[v.table_attack[i]]] += 1.0f;
        if (v.table_defence[i] >= 0) {
            row[o[B_TABLE_DEFENCE] + cm[v.table_defence[i]]] += 1.0f;
        } else {
            row[o[B_TABLE_UNBEATEN] + cm[v.table_attack[i]]] += 1.0f;
        }
    }
    put_mask(row, o[B_DISCARD], cm, v.discard);
    if (v.turned >= 0) {
#if C(CAP_SET_ASIDE)
        if (v.set_aside >> v.turned & 1) {  /* HR12, HR13: seen while it lies aside */
            row[o[B_TRUMP_CARD] + cm[v.turned]] = 1.0f;
        }
#endif
        for (i = 0; i < v.nstock; i++) {
            if (v.stock[i] == v.turned) {
                row[o[B_TRUMP_CARD] + cm[v.turned]] = 1.0f;
                break;
            }
        }
    }
    if (v.ntable) {
        put_mask(row, o[B_SHOWN], cm, v.shown);
        row[o[B_TOOK]] = (float)(v.took != 0);
    }
    row[o[B_TRUMP_SUIT] + (v.trump >= 0 && v.trump < NSUITS ? b->smap[v.trump] : b->nsuits)] = 1.0f;
    for (i = 0; i < v.players; i++) {
        row[o[B_SEATS] + i] = 1.0f;
        row[o[B_HAND_SIZES] + slot_of(b, i)] = (float)popcount(v.hands[i]);
    }
    for (i = 0; i < v.nout; i++) {
        row[o[B_OUT] + slot_of(b, v.out[i])] += 1.0f;
    }
    if (v.phase != C(OVER)) {
        row[o[B_ATTACKER] + slot_of(b, v.attacker)] = 1.0f;
        row[o[B_DEFENDER] + slot_of(b, v.defender)] = 1.0f;
    }
    if (v.to_move >= 0) {
        row[o[B_TO_MOVE] + slot_of(b, v.to_move)] = 1.0f;
    }
    row[o[B_PHASE] + v.phase] = 1.0f;
    row[o[B_STOCK_SIZE]] = (float)v.nstock;
    row[o[B_LIMIT]] = (float)(v.limit < NCARDS ? v.limit : NCARDS);
}

/* encoding.action_mask(game, seat, out_of_turn) into row (num_actions bytes). */
static void encode_mask(Batch *b, const slot_t *s, signed char *row)
{
    int i, out_of_turn, count = learner_choices(b, s, &out_of_turn);
    memset(row, 0, (size_t)b->num_actions);
    for (i = 0; i < count; i++) {
        row[action_index(b, &b->acts[i])] = 1;
    }
    if (out_of_turn) {
        row[b->wait_index] = 1;  /* HR34: asked out of turn, it may wait */
    }
}

/* The learner's choice of index `index` in b->acts, FOUND_WAIT for `wait`, or -1; *out_of_turn
 * set when it was asked out of turn (a catch). */
enum { FOUND_WAIT = -2 };
static int find_legal(Batch *b, const slot_t *s, long index, int *out_of_turn)
{
    int i, count;
    if (index < 0 || index >= b->num_actions) {
        return -1;
    }
    count = learner_choices(b, s, out_of_turn);
    if (*out_of_turn && index == b->wait_index) {
        return FOUND_WAIT;
    }
    for (i = 0; i < count; i++) {
        if (action_index(b, &b->acts[i]) == index) {
            return i;
        }
    }
    return -1;
}

/* Apply a chosen action (a catch through the engine's apply, out of turn): every seat is
 * asked again. */
static void play(slot_t *s, const action *a, int out_of_turn)
{
    track_fouls(s, a);
    if (out_of_turn) {
        F(apply)(s->g, a);
    } else {
        apply_action(s->g, a);
    }
    s->declined = 0;
}

/* DurakEnv._play_bots: 1 at the learner's decision or the end, 0 past max_steps x
 * (players - 1) moves (a bot's wait is no move). */
static int play_bots(Batch *b, slot_t *s)
{
    long moves = 0, cap = b->max_steps ? b->max_steps * (b->players - 1) : -1;
    game *g = s->g;
    int mover, out_of_turn;
    while ((mover = decider(b, s, &out_of_turn)) >= 0 && mover != b->seat) {
        int count, k;
        if (cap >= 0 && moves >= cap) {
            return 0;
        }
        if (out_of_turn) {  /* HR34: the bots' catching rule, else the bot waits */
            action caught;
            if (!bot_catch(s, mover, &caught)) {
                s->declined |= 1U << mover;
                continue;
            }
            play(s, &caught, 1);
            moves++;
            continue;
        }
        count = legal_actions(g, b->acts);
        if (b->bots[mover] == C(BOT_GREEDY)) {
            count = visibly_legal(g, b->acts, count);  /* HR34: no cheat others could see */
            k = greedy_bot(g, b->acts, count, 0);
        } else {
            k = (int)mt_below(&s->rng, (uint32_t)count);
        }
        play(s, &b->acts[k], 0);
        moves++;
    }
    return 1;
}

static double learner_reward(const Batch *b, const game *g)
{
    int loser = F(loser)(g);
    if (!F(is_over)(g) || F(is_draw)(g) || loser < 0) {
        return 0.0;
    }
    if (loser == b->seat) {
        return -1.0;
    }
    return isnan(b->non_loser) ? 1.0 / (b->players - 1) : b->non_loser;
}

#define ROW(k, T, i, width) ((T *)b->buf[k].buf + (i) * (width))

static void write_info(Batch *b, Py_ssize_t i)
{
    game *g = b->slots[i].g;
    int over = F(is_over)(g);
    ((long long *)b->buf[BUF_STEPS].buf)[i] = b->slots[i].steps;
    ((long long *)b->buf[BUF_LOSER].buf)[i] = over ? F(loser)(g) : -1;
    ((unsigned char *)b->buf[BUF_DRAW].buf)[i] = (unsigned char)(over && F(is_draw)(g));
}

static void write_obs(Batch *b, Py_ssize_t i)
{
    encode_obs(b, b->slots[i].g, ROW(BUF_OBS, float, i, b->obs_size));
    encode_mask(b, &b->slots[i], ROW(BUF_MASK, signed char, i, b->num_actions));
    write_info(b, i);
}

/* One learner step of game i (DurakEnv.step; the action checked legal or not here). */
static void step_one(Batch *b, Py_ssize_t i, long index)
{
    slot_t *s = &b->slots[i];
    double *rew = (double *)b->buf[BUF_REW].buf;
    unsigned char *term = b->buf[BUF_TERM].buf, *trunc = b->buf[BUF_TRUNC].buf;
    unsigned char *ill = b->buf[BUF_ILL].buf;
    int k, out_of_turn;
    if (s->fresh) {  /* reset by this very call (autoreset): the action is ignored */
        s->fresh = 0;
        rew[i] = 0.0;
        term[i] = trunc[i] = ill[i] = 0;
        return;
    }
    k = find_legal(b, s, index, &out_of_turn);
    s->steps++;
    if (k == -1) {
        int out = b->max_steps && s->steps >= b->max_steps;
        rew[i] = b->illegal_reward;
        ill[i] = 1;
        term[i] = b->illegal_mode == IL_TERMINATE;
        trunc[i] = !term[i] && out;
        s->ended = term[i] || trunc[i];
        write_info(b, i);
        return;  /* the game unchanged: its observation rows stay */
    }
    if (k == FOUND_WAIT) {
        s->declined |= 1U << b->seat;  /* HR34: the learner waits at this position */
    } else {
        play(s, &b->acts[k], out_of_turn);
    }
    {
        int finished = play_bots(b, s), over = F(is_over)(s->g);
        ill[i] = 0;
        term[i] = (unsigned char)over;
        trunc[i] = !over && (!finished || (b->max_steps && s->steps >= b->max_steps));
        rew[i] = over ? learner_reward(b, s->g) : 0.0;
        s->ended = term[i] || trunc[i];
    }
    write_obs(b, i);
}

static int get_buffer(PyObject *arr, Py_buffer *view, Py_ssize_t items, Py_ssize_t itemsize,
                      const char *name)
{
    if (PyObject_GetBuffer(arr, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) {
        return -1;
    }
    if (view->len != items * itemsize || view->itemsize != itemsize) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "Batch.bind: %s needs %zd items of %zd bytes", name,
                     items, itemsize);
        return -1;
    }
    return 0;
}

static int read_ints(PyObject *seq, int *out, Py_ssize_t n, const char *name)
{
    PyObject *fast = PySequence_Fast(seq, name);
    Py_ssize_t i;
    if (!fast) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "Batch: %s needs %zd ints", name, n);
        return -1;
    }
    for (i = 0; i < n; i++) {
        long x = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (x == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)x;
    }
    Py_DECREF(fast);
    return 0;
}

static void Batch_dealloc(Batch *self)
{
    Py_ssize_t i;
    if (self->slots) {
        for (i = 0; i < self->n; i++) {
            F(free)(self->slots[i].g);
        }
        PyMem_Free(self->slots);
    }
    if (self->bound) {
        for (i = 0; i < 9; i++) {
            PyBuffer_Release(&self->buf[i]);
        }
    }
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Batch(n, players, seat, bots, max_steps, illegal_mode, illegal_reward, non_loser,
 *       card_map, suit_map, kind_offsets, kind_shapes, block_offsets, obs_size, num_actions
 *       [, wait_index]) -- wait_index: HR34's `wait` (-1, the default: none) */
static int Batch_init(Batch *self, PyObject *args, PyObject *kwds)
{
    PyObject *bots, *cmap, *smap, *koff, *kshape, *boff;
    Py_ssize_t n, i;
    int nkinds;
    (void)kwds;
    if (self->slots) {
        PyErr_SetString(PyExc_RuntimeError, "Batch is initialised once");
        return -1;
    }
    self->wait_index = -1;
    if (!PyArg_ParseTuple(args, "niiOliddOOOOOnn|l", &n, &self->players, &self->seat, &bots,
                          &self->max_steps, &self->illegal_mode, &self->illegal_reward,
                          &self->non_loser, &cmap, &smap, &koff, &kshape, &boff,
                          &self->obs_size, &self->num_actions, &self->wait_index)) {
        return -1;
    }
    if (self->wait_index >= self->num_actions
        || (VK_CATCHES && self->wait_index < 0)) {
        PyErr_SetString(PyExc_ValueError, "Batch: HR34's catches need the index of wait");
        return -1;
    }
    if (n < 1 || self->players < C(PLAYERS_MIN) || self->players > C(PLAYERS_MAX)
        || self->seat < 0 || self->seat >= self->players) {
        PyErr_SetString(PyExc_ValueError, "Batch: bad size, player count or seat");
        return -1;
    }
    nkinds = (int)PySequence_Size(koff);
    if (nkinds < 1 || nkinds > VK_MAX) {
        PyErr_SetString(PyExc_ValueError, "Batch: bad kind offsets");
        return -1;
    }
    self->nsuits = NSUITS;
    if (read_ints(bots, self->bots, self->players, "bots") < 0
        || read_ints(cmap, self->cmap, NCARDS, "card_map") < 0
        || read_ints(smap, self->smap, NSUITS, "suit_map") < 0
        || read_ints(koff, self->koff, nkinds, "kind_offsets") < 0
        || read_ints(kshape, self->kshape, nkinds, "kind_shapes") < 0
        || read_ints(boff, self->boff, NBLOCKS, "block_offsets") < 0) {
        return -1;
    }
    self->slots = PyMem_Calloc((size_t)n, sizeof(slot_t));
    if (!self->slots) {
        PyErr_NoMemory();
        return -1;
    }
    self->n = n;
    for (i = 0; i < n; i++) {
        self->slots[i].g = F(new)();
        self->slots[i].ended = 1;
        if (!self->slots[i].g) {
            PyErr_NoMemory();
            return -1;
        }
    }
    return 0;
}

/* bind(obs, mask, rewards, terminated, truncated, illegal, steps, loser, is_draw) */
static PyObject *Batch_bind(Batch *self, PyObject *args)
{
    PyObject *a[9];
    static const Py_ssize_t size[9] = { 4, 1, 8, 1, 1, 1, 8, 8, 1 };
    static const char *const name[9] = { "obs", "mask", "rewards", "terminated", "truncated",
                                         "illegal", "steps", "loser", "is_draw" };
    Py_buffer views[9];
    int i;
    if (!PyArg_ParseTuple(args, "OOOOOOOOO", &a[0], &a[1], &a[2], &a[3], &a[4], &a[5], &a[6],
                          &a[7], &a[8])) {
        return NULL;
    }
    for (i = 0; i < 9; i++) {
        Py_ssize_t items = self->n * (i == 0 ? self->obs_size : i == 1 ? self->num_actions : 1);
        if (get_buffer(a[i], &views[i], items, size[i], name[i]) < 0) {
            while (i-- > 0) {
                PyBuffer_Release(&views[i]);
            }
            return NULL;
        }
    }
    if (self->bound) {
        for (i = 0; i < 9; i++) {
            PyBuffer_Release(&self->buf[i]);
        }
    }
    memcpy(self->buf, views, sizeof(views));
    self->bound = 1;
    Py_RETURN_NONE;
}

static int check_bound(Batch *self, Py_ssize_t i)
{
    if (!self->bound) {
        PyErr_SetString(PyExc_RuntimeError, "Batch: bind() the arrays first");
        return -1;
    }
    if (i < 0 || i >= self->n) {
        PyErr_SetString(PyExc_IndexError, "Batch: no such game");
        return -1;
    }
    return 0;
}

/* reset(i, seed, bot_key, fresh): deal game i as new_game(players, seed) (seed below 2**64),
 * its bots drawing from random.Random seeded by init_by_array over bot_key (bytes: the
 * little-endian 32-bit words of the seed int, 1 to 624 of them, as CPython's seed reads an
 * int), the bots playing up to the learner's turn; writes row i.  Returns False when the
 * bots ran past the step limit first.  fresh: the next step() ignores game i's action. */
static PyObject *Batch_reset(Batch *self, PyObject *args)
{
    Py_ssize_t i, nkey;
    unsigned long long seed;
    const unsigned char *key;
    uint32_t words[624];
    int fresh, k, err, finished;
    if (!PyArg_ParseTuple(args, "nKy#p", &i, &seed, &key, &nkey, &fresh)
        || check_bound(self, i) < 0) {
        return NULL;
    }
    if (nkey < 4 || nkey > 4 * 624 || nkey % 4) {
        PyErr_SetString(PyExc_ValueError, "bot_key: 1 to 624 words of 4 bytes");
        return NULL;
    }
    for (k = 0; k < nkey / 4; k++) {
        const unsigned char *w = key + 4 * k;
        words[k] = (uint32_t)w[0] | (uint32_t)w[1] << 8 | (uint32_t)w[2] << 16 | (uint32_t)w[3] << 24;
    }
    slot_t *s = &self->slots[i];
    mt_init_by_array(&s->rng, words, (int)(nkey / 4));
    err = F(deal)(s->g, self->players, (uint64_t)seed, 0, 0);
    if (err) {
        PyErr_Format(PyExc_ValueError, "the C engine refused the deal (error %d)", err);
        return NULL;
    }
    s->steps = 0;
    s->declined = 0;
    s->vf = 0;
    finished = play_bots(self, s);
    s->ended = F(is_over)(s->g);
    s->fresh = fresh;
    write_obs(self, i);
    return PyBool_FromLong(finished);
}

/* step(actions): one learner step of every game (an int64 array of n action indices); with
 * illegal_mode raise, first the index of a game whose action is not legal (nothing played),
 * else -1. */
static PyObject *Batch_step(Batch *self, PyObject *arg)
{
    Py_buffer acts;
    Py_ssize_t i, bad = -1;
    if (check_bound(self, 0) < 0 || PyObject_GetBuffer(arg, &acts, PyBUF_C_CONTIGUOUS) < 0) {
        return NULL;
    }
    if (acts.len != self->n * 8 || acts.itemsize != 8) {
        PyBuffer_Release(&acts);
        PyErr_SetString(PyExc_ValueError, "step: an int64 action for every game");
        return NULL;
    }
    const long long *a = acts.buf;
    for (i = 0; i < self->n; i++) {
        if (self->slots[i].ended && !self->slots[i].fresh) {
            PyBuffer_Release(&acts);
            PyErr_Format(PyExc_RuntimeError, "game %zd: the episode is over: reset it", i);
            return NULL;
        }
    }
    if (self->illegal_mode == IL_RAISE) {
        for (i = 0; i < self->n && bad < 0; i++) {
            int out_of_turn;
            if (!self->slots[i].fresh
                && find_legal(self, &self->slots[i], (long)a[i], &out_of_turn) == -1) {
                bad = i;
            }
        }
    }
    if (bad < 0) {
        Py_BEGIN_ALLOW_THREADS
        for (i = 0; i < self->n; i++) {
            step_one(self, i, (long)a[i]);
        }
        Py_END_ALLOW_THREADS
    }
    PyBuffer_Release(&acts);
    return PyLong_FromSsize_t(bad);
}

/* legal_texts(i): the texts of the learner's choices in game i (for error messages; asked
 * out of turn, its catches: `wait` is the caller's to add). */
static PyObject *Batch_legal_texts(Batch *self, PyObject *arg)
{
    Py_ssize_t i = PyLong_AsSsize_t(arg);
    PyObject *out;
    char text[C(ACTION_TEXT_MAX)];
    int k, count;
    if ((i == -1 && PyErr_Occurred()) || check_bound(self, i) < 0) {
        return NULL;
    }
    {
        int out_of_turn;
        count = learner_choices(self, &self->slots[i], &out_of_turn);
    }
    out = PyList_New(count);
    for (k = 0; out && k < count; k++) {
        PyObject *t;
        F(action_text)(&self->acts[k], text, sizeof text);
        t = PyUnicode_FromString(text);
        if (!t) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, k, t);
    }
    return out;
}

static PyMethodDef Batch_methods[] = {
    {"bind", (PyCFunction)Batch_bind, METH_VARARGS, "Bind the output arrays."},
    {"reset", (PyCFunction)Batch_reset, METH_VARARGS, "Deal one game, bots to the learner's turn."},
    {"step", (PyCFunction)Batch_step, METH_O, "One learner step of every game."},
    {"legal_texts", (PyCFunction)Batch_legal_texts, METH_O, "Legal action texts of one game."},
    {NULL, NULL, 0, NULL}
};

static PyTypeObject BatchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = DK_STR(DK_MODULE) ".Batch",
    .tp_basicsize = sizeof(Batch),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "N games of one learner seat, stepped in C (durakc.rl.VectorEnv).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Batch_init,
    .tp_dealloc = (destructor)Batch_dealloc,
    .tp_methods = Batch_methods,
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, DK_STR(DK_MODULE), "A batched RL environment in C.", -1, NULL,
    NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC DK_CAT(PyInit_, DK_MODULE)(void)
{
    PyObject *m;
    if (PyType_Ready(&BatchType) < 0) {
        return NULL;
    }
    m = PyModule_Create(&module_def);
    if (!m) {
        return NULL;
    }
    Py_INCREF(&BatchType);
    if (PyModule_AddObject(m, "Batch", (PyObject *)&BatchType) < 0
        || PyModule_AddIntConstant(m, "NCARDS", NCARDS) < 0
        || PyModule_AddIntConstant(m, "NSUITS", NSUITS) < 0
        || PyModule_AddIntConstant(m, "BOT_RANDOM", C(BOT_RANDOM)) < 0
        || PyModule_AddIntConstant(m, "BOT_GREEDY", C(BOT_GREEDY)) < 0) {
        Py_DECREF(&BatchType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

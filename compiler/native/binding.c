/* The CPython binding of one generated C engine (durakc's native backend).
 *
 * Compiled per variant by compiler/native/build.py together with the variant's C engine;
 * a small generated unit defines DK_PREFIX (durak_<module>_), DK_UPPER (its macro prefix)
 * and DK_MODULE (the extension's module name), includes the variant's header, then this
 * file.  Only this file includes Python.h: the engine itself stays plain C99.
 *
 * The type `Core` holds one game.  Its hot path (legal_actions, apply, to_move) is C:
 * legal actions are the Python engine's own interned Action objects (made once per move
 * by the `make_action(kind, a, d, mask)` callable given to `setup`), so `apply` finds the
 * chosen one by identity, like the Python engine does.  Anything else that `apply` is
 * given goes to the Python method `_slow_apply` of the subclass (parsing, explanations).
 * Whole-game runs (`play_games`, `bench_random`) release the GIL. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define DK_CAT2(a, b) a##b
#define DK_CAT(a, b) DK_CAT2(a, b)
#define F(name) DK_CAT(DK_PREFIX, name)
#define C(name) DK_CAT(DK_UPPER, name)
#define DK_STR2(x) #x
#define DK_STR(x) DK_STR2(x)

typedef F(game) dk_game;
typedef F(action) dk_action;
typedef F(view) dk_view;
typedef F(record) dk_record;

#define NC C(NCARDS)
#if C(CAP_WILD)
#define NID C(NIDS)  /* the card ints a table may hold: printed cards and wild cards' named suits (W2) */
#else
#define NID NC
#endif

/* Interned Action objects, by move (owned references; NULL until first needed). */
static PyObject *make_action = NULL;
static PyObject *beat_actions[NID][NID];
static PyObject *throw_actions[NID];
static PyObject *take_action = NULL, *pass_action = NULL;
static PyObject *mask_actions = NULL;  /* dict: (kind << 58 | mask) or (kind, mask) -> Action */
static PyObject *card_texts[NID];  /* "10H", ... (owned, made at import) */

/* The key of a non-slotted action in mask_actions: kind << 58 | mask, or (kind, mask) when
 * the mask reaches bit 58 (wild cards' card ints), or (kind, a, d) for a swap, whose two
 * cards' order matters (swap.per_game, PK3). */
static PyObject *action_key(const dk_action *a)
{
#if C(CAP_SWAPS)
    if (a->kind == C(SWAP)) {
        return Py_BuildValue("(iii)", a->kind, a->a, a->d);
    }
#endif
    if (a->mask >> 58) {
        return Py_BuildValue("(iK)", a->kind, (unsigned long long)a->mask);
    }
    return PyLong_FromUnsignedLongLong(((unsigned long long)a->kind << 58) | a->mask);
}

static PyObject *action_object(const dk_action *a)
{
    PyObject **slot = NULL, *obj, *key;
    if (a->kind == C(BEAT)) {
        slot = &beat_actions[a->a][a->d];
    } else if (a->kind == C(THROW)) {
        int c = 0;
        while (!((a->mask >> c) & 1)) {
            c++;
        }
        slot = &throw_actions[c];
    } else if (a->kind == C(TAKE)) {
        slot = &take_action;
    } else if (a->kind == C(PASS)) {
        slot = &pass_action;
    }
    if (slot && *slot) {
        return *slot;
    }
    if (!slot) {
        key = action_key(a);
        if (!key) {
            return NULL;
        }
        obj = PyDict_GetItemWithError(mask_actions, key);
        if (obj || PyErr_Occurred()) {
            Py_DECREF(key);
            return obj;
        }
    }
    obj = PyObject_CallFunction(make_action, "iiiK", a->kind, a->a, a->d, (unsigned long long)a->mask);
    if (!obj) {
        if (!slot) {
            Py_DECREF(key);
        }
        return NULL;
    }
    if (slot) {
        *slot = obj;
    } else {
        int err = PyDict_SetItem(mask_actions, key, obj);
        Py_DECREF(key);
        Py_DECREF(obj);
        if (err) {
            return NULL;
        }
    }
    return obj;  /* borrowed */
}

typedef struct {
    PyObject_HEAD
    dk_game *g;
    PyObject *history;  /* list of action texts */
    PyObject *legal;    /* list of Action objects for the current state, or NULL */
    int nlegal;
#if C(HEAP_ACTIONS)
    dk_action *acts;    /* MAX_ACTIONS of them, from the heap: too many for the object */
#else
    dk_action acts[C(MAX_ACTIONS)];
#endif
    PyObject *dict;
    int dealt;          /* 0 until _deal, _deal_after or _load set a state */
} Core;

/* An object made by Core.__new__ alone (or a subclass that skips the constructors) holds no
 * game yet: every member refuses it with AttributeError, as the Python engine's Game does. */
#define NEVER_DEALT "this game was never dealt: make games with new_game(), from_position() or Game.from_dict()"

static int not_dealt(Core *self)
{
    if (self->dealt && self->g) {
        return 0;
    }
    PyErr_SetString(PyExc_AttributeError, NEVER_DEALT);
    return -1;
}

static PyObject *error_for(int err)
{
    switch (err) {
    case C(E_PLAYERS):
        return PyErr_Format(PyExc_ValueError, "players must be from %d to %d",
                            C(PLAYERS_MIN), C(PLAYERS_MAX));
    case C(E_DEALER):
        return PyErr_Format(PyExc_ValueError, "dealer must be a seat of the game");
    case C(E_NOT_OVER):
        return PyErr_Format(PyExc_ValueError, "the game is not over yet");
    case C(E_MEMORY):
        return PyErr_NoMemory();
    case C(E_DECK):
        return PyErr_Format(PyExc_ValueError, "the hands need more cards than the deck has");
    default:
        return PyErr_Format(PyExc_ValueError, "invalid game state (error %d)", err);
    }
}

#include "binding_stop.c"  /* Ctrl-C in the long calls: stop_watch_begin, stop_watch_end */

static int core_init_fields(Core *self)
{
    self->g = F(new)();
    self->history = PyList_New(0);
    self->legal = NULL;
#if C(HEAP_ACTIONS)
    self->acts = malloc(sizeof(dk_action) * C(MAX_ACTIONS));
    if (!self->acts) {
        PyErr_NoMemory();
        return -1;
    }
#endif
    if (!self->g || !self->history) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Core.__new__: the engine's struct and the history list exist from here on, so no member
 * ever reads a NULL pointer, whatever a subclass's __init__ does. */
static PyObject *Core_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    Core *self = (Core *)type->tp_alloc(type, 0);
    (void)args;
    (void)kwds;
    if (self && core_init_fields(self)) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static int Core_init(Core *self, PyObject *args, PyObject *kwds)
{
    (void)self;
    (void)args;
    (void)kwds;
    return 0;
}

static int Core_traverse(Core *self, visitproc visit, void *arg)
{
    Py_VISIT(self->history);
    Py_VISIT(self->legal);
    Py_VISIT(self->dict);
    return 0;
}

static int Core_clear(Core *self)
{
    Py_CLEAR(self->history);
    Py_CLEAR(self->legal);
    Py_CLEAR(self->dict);
    return 0;
}

static void Core_dealloc(Core *self)
{
    PyObject_GC_UnTrack(self);
    Core_clear(self);
    F(free)(self->g);
#if C(HEAP_ACTIONS)
    free(self->acts);
#endif
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Core *new_core(PyTypeObject *type)
{
    return (Core *)Core_new(type, NULL, NULL);
}

static int fill_legal(Core *self)
{
    int i;
    if (self->legal) {
        return 0;
    }
    if (not_dealt(self)) {
        return -1;
    }
    self->nlegal = F(legal)(self->g, self->acts);
    self->legal = PyList_New(self->nlegal);
    if (!self->legal) {
        return -1;
    }
    for (i = 0; i < self->nlegal; i++) {
        PyObject *obj = action_object(&self->acts[i]);
        if (!obj) {
            Py_CLEAR(self->legal);
            return -1;
        }
        Py_INCREF(obj);
        PyList_SET_ITEM(self->legal, i, obj);
    }
    return 0;
}

static PyObject *Core_legal_actions(Core *self, PyObject *unused)
{
    (void)unused;
    if (fill_legal(self)) {
        return NULL;
    }
    return PyList_GetSlice(self->legal, 0, self->nlegal);
}

/* Apply legal action i (its Action object `obj`). */
static PyObject *apply_index(Core *self, int i, PyObject *obj)
{
    PyObject *text = PyObject_GetAttrString(obj, "text");
    if (!text) {
        return NULL;
    }
    if (PyList_Append(self->history, text)) {
        Py_DECREF(text);
        return NULL;
    }
    Py_DECREF(text);
    F(apply_legal)(self->g, &self->acts[i]);
    Py_CLEAR(self->legal);
    Py_RETURN_NONE;
}

static PyObject *Core_apply(Core *self, PyObject *action)
{
    int i;
    if (fill_legal(self)) {
        return NULL;
    }
    for (i = 0; i < self->nlegal; i++) {  /* by identity: actions are interned */
        if (PyList_GET_ITEM(self->legal, i) == action) {
            return apply_index(self, i, action);
        }
    }
    return PyObject_CallMethod((PyObject *)self, "_slow_apply", "O", action);
}

/* _apply_legal(action): apply an action found in the legal list by the slow path. */
static PyObject *Core_apply_legal(Core *self, PyObject *action)
{
    int i;
    if (fill_legal(self)) {
        return NULL;
    }
    for (i = 0; i < self->nlegal; i++) {
        if (PyList_GET_ITEM(self->legal, i) == action) {
            return apply_index(self, i, action);
        }
    }
    PyErr_SetString(PyExc_ValueError, "not a legal action now");
    return NULL;
}

static PyObject *mask_tuple(uint64_t mask)
{
    int c, n = 0, k = 0;
    PyObject *t;
    for (c = 0; c < NC; c++) {
        n += (int)((mask >> c) & 1);
    }
    t = PyTuple_New(n);
    for (c = 0; t && c < NC; c++) {
        if ((mask >> c) & 1) {
            PyTuple_SET_ITEM(t, k++, PyLong_FromLong(c));
        }
    }
    return t;
}

static PyObject *int_tuple(const int *xs, int n)
{
    int i;
    PyObject *t = PyTuple_New(n);
    for (i = 0; t && i < n; i++) {
        PyTuple_SET_ITEM(t, i, PyLong_FromLong(xs[i]));
    }
    return t;
}

static int structural_view(PyObject *d, const dk_view *v);

/* view(): the whole state as a tuple of plain values (see VIEW_FIELDS in native/engine.py). */
static PyObject *Core_view(Core *self, PyObject *unused)
{
    dk_view v;
    int i;
    PyObject *hands, *table, *result;
    (void)unused;
    if (not_dealt(self)) {
        return NULL;
    }
    F(get)(self->g, &v);
    hands = PyTuple_New(v.players);
    table = PyTuple_New(v.ntable);
    if (!hands || !table) {
        Py_XDECREF(hands);
        Py_XDECREF(table);
        return NULL;
    }
    for (i = 0; i < v.players; i++) {
        PyTuple_SET_ITEM(hands, i, mask_tuple(v.hands[i]));
    }
    for (i = 0; i < v.ntable; i++) {
        PyTuple_SET_ITEM(table, i, Py_BuildValue("(ii)", v.table_attack[i], v.table_defence[i]));
    }
    result = Py_BuildValue(
        "{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:N,s:N,s:N,s:N,s:i,s:i,s:i,s:i,s:K,s:N,s:N,s:N,s:N,s:i,s:i,s:N}",
        "players", v.players, "dealer", v.dealer, "trump", v.trump, "turned", v.turned,
        "phase", v.phase, "to_move", v.to_move, "attacker", v.attacker,
        "original_attacker", v.original_attacker, "defender", v.defender,
        "hands", hands, "stock", int_tuple(v.stock, v.nstock), "discard", mask_tuple(v.discard),
        "table", table, "took", v.took, "limit", v.limit, "first_round", v.first_round,
        "transfers", v.transfers, "passed", (unsigned long long)v.passed,
        "shown", mask_tuple(v.shown), "late", mask_tuple(v.late),
        "in_game", int_tuple(v.in_game, v.players), "out", int_tuple(v.out, v.nout),
        "loser", v.loser, "is_draw", v.is_draw,
        "annotations", int_tuple(v.annotations, C(NANNOTATIONS)));
    if (result && structural_view(result, &v)) {
        Py_CLEAR(result);
    }
    return result;
}

/* The C int of Python int `x` (the view's `key`): a ValueError, never a truncation, for one
 * beyond the C int's range (the Python side refuses counters beyond COUNTER_MAX first). */
static int c_int(PyObject *x, const char *key, int *out)
{
    int overflow = 0;
    long value = PyLong_AsLongAndOverflow(x, &overflow);
    if (value == -1 && PyErr_Occurred()) {
        return -1;
    }
    if (overflow || value < INT_MIN || value > INT_MAX) {
        PyErr_Format(PyExc_ValueError, "%s: a number beyond the C engine's int", key);
        return -1;
    }
    *out = (int)value;
    return 0;
}

static int get_int(PyObject *d, const char *key, int *out)
{
    PyObject *x = PyDict_GetItemString(d, key);
    if (!x) {
        PyErr_Format(PyExc_KeyError, "%s", key);
        return -1;
    }
    return c_int(x, key, out);
}

static int get_ints(PyObject *d, const char *key, int *out, int most, int *count)
{
    PyObject *seq = PyDict_GetItemString(d, key), *fast;
    Py_ssize_t i, n;
    if (!seq) {
        PyErr_Format(PyExc_KeyError, "%s", key);
        return -1;
    }
    fast = PySequence_Fast(seq, key);
    if (!fast) {
        return -1;
    }
    n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: too many items", key);
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (c_int(PySequence_Fast_GET_ITEM(fast, i), key, &out[i])) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    if (count) {
        *count = (int)n;
    }
    return 0;
}

static int get_mask(PyObject *d, const char *key, uint64_t *out)
{
    int cards[NC + 1], n, i;
    if (get_ints(d, key, cards, NC, &n)) {
        return -1;
    }
    *out = 0;
    for (i = 0; i < n; i++) {
        if (cards[i] < 0 || cards[i] >= NC) {
            PyErr_Format(PyExc_ValueError, "%s: no card %d", key, cards[i]);
            return -1;
        }
        *out |= (uint64_t)1 << cards[i];
    }
    return 0;
}

#include "binding_structural.c"

/* load(view_dict): set the state from a dict shaped like view()'s result. */
static PyObject *Core_load(Core *self, PyObject *d)
{
    dk_view v;
    PyObject *hands, *table;
    Py_ssize_t i;
    int n, err;
    if (!PyDict_Check(d)) {
        PyErr_SetString(PyExc_TypeError, "load needs a dict");
        return NULL;
    }
    memset(&v, 0, sizeof(v));
    if (get_int(d, "players", &v.players) || get_int(d, "dealer", &v.dealer)
        || get_int(d, "trump", &v.trump) || get_int(d, "turned", &v.turned)
        || get_int(d, "phase", &v.phase) || get_int(d, "to_move", &v.to_move)
        || get_int(d, "attacker", &v.attacker) || get_int(d, "original_attacker", &v.original_attacker)
        || get_int(d, "defender", &v.defender) || get_int(d, "took", &v.took)
        || get_int(d, "limit", &v.limit) || get_int(d, "first_round", &v.first_round)
        || get_int(d, "transfers", &v.transfers) || get_int(d, "loser", &v.loser)
        || get_int(d, "is_draw", &v.is_draw) || get_int(d, "passed", &n)
        || get_ints(d, "stock", v.stock, NC, &v.nstock) || get_mask(d, "discard", &v.discard)
        || get_mask(d, "shown", &v.shown) || get_mask(d, "late", &v.late)
        || get_ints(d, "out", v.out, C(PLAYERS_MAX), &v.nout)
        || get_ints(d, "annotations", v.annotations, C(NANNOTATIONS), NULL)) {
        return NULL;
    }
    v.passed = (unsigned)n;
    if (structural_load(d, &v)) {
        return NULL;
    }
    if (v.players < C(PLAYERS_MIN) || v.players > C(PLAYERS_MAX)) {
        return error_for(C(E_PLAYERS));
    }
    if (get_ints(d, "in_game", v.in_game, v.players, &n)) {
        return NULL;
    }
    hands = PyDict_GetItemString(d, "hands");
    table = PyDict_GetItemString(d, "table");
    if (!hands || !table || !PyTuple_Check(hands) || !PyTuple_Check(table)
        || PyTuple_GET_SIZE(hands) != v.players || PyTuple_GET_SIZE(table) > NC) {
        PyErr_SetString(PyExc_ValueError, "load: hands and table must be tuples");
        return NULL;
    }
    for (i = 0; i < v.players; i++) {
        PyObject *one = PyDict_New();
        if (!one || PyDict_SetItemString(one, "h", PyTuple_GET_ITEM(hands, i))
            || get_mask(one, "h", &v.hands[i])) {
            Py_XDECREF(one);
            return NULL;
        }
        Py_DECREF(one);
    }
    v.ntable = (int)PyTuple_GET_SIZE(table);
    for (i = 0; i < v.ntable; i++) {
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(table, i), "ii", &v.table_attack[i], &v.table_defence[i])) {
            return NULL;
        }
    }
    err = F(set)(self->g, &v);
    if (err) {
        return error_for(err);
    }
    self->dealt = 1;
    Py_CLEAR(self->legal);
    Py_RETURN_NONE;
}

static PyObject *Core_copy(Core *self, PyObject *unused)
{
    Core *c;
    PyObject *dict;
    (void)unused;
    if (not_dealt(self)) {
        return NULL;
    }
    c = new_core(Py_TYPE(self));
    if (!c) {
        return NULL;
    }
    F(free)(c->g);  /* the struct is opaque: the engine copies it */
    c->g = F(copy)(self->g);
    Py_SETREF(c->history, PyList_GetSlice(self->history, 0, PyList_GET_SIZE(self->history)));
    if (!c->g || !c->history) {
        Py_DECREF(c);
        return PyErr_NoMemory();
    }
    c->dealt = 1;
    if (self->dict) {
        dict = PyDict_Copy(self->dict);
        if (!dict) {
            Py_DECREF(c);
            return NULL;
        }
        Py_XSETREF(c->dict, dict);
    }
    return (PyObject *)c;
}

/* A seed as the C deal takes it: an int below 2**64 into *s (returns 0) or a tuple of 625
 * state words into state (returns 1); -1 with a Python error set. */
static int read_seed(PyObject *seed, unsigned long long *s, uint32_t state[625])
{
    PyObject *fast;
    Py_ssize_t i;
    if (PyLong_Check(seed)) {
        *s = PyLong_AsUnsignedLongLong(seed);
        return *s == (unsigned long long)-1 && PyErr_Occurred() ? -1 : 0;
    }
    fast = PySequence_Fast(seed, "a seed is an int or 625 state words");
    if (!fast) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) != 625) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "a Mersenne Twister state has 625 words");
        return -1;
    }
    for (i = 0; i < 625; i++) {
        unsigned long w = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
        if (w == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        state[i] = (uint32_t)w;
    }
    Py_DECREF(fast);
    return 1;
}

/* _deal(players, seed, dealer, series): seed an int below 2**64 or a tuple of 625 state words. */
static PyObject *Core_deal(Core *self, PyObject *args)
{
    int players, dealer, series, err, kind;
    unsigned long long s = 0;
    uint32_t state[625];
    PyObject *seed;
    if (!PyArg_ParseTuple(args, "iOii", &players, &seed, &dealer, &series)) {
        return NULL;
    }
    kind = read_seed(seed, &s, state);
    if (kind < 0) {
        return NULL;
    }
    err = kind ? F(deal_state)(self->g, players, state, dealer, series)
               : F(deal)(self->g, players, s, dealer, series);
    if (err) {
        return error_for(err);
    }
    self->dealt = 1;
    PyList_SetSlice(self->history, 0, PyList_GET_SIZE(self->history), NULL);
    Py_CLEAR(self->legal);
    Py_RETURN_NONE;
}

static PyObject *Core_get_to_move(Core *self, void *closure)
{
    int seat = F(to_move)(self->g);
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    if (seat < 0) {
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(seat);
}

static PyObject *Core_get_is_over(Core *self, void *closure)
{
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    return PyBool_FromLong(F(is_over)(self->g));
}

static PyObject *Core_get_loser(Core *self, void *closure)
{
    int seat = F(loser)(self->g);
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    if (seat < 0) {
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(seat);
}

static PyObject *Core_get_is_draw(Core *self, void *closure)
{
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    return PyBool_FromLong(F(is_draw)(self->g));
}

static PyObject *Core_get_history(Core *self, void *closure)
{
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    Py_INCREF(self->history);
    return self->history;
}

/* _is_dealt(): whether the object holds a game (see NEVER_DEALT). */
static PyObject *Core_is_dealt(Core *self, PyObject *unused)
{
    (void)unused;
    return PyBool_FromLong(self->dealt);
}

/* _set_history(texts): the history of a state set by _load (the public `history` is read-only). */
static PyObject *Core_set_history(Core *self, PyObject *value)
{
    PyObject *copy;
    if (!PyList_Check(value)) {
        PyErr_SetString(PyExc_TypeError, "history is a list");
        return NULL;
    }
    copy = PyList_GetSlice(value, 0, PyList_GET_SIZE(value));
    if (!copy) {
        return NULL;
    }
    Py_SETREF(self->history, copy);
    Py_RETURN_NONE;
}


/* -- The public view, read straight from the engine (bots read these at every decision) -- */
static PyObject *text_list(const int *cards, int n)
{
    int i;
    PyObject *l = PyList_New(n);
    for (i = 0; l && i < n; i++) {
        Py_INCREF(card_texts[cards[i]]);
        PyList_SET_ITEM(l, i, card_texts[cards[i]]);
    }
    return l;
}

static PyObject *mask_list(uint64_t mask)
{
    int cards[NC], n = 0, c;
    for (c = 0; c < NC; c++) {
        if ((mask >> c) & 1) {
            cards[n++] = c;
        }
    }
    return text_list(cards, n);
}

static PyObject *Core_get_players(Core *self, void *closure)
{
    dk_view v;
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    F(get)(self->g, &v);
    return PyLong_FromLong(v.players);
}

static PyObject *Core_get_trump(Core *self, void *closure)
{
    dk_view v;
    const char *text;
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    F(get)(self->g, &v);
    if (v.trump < 0) {
        Py_RETURN_NONE;
    }
    text = F(card_text)(v.trump);  /* card `suit` is the lowest rank of that suit */
    return PyUnicode_FromString(text + strlen(text) - 1);
}

static PyObject *Core_get_hands(Core *self, void *closure)
{
    dk_view v;
    int i;
    PyObject *l;
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    F(get)(self->g, &v);
    l = PyList_New(v.players);
    for (i = 0; l && i < v.players; i++) {
        PyObject *h = mask_list(v.hands[i]);
        if (!h) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, i, h);
    }
    return l;
}

static PyObject *Core_get_table(Core *self, void *closure)
{
    dk_view v;
    int i;
    PyObject *l;
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    F(get)(self->g, &v);
    l = PyList_New(v.ntable);
    for (i = 0; l && i < v.ntable; i++) {
        PyObject *d = v.table_defence[i] >= 0 ? card_texts[v.table_defence[i]] : Py_None;
        PyObject *pair = PyList_New(2);
        if (!pair) {
            Py_DECREF(l);
            return NULL;
        }
        Py_INCREF(card_texts[v.table_attack[i]]);
        PyList_SET_ITEM(pair, 0, card_texts[v.table_attack[i]]);
        Py_INCREF(d);
        PyList_SET_ITEM(pair, 1, d);
        PyList_SET_ITEM(l, i, pair);
    }
    return l;
}

static PyObject *Core_get_stock(Core *self, void *closure)
{
    dk_view v;
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    F(get)(self->g, &v);
    return text_list(v.stock, v.nstock);
}

static PyObject *Core_get_discard(Core *self, void *closure)
{
    dk_view v;
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    F(get)(self->g, &v);
    return mask_list(v.discard);
}

static PyObject *seat_or_none(const dk_view *v, int seat)
{
    if (v->phase == C(OVER)) {
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(seat);
}

static PyObject *Core_get_attacker(Core *self, void *closure)
{
    dk_view v;
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    F(get)(self->g, &v);
    return seat_or_none(&v, v.attacker);
}

static PyObject *Core_get_defender(Core *self, void *closure)
{
    dk_view v;
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    F(get)(self->g, &v);
    return seat_or_none(&v, v.defender);
}

static PyObject *Core_get_out(Core *self, void *closure)
{
    dk_view v;
    int i;
    PyObject *l;
    (void)closure;
    if (not_dealt(self)) {
        return NULL;
    }
    F(get)(self->g, &v);
    l = PyList_New(v.nout);
    for (i = 0; l && i < v.nout; i++) {
        PyList_SET_ITEM(l, i, PyLong_FromLong(v.out[i]));
    }
    return l;
}

#if C(CAP_SERIES_STATE)
/* _deal_after(last, seed, dealer): the next game of the series after the finished game
 * `last` (series_state: the deal reads it, L2, H2); seed as for _deal. */
static PyObject *Core_deal_after(Core *self, PyObject *args)
{
    int dealer, err, kind;
    unsigned long long s = 0;
    uint32_t state[625];
    PyObject *last, *seed;
    if (!PyArg_ParseTuple(args, "OOi", &last, &seed, &dealer)) {
        return NULL;
    }
    if (!PyObject_TypeCheck(last, Py_TYPE(self))) {
        PyErr_SetString(PyExc_TypeError, "the finished game is a game of the same variant");
        return NULL;
    }
    kind = read_seed(seed, &s, state);
    if (kind < 0) {
        return NULL;
    }
    if (not_dealt((Core *)last)) {
        return NULL;
    }
    err = F(deal_after)(self->g, ((Core *)last)->g, s, kind ? state : NULL, dealer);
    if (err) {
        return error_for(err);
    }
    self->dealt = 1;
    PyList_SetSlice(self->history, 0, PyList_GET_SIZE(self->history), NULL);
    Py_CLEAR(self->legal);
    Py_RETURN_NONE;
}
#endif

#if C(CAP_OPTIONS)
/* The table settings `values`, a tuple of NOPTIONS ints in the order of the Python engine's
 * OPTIONS (checked there: _options), into `options`: 0, or -1 with an exception set. */
static int read_options(PyObject *values, int *options)
{
    int i;
    if (!PyTuple_Check(values) || PyTuple_GET_SIZE(values) != C(NOPTIONS)) {
        PyErr_SetString(PyExc_TypeError, "the table settings are a tuple of one int per option");
        return -1;
    }
    for (i = 0; i < C(NOPTIONS); i++) {
        options[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(values, i));
        if (PyErr_Occurred()) {
            return -1;
        }
    }
    return 0;
}

/* _set_options(values): the table settings of the games this object deals next (read_options). */
static PyObject *Core_set_options(Core *self, PyObject *values)
{
    int options[C(NOPTIONS)];
    if (read_options(values, options) < 0) {
        return NULL;
    }
    F(set_options)(self->g, options);
    Py_RETURN_NONE;
}
#endif

#if C(CAP_OPTIONS)
#define RUN_OPTIONS C(NOPTIONS)  /* the table settings of a whole-game run */
#else
#define RUN_OPTIONS 1
#endif

/* Whether a whole-game run's `options` argument (NULL or None: the defaults) is one this engine
 * takes: 1 for chosen settings (read into `options`), 0 for the defaults, -1 with an exception. */
static int run_options(PyObject *values, int *options)
{
    if (values == NULL || values == Py_None) {
        return 0;
    }
#if C(CAP_OPTIONS)
    return read_options(values, options) < 0 ? -1 : 1;
#else
    (void)options;
    PyErr_SetString(PyExc_TypeError, "this engine has no table settings (options:)");
    return -1;
#endif
}

/* _search_choice(samples, seed, known) -> the index in legal_actions() the search bot picks. */
static PyObject *Core_search_choice(Core *self, PyObject *args)
{
    int samples, choice, watching;
    unsigned long long seed, known;
    if (!PyArg_ParseTuple(args, "iKK", &samples, &seed, &known)) {
        return NULL;
    }
    if (samples < 1) {
        PyErr_SetString(PyExc_ValueError, "the search bot needs at least 1 sample");
        return NULL;
    }
    watching = stop_watch_begin();
    if (watching < 0) {
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    choice = F(search_choice)(self->g, samples, (uint64_t)seed, (uint64_t)known);
    Py_END_ALLOW_THREADS
    if (stop_watch_end(watching) < 0) {
        return NULL;
    }
    if (choice < 0) {
        return error_for(choice);
    }
    return PyLong_FromLong(choice);
}

static PyMethodDef Core_methods[] = {
    {"legal_actions", (PyCFunction)Core_legal_actions, METH_NOARGS,
     "Every legal action for to_move, in canonical order; empty when the game is over."},
    {"apply", (PyCFunction)Core_apply, METH_O,
     "Apply an Action or its text; raise IllegalAction (game unchanged) if not legal."},
    {"_apply_legal", (PyCFunction)Core_apply_legal, METH_O, NULL},
    {"_search_choice", (PyCFunction)Core_search_choice, METH_VARARGS, NULL},
    {"_view", (PyCFunction)Core_view, METH_NOARGS, NULL},
    {"_load", (PyCFunction)Core_load, METH_O, NULL},
    {"_set_history", (PyCFunction)Core_set_history, METH_O, NULL},
    {"_is_dealt", (PyCFunction)Core_is_dealt, METH_NOARGS, NULL},
    {"_deal", (PyCFunction)Core_deal, METH_VARARGS, NULL},
#if C(CAP_SERIES_STATE)
    {"_deal_after", (PyCFunction)Core_deal_after, METH_VARARGS, NULL},
#endif
#if C(CAP_OPTIONS)
    {"_set_options", (PyCFunction)Core_set_options, METH_O, NULL},
#endif
#if C(CAP_CHEATING)
    {"_actors", (PyCFunction)Core_actors, METH_NOARGS, NULL},
    {"_catches", (PyCFunction)Core_catches, METH_O, NULL},
    {"_catch", (PyCFunction)Core_catch, METH_VARARGS, NULL},
#endif
    {"copy", (PyCFunction)Core_copy, METH_NOARGS, "An independent copy of the game."},
    {NULL, NULL, 0, NULL}
};

static PyGetSetDef Core_getset[] = {
    {"to_move", (getter)Core_get_to_move, NULL, "seat that must act now; None once over", NULL},
    {"is_over", (getter)Core_get_is_over, NULL, NULL, NULL},
    {"loser", (getter)Core_get_loser, NULL, NULL, NULL},
    {"is_draw", (getter)Core_get_is_draw, NULL, NULL, NULL},
    {"history", (getter)Core_get_history, NULL, "action texts so far", NULL},
    {"players", (getter)Core_get_players, NULL, "number of seats", NULL},
    {"trump", (getter)Core_get_trump, NULL, "the trump suit letter, or None", NULL},
    {"hands", (getter)Core_get_hands, NULL, "per seat, the sorted card texts held", NULL},
    {"table", (getter)Core_get_table, NULL, "[attack, defence or None] pairs in play order", NULL},
    {"stock", (getter)Core_get_stock, NULL, "cards still to be drawn, next first", NULL},
    {"discard", (getter)Core_get_discard, NULL, "the closed discard pile", NULL},
    {"attacker", (getter)Core_get_attacker, NULL, "the current attacker; None when over", NULL},
    {"defender", (getter)Core_get_defender, NULL, "the current defender; None when over", NULL},
    {"out", (getter)Core_get_out, NULL, "seats that have left, in the order they left", NULL},
    {"__dict__", PyObject_GenericGetDict, PyObject_GenericSetDict, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL}
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = DK_STR(DK_MODULE) ".Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "One game in the C engine (subclassed by durakc.native.engine).",
    .tp_new = Core_new,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_traverse = (traverseproc)Core_traverse,
    .tp_clear = (inquiry)Core_clear,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
    .tp_dictoffset = offsetof(Core, dict),
};

static PyObject *seeds_array(PyObject *seq, uint64_t *out, Py_ssize_t n)
{
    PyObject *fast = PySequence_Fast(seq, "seeds must be a sequence");
    Py_ssize_t i;
    if (!fast) {
        return NULL;
    }
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "as many bot seeds as game seeds");
        return NULL;
    }
    for (i = 0; i < n; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i));
        if (out[i] == (uint64_t)-1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    Py_RETURN_NONE;
}

/* One record as the tuple durakc.sim.native_games reads: (unfinished, is_draw, loser,
 * loser_offset, actions, rounds, takes, transfers, shows). */
static PyObject *record_tuple(const dk_record *r)
{
    PyObject *out = PyList_New(r->nout), *points = PyList_New(C(PLAYERS_MAX));
    int i;
    for (i = 0; out && i < r->nout; i++) {
        PyList_SET_ITEM(out, i, PyLong_FromLong(r->out[i]));
    }
    for (i = 0; points && i < C(PLAYERS_MAX); i++) {
        PyList_SET_ITEM(points, i, PyLong_FromLong(r->points[i]));
    }
    if (!out || !points) {
        Py_XDECREF(out);
        Py_XDECREF(points);
        return NULL;
    }
    /* the finishing order and each seat's points follow the counts (durakc.sim.native_games) */
    return Py_BuildValue("(iiiiiiiiiiNN)", r->unfinished, r->is_draw, r->loser, r->loser_offset,
                         r->actions, r->rounds, r->takes, r->transfers, r->shows, r->first,
                         out, points);
}

/* play_games(players, game_seeds, bot_seeds, seat_bots[, samples[, options]]) -> [record tuple
 * per game]; seat_bots: bytes, the bot (0 random, 1 greedy, 2 search, 3 mcts) of seat s in game i
 * at i * players + s; samples: the search bots' samples at the same places (a sequence of ints);
 * options: the table settings of every game (read_options; None or left out: the defaults). */
static PyObject *mod_play_games(PyObject *mod, PyObject *args)
{
    int players, err, chosen, watching = 0;
    int options[RUN_OPTIONS];
    PyObject *gs, *bs, *ok, *result, *samples = NULL, *values = NULL;
    const char *kinds;
    Py_ssize_t n, nkinds, i;
    uint64_t *seeds;
    int *bots;
    dk_record *records;
    (void)mod;
    if (!PyArg_ParseTuple(args, "iOOy#|OO", &players, &gs, &bs, &kinds, &nkinds, &samples, &values)) {
        return NULL;
    }
    chosen = run_options(values, options);
    if (chosen < 0) {
        return NULL;
    }
    n = PySequence_Size(gs);
    if (n < 0) {
        return NULL;
    }
    if (players < C(PLAYERS_MIN) || players > C(PLAYERS_MAX)) {
        return error_for(C(E_PLAYERS));
    }
    if (nkinds != n * players) {
        PyErr_SetString(PyExc_ValueError, "one bot for every seat of every game");
        return NULL;
    }
    seeds = PyMem_Calloc((size_t)(2 * n + 1), sizeof(uint64_t));
    bots = PyMem_Calloc((size_t)(nkinds + 1), sizeof(int));
    records = PyMem_Calloc((size_t)(n + 1), sizeof(dk_record));
    if (!seeds || !bots || !records) {
        PyMem_Free(seeds);
        PyMem_Free(bots);
        PyMem_Free(records);
        return PyErr_NoMemory();
    }
    for (i = 0; i < nkinds; i++) {
        if (kinds[i] == 2 || kinds[i] == 3) {  /* a search bot: its samples above the low byte */
            PyObject *item = samples ? PySequence_GetItem(samples, i) : NULL;
            long count = item ? PyLong_AsLong(item) : -1;
            Py_XDECREF(item);
            if (count < 1 || count > 1000000) {
                PyMem_Free(seeds);
                PyMem_Free(bots);
                PyMem_Free(records);
                if (!PyErr_Occurred()) {
                    PyErr_SetString(PyExc_ValueError, "the search bot needs 1 to 1000000 samples");
                }
                return NULL;
            }
            bots[i] = (kinds[i] == 2 ? C(BOT_SEARCH) : C(BOT_MCTS)) | (int)(count << 8);
        } else {
            bots[i] = kinds[i] ? C(BOT_GREEDY) : C(BOT_RANDOM);
        }
    }
    ok = seeds_array(gs, seeds, n);
    if (ok) {
        Py_DECREF(ok);
        ok = seeds_array(bs, seeds + n, n);
    }
    if (ok) {
        Py_DECREF(ok);
        watching = stop_watch_begin();
    }
    if (ok && watching >= 0) {
        Py_BEGIN_ALLOW_THREADS
#if C(CAP_OPTIONS)
        err = chosen ? F(play_games_options)(players, (long)n, seeds, seeds + n, bots, options, records)
                     : F(play_games)(players, (long)n, seeds, seeds + n, bots, records);
#else
        err = F(play_games)(players, (long)n, seeds, seeds + n, bots, records);
#endif
        Py_END_ALLOW_THREADS
        result = stop_watch_end(watching) < 0 ? NULL : err ? error_for(err) : PyList_New(n);
        for (i = 0; result && !err && i < n; i++) {
            PyObject *t = record_tuple(&records[i]);
            if (!t) {
                Py_CLEAR(result);
                break;
            }
            PyList_SET_ITEM(result, i, t);
        }
    } else {
        result = NULL;
    }
    PyMem_Free(seeds);
    PyMem_Free(bots);
    PyMem_Free(records);
    return result;
}

/* bench_random(players, seed, games, choice_seed[, options]) -> actions played; options: the
 * table settings of every game (read_options; None or left out: the defaults). */
static PyObject *mod_bench_random(PyObject *mod, PyObject *args)
{
    int players, watching, chosen;
    int options[RUN_OPTIONS];
    unsigned long long seed, choice_seed;
    long games, actions;
    PyObject *values = NULL;
    (void)mod;
    if (!PyArg_ParseTuple(args, "iKlK|O", &players, &seed, &games, &choice_seed, &values)) {
        return NULL;
    }
    chosen = run_options(values, options);
    if (chosen < 0) {
        return NULL;
    }
    watching = stop_watch_begin();
    if (watching < 0) {
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
#if C(CAP_OPTIONS)
    actions = chosen ? F(bench_random_options)(players, seed, games, choice_seed, options)
                     : F(bench_random)(players, seed, games, choice_seed);
#else
    actions = F(bench_random)(players, seed, games, choice_seed);
#endif
    Py_END_ALLOW_THREADS
    if (stop_watch_end(watching) < 0) {
        return NULL;
    }
    if (actions < 0) {
        return error_for((int)actions);
    }
    return PyLong_FromLong(actions);
}

/* setup(make_action): the callable that makes the Python engine's interned Action objects. */
static PyObject *mod_setup(PyObject *mod, PyObject *factory)
{
    (void)mod;
    Py_INCREF(factory);
    Py_XSETREF(make_action, factory);
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"setup", (PyCFunction)mod_setup, METH_O, "Set the Action factory."},
    {"play_games", (PyCFunction)mod_play_games, METH_VARARGS, "Whole games with the simulator's bots."},
    {"bench_random", (PyCFunction)mod_bench_random, METH_VARARGS, "The bench loop in C."},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, DK_STR(DK_MODULE), "A generated C Durak engine.", -1, module_methods,
    NULL, NULL, NULL, NULL
};

PyMODINIT_FUNC DK_CAT(PyInit_, DK_MODULE)(void)
{
    PyObject *m;
    if (PyType_Ready(&CoreType) < 0) {
        return NULL;
    }
    mask_actions = PyDict_New();
    if (!mask_actions) {
        return NULL;
    }
    {
        int c;
        for (c = 0; c < NID; c++) {
            card_texts[c] = PyUnicode_InternFromString(F(card_text)(c));
            if (!card_texts[c]) {
                return NULL;
            }
        }
    }
    m = PyModule_Create(&module_def);
    if (!m) {
        return NULL;
    }
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0
        || PyModule_AddIntConstant(m, "NCARDS", NC) < 0
        || PyModule_AddIntConstant(m, "NANNOTATIONS", C(NANNOTATIONS)) < 0
        || PyModule_AddIntConstant(m, "MAX_GAME_ACTIONS", C(MAX_GAME_ACTIONS)) < 0
        || PyModule_AddIntConstant(m, "REPEAT_LIMIT", C(REPEAT_LIMIT)) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

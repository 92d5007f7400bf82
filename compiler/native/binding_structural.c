/* The structural state of a generated C engine in the CPython binding (included by binding.c).
 *
 * A capability ported to the C target after the T/P/S/K profiles (compiler/targets/c/hooks.py)
 * may add fields to the engine's view; its header then defines <P>CAP_<NAME> to 1, and the
 * view dict of `_view` / `_load` gets that capability's keys here.  For every other engine
 * `#if C(CAP_...)` reads an undefined name, 0, and none of this code is compiled. */

/* A tuple of (a, b) pairs of ints. */
static PyObject *pair_tuple(const int (*pairs)[2], int n)
{
    int i;
    PyObject *t = PyTuple_New(n);
    for (i = 0; t && i < n; i++) {
        PyTuple_SET_ITEM(t, i, Py_BuildValue("(ii)", pairs[i][0], pairs[i][1]));
    }
    return t;
}

/* The pairs `key` of dict `d` (a declared `card_pairs`: a sequence of at most `most` (card,
 * card) pairs) into `out` and their number into `n`; -1 on error. */
static int get_pairs(PyObject *d, const char *key, int (*out)[2], int *n, int most)
{
    PyObject *seq = PyDict_GetItemString(d, key), *fast;
    Py_ssize_t i;
    if (!seq) {
        PyErr_SetString(PyExc_KeyError, key);
        return -1;
    }
    fast = PySequence_Fast(seq, key);
    if (!fast) {
        return -1;
    }
    if (PySequence_Fast_GET_SIZE(fast) > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: too many for the C engine", key);
        return -1;
    }
    *n = (int)PySequence_Fast_GET_SIZE(fast);
    for (i = 0; i < *n; i++) {
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "ii", &out[i][0], &out[i][1])) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

/* The seed `key` of dict `d` (a declared `seed`: 64 bits in C) into `out`; -1 on error. */
static int get_seed(PyObject *d, const char *key, uint64_t *out)
{
    PyObject *seed = PyDict_GetItemString(d, key);
    if (!seed) {
        PyErr_SetString(PyExc_KeyError, key);
        return -1;
    }
    *out = PyLong_AsUnsignedLongLong(seed);
    return PyErr_Occurred() ? -1 : 0;
}

static int set_item(PyObject *d, const char *key, PyObject *value)
{
    int err;
    if (!value) {
        return -1;
    }
    err = PyDict_SetItemString(d, key, value);
    Py_DECREF(value);
    return err;
}

/* A tuple of the first n of the 64-bit masks xs (a declared `seat_masks`: raw masks, one per seat). */
static PyObject *u64_tuple(const uint64_t *xs, int n)
{
    int i;
    PyObject *t = PyTuple_New(n);
    for (i = 0; t && i < n; i++) {
        PyTuple_SET_ITEM(t, i, PyLong_FromUnsignedLongLong(xs[i]));
    }
    return t;
}

/* The masks `key` of dict `d` (a sequence of at most `most` ints) into `out`, the rest 0; -1 on error. */
static int get_u64s(PyObject *d, const char *key, uint64_t *out, int most)
{
    PyObject *seq = PyDict_GetItemString(d, key), *fast;
    Py_ssize_t i, n;
    if (!seq) {
        PyErr_SetString(PyExc_KeyError, key);
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
    for (i = 0; i < most; i++) {
        out[i] = i < n ? PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(fast, i)) : 0;
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

/* Declared state (compiler/capabilities/state.py): the header's <P>STATE_<CAP>(X) lists a
 * capability's fields as X(name, kind); each kind is read and written the same way. */
#define VIEW_FLAG(name) set_item(d, #name, PyBool_FromLong(v->name))
#define VIEW_SEAT_COUNTS(name) set_item(d, #name, int_tuple(v->name, v->players))
#define VIEW_CARD_MASK(name) set_item(d, #name, mask_tuple(v->name))
#define VIEW_COUNT(name) set_item(d, #name, PyLong_FromLong(v->name))
#define VIEW_SEAT_INTS(name) set_item(d, #name, int_tuple(v->name, v->players))
#define VIEW_SEAT_OR_NONE(name) set_item(d, #name, PyLong_FromLong(v->name))
#define VIEW_SEAT_SUITS(name) set_item(d, #name, int_tuple(v->name, v->players))
#define VIEW_SEAT_CARDS(name) set_item(d, #name, int_tuple(v->name, v->players))
#define VIEW_SEAT_SET(name) set_item(d, #name, PyLong_FromLong(v->name))
#define VIEW_SEED(name) set_item(d, #name, PyLong_FromUnsignedLongLong(v->name))
#define VIEW_SEAT_SCORES(name) set_item(d, #name, int_tuple(v->name, v->players))
#define VIEW_GAME_SCORES(name) set_item(d, #name, int_tuple(v->name, v->players))
#define VIEW_TABLE_OPTIONS(name) set_item(d, #name, int_tuple(v->name, C(NOPTIONS)))
#define VIEW_CARD_PAIRS(name) set_item(d, #name, pair_tuple(v->name, v->n##name))
#define VIEW_ORDINAL(name) set_item(d, #name, PyLong_FromLong(v->name))
#define VIEW_SEAT_OR_MINUS(name) set_item(d, #name, PyLong_FromLong(v->name))
#define VIEW_SEAT_MASKS(name) set_item(d, #name, u64_tuple(v->name, v->players))
#define VIEW_FIELD(name, kind) if (VIEW_##kind(name)) { return -1; }
#define LOAD_FLAG(name) get_int(d, #name, &v->name)
#define LOAD_SEAT_COUNTS(name) get_ints(d, #name, v->name, C(PLAYERS_MAX), NULL)
#define LOAD_CARD_MASK(name) get_mask(d, #name, &v->name)
#define LOAD_COUNT(name) get_int(d, #name, &v->name)
#define LOAD_SEAT_INTS(name) get_ints(d, #name, v->name, C(PLAYERS_MAX), NULL)
#define LOAD_SEAT_OR_NONE(name) get_int(d, #name, &v->name)
#define LOAD_SEAT_SUITS(name) get_ints(d, #name, v->name, C(PLAYERS_MAX), NULL)
#define LOAD_SEAT_CARDS(name) get_ints(d, #name, v->name, C(PLAYERS_MAX), NULL)
#define LOAD_SEAT_SET(name) get_int(d, #name, &v->name)
#define LOAD_SEED(name) get_seed(d, #name, &v->name)
#define LOAD_SEAT_SCORES(name) get_ints(d, #name, v->name, C(PLAYERS_MAX), NULL)
#define LOAD_GAME_SCORES(name) get_ints(d, #name, v->name, C(PLAYERS_MAX), NULL)
#define LOAD_TABLE_OPTIONS(name) get_ints(d, #name, v->name, C(NOPTIONS), NULL)
#define LOAD_CARD_PAIRS(name) get_pairs(d, #name, v->name, &v->n##name, \
                                        (int)(sizeof(v->name) / sizeof(v->name[0])))
#define LOAD_ORDINAL(name) get_int(d, #name, &v->name)
#define LOAD_SEAT_OR_MINUS(name) get_int(d, #name, &v->name)
#define LOAD_SEAT_MASKS(name) get_u64s(d, #name, v->name, C(PLAYERS_MAX))
#define LOAD_FIELD(name, kind) if (LOAD_##kind(name)) { return -1; }

/* The capabilities' fields of view `v` into the dict `d`; -1 on error. */
static int structural_view(PyObject *d, const dk_view *v)
{
    (void)d;
    (void)v;
    (void)pair_tuple;
    (void)set_item;
    (void)u64_tuple;
    (void)get_u64s;
    (void)get_pairs;
#if C(HAS_STATE_FIELDS)
    C(STATE_FIELDS)(VIEW_FIELD)
#endif
#if C(CAP_HIDDEN_TRUMP)
    if (set_item(d, "hidden", PyLong_FromLong(v->hidden))) {  /* CT1; trump_changes is declared */
        return -1;
    }
#endif
#if C(CAP_REDEAL_OFFER)
    if (set_item(d, "series", PyLong_FromLong(v->series))) {  /* HR19; the rest is declared */
        return -1;
    }
#endif
#if C(CAP_VIEW_DISCARD)
    if (set_item(d, "nactions", PyLong_FromLong(v->nactions))) {  /* HR25; round_start is declared */
        return -1;
    }
#endif
    return 0;
}

/* The capabilities' fields of the dict `d` into view `v`; -1 on error. */
static int structural_load(PyObject *d, dk_view *v)
{
    (void)d;
    (void)v;
#if C(HAS_STATE_FIELDS)
    C(STATE_FIELDS)(LOAD_FIELD)
#endif
#if C(CAP_HIDDEN_TRUMP)
    if (get_int(d, "hidden", &v->hidden)) {  /* CT1; trump_changes is declared */
        return -1;
    }
#endif
#if C(CAP_REDEAL_OFFER)
    if (get_int(d, "series", &v->series)) {  /* HR19; the rest is declared */
        return -1;
    }
#endif
#if C(CAP_VIEW_DISCARD)
    if (get_int(d, "nactions", &v->nactions)) {  /* HR25; round_start is declared */
        return -1;
    }
#endif
    return 0;
}
#if C(CAP_CHEATING)

/* Out-of-turn actions (play.cheating, HR34): _actors() -> the mask of seats that may act;
 * _catches(seat) -> the card ints `seat` may catch; _catch(seat, card, text) -> True when the
 * catch was applied (its text appended to history), False (unchanged) when it is illegal. */
static PyObject *Core_actors(Core *self, PyObject *unused)
{
    (void)unused;
    if (not_dealt(self)) {
        return NULL;
    }
    return PyLong_FromUnsignedLong(F(actors)(self->g));
}

static PyObject *Core_catches(Core *self, PyObject *arg)
{
    dk_action acts[NC];
    int seat, n, i;
    uint64_t mask = 0;
    if (not_dealt(self) || c_int(arg, "seat", &seat)) {
        return NULL;
    }
    n = F(out_of_turn_actions)(self->g, seat, acts);
    for (i = 0; i < n; i++) {
        mask |= acts[i].mask;
    }
    return mask_tuple(mask);
}

static PyObject *Core_catch(Core *self, PyObject *args)
{
    dk_action act;
    int seat, card;
    PyObject *text;
    if (!PyArg_ParseTuple(args, "iiO", &seat, &card, &text) || not_dealt(self)) {
        return NULL;
    }
    if (card < 0 || card >= NC) {
        Py_RETURN_FALSE;
    }
    act.kind = C(CATCH);
    act.a = seat;
    act.d = -1;
    act.mask = (uint64_t)1 << card;
    if (F(apply)(self->g, &act) != C(OK)) {
        Py_RETURN_FALSE;
    }
    Py_CLEAR(self->legal);
    if (PyList_Append(self->history, text)) {
        return NULL;
    }
    Py_RETURN_TRUE;
}
#endif

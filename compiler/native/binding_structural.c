/* The structural state of a generated C engine in the CPython binding (included by binding.c).
 *
 * A capability ported to the C target after the T/P/S/K profiles (compiler/ctarget/hooks.py)
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

/* The capabilities' fields of view `v` into the dict `d`; -1 on error. */
static int structural_view(PyObject *d, const dk_view *v)
{
    (void)d;
    (void)v;
    (void)pair_tuple;
    (void)set_item;
#if C(CAP_HIDDEN_TRUMP)
    if (set_item(d, "hidden", PyLong_FromLong(v->hidden))
        || set_item(d, "trump_changes", pair_tuple(v->trump_changes, v->ntrump_changes))) {
        return -1;
    }
#endif
#if C(CAP_LOSSES)
    if (set_item(d, "losses", int_tuple(v->losses, v->players))) {
        return -1;
    }
#endif
#if C(CAP_TRUMP_EXCHANGE)
    if (set_item(d, "exchanged", PyBool_FromLong(v->exchanged))) {
        return -1;
    }
#endif
#if C(CAP_THROW_OPENING)
    if (set_item(d, "opening", mask_tuple(v->opening))) {
        return -1;
    }
#endif
#if C(CAP_SWAPS)
    if (set_item(d, "swaps_left", int_tuple(v->swaps_left, v->players))
        || set_item(d, "swapped", PyBool_FromLong(v->swapped))) {
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
#if C(CAP_HIDDEN_TRUMP)
    {
        PyObject *changes = PyDict_GetItemString(d, "trump_changes"), *fast;
        Py_ssize_t i;
        if (get_int(d, "hidden", &v->hidden)) {
            return -1;
        }
        if (!changes) {
            PyErr_SetString(PyExc_KeyError, "trump_changes");
            return -1;
        }
        fast = PySequence_Fast(changes, "trump_changes");
        if (!fast) {
            return -1;
        }
        if (PySequence_Fast_GET_SIZE(fast) > C(MAX_TRUMP_CHANGES)) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "trump_changes: too many for the C engine");
            return -1;
        }
        v->ntrump_changes = (int)PySequence_Fast_GET_SIZE(fast);
        for (i = 0; i < v->ntrump_changes; i++) {
            if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(fast, i), "ii", &v->trump_changes[i][0],
                                  &v->trump_changes[i][1])) {
                Py_DECREF(fast);
                return -1;
            }
        }
        Py_DECREF(fast);
    }
#endif
#if C(CAP_LOSSES)
    if (get_ints(d, "losses", v->losses, C(PLAYERS_MAX), NULL)) {
        return -1;
    }
#endif
#if C(CAP_TRUMP_EXCHANGE)
    if (get_int(d, "exchanged", &v->exchanged)) {
        return -1;
    }
#endif
#if C(CAP_THROW_OPENING)
    if (get_mask(d, "opening", &v->opening)) {
        return -1;
    }
#endif
#if C(CAP_SWAPS)
    if (get_ints(d, "swaps_left", v->swaps_left, C(PLAYERS_MAX), NULL) || get_int(d, "swapped", &v->swapped)) {
        return -1;
    }
#endif
    return 0;
}

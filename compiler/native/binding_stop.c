/* Part of the CPython binding (included by binding.c, after the engine's header and
 * Python.h): Ctrl-C in the long calls. */
/* Ctrl-C in a long run in C (play_games, bench_random, search_choice; issue 29, 1a).  With
 * the GIL released no Python signal handler runs, so for the length of the call a C handler
 * of SIGINT sets the engine's stop flag (its loops then return E_STOPPED) and passes the
 * signal on to the handler it replaced (Python's, which marks the signal for
 * PyErr_CheckSignals).  Only on the main thread (the one Python runs handlers on) and only
 * over a handler that is neither SIG_DFL nor SIG_IGN. */
static PyOS_sighandler_t stop_previous = SIG_DFL;

static void stop_on_signal(int sig)
{
    F(stop) = 1;
    if (stop_previous != SIG_DFL && stop_previous != SIG_IGN && stop_previous != SIG_ERR) {
        stop_previous(sig);
    }
}

/* 1 on the main thread, 0 on another, -1 with an exception (a signal's, say: it must not be
 * lost, since asking runs Python code and so the signal handlers). */
static int on_main_thread(void)
{
    PyObject *threading = PyImport_ImportModule("threading");
    PyObject *main = threading ? PyObject_CallMethod(threading, "main_thread", NULL) : NULL;
    PyObject *ident = main ? PyObject_GetAttrString(main, "ident") : NULL;
    int yes = ident ? PyLong_AsUnsignedLong(ident) == PyThread_get_thread_ident() : -1;
    Py_XDECREF(threading);
    Py_XDECREF(main);
    Py_XDECREF(ident);
    return PyErr_Occurred() ? -1 : yes;
}

/* Before a long call: 1 when the stop handler is installed (stop_watch_end undoes it), 0
 * when not, -1 with the exception of a signal that came before the call (the call must not
 * start: the signal would wait for its end). */
static int stop_watch_begin(void)
{
    PyOS_sighandler_t current = PyOS_getsig(SIGINT);
    int main_thread;
    if (current == SIG_DFL || current == SIG_IGN || current == SIG_ERR
            || current == stop_on_signal) {
        return 0;
    }
    main_thread = on_main_thread();
    if (main_thread <= 0) {
        return main_thread;
    }
    F(stop) = 0;
    stop_previous = PyOS_setsig(SIGINT, stop_on_signal);
    if (PyErr_CheckSignals() < 0) {  /* one that came before the handler: raised now */
        PyOS_setsig(SIGINT, stop_previous);
        return -1;
    }
    return 1;
}

/* After it: the old handler back; -1 with the signal's exception (KeyboardInterrupt) set when
 * the run was stopped, else 0. */
static int stop_watch_end(int installed)
{
    if (!installed) {
        return 0;
    }
    PyOS_setsig(SIGINT, stop_previous);
    if (!F(stop)) {
        return 0;
    }
    F(stop) = 0;
    if (PyErr_CheckSignals() == 0) {  /* a Python handler that raised nothing: stop anyway */
        PyErr_SetNone(PyExc_KeyboardInterrupt);
    }
    return -1;
}

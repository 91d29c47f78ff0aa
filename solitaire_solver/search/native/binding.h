/*
 * What the compiled searches' Python objects share, whatever the game: a
 * search object is made, then run(n) in turns and asked for its line; these
 * are the checks and answers every such object gives the same way. Include
 * after <Python.h>.
 */
#ifndef SOLITAIRE_SOLVER_BINDING_H
#define SOLITAIRE_SOLVER_BINDING_H

/* Whether a search object's init ran; if not, a RuntimeError naming it (an
 * object made by __new__ alone has no search to run or read). */
static inline int is_ready(int ready, const char *what)
{
    if (!ready) {
        PyErr_Format(PyExc_RuntimeError, "the %s was not initialised", what);
        return 0;
    }
    return 1;
}

/* run(n)'s budget read into *n: 0 with the exception set when arg is no int. */
static inline int run_budget(PyObject *arg, long long *n)
{
    *n = PyLong_AsLongLong(arg);
    return !(*n == -1 && PyErr_Occurred());
}

/* run(n)'s answer: the search's status, or MemoryError when it ran out. */
static inline PyObject *run_answer(int status, int no_memory)
{
    if (status == no_memory)
        return PyErr_NoMemory();
    return PyLong_FromLong(status);
}

#endif

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

/* A getter of one of a search object's counters: value (an expression of
 * self) once the search is made, else 0, turned into a Python object by make
 * (PyLong_FromLongLong, PyBool_FromLong, ...). */
#define SEARCH_GETTER(name, Object, make, value)                                                  \
    static PyObject *name(Object *self, void *closure)                                           \
    {                                                                                             \
        (void)closure;                                                                            \
        return make(self->ready ? (value) : 0);                                                   \
    }

/* Getters of what a kind of search never has: always False, always 0. */
static inline PyObject *search_false(PyObject *self, void *closure)
{
    (void)self;
    (void)closure;
    Py_RETURN_FALSE;
}

static inline PyObject *search_zero(PyObject *self, void *closure)
{
    (void)self;
    (void)closure;
    return PyLong_FromLong(0);
}

#endif

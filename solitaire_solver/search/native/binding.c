/*
 * The Python binding of every compiled kernel, compiled into each extension
 * beside the kernel's file (setup.py), which fills the tables of kernel.h.
 * It defines, once for all kernels:
 *
 *   Rules(kind, spec)    a kind of the kernel's rules, made from bytes;
 *                        ask(query, position) -> list of bytes, for the tests
 *   Search(kind, rules, root, args=(), table=None)
 *                        a kind of search from the position root (bytes) with
 *                        integer arguments; run(n) -> 0 paused, 1 won, 2 done;
 *                        line() -> list of bytes; expanded, stored (None when
 *                        every position expanded is stored), max_depth,
 *                        truncated; rules
 *   Table()              keys searches share (only where the kernel has one):
 *                        len(table), get(position) -> int or None
 *
 * as search.compiled runs them. Positions cross as bytes in the kernel's own
 * codec, which its Python module (games/NAME/kernel.py) mirrors.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "kernel.h"

const char KERNEL_NO_MEMORY[] = "out of memory";

struct kernel_out {
    PyObject *list;
};

kernel_error kernel_put(kernel_out *out, const void *bytes, size_t n)
{
    PyObject *b = PyBytes_FromStringAndSize((const char *)bytes, (Py_ssize_t)n);
    int bad = !b || PyList_Append(out->list, b) < 0;
    Py_XDECREF(b);
    return bad ? KERNEL_NO_MEMORY : NULL;
}

/* Raise what a kernel's function answered (if not already raised); 0 when nothing went
 * wrong. */
static int failed(kernel_error e)
{
    if (!e)
        return 0;
    if (!PyErr_Occurred())
        PyErr_SetString(e == KERNEL_NO_MEMORY ? PyExc_MemoryError : PyExc_ValueError, e);
    return 1;
}

/* The records gathered in out, or NULL (out's list dropped) with the error raised when e
 * says the kernel's function went wrong. */
static PyObject *answer(kernel_out *out, kernel_error e)
{
    if (failed(e))
        Py_CLEAR(out->list);
    return out->list;
}

/* The entry named name (a str) of a table of kernel.h, whose entries each begin with their
 * name and whose end is an entry with none; or NULL with a ValueError. */
static const void *named(PyObject *name, const void *first, size_t stride, const char *what)
{
    const char *want = PyUnicode_AsUTF8(name);
    if (!want)
        return NULL;
    for (const char *at = first; *(const char *const *)at; at += stride)
        if (!strcmp(*(const char *const *)at, want))
            return at;
    PyErr_Format(PyExc_ValueError, "%s has no %s %R", KERNEL.module, what, name);
    return NULL;
}

/* ------------------------------------------------------------ Rules */

typedef struct {
    PyObject_HEAD
    const kernel_rules *kind;
    void *g;
} RulesObject;

static int Rules_init(RulesObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"kind", "spec", NULL};
    PyObject *name;
    Py_buffer spec;
    if (self->g) {
        /* A search may hold them: they stay as made. */
        PyErr_SetString(PyExc_RuntimeError, "the rules are made once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "Uy*", kwlist, &name, &spec))
        return -1;
    const kernel_rules *kind = named(name, KERNEL.rules, sizeof *kind, "rules");
    void *g = kind ? PyMem_Calloc(1, kind->size) : NULL;
    if (kind && !g)
        PyErr_NoMemory();
    if (g && failed(kind->make(g, spec.buf, (size_t)spec.len))) {
        PyMem_Free(g);
        g = NULL;
    }
    PyBuffer_Release(&spec);
    if (!g)
        return -1;
    self->kind = kind;
    self->g = g;
    return 0;
}

static void Rules_dealloc(RulesObject *self)
{
    PyMem_Free(self->g);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Rules_ask(RulesObject *self, PyObject *args)
{
    PyObject *name, *list = NULL;
    Py_buffer in;
    kernel_out out = {NULL};
    if (!self->g) {
        PyErr_SetString(PyExc_RuntimeError, "the rules were not initialised");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "Uy*", &name, &in))
        return NULL;
    const kernel_query *q = named(name, self->kind->queries, sizeof *q, "query");
    if (q && (out.list = PyList_New(0)))
        list = answer(&out, q->ask(self->g, in.buf, (size_t)in.len, &out));
    PyBuffer_Release(&in);
    return list;
}

static PyMethodDef Rules_methods[] = {
    {"ask", (PyCFunction)Rules_ask, METH_VARARGS,
     "ask(query, position) -> list of bytes: the kernel's answer about a position."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Rules(kind, spec): a kind of the kernel's rules, made from bytes.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rules_init,
    .tp_dealloc = (destructor)Rules_dealloc,
    .tp_methods = Rules_methods,
};

/* ------------------------------------------------------------ Table */

typedef struct {
    PyObject_HEAD
    void *t;
} TableObject;

static PyObject *Table_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    TableObject *self = (TableObject *)PyType_GenericNew(type, args, kwds);
    if (self && !(self->t = PyMem_Calloc(1, KERNEL.table->size)))
        Py_CLEAR(self);
    return (PyObject *)self;
}

static void Table_dealloc(TableObject *self)
{
    if (self->t)
        KERNEL.table->stop(self->t);
    PyMem_Free(self->t);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static Py_ssize_t Table_len(TableObject *self) { return (Py_ssize_t)KERNEL.table->len(self->t); }

static PyObject *Table_get(TableObject *self, PyObject *arg)
{
    Py_buffer key;
    int64_t value = -1;
    if (!PyArg_Parse(arg, "y*", &key))
        return NULL;
    int bad = failed(KERNEL.table->get(self->t, key.buf, (size_t)key.len, &value));
    PyBuffer_Release(&key);
    if (bad)
        return NULL;
    if (value < 0)
        Py_RETURN_NONE;
    return PyLong_FromLongLong(value);
}

static PyMethodDef Table_methods[] = {
    {"get", (PyCFunction)Table_get, METH_O,
     "get(position) -> int or None: what the table keeps for the position's key."},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods Table_sequence = {.sq_length = (lenfunc)Table_len};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Table(): keys that searches share.",
    .tp_new = Table_new,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
    .tp_as_sequence = &Table_sequence,
};

/* ------------------------------------------------------------ Search */

#define MAX_ARGS 4

typedef struct {
    PyObject_HEAD
    const kernel_search *kind;
    PyObject *rules; /* the RulesObject it plays by */
    PyObject *table; /* the TableObject it shares, or NULL */
    void *s;
    int ready;
} SearchObject;

static void Search_stop(SearchObject *self)
{
    if (self->ready)
        self->kind->stop(self->s);
    self->ready = 0;
    PyMem_Free(self->s);
    self->s = NULL;
    Py_CLEAR(self->rules);
    Py_CLEAR(self->table);
}

static int Search_init(SearchObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"kind", "rules", "root", "args", "table", NULL};
    PyObject *name, *rules, *numbers = NULL, *table = Py_None;
    Py_buffer root;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "UO!y*|O!O", kwlist, &name, &RulesType, &rules,
                                     &root, &PyTuple_Type, &numbers, &table))
        return -1;
    int64_t n[MAX_ARGS];
    Py_ssize_t k = numbers ? PyTuple_GET_SIZE(numbers) : 0;
    const kernel_search *kind = named(name, KERNEL.searches, sizeof *kind, "search");
    if (kind && strcmp(kind->rules, ((RulesObject *)rules)->kind->name))
        PyErr_Format(PyExc_ValueError, "a %s search plays by %s rules", kind->name, kind->rules);
    else if (kind && table != Py_None && !(KERNEL.table && Py_IS_TYPE(table, &TableType)))
        PyErr_SetString(PyExc_TypeError, "table must be a Table or None");
    else if (k > MAX_ARGS)
        PyErr_Format(PyExc_ValueError, "at most %d arguments", MAX_ARGS);
    for (Py_ssize_t i = 0; i < k && !PyErr_Occurred(); i++)
        n[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(numbers, i));
    if (!PyErr_Occurred()) {
        Search_stop(self);
        self->s = PyMem_Calloc(1, kind->size);
        if (!self->s)
            PyErr_NoMemory();
    }
    if (!PyErr_Occurred()) {
        self->kind = kind;
        self->rules = Py_NewRef(rules);
        self->table = table == Py_None ? NULL : Py_NewRef(table);
        self->ready = !failed(kind->start(self->s, ((RulesObject *)rules)->g, root.buf,
                                          (size_t)root.len, n, (int)k,
                                          self->table ? ((TableObject *)table)->t : NULL));
    }
    PyBuffer_Release(&root);
    return PyErr_Occurred() ? -1 : 0;
}

static void Search_dealloc(SearchObject *self)
{
    Search_stop(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int ready(SearchObject *self)
{
    if (!self->ready)
        PyErr_SetString(PyExc_RuntimeError, "the search was not initialised");
    return self->ready;
}

static PyObject *Search_run(SearchObject *self, PyObject *arg)
{
    long long n = ready(self) ? PyLong_AsLongLong(arg) : -1;
    if (n == -1 && PyErr_Occurred())
        return NULL;
    int status;
    if (self->kind->holds_gil) {
        status = self->kind->run(self->s, n);
    } else {
        Py_BEGIN_ALLOW_THREADS
        status = self->kind->run(self->s, n);
        Py_END_ALLOW_THREADS
    }
    if (status == self->kind->no_memory)
        return PyErr_NoMemory();
    return PyLong_FromLong(status);
}

static PyObject *Search_line(SearchObject *self, PyObject *unused)
{
    (void)unused;
    kernel_out out = {ready(self) ? PyList_New(0) : NULL};
    if (!out.list || !self->kind->line)
        return out.list;
    return answer(&out, self->kind->line(self->s, ((RulesObject *)self->rules)->g, &out));
}

static PyObject *Search_count(SearchObject *self, void *closure)
{
    int64_t counts[KERNEL_COUNTS] = {0, 0, 0, 0};
    intptr_t which = (intptr_t)closure;
    if (self->ready)
        self->kind->counts(self->s, counts);
    if (counts[which] < 0)
        Py_RETURN_NONE;
    if (which == KERNEL_TRUNCATED)
        return PyBool_FromLong(counts[which] != 0);
    return PyLong_FromLongLong(counts[which]);
}

static PyMethodDef Search_methods[] = {
    {"run", (PyCFunction)Search_run, METH_O,
     "run(n) -> status: expand at most n positions; 0 paused, 1 won, 2 done."},
    {"line", (PyCFunction)Search_line, METH_NOARGS,
     "line() -> list of bytes: the won line's records, as the kernel writes them."},
    {NULL, NULL, 0, NULL},
};

#define COUNT(name, which, doc)                                                                   \
    {name, (getter)Search_count, NULL, doc, (void *)(intptr_t)(which)}

static PyMemberDef Search_members[] = {
    {"rules", T_OBJECT, offsetof(SearchObject, rules), READONLY, "the rules it plays by"},
    {NULL, 0, 0, 0, NULL},
};

static PyGetSetDef Search_getset[] = {
    COUNT("expanded", KERNEL_EXPANDED, "positions expanded so far"),
    COUNT("stored", KERNEL_STORED, "positions stored (None: every one expanded)"),
    COUNT("max_depth", KERNEL_MAX_DEPTH, "the longest line explored"),
    COUNT("truncated", KERNEL_TRUNCATED, "whether the search left positions out"),
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_basicsize = sizeof(SearchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(kind, rules, root, args=(), table=None): one of the engine's compiled "
              "searches over the kernel's rules.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_members = Search_members,
    .tp_getset = Search_getset,
};

/* ------------------------------------------------------------ the module */

static struct PyModuleDef kernel_module = {PyModuleDef_HEAD_INIT, .m_size = -1};

static int add_type(PyObject *m, PyTypeObject *type, char *name, size_t room, const char *short_name)
{
    snprintf(name, room, "%s.%s", KERNEL.module, short_name);
    type->tp_name = name;
    return PyType_Ready(type) < 0 || PyModule_AddObjectRef(m, short_name, (PyObject *)type) < 0;
}

PyMODINIT_FUNC PyInit__kernel(void)
{
    static char names[3][160];
    kernel_module.m_name = KERNEL.module;
    kernel_module.m_doc = KERNEL.doc;
    PyObject *m = PyModule_Create(&kernel_module);
    if (m && (add_type(m, &RulesType, names[0], sizeof names[0], "Rules") ||
              add_type(m, &SearchType, names[1], sizeof names[1], "Search") ||
              (KERNEL.table && add_type(m, &TableType, names[2], sizeof names[2], "Table"))))
        Py_CLEAR(m);
    return m;
}

/*
 * What a compiled kernel gives the one Python binding of every kernel
 * (binding.c, compiled into each extension beside the kernel's own file).
 *
 * A kernel states its game's rules in C for the engine's searches (beam.h,
 * lds.h, dfs.h, graph.h) and fills the tables below: its kinds of rules
 * (each made from one bytes object Python packs, with the queries the tests
 * ask of it), the searches that run over them, and a table of keys searches
 * may share. Positions, moves and answers cross as bytes, in the kernel's own
 * codec; the kernel includes no Python header. The binding makes the Python
 * types once for every kernel: Rules(kind, spec), Search(kind, rules, root,
 * args=(), table=None) and Table() (see binding.c).
 */
#ifndef SOLITAIRE_SOLVER_KERNEL_H
#define SOLITAIRE_SOLVER_KERNEL_H

#include <stddef.h>
#include <stdint.h>

/* What a kernel's function answers: NULL when it went well, else the message of the
 * ValueError the binding raises (KERNEL_NO_MEMORY: a MemoryError). */
typedef const char *kernel_error;
extern const char KERNEL_NO_MEMORY[];

/* The records a kernel gives back (positions, moves, numbers): Python sees a list of bytes
 * objects, a record each. */
typedef struct kernel_out kernel_out;
kernel_error kernel_put(kernel_out *out, const void *bytes, size_t n);

/* A question the tests ask of a kind of rules about one position, as Rules.ask(name,
 * position) -> list of bytes. */
typedef struct {
    const char *name;
    kernel_error (*ask)(const void *rules, const uint8_t *in, size_t n, kernel_out *out);
} kernel_query;

/* A kind of rules: Rules(name, spec) makes `size` bytes of them from spec. */
typedef struct {
    const char *name;
    size_t size;
    kernel_error (*make)(void *rules, const uint8_t *spec, size_t n);
    const kernel_query *queries; /* up to one with no name */
} kernel_rules;

/* A search's counts, as its Python object's getters give them; -1: not kept (stored: every
 * position expanded is stored). */
enum { KERNEL_EXPANDED, KERNEL_STORED, KERNEL_MAX_DEPTH, KERNEL_TRUNCATED, KERNEL_COUNTS };

/* A kind of search over a kind of rules: Search(name, rules, root, args, table) starts it
 * from the position root with the integer arguments args (and a Table, for those that share
 * one); run(n) expands at most n positions, line() gives the won line's records. */
typedef struct {
    const char *name;
    const char *rules; /* the name of the rules it plays by */
    size_t size;
    kernel_error (*start)(void *search, const void *rules, const uint8_t *root, size_t n,
                          const int64_t *args, int nargs, void *table);
    int (*run)(void *search, int64_t n); /* 0 paused, 1 won, 2 done; no_memory */
    kernel_error (*line)(const void *search, const void *rules, kernel_out *out);
    void (*stop)(void *search);
    void (*counts)(const void *search, int64_t *out); /* KERNEL_COUNTS of them */
    int no_memory;
    int holds_gil; /* it shares a table with other searches of its thread */
} kernel_search;

/* A table of keys that searches share (a memo): len(table) and table.get(position). */
typedef struct {
    size_t size;
    void (*stop)(void *table);
    size_t (*len)(const void *table);
    kernel_error (*get)(const void *table, const uint8_t *key, size_t n, int64_t *value);
} kernel_table;

struct kernel {
    const char *module; /* the extension's full name */
    const char *doc;
    const kernel_rules *rules;      /* up to one with no name */
    const kernel_search *searches;  /* up to one with no name */
    const kernel_table *table;      /* NULL: none */
};

/* The kernel's tables, defined by its file. */
extern const struct kernel KERNEL;

#endif

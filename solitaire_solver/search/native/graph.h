/*
 * The engine's depth-first search over a state graph (search/dfs.py,
 * _graph_dfs), compiled, for games that give a state graph in C whose states
 * are 64-bit keys.
 *
 * It is the same search: children are tried in the game's order, a child is
 * skipped when its key was expanded before, a won child ends the search, and
 * every other child is expanded at once (depth first); each state expanded is
 * counted once, the start included. So it expands the same states in the same
 * order as the Python loop, and the tests compare the two. A search that runs
 * out of states has visited every state reachable from the start: it proves
 * that no won state is reachable.
 *
 * The file that includes this one defines struct graph_rules and, after the
 * include, the two functions declared below. The table is an open-addressing
 * set of the keys (0 marks an empty slot, so a key of 0 is kept apart).
 */
#ifndef SOLITAIRE_SOLVER_GRAPH_H
#define SOLITAIRE_SOLVER_GRAPH_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define GRAPH_MAX_CHILDREN 64
/* A bound on the children of one state (the game guarantees it). */

struct graph_rules;

static int graph_children(const struct graph_rules *g, uint64_t s, uint64_t *out);
/* Fills `out` with the states one move from `s`, in the order they are tried,
 * and returns how many (at most GRAPH_MAX_CHILDREN). */
static int graph_is_won(const struct graph_rules *g, uint64_t s);

enum { GRAPH_PAUSED = 0, GRAPH_WON = 1, GRAPH_DONE = 2, GRAPH_NO_MEMORY = 3 };

typedef struct {
    uint64_t kids[GRAPH_MAX_CHILDREN];
    int n, next;
} graph_frame;

typedef struct {
    const struct graph_rules *rules;
    uint64_t *slots; /* the keys expanded; 0 empty */
    size_t mask, used;
    int has_zero;    /* the key 0 was expanded */
    graph_frame *frames;
    size_t depth, capframes, deepest;
    int started, status;
    uint64_t root, expanded;
} graph_t;

static inline uint64_t graph_mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

static void graph_free(graph_t *t)
{
    free(t->slots);
    free(t->frames);
    memset(t, 0, sizeof *t);
}

static int graph_init(graph_t *t, const struct graph_rules *g, uint64_t root)
{
    memset(t, 0, sizeof *t);
    t->rules = g;
    t->root = root;
    t->mask = 1024 - 1;
    t->slots = (uint64_t *)calloc(t->mask + 1, sizeof(uint64_t));
    t->capframes = 256;
    t->frames = (graph_frame *)malloc(t->capframes * sizeof(graph_frame));
    if (!t->slots || !t->frames) {
        graph_free(t);
        return 0;
    }
    return 1;
}

static int graph_seen(const graph_t *t, uint64_t s)
{
    if (s == 0)
        return t->has_zero;
    size_t i = (size_t)graph_mix(s) & t->mask;
    for (;;) {
        uint64_t x = t->slots[i];
        if (x == s)
            return 1;
        if (x == 0)
            return 0;
        i = (i + 1) & t->mask;
    }
}

static int graph_add(graph_t *t, uint64_t s)
{
    if (s == 0) {
        t->has_zero = 1;
        return 1;
    }
    if (10 * (t->used + 1) > 7 * (t->mask + 1)) {
        size_t slots = 2 * (t->mask + 1);
        uint64_t *v = (uint64_t *)calloc(slots, sizeof(uint64_t));
        if (!v)
            return 0;
        for (size_t j = 0; j <= t->mask; j++) {
            uint64_t x = t->slots[j];
            if (!x)
                continue;
            size_t i = (size_t)graph_mix(x) & (slots - 1);
            while (v[i])
                i = (i + 1) & (slots - 1);
            v[i] = x;
        }
        free(t->slots);
        t->slots = v;
        t->mask = slots - 1;
    }
    size_t i = (size_t)graph_mix(s) & t->mask;
    while (t->slots[i])
        i = (i + 1) & t->mask;
    t->slots[i] = s;
    t->used++;
    return 1;
}

/* Enters `s`: counts it, stores it, lists its children on a new frame. */
static int graph_enter(graph_t *t, uint64_t s)
{
    if (t->depth == t->capframes) {
        size_t cap = 2 * t->capframes;
        graph_frame *v = (graph_frame *)realloc(t->frames, cap * sizeof(graph_frame));
        if (!v)
            return 0;
        t->frames = v;
        t->capframes = cap;
    }
    if (!graph_add(t, s))
        return 0;
    t->expanded++;
    graph_frame *f = &t->frames[t->depth++];
    f->n = graph_children(t->rules, s, f->kids);
    f->next = 0;
    if (t->depth - 1 > t->deepest)
        t->deepest = t->depth - 1;
    return 1;
}

/*
 * Expands at most `n` states; returns GRAPH_PAUSED (to be called again),
 * GRAPH_WON, GRAPH_DONE (every reachable state expanded, none won) or
 * GRAPH_NO_MEMORY.
 */
static int graph_run(graph_t *t, int64_t n)
{
    int64_t done = 0;
    if (t->status != GRAPH_PAUSED)
        return t->status;
    if (!t->started) {
        if (graph_is_won(t->rules, t->root))
            return t->status = GRAPH_WON;
        if (n < 1)
            return GRAPH_PAUSED;
        t->started = 1;
        if (!graph_enter(t, t->root))
            return t->status = GRAPH_NO_MEMORY;
        done++;
    }
    while (t->depth) {
        graph_frame *f = &t->frames[t->depth - 1];
        if (f->next == f->n) {
            t->depth--;
            continue;
        }
        uint64_t s = f->kids[f->next];
        if (graph_seen(t, s)) {
            f->next++;
            continue;
        }
        if (graph_is_won(t->rules, s))
            return t->status = GRAPH_WON;
        if (done >= n)
            return GRAPH_PAUSED;
        f->next++;
        if (!graph_enter(t, s))
            return t->status = GRAPH_NO_MEMORY;
        done++;
    }
    return t->status = GRAPH_DONE;
}

#endif

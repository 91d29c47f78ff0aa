/*
 * The engine's depth-first search (search/dfs.py, dfs), compiled, for games
 * whose compact model is written in C over fixed-size keys with places.
 *
 * It is the same search as the Python loop over a model with places
 * (Placed), dominators (Dominated), move lengths and a memo of keys proved
 * lost (search/memo.py): the children are tried in the order the game lists
 * them, a child is skipped for the same reasons (its key in the table at its
 * place or an earlier one, the chain of waiting moves ending where an earlier
 * search of the key began, the memo, a dominator in the table or the memo),
 * the same positions are expanded in the same order and counted the same way
 * (the start counts as expanded and stored; a child once expanded; stored
 * when its key is new), the deepest line is measured over every child looked
 * at, and a won line is the same line. The soundness of each skip is argued
 * in dfs.py and by the game for its hooks. The tests compare the two.
 *
 * A search pauses before an expansion when its allowance runs out and takes
 * up again from there, so a budget interrupts it where it interrupts the
 * Python loop.
 *
 * Keys proved lost live in a dfs_table the caller owns and passes to every
 * search that shares it (the memo): a search that ends lost adds its table,
 * each key with the earliest place (memo.add).
 *
 * The file that includes this one defines DFS_WORDS (the uint64 words of a
 * key), struct dfs_rules, and, after the include, the four functions declared
 * below. A move is a uint64 the game packs as it likes.
 */
#ifndef SOLITAIRE_SOLVER_DFS_H
#define SOLITAIRE_SOLVER_DFS_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "words.h"

#ifndef DFS_WORDS
#error "define DFS_WORDS before including dfs.h"
#endif

#ifndef DFS_MAX_CHILDREN
#define DFS_MAX_CHILDREN 128
#endif
#ifndef DFS_MAX_DOMINATORS
#define DFS_MAX_DOMINATORS 4
#endif

typedef struct {
    uint64_t w[DFS_WORDS];
} dfs_key;

typedef struct {
    dfs_key k;
    int32_t place;
} dfs_pos;

typedef uint64_t dfs_move;

struct dfs_rules;

/* The game's model, defined by the including file. */
static int dfs_successors(const struct dfs_rules *g, const dfs_pos *p, dfs_move *moves,
                          dfs_pos *out);
/* Fills `moves` and `out` with each move of `p` and the position it gives, in the order the
 * game tries them, and returns how many (at most DFS_MAX_CHILDREN). */
static int dfs_is_won(const struct dfs_rules *g, const dfs_pos *p);
static int dfs_dominators(const struct dfs_rules *g, const dfs_pos *p, dfs_pos *out);
/* The positions that win whenever `p` wins (at most DFS_MAX_DOMINATORS); how many. */
static int dfs_length(const struct dfs_rules *g, dfs_move m);
/* The game moves a search move stands for. */

enum { DFS_PAUSED = 0, DFS_WON = 1, DFS_DONE = 2, DFS_NO_MEMORY = 3 };

#define DFS_NEVER INT32_MAX /* a place later than any */

/* ------------------------------------------------------------ keys with places */

static inline int dfs_equal(const dfs_key *a, const dfs_key *b)
{
    return words_equal(a->w, b->w, DFS_WORDS);
}

static inline uint64_t dfs_hash(const dfs_key *k) { return words_hash(k->w, DFS_WORDS); }

/* A map of keys to places, open addressing (place -1: an empty slot). */
typedef struct {
    dfs_key *keys;
    int32_t *places;
    size_t cap, used;
} dfs_table;

static int dfs_table_init(dfs_table *t, size_t cap)
{
    t->keys = (dfs_key *)malloc(cap * sizeof *t->keys);
    t->places = (int32_t *)malloc(cap * sizeof *t->places);
    if (!t->keys || !t->places) {
        free(t->keys);
        free(t->places);
        t->keys = NULL;
        t->places = NULL;
        return 0;
    }
    memset(t->places, 0xff, cap * sizeof *t->places);
    t->cap = cap;
    t->used = 0;
    return 1;
}

static void dfs_table_free(dfs_table *t)
{
    free(t->keys);
    free(t->places);
    t->keys = NULL;
    t->places = NULL;
    t->cap = t->used = 0;
}

/* The slot of `k`: where it is, or the empty slot where it would go. */
static inline size_t dfs_slot(const dfs_table *t, const dfs_key *k)
{
    size_t mask = t->cap - 1;
    size_t i = (size_t)dfs_hash(k) & mask;
    while (t->places[i] >= 0 && !dfs_equal(&t->keys[i], k))
        i = (i + 1) & mask;
    return i;
}

/* The place stored for `k`, or -1. */
static inline int32_t dfs_get(const dfs_table *t, const dfs_key *k)
{
    if (!t->cap)
        return -1;
    return t->places[dfs_slot(t, k)];
}

static int dfs_table_grow(dfs_table *t)
{
    dfs_table old = *t;
    if (!dfs_table_init(t, old.cap ? old.cap * 2 : 1024)) {
        *t = old;
        return 0;
    }
    for (size_t i = 0; i < old.cap; i++)
        if (old.places[i] >= 0) {
            size_t j = dfs_slot(t, &old.keys[i]);
            t->keys[j] = old.keys[i];
            t->places[j] = old.places[i];
            t->used++;
        }
    free(old.keys);
    free(old.places);
    return 1;
}

/* Sets the place of `k` (`earliest`: only when earlier than the one stored). */
static int dfs_put(dfs_table *t, const dfs_key *k, int32_t place, int earliest)
{
    if (2 * (t->used + 1) > t->cap && !dfs_table_grow(t))
        return 0;
    size_t i = dfs_slot(t, k);
    if (t->places[i] < 0) {
        t->keys[i] = *k;
        t->places[i] = place;
        t->used++;
    } else if (!earliest || place < t->places[i]) {
        t->places[i] = place;
    }
    return 1;
}

/* ------------------------------------------------------------ the search */

typedef struct {
    dfs_move moves[DFS_MAX_CHILDREN];
    dfs_pos kids[DFS_MAX_CHILDREN];
    int n, next;         /* children listed; the next to try */
    dfs_key k;           /* the key expanded */
    int32_t place, stop; /* its place; where its chain of waiting moves stops */
    int depth;           /* game moves from the game's start */
} dfs_frame;

typedef struct {
    const struct dfs_rules *g;
    dfs_table *lost;     /* the memo shared with other searches, or NULL */
    dfs_table table;
    dfs_frame *frames;
    size_t top, frames_cap; /* frames[0..top) are the line's positions */
    dfs_move *path;      /* the moves that reached frames[1..top) */
    dfs_pos start;
    int start_depth;
    int started;
    int pending;         /* a child passed every test and waits to be expanded */
    dfs_pos pend;
    dfs_move pend_move;
    int32_t pend_stop;
    int pend_depth, pend_new, pend_fresh;
    int won, done;
    long long expanded, stored;
    int max_depth;
} dfs_t;

static int dfs_init(dfs_t *t, const struct dfs_rules *g, const dfs_pos *start, int depth,
                    dfs_table *lost)
{
    memset(t, 0, sizeof *t);
    t->g = g;
    t->lost = lost;
    t->start = *start;
    t->start_depth = depth;
    t->max_depth = depth;
    t->frames_cap = 64;
    t->frames = (dfs_frame *)malloc(t->frames_cap * sizeof *t->frames);
    t->path = (dfs_move *)malloc(t->frames_cap * sizeof *t->path);
    if (!t->frames || !t->path || !dfs_table_init(&t->table, 1024)) {
        free(t->frames);
        free(t->path);
        t->frames = NULL;
        t->path = NULL;
        return 0;
    }
    return 1;
}

static void dfs_free(dfs_t *t)
{
    dfs_table_free(&t->table);
    free(t->frames);
    free(t->path);
    t->frames = NULL;
    t->path = NULL;
}

/* Pushes the frame of `p` (its key stored already); 0 when out of memory. */
static int dfs_push(dfs_t *t, const dfs_pos *p, int32_t stop, int depth)
{
    if (t->top == t->frames_cap) {
        size_t cap = t->frames_cap * 2;
        dfs_frame *f = (dfs_frame *)realloc(t->frames, cap * sizeof *f);
        if (!f)
            return 0;
        t->frames = f;
        dfs_move *m = (dfs_move *)realloc(t->path, cap * sizeof *m);
        if (!m)
            return 0;
        t->path = m;
        t->frames_cap = cap;
    }
    dfs_frame *f = &t->frames[t->top++];
    f->n = dfs_successors(t->g, p, f->moves, f->kids);
    f->next = 0;
    f->k = p->k;
    f->place = p->place;
    f->stop = stop;
    f->depth = depth;
    return 1;
}

/* Whether a dominator of `p` is in the table or the memo at its place or earlier. */
static int dfs_dominated(dfs_t *t, const dfs_pos *p)
{
    dfs_pos dom[DFS_MAX_DOMINATORS];
    int n = dfs_dominators(t->g, p, dom);
    for (int i = 0; i < n; i++) {
        int32_t old = dfs_get(&t->table, &dom[i].k);
        if (old >= 0 && old <= dom[i].place)
            return 1;
        if (t->lost) {
            int32_t m = dfs_get(t->lost, &dom[i].k);
            if (m >= 0 && m <= dom[i].place)
                return 1;
        }
    }
    return 0;
}

/* A search that ended lost: its table goes into the memo. */
static int dfs_record_lost(dfs_t *t)
{
    if (!t->lost)
        return 1;
    for (size_t i = 0; i < t->table.cap; i++)
        if (t->table.places[i] >= 0 && !dfs_put(t->lost, &t->table.keys[i], t->table.places[i], 1))
            return 0;
    return 1;
}

/* Expands at most `n` positions; DFS_PAUSED, DFS_WON, DFS_DONE (lost) or DFS_NO_MEMORY. */
static int dfs_run(dfs_t *t, long long n)
{
    const struct dfs_rules *g = t->g;
    if (t->won)
        return DFS_WON;
    if (t->done)
        return DFS_DONE;
    long long allowed = t->expanded + n;
    if (!t->started) {
        t->started = 1;
        if (dfs_is_won(g, &t->start)) {
            t->won = 1;
            return DFS_WON;
        }
        int32_t stop0 = DFS_NEVER;
        if (t->lost) {
            int32_t m = dfs_get(t->lost, &t->start.k);
            if (m >= 0) {
                if (m <= t->start.place) {
                    t->done = 1;
                    return DFS_DONE;
                }
                stop0 = m;
            }
        }
        if (!dfs_put(&t->table, &t->start.k, t->start.place, 0) ||
            !dfs_push(t, &t->start, stop0, t->start_depth))
            return DFS_NO_MEMORY;
        t->expanded++;
        t->stored++;
    }
    for (;;) {
        if (t->pending) {
            if (t->expanded >= allowed)
                return DFS_PAUSED;
            t->pending = 0;
            t->expanded++;
            if (t->pend_new) {
                if (!dfs_put(&t->table, &t->pend.k, t->pend.place, 0))
                    return DFS_NO_MEMORY;
                if (t->pend_fresh)
                    t->stored++;
            }
            t->path[t->top - 1] = t->pend_move;
            if (!dfs_push(t, &t->pend, t->pend_stop, t->pend_depth))
                return DFS_NO_MEMORY;
        }
        if (!t->top)
            break;
        dfs_frame *f = &t->frames[t->top - 1];
        if (f->next == f->n) {
            t->top--;
            continue;
        }
        int i = f->next++;
        const dfs_pos *child = &f->kids[i];
        dfs_move move = f->moves[i];
        int depth = f->depth + dfs_length(g, move);
        if (depth > t->max_depth)
            t->max_depth = depth; /* explored, if only to find it won or out of budget */
        if (dfs_is_won(g, child)) {
            t->path[t->top - 1] = move;
            t->won = 1;
            return DFS_WON;
        }
        int32_t p = child->place, stop;
        int32_t old = dfs_get(&t->table, &child->k);
        int isnew, fresh;
        if (old < 0) {
            stop = DFS_NEVER;
            isnew = fresh = 1;
        } else if (dfs_equal(&child->k, &f->k)) {
            /* Only the place moved on (a waiting move): follow the chain up to where an
             * earlier search of this key began. */
            if (p <= f->place || p >= f->stop)
                continue;
            stop = f->stop;
            isnew = fresh = 0;
        } else if (old <= p) {
            continue;
        } else {
            stop = old;
            isnew = 1;
            fresh = 0;
        }
        if (isnew && t->lost) {
            int32_t m = dfs_get(t->lost, &child->k);
            if (m >= 0) {
                if (m <= p)
                    continue;
                if (m < stop)
                    stop = m;
            }
        }
        if (isnew && dfs_dominated(t, child))
            continue;
        t->pending = 1;
        t->pend = *child;
        t->pend_move = move;
        t->pend_stop = stop;
        t->pend_depth = depth;
        t->pend_new = isnew;
        t->pend_fresh = fresh;
    }
    if (!dfs_record_lost(t))
        return DFS_NO_MEMORY;
    t->done = 1;
    return DFS_DONE;
}

/* Once won: the won line's moves, `*n` of them (a pointer into the search). */
static const dfs_move *dfs_line(const dfs_t *t, size_t *n)
{
    *n = t->top;
    return t->path;
}

#endif

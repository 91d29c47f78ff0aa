/*
 * The engine's beam search (search/beam.py), compiled, for games whose rules
 * are written in C over fixed-size states.
 *
 * It is the same search as beam() with moves within a round and across
 * rounds, the table emptied at each round (forget) and, optionally, a
 * dominator (the Dominated hook) of one state: the same states are expanded in
 * the same order, the same candidates are kept, ties are broken in the order
 * the candidates were found, the count of expansions is the same, and a won
 * line is the same line, so the tests compare the two move for move.
 *
 * A round starts from the states kept ("layer"). Each is expanded, and every
 * state reached from it by moves within the round ("plays") is expanded in
 * the same round, last reached first expanded; each state once, the first
 * time it is reached. A move across rounds ("the deal") gives a candidate for
 * the next round; the `width` best candidates by score (least first, ties in
 * the order found) are kept. A beam that never dropped a candidate has
 * expanded every reachable state.
 *
 * The file that includes this one defines BEAM_WORDS (the uint64 words of a
 * state), the struct beam_rules, and, after the include, the five functions
 * declared below. The engine calls nothing else of the game.
 *
 * Memory: a round's states live in growing arrays and open-addressing hash
 * tables of 64-bit slots (the upper half of the hash beside the index + 1), all
 * emptied when the round ends. Each state of a round records the state it was
 * first reached from and which of that state's moves reached it. What
 * survives a round is, for each state kept, the index of the state it came
 * from in the round before and the moves within the round that led from that
 * one to it (a byte a move): enough to play the won line again (beam_line).
 */
#ifndef SOLITAIRE_SOLVER_BEAM_H
#define SOLITAIRE_SOLVER_BEAM_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "words.h"
#if defined(__linux__)
#include <sys/mman.h>
#endif

#ifndef BEAM_WORDS
#error "define BEAM_WORDS before including beam.h"
#endif

#define BEAM_MAX_PLAYS 64
/* A bound on the moves within a round from one state (the game guarantees it); a move is
 * named by its index among them, a byte. */

typedef struct {
    uint64_t w[BEAM_WORDS];
} beam_state;

struct beam_rules;

/* The game's rules, defined by the including file. */
static int beam_plays(const struct beam_rules *g, const beam_state *s, beam_state *out);
/* Fills `out` with the states one move within a round away, in the order the
 * game tries them, and returns how many (at most BEAM_MAX_PLAYS). */
static int beam_across(const struct beam_rules *g, const beam_state *s, beam_state *out);
/* The state one move across rounds away, if any (returns 1), else 0. */
static int beam_is_won(const struct beam_rules *g, const beam_state *s);
static unsigned beam_score(const struct beam_rules *g, const beam_state *s);
/* A candidate's score, least best, below beam_scores(g). */
static unsigned beam_scores(const struct beam_rules *g);
static int beam_dominator(const struct beam_rules *g, const beam_state *s, beam_state *out);
/* The one state that wins whenever `s` does, if any (returns 1), else 0. */

enum { BEAM_PAUSED = 0, BEAM_WON = 1, BEAM_DONE = 2, BEAM_NO_MEMORY = 3 };

#if defined(__GNUC__) || defined(__clang__)
#define BEAM_PREFETCH(p) __builtin_prefetch(p)
#else
#define BEAM_PREFETCH(p) ((void)(p))
#endif

/* Asks the system to back a large block with huge pages. A wide beam's tables
 * and arrays are hundreds of megabytes read at random places: with pages of
 * 4 KiB nearly every read also misses the address translation cache, and the
 * walk costs as much as the read. Linux's transparent huge pages, when set to
 * "madvise" (a common default), give 2 MiB pages only to memory that asks. A
 * hint: nothing changes but the speed, and a refusal is ignored. */
static void beam_huge(void *p, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (!p || bytes < ((size_t)4 << 20))
        return;
    uintptr_t from = ((uintptr_t)p + 4095) & ~(uintptr_t)4095;
    uintptr_t to = ((uintptr_t)p + bytes) & ~(uintptr_t)4095;
    if (to > from)
        (void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
    (void)p;
    (void)bytes;
#endif
}

static inline int beam_equal(const beam_state *a, const beam_state *b)
{
    return words_equal(a->w, b->w, BEAM_WORDS);
}

static inline uint64_t beam_hash(const beam_state *s) { return words_hash(s->w, BEAM_WORDS); }

/* ------------------------------------------------------------ growing arrays */

#define BEAM_NONE UINT32_MAX

typedef struct {
    beam_state s;
    uint32_t origin; /* the state kept at the round's start that this one came from */
    uint32_t from;   /* the state of the round it was first reached from (BEAM_NONE: kept) */
    uint16_t depth;  /* moves from the start */
    uint8_t move;    /* which of that state's moves within the round reached it */
} beam_node;

typedef struct {
    beam_node *v;
    size_t n, cap;
} beam_nodes;

static int beam_nodes_push(beam_nodes *a, const beam_state *s, uint32_t origin, uint32_t from,
                           uint32_t depth, int move)
{
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 1024;
        beam_node *v = (beam_node *)realloc(a->v, cap * sizeof *v);
        if (!v)
            return 0;
        beam_huge(v, cap * sizeof *v);
        a->v = v;
        a->cap = cap;
    }
    beam_node *x = &a->v[a->n++];
    x->s = *s;
    x->origin = origin;
    x->from = from;
    x->depth = (uint16_t)depth;
    x->move = (uint8_t)move;
    return 1;
}

/* ------------------------------------------------------------ hash sets over a node array */

typedef struct {
    uint64_t *slots; /* 0: empty; else (hash >> 32) << 32 | (index + 1) */
    size_t mask;     /* slots - 1 (a power of two less one) */
    size_t used;
} beam_set;

static int beam_set_init(beam_set *t, size_t slots)
{
    t->slots = (uint64_t *)calloc(slots, sizeof(uint64_t));
    beam_huge(t->slots, slots * sizeof(uint64_t));
    t->mask = slots - 1;
    t->used = 0;
    return t->slots != NULL;
}

static void beam_set_clear(beam_set *t)
{
    /* A round that used a small part of a large table clears what it used
     * only in spirit: clearing is a memset, once a round, cheap beside the
     * round itself. */
    memset(t->slots, 0, (t->mask + 1) * sizeof(uint64_t));
    t->used = 0;
}

/* The index of `s` among `a` if the set holds it, else -1. */
static inline long beam_set_find(const beam_set *t, const beam_nodes *a, const beam_state *s,
                                 uint64_t h)
{
    uint64_t tag = h >> 32;
    size_t i = (size_t)h & t->mask;
    for (;;) {
        uint64_t slot = t->slots[i];
        if (!slot)
            return -1;
        if (slot >> 32 == tag) {
            size_t at = (size_t)(slot & 0xffffffffu) - 1;
            if (beam_equal(&a->v[at].s, s))
                return (long)at;
        }
        i = (i + 1) & t->mask;
    }
}

/* Asks for the node that the first slot of `h`'s probe names, when its tag is `h`'s: the
 * node a lookup of `h` will most likely compare (a hint to the memory, nothing more). */
static inline void beam_set_hint(const beam_set *t, const beam_nodes *a, uint64_t h)
{
    uint64_t slot = t->slots[(size_t)h & t->mask];
    if (slot && slot >> 32 == h >> 32)
        BEAM_PREFETCH(&a->v[(slot & 0xffffffffu) - 1]);
}

static int beam_set_grow(beam_set *t, const beam_nodes *a)
{
    size_t slots = 2 * (t->mask + 1);
    uint64_t *v = (uint64_t *)calloc(slots, sizeof(uint64_t));
    if (!v)
        return 0;
    beam_huge(v, slots * sizeof(uint64_t));
    for (size_t j = 0; j <= t->mask; j++) {
        uint64_t slot = t->slots[j];
        if (!slot)
            continue;
        uint64_t h = beam_hash(&a->v[(slot & 0xffffffffu) - 1].s);
        size_t i = (size_t)h & (slots - 1);
        while (v[i])
            i = (i + 1) & (slots - 1);
        v[i] = slot;
    }
    free(t->slots);
    t->slots = v;
    t->mask = slots - 1;
    return 1;
}

/* Puts index `at` of `a` (whose state hashes to `h` and is not in the set) into the set. */
static inline int beam_set_add(beam_set *t, const beam_nodes *a, size_t at, uint64_t h)
{
    if (2 * (t->used + 1) > t->mask + 1 && !beam_set_grow(t, a))
        return 0;
    size_t i = (size_t)h & t->mask;
    while (t->slots[i])
        i = (i + 1) & t->mask;
    t->slots[i] = (h >> 32) << 32 | (uint64_t)(at + 1);
    t->used++;
    return 1;
}

/* ------------------------------------------------------------ the beam */

typedef struct {
    uint32_t *parent; /* for each state kept, its index in the round before, */
    uint32_t *path;   /* where its moves within that round start in `moves` (n + 1 entries), */
    uint8_t *moves;   /* the moves (indices among beam_plays), the deal after them */
    size_t n;
} beam_kept;

typedef struct {
    const struct beam_rules *rules;
    size_t width;
    int dominated; /* use beam_dominator */
    beam_state root;
    beam_nodes layer;  /* the states kept, this round's start */
    beam_nodes closure; /* every state reached in this round, in the order reached */
    beam_nodes cand;   /* the next round's candidates, in the order found */
    beam_set seen, next;
    uint32_t *todo; /* indices into closure, last reached first expanded */
    size_t ntodo, captodo;
    beam_kept *rounds; /* rounds[r]: the states kept at the start of round r (r >= 1) */
    size_t nrounds, caprounds;
    size_t *count;     /* candidates per score */
    int started, status, truncated;
    uint64_t expanded;
    uint32_t max_depth;
    uint32_t win_origin; /* the kept state of the won state's round it came from, */
    uint32_t win_from;   /* the state of the round whose move won, */
    int win_move;        /* that move's index among beam_plays (-1: the move across) */
} beam_t;

static void beam_free(beam_t *b)
{
    free(b->layer.v);
    free(b->closure.v);
    free(b->cand.v);
    free(b->seen.slots);
    free(b->next.slots);
    free(b->todo);
    for (size_t r = 0; r < b->nrounds; r++) {
        free(b->rounds[r].parent);
        free(b->rounds[r].path);
        free(b->rounds[r].moves);
    }
    free(b->rounds);
    free(b->count);
    memset(b, 0, sizeof *b);
}

static int beam_init(beam_t *b, const struct beam_rules *g, const beam_state *root, size_t width,
                     int dominated)
{
    memset(b, 0, sizeof *b);
    b->rules = g;
    b->width = width;
    b->dominated = dominated;
    b->root = *root;
    b->count = (size_t *)calloc(beam_scores(g), sizeof(size_t));
    if (!b->count || !beam_set_init(&b->seen, 1024) || !beam_set_init(&b->next, 1024) ||
        !beam_nodes_push(&b->layer, root, 0, BEAM_NONE, 0, 0)) {
        beam_free(b);
        return 0;
    }
    b->caprounds = 128;
    b->rounds = (beam_kept *)calloc(b->caprounds, sizeof(beam_kept));
    if (!b->rounds) {
        beam_free(b);
        return 0;
    }
    b->nrounds = 1; /* round 0 starts from the root alone: nothing to keep */
    if (beam_is_won(g, root))
        b->status = BEAM_WON; /* won with no moves */
    return 1;
}

static int beam_todo_push(beam_t *b, uint32_t at)
{
    if (b->ntodo == b->captodo) {
        size_t cap = b->captodo ? 2 * b->captodo : 1024;
        uint32_t *v = (uint32_t *)realloc(b->todo, cap * sizeof *v);
        if (!v)
            return 0;
        b->todo = v;
        b->captodo = cap;
    }
    b->todo[b->ntodo++] = at;
    return 1;
}

/* Whether the dominator of `s`, if any, is in the set `t` over `a`. */
static inline int beam_is_dominated(const beam_t *b, const beam_set *t, const beam_nodes *a,
                                    const beam_state *s)
{
    beam_state d;
    if (!b->dominated || !beam_dominator(b->rules, s, &d))
        return 0;
    return beam_set_find(t, a, &d, beam_hash(&d)) >= 0;
}

/* The round starts: the states kept, less those already reached or dominated. */
static int beam_start_round(beam_t *b)
{
    beam_set_clear(&b->seen);
    b->closure.n = 0;
    b->ntodo = 0;
    for (size_t i = 0; i < b->layer.n; i++) {
        const beam_node *x = &b->layer.v[i];
        uint64_t h = beam_hash(&x->s);
        if (beam_set_find(&b->seen, &b->closure, &x->s, h) >= 0 ||
            beam_is_dominated(b, &b->seen, &b->closure, &x->s))
            continue;
        if (!beam_nodes_push(&b->closure, &x->s, (uint32_t)i, BEAM_NONE, x->depth, 0) ||
            !beam_set_add(&b->seen, &b->closure, b->closure.n - 1, h) ||
            !beam_todo_push(b, (uint32_t)(b->closure.n - 1)))
            return 0;
    }
    beam_set_clear(&b->next);
    b->cand.n = 0;
    return 1;
}

/* The round ends: drop dominated candidates, keep the best `width`, note where they came from. */
static int beam_end_round(beam_t *b)
{
    const struct beam_rules *g = b->rules;
    beam_nodes *c = &b->cand;
    if (b->dominated) {
        /* Against every candidate of the round, dropped or not (as the
         * engine's beam does, with a copy of the candidates' keys). */
        size_t keep = 0;
        unsigned char *gone = (unsigned char *)calloc(c->n ? c->n : 1, 1);
        if (!gone)
            return 0;
        for (size_t i = 0; i < c->n; i++)
            gone[i] = (unsigned char)beam_is_dominated(b, &b->next, c, &c->v[i].s);
        for (size_t i = 0; i < c->n; i++)
            if (!gone[i])
                c->v[keep++] = c->v[i];
        c->n = keep;
        free(gone);
    }
    size_t n = c->n;
    beam_nodes kept = {0};
    if (n > b->width) {
        /* The `width` least by (score, order found), in that order: a stable
         * counting sort, cut at the width. */
        b->truncated = 1;
        unsigned scores = beam_scores(g);
        size_t *count = b->count;
        memset(count, 0, scores * sizeof *count);
        unsigned *score = (unsigned *)malloc(n * sizeof *score);
        if (!score)
            return 0;
        for (size_t i = 0; i < n; i++) {
            score[i] = beam_score(g, &c->v[i].s);
            count[score[i]]++;
        }
        size_t at = 0;
        for (unsigned s = 0; s < scores; s++) {
            size_t k = count[s];
            count[s] = at;
            at += k;
        }
        kept.v = (beam_node *)malloc(b->width * sizeof(beam_node));
        if (!kept.v) {
            free(score);
            return 0;
        }
        beam_huge(kept.v, b->width * sizeof(beam_node));
        kept.n = kept.cap = b->width;
        for (size_t i = 0; i < n; i++) {
            size_t to = count[score[i]]++;
            if (to < b->width)
                kept.v[to] = c->v[i];
        }
        free(score);
    } else {
        kept.v = (beam_node *)malloc((n ? n : 1) * sizeof(beam_node));
        if (!kept.v)
            return 0;
        memcpy(kept.v, c->v, n * sizeof(beam_node));
        kept.n = kept.cap = n;
    }
    if (b->nrounds == b->caprounds) {
        size_t cap = 2 * b->caprounds;
        beam_kept *v = (beam_kept *)realloc(b->rounds, cap * sizeof *v);
        if (!v) {
            free(kept.v);
            return 0;
        }
        memset(v + b->caprounds, 0, (cap - b->caprounds) * sizeof *v);
        b->rounds = v;
        b->caprounds = cap;
    }
    beam_kept *r = &b->rounds[b->nrounds];
    r->n = kept.n;
    r->parent = (uint32_t *)malloc((kept.n ? kept.n : 1) * sizeof(uint32_t));
    r->path = (uint32_t *)malloc((kept.n + 1) * sizeof(uint32_t));
    size_t total = 0;
    for (size_t i = 0; i < kept.n; i++)
        for (uint32_t at = kept.v[i].from; b->closure.v[at].from != BEAM_NONE;
             at = b->closure.v[at].from)
            total++;
    r->moves = (uint8_t *)malloc(total ? total : 1);
    if (!r->parent || !r->path || !r->moves) {
        free(kept.v);
        return 0;
    }
    b->nrounds++;
    size_t end = 0;
    for (size_t i = 0; i < kept.n; i++) {
        r->parent[i] = kept.v[i].origin;
        r->path[i] = (uint32_t)end;
        size_t first = end;
        for (uint32_t at = kept.v[i].from; b->closure.v[at].from != BEAM_NONE;
             at = b->closure.v[at].from)
            r->moves[end++] = b->closure.v[at].move;
        for (size_t x = first, y = end ? end - 1 : 0; x < y; x++, y--) {
            uint8_t t = r->moves[x];
            r->moves[x] = r->moves[y];
            r->moves[y] = t;
        }
    }
    r->path[kept.n] = (uint32_t)end;
    free(b->layer.v);
    b->layer = kept;
    return 1;
}

/*
 * Expands at most `n` states; returns BEAM_PAUSED when it has (to be called
 * again), BEAM_WON when it reached a won state (beam_line gives the line),
 * BEAM_DONE when no state is left (every reachable state was expanded unless
 * b->truncated), or BEAM_NO_MEMORY.
 */
static int beam_run(beam_t *b, int64_t n)
{
    const struct beam_rules *g = b->rules;
    beam_state kids[BEAM_MAX_PLAYS];
    uint64_t hashes[BEAM_MAX_PLAYS], dom_hashes[BEAM_MAX_PLAYS];
    beam_state dom[BEAM_MAX_PLAYS];
    int doms[BEAM_MAX_PLAYS];
    int64_t done = 0;
    if (b->status != BEAM_PAUSED)
        return b->status;
    if (!b->started) {
        b->started = 1;
        if (!beam_start_round(b))
            return b->status = BEAM_NO_MEMORY;
    }
    for (;;) {
        if (b->ntodo == 0) {
            if (!beam_end_round(b))
                return b->status = BEAM_NO_MEMORY;
            if (b->layer.n == 0)
                return b->status = BEAM_DONE;
            if (!beam_start_round(b))
                return b->status = BEAM_NO_MEMORY;
            continue;
        }
        if (done >= n)
            return BEAM_PAUSED;
        uint32_t at = b->todo[--b->ntodo];
        beam_node x = b->closure.v[at];
        done++;
        b->expanded++;
        if (x.depth > b->max_depth)
            b->max_depth = x.depth;
        int k = beam_plays(g, &x.s, kids);
        beam_state t;
        int across = beam_across(g, &x.s, &t);
        uint64_t across_hash = 0;
        /* The round's tables are far larger than the caches once the beam is
         * wide, and a lookup waits for memory twice: for the slot, then for
         * the node whose tag matches. So every slot the lookups below will
         * read first (each child's, its dominator's, the deal's) is asked
         * for before any is read, and then the nodes their tags name: the
         * fetches overlap instead of waiting in turn. These are hints only;
         * each lookup is made afresh, after the children before it were
         * added. (A dominator is worked out for every child, not only for
         * those not yet reached: a pure function, so the same children are
         * kept.) */
        if (across) {
            across_hash = beam_hash(&t);
            BEAM_PREFETCH(&b->next.slots[across_hash & b->next.mask]);
        }
        for (int i = 0; i < k; i++) {
            hashes[i] = beam_hash(&kids[i]);
            BEAM_PREFETCH(&b->seen.slots[hashes[i] & b->seen.mask]);
            doms[i] = b->dominated && beam_dominator(g, &kids[i], &dom[i]);
            if (doms[i]) {
                dom_hashes[i] = beam_hash(&dom[i]);
                BEAM_PREFETCH(&b->seen.slots[dom_hashes[i] & b->seen.mask]);
            }
        }
        for (int i = 0; i < k; i++) {
            beam_set_hint(&b->seen, &b->closure, hashes[i]);
            if (doms[i])
                beam_set_hint(&b->seen, &b->closure, dom_hashes[i]);
        }
        if (across)
            beam_set_hint(&b->next, &b->cand, across_hash);
        for (int i = 0; i < k; i++) {
            const beam_state *s = &kids[i];
            uint64_t h = hashes[i];
            if (beam_set_find(&b->seen, &b->closure, s, h) >= 0 ||
                (doms[i] && beam_set_find(&b->seen, &b->closure, &dom[i], dom_hashes[i]) >= 0))
                continue;
            if (beam_is_won(g, s)) {
                b->win_origin = x.origin;
                b->win_from = at;
                b->win_move = i;
                if (x.depth + 1u > b->max_depth)
                    b->max_depth = x.depth + 1u;
                return b->status = BEAM_WON;
            }
            if (!beam_nodes_push(&b->closure, s, x.origin, at, x.depth + 1u, i) ||
                !beam_set_add(&b->seen, &b->closure, b->closure.n - 1, h) ||
                !beam_todo_push(b, (uint32_t)(b->closure.n - 1)))
                return b->status = BEAM_NO_MEMORY;
        }
        if (across) {
            uint64_t h = across_hash;
            if (beam_set_find(&b->next, &b->cand, &t, h) >= 0)
                continue;
            if (beam_is_won(g, &t)) {
                b->win_origin = x.origin;
                b->win_from = at;
                b->win_move = -1;
                if (x.depth + 1u > b->max_depth)
                    b->max_depth = x.depth + 1u;
                return b->status = BEAM_WON;
            }
            if (!beam_nodes_push(&b->cand, &t, x.origin, at, x.depth + 1u, 0) ||
                !beam_set_add(&b->next, &b->cand, b->cand.n - 1, h))
                return b->status = BEAM_NO_MEMORY;
        }
    }
}

/* ------------------------------------------------------------ the won line */

/* Plays `n` recorded moves within a round from `at`, then the move across when `across`,
 * appending each state to `out`; 0 when a move is not there or memory ran out. */
static int beam_replay(const struct beam_rules *g, beam_state *at, const uint8_t *moves, size_t n,
                       int across, beam_nodes *out)
{
    beam_state kids[BEAM_MAX_PLAYS];
    for (size_t i = 0; i < n; i++) {
        int k = beam_plays(g, at, kids);
        if (moves[i] >= k)
            return 0;
        *at = kids[moves[i]];
        if (!beam_nodes_push(out, at, 0, 0, 0, 0))
            return 0;
    }
    if (across) {
        beam_state t;
        if (!beam_across(g, at, &t))
            return 0;
        *at = t;
        if (!beam_nodes_push(out, at, 0, 0, 0, 0))
            return 0;
    }
    return 1;
}

/*
 * The won line, as the states after each move (the root excluded), into
 * `out`; returns 1, or 0 when memory ran out.
 *
 * The states kept along the line are found back through the rounds (each
 * kept state's index in the round before), and the line is played again from
 * the root: in each round, the moves recorded for the next kept state, then
 * the deal; in the last round, the moves that reached the state whose move
 * won, then that move. These are the very moves the beam followed, so the
 * line is the engine's.
 */
static int beam_line(const beam_t *b, beam_nodes *out)
{
    out->n = 0;
    if (b->status != BEAM_WON || !b->started)
        return 1; /* won at the root: no moves */
    const struct beam_rules *g = b->rules;
    size_t last = b->nrounds - 1; /* the round of the win */
    uint32_t *chain = (uint32_t *)malloc((last + 1) * sizeof(uint32_t));
    if (!chain)
        return 0;
    chain[last] = b->win_origin;
    for (size_t r = last; r > 0; r--)
        chain[r - 1] = b->rounds[r].parent[chain[r]];
    beam_state at = b->root;
    int ok = 1;
    for (size_t r = 1; ok && r <= last; r++) {
        const beam_kept *k = &b->rounds[r];
        uint32_t i = chain[r];
        ok = beam_replay(g, &at, k->moves + k->path[i], k->path[i + 1] - k->path[i], 1, out);
    }
    free(chain);
    if (!ok)
        return 0;
    /* The last round: from its kept state to the one whose move won. */
    size_t n = 0;
    for (uint32_t x = b->win_from; b->closure.v[x].from != BEAM_NONE; x = b->closure.v[x].from)
        n++;
    uint8_t *moves = (uint8_t *)malloc(n + 1);
    if (!moves)
        return 0;
    size_t j = n;
    for (uint32_t x = b->win_from; b->closure.v[x].from != BEAM_NONE; x = b->closure.v[x].from)
        moves[--j] = b->closure.v[x].move;
    if (b->win_move >= 0)
        moves[n++] = (uint8_t)b->win_move;
    ok = beam_replay(g, &at, moves, n, b->win_move < 0, out);
    free(moves);
    return ok;
}

#endif

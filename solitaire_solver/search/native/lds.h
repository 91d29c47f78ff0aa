/*
 * The engine's limited discrepancy search (search/restart.py, lds), compiled,
 * over the states and moves a game gives the compiled beam (beam.h): its
 * children are the game's plays (beam_plays) then its move across rounds
 * (beam_across), the order the game tries them in, the first preferred.
 *
 * It is the same search. Iteration k (0, 1, 2, ...) searches depth first
 * every line that takes a child other than the first at most k times (a
 * discrepancy each), with a table of the discrepancies each state had left
 * when it was expanded: a state met again with no more left is skipped. A
 * won child ends the search; an iteration that never refused a child for
 * want of discrepancies has searched every reachable state, and ends it with
 * nothing won. The start counts as expanded at each iteration, and a child
 * each time it is expanded (again in a later iteration, or again with more
 * discrepancies left); `stored` counts a state once an iteration, the first
 * time it is expanded in it. So it expands the same states in the same order
 * as the Python loop, and the tests compare the two.
 *
 * The search pauses before an expansion when its allowance runs out and
 * takes up again from there: the Python loop's interruptions fall at the
 * same places.
 *
 * Include it after beam.h.
 */
#ifndef SOLITAIRE_SOLVER_LDS_H
#define SOLITAIRE_SOLVER_LDS_H

#ifndef SOLITAIRE_SOLVER_BEAM_H
#error "include beam.h before lds.h"
#endif

#define LDS_MAX_CHILDREN (BEAM_MAX_PLAYS + 1)

typedef struct {
    beam_state s;                        /* the state expanded */
    beam_state kids[LDS_MAX_CHILDREN];   /* its children, in the order tried */
    int n, next;                         /* how many; the next to try */
    int left;                            /* the discrepancies left at it */
} lds_frame;

typedef struct {
    const struct beam_rules *g;
    beam_state root;
    /* The table of one iteration: the discrepancies each state had left when
     * it was expanded (-1: an empty slot). */
    beam_state *keys;
    int16_t *left;
    size_t cap, used;
    lds_frame *frames;
    size_t depth, frames_cap;
    int allowed;        /* the iteration's discrepancies */
    int in_iteration;   /* 0: the iteration's start is still to be expanded */
    int refused;        /* whether this iteration refused a child */
    int won_root;       /* the start itself is won */
    beam_state won;     /* the won child, once found */
    long long expanded, stored;
    int max_depth;
} lds_t;

static int lds_table_alloc(lds_t *t, size_t cap)
{
    t->keys = (beam_state *)malloc(cap * sizeof *t->keys);
    t->left = (int16_t *)malloc(cap * sizeof *t->left);
    if (!t->keys || !t->left) {
        free(t->keys);
        free(t->left);
        t->keys = NULL;
        t->left = NULL;
        return 0;
    }
    memset(t->left, 0xff, cap * sizeof *t->left);
    t->cap = cap;
    t->used = 0;
    return 1;
}

/* The slot of `s`: where it is, or the empty slot where it would go. */
static size_t lds_slot(const lds_t *t, const beam_state *s)
{
    size_t mask = t->cap - 1;
    size_t i = (size_t)beam_hash(s) & mask;
    while (t->left[i] >= 0 && !beam_equal(&t->keys[i], s))
        i = (i + 1) & mask;
    return i;
}

static int lds_grow(lds_t *t)
{
    beam_state *keys = t->keys;
    int16_t *left = t->left;
    size_t cap = t->cap;
    if (!lds_table_alloc(t, cap * 2)) {
        t->keys = keys;
        t->left = left;
        t->cap = cap;
        return 0;
    }
    for (size_t i = 0; i < cap; i++)
        if (left[i] >= 0) {
            size_t j = lds_slot(t, &keys[i]);
            t->keys[j] = keys[i];
            t->left[j] = left[i];
            t->used++;
        }
    free(keys);
    free(left);
    return 1;
}

static void lds_free(lds_t *t)
{
    free(t->keys);
    free(t->left);
    free(t->frames);
    t->keys = NULL;
    t->left = NULL;
    t->frames = NULL;
}

static int lds_init(lds_t *t, const struct beam_rules *g, const beam_state *root)
{
    memset(t, 0, sizeof *t);
    t->g = g;
    t->root = *root;
    t->frames_cap = 256;
    t->frames = (lds_frame *)malloc(t->frames_cap * sizeof *t->frames);
    if (!t->frames || !lds_table_alloc(t, 1 << 12)) {
        lds_free(t);
        return 0;
    }
    t->won_root = beam_is_won(g, root);
    return 1;
}

/* Pushes a frame for `s` with `left` discrepancies, its children worked out. */
static int lds_push(lds_t *t, const beam_state *s, int left)
{
    if (t->depth == t->frames_cap) {
        lds_frame *more = (lds_frame *)realloc(t->frames, 2 * t->frames_cap * sizeof *more);
        if (!more)
            return 0;
        t->frames = more;
        t->frames_cap *= 2;
    }
    lds_frame *f = &t->frames[t->depth++];
    f->s = *s;
    f->n = beam_plays(t->g, s, f->kids);
    f->n += beam_across(t->g, s, &f->kids[f->n]);
    f->next = 0;
    f->left = left;
    return 1;
}

/* Expands at most `n` states: BEAM_WON, BEAM_DONE (every state searched, none won),
 * BEAM_PAUSED or BEAM_NO_MEMORY. */
static int lds_run(lds_t *t, long long n)
{
    long long done = 0;
    if (t->won_root)
        return BEAM_WON;
    for (;;) {
        if (!t->in_iteration) {
            if (done >= n)
                return BEAM_PAUSED;
            t->expanded++;
            t->stored++;
            done++;
            memset(t->left, 0xff, t->cap * sizeof *t->left);
            size_t at = lds_slot(t, &t->root);
            t->keys[at] = t->root;
            t->left[at] = (int16_t)t->allowed;
            t->used = 1;
            t->refused = 0;
            t->depth = 0;
            if (!lds_push(t, &t->root, t->allowed))
                return BEAM_NO_MEMORY;
            t->in_iteration = 1;
        }
        while (t->depth) {
            lds_frame *f = &t->frames[t->depth - 1];
            int pushed = 0;
            while (f->next < f->n) {
                int spend = f->left - (f->next > 0);
                if (spend < 0) {
                    /* This child and every later one cost a discrepancy more
                     * than is left: the state is done for this iteration. */
                    t->refused = 1;
                    f->next = f->n;
                    break;
                }
                const beam_state *child = &f->kids[f->next];
                if ((int)t->depth > t->max_depth)
                    t->max_depth = (int)t->depth;
                if (beam_is_won(t->g, child)) {
                    t->won = *child;
                    return BEAM_WON;
                }
                size_t at = lds_slot(t, child);
                int old = t->left[at];
                if (old >= spend) {
                    f->next++;
                    continue;
                }
                if (done >= n)
                    return BEAM_PAUSED;
                t->expanded++;
                done++;
                if (old < 0) {
                    t->stored++;
                    t->keys[at] = *child;
                    t->used++;
                }
                t->left[at] = (int16_t)spend;
                f->next++;
                if (!lds_push(t, child, spend))
                    return BEAM_NO_MEMORY;
                if (2 * t->used > t->cap && !lds_grow(t))
                    return BEAM_NO_MEMORY;
                pushed = 1;
                break;
            }
            if (!pushed)
                t->depth--;
        }
        if (!t->refused)
            return BEAM_DONE;
        t->allowed++;
        t->in_iteration = 0;
    }
}

/* Once won: the line's states after the start, `*count` of them, in a new array
 * (NULL when out of memory; none when the start is won). The frames hold the
 * states of the line from the start (frame 0) down; the won child follows. */
static beam_state *lds_line(const lds_t *t, size_t *count)
{
    size_t k = t->won_root ? 0 : t->depth;
    beam_state *out = (beam_state *)malloc((k ? k : 1) * sizeof *out);
    if (!out)
        return NULL;
    for (size_t i = 1; i < k; i++)
        out[i - 1] = t->frames[i].s;
    if (k)
        out[k - 1] = t->won;
    *count = k;
    return out;
}

#endif

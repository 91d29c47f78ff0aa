/*
 * Eagle Wing's compact model (model.py, EagleWingModel) in C, searched by the
 * engine's compiled depth-first search (search/native/dfs.h).
 *
 * The same positions, moves and reductions as the Python model, listed in the
 * same order: successors() with building (reductions 3 and 5) and without
 * (card moves to a gap, a deal, a redeal), step() and settle() for the safe
 * moves home, dominators() (reduction 4). The soundness arguments are in
 * model.py; nothing here adds a rule or a prune. Which wing takes a card it
 * looks up, in a table that rules.py works out from EagleWingRules.takes
 * (rules.wing_takes), so that the rule is stated once. The tests compare every
 * child and dominator with the Python model's on random positions of both
 * presets and other rules, and the two searches move for move.
 *
 * A position is unpacked (ew_pos) to be worked on and packed into a key of
 * ten words to be stored: byte 0..3 each suit's next card + 1 (0: full),
 * byte 4 the trunk cards left, 5 the wings, 6..21 the wing codes (top * 16 +
 * size, sorted, two bytes each, unused ones 0), 22 the talon's length and 23
 * on its cards. So two keys are equal exactly when the Python model's
 * arrangements (need, trunk_left, wings, talon) are equal. The place
 * (redeals_used * 64 + waste_size) is the position's place.
 *
 * A move is packed into a uint64: the kind (byte 0), card + 1, onto + 1,
 * talon index + 1 (bytes 1 to 3) and the length (bits 32 on).
 */
#include <stdlib.h>
#include <string.h>

#define DFS_WORDS 10
#include "dfs.h"
#include "kernel.h"

#define WINGS 8
#define TALON_MAX 52
#define TRUNK_MAX 52
#define PLACE 64
#define WING_CODES (52 * 16)
#define TAKES_NOTHING 255

enum { HOME = 0, ONTO = 1, GAP = 2, DEALS = 3, REDEALS = 4 };

typedef struct {
    int need[4];          /* each suit's next card, -1 when full */
    int tl;               /* trunk cards left */
    int nw;               /* wings */
    int wings[WINGS];     /* top * 16 + size */
    int n;                /* talon cards */
    uint8_t talon[TALON_MAX + 1];
    int32_t place;
} ew_pos;

struct dfs_rules {
    int trunk[TRUNK_MAX]; /* the origin's trunk, bottom first */
    int trunk_len;
    uint8_t takes[WING_CODES]; /* by wing code, the card it takes (rules.wing_takes) */
    int macro;            /* building: talon cards move with their deals */
    int redeals;
    int unsafe;           /* the rank not sent home unasked, or -1 */
    int after[52];        /* the card after c on its foundation, -1 after the last */
};

static int UP[52], DOWN[52];

static void tables_init(void)
{
    for (int c = 0; c < 52; c++) {
        int s = c / 13, r = c % 13;
        UP[c] = s * 13 + (r + 1) % 13;
        DOWN[c] = s * 13 + (r + 12) % 13;
    }
}

static inline int under(int p) { return (UP[p >> 4] << 4) + (p & 15) - 1; }
static inline int built_on(int p, int c) { return (c << 4) + (p & 15) + 1; }
static inline int single(int c) { return (c << 4) + 1; }

static inline int safe(const int *need, int x, int unsafe)
{
    return x >= 0 && need[x / 13] == x && x % 13 != unsafe;
}

static inline dfs_move pack_move(int kind, int card, int onto, int ti, int length)
{
    return (dfs_move)kind | (dfs_move)(card + 1) << 8 | (dfs_move)(onto + 1) << 16 |
           (dfs_move)(ti + 1) << 24 | (dfs_move)length << 32;
}

static inline int move_kind(dfs_move m) { return (int)(m & 255); }
static inline int move_card(dfs_move m) { return (int)(m >> 8 & 255) - 1; }
static inline int move_onto(dfs_move m) { return (int)(m >> 16 & 255) - 1; }
static inline int move_index(dfs_move m) { return (int)(m >> 24 & 255) - 1; }
static inline int move_len(dfs_move m) { return (int)(m >> 32); }

/* Sorts n ints in place, least first (wings, a suit's next cards, scan ranks: a dozen at most). */
static void sort_ints(int *w, int n)
{
    for (int i = 1; i < n; i++) {
        int x = w[i], j = i;
        while (j > 0 && w[j - 1] > x) {
            w[j] = w[j - 1];
            j--;
        }
        w[j] = x;
    }
}

static void pack(const ew_pos *e, dfs_pos *out)
{
    uint8_t b[DFS_WORDS * 8];
    memset(b, 0, sizeof b);
    for (int s = 0; s < 4; s++)
        b[s] = (uint8_t)(e->need[s] + 1);
    b[4] = (uint8_t)e->tl;
    b[5] = (uint8_t)e->nw;
    for (int i = 0; i < e->nw; i++) {
        b[6 + 2 * i] = (uint8_t)(e->wings[i] & 255);
        b[7 + 2 * i] = (uint8_t)(e->wings[i] >> 8);
    }
    b[22] = (uint8_t)e->n;
    memcpy(b + 23, e->talon, (size_t)e->n);
    memcpy(out->k.w, b, sizeof b);
    out->place = e->place;
}

static void unpack(const dfs_pos *p, ew_pos *e)
{
    uint8_t b[DFS_WORDS * 8];
    memcpy(b, p->k.w, sizeof b);
    for (int s = 0; s < 4; s++)
        e->need[s] = (int)b[s] - 1;
    e->tl = b[4];
    e->nw = b[5];
    for (int i = 0; i < e->nw; i++)
        e->wings[i] = b[6 + 2 * i] | b[7 + 2 * i] << 8;
    e->n = b[22];
    memcpy(e->talon, b + 23, (size_t)e->n);
    e->place = p->place;
}

static inline int talon_find(const ew_pos *e, int c)
{
    const void *at = memchr(e->talon, c, (size_t)e->n);
    return at ? (int)((const uint8_t *)at - e->talon) : -1;
}

static inline void talon_remove(ew_pos *e, int i)
{
    memmove(e->talon + i, e->talon + i + 1, (size_t)(e->n - i - 1));
    e->n--;
}

/* A small stack of cards to look at (model.py's `todo` lists). */
typedef struct {
    int v[64];
    int n;
} todo_t;

static inline void todo_push(todo_t *t, int x)
{
    if (t->n < 64)
        t->v[t->n++] = x;
}

/* Takes the top card off wing i (model.py, _uncover); its wings may then be out of order. */
static void uncover(const struct dfs_rules *g, ew_pos *e, int i, todo_t *todo)
{
    int p = e->wings[i];
    if ((p & 15) > 1) {
        e->wings[i] = under(p);
    } else if (e->tl) {
        e->tl--;
        int fill = g->trunk[e->tl];
        e->wings[i] = single(fill);
        todo_push(todo, fill);
        if (e->tl == 1)
            todo_push(todo, g->trunk[0]); /* now face up */
    } else {
        for (int j = i + 1; j < e->nw; j++)
            e->wings[j - 1] = e->wings[j];
        e->nw--;
    }
}

/* Sends home every safe card, starting from those in `todo` (model.py, settle); the number
 * sent. The wings come out sorted. */
static int settle(const struct dfs_rules *g, ew_pos *e, todo_t *todo)
{
    int n = 0;
    while (todo->n) {
        int x = todo->v[--todo->n];
        if (!safe(e->need, x, g->unsafe))
            continue;
        int ws = e->place % PLACE;
        if (ws && e->talon[ws - 1] == x) {
            talon_remove(e, ws - 1);
            e->place--;
            if (ws > 1)
                todo_push(todo, e->talon[ws - 2]);
        } else if (e->tl == 1 && g->trunk[0] == x) {
            e->tl = 0;
        } else {
            int i;
            for (i = 0; i < e->nw; i++)
                if (e->wings[i] >> 4 == x)
                    break;
            if (i == e->nw)
                continue; /* not in view */
            uncover(g, e, i, todo);
        }
        e->need[x / 13] = g->after[x];
        todo_push(todo, g->after[x]);
        n++;
    }
    sort_ints(e->wings, e->nw);
    return n;
}

/* One move on a closed position and the safe moves after it (model.py, step): the number of
 * safe moves made. */
static int step(const struct dfs_rules *g, ew_pos *e, dfs_move mv)
{
    int kind = move_kind(mv), c = move_card(mv), onto = move_onto(mv), ti = move_index(mv);
    todo_t todo;
    todo.n = 0;
    if (kind == DEALS) {
        int x = e->talon[e->place % PLACE];
        e->place++;
        if (!safe(e->need, x, g->unsafe))
            return 0;
        todo_push(&todo, x);
        return settle(g, e, &todo);
    }
    if (kind == REDEALS) {
        e->place = e->place - e->place % PLACE + PLACE;
        return 0;
    }
    if (ti >= 0) {
        int red = e->place / PLACE, ws = e->place % PLACE;
        if (ti < ws - 1)
            red++;
        talon_remove(e, ti);
        e->place = red * PLACE + ti;
        if (ti)
            todo_push(&todo, e->talon[ti - 1]);
    } else if (e->tl == 1 && g->trunk[0] == c) {
        e->tl = 0;
    } else {
        for (int i = 0; i < e->nw; i++)
            if (e->wings[i] >> 4 == c) {
                uncover(g, e, i, &todo);
                break;
            }
    }
    if (kind == HOME) {
        e->need[c / 13] = g->after[c];
        todo_push(&todo, g->after[c]);
    } else if (kind == ONTO) {
        for (int i = 0; i < e->nw; i++)
            if (e->wings[i] >> 4 == onto) {
                e->wings[i] = built_on(e->wings[i], c);
                break;
            }
        todo_push(&todo, c);
    } else {
        e->wings[e->nw++] = single(c);
        todo_push(&todo, c);
    }
    for (int i = 0; i < todo.n; i++)
        if (safe(e->need, todo.v[i], g->unsafe))
            return settle(g, e, &todo);
    sort_ints(e->wings, e->nw);
    return 0;
}

typedef struct {
    dfs_move *moves;
    dfs_pos *out;
    int n;
} kids_t;

static inline void add_kid(kids_t *k, dfs_move m, const ew_pos *e)
{
    if (k->n >= DFS_MAX_CHILDREN)
        return; /* never: at most 5 cards home, the trunk's onto a wing, 8 wing builds, 12
                 * talon cards wanted or fitting (2 moves each), 8 wing cards and 52 talon
                 * cards to a gap: 98 moves */
    k->moves[k->n] = m;
    pack(e, &k->out[k->n]);
    k->n++;
}

/* A move made by step() from `e`, its length grown by the safe moves that follow. */
static void add_stepped(const struct dfs_rules *g, kids_t *k, const ew_pos *e, int kind, int c,
                        int onto, int ti, int length)
{
    ew_pos child = *e;
    int n = step(g, &child, pack_move(kind, c, onto, ti, length));
    add_kid(k, pack_move(kind, c, onto, ti, length + n), &child);
}

static int in_list(const int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] == x)
            return 1;
    return 0;
}

/* Successors with building (model.py, _built_successors), in its order. */
static void built_successors(const struct dfs_rules *g, const ew_pos *e, kids_t *k)
{
    int red = e->place / PLACE, ws = e->place % PLACE;
    int trunk_card = e->tl == 1 ? g->trunk[0] : -1;
    int gap = e->tl == 0 && e->nw < WINGS;
    const int *need = e->need;
    /* The wings' facts (model.py, _wings_of). */
    int room_at[WINGS], tops[WINGS], fits[WINGS], nfits = 0;
    int tall[WINGS], ntall = 0;
    for (int j = 0; j < e->nw; j++) {
        int p = e->wings[j], c = p >> 4;
        tops[j] = c;
        if (g->takes[p] != TAKES_NOTHING) {
            room_at[nfits] = j;
            fits[nfits++] = g->takes[p];
        }
        if ((p & 15) > 1)
            tall[ntall++] = c;
    }
/* The wing that takes `card` (its index), or -1. */
#define TAKER(card, out)                                                                         \
    do {                                                                                         \
        (out) = -1;                                                                              \
        for (int q_ = 0; q_ < nfits; q_++)                                                       \
            if (fits[q_] == (card)) {                                                            \
                (out) = room_at[q_];                                                             \
                break;                                                                           \
            }                                                                                    \
    } while (0)
    if (trunk_card >= 0 && need[trunk_card / 13] == trunk_card)
        add_stepped(g, k, e, HOME, trunk_card, -1, -1, 1);
    int sorted_need[4];
    memcpy(sorted_need, need, sizeof sorted_need);
    sort_ints(sorted_need, 4);
    for (int s = 0; s < 4; s++) {
        int c = sorted_need[s];
        if (c >= 0 && in_list(tops, e->nw, c))
            add_stepped(g, k, e, HOME, c, -1, -1, 1);
    }
    if (trunk_card >= 0) {
        int at;
        TAKER(trunk_card, at);
        if (at >= 0)
            add_stepped(g, k, e, ONTO, trunk_card, UP[trunk_card], -1, 1);
    }
    for (int j = 0; j < e->nw; j++) {
        int c = tops[j], kk;
        TAKER(c, kk);
        if (kk < 0)
            continue;
        ew_pos child = *e;
        child.wings[kk] = built_on(e->wings[kk], c);
        todo_t todo;
        todo.n = 0;
        uncover(g, &child, j, &todo);
        int n = -1;
        for (int i = 0; i < todo.n; i++)
            if (safe(need, todo.v[i], g->unsafe)) {
                n = settle(g, &child, &todo);
                break;
            }
        if (n < 0) {
            n = 0;
            sort_ints(child.wings, child.nw);
        }
        add_kid(k, pack_move(ONTO, c, UP[c], -1, 1 + n), &child);
    }
    /* Talon cards: this pass from the waste's top on, then the cards before it when a redeal
     * is left; only those wanted or fitting on a pile with room, by rank of scan. */
    int size = e->n, first = ws ? ws - 1 : 0;
    int redeal = red < g->redeals && first > 0;
    int ranks[12], nr = 0;
    for (int s = 0; s < 4; s++) {
        int c = need[s];
        if (c < 0)
            continue;
        int i = talon_find(e, c);
        if (i >= first)
            ranks[nr++] = i - first;
        else if (i >= 0 && redeal)
            ranks[nr++] = i + size;
    }
    for (int q = 0; q < nfits; q++) {
        int i = talon_find(e, fits[q]);
        if (i >= first)
            ranks[nr++] = i - first;
        else if (i >= 0 && redeal)
            ranks[nr++] = i + size;
    }
    sort_ints(ranks, nr);
    int cut = 1 << 30, last = -1;
    for (int q = 0; q < nr; q++) {
        int r = ranks[q];
        if (r == last)
            continue; /* wanted, and fits on a pile: one card, both moves */
        last = r;
        int behind, i, length, at;
        if (r >= size) {
            behind = 1;
            i = r - size;
            length = i + size - ws + 3;
            at = (red + 1) * PLACE + i;
        } else {
            behind = 0;
            i = r + first;
            length = i + 2 - ws;
            at = red * PLACE + i;
        }
        int c = e->talon[i], s = c / 13;
        int wanted = need[s] == c;
        int kk;
        TAKER(c, kk);
        int below = i ? e->talon[i - 1] : -1;
        if (wanted) {
            int nx = g->after[c];
            ew_pos child = *e;
            talon_remove(&child, i);
            child.place = at;
            child.need[s] = nx;
            if ((below >= 0 && safe(child.need, below, g->unsafe)) ||
                (nx >= 0 && (nx == below || nx == trunk_card || in_list(tops, e->nw, nx)))) {
                todo_t todo;
                todo.n = 0;
                if (i)
                    todo_push(&todo, below);
                todo_push(&todo, nx);
                int n = settle(g, &child, &todo);
                add_kid(k, pack_move(HOME, c, -1, i, length + n), &child);
            } else {
                add_kid(k, pack_move(HOME, c, -1, i, length), &child);
            }
        }
        if (kk >= 0) {
            int up = UP[c];
            ew_pos child = *e;
            talon_remove(&child, i);
            child.place = at;
            child.wings[kk] = built_on(e->wings[kk], c);
            if ((below >= 0 && safe(need, below, g->unsafe)) ||
                (wanted && safe(need, c, g->unsafe))) {
                todo_t todo;
                todo.n = 0;
                if (i)
                    todo_push(&todo, below);
                todo_push(&todo, c);
                int n = settle(g, &child, &todo);
                add_kid(k, pack_move(ONTO, c, up, i, length + n), &child);
            } else {
                sort_ints(child.wings, child.nw); /* in order but for a king on an ace */
                add_kid(k, pack_move(ONTO, c, up, i, length), &child);
            }
        }
        if (wanted && safe(need, c, g->unsafe) && (behind || i >= ws)) {
            cut = r; /* reduction 5: later cards would bury c */
            break;
        }
    }
#undef TAKER
    if (gap) {
        for (int q = 0; q < ntall; q++)
            add_stepped(g, k, e, GAP, tall[q], -1, -1, 1);
        for (int i = first; i < size; i++) {
            if (i - first > cut)
                break;
            add_stepped(g, k, e, GAP, e->talon[i], -1, i, i + 2 - ws);
        }
        if (redeal && cut >= size)
            for (int i = 0; i < first; i++) {
                if (i + size > cut)
                    break;
                add_stepped(g, k, e, GAP, e->talon[i], -1, i, i + size - ws + 3);
            }
    }
}

/* Successors without building (model.py, _stepped over children). */
static void stepped_successors(const struct dfs_rules *g, const ew_pos *e, kids_t *k)
{
    int red = e->place / PLACE, ws = e->place % PLACE;
    if (ws && e->tl == 0 && e->nw < WINGS)
        add_stepped(g, k, e, GAP, e->talon[ws - 1], -1, ws - 1, 1);
    if (ws < e->n)
        add_stepped(g, k, e, DEALS, -1, -1, -1, 1);
    else if (ws && red < g->redeals)
        add_stepped(g, k, e, REDEALS, -1, -1, -1, 1);
}

static int dfs_successors(const struct dfs_rules *g, const dfs_pos *p, dfs_move *moves,
                          dfs_pos *out)
{
    ew_pos e;
    unpack(p, &e);
    kids_t k = {moves, out, 0};
    if (g->macro)
        built_successors(g, &e, &k);
    else
        stepped_successors(g, &e, &k);
    return k.n;
}

static int dfs_is_won(const struct dfs_rules *g, const dfs_pos *p)
{
    (void)g;
    const uint8_t *b = (const uint8_t *)p->k.w;
    return !b[0] && !b[1] && !b[2] && !b[3];
}

static int dfs_length(const struct dfs_rules *g, dfs_move m)
{
    (void)g;
    return move_len(m);
}

/* The position with one safe wanted card taken home from the talon (model.py, dominators). */
static int dfs_dominators(const struct dfs_rules *g, const dfs_pos *p, dfs_pos *out)
{
    ew_pos e;
    unpack(p, &e);
    int n = 0, ws = e.place % PLACE;
    for (int s = 0; s < 4; s++) {
        int c = e.need[s];
        if (c < 0 || !safe(e.need, c, g->unsafe))
            continue;
        int i = talon_find(&e, c);
        if (i < 0)
            continue;
        ew_pos d = e;
        talon_remove(&d, i);
        d.place = i < ws ? e.place - 1 : e.place;
        int nxt = g->after[c];
        d.need[s] = nxt;
        /* c was not in view, so taking it away shows nothing new: only its successor may
         * now be safe, if it is in view. */
        if (nxt >= 0) {
            int view = (e.tl == 1 && g->trunk[0] == nxt) || (ws && e.talon[ws - 1] == nxt);
            for (int j = 0; !view && j < e.nw; j++)
                view = e.wings[j] >> 4 == nxt;
            if (view) {
                todo_t todo;
                todo.n = 0;
                todo_push(&todo, nxt);
                settle(g, &d, &todo);
            }
        }
        pack(&d, &out[n++]);
    }
    return n;
}

/* ============================================================ positions and moves as bytes */

/*
 * A position crosses as the Python model writes it (model.Position), in bytes
 * (kernel.encode and kernel.decode): its place (a little-endian int32), each
 * suit's next card (a signed byte, -1 when full), the trunk cards left, the
 * wings, each a little-endian 16-bit code (top * 16 + size), and the talon's
 * cards. A move (model.CardMove) is MOVE_BYTES: kind, card, onto and talon
 * index as signed bytes, then its length as a little-endian int16.
 */
#define POSITION_HEAD 10
#define MOVE_BYTES 6

static kernel_error read_pos(const uint8_t *b, size_t n, dfs_pos *out)
{
    ew_pos e;
    memset(&e, 0, sizeof e);
    e.nw = n >= POSITION_HEAD ? b[9] : 0;
    e.n = (int)n - POSITION_HEAD - 2 * e.nw;
    e.place = (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                        (uint32_t)b[3] << 24);
    e.tl = n >= POSITION_HEAD ? b[8] : 0;
    if (n < POSITION_HEAD || e.nw > WINGS || e.n < 0 || e.n > TALON_MAX || e.tl > TRUNK_MAX ||
        e.place < 0)
        return "not a position of the Eagle Wing model";
    for (int s = 0; s < 4; s++) {
        e.need[s] = (int8_t)b[4 + s];
        if (e.need[s] < -1 || e.need[s] > 51)
            return "a foundation's next card out of range";
    }
    for (int i = 0; i < e.nw; i++) {
        e.wings[i] = b[POSITION_HEAD + 2 * i] | b[POSITION_HEAD + 2 * i + 1] << 8;
        if (e.wings[i] >= WING_CODES || (e.wings[i] & 15) < 1 || (e.wings[i] & 15) > 13)
            return "a wing code out of range";
    }
    memcpy(e.talon, b + POSITION_HEAD + 2 * e.nw, (size_t)e.n);
    pack(&e, out);
    return NULL;
}

/* Puts a record of the move m (unless it is 0: none) followed by the position p (unless
 * NULL). */
static kernel_error put(kernel_out *out, dfs_move m, const dfs_pos *p)
{
    uint8_t b[MOVE_BYTES + POSITION_HEAD + 2 * WINGS + TALON_MAX], *at = b;
    if (m) {
        int8_t head[4] = {(int8_t)move_kind(m), (int8_t)move_card(m), (int8_t)move_onto(m),
                          (int8_t)move_index(m)};
        memcpy(at, head, 4);
        at[4] = (uint8_t)(move_len(m) & 255);
        at[5] = (uint8_t)(move_len(m) >> 8);
        at += MOVE_BYTES;
    }
    if (p) {
        ew_pos e;
        unpack(p, &e);
        for (int i = 0; i < 4; i++)
            at[i] = (uint8_t)(e.place >> (8 * i));
        for (int s = 0; s < 4; s++)
            at[4 + s] = (uint8_t)(int8_t)e.need[s];
        at[8] = (uint8_t)e.tl;
        at[9] = (uint8_t)e.nw;
        at += POSITION_HEAD;
        for (int i = 0; i < e.nw; i++, at += 2) {
            at[0] = (uint8_t)(e.wings[i] & 255);
            at[1] = (uint8_t)(e.wings[i] >> 8);
        }
        memcpy(at, e.talon, (size_t)e.n);
        at += e.n;
    }
    return kernel_put(out, b, (size_t)(at - b));
}

/* ------------------------------------------------------------ the rules */

/*
 * Made from kernel.rules's bytes: building (talon cards move with their
 * deals), the redeals, the rank not sent home unasked (or -1) and the trunk's
 * cards (RULES_HEAD bytes), then the trunk, bottom first, each card's
 * successor on its foundation (a signed byte, -1 after the last) and the card
 * each wing code takes (rules.wing_takes).
 */
#define RULES_HEAD 4

static kernel_error make_rules(void *rules, const uint8_t *b, size_t n)
{
    struct dfs_rules *g = rules;
    int trunk = n >= RULES_HEAD ? b[3] : 0;
    if (n != RULES_HEAD + (size_t)trunk + 52 + WING_CODES || trunk > TRUNK_MAX || b[1] > 99 ||
        (int8_t)b[2] < -1 || (int8_t)b[2] > 12)
        return "rules out of the kernel's range";
    tables_init();
    g->macro = b[0];
    g->redeals = b[1];
    g->unsafe = (int8_t)b[2];
    g->trunk_len = trunk;
    for (int i = 0; i < trunk + 52; i++) {
        int v = i < trunk ? b[RULES_HEAD + i] : (int8_t)b[RULES_HEAD + i];
        if (v < (i < trunk ? 0 : -1) || v > 51)
            return "a trunk card or a card after out of range";
        if (i < trunk)
            g->trunk[i] = v;
        else
            g->after[i - trunk] = v;
    }
    memcpy(g->takes, b + RULES_HEAD + trunk + 52, WING_CODES);
    return NULL;
}

/* The model's successors (a move and a position each) and dominators, in order, for the
 * tests that pin them to the Python model's. */
static kernel_error ask_successors(const void *rules, const uint8_t *in, size_t n,
                                   kernel_out *out)
{
    dfs_pos p, kids[DFS_MAX_CHILDREN];
    dfs_move moves[DFS_MAX_CHILDREN];
    kernel_error e = read_pos(in, n, &p);
    int k = e ? 0 : dfs_successors(rules, &p, moves, kids);
    for (int i = 0; !e && i < k; i++)
        e = put(out, moves[i], &kids[i]);
    return e;
}

static kernel_error ask_dominators(const void *rules, const uint8_t *in, size_t n,
                                   kernel_out *out)
{
    dfs_pos p, doms[DFS_MAX_DOMINATORS];
    kernel_error e = read_pos(in, n, &p);
    int k = e ? 0 : dfs_dominators(rules, &p, doms);
    for (int i = 0; !e && i < k; i++)
        e = put(out, 0, &doms[i]);
    return e;
}

/* ------------------------------------------------------------ the search and its memo */

static kernel_error start_dfs(void *search, const void *rules, const uint8_t *root, size_t n,
                              const int64_t *args, int nargs, void *table)
{
    dfs_pos p;
    kernel_error e = read_pos(root, n, &p);
    if (!e && nargs > 1)
        e = "a depth-first search takes the moves made to reach its root";
    if (!e && !dfs_init(search, rules, &p, nargs ? (int)args[0] : 0, table))
        e = KERNEL_NO_MEMORY;
    return e;
}

static int run_dfs(void *search, int64_t n) { return dfs_run(search, n); }

static kernel_error dfs_line_out(const void *search, const void *rules, kernel_out *out)
{
    size_t n = 0;
    const dfs_move *line = dfs_line(search, &n);
    kernel_error e = NULL;
    (void)rules;
    for (size_t i = 0; !e && i < n; i++)
        e = put(out, line[i], NULL);
    return e;
}

static void stop_dfs(void *search) { dfs_free(search); }

static void dfs_counts(const void *search, int64_t *c)
{
    const dfs_t *d = search;
    c[KERNEL_EXPANDED] = d->expanded;
    c[KERNEL_STORED] = d->stored;
    c[KERNEL_MAX_DEPTH] = d->max_depth;
    c[KERNEL_TRUNCATED] = 0;
}

/* Keys proved lost, each with its earliest place, shared by the searches of a memo. */
static void stop_lost(void *table) { dfs_table_free(table); }

static size_t lost_len(const void *table) { return ((const dfs_table *)table)->used; }

static kernel_error lost_place(const void *table, const uint8_t *in, size_t n, int64_t *place)
{
    dfs_pos p;
    kernel_error e = read_pos(in, n, &p);
    if (!e)
        *place = dfs_get(table, &p.k);
    return e;
}

/* ------------------------------------------------------------ the kernel */

static const kernel_query QUERIES[] = {
    {"successors", ask_successors}, {"dominators", ask_dominators}, {NULL, NULL}};

static const kernel_rules RULES[] = {
    {"model", sizeof(struct dfs_rules), make_rules, QUERIES}, {NULL, 0, NULL, NULL}};

/* The search keeps the GIL: its memo may be shared with another search of this thread
 * only. */
static const kernel_search SEARCHES[] = {
    {"dfs", "model", sizeof(dfs_t), start_dfs, run_dfs, dfs_line_out, stop_dfs, dfs_counts,
     DFS_NO_MEMORY, 1},
    {NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, 0, 0},
};

static const kernel_table LOST = {sizeof(dfs_table), stop_lost, lost_len, lost_place};

const struct kernel KERNEL = {
    "solitaire_solver.games.eagle_wing._kernel",
    "Eagle Wing's compact model and the engine's depth-first search over it, in C.",
    RULES,
    SEARCHES,
    &LOST,
};

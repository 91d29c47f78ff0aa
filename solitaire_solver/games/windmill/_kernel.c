/*
 * Windmill's rank model (model.py) in C, with the engine's compiled beam
 * (search/native/beam.h) and discrepancy search (search/native/lds.h) over
 * it: the beams and the discrepancy search of the solver at a fraction of
 * the cost of a position in Python. And the relaxed game of relaxation.py
 * (the loss prover), searched by the engine's compiled depth-first search
 * of a state graph (search/native/graph.h): see "The relaxation" below.
 *
 * It plays on the last pass only (no redeal left: the stock is then this
 * pass's dealing order from a point on). The foundation moves it looks up,
 * in tables that rules.py works out from its own statement of them (see
 * T_PRIMARY below); the refill, the deal and the twin rule it states once
 * here, as rules.refill, rules.turn and model.unflagged state them in
 * Python. The tests pin it to the Python rank model: the same successors,
 * in the same order, on random positions of every variant, and beams that
 * expand the same positions and reach the same verdicts
 * (tests/games/windmill/test_windmill_kernel.py).
 *
 * A position is three 64-bit words:
 *   w[0]  the waste, bits 0..63 of its mask over this pass's dealing order
 *         (kernel.pass_ranks: the start's waste, bottom first, then its stock)
 *   w[1]  bits 0..31: the mask's bits 64..95; 32..38 cards dealt; 39..44 the
 *         primary's size; 45 the flag; 46..61 the secondaries' sizes, four
 *         nibbles, smallest lowest
 *   w[2]  the reserve, a count of cards per rank, a nibble a rank (13: gaps)
 *
 * The waste's mask is canonical: the leftmost embedding of the waste's ranks
 * (bottom to top) into the ranks dealt so far, taken greedily. Two positions
 * with the same waste ranks have the same mask, and the mask gives the ranks
 * back, so equal masks mean equal wastes by rank, which is all the rules look
 * at (see kernel.py). The greedy embedding of a prefix is the prefix of the
 * embedding, so taking the top card off clears the mask's highest bit; a card
 * dealt goes to the first place above the top with its rank, which is at most
 * where it really lies (the greedy embedding lies left of any other).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#define BEAM_WORDS 3
#include "beam.h"
#include "binding.h"
#include "graph.h"
#include "lds.h"

#define MAX_SEQ 96
#define PRIMARY_FULL 52
#define SECONDARY_FULL 13
#define CARDS 104
#define NO_CARD 13
#define NOWHERE 255

/*
 * The foundation moves, as tables worked out once per rule set in Python
 * (rules.foundation_tables, from rules.FoundationRules), so that the code
 * below looks moves up and never states the foundation rules itself. The
 * offsets are those of rules.py's TABLE_* constants; NOWHERE is no rank or
 * no size.
 */
#define T_PRIMARY 0                            /* by primary size: the rank it takes */
#define T_SECONDARY (T_PRIMARY + PRIMARY_FULL + 1) /* by rank: the size of a secondary
                                                    * that takes it */
#define T_LIFT (T_SECONDARY + 13)              /* by primary size: the size of a secondary
                                                * whose top card it takes */
#define T_LOWER (T_LIFT + PRIMARY_FULL + 1)    /* by primary size: the size of a secondary
                                                * that takes the primary's top card */
#define T_LIFT_OK (T_LOWER + PRIMARY_FULL + 1) /* by flag: a secondary's top card may go
                                                * to the primary */
#define T_FLAG_LIFTED (T_LIFT_OK + 2)          /* by flag: the flag after it does */
#define T_FLAG_PLAYED (T_FLAG_LIFTED + 2)      /* by flag: the flag after a waste or
                                                * reserve card goes to the primary */
#define T_ROOM (T_FLAG_PLAYED + 2)             /* by 13 * secondary size + rank: the cards
                                                * a secondary takes before it needs that
                                                * rank (the counting bound's room) */
#define T_SIZE (T_ROOM + 13 * (SECONDARY_FULL + 1))

struct beam_rules {
    int n;                               /* cards in this pass's dealing order */
    uint8_t seq[MAX_SEQ];                /* their ranks */
    uint8_t next_of[14][MAX_SEQ + 1];    /* the first place >= i with rank r, or NOWHERE
                                          * (kernel.canonical_places) */
    uint8_t pneed[PRIMARY_FULL];         /* the rank the primary needs at each size */
    uint8_t sneed[SECONDARY_FULL];       /* the rank a secondary needs at each size */
    uint8_t t[T_SIZE];                   /* the foundation moves (T_*) */
    uint16_t held[PRIMARY_FULL + 1];     /* ranks no waste or reserve card may bring to a
                                          * secondary, for each primary size (sub-games) */
    int score;                           /* how the beam orders its candidates (SCORE_*) */
    uint64_t seed;                       /* for SCORE_SHUFFLED */
    unsigned used;                       /* redeals used: all of them (the last pass) */
};

enum {
    SCORE_PLAIN = 0,    /* fewest cards off the foundations, then the longest primary */
    SCORE_SHUFFLED = 1, /* the same, ties broken by a hash of the position and a seed */
    SCORE_BURIED = 2,   /* twice the cards off, plus the waste cards above the first card
                         * the primary needs (when the reserve has none), then the longest
                         * primary */
    SCORE_AHEAD = 3,    /* twice the cards off, plus the waste cards above the shallowest
                         * copies of the primary's next three ranks, then the longest primary */
    SCORE_NEEDS = 4,    /* the same, over the next rank of the primary and of each secondary */
    SCORE_AHEAD_SHUFFLED = 5, /* SCORE_AHEAD, ties broken as SCORE_SHUFFLED breaks them */
};

/* ------------------------------------------------------------ fields */

#define HI_MASK 0xffffffffULL
#define DEALT_SHIFT 32
#define P_SHIFT 39
#define FLAG_SHIFT 45
#define SECS_SHIFT 46

static inline unsigned dealt_of(const beam_state *s) { return (unsigned)(s->w[1] >> DEALT_SHIFT) & 127; }
static inline unsigned primary_of(const beam_state *s) { return (unsigned)(s->w[1] >> P_SHIFT) & 63; }
static inline unsigned flag_of(const beam_state *s) { return (unsigned)(s->w[1] >> FLAG_SHIFT) & 1; }
static inline unsigned secs_of(const beam_state *s) { return (unsigned)(s->w[1] >> SECS_SHIFT) & 0xffff; }

static inline void set_field(beam_state *s, int shift, uint64_t bits, uint64_t value)
{
    s->w[1] = (s->w[1] & ~(bits << shift)) | value << shift;
}

/* The waste's top place, or -1 when it is empty. */
static inline int waste_top(const beam_state *s)
{
    uint64_t hi = s->w[1] & HI_MASK;
    if (hi)
        return 127 - __builtin_clzll(hi);
    if (s->w[0])
        return 63 - __builtin_clzll(s->w[0]);
    return -1;
}

static inline void clear_place(beam_state *s, int at)
{
    if (at >= 64)
        s->w[1] &= ~(1ULL << (at - 64));
    else
        s->w[0] &= ~(1ULL << at);
}

static inline void set_place(beam_state *s, int at)
{
    if (at >= 64)
        s->w[1] |= 1ULL << (at - 64);
    else
        s->w[0] |= 1ULL << at;
}

/* Secondary sizes: four nibbles, smallest lowest. */
static inline unsigned size_at(unsigned secs, int i) { return secs >> (4 * i) & 15; }

static inline int has_size(unsigned secs, unsigned size)
{
    for (int i = 0; i < 4; i++)
        if (size_at(secs, i) == size)
            return 1;
    return 0;
}

/* One secondary of `size` grows by a card (the last of that size, so the order stays). */
static inline unsigned grow(unsigned secs, unsigned size)
{
    for (int i = 3; i >= 0; i--)
        if (size_at(secs, i) == size)
            return secs + (1u << (4 * i));
    return secs;
}

/* One secondary of `size` loses its top card (the first of that size). */
static inline unsigned shrink(unsigned secs, unsigned size)
{
    for (int i = 0; i < 4; i++)
        if (size_at(secs, i) == size)
            return secs - (1u << (4 * i));
    return secs;
}

static inline unsigned secondary_cards(unsigned secs)
{
    return size_at(secs, 0) + size_at(secs, 1) + size_at(secs, 2) + size_at(secs, 3);
}

#define ALL_FULL 0xddddu
#define RANK_UNIT(r) (1ULL << (4 * (r)))

/* ------------------------------------------------------------ the rules, as the engine asks */

/*
 * The plays from `s`, in the order of RankModel.within: the waste's card
 * (to the primary, then to a secondary), the reserve's by rank (each with the
 * refill from the waste's top, or the stock's when the waste is empty), the
 * secondaries' tops to the primary by size, and under free rules the
 * primary's top to a secondary. A card moved between two secondaries (free
 * rules) leaves the sizes as they were, a position already reached, so it is
 * not listed.
 */
static int beam_plays(const struct beam_rules *g, const beam_state *s, beam_state *out)
{
    int k = 0;
    unsigned p = primary_of(s), flag = flag_of(s), secs = secs_of(s);
    unsigned need = g->t[T_PRIMARY + p], played = g->t[T_FLAG_PLAYED + flag];
    unsigned held = g->held[p];
    int top = waste_top(s);
    if (top >= 0) {
        unsigned r = g->seq[top];
        beam_state base = *s;
        clear_place(&base, top);
        if (r == need) {
            out[k] = base;
            set_field(&out[k], P_SHIFT, 63, p + 1);
            set_field(&out[k], FLAG_SHIFT, 1, played);
            k++;
        }
        unsigned size = g->t[T_SECONDARY + r];
        if (has_size(secs, size) && !(held >> r & 1)) {
            out[k] = base;
            set_field(&out[k], SECS_SHIFT, 0xffff, grow(secs, size));
            k++;
        }
    }
    uint64_t res = s->w[2];
    /* The refill (rules.refill): the waste's top card, else the stock's next,
     * else the gap stays. */
    beam_state refilled = *s; /* the waste and stock once a reserve gap is refilled */
    unsigned fill = NO_CARD;
    if (top >= 0) {
        fill = g->seq[top];
        clear_place(&refilled, top);
    } else if (dealt_of(s) < (unsigned)g->n) {
        fill = g->seq[dealt_of(s)];
        set_field(&refilled, DEALT_SHIFT, 127, dealt_of(s) + 1);
    }
    for (unsigned r = 0; r < 13; r++) {
        if (!(res >> (4 * r) & 15))
            continue;
        int to_primary = r == need;
        unsigned size = g->t[T_SECONDARY + r];
        int to_secondary = has_size(secs, size) && !(held >> r & 1);
        if (!to_primary && !to_secondary)
            continue;
        uint64_t nres = res - RANK_UNIT(r) + RANK_UNIT(fill);
        if (to_primary) {
            out[k] = refilled;
            out[k].w[2] = nres;
            set_field(&out[k], P_SHIFT, 63, p + 1);
            set_field(&out[k], FLAG_SHIFT, 1, played);
            k++;
        }
        if (to_secondary) {
            out[k] = refilled;
            out[k].w[2] = nres;
            set_field(&out[k], SECS_SHIFT, 0xffff, grow(secs, size));
            k++;
        }
    }
    unsigned lift = g->t[T_LIFT + p];
    if (g->t[T_LIFT_OK + flag] && has_size(secs, lift)) {
        out[k] = *s;
        set_field(&out[k], P_SHIFT, 63, p + 1);
        set_field(&out[k], FLAG_SHIFT, 1, g->t[T_FLAG_LIFTED + flag]);
        set_field(&out[k], SECS_SHIFT, 0xffff, shrink(secs, lift));
        k++;
    }
    {
        unsigned size = g->t[T_LOWER + p];
        if (has_size(secs, size)) {
            out[k] = *s;
            set_field(&out[k], P_SHIFT, 63, p - 1);
            set_field(&out[k], SECS_SHIFT, 0xffff, grow(secs, size));
            k++;
        }
    }
    return k;
}

/* The deal (rules.turn): the stock's next card onto the waste, at its canonical place (the
 * first above the top with its rank, as kernel.canonical_push puts it); none with the stock
 * empty, and no redeal is left. */
static int beam_across(const struct beam_rules *g, const beam_state *s, beam_state *out)
{
    unsigned d = dealt_of(s);
    if (d >= (unsigned)g->n)
        return 0;
    *out = *s;
    int at = g->next_of[g->seq[d]][waste_top(s) + 1];
    set_place(out, at);
    set_field(out, DEALT_SHIFT, 127, d + 1);
    return 1;
}

static int beam_is_won(const struct beam_rules *g, const beam_state *s)
{
    (void)g;
    return primary_of(s) == PRIMARY_FULL && secs_of(s) == ALL_FULL;
}

/* The waste cards above the shallowest copies of the ranks in `wanted` (a bit a rank), at
 * most 31: the cards a player must move off to reach a card of each, a rank the waste lacks
 * counting nothing (kernel.waste_debt). */
static unsigned waste_debt(const struct beam_rules *g, const beam_state *s, unsigned wanted)
{
    beam_state t = *s;
    unsigned depth = 0, debt = 0;
    int top;
    while (wanted && (top = waste_top(&t)) >= 0) {
        unsigned bit = 1u << g->seq[top];
        if (wanted & bit) {
            debt = depth;
            wanted &= ~bit;
        }
        depth++;
        clear_place(&t, top);
    }
    return debt > 31 ? 31 : debt;
}

/* The waste cards above the first card of the rank the primary needs, at most 15; 0 when
 * the reserve has one (SCORE_BURIED in kernel.beam_order). */
static unsigned buried(const struct beam_rules *g, const beam_state *s)
{
    unsigned p = primary_of(s);
    if (p >= PRIMARY_FULL || s->w[2] >> (4 * g->pneed[p]) & 15)
        return 0;
    unsigned debt = waste_debt(g, s, 1u << g->pneed[p]);
    return debt > 15 ? 15 : debt;
}

/* The ranks whose waste cards SCORE_AHEAD (shuffled or not) or SCORE_NEEDS counts a debt
 * for, a bit a rank:
 * the primary's next three (AHEAD), or the next of the primary and of each secondary not
 * full (NEEDS); a rank the reserve holds is at hand and left out (kernel.wanted_ranks). */
static unsigned wanted_ranks(const struct beam_rules *g, const beam_state *s)
{
    unsigned p = primary_of(s), wanted = 0;
    unsigned ahead = g->score == SCORE_NEEDS ? 1 : 3;
    for (unsigned i = p; i < p + ahead && i < PRIMARY_FULL; i++)
        wanted |= 1u << g->pneed[i];
    if (g->score == SCORE_NEEDS) {
        unsigned secs = secs_of(s);
        for (int i = 0; i < 4; i++)
            if (size_at(secs, i) < SECONDARY_FULL)
                wanted |= 1u << g->sneed[size_at(secs, i)];
    }
    for (unsigned r = 0; r < 13; r++)
        if (s->w[2] >> (4 * r) & 15)
            wanted &= ~(1u << r);
    return wanted;
}

/* Eight bits of a hash of the position and the seed (kernel.shuffled_tie). */
static unsigned shuffled_tie(const struct beam_rules *g, const beam_state *s)
{
    uint64_t x = beam_hash(s) + g->seed * 0x9e3779b97f4a7c15ULL;
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return (unsigned)(x >> 56);
}

/* The candidate's place in the order the beam keeps them (kernel.beam_order):
 * least first. A cost (the cards off, or twice them plus a debt), then the longest
 * primary; the shuffled orders break ties by eight bits of a hash. */
static unsigned beam_score(const struct beam_rules *g, const beam_state *s)
{
    unsigned p = primary_of(s);
    unsigned cost = CARDS - p - secondary_cards(secs_of(s));
    switch (g->score) {
    case SCORE_BURIED:
        cost = 2 * cost + buried(g, s);
        break;
    case SCORE_AHEAD:
    case SCORE_NEEDS:
    case SCORE_AHEAD_SHUFFLED:
        cost = 2 * cost + waste_debt(g, s, wanted_ranks(g, s));
        break;
    default:
        break;
    }
    unsigned score = cost * (PRIMARY_FULL + 1) + (PRIMARY_FULL - p);
    if (g->score == SCORE_SHUFFLED || g->score == SCORE_AHEAD_SHUFFLED)
        return score * 256 + shuffled_tie(g, s);
    return score;
}

static unsigned beam_scores(const struct beam_rules *g)
{
    switch (g->score) {
    case SCORE_SHUFFLED:
        return (CARDS + 1) * (PRIMARY_FULL + 1) * 256;
    case SCORE_BURIED:
        return (2 * CARDS + 16) * (PRIMARY_FULL + 1);
    case SCORE_AHEAD:
    case SCORE_NEEDS:
        return (2 * CARDS + 32) * (PRIMARY_FULL + 1);
    case SCORE_AHEAD_SHUFFLED:
        return (2 * CARDS + 32) * (PRIMARY_FULL + 1) * 256;
    default:
        return (CARDS + 1) * (PRIMARY_FULL + 1);
    }
}

/* The twin rule (model.unflagged): a flagged position's twin, the same with the flag
 * clear. */
static int beam_dominator(const struct beam_rules *g, const beam_state *s, beam_state *out)
{
    (void)g;
    if (!flag_of(s))
        return 0;
    *out = *s;
    set_field(out, FLAG_SHIFT, 1, 0);
    return 1;
}

/* ------------------------------------------------------------ Python: states as tuples */

/*
 * Python sees a position in the rank model's compact form (model.Compact):
 * (primary size, flag, secondary sizes, reserve ranks, stock, waste, redeals
 * used). The secondaries are a count of secondaries per size, SIZE_BITS bits
 * a size (rules.packed_sizes); the stock and the waste are piles of ranks, a
 * hexadecimal digit a card under a leading 1, the top card lowest
 * (model.pile). The three words above are this form on the last pass, with
 * the stock as the cards dealt (it is the rest of the pass's dealing order)
 * and the waste as its canonical mask: the functions below are the two ways
 * between them, and every position enters and leaves the kernel through them.
 */
#define SIZE_BITS 3

static const char HEX[] = "0123456789abcdef";

/* A pile for Python: its ranks given bottom card first. */
static PyObject *pile_of(const uint8_t *bottom_first, int n)
{
    char text[MAX_SEQ + 2];
    text[0] = '1';
    for (int i = 0; i < n; i++)
        text[1 + i] = HEX[bottom_first[i]];
    text[n + 1] = 0;
    return PyLong_FromString(text, NULL, 16);
}

/* A pile's ranks, bottom card first, into out (room for MAX_SEQ); their count, or -1. */
static int pile_ranks(PyObject *pile, uint8_t *out, const char *what)
{
    if (!PyLong_Check(pile)) {
        PyErr_Format(PyExc_TypeError, "the %s must be an int (a packed pile)", what);
        return -1;
    }
    PyObject *text = PyNumber_ToBase(pile, 16);
    if (!text)
        return -1;
    Py_ssize_t len;
    const char *t = PyUnicode_AsUTF8AndSize(text, &len);
    int n = -1;
    if (t && len >= 3 && len - 3 <= MAX_SEQ && t[0] == '0' && t[1] == 'x' && t[2] == '1') {
        n = (int)len - 3;
        for (int i = 0; i < n; i++) {
            const char *at = strchr(HEX, t[3 + i]);
            if (!at || at - HEX > 12) {
                n = -1;
                break;
            }
            out[i] = (uint8_t)(at - HEX);
        }
    }
    Py_DECREF(text);
    if (n < 0 && !PyErr_Occurred())
        PyErr_Format(PyExc_ValueError, "the %s is not a packed pile of ranks", what);
    return n;
}

static PyObject *state_tuple(const struct beam_rules *g, const beam_state *s)
{
    uint8_t stock[MAX_SEQ], waste[MAX_SEQ];
    int dealt = (int)dealt_of(s), nstock = 0, nwaste = 0;
    for (int i = g->n - 1; i >= dealt; i--)
        stock[nstock++] = g->seq[i];
    for (int i = 0; i < dealt; i++)
        if (i >= 64 ? s->w[1] >> (i - 64) & 1 : s->w[0] >> i & 1)
            waste[nwaste++] = g->seq[i];
    unsigned secs = secs_of(s);
    unsigned long long sizes = 0;
    for (int i = 0; i < 4; i++)
        sizes += 1ULL << (SIZE_BITS * size_at(secs, i));
    PyObject *stock_pile = pile_of(stock, nstock);
    PyObject *waste_pile = stock_pile ? pile_of(waste, nwaste) : NULL;
    if (!waste_pile) {
        Py_XDECREF(stock_pile);
        return NULL;
    }
    return Py_BuildValue("(INKKNNI)", primary_of(s), PyBool_FromLong(flag_of(s)), sizes,
                         (unsigned long long)s->w[2], stock_pile, waste_pile, g->used);
}

static int parse_state(const struct beam_rules *g, PyObject *t, beam_state *s)
{
    unsigned p, used;
    int flag;
    unsigned long long sizes, res;
    PyObject *stock_pile, *waste_pile;
    if (!PyArg_ParseTuple(t, "IpKKOOI", &p, &flag, &sizes, &res, &stock_pile, &waste_pile,
                          &used))
        return 0;
    if (p > PRIMARY_FULL || used != g->used) {
        PyErr_SetString(PyExc_ValueError,
                        "the primary's size or the redeals used is out of range for this pass");
        return 0;
    }
    /* The secondaries: four sizes, smallest first, a nibble each. */
    unsigned secs = 0;
    int k = 0;
    for (unsigned size = 0; size <= SECONDARY_FULL; size++)
        for (unsigned c = sizes >> (SIZE_BITS * size) & 7; c; c--, k++)
            if (k < 4)
                secs |= size << (4 * k);
    if (k != 4 || sizes >> (SIZE_BITS * (SECONDARY_FULL + 1))) {
        PyErr_SetString(PyExc_ValueError, "the secondary sizes are not four sizes from 0 to 13");
        return 0;
    }
    uint8_t stock[MAX_SEQ], waste[MAX_SEQ];
    int nstock = pile_ranks(stock_pile, stock, "stock");
    int nwaste = nstock < 0 ? -1 : pile_ranks(waste_pile, waste, "waste");
    if (nwaste < 0)
        return 0;
    int dealt = g->n - nstock;
    for (int i = 0; i < nstock && dealt >= 0; i++)
        if (stock[i] != g->seq[g->n - 1 - i])
            dealt = -1;
    if (dealt < 0) {
        PyErr_SetString(PyExc_ValueError, "the stock is not the rest of this pass's dealing order");
        return 0;
    }
    beam_state out = {{0, 0, 0}};
    int after = 0;
    for (int i = 0; i < nwaste; i++) {
        int at = g->next_of[waste[i]][after];
        if (at == NOWHERE || at >= dealt) {
            PyErr_SetString(PyExc_ValueError, "the waste's ranks are not among the cards dealt");
            return 0;
        }
        set_place(&out, at);
        after = at + 1;
    }
    out.w[1] |= (uint64_t)dealt << DEALT_SHIFT | (uint64_t)p << P_SHIFT |
                (uint64_t)flag << FLAG_SHIFT | (uint64_t)secs << SECS_SHIFT;
    out.w[2] = res;
    *s = out;
    return 1;
}

/* ------------------------------------------------------------ Python: the rules */

/* A list of state tuples: n states, the first at first, the next stride
 * bytes on (states are kept bare or inside a search's nodes). */
static PyObject *state_list(const struct beam_rules *g, const char *first, size_t n,
                            size_t stride)
{
    PyObject *list = PyList_New((Py_ssize_t)n);
    for (size_t i = 0; list && i < n; i++) {
        PyObject *t = state_tuple(g, (const beam_state *)(first + i * stride));
        if (!t) {
            Py_CLEAR(list);
            break;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, t);
    }
    return list;
}

typedef struct {
    PyObject_HEAD
    struct beam_rules g;
} RulesObject;

static int Rules_init(RulesObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"seq",  "places", "pneed", "sneed", "tables",
                             "hold", "used",   "score", "seed",  NULL};
    Py_buffer seq, places, pneed, sneed, tables;
    int hold, score = SCORE_PLAIN;
    unsigned used;
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*y*y*y*y*iI|iK", kwlist, &seq, &places,
                                     &pneed, &sneed, &tables, &hold, &used, &score, &seed))
        return -1;
    int ok = 0;
    struct beam_rules *g = &self->g;
    const uint8_t *sq = (const uint8_t *)seq.buf, *pn = (const uint8_t *)pneed.buf,
                  *sn = (const uint8_t *)sneed.buf;
    if (seq.len > MAX_SEQ) {
        PyErr_Format(PyExc_ValueError, "at most %d cards in a pass, not %zd", MAX_SEQ, seq.len);
        goto out;
    }
    if (places.len != (Py_ssize_t)sizeof g->next_of || pneed.len != PRIMARY_FULL ||
        sneed.len != SECONDARY_FULL || tables.len != T_SIZE || hold < 0 ||
        score < SCORE_PLAIN || score > SCORE_AHEAD_SHUFFLED) {
        PyErr_SetString(PyExc_ValueError, "bad rank tables, foundation tables, hold or score");
        goto out;
    }
    memset(g, 0, sizeof *g);
    g->n = (int)seq.len;
    for (int i = 0; i < g->n; i++) {
        if (sq[i] > 12) {
            PyErr_SetString(PyExc_ValueError, "a rank must be from 0 to 12");
            goto out;
        }
        g->seq[i] = sq[i];
    }
    memcpy(g->next_of, places.buf, sizeof g->next_of);
    g->used = used;
    for (int i = 0; i < PRIMARY_FULL; i++)
        g->pneed[i] = pn[i];
    for (int i = 0; i < SECONDARY_FULL; i++) {
        g->sneed[i] = sn[i];
        if (sn[i] > 12) {
            PyErr_SetString(PyExc_ValueError, "a rank must be from 0 to 12");
            goto out;
        }
    }
    memcpy(g->t, tables.buf, T_SIZE);
    for (int p = 0; p <= PRIMARY_FULL; p++) {
        uint16_t h = 0;
        for (int i = p; i < p + hold && i < PRIMARY_FULL; i++)
            h |= (uint16_t)(1u << pn[i]);
        g->held[p] = h;
    }
    g->score = score;
    g->seed = seed;
    ok = 1;
out:
    PyBuffer_Release(&seq);
    PyBuffer_Release(&places);
    PyBuffer_Release(&pneed);
    PyBuffer_Release(&sneed);
    PyBuffer_Release(&tables);
    return ok ? 0 : -1;
}

static PyObject *Rules_plays(RulesObject *self, PyObject *arg)
{
    beam_state s, kids[BEAM_MAX_PLAYS];
    if (!parse_state(&self->g, arg, &s))
        return NULL;
    int k = beam_plays(&self->g, &s, kids);
    return state_list(&self->g, (const char *)kids, (size_t)k, sizeof kids[0]);
}

static PyObject *Rules_across(RulesObject *self, PyObject *arg)
{
    beam_state s, t;
    if (!parse_state(&self->g, arg, &s))
        return NULL;
    if (!beam_across(&self->g, &s, &t))
        Py_RETURN_NONE;
    return state_tuple(&self->g, &t);
}

/* The twin of a position, or None when it has none: for the tests that pin it to
 * model.unflagged. */
static PyObject *Rules_twin(RulesObject *self, PyObject *arg)
{
    beam_state s, t;
    if (!parse_state(&self->g, arg, &s))
        return NULL;
    if (!beam_dominator(&self->g, &s, &t))
        Py_RETURN_NONE;
    return state_tuple(&self->g, &t);
}

/* The three words a position is kept in, for the tests that pin them to kernel.kernel_words. */
static PyObject *Rules_words(RulesObject *self, PyObject *arg)
{
    beam_state s;
    if (!parse_state(&self->g, arg, &s))
        return NULL;
    return Py_BuildValue("(KKK)", (unsigned long long)s.w[0], (unsigned long long)s.w[1],
                         (unsigned long long)s.w[2]);
}

/* The beam's score of a position, for the tests that pin each order to kernel.beam_order. */
static PyObject *Rules_score(RulesObject *self, PyObject *arg)
{
    beam_state s;
    if (!parse_state(&self->g, arg, &s))
        return NULL;
    return PyLong_FromUnsignedLong(beam_score(&self->g, &s));
}

static PyMethodDef Rules_methods[] = {
    {"plays", (PyCFunction)Rules_plays, METH_O,
     "plays(state) -> list of states: every position one play away, in the rank model's order."},
    {"across", (PyCFunction)Rules_across, METH_O,
     "across(state) -> state or None: the position after dealing a card."},
    {"twin", (PyCFunction)Rules_twin, METH_O,
     "twin(state) -> state or None: the position that dominates it by the twin rule."},
    {"words", (PyCFunction)Rules_words, METH_O,
     "words(state) -> (int, int, int): the three words the kernel keeps the position in."},
    {"score", (PyCFunction)Rules_score, METH_O,
     "score(state) -> int: the place of the position in the order a beam keeps them, least "
     "first."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RulesType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solitaire_solver.games.windmill._kernel.Rules",
    .tp_basicsize = sizeof(RulesObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Rules(seq, places, pneed, sneed, tables, hold, used, score=0, seed=0): the "
              "rank model of the last pass and the order of a beam's candidates, in C; its "
              "states are the model's compact positions.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rules_init,
    .tp_methods = Rules_methods,
};

/* ------------------------------------------------------------ Python: searches over ranks */

/*
 * The beam and the discrepancy search are one kind of Python object: a
 * search over the rank model from a root, run in turns; only their own
 * arguments, line and counters differ. Its type tells which it is.
 */
typedef struct {
    PyObject_HEAD
    PyObject *rules; /* the RulesObject the search plays by */
    union {
        beam_t beam;
        lds_t lds;
    } u;
    int ready;
} RankObject;

/* The rules a search plays by (its positions are read and written by them). */
static const struct beam_rules *rank_rules(const RankObject *self)
{
    return &((const RulesObject *)self->rules)->g;
}

static PyTypeObject LdsType;

static int is_lds(const RankObject *self) { return Py_IS_TYPE((PyObject *)self, &LdsType); }

static void rank_stop(RankObject *self)
{
    if (self->ready) {
        if (is_lds(self))
            lds_free(&self->u.lds);
        else
            beam_free(&self->u.beam);
        self->ready = 0;
    }
}

/* Begin the search from root, by rules (a RulesObject), forgetting any
 * search begun before; width and twin are the beam's. */
static int rank_start(RankObject *self, PyObject *rules, PyObject *root, size_t width, int twin)
{
    const struct beam_rules *g = &((RulesObject *)rules)->g;
    beam_state s;
    if (!parse_state(g, root, &s))
        return -1;
    rank_stop(self);
    Py_XSETREF(self->rules, Py_NewRef(rules));
    if (!(is_lds(self) ? lds_init(&self->u.lds, g, &s)
                       : beam_init(&self->u.beam, g, &s, width, twin))) {
        PyErr_NoMemory();
        return -1;
    }
    self->ready = 1;
    return 0;
}

static void Rank_dealloc(RankObject *self)
{
    rank_stop(self);
    Py_XDECREF(self->rules);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static const char *rank_name(const RankObject *self)
{
    return is_lds(self) ? "discrepancy search" : "beam";
}

static PyObject *Rank_run(RankObject *self, PyObject *arg)
{
    long long n;
    if (!is_ready(self->ready, rank_name(self)) || !run_budget(arg, &n))
        return NULL;
    int lds = is_lds(self), status;
    Py_BEGIN_ALLOW_THREADS
    status = lds ? lds_run(&self->u.lds, n) : beam_run(&self->u.beam, n);
    Py_END_ALLOW_THREADS
    return run_answer(status, BEAM_NO_MEMORY);
}

/* ------------------------------------------------------------ Python: the beam */

static int Beam_init(RankObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"rules", "root", "width", "twin", NULL};
    PyObject *rules, *root;
    Py_ssize_t width;
    int twin;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!Onp", kwlist, &RulesType, &rules, &root,
                                     &width, &twin))
        return -1;
    if (width < 1) {
        PyErr_Format(PyExc_ValueError, "a beam needs a width of at least 1, not %zd", width);
        return -1;
    }
    return rank_start(self, rules, root, (size_t)width, twin);
}

static PyObject *Beam_line(RankObject *self, PyObject *unused)
{
    (void)unused;
    if (!is_ready(self->ready, "beam"))
        return NULL;
    beam_nodes out = {0};
    if (!beam_line(&self->u.beam, &out)) {
        free(out.v);
        PyErr_SetString(PyExc_RuntimeError, "windmill: the beam's won line was not found again");
        return NULL;
    }
    PyObject *list = out.n ? state_list(rank_rules(self), (const char *)&out.v[0].s, out.n,
                                        sizeof out.v[0])
                           : PyList_New(0); /* no node to point at */
    free(out.v);
    return list;
}

SEARCH_GETTER(Beam_get_expanded, RankObject, PyLong_FromUnsignedLongLong, self->u.beam.expanded)
SEARCH_GETTER(Beam_get_max_depth, RankObject, PyLong_FromUnsignedLong, self->u.beam.max_depth)
SEARCH_GETTER(Beam_get_truncated, RankObject, PyBool_FromLong, self->u.beam.truncated)
SEARCH_GETTER(Beam_get_rounds, RankObject, PyLong_FromSize_t, self->u.beam.nrounds)

static PyMethodDef Beam_methods[] = {
    {"run", (PyCFunction)Rank_run, METH_O,
     "run(n) -> status: expand at most n positions; 0 paused, 1 won, 2 done."},
    {"line", (PyCFunction)Beam_line, METH_NOARGS,
     "line() -> list of states: the won line, the state after each move."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Beam_getset[] = {
    {"expanded", (getter)Beam_get_expanded, NULL, "positions expanded so far", NULL},
    {"max_depth", (getter)Beam_get_max_depth, NULL, "the longest line explored", NULL},
    {"truncated", (getter)Beam_get_truncated, NULL, "whether a round dropped candidates", NULL},
    {"rounds", (getter)Beam_get_rounds, NULL, "rounds begun", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject BeamType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solitaire_solver.games.windmill._kernel.Beam",
    .tp_basicsize = sizeof(RankObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Beam(rules, root, width, twin): the engine's beam over the rank model, in C.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Beam_init,
    .tp_dealloc = (destructor)Rank_dealloc,
    .tp_methods = Beam_methods,
    .tp_getset = Beam_getset,
};


/* ------------------------------------------------------------ Python: the discrepancy search */

static int Lds_init(RankObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"rules", "root", NULL};
    PyObject *rules, *root;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O", kwlist, &RulesType, &rules, &root))
        return -1;
    return rank_start(self, rules, root, 0, 0);
}

static PyObject *Lds_line(RankObject *self, PyObject *unused)
{
    (void)unused;
    if (!is_ready(self->ready, "discrepancy search"))
        return NULL;
    size_t n = 0;
    beam_state *line = lds_line(&self->u.lds, &n);
    if (!line)
        return PyErr_NoMemory();
    PyObject *list = state_list(rank_rules(self), (const char *)line, n, sizeof *line);
    free(line);
    return list;
}

SEARCH_GETTER(Lds_get_expanded, RankObject, PyLong_FromLongLong, self->u.lds.expanded)
SEARCH_GETTER(Lds_get_stored, RankObject, PyLong_FromLongLong, self->u.lds.stored)
SEARCH_GETTER(Lds_get_max_depth, RankObject, PyLong_FromLong, self->u.lds.max_depth)
SEARCH_GETTER(Lds_get_allowed, RankObject, PyLong_FromLong, self->u.lds.allowed)

static PyMethodDef Lds_methods[] = {
    {"run", (PyCFunction)Rank_run, METH_O,
     "run(n) -> status: expand at most n positions; 0 paused, 1 won, 2 done."},
    {"line", (PyCFunction)Lds_line, METH_NOARGS,
     "line() -> list of states: the won line, the state after each move."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Lds_getset[] = {
    {"expanded", (getter)Lds_get_expanded, NULL, "positions expanded so far, again included",
     NULL},
    {"stored", (getter)Lds_get_stored, NULL, "positions stored, once an iteration", NULL},
    {"max_depth", (getter)Lds_get_max_depth, NULL, "the longest line explored", NULL},
    {"truncated", search_false, NULL,
     "False: an iteration that refused nothing searched every position", NULL},
    {"allowed", (getter)Lds_get_allowed, NULL, "the discrepancies of the iteration at work",
     NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject LdsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solitaire_solver.games.windmill._kernel.Lds",
    .tp_basicsize = sizeof(RankObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Lds(rules, root): the engine's limited discrepancy search over the rank model, "
              "in C.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Lds_init,
    .tp_dealloc = (destructor)Rank_dealloc,
    .tp_methods = Lds_methods,
    .tp_getset = Lds_getset,
};


/* ============================================================ The relaxation */

/*
 * The relaxed game of relaxation.py (Relaxation.next_states), children in
 * the same order with the same shortcuts (the forced take, the dug-out stack,
 * the counting bound), so that the compiled search expands the same relaxed
 * positions as the engine's Python loop; the tests compare them. The module
 * docstring of relaxation.py argues why a relaxed loss is a real loss.
 *
 * A relaxed position is one 64-bit key, packed as relaxation.py packs it
 * (RelaxedState), so that the two searches name each position alike: bits
 * 0..6 the stock index, 7..13 the depth into the stack, 14..55 the
 * secondaries' sizes as the rank model packs them (a count of secondaries
 * per size, SIZE_BITS bits a size: rules.packed_sizes), 56..61 the
 * primary's size; all 64 bits set, the won one (relaxation.WON). The hand
 * follows from them (a count per rank, a nibble a rank): every card at the
 * cut, less the foundations', the stack's from the depth on and the stock's
 * from the index on.
 */

#define RELAXED_WON UINT64_MAX
#define HAND_REACH 8
#define HAND_TAKE 7

struct graph_rules {
    int n_stack, n_stock;
    uint8_t stack[MAX_SEQ];              /* the waste at the cut, top first */
    uint8_t stock[MAX_SEQ];              /* the stock, in dealing order */
    uint8_t first_below[MAX_SEQ + 1][13];/* from each depth, the depth of the first card
                                          * of each rank (n_stack: none) */
    int last_in_stock[13];               /* each rank's last index in the stock, or -1 */
    uint64_t stack_from[MAX_SEQ + 1];    /* the stack's ranks from each depth, as a hand */
    uint64_t stock_from[MAX_SEQ + 1];    /* the stock's from each index */
    uint64_t every;                      /* every card's rank at the cut, as a hand */
    int total;                           /* the cards in the hand and on the foundations
                                          * at the cut */
    uint64_t prim[PRIMARY_FULL + 1];     /* the ranks of a primary of each size */
    uint64_t sec[SECONDARY_FULL + 1];    /* and of a secondary */
    uint8_t pneed[PRIMARY_FULL];
    uint8_t sneed[SECONDARY_FULL];
    uint8_t t[T_SIZE];                   /* the foundation moves (T_*), with the flag clear */
    int free;                            /* free foundation moves: no counting bound */
};

#define R_DEPTH_SHIFT 7
#define R_SECS_SHIFT 14
#define R_P_SHIFT 56
#define R_SECS_MASK ((1ULL << (SIZE_BITS * (SECONDARY_FULL + 1))) - 1)

/* Packed secondary sizes (rules.packed_sizes): how many secondaries have `size` cards; one
 * of them grows by a card; one loses its top card. */
static inline unsigned count_of(uint64_t secs, unsigned size) { return secs >> (SIZE_BITS * size) & 7; }
static inline uint64_t size_unit(unsigned size) { return 1ULL << (SIZE_BITS * size); }
static inline uint64_t packed_grow(uint64_t secs, unsigned size)
{
    return secs - size_unit(size) + size_unit(size + 1);
}
static inline uint64_t packed_shrink(uint64_t secs, unsigned size)
{
    return secs - size_unit(size) + size_unit(size - 1);
}

static inline uint64_t relaxed_key(unsigned p, uint64_t secs, unsigned d, unsigned s)
{
    return (uint64_t)p << R_P_SHIFT | secs << R_SECS_SHIFT | (uint64_t)d << R_DEPTH_SHIFT | s;
}

typedef struct {
    unsigned p;
    uint64_t secs;
    uint64_t hand;
    int count;
    unsigned d, s;
} relaxed_child;

static int graph_is_won(const struct graph_rules *g, uint64_t s)
{
    (void)g;
    return s == RELAXED_WON;
}

/* The counting bound (pruning.CountingBound), with the flag clear: with no card of the rank
 * `r` the primary needs in the hand or the stock, the position is lost when no secondary's
 * top is an `r` and the secondaries cannot take the `depth` cards above the shallowest `r`
 * in the stack (below 0: none there) and `spare` more. */
static int relaxed_lost(const struct graph_rules *g, uint64_t secs, unsigned r, int depth,
                        int spare)
{
    int room = 0;
    for (unsigned size = 0; size <= SECONDARY_FULL; size++) {
        unsigned n = count_of(secs, size);
        if (n && size && g->sneed[size - 1] == r)
            return 0;
        room += (int)n * g->t[T_ROOM + 13 * size + r];
    }
    return depth < 0 || room < depth + spare;
}

static int graph_children(const struct graph_rules *g, uint64_t st, uint64_t *out)
{
    unsigned s = (unsigned)(st & 127), d = (unsigned)(st >> R_DEPTH_SHIFT & 127);
    uint64_t secs = st >> R_SECS_SHIFT & R_SECS_MASK;
    unsigned p = (unsigned)(st >> R_P_SHIFT & 63);
    uint64_t held = g->prim[p];
    int cards = (int)p;
    for (unsigned size = 1; size <= SECONDARY_FULL; size++) {
        held += count_of(secs, size) * g->sec[size];
        cards += (int)(count_of(secs, size) * size);
    }
    uint64_t hand = g->every - held - g->stack_from[d] - g->stock_from[s];
    int count = g->total - cards + (int)d + (int)s;
    /* The relaxed game has no flag: the moves with it clear (relaxation.py). */
    unsigned need = g->t[T_PRIMARY + p];
    relaxed_child found[GRAPH_MAX_CHILDREN];
    int k = 0;
#define FOUND(P, SECS, HAND, COUNT, D, S)                                                           \
    do {                                                                                           \
        found[k].p = (P);                                                                          \
        found[k].secs = (SECS);                                                                    \
        found[k].hand = (HAND);                                                                    \
        found[k].count = (COUNT);                                                                  \
        found[k].d = (D);                                                                          \
        found[k].s = (S);                                                                          \
        k++;                                                                                       \
    } while (0)
    if (s < (unsigned)g->n_stock)
        FOUND(p, secs, hand + RANK_UNIT(g->stock[s]), count + 1, d, s + 1);
    if (count <= HAND_REACH) {
        unsigned r = g->stack[d];
        if (r == need)
            FOUND(p + 1, secs, hand, count, d + 1, s);
        unsigned size = g->t[T_SECONDARY + r];
        if (size != NOWHERE && count_of(secs, size))
            FOUND(p, packed_grow(secs, size), hand, count, d + 1, s);
    }
    unsigned lift = g->t[T_LIFT + p];
    if (g->t[T_LIFT_OK] && lift != NOWHERE && count_of(secs, lift))
        FOUND(p + 1, packed_shrink(secs, lift), hand, count, d, s);
    unsigned lower = g->t[T_LOWER + p];
    if (lower != NOWHERE && count_of(secs, lower))
        FOUND(p - 1, packed_grow(secs, lower), hand, count, d, s);
    /* Plays from the hand, rank by rank in the order the foundations ask for
     * them: the primary's rank, then the secondaries' by size. */
    unsigned asked = 0;
    unsigned order[5];
    int ranks = 0;
    if (need != NOWHERE) {
        order[ranks++] = need;
        asked |= 1u << need;
    }
    for (unsigned size = 0; size < SECONDARY_FULL; size++) {
        if (count_of(secs, size) && !(asked >> g->sneed[size] & 1)) {
            order[ranks++] = g->sneed[size];
            asked |= 1u << g->sneed[size];
        }
    }
    for (int j = 0; j < ranks; j++) {
        unsigned r = order[j];
        if (!(hand >> (4 * r) & 15))
            continue;
        if (r == need)
            FOUND(p + 1, secs, hand - RANK_UNIT(r), count - 1, d, s);
        unsigned size = g->t[T_SECONDARY + r];
        if (size != NOWHERE && count_of(secs, size))
            FOUND(p, packed_grow(secs, size), hand - RANK_UNIT(r), count - 1, d, s);
    }
#undef FOUND
    int n = 0;
    for (int i = k - 1; i >= 0; i--) {
        relaxed_child c = found[i];
        while (c.count <= HAND_TAKE && c.d < (unsigned)g->n_stack) {
            /* Taking the stack's top is forced (relaxation.py). */
            c.hand += RANK_UNIT(g->stack[c.d]);
            c.count++;
            c.d++;
        }
        if (c.d == (unsigned)g->n_stack) {
            out[0] = RELAXED_WON; /* the stack is dug out: won */
            return 1;
        }
        if (!g->free && c.p < PRIMARY_FULL) {
            unsigned r = g->pneed[c.p];
            if (!((c.hand >> (4 * r) & 15) || g->last_in_stock[r] >= (int)c.s)) {
                unsigned j = g->first_below[c.d][r];
                int depth = j == (unsigned)g->n_stack ? -1 : (int)(j - c.d);
                if (relaxed_lost(g, c.secs, r, depth, c.count - HAND_REACH))
                    continue;
            }
        }
        out[n++] = relaxed_key(c.p, c.secs, c.d, c.s);
    }
    return n;
}

typedef struct {
    PyObject_HEAD
    struct graph_rules g;
    graph_t search;
    int ready;
} RelaxedObject;

static int Relaxed_init(RelaxedObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"stack", "stock", "pneed", "sneed", "tables",
                             "free",  "every", "total", "root",  NULL};
    Py_buffer stack, stock, pneed, sneed, tables;
    int free_moves, total;
    unsigned long long every, root;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "y*y*y*y*y*pKiK", kwlist, &stack, &stock, &pneed,
                                     &sneed, &tables, &free_moves, &every, &total, &root))
        return -1;
    int ok = 0;
    struct graph_rules *g = &self->g;
    const uint8_t *sk = (const uint8_t *)stack.buf, *sc = (const uint8_t *)stock.buf,
                  *pn = (const uint8_t *)pneed.buf, *sn = (const uint8_t *)sneed.buf;
    if (self->ready) {
        graph_free(&self->search);
        self->ready = 0;
    }
    if (stack.len > MAX_SEQ || stock.len > MAX_SEQ || pneed.len != PRIMARY_FULL ||
        sneed.len != SECONDARY_FULL || tables.len != T_SIZE) {
        PyErr_SetString(PyExc_ValueError, "bad stack, stock, rank tables or foundation tables");
        goto out;
    }
    memset(g, 0, sizeof *g);
    g->n_stack = (int)stack.len;
    g->n_stock = (int)stock.len;
    for (int i = 0; i < 13; i++)
        g->last_in_stock[i] = -1;
    for (int i = 0; i < g->n_stack; i++)
        g->stack[i] = sk[i];
    for (int i = 0; i < g->n_stock; i++) {
        g->stock[i] = sc[i];
        g->last_in_stock[sc[i]] = i;
    }
    for (int r = 0; r < 13; r++)
        g->first_below[g->n_stack][r] = (uint8_t)g->n_stack;
    for (int i = g->n_stack - 1; i >= 0; i--) {
        memcpy(g->first_below[i], g->first_below[i + 1], 13);
        g->first_below[i][g->stack[i]] = (uint8_t)i;
    }
    for (int i = g->n_stack - 1; i >= 0; i--)
        g->stack_from[i] = g->stack_from[i + 1] + RANK_UNIT(g->stack[i]);
    for (int i = g->n_stock - 1; i >= 0; i--)
        g->stock_from[i] = g->stock_from[i + 1] + RANK_UNIT(g->stock[i]);
    for (int i = 0; i < PRIMARY_FULL; i++) {
        g->pneed[i] = pn[i];
        g->prim[i + 1] = g->prim[i] + RANK_UNIT(pn[i]);
    }
    for (int i = 0; i < SECONDARY_FULL; i++) {
        g->sneed[i] = sn[i];
        g->sec[i + 1] = g->sec[i] + RANK_UNIT(sn[i] % 13);
    }
    memcpy(g->t, tables.buf, T_SIZE);
    g->free = free_moves;
    g->every = every;
    g->total = total;
    if (root != RELAXED_WON && (root >> R_P_SHIFT > PRIMARY_FULL ||
                                (root >> R_DEPTH_SHIFT & 127) >= (uint64_t)g->n_stack ||
                                (root & 127) > (uint64_t)g->n_stock)) {
        PyErr_SetString(PyExc_ValueError, "the relaxed root is out of range");
        goto out;
    }
    if (!graph_init(&self->search, g, root)) {
        PyErr_NoMemory();
        goto out;
    }
    self->ready = 1;
    ok = 1;
out:
    PyBuffer_Release(&stack);
    PyBuffer_Release(&stock);
    PyBuffer_Release(&pneed);
    PyBuffer_Release(&sneed);
    PyBuffer_Release(&tables);
    return ok ? 0 : -1;
}

static void Relaxed_dealloc(RelaxedObject *self)
{
    if (self->ready)
        graph_free(&self->search);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Relaxed_run(RelaxedObject *self, PyObject *arg)
{
    long long n;
    if (!is_ready(self->ready, "relaxed search") || !run_budget(arg, &n))
        return NULL;
    int status;
    Py_BEGIN_ALLOW_THREADS
    status = graph_run(&self->search, n);
    Py_END_ALLOW_THREADS
    return run_answer(status, GRAPH_NO_MEMORY);
}

static PyObject *Relaxed_line(RelaxedObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    return PyList_New(0); /* a relaxed win proves nothing: no line is kept */
}

SEARCH_GETTER(Relaxed_get_expanded, RelaxedObject, PyLong_FromUnsignedLongLong,
              self->search.expanded)

/* The relaxed positions after one, in the order the search tries them (for the tests, which
 * hold them against relaxation.py's). */
static PyObject *Relaxed_children(RelaxedObject *self, PyObject *arg)
{
    if (!is_ready(self->ready, "relaxed game"))
        return NULL;
    unsigned long long st = PyLong_AsUnsignedLongLong(arg);
    if (st == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    uint64_t out[GRAPH_MAX_CHILDREN];
    int n = st == RELAXED_WON ? 0 : graph_children(&self->g, st, out);
    PyObject *list = PyList_New(n);
    if (!list)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(out[i]);
        if (!x) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, x);
    }
    return list;
}

static PyMethodDef Relaxed_methods[] = {
    {"run", (PyCFunction)Relaxed_run, METH_O,
     "run(n) -> status: expand at most n relaxed positions; 0 paused, 1 won, 2 done."},
    {"line", (PyCFunction)Relaxed_line, METH_NOARGS, "line() -> []: no line is kept."},
    {"children", (PyCFunction)Relaxed_children, METH_O,
     "children(position) -> list: the relaxed positions after one (p << 56 | secondaries << 14 "
     "| depth << 7 | stock index, as relaxation.py packs them), in the order they are tried."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Relaxed_getset[] = {
    {"expanded", (getter)Relaxed_get_expanded, NULL, "relaxed positions expanded so far", NULL},
    {"max_depth", search_zero, NULL, "0: relaxed lines are not the game's", NULL},
    {"truncated", search_false, NULL, "False: the search leaves nothing out", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject RelaxedType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "solitaire_solver.games.windmill._kernel.Relaxed",
    .tp_basicsize = sizeof(RelaxedObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Relaxed(stack, stock, pneed, sneed, tables, free, every, total, root): the "
              "relaxed game of one cut, searched depth first, in C.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Relaxed_init,
    .tp_dealloc = (destructor)Relaxed_dealloc,
    .tp_methods = Relaxed_methods,
    .tp_getset = Relaxed_getset,
};

/* ------------------------------------------------------------ the module */

static struct PyModuleDef kernel_module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "solitaire_solver.games.windmill._kernel",
    .m_doc = "Windmill's rank model with the engine's beam and discrepancy search over it, "
             "and its relaxed game searched depth first, compiled.",
    .m_size = -1,
};

PyMODINIT_FUNC PyInit__kernel(void)
{
    if (PyType_Ready(&RulesType) < 0 || PyType_Ready(&BeamType) < 0 ||
        PyType_Ready(&LdsType) < 0 || PyType_Ready(&RelaxedType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&kernel_module);
    if (!m)
        return NULL;
    if (PyModule_AddObjectRef(m, "Rules", (PyObject *)&RulesType) < 0 ||
        PyModule_AddObjectRef(m, "Beam", (PyObject *)&BeamType) < 0 ||
        PyModule_AddObjectRef(m, "Lds", (PyObject *)&LdsType) < 0 ||
        PyModule_AddObjectRef(m, "Relaxed", (PyObject *)&RelaxedType) < 0 ||
        PyModule_AddIntConstant(m, "PAUSED", BEAM_PAUSED) < 0 ||
        PyModule_AddIntConstant(m, "WON", BEAM_WON) < 0 ||
        PyModule_AddIntConstant(m, "DONE", BEAM_DONE) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

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
#include <stdlib.h>
#include <string.h>

#define BEAM_WORDS 3
#include "beam.h"
#include "graph.h"
#include "kernel.h"
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

/* ------------------------------------------------------------ positions as bytes */

/*
 * A position crosses in the rank model's compact form (model.Compact), as
 * POSITION_BYTES bytes (kernel.encode and kernel.decode): the primary's size,
 * the flag and the redeals used, a byte each; the secondaries' sizes (a count
 * of secondaries per size, SIZE_BITS bits a size: rules.packed_sizes) and the
 * reserve's ranks, a little-endian word each; then the stock and the waste as
 * packed piles (model.pile: a nibble a rank under a leading 1, the top card
 * lowest), PILE_BYTES little-endian bytes each. The three words above are
 * this form on the last pass, with the stock as the cards dealt (it is the
 * rest of the pass's dealing order) and the waste as its canonical mask:
 * read_position and write_position are the two ways between them, and every
 * position enters and leaves the kernel through them.
 */
#define SIZE_BITS 3
#define PILE_BYTES (MAX_SEQ / 2 + 1)
#define PILES_AT 19
#define POSITION_BYTES (PILES_AT + 2 * PILE_BYTES)

static uint64_t read_word(const uint8_t *b)
{
    uint64_t w = 0;
    for (int i = 7; i >= 0; i--)
        w = w << 8 | b[i];
    return w;
}

static void write_word(uint8_t *b, uint64_t w)
{
    for (int i = 0; i < 8; i++)
        b[i] = (uint8_t)(w >> (8 * i));
}

static inline unsigned nibble(const uint8_t *b, int i) { return b[i / 2] >> (4 * (i % 2)) & 15; }

/* A packed pile's ranks, top card first, into out (room for MAX_SEQ); their count, or -1
 * when it is no pile of ranks. */
static int read_pile(const uint8_t *b, uint8_t *out)
{
    int n = 2 * PILE_BYTES - 1;
    while (n >= 0 && !nibble(b, n))
        n--;
    if (n < 0 || n > MAX_SEQ || nibble(b, n) != 1)
        return -1;
    for (int i = 0; i < n; i++)
        if ((out[i] = (uint8_t)nibble(b, i)) > 12)
            return -1;
    return n;
}

static void write_pile(uint8_t *b, const uint8_t *top_first, int n)
{
    memset(b, 0, PILE_BYTES);
    for (int i = 0; i <= n; i++)
        b[i / 2] |= (uint8_t)((i == n ? 1 : top_first[i]) << (4 * (i % 2)));
}

static void write_position(const struct beam_rules *g, const beam_state *s, uint8_t *b)
{
    uint8_t waste[MAX_SEQ];
    int dealt = (int)dealt_of(s), nwaste = 0;
    for (int i = dealt - 1; i >= 0; i--)
        if (i >= 64 ? s->w[1] >> (i - 64) & 1 : s->w[0] >> i & 1)
            waste[nwaste++] = g->seq[i];
    unsigned secs = secs_of(s);
    uint64_t sizes = 0;
    for (int i = 0; i < 4; i++)
        sizes += 1ULL << (SIZE_BITS * size_at(secs, i));
    b[0] = (uint8_t)primary_of(s);
    b[1] = (uint8_t)flag_of(s);
    b[2] = (uint8_t)g->used;
    write_word(b + 3, sizes);
    write_word(b + 11, s->w[2]);
    write_pile(b + PILES_AT, g->seq + dealt, g->n - dealt);
    write_pile(b + PILES_AT + PILE_BYTES, waste, nwaste);
}

static kernel_error read_position(const struct beam_rules *g, const uint8_t *b, size_t n,
                                  beam_state *s)
{
    if (n != POSITION_BYTES)
        return "a position of the rank model is 117 bytes";
    unsigned p = b[0], flag = b[1];
    uint64_t sizes = read_word(b + 3);
    if (p > PRIMARY_FULL || flag > 1 || b[2] != g->used)
        return "the primary's size, the flag or the redeals used is out of range for this pass";
    /* The secondaries: four sizes, smallest first, a nibble each. */
    unsigned secs = 0;
    int k = 0;
    for (unsigned size = 0; size <= SECONDARY_FULL; size++)
        for (unsigned c = sizes >> (SIZE_BITS * size) & 7; c; c--, k++)
            if (k < 4)
                secs |= size << (4 * k);
    if (k != 4 || sizes >> (SIZE_BITS * (SECONDARY_FULL + 1)))
        return "the secondary sizes are not four sizes from 0 to 13";
    uint8_t stock[MAX_SEQ], waste[MAX_SEQ];
    int nstock = read_pile(b + PILES_AT, stock);
    int nwaste = nstock < 0 ? -1 : read_pile(b + PILES_AT + PILE_BYTES, waste);
    if (nwaste < 0)
        return "the stock or the waste is not a packed pile of ranks";
    int dealt = g->n - nstock;
    for (int i = 0; i < nstock && dealt >= 0; i++)
        if (stock[i] != g->seq[dealt + i])
            dealt = -1;
    if (dealt < 0)
        return "the stock is not the rest of this pass's dealing order";
    beam_state out = {{0, 0, 0}};
    int after = 0;
    for (int i = nwaste - 1; i >= 0; i--) {
        int at = g->next_of[waste[i]][after];
        if (at == NOWHERE || at >= dealt)
            return "the waste's ranks are not among the cards dealt";
        set_place(&out, at);
        after = at + 1;
    }
    out.w[1] |= (uint64_t)dealt << DEALT_SHIFT | (uint64_t)p << P_SHIFT |
                (uint64_t)flag << FLAG_SHIFT | (uint64_t)secs << SECS_SHIFT;
    out.w[2] = read_word(b + 11);
    *s = out;
    return NULL;
}

/* Positions for Python: n of them, the first at first, the next stride bytes on (states
 * are kept bare or inside a search's nodes). */
static kernel_error put_positions(const struct beam_rules *g, const void *first, size_t n,
                                  size_t stride, kernel_out *out)
{
    uint8_t b[POSITION_BYTES];
    kernel_error e = NULL;
    for (size_t i = 0; !e && i < n; i++) {
        write_position(g, (const beam_state *)((const char *)first + i * stride), b);
        e = kernel_put(out, b, sizeof b);
    }
    return e;
}

/* ------------------------------------------------------------ the rank rules */

/*
 * Made from kernel.rules's bytes: the cards of the pass, the rule that holds
 * ranks back (sub-games), the redeals used, the beam's order and its seed
 * (RANK_HEAD bytes, little-endian), then the pass's ranks, the canonical places
 * (kernel.canonical_places), the ranks the primary and a secondary need at
 * each size, and the foundation tables (T_*).
 */
#define RANK_HEAD 12

static int ranks(const uint8_t *r, int n)
{
    for (int i = 0; i < n; i++)
        if (r[i] > 12)
            return 0;
    return 1;
}

static kernel_error make_rank(void *rules, const uint8_t *b, size_t n)
{
    struct beam_rules *g = rules;
    int cards = n >= RANK_HEAD ? b[0] : 0;
    const uint8_t *seq = b + RANK_HEAD, *pn = seq + cards + sizeof g->next_of;
    const uint8_t *sn = pn + PRIMARY_FULL;
    if (n != RANK_HEAD + (size_t)cards + sizeof g->next_of + PRIMARY_FULL + SECONDARY_FULL +
                 T_SIZE)
        return "the rank rules are not the bytes kernel.rules makes";
    if (cards > MAX_SEQ || b[3] > SCORE_AHEAD_SHUFFLED)
        return "at most 96 cards in a pass, and an order from 0 to 5";
    g->n = cards;
    g->used = b[2];
    g->score = b[3];
    g->seed = read_word(b + 4);
    memcpy(g->seq, seq, (size_t)cards);
    memcpy(g->next_of, seq + cards, sizeof g->next_of);
    memcpy(g->pneed, pn, PRIMARY_FULL);
    memcpy(g->sneed, sn, SECONDARY_FULL);
    memcpy(g->t, sn + SECONDARY_FULL, T_SIZE);
    if (!ranks(seq, cards) || !ranks(pn, PRIMARY_FULL) || !ranks(sn, SECONDARY_FULL))
        return "a rank must be from 0 to 12";
    for (int p = 0; p <= PRIMARY_FULL; p++)
        for (int i = p; i < p + b[1] && i < PRIMARY_FULL; i++)
            g->held[p] |= (uint16_t)(1u << pn[i]);
    return NULL;
}

/* The rank model's answers for the tests that pin them to the Python one: plays, across
 * (the deal), twin, words (the three words kept, kernel.kernel_words) and score (the beam's
 * order, kernel.beam_order). */
static kernel_error ask_rank(const void *rules, const uint8_t *in, size_t n, kernel_out *out,
                             char what)
{
    const struct beam_rules *g = rules;
    beam_state s, kids[BEAM_MAX_PLAYS];
    uint8_t b[24];
    kernel_error e = read_position(g, in, n, &s);
    if (e)
        return e;
    switch (what) {
    case 'p':
        return put_positions(g, kids, (size_t)beam_plays(g, &s, kids), sizeof kids[0], out);
    case 'a':
        return put_positions(g, kids, (size_t)beam_across(g, &s, kids), sizeof kids[0], out);
    case 't':
        return put_positions(g, kids, (size_t)beam_dominator(g, &s, kids), sizeof kids[0], out);
    case 'w':
        for (int i = 0; i < 3; i++)
            write_word(b + 8 * i, s.w[i]);
        return kernel_put(out, b, 24);
    default:
        write_word(b, beam_score(g, &s));
        return kernel_put(out, b, 8);
    }
}

#define RANK_QUERY(name, what)                                                                    \
    static kernel_error ask_##name(const void *g, const uint8_t *in, size_t n, kernel_out *out)   \
    {                                                                                             \
        return ask_rank(g, in, n, out, what);                                                     \
    }
RANK_QUERY(plays, 'p')
RANK_QUERY(across, 'a')
RANK_QUERY(twin, 't')
RANK_QUERY(words, 'w')
RANK_QUERY(score, 's')

/* ------------------------------------------------------------ the searches over ranks */

static kernel_error start_beam(void *search, const void *rules, const uint8_t *root, size_t n,
                               const int64_t *args, int nargs, void *table)
{
    beam_state s;
    kernel_error e = read_position(rules, root, n, &s);
    (void)table;
    if (!e && (nargs != 2 || args[0] < 1))
        e = "a beam takes its width (at least 1) and whether it keeps the twin rule";
    if (!e && !beam_init(search, rules, &s, (size_t)args[0], args[1] != 0))
        e = KERNEL_NO_MEMORY;
    return e;
}

static int run_beam(void *search, int64_t n) { return beam_run(search, n); }

static kernel_error beam_line_out(const void *search, const void *rules, kernel_out *out)
{
    beam_nodes nodes = {0};
    kernel_error e = "the beam's won line was not found again";
    if (beam_line(search, &nodes))
        e = nodes.n ? put_positions(rules, &nodes.v[0].s, nodes.n, sizeof nodes.v[0], out) : NULL;
    free(nodes.v);
    return e;
}

static void stop_beam(void *search) { beam_free(search); }

static void beam_counts(const void *search, int64_t *c)
{
    const beam_t *b = search;
    c[KERNEL_EXPANDED] = (int64_t)b->expanded;
    c[KERNEL_STORED] = -1;
    c[KERNEL_MAX_DEPTH] = (int64_t)b->max_depth;
    c[KERNEL_TRUNCATED] = b->truncated;
}

static kernel_error start_lds(void *search, const void *rules, const uint8_t *root, size_t n,
                              const int64_t *args, int nargs, void *table)
{
    beam_state s;
    kernel_error e = read_position(rules, root, n, &s);
    (void)args, (void)table;
    if (!e && nargs)
        e = "a discrepancy search takes no arguments";
    if (!e && !lds_init(search, rules, &s))
        e = KERNEL_NO_MEMORY;
    return e;
}

static int run_lds(void *search, int64_t n) { return lds_run(search, n); }

static kernel_error lds_line_out(const void *search, const void *rules, kernel_out *out)
{
    size_t n = 0;
    beam_state *line = lds_line(search, &n);
    kernel_error e = line ? put_positions(rules, line, n, sizeof *line, out) : KERNEL_NO_MEMORY;
    free(line);
    return e;
}

static void stop_lds(void *search) { lds_free(search); }

static void lds_counts(const void *search, int64_t *c)
{
    const lds_t *t = search;
    c[KERNEL_EXPANDED] = t->expanded;
    c[KERNEL_STORED] = t->stored;
    c[KERNEL_MAX_DEPTH] = t->max_depth;
    c[KERNEL_TRUNCATED] = 0;
}


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

/*
 * Made from kernel.relaxed's bytes: the stack's and the stock's cards, free
 * foundation moves, the cards in the hand and on the foundations at the cut,
 * and every card's rank there as a hand (RELAXED_HEAD bytes, little-endian),
 * then the stack (top first), the stock (in dealing order), the ranks the
 * primary and a secondary need at each size, and the foundation tables. A
 * relaxed position crosses as its key, a little-endian word.
 */
#define RELAXED_HEAD 15

static kernel_error make_relaxed(void *rules, const uint8_t *b, size_t n)
{
    struct graph_rules *g = rules;
    int nstack = n >= RELAXED_HEAD ? b[0] : 0, nstock = n >= RELAXED_HEAD ? b[1] : 0;
    const uint8_t *sk = b + RELAXED_HEAD, *sc = sk + nstack, *pn = sc + nstock;
    const uint8_t *sn = pn + PRIMARY_FULL;
    if (n != RELAXED_HEAD + (size_t)(nstack + nstock) + PRIMARY_FULL + SECONDARY_FULL + T_SIZE)
        return "the relaxed rules are not the bytes kernel.relaxed makes";
    if (nstack > MAX_SEQ || nstock > MAX_SEQ || !ranks(sk, nstack) || !ranks(sc, nstock))
        return "at most 96 cards in the stack and in the stock, of ranks from 0 to 12";
    g->n_stack = nstack;
    g->n_stock = nstock;
    g->free = b[2];
    g->total = (int32_t)(uint32_t)read_word(b + 3);
    g->every = read_word(b + 7);
    for (int i = 0; i < 13; i++)
        g->last_in_stock[i] = -1;
    memcpy(g->stack, sk, (size_t)nstack);
    for (int i = 0; i < nstock; i++) {
        g->stock[i] = sc[i];
        g->last_in_stock[sc[i]] = i;
    }
    for (int r = 0; r < 13; r++)
        g->first_below[nstack][r] = (uint8_t)nstack;
    for (int i = nstack - 1; i >= 0; i--) {
        memcpy(g->first_below[i], g->first_below[i + 1], 13);
        g->first_below[i][g->stack[i]] = (uint8_t)i;
        g->stack_from[i] = g->stack_from[i + 1] + RANK_UNIT(g->stack[i]);
    }
    for (int i = nstock - 1; i >= 0; i--)
        g->stock_from[i] = g->stock_from[i + 1] + RANK_UNIT(g->stock[i]);
    for (int i = 0; i < PRIMARY_FULL; i++) {
        g->pneed[i] = pn[i];
        g->prim[i + 1] = g->prim[i] + RANK_UNIT(pn[i]);
    }
    for (int i = 0; i < SECONDARY_FULL; i++) {
        g->sneed[i] = sn[i];
        g->sec[i + 1] = g->sec[i] + RANK_UNIT(sn[i] % 13);
    }
    memcpy(g->t, sn + SECONDARY_FULL, T_SIZE);
    return NULL;
}

static kernel_error read_relaxed(const struct graph_rules *g, const uint8_t *b, size_t n,
                                 uint64_t *key)
{
    uint64_t k = n == 8 ? read_word(b) : 0;
    if (n != 8 || (k != RELAXED_WON && (k >> R_P_SHIFT > PRIMARY_FULL ||
                                        (k >> R_DEPTH_SHIFT & 127) >= (uint64_t)g->n_stack ||
                                        (k & 127) > (uint64_t)g->n_stock)))
        return "the relaxed position is out of range";
    *key = k;
    return NULL;
}

/* The relaxed positions after one, in the order the search tries them (for the tests, which
 * hold them against relaxation.py's). */
static kernel_error ask_children(const void *rules, const uint8_t *in, size_t n, kernel_out *out)
{
    uint64_t st, kids[GRAPH_MAX_CHILDREN];
    uint8_t b[8];
    kernel_error e = read_relaxed(rules, in, n, &st);
    int k = e || st == RELAXED_WON ? 0 : graph_children(rules, st, kids);
    for (int i = 0; !e && i < k; i++) {
        write_word(b, kids[i]);
        e = kernel_put(out, b, 8);
    }
    return e;
}

static kernel_error start_relaxed(void *search, const void *rules, const uint8_t *root,
                                  size_t n, const int64_t *args, int nargs, void *table)
{
    uint64_t k;
    kernel_error e = read_relaxed(rules, root, n, &k);
    (void)args, (void)table;
    if (!e && nargs)
        e = "a relaxed search takes no arguments";
    if (!e && !graph_init(search, rules, k))
        e = KERNEL_NO_MEMORY;
    return e;
}

static int run_relaxed(void *search, int64_t n) { return graph_run(search, n); }

static void stop_relaxed(void *search) { graph_free(search); }

/* A relaxed win proves nothing: no line is kept, and its lines are not the game's. */
static void relaxed_counts(const void *search, int64_t *c)
{
    c[KERNEL_EXPANDED] = (int64_t)((const graph_t *)search)->expanded;
    c[KERNEL_STORED] = -1;
    c[KERNEL_MAX_DEPTH] = 0;
    c[KERNEL_TRUNCATED] = 0;
}

/* ------------------------------------------------------------ the kernel */

static const kernel_query RANK_QUERIES[] = {
    {"plays", ask_plays}, {"across", ask_across}, {"twin", ask_twin},
    {"words", ask_words}, {"score", ask_score},   {NULL, NULL},
};

static const kernel_query RELAXED_QUERIES[] = {{"children", ask_children}, {NULL, NULL}};

static const kernel_rules RULES[] = {
    {"rank", sizeof(struct beam_rules), make_rank, RANK_QUERIES},
    {"relaxed", sizeof(struct graph_rules), make_relaxed, RELAXED_QUERIES},
    {NULL, 0, NULL, NULL},
};

static const kernel_search SEARCHES[] = {
    {"beam", "rank", sizeof(beam_t), start_beam, run_beam, beam_line_out, stop_beam, beam_counts,
     BEAM_NO_MEMORY, 0},
    {"lds", "rank", sizeof(lds_t), start_lds, run_lds, lds_line_out, stop_lds, lds_counts,
     BEAM_NO_MEMORY, 0},
    {"relaxed", "relaxed", sizeof(graph_t), start_relaxed, run_relaxed, NULL, stop_relaxed,
     relaxed_counts, GRAPH_NO_MEMORY, 0},
    {NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL, 0, 0},
};

const struct kernel KERNEL = {
    "solitaire_solver.games.windmill._kernel",
    "Windmill's rank model with the engine's beam and discrepancy search over it, and its "
    "relaxed game searched depth first, compiled.",
    RULES,
    SEARCHES,
    NULL,
};

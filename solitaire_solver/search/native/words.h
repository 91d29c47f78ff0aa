/*
 * States and keys as arrays of 64-bit words: equality and the hash the
 * compiled searches' tables use (beam.h, dfs.h). Windmill's kernel.py
 * restates the hash (state_hash) for its tie-breaks.
 */
#ifndef SOLITAIRE_SOLVER_WORDS_H
#define SOLITAIRE_SOLVER_WORDS_H

#include <stdint.h>

static inline int words_equal(const uint64_t *a, const uint64_t *b, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static inline uint64_t words_hash(const uint64_t *w, int n)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < n; i++) {
        h ^= w[i] + 0x632be59bd9b4e019ULL + (h << 6) + (h >> 2);
        h *= 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
    }
    h *= 0x94d049bb133111ebULL;
    return h ^ (h >> 29);
}

#endif

/* The two-player solver's search in C: the alpha-beta negamax of tutor/search/_negamax.py, step
 * for step (the same moves in the same order, the same transposition table with the same cap,
 * the same node count), so it gives the same values and spends the same budget; it is faster by
 * the node, not by searching fewer.
 *
 * Nothing about a variant is written here. The rule facts of each trump suit and marriage
 * count come from Python when first needed (``facts(trump, married)``, a flat tuple of integers
 * made by tutor.search._core from tutor.search._rulefacts), read once for the rule set
 * (``Pairs(facts)``, shared by its cores), and the end of a deal is valued
 * from the scoring facts of the rule set (``Scores(facts)``, from tutor.search._core.score_facts)
 * by the same branches as tutor.engine.scoring.scoring, which tests/search/test_core.py holds
 * it to.
 *
 * A Python exception (the budget's SearchLimit from ``checkpoint``, or any error of a callback)
 * unwinds the search with longjmp; the table keeps what was finished, as in Python.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

#define INF 1000
#define EXCHANGE_CODE 96
#define CLOSE_CODE 97
#define OUT_CODE 98
#define NAME_CODE 100
#define NPAIRS 64
#define MAXMOVES 64
/* with hand >> 1: a king and queen of one suit */
#define KINGS ((1ULL << 2) | (1ULL << 10) | (1ULL << 18) | (1ULL << 26))

typedef struct {
    int trump, married;
    int pts[32];
    u64 tmask;
    int head, bonus_open, bonus_after_close, nt_at_close, out_after, out_marriage, closer_opp;
    int m_phase2, m_needs, credit_now, credit_with_trick;
    int mvals[4];
    int ex_card, ex_needs, closing, out_needs, ex_on_turn, before_draw, opp_exchange;
    int target, makes_trump, retrump, name_first;
    u64 ah;
    int trump_marriage, false_out_bound, closer_fail_bound;
    int n_ranks;
    u64 pack_rank_masks[8];
    int rank_points[8];
    int ranks_by_points[8];
    int8_t top_points[256]; /* by the ranks a hand holds (a bit a rank): its highest card's points */
} Facts;

/* The number of integers in a facts tuple (see tutor.search._core.core_facts). */
#define NFACTS (32 + 27 + 4 + 1 + 8 + 8 + 8)

typedef struct {
    u64 k0, k1; /* k0 == 0: empty (the hands of a stored position are never both empty) */
    int16_t lo, hi, best;
} Entry;

/* The scoring rules of one rule set for two players (``Scores(facts)``, the integers of
 * tutor.search._core.score_facts): the same branches as tutor.engine.scoring.scoring. */
#define NSCORE 16
typedef struct {
    PyObject_HEAD
    int target, points[3], schneider, by_tricks;
    int fo_scale, fo_points, fo_no_trick;
    int cp_scale, cp_points, cp_no_trick, no_trick_at_close;
    int last_trick_decides, opp_out_points, oo_points;
} Scores;

/* The rule facts of one rule set by trump suit and marriage count (``Pairs(facts)``), each read
 * from ``facts(trump, married)`` when first needed and kept for every core made with them: a new
 * core of the rule set reads none again. */
typedef struct Pairs {
    PyObject_HEAD
    PyObject *facts_fn;
    Facts *pairs[NPAIRS];
} Pairs;

typedef struct {
    PyObject_HEAD
    long long nodes;
    long long stop;
    long long cap;
    int escalating;
    int nstock;
    int stock[40];
    PyObject *checkpoint_fn;
    Scores *sc;
    struct Pairs *pairs; /* the rule facts, shared by the cores of one rule set */
    Entry *table;
    size_t table_size, table_count; /* size a power of two */
    size_t first_size; /* the table's size when first made (first_table) */
    jmp_buf jb;
} Core;

static const u64 SUIT_MASKS[4] = {0xFFULL, 0xFF00ULL, 0xFF0000ULL, 0xFF000000ULL};
static u64 RANK_MASKS[8];
/* A suit's eight bits spread four apart: bit r to bit 4r (the hand by rank, then by suit). */
static u64 SPREAD[256];

static inline int msb(u64 x) { return 63 - __builtin_clzll(x); }

static void fail(Core *C) { longjmp(C->jb, 1); }

/* ---------------------------------------------------------------- rule facts */

static Facts *get_facts(Core *C, int trump, int married) {
    int m = C->escalating ? married : 0;
    if (trump < 0 || trump > 4 || m < 0 || m > 11) {
        PyErr_SetString(PyExc_ValueError, "no such trump suit or marriage count");
        fail(C);
    }
    int idx = trump * 12 + m;
    if (idx >= NPAIRS) {
        PyErr_SetString(PyExc_ValueError, "too many marriages");
        fail(C);
    }
    Pairs *P = C->pairs;
    if (P != NULL && P->pairs[idx] != NULL) return P->pairs[idx];
    if (P == NULL || P->facts_fn == NULL) {
        PyErr_SetString(PyExc_ValueError, "no facts to read (a Pairs not made)");
        fail(C);
    }
    Facts f; /* read whole before it is kept: the call may run other searches of the rule set */
    Facts *F = &f;
    memset(F, 0, sizeof f);
    PyObject *t = PyObject_CallFunction(P->facts_fn, "ii", trump, m);
    if (t == NULL) fail(C);
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != NFACTS) {
        Py_DECREF(t);
        PyErr_SetString(PyExc_ValueError, "facts: a tuple of the wrong size");
        fail(C);
    }
    long long v[NFACTS];
    for (int i = 0; i < NFACTS; i++) {
        v[i] = PyLong_AsLongLong(PyTuple_GET_ITEM(t, i));
        if (v[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(t);
            fail(C);
        }
    }
    Py_DECREF(t);
    int k = 0;
    for (int i = 0; i < 32; i++) F->pts[i] = (int)v[k++];
    F->tmask = (u64)v[k++];
    F->head = (int)v[k++];
    F->bonus_open = (int)v[k++];
    F->bonus_after_close = (int)v[k++];
    F->nt_at_close = (int)v[k++];
    F->out_after = (int)v[k++];
    F->out_marriage = (int)v[k++];
    F->closer_opp = (int)v[k++];
    F->m_phase2 = (int)v[k++];
    F->m_needs = (int)v[k++];
    F->credit_now = (int)v[k++];
    F->credit_with_trick = (int)v[k++];
    F->ex_card = (int)v[k++];
    F->ex_needs = (int)v[k++];
    F->closing = (int)v[k++];
    F->out_needs = (int)v[k++];
    F->ex_on_turn = (int)v[k++];
    F->before_draw = (int)v[k++];
    F->opp_exchange = (int)v[k++];
    F->target = (int)v[k++];
    F->makes_trump = (int)v[k++];
    F->retrump = (int)v[k++];
    F->name_first = (int)v[k++];
    F->ah = (u64)v[k++];
    F->trump_marriage = (int)v[k++];
    F->false_out_bound = (int)v[k++];
    F->closer_fail_bound = (int)v[k++];
    for (int i = 0; i < 4; i++) F->mvals[i] = (int)v[k++];
    F->n_ranks = (int)v[k++];
    for (int i = 0; i < 8; i++) F->pack_rank_masks[i] = RANK_MASKS[v[k++] & 7];
    for (int i = 0; i < 8; i++) F->rank_points[i] = (int)v[k++];
    for (int i = 0; i < 8; i++) F->ranks_by_points[i] = (int)v[k++];
    if (F->ex_card < 0 || F->ex_card > 63 || F->n_ranks < 0 || F->n_ranks > 8) {
        PyErr_SetString(PyExc_ValueError, "facts out of range");
        fail(C);
    }
    for (int i = 1; i < F->n_ranks; i++) { /* aces first, as the leads are ordered (SPREAD) */
        if (F->pack_rank_masks[i] <= F->pack_rank_masks[i - 1]) {
            PyErr_SetString(PyExc_ValueError, "facts: the pack's ranks out of order");
            fail(C);
        }
    }
    for (int held = 0; held < 256; held++) {
        F->top_points[held] = 0;
        for (int i = 0; i < 8; i++) {
            int r = F->ranks_by_points[i] & 7;
            if (held >> r & 1) {
                F->top_points[held] = F->rank_points[r];
                break;
            }
        }
    }
    F->trump = trump;
    F->married = m;
    if (P->pairs[idx] == NULL) {
        Facts *kept = PyMem_RawMalloc(sizeof(Facts));
        if (kept == NULL) {
            PyErr_NoMemory();
            fail(C);
        }
        *kept = f;
        P->pairs[idx] = kept;
    }
    return P->pairs[idx];
}

/* ---------------------------------------------------------------- scoring */

/* How badly a side lost: 2 Schwarz, 1 Schneider, 0 simple. */
static inline int grade(const Scores *S, int score, int tricked) {
    if (S->by_tricks ? !tricked : score == 0) return 2;
    return score < S->schneider ? 1 : 0;
}

static int closer_fails(const Scores *S, int closer, int s0, int s1, int won, int trickless) {
    int r = 1 - closer;
    int gp;
    if (S->cp_scale) {
        gp = S->points[grade(S, closer ? s1 : s0, won >> closer & 1)];
    } else {
        int no_trick = S->no_trick_at_close ? trickless : !(won >> r & 1);
        gp = no_trick ? S->cp_no_trick : S->cp_points;
    }
    return r ? -gp : gp;
}

/* A declaration of 66 by p, right or false: net game points for player 0. */
static int declare(const Scores *S, int p, int s0, int s1, int won, int closer, int trickless) {
    int r = 1 - p;
    if ((p ? s1 : s0) >= S->target) {
        if (closer == r) { /* the closer's opponent reached 66 first: the closer has failed */
            if (!S->opp_out_points) return closer_fails(S, closer, s0, s1, won, trickless);
            return p ? -S->oo_points : S->oo_points;
        }
        int gp = S->points[grade(S, r ? s1 : s0, won >> r & 1)];
        return p ? -gp : gp;
    }
    if (closer == p) return closer_fails(S, closer, s0, s1, won, trickless);
    int score = r ? s1 : s0, tricked = won >> r & 1;
    int gp = S->fo_scale ? S->points[grade(S, score, tricked)]
                         : (tricked ? S->fo_points : S->fo_no_trick);
    return r ? -gp : gp;
}

/* The last trick has been played (taken by last): net game points for player 0. */
static int end_of_cards(const Scores *S, int s0, int s1, int won, int closer, int trickless,
                        int last) {
    if (closer >= 0) {
        if ((closer ? s1 : s0) >= S->target) {
            int r = 1 - closer;
            int gp = S->points[grade(S, r ? s1 : s0, won >> r & 1)];
            return closer ? -gp : gp;
        }
        return closer_fails(S, closer, s0, s1, won, trickless);
    }
    int w;
    if (S->last_trick_decides) {
        int own = last == 0 ? s0 : s1, o = last == 0 ? s1 : s0;
        w = own >= S->target ? last : o >= S->target ? 1 - last : -1;
    } else {
        w = s0 == s1 ? -1 : s0 > s1 ? 0 : 1;
    }
    if (w < 0) return 0;
    int gp = S->points[grade(S, w ? s0 : s1, won >> (1 - w) & 1)];
    return w ? -gp : gp;
}

#define DECLARE(p, s0, s1, won, cb, tl) declare(C->sc, (p), (s0), (s1), (won), (cb), (tl))
#define END_OF_CARDS(s0, s1, won, cb, tl, last) \
    end_of_cards(C->sc, (s0), (s1), (won), (cb), (tl), (last))

/* ---------------------------------------------------------------- transposition table */

/* The hash of a key, every bit of both words mixed into the low bits the table's index takes
 * (a multiplication alone leaves the low bits of the product to the low bits of the key, and
 * positions that differ only in the high cards of the second hand would share a probe chain). */
static inline size_t key_hash(u64 k0, u64 k1) {
    u64 h = k0 ^ (k1 * 0x9E3779B97F4A7C15ULL);
    h ^= h >> 32;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 29;
    return (size_t)h;
}

static void table_grow(Core *C) {
    size_t n = C->table_size ? C->table_size * 2 : C->first_size;
    Entry *t = PyMem_RawCalloc(n, sizeof(Entry)); /* the raw allocator needs no GIL */
    if (t == NULL) {
        PyErr_NoMemory();
        fail(C);
    }
    for (size_t i = 0; i < C->table_size; i++) {
        Entry *e = &C->table[i];
        if (e->k0) {
            size_t j = key_hash(e->k0, e->k1) & (n - 1);
            while (t[j].k0) j = (j + 1) & (n - 1);
            t[j] = *e;
        }
    }
    PyMem_RawFree(C->table);
    C->table = t;
    C->table_size = n;
}

/* The slot of a key: the entry holding it, or the empty slot where it would go. */
static Entry *table_slot(Core *C, u64 k0, u64 k1) {
    size_t mask = C->table_size - 1;
    size_t j = key_hash(k0, k1) & mask;
    for (;;) {
        Entry *e = &C->table[j];
        if (!e->k0 || (e->k0 == k0 && e->k1 == k1)) return e;
        j = (j + 1) & mask;
    }
}

typedef struct {
    u64 k0, k1;
} Key;

/* The key of a position: the hands in one word, the rest in the other (scores below 2048,
 * pending points below 256, a stock of at most 63 cards: ``key_fits``). */
static inline Key make_key(u64 h0, u64 h1, int ldtag, int s0, int s1, int q0, int q1, int won,
                           int si, int tc, int cb, int trickless, int ob) {
    Key k;
    k.k0 = h0 | h1 << 32;
    k.k1 = (u64)ldtag | (u64)s0 << 7 | (u64)s1 << 18 | (u64)q0 << 29 | (u64)q1 << 37 |
           (u64)won << 45 | (u64)si << 47 | (u64)(tc + 1) << 53 | (u64)(cb + 1) << 59 |
           (u64)trickless << 61 | (u64)(ob + 1) << 62;
    return k;
}

static inline int key_fits(int s0, int s1, int q0, int q1) {
    return s0 >= 0 && s1 >= 0 && q0 >= 0 && q1 >= 0 && !((s0 | s1) >> 11) && !((q0 | q1) >> 8);
}

/* ---------------------------------------------------------------- the search */

static int lead_node(Core *C, Facts *F, u64 h0, u64 h1, int ld, int s0, int s1, int q0, int q1,
                     int won, int si, int tc, int cb, int trickless, int ob, int alpha, int beta);
static int name_node(Core *C, Facts *F, u64 h0, u64 h1, int ld, int s0, int s1, int q0, int q1,
                     int won, int si, int tc, int cb, int trickless, int ob, int alpha, int beta);

/* The search on lead of a pair: with the naming of trumps first where the pair has it. */
static inline int lead_entry(Core *C, Facts *F, u64 h0, u64 h1, int ld, int s0, int s1, int q0,
                             int q1, int won, int si, int tc, int cb, int trickless, int ob,
                             int alpha, int beta) {
    if (F->name_first)
        return name_node(C, F, h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, alpha,
                         beta);
    return lead_node(C, F, h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, alpha,
                     beta);
}

static inline int top_points(const Facts *F, u64 hand) {
    return F->top_points[(hand | hand >> 8 | hand >> 16 | hand >> 24) & 0xFF];
}

static int last_trick(Core *C, Facts *F, u64 h0, u64 h1, int ld, int s0, int s1, int q0, int q1,
                      int won, int cb, int trickless, int ob) {
    int lc = msb(h0), fc = msb(h1);
    if (ld) {
        int x = lc;
        lc = fc;
        fc = x;
    }
    int w;
    if (fc >> 3 == lc >> 3)
        w = fc < lc ? 1 - ld : ld;
    else
        w = (fc >> 3) == F->trump ? 1 - ld : ld;
    int g = F->pts[lc] + F->pts[fc] + (cb < 0 ? F->bonus_open : F->bonus_after_close);
    int t0, t1;
    if (w) {
        t0 = s0;
        t1 = s1 + g + q1;
    } else {
        t0 = s0 + g + q0;
        t1 = s1;
    }
    int nwon = won | (1 << w);
    int v;
    if (ob >= 0) {
        v = DECLARE(ob, t0, t1, nwon, cb, trickless);
        return ld ? -v : v;
    }
    v = END_OF_CARDS(t0, t1, nwon, cb, trickless, w);
    if ((cb < 0 || cb == ld || F->closer_opp) && (!F->out_needs || (won >> ld & 1))) {
        int d = F->out_after ? DECLARE(ld, t0, t1, nwon, cb, trickless)
                             : DECLARE(ld, s0, s1, won, cb, trickless);
        if (ld == 0 ? d > v : d < v) v = d;
    }
    return ld ? -v : v;
}

static int closed_lead(Core *C, Facts *F, u64 h0, u64 h1, int ld, int s0, int s1, int q0, int q1,
                       int won, int si, int tc, int ob, int alpha, int beta) {
    int nt = F->nt_at_close ? ((won >> (1 - ld) & 1) ? 0 : 1) : 0;
    u64 oh = ld ? h0 : h1;
    if (F->opp_exchange && tc >= 0 && (oh >> F->ex_card & 1)) {
        u64 nh = (oh ^ (1ULL << F->ex_card)) | (1ULL << tc);
        u64 n0 = ld ? nh : h0, n1 = ld ? h1 : nh;
        int v = lead_node(C, F, n0, n1, ld, s0, s1, q0, q1, won, si, F->ex_card, ld, nt, ob, alpha,
                          beta);
        if (v <= alpha) return v;
        int keep = lead_node(C, F, h0, h1, ld, s0, s1, q0, q1, won, si, tc, ld, nt, ob, alpha,
                             v < beta ? v : beta);
        return keep < v ? keep : v;
    }
    return lead_node(C, F, h0, h1, ld, s0, s1, q0, q1, won, si, tc, ld, nt, ob, alpha, beta);
}

/* Value for the leader ld once lc is led (already out of the hand). */
static int follow(Core *C, Facts *F, u64 h0, u64 h1, int ld, int lc, int s0, int s1, int q0,
                  int q1, int won, int si, int tc, int cb, int trickless, int ob, int alpha,
                  int beta) {
    C->nodes++;
    u64 fh = ld ? h0 : h1;
    int open_stock = cb < 0 && tc >= 0;
    int lsuit = lc >> 3;
    int trump = F->trump;
    u64 allowed;
    if (open_stock) {
        allowed = fh;
    } else {
        u64 same = fh & SUIT_MASKS[lsuit];
        if (same) {
            if (F->head) {
                u64 higher = same & ((1ULL << lc) - 1);
                allowed = higher ? higher : same;
            } else {
                allowed = same;
            }
        } else {
            allowed = (fh & F->tmask) ? (fh & F->tmask) : fh;
        }
    }
    int f = 1 - ld;
    int best = INF;
    if (F->ah && (fh & F->ah)) {
        for (int suit = 0; suit < 4; suit++) {
            Facts *G = get_facts(C, suit, F->married);
            int v = follow(C, G, h0, h1, ld, lc, s0, s1, q0, q1, won, si, tc, cb, trickless, ob,
                           alpha, beta);
            if (v < best) {
                best = v;
                if (best <= alpha) return best;
                if (best < beta) beta = best;
            }
        }
        allowed &= ~F->ah;
    }
    if (F->ex_on_turn && open_stock && (fh >> F->ex_card & 1) && (!F->ex_needs || (won >> f & 1))) {
        u64 nh = (fh ^ (1ULL << F->ex_card)) | (1ULL << tc);
        if (ld)
            best = follow(C, F, nh, h1, ld, lc, s0, s1, q0, q1, won, si, F->ex_card, cb, trickless,
                          ob, alpha, beta);
        else
            best = follow(C, F, h0, nh, ld, lc, s0, s1, q0, q1, won, si, F->ex_card, cb, trickless,
                          ob, alpha, beta);
        if (best <= alpha) return best;
        if (best < beta) beta = best;
    }
    /* Replies that take the trick first (strongest first), then the others (weakest first). */
    u64 win = allowed & ((SUIT_MASKS[lsuit] & ((1ULL << lc) - 1)) | (lsuit != trump ? F->tmask : 0));
    u64 lose = allowed ^ win;
    while (win || lose) {
        u64 low;
        if (win) {
            low = win & (~win + 1);
            win ^= low;
        } else {
            low = 1ULL << msb(lose);
            lose ^= low;
        }
        int fc = msb(low);
        int fs = fc >> 3;
        int w;
        if (fs == lsuit)
            w = fc < lc ? f : ld;
        else if (fs == trump)
            w = f;
        else
            w = ld;
        int g = F->pts[lc] + F->pts[fc];
        u64 n0, n1;
        if (ld) {
            n0 = h0 ^ low;
            n1 = h1;
        } else {
            n0 = h0;
            n1 = h1 ^ low;
        }
        int t0, t1, p0, p1, nwon;
        if (w) {
            t0 = s0;
            t1 = s1 + g + q1;
            p0 = q0;
            p1 = 0;
            nwon = won | 2;
        } else {
            t0 = s0 + g + q0;
            t1 = s1;
            p0 = 0;
            p1 = q1;
            nwon = won | 1;
        }
        int nsi = si, ntc = tc;
        u64 d0 = n0, d1 = n1;
        if (open_stock) {
            int first = C->stock[si], second;
            if (C->nstock - si >= 2) {
                second = C->stock[si + 1];
                nsi = si + 2;
            } else {
                second = tc;
                nsi = si + 1;
                ntc = -1;
            }
            if (w) {
                n1 |= 1ULL << first;
                n0 |= 1ULL << second;
            } else {
                n0 |= 1ULL << first;
                n1 |= 1ULL << second;
            }
        }
        int v;
        if (!(n0 | n1)) {
            if (w)
                t1 += cb < 0 ? F->bonus_open : F->bonus_after_close;
            else
                t0 += cb < 0 ? F->bonus_open : F->bonus_after_close;
            if (ob >= 0)
                v = DECLARE(ob, t0, t1, nwon, cb, trickless);
            else
                v = END_OF_CARDS(t0, t1, nwon, cb, trickless, w);
            if (ld) v = -v;
        } else if (ob >= 0) {
            v = DECLARE(ob, t0, t1, nwon, cb, trickless);
            if (ld) v = -v;
        } else if (open_stock && F->before_draw && (d0 | d1)) {
            /* The winner draws, or closes before drawing: the better of the two for w. */
            int a = w == ld ? alpha : -beta, b = w == ld ? beta : -alpha;
            v = lead_node(C, F, n0, n1, w, t0, t1, p0, p1, nwon, nsi, ntc, cb, trickless, ob, a, b);
            if (v < b) {
                int c = closed_lead(C, F, d0, d1, w, t0, t1, p0, p1, nwon, si, tc, ob,
                                    v > a ? v : a, b);
                if (c > v) v = c;
            }
            if (w != ld) v = -v;
        } else if (w == ld) {
            v = lead_node(C, F, n0, n1, w, t0, t1, p0, p1, nwon, nsi, ntc, cb, trickless, ob, alpha,
                          beta);
        } else {
            v = -lead_node(C, F, n0, n1, w, t0, t1, p0, p1, nwon, nsi, ntc, cb, trickless, ob,
                           -beta, -alpha);
        }
        if (v < best) {
            best = v;
            if (best <= alpha) return best;
            if (best < beta) beta = best;
        }
    }
    return best;
}

static void checkpoint(Core *C) {
    PyObject *r = PyObject_CallNoArgs(C->checkpoint_fn);
    if (r == NULL) fail(C);
    Py_DECREF(r);
}

/* Value for the leader ld (to move, no card led yet). */
static int lead_node(Core *C, Facts *F, u64 h0, u64 h1, int ld, int s0, int s1, int q0, int q1,
                     int won, int si, int tc, int cb, int trickless, int ob, int alpha,
                     int beta) {
    long long n = ++C->nodes;
    if (n > C->stop) checkpoint(C);
    u64 ah = F->ah;
    if ((cb >= 0 || tc < 0) && (h0 & (h0 - 1)) == 0 && !((h0 | h1) & ah))
        return last_trick(C, F, h0, h1, ld, s0, s1, q0, q1, won, cb, trickless, ob);
    int tag = (F->trump * 8 + F->married) << 1;
    if (!key_fits(s0, s1, q0, q1)) {
        PyErr_SetString(PyExc_ValueError, "a score too large for the table's keys");
        fail(C);
    }
    Key key = make_key(h0, h1, ld | tag, s0, s1, q0, q1, won, si, tc, cb, trickless, ob);
    if (C->table_count * 2 >= C->table_size) table_grow(C);
    Entry *entry = table_slot(C, key.k0, key.k1);
    Entry *old_table = C->table;
    int found = entry->k0 != 0;
    int lo, hi, hint;
    if (found) {
        lo = entry->lo;
        hi = entry->hi;
        hint = entry->best;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo == hi) return lo;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    } else {
        lo = -INF;
        hi = INF;
        hint = -1;
    }
    int a0 = alpha;
    u64 hand = ld ? h1 : h0;
    int phase2 = cb >= 0 || tc < 0;
    int may_out = ob < 0 && (cb < 0 || cb == ld || F->closer_opp);
    int moves[MAXMOVES];
    int nm = 0;
    int plain_out = may_out && (!F->out_needs || (won >> ld & 1));
    if (plain_out && !F->out_after) moves[nm++] = OUT_CODE;
    if ((hand & (hand >> 1) & KINGS) && (F->m_phase2 || !phase2) &&
        (!F->m_needs || (won >> ld & 1))) {
        for (int k = 2; k < 32; k += 8) {
            if ((hand >> k & 3) == 3) {
                moves[nm++] = k + 32;
                moves[nm++] = k + 33;
                if (may_out && F->out_marriage) {
                    moves[nm++] = k + 64;
                    moves[nm++] = k + 65;
                }
            }
        }
    }
    if (!phase2) {
        if ((hand >> F->ex_card & 1) && (!F->ex_needs || (won >> ld & 1)))
            moves[nm++] = EXCHANGE_CODE;
        if (F->closing && ob < 0) moves[nm++] = CLOSE_CODE;
    }
    /* Leads by rank: aces first, then tens, ..., by suit in a rank (the pack's ranks in the
     * order of the cards, which get_facts checks). */
    u64 by_rank = SPREAD[hand & 0xFF] | SPREAD[hand >> 8 & 0xFF] << 1 |
                  SPREAD[hand >> 16 & 0xFF] << 2 | SPREAD[hand >> 24 & 0xFF] << 3;
    while (by_rank) {
        int j = __builtin_ctzll(by_rank);
        by_rank &= by_rank - 1;
        moves[nm++] = (j & 3) * 8 + (j >> 2);
    }
    if (ah && (hand & ah)) { /* trumps may be named, and the ace waits for them */
        int a = msb(ah);
        for (int i = 0; i < nm; i++) {
            if (moves[i] == a) {
                memmove(moves + i, moves + i + 1, (size_t)(nm - i - 1) * sizeof(int));
                nm--;
                break;
            }
        }
        for (int s = 0; s < 4; s++) moves[nm++] = NAME_CODE + s;
    }
    int out_floor = -INF;
    if (plain_out && F->out_after) {
        int sp = ld ? s1 + q1 : s0 + q0;
        int gain = top_points(F, h0) + top_points(F, h1) + F->bonus_open;
        if (hand & (hand >> 1) & KINGS) gain += F->trump_marriage;
        int bound = cb == ld ? F->closer_fail_bound : F->false_out_bound;
        if (sp + gain < F->target && bound <= alpha) {
            out_floor = bound;
        } else {
            memmove(moves + 1, moves, (size_t)nm * sizeof(int));
            moves[0] = OUT_CODE;
            nm++;
        }
    }
    if (hint >= 0) {
        for (int i = 0; i < nm; i++) {
            if (moves[i] == hint) {
                memmove(moves + 1, moves, (size_t)i * sizeof(int));
                moves[0] = hint;
                break;
            }
        }
    }
    int best = -INF, best_move = -1;
    for (int i = 0; i < nm; i++) {
        int mv = moves[i];
        int v;
        if (mv < 32) {
            u64 bit = 1ULL << mv;
            if (ld)
                v = follow(C, F, h0, h1 ^ bit, 1, mv, s0, s1, q0, q1, won, si, tc, cb, trickless,
                           ob, alpha, beta);
            else
                v = follow(C, F, h0 ^ bit, h1, 0, mv, s0, s1, q0, q1, won, si, tc, cb, trickless,
                           ob, alpha, beta);
        } else if (mv < 96) {
            int out = mv >= 64;
            int c = out ? mv - 64 : mv - 32;
            int value = F->mvals[c >> 3];
            int now = out || F->credit_now || (F->credit_with_trick && (won >> ld & 1));
            int t0 = s0, t1 = s1, p0 = q0, p1 = q1;
            u64 n0, n1;
            if (ld) {
                if (now)
                    t1 += value;
                else
                    p1 += value;
                n0 = h0;
                n1 = h1 ^ (1ULL << c);
            } else {
                if (now)
                    t0 += value;
                else
                    p0 += value;
                n0 = h0 ^ (1ULL << c);
                n1 = h1;
            }
            if (out && !F->out_after) {
                v = DECLARE(ld, t0, t1, won, cb, trickless);
                if (ld) v = -v;
            } else {
                Facts *G = F->retrump
                               ? get_facts(C, F->makes_trump ? c >> 3 : F->trump, F->married + 1)
                               : F;
                v = follow(C, G, n0, n1, ld, c, t0, t1, p0, p1, won, si, tc, cb, trickless,
                           out ? ld : ob, alpha, beta);
            }
        } else if (mv == OUT_CODE) {
            if (F->out_after) {
                v = lead_node(C, F, h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ld,
                              alpha, beta);
            } else {
                v = DECLARE(ld, s0, s1, won, cb, trickless);
                if (ld) v = -v;
            }
        } else if (mv == EXCHANGE_CODE) {
            u64 nh = (hand ^ (1ULL << F->ex_card)) | (1ULL << tc);
            if (ld)
                v = lead_node(C, F, h0, nh, 1, s0, s1, q0, q1, won, si, F->ex_card, cb, trickless,
                              ob, alpha, beta);
            else
                v = lead_node(C, F, nh, h1, 0, s0, s1, q0, q1, won, si, F->ex_card, cb, trickless,
                              ob, alpha, beta);
        } else if (mv >= NAME_CODE) {
            Facts *G = get_facts(C, mv - NAME_CODE, F->married);
            v = lead_entry(C, G, h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, alpha,
                           beta);
        } else { /* close */
            v = closed_lead(C, F, h0, h1, ld, s0, s1, q0, q1, won, si, tc, ob, alpha, beta);
        }
        if (v > best) {
            best = v;
            best_move = mv;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) break;
            }
        }
    }
    if (out_floor > best) best = out_floor;
    if (best <= a0)
        hi = best;
    else if (best >= beta)
        lo = best;
    else
        lo = hi = best;
    /* The slot found first, unless the table has grown or another key has taken it since. */
    if (C->table_count * 2 >= C->table_size) table_grow(C);
    Entry *e = entry;
    if (C->table != old_table || (e->k0 && (e->k0 != key.k0 || e->k1 != key.k1)))
        e = table_slot(C, key.k0, key.k1);
    if (e->k0 || (long long)C->table_count < C->cap) {
        if (!e->k0) {
            e->k0 = key.k0;
            e->k1 = key.k1;
            C->table_count++;
        }
        e->lo = (int16_t)lo;
        e->hi = (int16_t)hi;
        e->best = (int16_t)best_move;
    }
    return best;
}

static int name_node(Core *C, Facts *F, u64 h0, u64 h1, int ld, int s0, int s1, int q0, int q1,
                     int won, int si, int tc, int cb, int trickless, int ob, int alpha, int beta) {
    C->nodes++;
    int best = -INF;
    for (int suit = 0; suit < 4; suit++) {
        Facts *G = get_facts(C, suit, F->married);
        int v = lead_entry(C, G, h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, alpha,
                           beta);
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

/* ---------------------------------------------------------------- the Python type */

static int read_ints(PyObject *const *args, Py_ssize_t nargs, Py_ssize_t want, long long *out) {
    if (nargs != want) {
        PyErr_Format(PyExc_TypeError, "expected %zd arguments, got %zd", want, nargs);
        return -1;
    }
    for (Py_ssize_t i = 0; i < nargs; i++) {
        out[i] = PyLong_AsLongLong(args[i]);
        if (out[i] == -1 && PyErr_Occurred()) return -1;
    }
    return 0;
}

static int check_hands(long long h0, long long h1) {
    if (h0 < 0 || h1 < 0 || h0 >= (1LL << 32) || h1 >= (1LL << 32)) {
        PyErr_SetString(PyExc_ValueError, "a hand is a bit set of the 32 cards");
        return -1;
    }
    return 0;
}

/* The table for the first question, by the cards still to play (hands and stock from si):
 * 2^(cards - 2) slots, at least 1,024 and at most 65,536 (24 kB to 1.5 MB), so that most
 * searches of an endgame never grow it (a grow rehashes every entry, which costs more than
 * zeroing a larger table at once) and the probes stay short; doubled as it fills. */
static void first_table(Core *C, u64 hands, int si) {
    int cards = __builtin_popcountll(hands) + (si >= 0 && si < C->nstock ? C->nstock - si : 0);
    int bits = cards - 2;
    C->first_size = (size_t)1 << (bits < 10 ? 10 : bits > 16 ? 16 : bits);
    table_grow(C);
}

/* lead(trump, married, h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, alpha,
 * beta): the value for the leader, on lead. */
static PyObject *Core_lead(Core *C, PyObject *const *args, Py_ssize_t nargs) {
    long long a[17];
    if (read_ints(args, nargs, 17, a) < 0 || check_hands(a[2], a[3]) < 0) return NULL;
    if (C->table_size == 0) {
        if (setjmp(C->jb)) return NULL;
        first_table(C, (u64)a[2] | (u64)a[3], (int)a[10]);
    }
    if (setjmp(C->jb)) return NULL;
    Facts *F = get_facts(C, (int)a[0], (int)a[1]);
    int v = lead_entry(C, F, (u64)a[2], (u64)a[3], (int)a[4], (int)a[5], (int)a[6], (int)a[7],
                       (int)a[8], (int)a[9], (int)a[10], (int)a[11], (int)a[12], (int)a[13],
                       (int)a[14], (int)a[15], (int)a[16]);
    return PyLong_FromLong(v);
}

/* follow(trump, married, h0, h1, ld, lc, s0, s1, q0, q1, won, si, tc, cb, trickless, ob, alpha,
 * beta): the value for the leader once lc is led. */
static PyObject *Core_follow(Core *C, PyObject *const *args, Py_ssize_t nargs) {
    long long a[18];
    if (read_ints(args, nargs, 18, a) < 0 || check_hands(a[2], a[3]) < 0) return NULL;
    if (a[5] < 0 || a[5] > 31) {
        PyErr_SetString(PyExc_ValueError, "no such card led");
        return NULL;
    }
    if (C->table_size == 0) {
        if (setjmp(C->jb)) return NULL;
        first_table(C, (u64)a[2] | (u64)a[3], (int)a[10]);
    }
    if (setjmp(C->jb)) return NULL;
    Facts *F = get_facts(C, (int)a[0], (int)a[1]);
    int v = follow(C, F, (u64)a[2], (u64)a[3], (int)a[4], (int)a[5], (int)a[6], (int)a[7],
                   (int)a[8], (int)a[9], (int)a[10], (int)a[11], (int)a[12], (int)a[13],
                   (int)a[14], (int)a[15], (int)a[16], (int)a[17]);
    return PyLong_FromLong(v);
}

/* best_move(trump, married, h0, h1, ld, s0, s1, q0, q1, won, si, tc, cb, trickless, ob): the
 * table's best move code of that position on lead, or -1. */
static PyObject *Core_best_move(Core *C, PyObject *const *args, Py_ssize_t nargs) {
    long long a[15];
    if (read_ints(args, nargs, 15, a) < 0 || check_hands(a[2], a[3]) < 0) return NULL;
    if (C->table_size == 0) return PyLong_FromLong(-1);
    int m = C->escalating ? (int)a[1] : 0;
    int tag = ((int)a[0] * 8 + m) << 1;
    Key k = make_key((u64)a[2], (u64)a[3], (int)a[4] | tag, (int)a[5], (int)a[6], (int)a[7],
                     (int)a[8], (int)a[9], (int)a[10], (int)a[11], (int)a[12], (int)a[13],
                     (int)a[14]);
    if (!key_fits((int)a[5], (int)a[6], (int)a[7], (int)a[8])) return PyLong_FromLong(-1);
    Entry *e = table_slot(C, k.k0, k.k1);
    return PyLong_FromLong(e->k0 ? e->best : -1);
}

static PyObject *Core_clear(Core *C, PyObject *Py_UNUSED(ignored)) {
    PyMem_RawFree(C->table);
    C->table = NULL;
    C->table_size = C->table_count = 0;
    Py_RETURN_NONE;
}

static PyObject *Core_entries(Core *C, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromSize_t(C->table_count);
}

static int Scores_init(Scores *S, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"facts", NULL};
    PyObject *facts;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!", kwlist, &PyTuple_Type, &facts)) return -1;
    if (PyTuple_GET_SIZE(facts) != NSCORE) {
        PyErr_SetString(PyExc_ValueError, "scoring facts: a tuple of the wrong size");
        return -1;
    }
    int v[NSCORE];
    for (int i = 0; i < NSCORE; i++) {
        long x = PyLong_AsLong(PyTuple_GET_ITEM(facts, i));
        if (x == -1 && PyErr_Occurred()) return -1;
        if (x < -(1L << 20) || x > (1L << 20)) {
            PyErr_SetString(PyExc_ValueError, "scoring facts out of range");
            return -1;
        }
        v[i] = (int)x;
    }
    int k = 0;
    S->target = v[k++];
    for (int i = 0; i < 3; i++) S->points[i] = v[k++];
    S->schneider = v[k++];
    S->by_tricks = v[k++];
    S->fo_scale = v[k++];
    S->fo_points = v[k++];
    S->fo_no_trick = v[k++];
    S->cp_scale = v[k++];
    S->cp_points = v[k++];
    S->cp_no_trick = v[k++];
    S->no_trick_at_close = v[k++];
    S->last_trick_decides = v[k++];
    S->opp_out_points = v[k++];
    S->oo_points = v[k++];
    return 0;
}

/* declare(p, s0, s1, won, closer, trickless) and end_of_cards(s0, s1, won, closer, trickless,
 * last), as tutor.engine.scoring.scoring's functions of the same names. */
static PyObject *Scores_declare(Scores *S, PyObject *const *args, Py_ssize_t nargs) {
    long long a[6];
    if (read_ints(args, nargs, 6, a) < 0) return NULL;
    return PyLong_FromLong(declare(S, a[0] != 0, (int)a[1], (int)a[2], (int)a[3] & 3, (int)a[4],
                                   (int)a[5]));
}

static PyObject *Scores_end_of_cards(Scores *S, PyObject *const *args, Py_ssize_t nargs) {
    long long a[6];
    if (read_ints(args, nargs, 6, a) < 0) return NULL;
    return PyLong_FromLong(end_of_cards(S, (int)a[0], (int)a[1], (int)a[2] & 3, (int)a[3],
                                        (int)a[4], a[5] != 0));
}

static PyMethodDef Scores_methods[] = {
    {"declare", (PyCFunction)(void (*)(void))Scores_declare, METH_FASTCALL,
     "A declaration of 66: net game points for player 0."},
    {"end_of_cards", (PyCFunction)(void (*)(void))Scores_end_of_cards, METH_FASTCALL,
     "The last trick played: net game points for player 0."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ScoresType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tutor.search._negacore.Scores",
    .tp_basicsize = sizeof(Scores),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The two-player scoring of one rule set, from its facts.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Scores_init,
    .tp_methods = Scores_methods,
};

static int Pairs_init(Pairs *P, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"facts", NULL};
    PyObject *facts_fn;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O", kwlist, &facts_fn)) return -1;
    if (!PyCallable_Check(facts_fn)) {
        PyErr_SetString(PyExc_TypeError, "facts: a function of the trump suit and marriage count");
        return -1;
    }
    if (P->facts_fn != NULL) { /* a search may hold its facts: they are never let go early */
        PyErr_SetString(PyExc_TypeError, "the facts of a Pairs are given once");
        return -1;
    }
    P->facts_fn = Py_NewRef(facts_fn);
    return 0;
}

static int Pairs_traverse(Pairs *P, visitproc visit, void *arg) {
    Py_VISIT(P->facts_fn);
    return 0;
}

static int Pairs_clear_refs(Pairs *P) {
    Py_CLEAR(P->facts_fn);
    return 0;
}

static void Pairs_dealloc(Pairs *P) {
    PyObject_GC_UnTrack(P);
    Pairs_clear_refs(P);
    for (int i = 0; i < NPAIRS; i++) PyMem_RawFree(P->pairs[i]);
    Py_TYPE(P)->tp_free((PyObject *)P);
}

static PyTypeObject PairsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tutor.search._negacore.Pairs",
    .tp_basicsize = sizeof(Pairs),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The rule facts of one rule set by trump suit and marriage count, read once.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Pairs_init,
    .tp_dealloc = (destructor)Pairs_dealloc,
    .tp_traverse = (traverseproc)Pairs_traverse,
    .tp_clear = (inquiry)Pairs_clear_refs,
};

static int Core_init(Core *C, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"stock", "escalating", "cap", "facts", "scores", "checkpoint", NULL};
    PyObject *stock, *checkpoint_fn;
    Pairs *pairs;
    Scores *scores;
    int escalating;
    long long cap;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OpLO!O!O", kwlist, &stock, &escalating, &cap,
                                     &PairsType, &pairs, &ScoresType, &scores, &checkpoint_fn))
        return -1;
    PyObject *seq = PySequence_Fast(stock, "stock: a sequence of card indices");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > 40) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a stock of more than 40 cards");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (c == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (c < 0 || c > 31) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a stock card out of range");
            return -1;
        }
        C->stock[i] = (int)c;
    }
    Py_DECREF(seq);
    C->nstock = (int)n;
    C->escalating = escalating;
    C->cap = cap;
    C->nodes = 0;
    C->stop = 1LL << 62;
    Py_XSETREF(C->pairs, (Pairs *)Py_NewRef(pairs));
    Py_XSETREF(C->sc, (Scores *)Py_NewRef(scores));
    Py_XSETREF(C->checkpoint_fn, Py_NewRef(checkpoint_fn));
    return 0;
}

static int Core_traverse(Core *C, visitproc visit, void *arg) {
    Py_VISIT(C->pairs);
    Py_VISIT(C->sc);
    Py_VISIT(C->checkpoint_fn);
    return 0;
}

static int Core_clear_refs(Core *C) {
    Py_CLEAR(C->pairs);
    Py_CLEAR(C->sc);
    Py_CLEAR(C->checkpoint_fn);
    return 0;
}

static void Core_dealloc(Core *C) {
    PyObject_GC_UnTrack(C);
    Core_clear_refs(C);
    PyMem_RawFree(C->table);
    Py_TYPE(C)->tp_free((PyObject *)C);
}

/* ---------------------------------------------------------------- the club playout */

#include "_playout.c"

static PyMethodDef Core_methods[] = {
    {"lead", (PyCFunction)(void (*)(void))Core_lead, METH_FASTCALL,
     "The value for the leader of a position on lead."},
    {"follow", (PyCFunction)(void (*)(void))Core_follow, METH_FASTCALL,
     "The value for the leader once a card is led."},
    {"best_move", (PyCFunction)(void (*)(void))Core_best_move, METH_FASTCALL,
     "The table's best move code of a position on lead, or -1."},
    {"playout", (PyCFunction)(void (*)(void))Core_playout, METH_FASTCALL,
     "The club player's moves for both seats while the stock is open, and where they lead."},
    {"line", (PyCFunction)(void (*)(void))Core_line, METH_FASTCALL,
     "The principal line from a position of the second phase, to the move that ends the deal."},
    {"ranks", (PyCFunction)(void (*)(void))Core_ranks, METH_FASTCALL,
     "Every legal move's value in a position of the second phase, in one call."},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "Empty the transposition table."},
    {"entries", (PyCFunction)Core_entries, METH_NOARGS, "Entries in the transposition table."},
    {NULL, NULL, 0, NULL},
};

#include <structmember.h>
static PyMemberDef Core_members[] = {
    {"nodes", T_LONGLONG, offsetof(Core, nodes), 0, "positions searched"},
    {"stop", T_LONGLONG, offsetof(Core, stop), 0, "the node count at which to call checkpoint"},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tutor.search._negacore.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The two-player negamax search with its transposition table.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_traverse = (traverseproc)Core_traverse,
    .tp_clear = (inquiry)Core_clear_refs,
    .tp_methods = Core_methods,
    .tp_members = Core_members,
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_negacore", "The two-player solver's search in C.", -1, NULL,
};

PyMODINIT_FUNC PyInit__negacore(void) {
    for (int r = 0; r < 8; r++) {
        RANK_MASKS[r] = 0;
        for (int s = 0; s < 4; s++) RANK_MASKS[r] |= 1ULL << (8 * s + r);
    }
    for (int b = 0; b < 256; b++) {
        SPREAD[b] = 0;
        for (int r = 0; r < 8; r++)
            if (b >> r & 1) SPREAD[b] |= 1ULL << (4 * r);
    }
    if (PyType_Ready(&CoreType) < 0 || PyType_Ready(&ScoresType) < 0 ||
        PyType_Ready(&PairsType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (m == NULL) return NULL;
    if (PyModule_AddObjectRef(m, "Core", (PyObject *)&CoreType) < 0 ||
        PyModule_AddObjectRef(m, "Scores", (PyObject *)&ScoresType) < 0 ||
        PyModule_AddObjectRef(m, "Pairs", (PyObject *)&PairsType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* The table solver's search in C: the alpha-beta search of tutor/search/table_solver.py
 * (``TableSolver._value``) for three and four seats (and two, as the table engine plays them),
 * step for step (the same moves in the same order, the same transposition table on the
 * positions on lead, the same node count), so it gives the same values; it is faster by the
 * node, not by searching fewer.
 *
 * Nothing about a variant is written here. ``Table(facts, grading)`` reads two flat tuples of
 * integers made by tutor.search.table_solver (``table_facts`` and ``grading_facts``): the rule
 * facts of the deal and of the searching side, and the scoring facts of the rule set, which it
 * applies by the same branches as tutor.engine.scoring.grading (tests/search/test_table_core.py
 * holds the two to the same values on random ends of a deal).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

#define INF 1000
#define LOW 0xFFFFFFFFULL
#define MAXSEATS 4
#define MAXMARRIED 8 /* two packs: eight kings, so at most eight marriages in a deal */
#define MAXMOVES 64
enum { PLAY = 0, MARRY = 1, MARRY_OUT = 2, OUT = 3 };
enum { CREDIT_IMMEDIATE = 0, CREDIT_AFTER_TRICK = 1, CREDIT_WITH_TRICK = 2 };
enum { PLAYED_HIGHER = 0, PLAYED_LAST_TRICK = 1, PLAYED_ONLY_ONE = 2 };

/* The number of integers in the facts tuple (tutor.search.table_solver.table_facts). */
#define NFACTS (32 + 15 + MAXSEATS + 4 * (MAXMARRIED + 1))
/* The number of integers in the grading tuple (tutor.search.table_solver.grading_facts). */
#define NGRADING 12

static const u64 SUIT_MASKS[4] = {0xFFULL, 0xFF00ULL, 0xFF0000ULL, 0xFF000000ULL};

typedef struct {
    u64 k[7]; /* the hands, the scores, the pending points, leader | won | married */
    int16_t lo, hi;
    int used;
} Entry;

/* A position: the hands (two packs: ``hand | hand >> 32`` holds the cards), the leader, the
 * trick so far, the score and the pending marriage points of each side, the sides with a
 * trick (bits), the marriages announced in the deal. */
typedef struct {
    u64 hands[MAXSEATS];
    int scores[MAXSEATS], pending[MAXSEATS], trick[MAXSEATS];
    int ntrick, leader, won, married;
} Pos;

typedef struct {
    PyObject_HEAD
    long long nodes;
    /* the rule facts */
    int pts[32];
    int trump, target, bonus;
    int out_allowed, out_needs_trick, m_phase2, m_needs_trick, out_after_marriage, credit;
    int head, equal_last;
    int seats, sides, side, own;
    int side_of[MAXSEATS];
    int mvals[MAXMARRIED + 1][4];
    /* the grading facts */
    int g_sides, g_target, g_points[3], g_schneider, g_by_tricks, g_best_loser;
    int g_fo_scale, g_fo_points, g_fo_no_trick, g_played_out;
    /* the transposition table: size a power of two, at most half full */
    Entry *table;
    size_t size, count;
    jmp_buf jb;
} Table;

static void fail(Table *T) { longjmp(T->jb, 1); }

/* ---------------------------------------------------------------- scoring (grading) */

static int grade(const Table *T, int score, int tricked) {
    if (T->g_by_tricks ? !tricked : score == 0) return 2;
    if (score < T->g_schneider) return 1;
    return 0;
}

static int win(const Table *T, int winner, const int *scores, int won) {
    if (T->g_best_loser) {
        int best = -1;
        for (int x = 0; x < T->g_sides; x++)
            if (x != winner && (best < 0 || scores[x] > scores[best])) best = x;
        return T->g_points[grade(T, scores[best], won >> best & 1)];
    }
    int sum = 0;
    for (int x = 0; x < T->g_sides; x++)
        if (x != winner) sum += T->g_points[grade(T, scores[x], won >> x & 1)];
    return sum;
}

static int false_out(const Table *T, int score, int tricked) {
    if (T->g_fo_scale) return T->g_points[grade(T, score, tricked)];
    return tricked ? T->g_fo_points : T->g_fo_no_trick;
}

static int played_out_winner(const Table *T, const int *scores, int last) {
    int n = T->g_sides, target = T->g_target;
    if (T->g_played_out == PLAYED_LAST_TRICK) {
        if (scores[last] >= target) return last;
        for (int x = 0; x < n; x++)
            if (scores[x] >= target) return x;
        return -1;
    }
    if (T->g_played_out == PLAYED_ONLY_ONE && n != 2) {
        int who = -1, reached = 0;
        for (int x = 0; x < n; x++)
            if (scores[x] >= target) {
                if (!reached) who = x;
                reached++;
            }
        return reached == 1 ? who : -1;
    }
    int top = 0, count = 0;
    for (int x = 0; x < n; x++) {
        if (x == 0 || scores[x] > scores[top]) {
            top = x;
            count = 1;
        } else if (scores[x] == scores[top]) {
            count++;
        }
    }
    return count == 1 ? top : -1;
}

/* The solver's value of an end with game points ``gps`` by side. */
static int result(const Table *T, const int *gps) {
    if (T->own) return gps[T->side];
    int most = -INF;
    for (int x = 0; x < T->g_sides; x++)
        if (x != T->side && gps[x] > most) most = gps[x];
    return gps[T->side] - most;
}

static int declared(const Table *T, int x, const int *scores, int won) {
    int gps[MAXSEATS] = {0};
    if (scores[x] >= T->g_target) {
        gps[x] = win(T, x, scores, won);
    } else {
        for (int y = 0; y < T->g_sides; y++)
            if (y != x) gps[y] = false_out(T, scores[y], won >> y & 1);
    }
    return result(T, gps);
}

static int played_out(const Table *T, const int *scores, int won, int last) {
    int gps[MAXSEATS] = {0};
    int w = played_out_winner(T, scores, last);
    if (w >= 0) gps[w] = win(T, w, scores, won);
    return result(T, gps);
}

/* ---------------------------------------------------------------- the transposition table */

static void make_key(const Table *T, const Pos *P, u64 *k) {
    for (int s = 0; s < MAXSEATS; s++) k[s] = s < T->seats ? P->hands[s] : 0;
    u64 sc = 0, pe = 0;
    for (int x = 0; x < T->sides; x++) {
        sc |= (u64)(uint16_t)P->scores[x] << (16 * x);
        pe |= (u64)(uint16_t)P->pending[x] << (16 * x);
    }
    k[4] = sc;
    k[5] = pe;
    k[6] = (u64)P->leader | (u64)P->won << 8 | (u64)P->married << 16;
}

static size_t key_hash(const u64 *k) {
    u64 h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < 7; i++) {
        h ^= k[i];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return (size_t)h;
}

static Entry *probe(Entry *table, size_t size, const u64 *k) {
    size_t i = key_hash(k) & (size - 1);
    while (table[i].used && memcmp(table[i].k, k, sizeof table[i].k) != 0) i = (i + 1) & (size - 1);
    return &table[i];
}

static void grow(Table *T) {
    size_t size = T->size ? T->size * 2 : 1024;
    Entry *table = PyMem_Calloc(size, sizeof(Entry));
    if (table == NULL) {
        PyErr_NoMemory();
        fail(T);
    }
    for (size_t i = 0; i < T->size; i++)
        if (T->table[i].used) *probe(table, size, T->table[i].k) = T->table[i];
    PyMem_Free(T->table);
    T->table = table;
    T->size = size;
}

/* The entry of key ``k``, made (unused) if missing. */
static Entry *slot(Table *T, const u64 *k) {
    if (2 * (T->count + 1) > T->size) grow(T);
    return probe(T->table, T->size, k);
}

/* ---------------------------------------------------------------- moves */

static int lead_moves(const Table *T, u64 hand, int x, const int *scores, int won, int *out) {
    int held = (int)((hand | hand >> 32) & LOW);
    int has_trick = won >> x & 1;
    int first[1], nfirst = 0, last[9], nlast = 0, n = 0;
    if (T->out_allowed && (has_trick || !T->out_needs_trick)) {
        if (scores[x] >= T->target)
            first[nfirst++] = OUT << 8;
        else
            last[nlast++] = OUT << 8;
    }
    for (int i = 0; i < nfirst; i++) out[n++] = first[i];
    if (T->m_phase2 && (has_trick || !T->m_needs_trick)) {
        for (int suit = 0; suit < 4; suit++) {
            int k = suit * 8 + 2;
            if ((held >> k & 3) == 3) {
                out[n++] = MARRY << 8 | k;
                out[n++] = MARRY << 8 | (k + 1);
                if (T->out_allowed && T->out_after_marriage) {
                    last[nlast++] = MARRY_OUT << 8 | k;
                    last[nlast++] = MARRY_OUT << 8 | (k + 1);
                }
            }
        }
    }
    int start = n;
    for (int c = 0; c < 32; c++) {
        if (!(held >> c & 1)) continue;
        int j = n++; /* by points, most first, then by index */
        while (j > start && T->pts[out[j - 1]] < T->pts[c]) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = c;
    }
    for (int i = 0; i < nlast; i++) out[n++] = last[i];
    return n;
}

static int trick_winner(const Table *T, const int *trick, int n) {
    int w = 0;
    for (int k = 1; k < n; k++) {
        int c = trick[k], b = trick[w];
        if (c == b) {
            if (T->equal_last) w = k;
        } else if (c >> 3 == b >> 3) {
            if (c < b) w = k;
        } else if (c >> 3 == T->trump) {
            w = k;
        }
    }
    return w;
}

static u64 follow_cards(const Table *T, u64 hand, const int *trick, int n) {
    u64 held = (hand | hand >> 32) & LOW;
    int led = trick[0] >> 3;
    int best = trick[trick_winner(T, trick, n)];
    u64 below = (1ULL << best) - 1;
    u64 same = held & SUIT_MASKS[led];
    if (same) {
        if (T->head && best >> 3 == led) return (same & below) ? (same & below) : same;
        return same;
    }
    u64 trumps = held & SUIT_MASKS[T->trump];
    if (trumps && T->head && best >> 3 == T->trump)
        return (trumps & below) ? (trumps & below) : trumps;
    return trumps ? trumps : held;
}

/* ---------------------------------------------------------------- the search */

static int value(Table *T, const Pos *P, int alpha, int beta);

static int after(Table *T, int move, int p, int x, const Pos *P0, int alpha, int beta) {
    int kind = move >> 8, c = move & 255;
    if (kind == OUT) return declared(T, x, P0->scores, P0->won);
    Pos P = *P0;
    if (kind != PLAY) {
        if (P.married > MAXMARRIED) {
            PyErr_SetString(PyExc_ValueError, "more marriages than a deal can hold");
            fail(T);
        }
        int v = T->mvals[P.married][c >> 3];
        P.married++;
        if (kind == MARRY_OUT) {
            P.scores[x] += v;
            return declared(T, x, P.scores, P.won);
        }
        if (T->credit == CREDIT_IMMEDIATE || (T->credit == CREDIT_WITH_TRICK && (P.won >> x & 1)))
            P.scores[x] += v;
        else
            P.pending[x] += v;
    }
    u64 hand = P.hands[p];
    P.hands[p] = (hand >> c & 1) ? hand & ~(1ULL << c) : hand & ~(1ULL << (c + 32));
    P.trick[P.ntrick++] = c;
    if (P.ntrick < T->seats) return value(T, &P, alpha, beta);
    int w = (P.leader + trick_winner(T, P.trick, P.ntrick)) % T->seats;
    int y = T->side_of[w];
    for (int k = 0; k < P.ntrick; k++) P.scores[y] += T->pts[P.trick[k]];
    if (P.pending[y]) {
        P.scores[y] += P.pending[y];
        P.pending[y] = 0;
    }
    P.won |= 1 << y;
    u64 any = 0;
    for (int s = 0; s < T->seats; s++) any |= P.hands[s];
    if (!any) {
        P.scores[y] += T->bonus;
        return played_out(T, P.scores, P.won, y);
    }
    P.leader = w;
    P.ntrick = 0;
    return value(T, &P, alpha, beta);
}

static int value(Table *T, const Pos *P, int alpha, int beta) {
    T->nodes++;
    int p = (P->leader + P->ntrick) % T->seats;
    int x = T->side_of[p];
    int maximise = x == T->side;
    int a0 = alpha, b0 = beta;
    u64 key[7];
    int moves[MAXMOVES], n = 0;
    if (P->ntrick == 0) {
        make_key(T, P, key);
        Entry *e = probe(T->table, T->size, key);
        if (e->used) {
            int lo = e->lo, hi = e->hi;
            if (lo >= beta) return lo;
            if (hi <= alpha) return hi;
            if (lo > alpha) alpha = lo;
            if (hi < beta) beta = hi;
            if (alpha >= beta) return lo >= beta ? lo : hi;
        }
        n = lead_moves(T, P->hands[p], x, P->scores, P->won, moves);
    } else {
        u64 cards = follow_cards(T, P->hands[p], P->trick, P->ntrick);
        while (cards) {
            moves[n++] = __builtin_ctzll(cards);
            cards &= cards - 1;
        }
    }
    int best = maximise ? -INF : INF;
    for (int i = 0; i < n; i++) {
        int v = after(T, moves[i], p, x, P, alpha, beta);
        if (maximise) {
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    if (alpha >= beta) break;
                }
            }
        } else if (v < best) {
            best = v;
            if (v < beta) {
                beta = v;
                if (alpha >= beta) break;
            }
        }
    }
    if (P->ntrick == 0) {
        Entry *e = slot(T, key);
        int lo = -INF, hi = INF;
        if (e->used) {
            lo = e->lo;
            hi = e->hi;
        } else {
            memcpy(e->k, key, sizeof e->k);
            e->used = 1;
            T->count++;
        }
        if (best <= a0) {
            if (best < hi) hi = best;
        } else if (best >= b0) {
            if (best > lo) lo = best;
        } else {
            lo = hi = best;
        }
        e->lo = (int16_t)lo;
        e->hi = (int16_t)hi;
    }
    return best;
}

/* ---------------------------------------------------------------- Python */

static int read_tuple(PyObject *t, long long *out, Py_ssize_t most, Py_ssize_t *n) {
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) > most) {
        PyErr_SetString(PyExc_ValueError, "a tuple of integers of the wrong size");
        return -1;
    }
    *n = PyTuple_GET_SIZE(t);
    for (Py_ssize_t i = 0; i < *n; i++) {
        PyObject *o = PyTuple_GET_ITEM(t, i);
        out[i] = PyLong_AsLongLong(o);
        if (out[i] == -1 && PyErr_Occurred()) {
            PyErr_Clear(); /* a hand of two packs: up to 64 bits */
            out[i] = (long long)PyLong_AsUnsignedLongLong(o);
            if (PyErr_Occurred()) return -1;
        }
    }
    return 0;
}

static int read_exact(PyObject *t, long long *out, Py_ssize_t want, const char *what) {
    Py_ssize_t n;
    if (read_tuple(t, out, want, &n) < 0) return -1;
    if (n != want) {
        PyErr_Format(PyExc_ValueError, "%s: %zd integers, not %zd", what, n, want);
        return -1;
    }
    return 0;
}

static int Table_init(Table *T, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"facts", "grading", NULL};
    PyObject *facts, *gfacts;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O!O!", kwlist, &PyTuple_Type, &facts,
                                     &PyTuple_Type, &gfacts))
        return -1;
    long long f[NFACTS], g[NGRADING];
    if (read_exact(facts, f, NFACTS, "facts") < 0 || read_exact(gfacts, g, NGRADING, "grading") < 0)
        return -1;
    int k = 0;
    for (int c = 0; c < 32; c++) T->pts[c] = (int)f[k++];
    T->trump = (int)f[k++];
    T->target = (int)f[k++];
    T->bonus = (int)f[k++];
    T->out_allowed = (int)f[k++];
    T->out_needs_trick = (int)f[k++];
    T->m_phase2 = (int)f[k++];
    T->m_needs_trick = (int)f[k++];
    T->out_after_marriage = (int)f[k++];
    T->credit = (int)f[k++];
    T->head = (int)f[k++];
    T->equal_last = (int)f[k++];
    T->seats = (int)f[k++];
    T->sides = (int)f[k++];
    T->side = (int)f[k++];
    T->own = (int)f[k++];
    for (int s = 0; s < MAXSEATS; s++) T->side_of[s] = (int)f[k++];
    for (int m = 0; m <= MAXMARRIED; m++)
        for (int suit = 0; suit < 4; suit++) T->mvals[m][suit] = (int)f[k++];
    k = 0;
    T->g_sides = (int)g[k++];
    T->g_target = (int)g[k++];
    for (int i = 0; i < 3; i++) T->g_points[i] = (int)g[k++];
    T->g_schneider = (int)g[k++];
    T->g_by_tricks = (int)g[k++];
    T->g_best_loser = (int)g[k++];
    T->g_fo_scale = (int)g[k++];
    T->g_fo_points = (int)g[k++];
    T->g_fo_no_trick = (int)g[k++];
    T->g_played_out = (int)g[k++];
    if (T->seats < 2 || T->seats > MAXSEATS || T->sides < 2 || T->sides > T->seats ||
        T->g_sides != T->sides || T->side < 0 || T->side >= T->sides || T->trump < 0 ||
        T->trump > 3) {
        PyErr_SetString(PyExc_ValueError, "facts: no such table");
        return -1;
    }
    for (int s = 0; s < T->seats; s++)
        if (T->side_of[s] < 0 || T->side_of[s] >= T->sides) {
            PyErr_SetString(PyExc_ValueError, "facts: no such side");
            return -1;
        }
    T->nodes = 0;
    PyMem_Free(T->table);
    T->table = NULL;
    T->size = T->count = 0;
    return 0;
}

static void Table_dealloc(Table *T) {
    PyMem_Free(T->table);
    Py_TYPE(T)->tp_free((PyObject *)T);
}

/* Read the scores and pending points of each side; 0 or -1 with an error set. */
static int read_sides(const Table *T, PyObject *t, int *out, const char *what) {
    long long v[MAXSEATS];
    if (read_exact(t, v, T->sides, what) < 0) return -1;
    for (int x = 0; x < T->sides; x++) {
        if (v[x] < 0 || v[x] > 30000) {
            PyErr_Format(PyExc_ValueError, "%s out of range", what);
            return -1;
        }
        out[x] = (int)v[x];
    }
    return 0;
}

static PyObject *Table_value(Table *T, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError,
                        "value(hands, leader, trick, scores, pending, won, married)");
        return NULL;
    }
    Pos P;
    memset(&P, 0, sizeof P);
    long long v[MAXSEATS];
    Py_ssize_t n;
    if (read_exact(args[0], v, T->seats, "hands") < 0) return NULL;
    for (int s = 0; s < T->seats; s++) P.hands[s] = (u64)v[s];
    if (read_tuple(args[2], v, T->seats - 1, &n) < 0) return NULL;
    P.ntrick = (int)n;
    for (int i = 0; i < P.ntrick; i++) {
        if (v[i] < 0 || v[i] > 31) {
            PyErr_SetString(PyExc_ValueError, "a card out of range");
            return NULL;
        }
        P.trick[i] = (int)v[i];
    }
    if (read_sides(T, args[3], P.scores, "scores") < 0 ||
        read_sides(T, args[4], P.pending, "pending") < 0)
        return NULL;
    P.leader = PyLong_AsLong(args[1]);
    P.won = PyLong_AsLong(args[5]);
    P.married = PyLong_AsLong(args[6]);
    if (PyErr_Occurred()) return NULL;
    if (P.leader < 0 || P.leader >= T->seats || P.won < 0 || P.won >= 1 << T->sides ||
        P.married < 0 || P.married > MAXMARRIED) {
        PyErr_SetString(PyExc_ValueError, "no such position");
        return NULL;
    }
    if (setjmp(T->jb) != 0) return NULL; /* out of memory */
    if (T->table == NULL) grow(T);
    return PyLong_FromLong(value(T, &P, -INF, INF));
}

static int read_end(const Table *T, PyObject *const *args, int *scores, int *won) {
    if (read_sides(T, args[0], scores, "scores") < 0) return -1;
    *won = (int)PyLong_AsLong(args[1]);
    return PyErr_Occurred() ? -1 : 0;
}

static PyObject *Table_declared(Table *T, PyObject *const *args, Py_ssize_t nargs) {
    int scores[MAXSEATS], won;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "declared(scores, won, side)");
        return NULL;
    }
    if (read_end(T, args, scores, &won) < 0) return NULL;
    long x = PyLong_AsLong(args[2]);
    if (x == -1 && PyErr_Occurred()) return NULL;
    if (x < 0 || x >= T->sides) {
        PyErr_SetString(PyExc_ValueError, "no such side");
        return NULL;
    }
    return PyLong_FromLong(declared(T, (int)x, scores, won));
}

static PyObject *Table_played_out(Table *T, PyObject *const *args, Py_ssize_t nargs) {
    int scores[MAXSEATS], won;
    if (nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "played_out(scores, won, last)");
        return NULL;
    }
    if (read_end(T, args, scores, &won) < 0) return NULL;
    long last = PyLong_AsLong(args[2]);
    if (last == -1 && PyErr_Occurred()) return NULL;
    if (last < 0 || last >= T->sides) {
        PyErr_SetString(PyExc_ValueError, "no such side");
        return NULL;
    }
    return PyLong_FromLong(played_out(T, scores, won, (int)last));
}

static PyObject *Table_entries(Table *T, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromSize_t(T->count);
}

static PyMethodDef Table_methods[] = {
    {"value", (PyCFunction)(void (*)(void))Table_value, METH_FASTCALL,
     "The side's result under best play from a position (TableSolver._value)."},
    {"declared", (PyCFunction)(void (*)(void))Table_declared, METH_FASTCALL,
     "The side's result when a side declares 66 (grading's declare)."},
    {"played_out", (PyCFunction)(void (*)(void))Table_played_out, METH_FASTCALL,
     "The side's result when the last trick is played (grading's played_out)."},
    {"entries", (PyCFunction)Table_entries, METH_NOARGS, "Entries in the transposition table."},
    {NULL, NULL, 0, NULL},
};

#include <structmember.h>
static PyMemberDef Table_members[] = {
    {"nodes", T_LONGLONG, offsetof(Table, nodes), READONLY, "positions searched"},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "tutor.search._tablecore.Table",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The table solver's search for one side in one deal, with its table of values.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Table_init,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
    .tp_members = Table_members,
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_tablecore", "The table solver's search in C.", -1, NULL,
};

PyMODINIT_FUNC PyInit__tablecore(void) {
    if (PyType_Ready(&TableType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (m == NULL) return NULL;
    if (PyModule_AddObjectRef(m, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/* The club player's playout of the first phase in C: tutor/search/club.py's ``club_player``
 * playing both seats with tutor/engine/play.py's ``apply_unchecked`` while the stock is open and
 * holds more than ``exact`` cards, as tutor/search/sampling.py's ``_playout`` does, move for
 * move (tutor.search.playout turns the answer back into a ``State``; tests/search/test_playout.py
 * holds the two to the same moves and positions under every two-seat preset).
 *
 * Included by _negacore.c: it reads the same rule facts (``Facts``, ``get_facts``), so it knows
 * no variant either. Only the first phase is played here: the loop stops as soon as the stock
 * is closed or used up. A move that ends the deal (a declaration judged at once, or the trick
 * after one) is handed back unplayed, with the position before it, so that the engine scores
 * the deal and writes its outcome.
 *
 * Then the principal line of the second phase (``line``): tutor/search/solver.py's
 * ``Solver.line`` step for step on this core's search, handed back the same way.
 */

#define PASS_CODE 99
#define CLOSE_UNDRAWN_CODE 104
#define WAIT_NOTHING 0
#define WAIT_DRAW 1
#define WAIT_REPLY 2
#define TRUMP_PENALTY 25 /* club.py's _TRUMP_PENALTY */
#define PAIR_PENALTY 15  /* club.py's _PAIR_PENALTY */
#define MAX_PLAYED 128

/* A position of the first phase: the fields of ``State`` that the playout changes. */
typedef struct {
    int trump; /* 4: none named */
    u64 h[2];
    int stock[40];
    int ns, si; /* the face-down stock is stock[si:ns] */
    int tc, leader, lead, lead_marriage, closed_by, closed_opp_tricks;
    int pts[2], melds[2], pend[2], tricks[2];
    u64 known[2];
    int nmarr; /* marriages announced in the deal */
    int new_marr; /* of which announced in this playout: */
    int marr[12]; /* player * 4 + suit */
    int out_by;
    int last[4], has_last;
    int waiting;
    u64 pack;
} PState;

static inline int ps_stock_count(const PState *S) { return S->ns - S->si; }
static inline int ps_stock_size(const PState *S) { return S->ns - S->si + (S->tc >= 0); }
static inline int ps_stock_open(const PState *S) {
    return S->closed_by < 0 && (S->tc >= 0 || S->ns > S->si);
}
static inline int ps_score(const PState *S, int p) { return S->pts[p] + S->melds[p]; }
static inline int ps_to_move(const PState *S) {
    return (S->lead >= 0 || S->waiting == WAIT_REPLY) ? 1 - S->leader : S->leader;
}

static u64 ps_stock_mask(const PState *S) {
    u64 m = 0;
    for (int i = S->si; i < S->ns; i++) m |= 1ULL << S->stock[i];
    return m;
}

/* club.py's _opponent_may_hold. */
static u64 may_hold(const PState *S, int p) {
    u64 lead = S->lead >= 0 ? 1ULL << S->lead : 0;
    u64 tcb = S->tc >= 0 ? 1ULL << S->tc : 0;
    u64 played = S->pack & ~(S->h[0] | S->h[1] | ps_stock_mask(S) | tcb | lead);
    u64 seen = S->h[p] | played | lead;
    if (S->tc >= 0 && !ps_stock_open(S)) seen |= tcb;
    return S->pack & ~seen;
}

static inline int is_master(int card, u64 rivals) {
    return !(rivals & SUIT_MASKS[card >> 3] & ((1ULL << card) - 1));
}

static inline int keep_cost(const Facts *F, int trump, int card, u64 hand) {
    int cost = F->pts[card];
    if (card >> 3 == trump) cost += TRUMP_PENALTY;
    int r = card & 7;
    if ((r == 2 || r == 3) && (hand >> (card ^ 1) & 1)) cost += PAIR_PENALTY;
    return cost;
}

/* club.py's _sure_points. */
static int sure_points(const PState *S, const Facts *F, int p, u64 rivals) {
    u64 hand = S->h[p];
    int total = 0, masters = 0;
    for (int c = 0; c < 32; c++) {
        if ((hand >> c & 1) && c >> 3 == S->trump) {
            if (!is_master(c, rivals)) break;
            total += F->pts[c] + 2;
            masters++;
        }
    }
    if (__builtin_popcountll(rivals & F->tmask) <= masters)
        for (int c = 0; c < 32; c++)
            if ((hand >> c & 1) && c >> 3 != S->trump && is_master(c, rivals))
                total += F->pts[c] + 2;
    return total;
}

/* club.py's close_counts. */
static int close_counts(const PState *S, const Facts *F, int p) {
    u64 rivals = may_hold(S, p);
    if (S->tc >= 0) rivals &= ~(1ULL << S->tc);
    return ps_score(S, p) + S->pend[p] + sure_points(S, F, p, rivals) >= F->target;
}

/* legality.py's may_exchange, with no choice waiting. */
static int may_exchange(const PState *S, const Facts *F, int p) {
    return S->tc >= 0 && ps_stock_open(S) && (S->lead < 0 || F->ex_on_turn) &&
           F->ex_card < 32 && (S->h[p] >> F->ex_card & 1) && (S->tricks[p] > 0 || !F->ex_needs);
}

/* club.py's _club_follow in the first phase (every card may be played). */
static int club_follow(const PState *S, const Facts *F, int p, u64 plays) {
    u64 hand = S->h[p];
    int lead = S->lead, trump = S->trump;
    int best_same = -1, cheap_ruff = -1, ruff_cost = 0;
    u64 winners = 0;
    for (int c = 0; c < 32; c++) {
        if (!(plays >> c & 1)) continue;
        int same = c >> 3 == lead >> 3;
        if (same ? c < lead : c >> 3 == trump) {
            winners |= 1ULL << c;
            if (same) {
                if (best_same < 0 || F->pts[c] > F->pts[best_same]) best_same = c;
            } else {
                int k = keep_cost(F, trump, c, hand); /* min by (cost, -c) */
                if (cheap_ruff < 0 || k <= ruff_cost) {
                    cheap_ruff = c;
                    ruff_cost = k;
                }
            }
        }
    }
    int have = ps_score(S, p) + S->pend[p];
    int target = F->target;
    int pl = F->pts[lead];
    if (winners) {
        int gain_same = best_same >= 0 ? pl + F->pts[best_same] : -1;
        if (have + (gain_same > pl ? gain_same : pl) >= target) {
            if (best_same >= 0 && have + gain_same >= target) return best_same;
            if (cheap_ruff >= 0 && have + pl + F->pts[cheap_ruff] >= target) return cheap_ruff;
        }
        if (best_same >= 0 && (F->pts[best_same] >= 10 || pl >= 10)) return best_same;
        if (cheap_ruff >= 0 && pl >= 10) return cheap_ruff;
    }
    u64 losers = plays & ~winners;
    if (!losers) losers = plays;
    int pick = -1, pick_cost = 0;
    for (int c = 0; c < 32; c++) {
        if (!(losers >> c & 1)) continue;
        int k = keep_cost(F, trump, c, hand);
        if (pick < 0 || k <= pick_cost) {
            pick = c;
            pick_cost = k;
        }
    }
    return pick;
}

/* club.py's _club_lead in the first phase. */
static int club_lead(const PState *S, const Facts *F, int p, u64 plays) {
    u64 hand = S->h[p];
    u64 rivals = may_hold(S, p);
    int pick = -1, pick_cost = 0;
    for (int c = 0; c < 32; c++) {
        if (!(plays >> c & 1)) continue;
        int k = keep_cost(F, S->trump, c, hand);
        if (c >> 3 != S->trump && is_master(c, rivals) && F->pts[c] >= 10) k -= 8;
        if (pick < 0 || k <= pick_cost) {
            pick = c;
            pick_cost = k;
        }
    }
    return pick;
}

/* club.py's club_player in the first phase: the code of its move. */
static int club_move(const PState *S, const Facts *F) {
    int p = ps_to_move(S);
    if (S->waiting == WAIT_DRAW)
        return ps_stock_size(S) > 2 && close_counts(S, F, p) ? CLOSE_UNDRAWN_CODE : PASS_CODE;
    if (S->waiting == WAIT_REPLY)
        return F->ex_card < 32 && (S->h[p] >> F->ex_card & 1) ? EXCHANGE_CODE : PASS_CODE;
    u64 hand = S->h[p];
    int naming = 0; /* the player may name trumps now */
    u64 plays = hand;
    if (F->name_first) {
        naming = 1;
        plays = 0;
    } else if (F->ah && (hand & F->ah)) {
        naming = 1;
        plays &= ~F->ah;
    }
    int leading = S->lead < 0;
    if (leading && !F->name_first) {
        /* declarations of 66 in the order of legal_moves: marriages and out, then out */
        int has_trick = S->tricks[p] > 0;
        int may_out = S->out_by < 0;
        int score = ps_score(S, p);
        if (has_trick || !F->m_needs) {
            if (may_out && F->out_marriage)
                for (int suit = 0; suit < 4; suit++)
                    if ((hand >> (suit * 8 + 2) & 3) == 3 && score + F->mvals[suit] >= F->target)
                        return 64 + suit * 8 + 2;
        }
        if (may_out && (has_trick || !F->out_needs) && score >= F->target) return OUT_CODE;
    }
    if (naming) { /* club.py's trump_choice: a marriage in hand, then strength */
        int best = -1, bp = 0, bs = 0;
        for (int suit = 0; suit < 4; suit++) {
            u64 cards = hand & SUIT_MASKS[suit];
            int pair = (cards >> (suit * 8 + 2) & 3) == 3;
            int held = 0;
            for (int c = suit * 8; c < suit * 8 + 8; c++)
                if (cards >> c & 1) held += F->pts[c];
            int strength = held + 6 * __builtin_popcountll(cards);
            if (best < 0 || pair > bp || (pair == bp && strength > bs)) {
                best = suit;
                bp = pair;
                bs = strength;
            }
        }
        return NAME_CODE + best;
    }
    if (!leading) {
        if (may_exchange(S, F, p)) return EXCHANGE_CODE;
        return club_follow(S, F, p, plays);
    }
    if (may_exchange(S, F, p)) return EXCHANGE_CODE;
    if (S->tricks[p] > 0 || !F->m_needs) {
        int first = -1;
        for (int suit = 0; suit < 4; suit++) {
            if ((hand >> (suit * 8 + 2) & 3) != 3) continue;
            if (suit == S->trump) return 32 + suit * 8 + 3;
            if (first < 0) first = suit;
        }
        if (first >= 0) return 32 + first * 8 + 3; /* the queen: the king is the better card */
    }
    if (ps_stock_open(S) && F->closing && S->out_by < 0 && ps_stock_size(S) > 2 &&
        close_counts(S, F, p))
        return CLOSE_CODE;
    return club_lead(S, F, p, plays);
}

/* play.py's _drawn: the winner w takes the top card, the other the next or the face-up trump. */
static int ps_draw(PState *S, int w) {
    int loser = 1 - w;
    if (S->ns - S->si < 1) return -1;
    int first = S->stock[S->si], second;
    if (S->ns - S->si >= 2) {
        second = S->stock[S->si + 1];
        S->si += 2;
    } else {
        if (S->tc < 0) return -1;
        second = S->tc;
        S->si = S->ns;
        S->tc = -1;
        S->known[loser] |= 1ULL << second;
    }
    S->h[w] |= 1ULL << first;
    S->h[loser] |= 1ULL << second;
    return 0;
}

/* play.py's apply_unchecked of the move ``code``: 1 when the move ends the deal (then ``S`` is
 * left half changed: the caller keeps the position before it), -1 when the stock runs out
 * where it cannot, else 0. */
static int ps_apply(PState *S, const Facts *F, int code) {
    int p = ps_to_move(S);
    if (code < 32 && S->lead < 0) {
        u64 bit = 1ULL << code;
        S->h[p] &= ~bit;
        S->known[p] &= ~bit;
        S->lead = code;
        S->lead_marriage = 0;
        return 0;
    }
    if (code < 32) { /* the trick: play.py's _finish_trick */
        int ld = S->leader, f = 1 - ld, lead = S->lead;
        int fs = code >> 3, ls = lead >> 3;
        int w = (fs == ls ? code < lead : fs == S->trump) ? f : ld;
        int open = ps_stock_open(S);
        u64 bit = 1ULL << code;
        S->h[f] &= ~bit;
        S->known[f] &= ~bit;
        S->pts[w] += F->pts[lead] + F->pts[code];
        S->tricks[w]++;
        if (S->pend[w]) {
            S->melds[w] += S->pend[w];
            S->pend[w] = 0;
        }
        S->waiting = WAIT_NOTHING;
        if (open) {
            if (S->out_by < 0 && F->before_draw && (S->h[0] | S->h[1]))
                S->waiting = WAIT_DRAW;
            else if (ps_draw(S, w) < 0)
                return -1;
        }
        S->last[0] = ld;
        S->last[1] = lead;
        S->last[2] = code;
        S->last[3] = w;
        S->has_last = 1;
        S->leader = w;
        S->lead = -1;
        S->lead_marriage = 0;
        if (S->out_by >= 0 || !(S->h[0] | S->h[1])) return 1;
        return 0;
    }
    if (code < 96) { /* a marriage: play.py's _marry */
        int out = code >= 64;
        int c = out ? code - 64 : code - 32;
        int suit = c >> 3;
        int ld = S->leader;
        int value = F->mvals[suit];
        int now = out || F->credit_now || (F->credit_with_trick && S->tricks[ld] > 0);
        if (now)
            S->melds[ld] += value;
        else
            S->pend[ld] += value;
        u64 bit = 1ULL << c;
        S->h[ld] &= ~bit;
        S->known[ld] = (S->known[ld] & ~bit) | (1ULL << (c ^ 1));
        S->lead = c;
        S->lead_marriage = 1;
        if (S->new_marr >= 12) return -1;
        S->marr[S->new_marr++] = ld * 4 + suit;
        S->nmarr++;
        if (F->makes_trump) S->trump = suit;
        if (out) {
            if (!F->out_after) return 1;
            S->out_by = ld;
        }
        return 0;
    }
    switch (code) {
    case EXCHANGE_CODE: {
        int ex = F->ex_card, old = S->tc;
        if (ex > 31 || old < 0) return -1;
        S->h[p] = (S->h[p] & ~(1ULL << ex)) | (1ULL << old);
        S->known[p] = (S->known[p] & ~(1ULL << ex)) | (1ULL << old);
        S->tc = ex;
        S->waiting = WAIT_NOTHING;
        return 0;
    }
    case CLOSE_CODE:
    case CLOSE_UNDRAWN_CODE:
        S->closed_by = S->leader;
        S->closed_opp_tricks = S->tricks[1 - S->leader];
        S->waiting = F->opp_exchange && S->tc >= 0 ? WAIT_REPLY : WAIT_NOTHING;
        return 0;
    case PASS_CODE:
        if (S->waiting == WAIT_DRAW) {
            S->waiting = WAIT_NOTHING;
            return ps_draw(S, S->leader);
        }
        S->waiting = WAIT_NOTHING;
        return 0;
    case OUT_CODE:
        if (!F->out_after) return 1;
        S->out_by = S->leader;
        return 0;
    default: /* naming trumps: play.py's _name_trump */
        if (F->ah) S->known[p] |= F->ah;
        S->trump = code - NAME_CODE;
        return 0;
    }
}

/* The 24 position fields of ``playout`` and ``line`` (from the trump suit to the pack, in the
 * order ``tutor.search.playout`` gives them) into ``S``; the stock (field 3) is left to the
 * caller. */
static void read_fields(PState *S, const long long *a) {
    S->trump = (int)a[0];
    S->h[0] = (u64)a[1];
    S->h[1] = (u64)a[2];
    S->tc = (int)a[4];
    S->leader = (int)a[5];
    S->lead = (int)a[6];
    S->lead_marriage = (int)a[7];
    S->closed_by = (int)a[8];
    S->closed_opp_tricks = (int)a[9];
    for (int i = 0; i < 2; i++) {
        S->pts[i] = (int)a[10 + i];
        S->melds[i] = (int)a[12 + i];
        S->pend[i] = (int)a[14 + i];
        S->tricks[i] = (int)a[16 + i];
        S->known[i] = (u64)a[18 + i];
    }
    S->nmarr = (int)a[20];
    S->out_by = (int)a[21];
    S->waiting = (int)a[22];
    S->pack = (u64)a[23];
}

/* playout(trump, h0, h1, stock, tc, leader, lead, lead_marriage, closed_by, closed_opp_tricks,
 * p0, p1, m0, m1, q0, q1, t0, t1, k0, k1, married, out_by, waiting, pack, exact): club's moves
 * (a list of codes) and the position where the playout stops, as a tuple (see
 * tutor.search.playout). */
static PyObject *Core_playout(Core *C, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 25) {
        PyErr_Format(PyExc_TypeError, "expected 25 arguments, got %zd", nargs);
        return NULL;
    }
    long long a[25];
    for (int i = 0; i < 25; i++) {
        if (i == 3) continue;
        a[i] = PyLong_AsLongLong(args[i]);
        if (a[i] == -1 && PyErr_Occurred()) return NULL;
    }
    if (check_hands(a[1], a[2]) < 0) return NULL;
    PState S;
    memset(&S, 0, sizeof S);
    PyObject *seq = PySequence_Fast(args[3], "stock: a sequence of card indices");
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > 40) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "a stock of more than 40 cards");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long c = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if ((c == -1 && PyErr_Occurred()) || c < 0 || c > 31) {
            Py_DECREF(seq);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a stock card out of range");
            return NULL;
        }
        S.stock[i] = (int)c;
    }
    Py_DECREF(seq);
    S.ns = (int)n;
    read_fields(&S, a);
    int exact = (int)a[24];
    if (S.tc > 31 || S.lead > 31 || S.leader < 0 || S.leader > 1 || S.waiting < 0 ||
        S.waiting > 2 || S.trump < 0 || S.trump > 4) {
        PyErr_SetString(PyExc_ValueError, "not a position of two players");
        return NULL;
    }
    int played[MAX_PLAYED];
    int count = 0, ended = 0;
    PState prev;
    if (setjmp(C->jb)) return NULL;
    while (ps_stock_open(&S) && ps_stock_size(&S) > exact) {
        Facts *F = get_facts(C, S.trump, S.nmarr);
        int code = club_move(&S, F);
        if (count >= MAX_PLAYED) {
            PyErr_SetString(PyExc_ValueError, "the playout does not end");
            return NULL;
        }
        played[count++] = code;
        prev = S;
        int r = ps_apply(&S, F, code);
        if (r < 0) {
            PyErr_SetString(PyExc_ValueError, "a move the position does not allow");
            return NULL;
        }
        if (r > 0) { /* the engine plays the last move: hand back the position before it */
            S = prev;
            ended = 1;
            break;
        }
    }
    PyObject *codes = PyList_New(count);
    PyObject *marr = PyTuple_New(S.new_marr);
    if (codes == NULL || marr == NULL) {
        Py_XDECREF(codes);
        Py_XDECREF(marr);
        return NULL;
    }
    for (int i = 0; i < count; i++) PyList_SET_ITEM(codes, i, PyLong_FromLong(played[i]));
    for (int i = 0; i < S.new_marr; i++) PyTuple_SET_ITEM(marr, i, PyLong_FromLong(S.marr[i]));
    return Py_BuildValue(
        "(NNi(iKK" "iiiiiiiiiiiiiii" "KKiii(iiii)))", codes, marr, ended, S.trump, S.h[0], S.h[1],
        S.si, S.tc, S.leader, S.lead, S.lead_marriage, S.closed_by, S.closed_opp_tricks, S.pts[0],
        S.pts[1], S.melds[0], S.melds[1], S.pend[0], S.pend[1], S.tricks[0], S.tricks[1],
        S.known[0], S.known[1], S.out_by, S.waiting, S.has_last, S.last[0], S.last[1], S.last[2],
        S.last[3]);
}

/* ---------------------------------------------------------------- the principal line */

/* The outcome of a finished deal as play.py's _declare and _end_of_cards score it: net game
 * points for player 0. ``code`` is the move that ended it, applied to ``S``. */
static int ps_outcome(Core *C, const PState *S, int code) {
    int s0 = ps_score(S, 0), s1 = ps_score(S, 1);
    int won = (S->tricks[0] ? 1 : 0) | (S->tricks[1] ? 2 : 0);
    int trickless = S->closed_opp_tricks == 0 ? 1 : 0;
    if (code < 32) { /* a trick ended it */
        if (S->out_by >= 0) return declare(C->sc, S->out_by, s0, s1, won, S->closed_by, trickless);
        return end_of_cards(C->sc, s0, s1, won, S->closed_by, trickless, S->last[3]);
    }
    return declare(C->sc, S->leader, s0, s1, won, S->closed_by, trickless);
}

/* ps_apply in the second phase, with the trick's end scored as play.py scores it: 1 when the
 * deal ends (its value for player 0 in ``*value``), else 0. */
static int ps_apply2(Core *C, PState *S, const Facts *F, int code, int *value) {
    if (code < 32 && S->lead >= 0) {
        int r = ps_apply(S, F, code);
        if (r <= 0) return r;
        if (!(S->h[0] | S->h[1])) { /* the last trick's bonus */
            int bonus = S->closed_by >= 0 ? F->bonus_after_close : F->bonus_open;
            S->pts[S->last[3]] += bonus;
        }
        *value = ps_outcome(C, S, code);
        return 1;
    }
    int r = ps_apply(S, F, code); /* a marriage and out has been credited at once */
    if (r > 0) *value = ps_outcome(C, S, code);
    return r;
}

/* legality.py's legal_moves in the second phase with trumps named (codes, in its order). */
static int moves2(const PState *S, const Facts *F, int *out) {
    int n = 0;
    if (S->lead >= 0) {
        int p = 1 - S->leader;
        u64 hand = S->h[p], same = hand & SUIT_MASKS[S->lead >> 3], allowed;
        if (same) {
            u64 higher = same & ((1ULL << S->lead) - 1);
            allowed = F->head && higher ? higher : same;
        } else {
            allowed = (hand & F->tmask) ? hand & F->tmask : hand;
        }
        for (int c = 0; c < 32; c++)
            if (allowed >> c & 1) out[n++] = c;
        return n;
    }
    int p = S->leader;
    u64 hand = S->h[p];
    for (int c = 0; c < 32; c++)
        if (hand >> c & 1) out[n++] = c;
    int has_trick = S->tricks[p] > 0;
    int may_out = S->out_by < 0 && !(S->closed_by >= 0 && S->closed_by != p && !F->closer_opp);
    if (F->m_phase2 && (has_trick || !F->m_needs))
        for (int suit = 0; suit < 4; suit++) {
            int k = suit * 8 + 2;
            if ((hand >> k & 3) != 3) continue;
            out[n++] = 32 + k;
            out[n++] = 32 + k + 1;
            if (may_out && F->out_marriage) {
                out[n++] = 64 + k;
                out[n++] = 64 + k + 1;
            }
        }
    if (may_out && (has_trick || !F->out_needs)) out[n++] = OUT_CODE;
    return n;
}

/* The search's position of ``S`` (_negamax.py's position), on a stock index and card fixed in
 * the second phase. */
typedef struct {
    int s0, s1, won, trickless;
} Pos2;

static Pos2 pos2(const PState *S, const Facts *F) {
    Pos2 q;
    q.s0 = ps_score(S, 0);
    q.s1 = ps_score(S, 1);
    q.won = (S->tricks[0] ? 1 : 0) | (S->tricks[1] ? 2 : 0);
    q.trickless = S->closed_by >= 0 && F->nt_at_close && S->closed_opp_tricks == 0 ? 1 : 0;
    return q;
}

/* Solver._search of ``S`` within alpha and beta, for the player to move, with the budget armed
 * as CoreNegamax._armed arms it. */
static int search2(Core *C, const PState *S, int si, int tc, int armed, int alpha, int beta) {
    Facts *F = get_facts(C, S->trump, S->nmarr);
    Pos2 q = pos2(S, F);
    if (armed) C->stop = C->nodes;
    if (S->lead < 0)
        return lead_entry(C, F, S->h[0], S->h[1], S->leader, q.s0, q.s1, S->pend[0], S->pend[1],
                          q.won, si, tc, S->closed_by, q.trickless, S->out_by, alpha, beta);
    u64 h0 = S->h[0], h1 = S->h[1];
    return -follow(C, F, h0, h1, S->leader, S->lead, q.s0, q.s1, S->pend[0], S->pend[1], q.won,
                   si, tc, S->closed_by, q.trickless, S->out_by, -beta, -alpha);
}

/* line(value, si, tc, armed, <the 24 position fields of playout>): Solver.line from a position
 * of the second phase with trumps named and no choice waiting: the moves (codes) of the
 * principal line and the position before its last move, which ends the deal. */
static PyObject *Core_line(Core *C, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 28) {
        PyErr_Format(PyExc_TypeError, "expected 28 arguments, got %zd", nargs);
        return NULL;
    }
    long long a[28];
    for (int i = 0; i < 28; i++) {
        if (i == 7) continue;
        a[i] = PyLong_AsLongLong(args[i]);
        if (a[i] == -1 && PyErr_Occurred()) return NULL;
    }
    int target = (int)a[0], si = (int)a[1], tc = (int)a[2], armed = (int)a[3];
    if (check_hands(a[5], a[6]) < 0) return NULL;
    PState S;
    memset(&S, 0, sizeof S);
    read_fields(&S, a + 4);
    S.ns = S.si = 0; /* the stock stays as it is in the second phase: the caller keeps it */
    if (S.trump < 0 || S.trump > 3 || S.waiting != WAIT_NOTHING || S.leader < 0 ||
        S.leader > 1 || S.lead > 31 || ps_stock_open(&S) || tc > 31 || si < 0 || si > C->nstock) {
        PyErr_SetString(PyExc_ValueError, "not a position of the second phase with trumps");
        return NULL;
    }
    int played[MAX_PLAYED];
    int count = 0;
    PState prev;
    if (setjmp(C->jb)) return NULL;
    if (C->table_size == 0) first_table(C, S.h[0] | S.h[1], si);
    for (;;) {
        Facts *F = get_facts(C, S.trump, S.nmarr);
        int player = ps_to_move(&S);
        int cand[MAXMOVES];
        int n = moves2(&S, F, cand);
        if (n == 0 || count >= MAX_PLAYED) {
            PyErr_SetString(PyExc_ValueError, "the line does not end");
            return NULL;
        }
        if (S.lead < 0 && C->table_size) { /* Solver._ordered: the table's best move first */
            Pos2 q = pos2(&S, F);
            int tag = ((int)S.trump * 8 + (C->escalating ? S.nmarr : 0)) << 1;
            if (key_fits(q.s0, q.s1, S.pend[0], S.pend[1])) {
                Key k = make_key(S.h[0], S.h[1], S.leader | tag, q.s0, q.s1, S.pend[0],
                                 S.pend[1], q.won, si, tc, S.closed_by, q.trickless, S.out_by);
                Entry *e = table_slot(C, k.k0, k.k1);
                int best = e->k0 ? e->best : -1;
                for (int i = 0; best >= 0 && i < n; i++)
                    if (cand[i] == best) {
                        memmove(cand + 1, cand, (size_t)i * sizeof(int));
                        cand[0] = best;
                        break;
                    }
            }
        }
        int chosen = -1, ended = 0;
        PState child;
        for (int i = 0; i < n; i++) {
            child = S;
            int value = 0;
            int r = ps_apply2(C, &child, F, cand[i], &value);
            if (r < 0) {
                PyErr_SetString(PyExc_ValueError, "a move the position does not allow");
                return NULL;
            }
            chosen = cand[i];
            ended = r;
            if (i == n - 1) break;
            int reaches;
            if (r > 0)
                reaches = (player ? -value : value) >= target;
            else if (ps_to_move(&child) == player)
                reaches = search2(C, &child, si, tc, armed, target - 1, target) >= target;
            else
                reaches = search2(C, &child, si, tc, armed, -target, 1 - target) <= -target;
            if (reaches) break;
        }
        played[count++] = chosen;
        if (ended) break;
        prev = child;
        if (ps_to_move(&child) != player) target = -target;
        S = prev;
    }
    PyObject *codes = PyList_New(count);
    PyObject *marr = PyTuple_New(S.new_marr);
    if (codes == NULL || marr == NULL) {
        Py_XDECREF(codes);
        Py_XDECREF(marr);
        return NULL;
    }
    for (int i = 0; i < count; i++) PyList_SET_ITEM(codes, i, PyLong_FromLong(played[i]));
    for (int i = 0; i < S.new_marr; i++) PyTuple_SET_ITEM(marr, i, PyLong_FromLong(S.marr[i]));
    return Py_BuildValue(
        "(NNi(iKK" "iiiiiiiiiiiiiii" "KKiii(iiii)))", codes, marr, 1, S.trump, S.h[0], S.h[1],
        S.si, S.tc, S.leader, S.lead, S.lead_marriage, S.closed_by, S.closed_opp_tricks, S.pts[0],
        S.pts[1], S.melds[0], S.melds[1], S.pend[0], S.pend[1], S.tricks[0], S.tricks[1],
        S.known[0], S.known[1], S.out_by, S.waiting, S.has_last, S.last[0], S.last[1], S.last[2],
        S.last[3]);
}

/* ---------------------------------------------------------------- every move's value */

/* ranks(alpha, beta, si, tc, armed, <the 24 position fields of playout>): Solver.rank_moves
 * from a position of the second phase with trumps named and no choice waiting, in one call:
 * the legal moves valued in legal_moves' order, each with its code, its value for the player
 * to move and the value after it for the one to move then (the deal's end valued as play.py
 * scores it, else searched within alpha and beta from the position after the move, as
 * Solver.value searches it, the budget armed before each search), returned best first (equals
 * in legal_moves' order). */
static PyObject *Core_ranks(Core *C, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 29) {
        PyErr_Format(PyExc_TypeError, "expected 29 arguments, got %zd", nargs);
        return NULL;
    }
    long long a[29];
    for (int i = 0; i < 29; i++) {
        if (i == 8) continue;
        a[i] = PyLong_AsLongLong(args[i]);
        if (a[i] == -1 && PyErr_Occurred()) return NULL;
    }
    int alpha = (int)a[0], beta = (int)a[1], si = (int)a[2], tc = (int)a[3], armed = (int)a[4];
    if (check_hands(a[6], a[7]) < 0) return NULL;
    PState S;
    memset(&S, 0, sizeof S);
    read_fields(&S, a + 5);
    S.ns = S.si = 0; /* the stock stays as it is in the second phase: the caller keeps it */
    if (S.trump < 0 || S.trump > 3 || S.waiting != WAIT_NOTHING || S.leader < 0 ||
        S.leader > 1 || S.lead > 31 || ps_stock_open(&S) || tc > 31 || si < 0 || si > C->nstock ||
        alpha < -INF || beta > INF || alpha >= beta) {
        PyErr_SetString(PyExc_ValueError, "not a position of the second phase with trumps");
        return NULL;
    }
    int codes[MAXMOVES], values[MAXMOVES], afters[MAXMOVES];
    int n;
    if (setjmp(C->jb)) return NULL;
    Facts *F = get_facts(C, S.trump, S.nmarr);
    int player = ps_to_move(&S);
    n = moves2(&S, F, codes);
    for (int i = 0; i < n; i++) {
        PState child = S;
        int value = 0;
        int r = ps_apply2(C, &child, F, codes[i], &value);
        if (r < 0) {
            PyErr_SetString(PyExc_ValueError, "a move the position does not allow");
            return NULL;
        }
        if (r > 0) {
            values[i] = afters[i] = player ? -value : value;
            continue;
        }
        if (C->table_size == 0) first_table(C, child.h[0] | child.h[1], si);
        int after = search2(C, &child, si, tc, armed, alpha, beta);
        afters[i] = after;
        values[i] = ps_to_move(&child) == player ? after : -after;
    }
    int order[MAXMOVES]; /* best first, equals in the order of the moves (a stable sort) */
    for (int i = 0; i < n; i++) {
        int j = i;
        for (; j > 0 && values[order[j - 1]] < values[i]; j--) order[j] = order[j - 1];
        order[j] = i;
    }
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (int k = 0; k < n; k++) {
        int i = order[k];
        PyObject *t = PyTuple_New(3);
        if (t != NULL) {
            PyTuple_SET_ITEM(t, 0, PyLong_FromLong(codes[i]));
            PyTuple_SET_ITEM(t, 1, PyLong_FromLong(values[i]));
            PyTuple_SET_ITEM(t, 2, PyLong_FromLong(afters[i]));
            if (!PyTuple_GET_ITEM(t, 0) || !PyTuple_GET_ITEM(t, 1) || !PyTuple_GET_ITEM(t, 2))
                Py_CLEAR(t);
        }
        if (t == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, k, t);
    }
    return out;
}

/* The WebAssembly ABI of one generated C engine (durakc's wasm target, docs/wasm.md).
 *
 * Compiled per variant by compiler/wasm/build.py with clang --target=wasm32-wasi: a small
 * generated unit defines DK_PREFIX (durak_<module>_), DK_UPPER (its macro prefix) and
 * DK_VARIANT (the variant's name as a C string), includes the variant's header and this file;
 * a second unit (build.py's bots_unit) includes the engine's .c itself and defines
 * dk_bot_index over the engine's own static bots.  Every export starts with `dk_`; a game is an opaque handle (Lua's
 * C API style).  Texts go out as NUL-terminated UTF-8 in the handle's own buffer, valid until
 * the next call on that handle (dk_len gives the length); texts come in through memory from
 * dk_alloc.  The engine logic is the C engine's: this file only marshals.  No stdio: the
 * module imports nothing but what wasi-libc's malloc and start-up may need (docs/wasm.md). */
#include <stdlib.h>
#include <string.h>

#define DK_CAT2(a, b) a##b
#define DK_CAT(a, b) DK_CAT2(a, b)
#define F(name) DK_CAT(DK_PREFIX, name)
#define C(name) DK_CAT(DK_UPPER, name)
#define EXPORT(name) __attribute__((export_name(#name))) name

typedef F(game) dk_game;
typedef F(action) dk_action;
typedef F(view) dk_view;

#define DK_ABI_VERSION 1

typedef struct dk_handle {
    dk_game *g;
    dk_action *acts;  /* MAX_ACTIONS, from the heap */
    int nlegal;       /* -1: not listed for the current state */
    char *buf;        /* the last text returned */
    size_t len, cap;
} dk_handle;

/* -- the output buffer ------------------------------------------------------ */

static int put(dk_handle *h, const char *s, size_t n)
{
    if (h->len + n + 1 > h->cap) {
        size_t cap = h->cap ? h->cap : 1024;
        char *grown;
        while (h->len + n + 1 > cap) {
            cap *= 2;
        }
        grown = realloc(h->buf, cap);
        if (!grown) {
            return -1;
        }
        h->buf = grown;
        h->cap = cap;
    }
    memcpy(h->buf + h->len, s, n);
    h->len += n;
    h->buf[h->len] = '\0';
    return 0;
}

static void puts_(dk_handle *h, const char *s) { put(h, s, strlen(s)); }

static void put_int(dk_handle *h, long v)
{
    char digits[24];
    int i = (int)sizeof digits;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do {
        digits[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0) {
        digits[--i] = '-';
    }
    put(h, digits + i, sizeof digits - (size_t)i);
}

/* A JSON string; card and action texts are ASCII or the suit symbols, so only quotes and
 * backslashes need escaping. */
static void put_str(dk_handle *h, const char *s)
{
    put(h, "\"", 1);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') {
            put(h, "\\", 1);
        }
        put(h, s, 1);
    }
    put(h, "\"", 1);
}

static void put_key(dk_handle *h, const char *key)
{
    put(h, ",", 1);
    put_str(h, key);
    put(h, ":", 1);
}

static void put_card(dk_handle *h, int card)
{
    const char *text = card >= 0 ? F(card_text)(card) : NULL;
    if (text) {
        put_str(h, text);
    } else {
        puts_(h, "null");
    }
}

static void put_mask(dk_handle *h, uint64_t mask)
{
    int c, first = 1;
    put(h, "[", 1);
    for (c = 0; c < 64; c++) {
        if ((mask >> c) & 1) {
            if (!first) {
                put(h, ",", 1);
            }
            put_card(h, c);
            first = 0;
        }
    }
    put(h, "]", 1);
}

static void put_seat(dk_handle *h, int seat) /* null for -1 */
{
    if (seat < 0) {
        puts_(h, "null");
    } else {
        put_int(h, seat);
    }
}

static void put_bool(dk_handle *h, int b) { puts_(h, b ? "true" : "false"); }

static const char *begin(dk_handle *h)
{
    h->len = 0;
    put(h, "", 0);
    return h->buf;
}

/* -- games ------------------------------------------------------------------ */

static int listed(dk_handle *h)
{
    if (h->nlegal < 0) {
        h->nlegal = F(legal)(h->g, h->acts);
    }
    return h->nlegal;
}

int EXPORT(dk_abi_version)(void) { return DK_ABI_VERSION; }
const char *EXPORT(dk_variant)(void) { return DK_VARIANT; }
int EXPORT(dk_players_min)(void) { return C(PLAYERS_MIN); }
int EXPORT(dk_players_max)(void) { return C(PLAYERS_MAX); }

void *EXPORT(dk_alloc)(size_t size) { return malloc(size ? size : 1); }
void EXPORT(dk_dealloc)(void *p) { free(p); }

void EXPORT(dk_free)(dk_handle *h)
{
    if (h) {
        F(free)(h->g);
        free(h->acts);
        free(h->buf);
        free(h);
    }
}

/* A game dealt as the Python engine's new_game(players, seed) (seed = seed_hi << 32 | seed_lo,
 * dealer 0); NULL (0) for a player count the variant does not deal, or without memory. */
dk_handle *EXPORT(dk_new)(int players, uint32_t seed_lo, uint32_t seed_hi)
{
    dk_handle *h = calloc(1, sizeof *h);
    if (!h) {
        return NULL;
    }
    h->g = F(new)();
    h->acts = malloc(sizeof(dk_action) * C(MAX_ACTIONS));
    h->nlegal = -1;
    if (!h->g || !h->acts || !begin(h)
        || F(deal)(h->g, players, (uint64_t)seed_hi << 32 | seed_lo, 0, 0) != C(OK)) {
        dk_free(h);
        return NULL;
    }
    return h;
}

#if C(CAP_OPTIONS)
/* -- table settings (options:, docs/wasm.md) -------------------------------
 * Only in the modules of specs with options: the unit defines DK_OPTION_NAMES, DK_OPTION_BOOL,
 * DK_OPTION_RANGE, DK_OPTION_FIRST, DK_OPTION_VALUES and DK_OPTIONS_JSON (compiler/wasm/options.py),
 * in the header's option order. */

int EXPORT(dk_noptions)(void) { return C(NOPTIONS); }

/* The options as the Python engine's OPTIONS: {name: {type, default, text, values|range}}. */
const char *EXPORT(dk_options_json)(void) { return DK_OPTIONS_JSON; }

/* Whether option k takes `value` (a bool as 0 or 1). */
static int option_ok(int k, int value)
{
    const int *v = DK_OPTION_VALUES + DK_OPTION_FIRST[k];
    int i, n = DK_OPTION_FIRST[k + 1] - DK_OPTION_FIRST[k];
    if (DK_OPTION_RANGE[k]) {
        return value >= v[0] && value <= v[1];
    }
    for (i = 0; i < n; i++) {
        if (v[i] == value) {
            return 1;
        }
    }
    return 0;
}

/* dk_new with the table's settings: `values` points to dk_noptions() ints in the order of
 * dk_options_json (a bool 0 or 1).  NULL (0) for a value an option does not take, or a player
 * count these settings do not deal (a deck too small for the hands). */
dk_handle *EXPORT(dk_new_options)(int players, uint32_t seed_lo, uint32_t seed_hi, const int *values)
{
    dk_handle *h;
    int k;
    for (k = 0; k < C(NOPTIONS); k++) {
        if (!option_ok(k, values[k])) {
            return NULL;
        }
    }
    h = calloc(1, sizeof *h);
    if (!h) {
        return NULL;
    }
    h->g = F(new)();
    h->acts = malloc(sizeof(dk_action) * C(MAX_ACTIONS));
    h->nlegal = -1;
    if (!h->g || !h->acts || !begin(h)) {
        dk_free(h);
        return NULL;
    }
    F(set_options)(h->g, values);
    if (F(deal)(h->g, players, (uint64_t)seed_hi << 32 | seed_lo, 0, 0) != C(OK)) {
        dk_free(h);
        return NULL;
    }
    return h;
}

/* The game's settings into `values` (dk_noptions() ints); returns dk_noptions(). */
int EXPORT(dk_get_options)(dk_handle *h, int *values)
{
    F(get_options)(h->g, values);
    return C(NOPTIONS);
}

/* ,"options":{name: value, ...} as the Python engine's observation shows them. */
static void put_options(dk_handle *h, const dk_view *v)
{
    int k;
    put_key(h, "options");
    put(h, "{", 1);
    for (k = 0; k < C(NOPTIONS); k++) {
        if (k) {
            put(h, ",", 1);
        }
        put_str(h, DK_OPTION_NAMES[k]);
        put(h, ":", 1);
        if (DK_OPTION_BOOL[k]) {
            put_bool(h, v->options[k]);
        } else {
            put_int(h, v->options[k]);
        }
    }
    put(h, "}", 1);
}
#endif

int EXPORT(dk_to_move)(dk_handle *h) { return F(to_move)(h->g); }
int EXPORT(dk_is_over)(dk_handle *h) { return F(is_over)(h->g); }
int EXPORT(dk_loser)(dk_handle *h) { return F(loser)(h->g); }
int EXPORT(dk_is_draw)(dk_handle *h) { return F(is_draw)(h->g); }
int EXPORT(dk_legal_count)(dk_handle *h) { return listed(h); }
size_t EXPORT(dk_len)(dk_handle *h) { return h->len; }

/* The text of legal action i ("beat 9C JC"), or NULL (0) outside the list. */
const char *EXPORT(dk_legal_text)(dk_handle *h, int i)
{
    char text[C(ACTION_TEXT_MAX)];
    if (i < 0 || i >= listed(h) || F(action_text)(&h->acts[i], text, sizeof text) < 0) {
        return NULL;
    }
    begin(h);
    puts_(h, text);
    return h->buf;
}

static void put_legal(dk_handle *h)
{
    char text[C(ACTION_TEXT_MAX)];
    int i, n = listed(h);
    put(h, "[", 1);
    for (i = 0; i < n; i++) {
        if (i) {
            put(h, ",", 1);
        }
        F(action_text)(&h->acts[i], text, sizeof text);
        put_str(h, text);
    }
    put(h, "]", 1);
}

/* Every legal action's text, as a JSON list in the engine's canonical order. */
const char *EXPORT(dk_legal_json)(dk_handle *h)
{
    begin(h);
    put_legal(h);
    return h->buf;
}

/* Play legal action i: 0, or E_ILLEGAL (-3) outside the list (the game unchanged). */
int EXPORT(dk_apply_index)(dk_handle *h, int i)
{
    if (i < 0 || i >= listed(h)) {
        return C(E_ILLEGAL);
    }
    F(apply_legal)(h->g, &h->acts[i]);
    h->nlegal = -1;
    return C(OK);
}

/* Play the action a text names, read as the Python engine's parse_action and matched to the
 * legal action of the same text (so a card held twice plays one copy): 0, E_TEXT (-8) when it
 * names no action, E_ILLEGAL (-3) when that action is not legal now (the game unchanged). */
int EXPORT(dk_apply_text)(dk_handle *h, const char *text)
{
    dk_action parsed;
    char want[C(ACTION_TEXT_MAX)], have[C(ACTION_TEXT_MAX)];
    int i, n;
    if (F(parse_action)(text, &parsed) != C(OK)
        || F(action_text)(&parsed, want, sizeof want) < 0) {
        return C(E_TEXT);
    }
#if C(CAP_CHEATING)
    if (parsed.kind == C(CATCH)) {  /* HR34: an out-of-turn action names its seat */
        int err = F(apply)(h->g, &parsed);
        if (err == C(OK)) {
            h->nlegal = -1;
        }
        return err;
    }
#endif
    n = listed(h);
    for (i = 0; i < n; i++) {
        if (F(action_text)(&h->acts[i], have, sizeof have) >= 0 && strcmp(want, have) == 0) {
            return dk_apply_index(h, i);
        }
    }
    return C(E_ILLEGAL);
}

#if C(CAP_CHEATING)
/* -- out-of-turn actions (HR34's catch; docs/engine-api.md "Out-of-turn actions") -- */

/* The seats that may act now as a mask (bit s: seat s): to_move's and every seat holding an
 * out-of-turn action; 0 once the game is over.  Only engines with out-of-turn actions. */
int EXPORT(dk_actors)(dk_handle *h) { return (int)F(actors)(h->g); }

/* Seat `seat`'s out-of-turn actions now, as a JSON list of texts ("catch 1 KS"), by card;
 * NULL (0) for a seat outside the game.  dk_apply_text plays them. */
const char *EXPORT(dk_out_of_turn_json)(dk_handle *h, int seat)
{
    dk_action found[C(NCARDS)];
    char text[C(ACTION_TEXT_MAX)];
    dk_view v;
    int i, n;
    F(get)(h->g, &v);
    if (seat < 0 || seat >= v.players) {
        return NULL;
    }
    n = F(out_of_turn_actions)(h->g, seat, found);
    begin(h);
    put(h, "[", 1);
    for (i = 0; i < n; i++) {
        if (i) {
            put(h, ",", 1);
        }
        F(action_text)(&found[i], text, sizeof text);
        put_str(h, text);
    }
    put(h, "]", 1);
    return h->buf;
}
#endif

/* -- what a seat sees, the outcome, the whole state ------------------------- */

static const char *const PHASE_NAMES[] = {"attack", "defend", "throw", "over"};

static void put_outcome(dk_handle *h, const dk_view *v)
{
    put_key(h, "is_over");
    put_bool(h, v->phase == C(OVER));
    put_key(h, "loser");
    put_seat(h, v->loser);
    put_key(h, "is_draw");
    put_bool(h, v->is_draw);
}

/* {"is_over", "loser", "is_draw"}: loser null when there is none. */
const char *EXPORT(dk_outcome_json)(dk_handle *h)
{
    dk_view v;
    F(get)(h->g, &v);
    begin(h);
    puts_(h, "{\"variant\":");
    put_str(h, DK_VARIANT);
    put_outcome(h, &v);
    put(h, "}", 1);
    return h->buf;
}

/* Whether the turned card is seen: while it lies in the stock, or aside (HR12, HR13). */
static int turned_visible(const dk_view *v)
{
    int i;
#if C(CAP_SET_ASIDE)
    if (v->turned >= 0 && ((v->set_aside >> v->turned) & 1)) {
        return 1;
    }
#endif
    for (i = 0; i < v->nstock; i++) {
        if (v->stock[i] == v->turned) {
            return 1;
        }
    }
    return 0;
}

/* The observation's keys of a few capabilities: the trump changes (CT2), who asked for a
 * redeal (HR19), the cards turned for each seat's trump while they lie in the stock (HR15). */
static void put_capability_keys(dk_handle *h, const dk_view *v)
{
    int i;
#if C(CAP_HIDDEN_TRUMP)
    put_key(h, "trump_changes");  /* [face-up card drawn, card turned in its place] */
    put(h, "[", 1);
    for (i = 0; i < v->ntrump_changes; i++) {
        put(h, i ? ",[" : "[", i ? 2 : 1);
        put_card(h, v->trump_changes[i][0]);
        put(h, ",", 1);
        put_card(h, v->trump_changes[i][1]);
        put(h, "]", 1);
    }
    put(h, "]", 1);
#endif
#if C(CAP_REDEAL_OFFER)
    {
        int first = 1;
        put_key(h, "redeal_asked");  /* the seats that asked for a redeal this game */
        put(h, "[", 1);
        for (i = 0; i < v->players; i++) {
            if ((v->redeal_asked >> i) & 1) {
                if (!first) {
                    put(h, ",", 1);
                }
                put_int(h, i);
                first = 0;
            }
        }
        put(h, "]", 1);
    }
#endif
#if C(CAP_LOT_TRUMPS)
    put_key(h, "seat_trump_cards");  /* face up until drawn, null once drawn or unknown */
    put(h, "[", 1);
    for (i = 0; i < v->players; i++) {
        int k, shown = 0;
        for (k = 0; k < v->nstock && v->lot_cards[i] >= 0; k++) {
            shown |= v->stock[k] == v->lot_cards[i];
        }
        if (i) {
            put(h, ",", 1);
        }
        put_card(h, shown ? v->lot_cards[i] : -1);
    }
    put(h, "]", 1);
#endif
    (void)i;
    (void)v;
}

/* What `seat` may know, as the Python engine's observation(seat) without `history` (the
 * caller keeps the actions it applied) and without the structural keys (docs/wasm.md);
 * NULL (0) for a seat outside the game. */
const char *EXPORT(dk_observation_json)(dk_handle *h, int seat)
{
    dk_view v;
    int s, i, over;
    F(get)(h->g, &v);
    if (seat < 0 || seat >= v.players) {
        return NULL;
    }
    over = v.phase == C(OVER);
    begin(h);
    puts_(h, "{\"variant\":");
    put_str(h, DK_VARIANT);
    put_key(h, "seat");
    put_int(h, seat);
    put_key(h, "players");
    put_int(h, v.players);
    put_key(h, "hand");
    put_mask(h, v.hands[seat]);
#if C(CAP_VIEW_HANDS)
    put_key(h, "hands");  /* view.hands: all - every hand is open (HR26) */
    put(h, "[", 1);
    for (s = 0; s < v.players; s++) {
        if (s) {
            put(h, ",", 1);
        }
        put_mask(h, v.hands[s]);
    }
    put(h, "]", 1);
#endif
    put_key(h, "hand_sizes");
    put(h, "[", 1);
    for (s = 0; s < v.players; s++) {
        if (s) {
            put(h, ",", 1);
        }
        put_int(h, __builtin_popcountll(v.hands[s]));
    }
    put(h, "]", 1);
    put_key(h, "table");
    put(h, "[", 1);
    for (i = 0; i < v.ntable; i++) {
        put(h, i ? ",[" : "[", i ? 2 : 1);
        put_card(h, v.table_attack[i]);
        put(h, ",", 1);
        put_card(h, v.table_defence[i]);
        put(h, "]", 1);
    }
    put(h, "]", 1);
    put_key(h, "trump");
    if (v.trump >= 0) {  /* the suit letter: the last letter of its lowest card's text */
        const char *text = F(card_text)(v.trump);
        put(h, "\"", 1);
        put(h, text + strlen(text) - 1, 1);
        put(h, "\"", 1);
    } else {
        puts_(h, "null");
    }
    put_key(h, "trump_card");
    put_card(h, turned_visible(&v) ? v.turned : -1);
    put_key(h, "stock_size");
#if C(CAP_HIDDEN_TRUMP)
    put_int(h, v.nstock + (v.hidden >= 0));  /* the view does not list the hidden card (CT1) */
#else
    put_int(h, v.nstock);
#endif
    put_capability_keys(h, &v);
#if C(CAP_SET_ASIDE)
    put_key(h, "set_aside_size");  /* unseen but the trump card */
    put_int(h, __builtin_popcountll(v.set_aside));
#endif
#if C(CAP_VIEW_DISCARD)
    put_key(h, "discard");
    puts_(h, "null");
    put_key(h, "discard_size");
    put_int(h, __builtin_popcountll(v.discard));
#else
    put_key(h, "discard");
    put_mask(h, v.discard);
#endif
    put_key(h, "phase");
    put_str(h, v.phase >= 0 && v.phase <= 3 ? PHASE_NAMES[v.phase] : "?");
    put_key(h, "attacker");
    put_seat(h, over ? -1 : v.attacker);
    put_key(h, "defender");
    put_seat(h, over ? -1 : v.defender);
    put_key(h, "to_move");
    put_seat(h, v.to_move);
    put_key(h, "limit");
    put_int(h, v.limit);
    put_key(h, "out");
    put(h, "[", 1);
    for (i = 0; i < v.nout; i++) {
        if (i) {
            put(h, ",", 1);
        }
        put_int(h, v.out[i]);
    }
    put(h, "]", 1);
    put_outcome(h, &v);
#if C(CAP_OPTIONS)
    put_options(h, &v);
#endif
    put_key(h, "legal_actions");
    if (seat == v.to_move) {
        put_legal(h);
    } else {
        puts_(h, "[]");
    }
    put(h, "}", 1);
    return h->buf;
}

/* The whole state as JSON: {"abi", "variant", "view"}, the view the engine's get fills as
 * hex bytes (wasm32's layout: little-endian, fixed).  Opaque: only dk_set_state_json reads
 * it, and the engine's set checks it as it checks any state. */
const char *EXPORT(dk_state_json)(dk_handle *h)
{
    static const char HEX[] = "0123456789abcdef";
    dk_view v;
    const unsigned char *bytes = (const unsigned char *)&v;
    size_t i;
    memset(&v, 0, sizeof v);  /* padding too: the same state, the same text */
    F(get)(h->g, &v);
    begin(h);
    puts_(h, "{\"abi\":");
    put_int(h, DK_ABI_VERSION);
    put_key(h, "variant");
    put_str(h, DK_VARIANT);
    put_key(h, "view");
    put(h, "\"", 1);
    for (i = 0; i < sizeof v; i++) {
        char pair[2];
        pair[0] = HEX[bytes[i] >> 4];
        pair[1] = HEX[bytes[i] & 15];
        put(h, pair, 2);
    }
    put(h, "\"}", 2);
    return h->buf;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Restore a dk_state_json text of this variant: 0, or E_STATE (-5) for any other text or an
 * inconsistent state (the game unchanged). */
int EXPORT(dk_set_state_json)(dk_handle *h, const char *json)
{
    dk_view v;
    unsigned char *bytes = (unsigned char *)&v;
    const char *variant = strstr(json, "\"variant\":\"" DK_VARIANT "\"");
    const char *hex = strstr(json, "\"view\":\"");
    size_t i;
    if (!variant || !hex || !strstr(json, "\"abi\":1")) {
        return C(E_STATE);
    }
    hex += strlen("\"view\":\"");
    for (i = 0; i < sizeof v; i++) {
        int hi = hex_digit(hex[2 * i]), lo = hi < 0 ? -1 : hex_digit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            return C(E_STATE);
        }
        bytes[i] = (unsigned char)(hi << 4 | lo);
    }
    if (hex[2 * sizeof v] != '"' || F(set)(h->g, &v) != C(OK)) {
        return C(E_STATE);
    }
    h->nlegal = -1;
    return C(OK);
}

/* The bench loop inside wasm: games seed .. seed + n - 1 with random choices (the engine's
 * bench_random); the actions played, negative on error. */
long EXPORT(dk_bench_random)(int players, uint32_t seed, long n, uint32_t choice_seed)
{
    return F(bench_random)(players, seed, n, choice_seed);
}

/* -- the bots (docs/wasm.md, "Bots") ----------------------------------------
 * The simulator's random and greedy bots as the C engine has them (compiler/sim/bots.py),
 * one decision at a time: dk_bot_index is defined by the bots unit (compiler/wasm/build.py),
 * which compiles the engine's .c with it, so the engine's own bot_choice is in reach. */
int dk_bot_index(const dk_game *g, int bot, uint64_t seed, int repeated);

/* The index in dk_legal_json of the action bot `bot` (0 random, 1 greedy) plays now, drawing
 * from random.Random(seed_hi << 32 | seed_lo) (`repeated`: the round began from a position
 * seen before in this game, runner.RoundStarts); `resign` is never chosen.  E_STATE (-5) when
 * the game is over, E_ILLEGAL (-3) for another bot. */
int EXPORT(dk_bot_choice)(dk_handle *h, int bot, uint32_t seed_lo, uint32_t seed_hi, int repeated)
{
    if (bot != C(BOT_RANDOM) && bot != C(BOT_GREEDY)) {
        return C(E_ILLEGAL);
    }
    return dk_bot_index(h->g, bot, (uint64_t)seed_hi << 32 | seed_lo, repeated != 0);
}

/* -- whole games (docs/wasm.md, "Whole games") --------------------------------
 * The simulator's games inside wasm (the engine's play_games, durakc.sim.native_games): what
 * the static playground's comparisons play.  A record is DK_RECORD_INTS ints: unfinished
 * (0, 1 cycle, 2 cap), is_draw, loser (-1 none), loser_offset, actions, rounds, takes,
 * transfers, shows, first, nout, out[PLAYERS_MAX] (the finishing order), points[PLAYERS_MAX]. */
#define DK_RECORD_INTS (11 + 2 * C(PLAYERS_MAX))

int EXPORT(dk_record_ints)(void) { return DK_RECORD_INTS; }

/* Play n games: game i dealt with game_seeds[i], its bots drawing from
 * random.Random(bot_seeds[i]), seat s played by seat_bots[i * players + s] (0 random, 1 greedy,
 * or the search bots with their samples above the low byte, as play_games takes them);
 * `options`: dk_noptions() ints of the table settings of every game, or NULL (0) for the
 * defaults.  The records go to `out` (n * dk_record_ints() ints); 0 or a negative error. */
int EXPORT(dk_play_games)(int players, long n, const uint64_t *game_seeds,
                          const uint64_t *bot_seeds, const int *seat_bots, const int *options,
                          int *out)
{
    F(record) *records;
    long i;
    int err, k;
    if (players < C(PLAYERS_MIN) || players > C(PLAYERS_MAX) || n < 0) {
        return C(E_PLAYERS);
    }
    records = calloc((size_t)n + 1, sizeof *records);
    if (!records) {
        return C(E_MEMORY);
    }
#if C(CAP_OPTIONS)
    err = options ? F(play_games_options)(players, n, game_seeds, bot_seeds, seat_bots, options, records)
                  : F(play_games)(players, n, game_seeds, bot_seeds, seat_bots, records);
#else
    (void)options;
    err = F(play_games)(players, n, game_seeds, bot_seeds, seat_bots, records);
#endif
    for (i = 0; !err && i < n; i++) {
        const F(record) *r = &records[i];
        int *o = out + i * DK_RECORD_INTS;
        o[0] = r->unfinished;
        o[1] = r->is_draw;
        o[2] = r->loser;
        o[3] = r->loser_offset;
        o[4] = r->actions;
        o[5] = r->rounds;
        o[6] = r->takes;
        o[7] = r->transfers;
        o[8] = r->shows;
        o[9] = r->first;
        o[10] = r->nout;
        for (k = 0; k < C(PLAYERS_MAX); k++) {
            o[11 + k] = r->out[k];
            o[11 + C(PLAYERS_MAX) + k] = r->points[k];
        }
    }
    free(records);
    return err;
}

// The engine contract (docs/engine-api.md) over a durakc wasm module (docs/wasm.md): a
// variant's Engine deals Games that play exactly the Python engine's games for the same seed.
// Part of @durakc/engines (docs/npm.md); the ABI calls are durak-wasm.mjs's, shipped beside it.
import { EngineError, loadEngine as loadWasm } from "./durak-wasm.mjs";

export { EngineError };

/** Raised by Game.apply for an action that is not legal now; the game is left unchanged. */
export class IllegalAction extends EngineError {}

/** Raised for a text that names no action of the variant's deck (a kind of IllegalAction). */
export class InvalidAction extends IllegalAction {}

const E_ILLEGAL = -3;
const E_TEXT = -8;

/** Instantiate a wasm module's bytes (or a fetch() Response) as an Engine. */
export async function loadEngine(source) {
  return new Engine(await loadWasm(source));
}

/** One variant's engine: deals games, restores saved ones. */
export class Engine {
  constructor(wasm) {
    this.wasm = wasm;
    this.variant = wasm.variant;
    this.playersMin = wasm.playersMin;
    this.playersMax = wasm.playersMax;
    /** The table settings the variant declares (a spec's options:, docs/options.md): name ->
     * {type, default, text, values | range}, as the Python engine's OPTIONS; {} for none. */
    this.options = wasm.options;
    /** Whether the variant has out-of-turn actions (HR34's catch): its games then have
     * `actors()` and `outOfTurnActions(seat)` (docs/engine-api.md). */
    this.hasOutOfTurn = typeof wasm.x.dk_actors === "function";
  }

  /** A new game: newGame(players, seed, options) or newGame({players, seed, options}); the
   * Python engine's new_game(players, seed, options=options) for an integer seed
   * 0 <= seed < 2**53 (default 0) and `options` name -> value of the table settings (the
   * others at their defaults). An unknown name or a value an option does not take throws
   * RangeError with the Python engine's InvalidGame message. */
  newGame(players, seed = 0, options = undefined) {
    if (typeof players === "object" && players !== null) ({ players, seed = 0, options } = players);
    if (!Number.isSafeInteger(seed) || seed < 0) {
      throw new RangeError(`${this.variant}: a seed is an integer from 0 to 2**53 - 1, not ${seed}`);
    }
    if (!Number.isInteger(players)) throw new RangeError(`${this.variant}: no ${players}-player game`);
    return new Game(this, this.wasm.newGame(players, seed, options), { players, seed, options });
  }

  /** Throws as newGame does when `options` are not table settings of this variant. */
  checkOptions(options) {
    this.wasm.optionValues(options);
  }

  /** A game restored from Game.state() (its history starts there). */
  fromState(state) {
    return new Game(this, this.wasm.fromState(state), { state });
  }

  /** Whole random games inside wasm (the C engine's bench loop): the actions played. */
  benchRandom(players, seed, games, choiceSeed = 0) {
    return this.wasm.benchRandom(players, seed, games, choiceSeed);
  }
}

/** A game in progress. Seats are 0 .. players - 1; `toMove`, `loser` are null when none. */
export class Game {
  constructor(engine, raw, start) {
    this.engine = engine;
    this.raw = raw;
    this.start = start;   // {players, seed, options} or {state}: history replays from it
    this.moves = [];      // what apply was given (indices or texts), for history
    /** The number of seats. */
    this.players = start.players ?? raw.observation(0).players;
  }

  /** HR34's out-of-turn actions (docs/engine-api.md): only a variant that has them (its raw
   * game has `actors`) gets `actors()` and `outOfTurnActions(seat)`; apply() takes a catch
   * text of any seat ("catch 1 KS"). */
  get hasOutOfTurn() { return typeof this.raw.actors === "function"; }

  get toMove() { const s = this.raw.toMove; return s < 0 ? null : s; }
  get isOver() { return this.raw.isOver; }
  get loser() { return this.raw.loser; }
  get isDraw() { return this.raw.isDraw; }
  /** The table settings this game plays with (name -> value; {} for a variant without). */
  get options() { return this.raw.options; }
  /** The number of legal actions (0 exactly when the game is over). */
  get legalCount() { return this.raw.legalCount; }
  /** The text of legal action i, or null outside the list. */
  legalText(i) { return this.raw.legalText(i); }
  /** The legal actions' texts, in the Python engine's order. */
  legalActions() { return this.raw.legalActions(); }

  /** The seats that may act now: toMove, then every seat holding an out-of-turn action,
   * clockwise; [] once over.  Without out-of-turn actions: [toMove] ([] once over). */
  actors() {
    if (this.hasOutOfTurn) return this.raw.actors();
    return this.isOver ? [] : [this.toMove];
  }
  /** The out-of-turn action texts `seat` may play now (HR34's catches, by card); [] for a
   * variant without them.  RangeError for no such seat. */
  outOfTurnActions(seat) {
    if (this.hasOutOfTurn) return this.raw.outOfTurnActions(seat);
    if (!(Number.isInteger(seat) && seat >= 0 && seat < this.players)) throw new RangeError(`no seat ${seat}`);
    return [];
  }

  /** Play a legal action: its index in legalActions() or its text (any case, suit symbols).
   * Throws IllegalAction (InvalidAction for a text naming no action) and changes nothing. */
  apply(action) {
    const h = this.raw.h;
    const x = this.raw.x;
    const code = typeof action === "number"
      ? x.dk_apply_index(h, Number.isInteger(action) ? action : -1)
      : this.engine.wasm.withText(String(action), (p) => x.dk_apply_text(h, p));
    if (code !== 0) {
      const Kind = code === E_TEXT ? InvalidAction : code === E_ILLEGAL ? IllegalAction : EngineError;
      throw new Kind(code, `${this.engine.variant}: ${String(action)}`);
    }
    this.moves.push(action);
  }

  /** What `seat` may know (docs/wasm.md, "Observation"); RangeError for no such seat. */
  observation(seat) { return this.raw.observation(seat); }
  /** {variant, is_over, loser, is_draw}. */
  outcome() { return this.raw.outcome(); }
  /** The whole state as an opaque JSON text; Engine.fromState or setState restores it. */
  state() { return this.raw.state(); }
  /** Restore a state() text of this variant (EngineError code -5 otherwise, nothing changed). */
  setState(state) {
    this.raw.setState(state);
    this.start = { state };
    this.moves = [];
  }

  /** The canonical texts of the actions applied since the deal (replayed from the seed), or
   * since the state a game was restored from. */
  get history() {
    const { wasm } = this.engine;
    const replay = this.start.state !== undefined ? wasm.fromState(this.start.state)
      : wasm.newGame(this.start.players, this.start.seed, this.start.options);
    try {
      return this.moves.map((m) => {
        const text = typeof m === "number" ? replay.legalText(m) : canonical(replay, m);
        replay.apply(m);
        return text;
      });
    } finally { replay.free(); }
  }

  /** An independent copy (the same state and history). */
  copy() {
    const other = this.engine.fromState(this.state());
    other.start = this.start;
    other.moves = this.moves.slice();
    return other;
  }

  /** Free the game's memory in the module (the game is unusable afterwards). */
  free() { this.raw.free(); }
}

const SYMBOLS = { "\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C" };

/** A text's words in upper case with suit symbols as letters ("beat 9♣ jc" -> BEAT 9C JC). */
function words(text) {
  return String(text).trim().toUpperCase().replace(/[\u2660\u2665\u2666\u2663]/g, (c) => SYMBOLS[c])
    .split(/\s+/);
}

/** The legal action's canonical text that `text` names: the same words, else the same verb
 * and the same cards in another order (as the engine's parse_action reads a text). */
function canonical(raw, text) {
  const want = words(text);
  const key = (w) => [w[0], ...w.slice(1).sort()].join(" ");
  const legal = raw.legalActions();
  if (want[0] === "CATCH" && raw.outOfTurnActions) {  // HR34: the seat's own offers
    legal.push(...raw.outOfTurnActions(Number(want[1])));
  }
  return legal.find((a) => words(a).join(" ") === want.join(" "))
    ?? legal.find((a) => key(words(a)) === key(want)) ?? String(text);
}

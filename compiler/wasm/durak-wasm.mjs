// Loads a durakc wasm engine (`durakc compile SPEC --target wasm`) in Node or a browser.
// Plain ES module, no dependencies; the ABI it wraps is documented in docs/wasm.md.
//
//   import { loadEngine } from "./durak-wasm.mjs";
//   const engine = await loadEngine(bytes);         // bytes, a Response, or a URL's fetch()
//   const game = engine.newGame(2, 42);             // the Python engine's new_game(2, 42)
//   engine.newGame(3, 7, { deck: 24 });             // a spec's table settings (options:)
//   while (!game.isOver) game.apply(game.legalActions()[0]);
//   game.outcome();                                 // {variant, is_over, loser, is_draw}
//   game.free();

// The WASI functions a module could import (they import none today: docs/wasm.md); a browser
// has no WASI, so each is a stub that reports "not supported" (errno 52, ENOSYS).
const ENOSYS = 52;
const WASI_SHIM = new Proxy({}, {
  get: (_, name) => (name === "proc_exit"
    ? (code) => { throw new Error(`wasm engine exited with ${code}`); }
    : () => ENOSYS),
});

const E_NAMES = { [-3]: "illegal action", [-5]: "not a state of this variant",
  [-8]: "not an action of this deck" };

/** An error from the engine: `code` is the ABI's negative result (docs/wasm.md). */
export class EngineError extends Error {
  constructor(code, what) {
    super(`${what}: ${E_NAMES[code] || `error ${code}`}`);
    this.code = code;
  }
}

/** Instantiate a wasm engine from its bytes (or a Response); returns the engine object. */
export async function loadEngine(source) {
  const imports = { wasi_snapshot_preview1: WASI_SHIM };
  const { instance } = typeof Response !== "undefined" && source instanceof Response
    ? await WebAssembly.instantiateStreaming(source, imports)
    : await WebAssembly.instantiate(source, imports);
  return new Engine(instance.exports);
}

class Engine {
  constructor(x) {
    this.x = x;
    if (x._initialize) x._initialize();
    if (x.dk_abi_version() !== 1) throw new Error(`unknown durakc wasm ABI ${x.dk_abi_version()}`);
    this.decoder = new TextDecoder();
    this.encoder = new TextEncoder();
    this.variant = this.cstring(x.dk_variant());
    this.playersMin = x.dk_players_min();
    this.playersMax = x.dk_players_max();
    /** The table settings the variant declares (options:), as the Python engine's OPTIONS:
     * name -> {type, default, text, values | range}; {} for a spec without options. */
    this.options = x.dk_options_json ? JSON.parse(this.cstring(x.dk_options_json())) : {};
  }

  /** The ints of `options` (name -> value, the others at their defaults) in the module's
   * order, checked as the Python engine's new_game checks them (same messages). */
  optionValues(options) {
    if (options == null) options = {};
    if (typeof options !== "object" || Array.isArray(options)) {
      throw new TypeError(`options are an object of option name -> value, not ${typeof options}`);
    }
    const names = Object.keys(this.options);
    const chosen = Object.fromEntries(names.map((n) => [n, this.options[n].default]));
    for (const [name, value] of Object.entries(options)) {
      const decl = this.options[name];
      if (!Object.hasOwn(this.options, name)) {
        const known = names.length ? names.join(", ") : "none";
        throw new RangeError(`unknown option ${pyRepr(name)} (this variant's options: ${known})`);
      }
      const ok = decl.type === "bool" ? typeof value === "boolean"
        : Number.isInteger(value) && (decl.range
          ? value >= decl.range[0] && value <= decl.range[1] : decl.values.includes(value));
      if (!ok) throw new RangeError(`option ${name} is ${describe(decl)}, not ${pyRepr(value)}`);
      chosen[name] = value;
    }
    return names.map((n) => Number(chosen[n]));
  }

  /** The NUL-terminated text at `ptr` (`len` bytes when known). */
  cstring(ptr, len) {
    const bytes = new Uint8Array(this.x.memory.buffer);
    let end = ptr + (len ?? 0);
    if (len === undefined) while (bytes[end]) end++;
    return this.decoder.decode(bytes.subarray(ptr, end));
  }

  /** Call `fn(ptr)` with `text` copied into the module's memory (freed afterwards). */
  withText(text, fn) {
    const data = this.encoder.encode(text);
    const ptr = this.x.dk_alloc(data.length + 1);
    const bytes = new Uint8Array(this.x.memory.buffer, ptr, data.length + 1);
    bytes.set(data);
    bytes[data.length] = 0;
    try { return fn(ptr); } finally { this.x.dk_dealloc(ptr); }
  }

  /** A new game, dealt as the Python engine's new_game(players, seed, options=options)
   * (0 <= seed < 2**53; `options`: name -> value of the variant's table settings). */
  newGame(players, seed = 0, options = undefined) {
    const values = this.optionValues(options);
    const lo = seed % 2 ** 32;
    const hi = Math.floor(seed / 2 ** 32);
    let h;
    if (values.length) {
      const ptr = this.x.dk_alloc(4 * values.length);
      new Int32Array(this.x.memory.buffer, ptr, values.length).set(values);
      try { h = this.x.dk_new_options(players, lo, hi, ptr); } finally { this.x.dk_dealloc(ptr); }
    } else {
      h = this.x.dk_new(players, lo, hi);
    }
    if (!h) {
      const deck = Object.keys(this.options).find((n) => this.options[n].sets === "deck.size");
      const why = deck ? ` with ${deck} ${values[Object.keys(this.options).indexOf(deck)]}` : "";
      throw new RangeError(`${this.variant}: no ${players}-player game${why}`);
    }
    return new Game(this, h);
  }

  /** A game restored from a Game.state() text. */
  fromState(json) {
    const game = this.newGame(this.playersMin, 0);
    game.setState(json);
    return game;
  }

  /** Whole random games inside wasm: the actions played (the engine's bench loop). */
  benchRandom(players, seed, games, choiceSeed = 0) {
    return this.x.dk_bench_random(players, seed, games, choiceSeed);
  }
}

/** An option's values in words, as the Python engine's messages: "true or false", "5 or 6". */
function describe(decl) {
  if (decl.type === "bool") return "true or false";
  if (decl.range) return `a whole number from ${decl.range[0]} to ${decl.range[1]}`;
  const texts = decl.values.map(String);
  return texts.length === 1 ? texts[0] : `${texts.slice(0, -1).join(", ")} or ${texts.at(-1)}`;
}

/** The members of a game whose variant has out-of-turn actions (HR34's catch; others have
 * neither: docs/engine-api.md "Out-of-turn actions").  apply() also takes their texts, which
 * name their seat ("catch 1 KS"). */
const OUT_OF_TURN = {
  /** The seats that may act now: toMove, then every seat holding an out-of-turn action,
   * clockwise from it; [] once the game is over. */
  actors() {
    const mask = this.x.dk_actors(this.h);
    const mover = this.toMove;
    if (!mask || mover < 0) return [];
    const n = this.observation(mover).players;
    const seats = [mover];
    for (let k = 1; k < n; k++) if (mask >> ((mover + k) % n) & 1) seats.push((mover + k) % n);
    return seats;
  },
  /** The out-of-turn action texts `seat` may play now, by card ([] for none). */
  outOfTurnActions(seat) {
    const ptr = this.x.dk_out_of_turn_json(this.h, seat);
    if (!ptr) throw new RangeError(`no seat ${seat}`);
    return JSON.parse(this.text(ptr));
  },
};

/** A value as Python's repr writes it in the Python engine's messages ('yes', True, None). */
function pyRepr(value) {
  if (typeof value === "string") return value.includes("'") && !value.includes('"') ? `"${value}"` : `'${value}'`;
  if (typeof value === "boolean") return value ? "True" : "False";
  if (value === null || value === undefined) return "None";
  return typeof value === "number" ? String(value) : JSON.stringify(value);
}

class Game {
  constructor(engine, h) {
    this.e = engine;
    this.x = engine.x;
    this.h = h;
    if (this.x.dk_actors) Object.assign(this, OUT_OF_TURN);  // HR34's catch: see OUT_OF_TURN
  }

  text(ptr) { return ptr ? this.e.cstring(ptr, this.x.dk_len(this.h)) : null; }
  get toMove() { return this.x.dk_to_move(this.h); }
  get isOver() { return this.x.dk_is_over(this.h) !== 0; }
  get loser() { const s = this.x.dk_loser(this.h); return s < 0 ? null : s; }
  get isDraw() { return this.x.dk_is_draw(this.h) !== 0; }
  get legalCount() { return this.x.dk_legal_count(this.h); }
  legalText(i) { return this.text(this.x.dk_legal_text(this.h, i)); }
  legalActions() { return JSON.parse(this.text(this.x.dk_legal_json(this.h))); }

  /** Play an action: an index into legalActions() or a text ("beat 9c jc"). */
  apply(action) {
    const code = typeof action === "number"
      ? this.x.dk_apply_index(this.h, action)
      : this.e.withText(String(action), (p) => this.x.dk_apply_text(this.h, p));
    if (code !== 0) throw new EngineError(code, String(action));
  }

  observation(seat) {
    const ptr = this.x.dk_observation_json(this.h, seat);
    if (!ptr) throw new RangeError(`no seat ${seat}`);
    return JSON.parse(this.text(ptr));
  }

  /** The table settings this game plays with (name -> value; {} without options). */
  get options() {
    const decls = this.e.options;
    const names = Object.keys(decls);
    if (!names.length) return {};
    const ptr = this.x.dk_alloc(4 * names.length);
    try {
      this.x.dk_get_options(this.h, ptr);
      const ints = new Int32Array(this.x.memory.buffer, ptr, names.length);
      return Object.fromEntries(names.map((n, k) => [n, decls[n].type === "bool" ? ints[k] !== 0 : ints[k]]));
    } finally { this.x.dk_dealloc(ptr); }
  }

  outcome() { return JSON.parse(this.text(this.x.dk_outcome_json(this.h))); }
  state() { return this.text(this.x.dk_state_json(this.h)); }

  setState(json) {
    const code = this.e.withText(json, (p) => this.x.dk_set_state_json(this.h, p));
    if (code !== 0) throw new EngineError(code, "state");
  }

  free() { this.x.dk_free(this.h); this.h = 0; }
}

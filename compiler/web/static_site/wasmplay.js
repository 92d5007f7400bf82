// A game of the page on a bundled variant's wasm engine: compiler/web/play.py's Replay,
// play_step and _view in JavaScript, so the static playground answers /api/play with the
// served playground's JSON without Python (docs/playground.md, "What runs where").
//
// The served playground keeps no game: each request carries the seed, the seats' bots, the
// history and the human's action, and the engine replays them.  Here the same: the same
// deal (the wasm engine deals as the Python engine), the bots' choices from the C engine's
// random and greedy bots (dk_bot_choice, docs/wasm.md) drawing from random.Random(bot_seed(
// seed, len(history))) as play.py's do, the round-start counting of runner.RoundStarts.
// Whatever this file does not answer exactly as play.py would (a refusal, an action text
// that is not one of the legal list's, another bot, a variant with catches) throws
// `Fallback`: the page's request then goes to the Python engine in Pyodide, which answers
// it (refusals with the Python engine's own words).

import {botSeed} from "./seeds.js";

export const WASM_BOTS = {random: 0, greedy: 1};
/** The bots ported to C that dk_bot_choice plays (BOT_RANDOM, BOT_GREEDY). */

const REPEAT_LIMIT = 3;                          // sim/seeds.py: a cycle stops the game
const BOT_BUDGET_MS = 3000;                      // web/limits.py Limits.bot_budget
const MAX_SEED = 2 ** 53 - 1;                    // larger seeds go to Python (exact ints)
const PUBLIC_VERBS_NO_ROUND = ["swap", "exchange"];

/** This request is answered by the Python engine instead (the reason, for the log). */
export class Fallback extends Error {}

function need(ok, why) {
  if (!ok) throw new Fallback(why);
}

/** play.py's Replay over a wasm game (`engine` from durak-wasm.mjs's loadEngine). */
class Replay {
  constructor(engine, players, seed, options) {
    try {
      this.game = Object.keys(options).length ? engine.newGame(players, seed, options)
        : engine.newGame(players, seed);
    } catch (err) {
      throw new Fallback(`no game: ${err.message}`);
    }
    this.players = players;
    this.seed = seed;
    this.history = [];
    this.log = [];
    this.seen = new Map();      // runner.RoundStarts
    this.took = false;
    this.repeated = false;
    this.cycle = false;
    this.taker = null;
    this.counted = -1;
    this.legal = null;
  }

  legalActions() {
    if (this.legal === null) this.legal = this.game.legalActions();
    return this.legal;
  }

  /** runner.position_key from the seats' views: hands, stock, attacker, defender, out and
   * trump (within one game the stock only shrinks: its size stands for it, as in C). */
  positionKey(view) {
    const hands = [];
    for (let s = 0; s < this.players; s++) hands.push(this.game.observation(s).hand);
    return JSON.stringify([hands, view.stock_size, view.attacker, view.defender, view.out,
                           view.trump]);
  }

  roundStart() {
    if (this.counted === this.history.length) return;
    this.counted = this.history.length;
    const view = this.game.observation(0);
    if (view.to_move !== view.attacker || view.table.length) return;
    const took = this.took;
    this.took = false;
    let seen = 1;
    if (!took) {
      this.seen.clear();
    } else {
      const key = this.positionKey(view);
      seen = (this.seen.get(key) || 0) + 1;
      this.seen.set(key, seen);
    }
    this.repeated = seen > 1;
    this.cycle = seen >= REPEAT_LIMIT;
  }

  /** Apply legal action number `index` and log it, as Replay.apply. */
  applyIndex(index) {
    this.roundStart();
    const seat = this.game.toMove;
    const defender = this.game.observation(seat).defender;
    const text = this.legalActions()[index];
    this.game.apply(index);
    this.legal = null;
    this.history.push(text);
    const verb = text.split(" ", 1)[0];
    this.took = this.took || verb === "take";
    this.log.push({seat, action: text});
    if (verb === "take") this.taker = seat;
    const table = this.game.observation(0).table;
    if (verb === "catch" && !table.length) this.taker = defender;
    if (!table.length && !PUBLIC_VERBS_NO_ROUND.includes(verb)) {
      const who = this.taker;
      const end = who === null ? "discarded" : `seat ${who} picked up the cards`;
      this.log.push({event: `round over: ${end}`});
      this.taker = null;
    }
  }

  /** Apply an action text that is exactly one of the legal list's (else: Fallback). */
  applyText(text) {
    need(!this.game.isOver, "an action after the end");
    const index = this.legalActions().indexOf(text);
    need(index >= 0, `not a legal action's text: ${text}`);
    this.applyIndex(index);
  }

  /** Replay.bot_moves: the bots play until `seat` is to move; false when the time is up. */
  botMoves(seat, bots, maxHistory) {
    const deadline = Date.now() + BOT_BUDGET_MS;
    while (!this.game.isOver) {
      this.roundStart();
      if (this.cycle || this.history.length >= maxHistory) return true;
      if (Date.now() > deadline) return false;
      const mover = this.game.toMove;
      if (mover === seat) return true;
      const rng = botSeed(this.seed, this.history.length);
      const lo = rng % 2 ** 32;
      const hi = Math.floor(rng / 2 ** 32);
      const index = this.game.x.dk_bot_choice(this.game.h, bots[mover], lo, hi,
                                              this.repeated ? 1 : 0);
      need(index >= 0, `the bot could not choose (${index})`);
      this.applyIndex(index);
    }
    return true;
  }
}

/** The request's fields when this file plays it exactly as play.py would; else Fallback. */
export function wasmRequest(body, engine, maxHistory) {
  const {players, seat, seed, bots, history = [], action = null, options = {}} = body;
  need(Number.isInteger(players) && players >= engine.playersMin
       && players <= engine.playersMax, "players");
  need(Number.isInteger(seat) && seat >= 0 && seat < players, "seat");
  need(Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED, "seed");
  need(Array.isArray(bots) && bots.length === players, "bots");
  const numbers = bots.map((name, k) => (k === seat ? null : WASM_BOTS[name]));
  need(numbers.every((n, k) => k === seat || n !== undefined), "a bot that is not in C");
  need(Array.isArray(history) && history.length <= maxHistory
       && history.every((t) => typeof t === "string"), "history");
  need(action === null || (typeof action === "string" && action !== "wait"), "action");
  need(options !== null && typeof options === "object" && !Array.isArray(options), "options");
  need(Object.values(options).every((v) => typeof v === "boolean" || Number.isInteger(v)),
       "option values");
  need(!Object.keys(options).length || Object.keys(engine.options).length, "options");
  return {players, seat, seed, bots: numbers, history, action, options};
}

/** play.play_step on the wasm engine: the seat's view, as the served playground's. */
export function playStep(engine, body, maxHistory) {
  const request = wasmRequest(body, engine, maxHistory);
  const {players, seat, seed, action} = request;
  const replay = new Replay(engine, players, seed, request.options);
  try {
    for (const text of request.history) replay.applyText(text);
    if (action !== null) {
      need(replay.game.toMove === seat, "not the human's turn");
      replay.applyText(action);
    }
    const finished = replay.botMoves(seat, request.bots, maxHistory);
    return view(replay, seat, !finished);
  } finally {
    replay.game.free();
  }
}

function view(replay, seat, thinking) {
  const game = replay.game;
  const out = game.observation(seat);
  need(!("catches" in out), "a variant with catches");
  // the Python observation's keys the wasm one leaves out (docs/wasm.md), as the Python
  // engine of a variant without teams, seat trumps, losses or swaps has them (the static
  // site plays only such variants on wasm: compiler/web/static_wasm.py)
  const absent = {teams: null, swaps_left: null, trump_of: Array(replay.players).fill(out.trump),
                  losses: Array(replay.players).fill(0)};
  for (const [key, value] of Object.entries(absent)) if (!(key in out)) out[key] = value;
  const over = game.isOver;
  let stopped = null;
  if (!over && !thinking && game.toMove !== seat) {
    stopped = replay.cycle ? "stopped: the same position came back again and again (a cycle)"
      : "stopped: the game is too long";
  }
  let log = replay.log;
  if (out.discard === null) {             // view.discard closed (HR25): this round's only
    let last = -1;
    log.forEach((entry, i) => { if ("event" in entry) last = i; });
    log = log.slice(last + 1);
  }
  return Object.assign(out, {
    history: replay.history.slice(), log, refused: null, thinking, stopped,
    catches: [], asked: false, result: result(game, seat),
  });
}

function result(game, seat) {
  if (!game.isOver) return null;
  if (game.isDraw) return "game over: a draw";
  if (game.loser === seat) return "game over: you are the durak";
  return `game over: seat ${game.loser} is the durak; you did not lose`;
}

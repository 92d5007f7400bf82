// A boardgame.io adapter (docs/npm.md): a `Game` object for any compiled variant, played by
// the wasm engine. No import of boardgame.io itself: the object is plain data and functions.
//
//   import { loadVariant } from "@durakc/engines";
//   import { durakGame } from "@durakc/engines/boardgame";
//   const game = durakGame(await loadVariant("transfer"), { seed: 42 });
//   Client({ game, numPlayers: 2 })   // moves.play("attack 8D") or moves.play(index)
//
// G keeps the whole state as the engine's opaque state text (JSON-safe, as boardgame.io
// needs); playerView replaces it by the seat's observation, so a client never sees the other
// hands, the stock or a closed discard pile (nor the seed, which would reveal the deal).
//
// Out-of-turn actions (HR34's `catch SEAT CARD`, docs/engine-api.md): for a variant that has
// them every seat is an active player (boardgame.io's activePlayers ALL), so any seat may send
// moves.play("catch SEAT CARD") naming itself when the engine offers it that catch; the
// in-turn moves stay toMove's.  G.actors and each view's `actors` and `out_of_turn` (the
// seat's catches) say who may act now; ai.enumerate lists in-turn moves only.

/** boardgame.io's INVALID_MOVE (the same string as boardgame.io/core exports). */
export const INVALID_MOVE = "INVALID_MOVE";

/** A boardgame.io Game for `engine` (an Engine of @durakc/engines). Options: `seed`, the deal's
 * seed (else setupData.seed, else drawn from boardgame.io's seeded random); `name`; `options`,
 * the table settings (a spec's options:), which setupData.options replace: a match created
 * with setupData {options: {deck: 24}} plays a 24-card game (validateSetupData refuses an
 * unknown name or value with the engine's message). */
export function durakGame(engine, options = {}) {
  const scratch = { game: null };
  const restore = (G) => {
    if (!scratch.game) scratch.game = engine.fromState(G.state);
    else scratch.game.setState(G.state);
    return scratch.game;
  };
  return {
    name: options.name ?? engine.variant,
    minPlayers: engine.playersMin,
    maxPlayers: engine.playersMax,
    setup: ({ ctx, random }, setupData) => setup(engine, ctx, random,
      setupData?.seed ?? options.seed, setupData?.options ?? options.options),
    validateSetupData: (setupData) => {
      try {
        engine.checkOptions(setupData?.options ?? options.options);
        return undefined;
      } catch (error) { return error.message; }
    },
    turn: {
      minMoves: 1,
      maxMoves: 1,
      order: { first: ({ G }) => G.toMove ?? 0, next: ({ G }) => G.toMove ?? 0 },
      ...(engine.hasOutOfTurn ? OUT_OF_TURN_TURN : {}),
    },
    moves: {
      play: { move: ({ G, playerID }, action) => play(restore(G), G, playerID, action), client: false },
    },
    endIf: ({ G }) => (G.isOver ? { loser: G.loser, draw: G.isDraw } : undefined),
    playerView: ({ G, playerID }) => playerView(restore(G), G, playerID),
    ai: { enumerate: (G) => restore(G).legalActions().map((a) => ({ move: "play", args: [a] })) },
  };
}

/** The turn's settings with out-of-turn actions: every seat may move (boardgame.io's
 * ActivePlayers.ALL); a catch by another seat is not the current player's move, so it does
 * not end the turn (maxMoves): the turn ends when the catch made another seat toMove (so the
 * current player may have made no move: minMoves 0). */
const OUT_OF_TURN_TURN = {
  minMoves: 0,
  activePlayers: { all: null },
  endIf: ({ G, ctx }) => G.toMove !== null && String(G.toMove) !== String(ctx.currentPlayer),
};

function setup(engine, ctx, random, seed, options) {
  const dealt = seed ?? Math.floor(random.Number() * 2 ** 32);
  const game = engine.newGame(ctx.numPlayers, dealt, options);
  try {
    return summary({ variant: engine.variant, players: ctx.numPlayers, seed: dealt, moves: 0 }, game);
  } finally { game.free(); }
}

/** G's public fields from the game (the state text is hidden by playerView). */
function summary(G, game) {
  G.state = game.state();
  if (game.hasOutOfTurn) G.actors = game.actors();  // HR34: the seats that may act now
  G.toMove = game.toMove;
  G.isOver = game.isOver;
  G.loser = game.loser;
  G.isDraw = game.isDraw;
  return G;
}

/** HR34: whether `action` is an out-of-turn action (a text whose verb is catch): it names
 * its seat, which must be the sender's. */
function outOfTurn(game, action) {
  return game.hasOutOfTurn && typeof action === "string" && /^\s*catch\s/i.test(action);
}

function play(game, G, playerID, action) {
  if (G.isOver) return INVALID_MOVE;
  if (outOfTurn(game, action)) {
    if (action.trim().split(/\s+/)[1] !== String(playerID)) return INVALID_MOVE;
  } else if (String(game.toMove) !== String(playerID)) {
    return INVALID_MOVE;
  }
  try {
    game.apply(action);
  } catch (error) {
    if (error && typeof error.code === "number") return INVALID_MOVE;  // the game is unchanged
    throw error;
  }
  summary(G, game);
  G.moves += 1;
  return undefined;
}

/** What `playerID` may see: its observation (docs/wasm.md), or for a spectator (no playerID)
 * the public part of seat 0's (no hand, no legal actions). Never the state text or seed. */
function playerView(game, G, playerID) {
  const seat = playerID === null || playerID === undefined ? null : Number(playerID);
  const spectator = seat === null || !(seat >= 0 && seat < G.players);
  const view = game.observation(spectator ? 0 : seat);
  if (spectator) {
    view.seat = null;
    view.hand = [];
    view.legal_actions = [];
  }
  const shown = { variant: G.variant, players: G.players, moves: G.moves, toMove: G.toMove,
    isOver: G.isOver, loser: G.loser, isDraw: G.isDraw, view };
  if (game.hasOutOfTurn) {  // HR34: who may act now, and this seat's catches
    shown.actors = game.actors();
    shown.out_of_turn = spectator ? [] : game.outOfTurnActions(seat);
  }
  return shown;
}

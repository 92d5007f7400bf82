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
    },
    moves: {
      play: { move: ({ G, playerID }, action) => play(restore(G), G, playerID, action), client: false },
    },
    endIf: ({ G }) => (G.isOver ? { loser: G.loser, draw: G.isDraw } : undefined),
    playerView: ({ G, playerID }) => playerView(restore(G), G, playerID),
    ai: { enumerate: (G) => restore(G).legalActions().map((a) => ({ move: "play", args: [a] })) },
  };
}

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
  G.toMove = game.toMove;
  G.isOver = game.isOver;
  G.loser = game.loser;
  G.isDraw = game.isDraw;
  return G;
}

function play(game, G, playerID, action) {
  if (G.isOver || String(game.toMove) !== String(playerID)) return INVALID_MOVE;
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
  return { variant: G.variant, players: G.players, moves: G.moves, toMove: G.toMove,
    isOver: G.isOver, loser: G.loser, isDraw: G.isDraw, view };
}

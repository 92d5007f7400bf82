// tests/npm: games through boardgame.io's own Client (Node), one Client per seat over a Local
// master, with the installed @durakc/engines/boardgame adapter.
//   node bgio_games.mjs VARIANT PLAYERS SEED [seeded|random] [GAMES] [OPTIONS_JSON]
// seeded: one game dealt with SEED, each mover choosing (step * 31 + seed * 17) % n from its
// own view's legal actions (odd steps by index, even by text); prints every step's
// currentPlayer, choice and every seat's G as its Client sees it, and the end. OPTIONS_JSON:
// the table settings given to durakGame (a Client's match has no setupData).
// random: GAMES games dealt from boardgame.io's seeded random, choices by Math.random; prints
// one summary line per game.
// bots: GAMES games of boardgame.io's RandomBot (its ai.Step over the adapter's ai.enumerate)
// on one Client; boardgame.io's PRNG seeded with `g<SEED>-<i>`, so the same SEED plays the
// same games; prints one summary line per game. At step 2 of every game a seat out of turn and the mover with an
// index past the list both try to move: the G of every client must not change.
import { createRequire } from "node:module";
import { loadVariant } from "@durakc/engines";
import { durakGame } from "@durakc/engines/boardgame";

const require = createRequire(`${process.env.DURAKC_NPM_DEPS}/`);
const { Client } = require("boardgame.io/client");
const { Local } = require("boardgame.io/multiplayer");
const { RandomBot, Step } = require("boardgame.io/ai");

const [variant, playersArg, seedArg, mode = "seeded", gamesArg = "1", optionsArg] = process.argv.slice(2);
const tableOptions = optionsArg ? JSON.parse(optionsArg) : undefined;
const players = Number(playersArg), seed = Number(seedArg);
const engine = await loadVariant(variant);

function playOne(game, gameSeed, chooser, record) {
  const master = Local();
  const clients = Array.from({ length: players }, (_, p) => Client({ game, numPlayers: players,
    multiplayer: master, playerID: String(p), matchID: `m${gameSeed}` }));
  clients.forEach((c) => c.start());
  const steps = [];
  let refusedUnchanged = null;
  let step = 0;
  for (; !clients[0].getState().ctx.gameover && step < 5000; step++) {
    const current = clients[0].getState().ctx.currentPlayer;
    const mine = clients[Number(current)].getState().G;
    const legal = mine.view.legal_actions;
    if (step === 2) {
      const before = JSON.stringify(clients.map((c) => c.getState().G));
      const other = (Number(current) + 1) % players;
      clients[other].moves.play(0);
      clients[Number(current)].moves.play(legal.length);
      refusedUnchanged = before === JSON.stringify(clients.map((c) => c.getState().G));
    }
    const choice = chooser(step, legal.length);
    if (record) steps.push({ current, choice, views: clients.map((c) => c.getState().G) });
    clients[Number(current)].moves.play(step % 2 ? choice : legal[choice]);
  }
  const end = clients[0].getState();
  const result = { steps: step, gameover: end.ctx.gameover ?? null, refusedUnchanged,
    final: clients.map((c) => c.getState().G), spectator: null };
  if (record) result.record = steps;
  clients.forEach((c) => c.stop());
  return result;
}

if (mode === "seeded") {
  const game = durakGame(engine, { seed, options: tableOptions });
  const result = playOne(game, seed, (step, n) => (step * 31 + seed * 17) % n, true);
  const spectator = Client({ game, numPlayers: players, multiplayer: Local(), matchID: "s" });
  spectator.start();
  result.spectator = spectator.getState().G;
  console.log(JSON.stringify({ seed, ...result }));
} else if (mode === "bots") {
  for (let i = 0; i < Number(gamesArg); i++) {
    const game = { ...durakGame(engine), seed: `g${seed}-${i}` };  // boardgame.io's PRNG seed
    const client = Client({ game, numPlayers: players });
    client.start();
    const bot = new RandomBot({ enumerate: game.ai.enumerate, seed: `b${seed}-${i}` });
    let steps = 0;
    while (!client.getState().ctx.gameover && steps < 5000) { await Step(client, bot); steps++; }
    const { G, ctx } = client.getState();   // a spectator's view: no playerID
    console.log(JSON.stringify({ game: i, steps, gameover: ctx.gameover ?? null, moves: G.moves,
      over: G.isOver, loser: G.loser, hidden: !("state" in G) && G.view.hand.length === 0 }));
    client.stop();
  }
} else {
  const game = durakGame(engine);   // the deal's seed from boardgame.io's random
  for (let i = 0; i < Number(gamesArg); i++) {
    const { steps, gameover, refusedUnchanged, final } = playOne(game, i,
      (_, n) => Math.floor(Math.random() * n), false);
    console.log(JSON.stringify({ game: i, steps, gameover, refusedUnchanged,
      over: final.every((G) => G.isOver), loser: final[0].loser,
      hidden: final.every((G) => !("state" in G) && !("seed" in G)) }));
  }
}

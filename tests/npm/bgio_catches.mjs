// tests/npm: HR34's catches through boardgame.io's own Client (Node), one Client per seat over
// a Local master, with the installed @durakc/engines/boardgame adapter.
//   node bgio_catches.mjs VARIANT PLAYERS SEED
// One game dealt with SEED.  At step s, when a seat's view offers catches (its `out_of_turn`)
// and s % 3 == 0, the first such seat of G.actors sends play(its ((s * 13 + seed) % n)th catch)
// out of turn; else the current player plays legal[(s * 31 + seed * 17) % n].  At the first
// catch, the catcher first sends a catch naming another seat: no client's G may change.
// Prints every step's mover, the action played, actors and every seat's offers, then the end.
import { createRequire } from "node:module";
import { loadVariant } from "@durakc/engines";
import { durakGame } from "@durakc/engines/boardgame";

const require = createRequire(`${process.env.DURAKC_NPM_DEPS}/`);
const { Client } = require("boardgame.io/client");
const { Local } = require("boardgame.io/multiplayer");

const [variant, playersArg, seedArg] = process.argv.slice(2);
const players = Number(playersArg), seed = Number(seedArg);
const engine = await loadVariant(variant);
const game = durakGame(engine, { seed });
const master = Local();
const clients = Array.from({ length: players }, (_, p) => Client({ game, numPlayers: players,
  multiplayer: master, playerID: String(p), matchID: `c${seed}` }));
clients.forEach((c) => c.start());
const views = () => clients.map((c) => c.getState().G);
const steps = [];
let foreignRefused = null;
let step = 0;
for (; !clients[0].getState().ctx.gameover && step < 3000; step++) {
  const G = views();
  const current = Number(clients[0].getState().ctx.currentPlayer);
  const offers = G.map((v) => v.out_of_turn);
  const catchers = G[0].actors.filter((s) => offers[s].length);
  let mover = current, played;
  if (catchers.length && step % 3 === 0) {
    mover = catchers[0];
    played = offers[mover][(step * 13 + seed) % offers[mover].length];
    if (foreignRefused === null) {
      const before = JSON.stringify(G);
      const other = played.replace(/^catch \d+/, `catch ${(mover + 1) % players}`);
      clients[mover].moves.play(other);
      foreignRefused = before === JSON.stringify(views());
    }
  } else {
    const legal = G[current].view.legal_actions;
    played = legal[(step * 31 + seed * 17) % legal.length];
  }
  steps.push({ current, mover, played, actors: G[0].actors, offers, toMove: G[0].toMove });
  clients[mover].moves.play(played);
}
const end = views();
console.log(JSON.stringify({ seed, steps, foreignRefused, gameover: clients[0].getState().ctx.gameover ?? null,
  over: end[0].isOver, loser: end[0].loser }));
clients.forEach((c) => c.stop());

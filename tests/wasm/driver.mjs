// Plays seeded games of one wasm engine for tests/wasm (Python compares them with its engine).
//   node driver.mjs LOADER WASM PLAYERS [OPTIONS_JSON] SEED... : one JSON line per game: every
//   decision's legal texts, the mover's and seat 0's observations, the chosen index, then the
//   outcome; OPTIONS_JSON (an argument starting with "{") is the table settings of newGame.
// Choices are (step * 31 + seed * 17) % n; odd steps apply the chosen action's text in lower
// case (dk_apply_text), even steps its index; at step 5 the state goes through
// state()/fromState() and the game goes on in the restored copy.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [loader, wasm, players, ...rest] = process.argv.slice(2);
const options = rest[0]?.startsWith("{") ? JSON.parse(rest.shift()) : undefined;
const seeds = rest;
const { loadEngine } = await import(pathToFileURL(loader).href);
const engine = await loadEngine(readFileSync(wasm));
for (const seed of seeds.map(Number)) {
  let game = engine.newGame(Number(players), seed, options);
  const steps = [];
  for (let step = 0; !game.isOver && step < 3000; step++) {
    if (step === 5) {
      const restored = engine.fromState(game.state());
      game.free();
      game = restored;
    }
    const legal = game.legalActions();
    const mover = game.toMove;
    const choice = (step * 31 + seed * 17) % legal.length;
    steps.push({ legal, mover, obs: game.observation(mover), obs0: game.observation(0), choice });
    if (step % 2) game.apply(legal[choice].toLowerCase());
    else game.apply(choice);
  }
  console.log(JSON.stringify({ seed, steps, outcome: game.outcome(), obs0: game.observation(0) }));
  game.free();
}

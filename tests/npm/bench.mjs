// Speed of @durakc/engines in Node (docs/npm.md, "Speed"); not run by the tests.
//   node tests/npm/bench.mjs PACKAGE_DIR VARIANT [PLAYERS] [GAMES]
// PACKAGE_DIR is what `durakc build --target npm` wrote. Prints whole random games inside
// wasm (Engine.benchRandom: the loop and seeds of `durakc bench --backend native`), then the
// JS-driven step loop through the package's Game (legalCount and apply(index) per decision,
// the choice by a JS LCG), medians of 3 runs each.
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [dir, variant, players = "2", games = "2000"] = process.argv.slice(2);
const { loadVariant } = await import(pathToFileURL(resolve(dir, "index.mjs")).href);
const engine = await loadVariant(variant);
const p = Number(players), n = Number(games);
const median = (xs) => xs.slice().sort((a, b) => a - b)[1];

const whole = () => {
  const t = performance.now();
  const actions = engine.benchRandom(p, 0, n, 0);
  return [n / ((performance.now() - t) / 1000), actions / n];
};
engine.benchRandom(p, 0, 200, 0);  // warm up
const runs = [whole(), whole(), whole()];
console.log(`${variant} ${p}p whole games in wasm: ${Math.round(median(runs.map((r) => r[0])))} ` +
  `games/s (${runs[0][1].toFixed(1)} actions/game)`);

let x = 12345;
const drive = (count) => {
  let steps = 0;
  for (let seed = 0; seed < count; seed++) {
    const game = engine.newGame(p, seed);
    while (!game.isOver) {
      x = (x * 1103515245 + 12345) >>> 0;
      game.apply((x >>> 8) % game.legalCount);
      steps++;
    }
    game.free();
  }
  return steps;
};
drive(200);
const rates = [0, 1, 2].map(() => {
  const t = performance.now();
  const steps = drive(n);
  return steps / ((performance.now() - t) / 1000);
});
console.log(`${variant} ${p}p JS-driven step loop (Game.apply): ${Math.round(median(rates))} actions/s`);

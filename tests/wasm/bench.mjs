// Speed of a wasm engine in Node (docs/wasm.md, "Speed"); not run by the tests.
//   node tests/wasm/bench.mjs build/wasm/durak-wasm.mjs build/wasm/transfer.wasm [PLAYERS] [GAMES]
// Prints whole random games inside wasm (the same loop and seeds as `durakc bench --backend
// native`: games 0 .. GAMES-1, choices from random.Random(0)), then the JS-driven step loop:
// legalCount and apply(index) per decision from JavaScript, the choice by a JS LCG.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [loader, wasm, players = "2", games = "2000"] = process.argv.slice(2);
const { loadEngine } = await import(pathToFileURL(loader).href);
const engine = await loadEngine(readFileSync(wasm));
const p = Number(players), n = Number(games);
engine.benchRandom(p, 0, 200, 0);  // warm up
let t = performance.now();
const actions = engine.benchRandom(p, 0, n, 0);
let s = (performance.now() - t) / 1000;
console.log(`${engine.variant} ${p}p whole games in wasm: ${Math.round(n / s)} games/s, ` +
  `${Math.round(actions / s)} actions/s, ${(actions / n).toFixed(1)} actions/game`);

let x = 12345, steps = 0;
const drive = (count) => {
  for (let seed = 0; seed < count; seed++) {
    const game = engine.newGame(p, seed);
    while (!game.isOver) {
      x = (x * 1103515245 + 12345) >>> 0;
      game.apply((x >>> 8) % game.legalCount);
      steps++;
    }
    game.free();
  }
};
drive(200);
steps = 0;
t = performance.now();
drive(n);
s = (performance.now() - t) / 1000;
console.log(`${engine.variant} ${p}p JS-driven step loop: ${Math.round(steps / s)} actions/s ` +
  `(${Math.round(n / s)} games/s)`);

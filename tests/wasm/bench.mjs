// Speed of a wasm engine in Node (docs/wasm.md, "Speed"); not run by the tests.
//   node tests/wasm/bench.mjs LOADER WASM [PLAYERS] [GAMES] [REPEAT]
// Prints whole random games inside wasm (the same loop and seeds as `durakc bench --backend
// native`: games 0 .. GAMES-1, choices from random.Random(0)), then the JS-driven step loop:
// legalCount and apply(index) per decision from JavaScript, the choice by a JS LCG.  With
// REPEAT > 1 each figure is the median of REPEAT runs (the range follows it).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [loader, wasm, players = "2", games = "2000", repeat = "1"] = process.argv.slice(2);
const { loadEngine } = await import(pathToFileURL(loader).href);
const engine = await loadEngine(readFileSync(wasm));
const p = Number(players), n = Number(games), r = Number(repeat);

/** The median and range of `r` runs of `run()`, each returning [count, seconds]. */
function measure(run) {
  const rates = [];
  let count = 0;
  for (let i = 0; i < r; i++) {
    const [c, s] = run();
    rates.push(c / s);
    count = c;
  }
  rates.sort((a, b) => a - b);
  const f = (x) => Math.round(x).toLocaleString("en-US");
  return { count, median: rates[(r - 1) >> 1], range: `${f(rates[0])}-${f(rates[r - 1])}`, f };
}

engine.benchRandom(p, 0, 200, 0);  // warm up
const whole = measure(() => {
  const t = performance.now();
  const actions = engine.benchRandom(p, 0, n, 0);
  return [actions, (performance.now() - t) / 1000];
});
const perGame = whole.count / n;
console.log(`${engine.variant} ${p}p whole games in wasm: ${whole.f(whole.median / perGame)} ` +
  `games/s, ${whole.f(whole.median)} actions/s, ${perGame.toFixed(1)} actions/game` +
  (r > 1 ? ` (actions/s range ${whole.range})` : ""));

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
const driven = measure(() => {
  const t = performance.now();
  const steps = drive(n);
  return [steps, (performance.now() - t) / 1000];
});
console.log(`${engine.variant} ${p}p JS-driven step loop: ${driven.f(driven.median)} actions/s` +
  (r > 1 ? ` (range ${driven.range})` : ""));

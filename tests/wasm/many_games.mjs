// Plays many seeded games of one wasm engine in one Node process, for
// tests/wasm/test_wasm_every_variant.py (Python replays them with its engine).
//   node many_games.mjs LOADER WASM PLAYERS:FIRST_SEED:GAMES ...
// One JSON line per game: {players, seed, legal: [every decision's legal texts], choices,
// outcome, obs0 (seat 0's observation at the end)}.  The choice at step k of game `seed` is
// (k * 7 + seed * 13 + (k >> 3)) % (number of legal actions), so Python can replay it.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [loader, wasm, ...runs] = process.argv.slice(2);
const { loadEngine } = await import(pathToFileURL(loader).href);
const engine = await loadEngine(readFileSync(wasm));
const lines = [];
for (const run of runs) {
  const [players, first, games] = run.split(":").map(Number);
  for (let seed = first; seed < first + games; seed++) {
    const game = engine.newGame(players, seed);
    const legal = [], choices = [];
    for (let step = 0; !game.isOver && step < 5000; step++) {
      const texts = game.legalActions();
      const choice = (step * 7 + seed * 13 + (step >> 3)) % texts.length;
      legal.push(texts);
      choices.push(choice);
      game.apply(choice);
    }
    lines.push(JSON.stringify({ players, seed, legal, choices, outcome: game.outcome(),
      obs0: game.observation(0) }));
    game.free();
  }
}
process.stdout.write(lines.join("\n") + "\n");

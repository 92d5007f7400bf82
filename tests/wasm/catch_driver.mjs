// Plays seeded games of a wasm engine with out-of-turn actions (HR34's catch) for
// tests/wasm/test_wasm_catches.py, which replays them on the Python engine.
//   node catch_driver.mjs LOADER WASM PLAYERS SEED... : one JSON line per game: every
//   decision's actors(), each seat's outOfTurnActions(), the legal texts and the action
//   played, then the outcome; the game without out-of-turn members says so ({"members": false}).
// At step s, when some seat holds catches and (s * 7 + seed) % 3 == 0, the first such seat of
// actors() (clockwise from s % its count) catches its ((s * 13 + seed) % n)th card (by text,
// in lower case every other time); otherwise to_move plays legal[(s * 31 + seed * 17) % n].
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [loader, wasm, players, ...seeds] = process.argv.slice(2);
const { loadEngine } = await import(pathToFileURL(loader).href);
const engine = await loadEngine(readFileSync(wasm));
for (const seed of seeds.map(Number)) {
  const game = engine.newGame(Number(players), seed);
  if (typeof game.actors !== "function") {
    console.log(JSON.stringify({ seed, members: false }));
    game.free();
    continue;
  }
  const steps = [];
  for (let step = 0; !game.isOver && step < 3000; step++) {
    const actors = game.actors();
    const offers = Array.from({ length: Number(players) }, (_, s) => game.outOfTurnActions(s));
    const legal = game.legalActions();
    const catchers = actors.filter((s) => offers[s].length);
    let played;
    if (catchers.length && (step * 7 + seed) % 3 === 0) {
      const seat = catchers[step % catchers.length];
      played = offers[seat][(step * 13 + seed) % offers[seat].length];
    } else {
      played = legal[(step * 31 + seed * 17) % legal.length];
    }
    steps.push({ actors, offers, legal, played });
    game.apply(step % 2 ? played.toLowerCase() : played);
  }
  let refused = null;  // a catch the engine does not offer: EngineError, the game unchanged
  if (!game.isOver) {
    try { game.apply(`catch ${game.toMove} AS`); } catch (err) { refused = err.code; }
  }
  console.log(JSON.stringify({ seed, steps, outcome: game.outcome(), refused,
    overActors: game.isOver ? game.actors() : null }));
  game.free();
}

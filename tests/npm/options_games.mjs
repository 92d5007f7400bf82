// tests/npm: table settings (options:) through the installed @durakc/engines.
//   node options_games.mjs VARIANT PLAYERS OPTIONS_JSON SEED... : one JSON line per game dealt
//   with newGame({players, seed, options}); choices (step * 31 + seed * 17) % n by index;
//   every decision's legal texts, the game's options, seat 0's final observation, history.
//   node options_games.mjs VARIANT refusals : what newGame throws for wrong settings.
import { loadVariant } from "@durakc/engines";

const [variant, players, optionsArg, ...seeds] = process.argv.slice(2);
const engine = await loadVariant(variant);
if (players === "refusals") {
  const refused = (options) => {
    try { engine.newGame({ players: 2, seed: 1, options }); return null; } catch (e) { return [e.name, e.message]; }
  };
  console.log(JSON.stringify({
    declared: engine.options,
    cases: [{ deck: 25 }, { dek: 24 }, { transfer: "yes" }, { first_limit: 5.5 }].map(refused),
    notObject: refused(3),
  }));
} else {
  const options = JSON.parse(optionsArg);
  for (const seed of seeds.map(Number)) {
    const game = engine.newGame({ players: Number(players), seed, options });
    const legal = [];
    for (let step = 0; !game.isOver && step < 3000; step++) {
      const texts = game.legalActions();
      legal.push(texts);
      game.apply((step * 31 + seed * 17) % texts.length);
    }
    console.log(JSON.stringify({ seed, legal, options: game.options, history: game.history,
      obs0: game.observation(0), outcome: game.outcome() }));
    game.free();
  }
}

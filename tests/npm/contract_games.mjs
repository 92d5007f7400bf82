// tests/npm: seeded games through the installed @durakc/engines (engine contract, engine.mjs).
//   node contract_games.mjs VARIANT PLAYERS SEED... : one JSON line per game.
// Choices are (step * 31 + seed * 17) % n; odd steps play the text in lower case, even steps
// the index. At step 3 an index past the list and a card-less "beat" are tried: each must
// throw (IllegalAction, InvalidAction) and leave state() as it was. The game's history, a
// copy's history and the outcome are printed for Python to compare, and at step 5 a game
// restored from state() plays the last legal action (its history: that one text).
import { IllegalAction, InvalidAction, loadVariant } from "@durakc/engines";

const [variant, players, ...seeds] = process.argv.slice(2);
const engine = await loadVariant(variant);
for (const seed of seeds.map(Number)) {
  const game = engine.newGame({ players: Number(players), seed });
  const refusals = [];
  let restored = null;
  let step = 0;
  for (; !game.isOver && step < 3000; step++) {
    const legal = game.legalActions();
    if (step === 3) {
      for (const [bad, Kind] of [[legal.length, IllegalAction], ["beat", InvalidAction]]) {
        const before = game.state();
        try { game.apply(bad); refusals.push("accepted"); } catch (error) {
          refusals.push(error instanceof Kind && game.state() === before ? error.constructor.name : `wrong: ${error}`);
        }
      }
    }
    if (step === 5) {  // a restored game's history starts at its state
      const copy = engine.fromState(game.state());
      copy.apply(legal[legal.length - 1].toLowerCase());
      restored = { history: copy.history, toMove: copy.toMove };
      copy.free();
    }
    const choice = (step * 31 + seed * 17) % legal.length;
    if (step % 2) game.apply(legal[choice].toLowerCase());
    else game.apply(choice);
  }
  const copy = game.copy();
  console.log(JSON.stringify({ seed, steps: step, history: game.history, copied: copy.history,
    outcome: game.outcome(), toMove: game.toMove, players: game.players, refusals, restored }));
  copy.free();
  game.free();
}

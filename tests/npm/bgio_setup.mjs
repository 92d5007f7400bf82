// tests/npm: boardgame.io's own createMatch (what its server runs for a new match) with the
// adapter's validateSetupData and setup: setupData.options set the table settings.
//   node bgio_setup.mjs PLAYERS SETUP_JSON... : one JSON line per setupData: the setupData
//   error, or the match's first G as seat 0's client sees it (playerView).
import { createRequire } from "node:module";
import { loadVariant } from "@durakc/engines";
import { durakGame } from "@durakc/engines/boardgame";

const require = createRequire(`${process.env.DURAKC_NPM_DEPS}/`);
const { createMatch } = require("boardgame.io/internal");

const [players, ...setups] = process.argv.slice(2);
const game = durakGame(await loadVariant("table"));
for (const setupData of setups.map((s) => JSON.parse(s))) {
  const match = createMatch({ game, numPlayers: Number(players), setupData });
  if ("setupDataError" in match) {
    console.log(JSON.stringify({ error: match.setupDataError }));
  } else {
    const G = match.initialState.G;
    console.log(JSON.stringify({ seed: G.seed, view: game.playerView({ G, playerID: "0" }) }));
  }
}

// tests/npm: the adapter's Game object is a boardgame.io Game to boardgame.io's own types;
// `tsc --strict --skipLibCheck` must compile this (skipLibCheck: boardgame.io 0.50's own
// dependency ts-toolbelt does not pass a library check under current TypeScript). Node can
// not import boardgame.io/client as an ES module (a folder import): it is required, typed as
// boardgame.io types it.
import { createRequire } from "node:module";
import type { Game } from "boardgame.io";
import { loadVariant, type TransferTypes } from "@durakc/engines";
import { durakGame, type DurakView } from "@durakc/engines/boardgame";

const { Client } = createRequire(import.meta.url)("boardgame.io/client") as
  typeof import("boardgame.io/client");
const game: Game = durakGame(await loadVariant("transfer"), { seed: 3 });
const client = Client({ game, numPlayers: 2, playerID: "0" });
client.start();
const view = client.getState()?.G as DurakView<TransferTypes> | undefined;
console.log(JSON.stringify({ current: client.getState()?.ctx.currentPlayer,
  hand: view?.view.hand }));

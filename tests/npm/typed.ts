// tests/npm: a TypeScript file using @durakc/engines' types; `tsc --strict` must compile it.
import { loadVariant, IllegalAction, type Observation, type TransferAction, type TransferCard,
  type TransferTypes, type Engine, type Game, type TableOptions, type TableTypes } from "@durakc/engines";
import { durakGame, type DurakView } from "@durakc/engines/boardgame";

const engine: Engine<TransferTypes> = await loadVariant("transfer");
const game: Game<TransferTypes> = engine.newGame({ players: 2, seed: 42 });
const legal: TransferAction[] = game.legalActions();
const opening: TransferAction = "attack 8D";
const card: TransferCard = "10H";
const obs: Observation<TransferTypes> = game.observation(0);
const hand: TransferCard[] = obs.hand;
const discard: TransferCard[] = obs.discard;  // open pile in transfer
const mover: number | null = game.toMove;
// the keys of a few capabilities (docs/wasm.md) are optional: transfer has none of them
const open: TransferCard[][] | undefined = obs.hands;
const asked: number[] = obs.redeal_asked ?? [];
const changes: [TransferCard, TransferCard][] = obs.trump_changes ?? [];
const lots: (TransferCard | null)[] = obs.seat_trump_cards ?? [];
const optional = [open === undefined, asked.length, changes.length, lots.length];
try {
  game.apply(legal.includes(opening) ? opening : 0);
} catch (error) {
  if (!(error instanceof IllegalAction)) throw error;
}
const closed = await loadVariant("closed-discard");
const pile: null = closed.newGame(2).observation(0).discard;
const bg = durakGame(engine, { seed: 1 });
const view: DurakView<TransferTypes> = bg.playerView({ G: bg.setup({ ctx: { numPlayers: 2 },
  random: { Number: () => 0.5 } }), playerID: "0" });
const seen: TransferCard[] = view.view.hand;
// table settings (options:): their types come from the spec
const table: Engine<TableTypes> = await loadVariant("table");
const chosen: Partial<TableOptions> = { deck: 24, transfer: false };
const small: Game<TableTypes> = table.newGame({ players: 3, seed: 7, options: chosen });
const settings: TableOptions = small.options;
const deck: 24 | 36 | 52 = settings.deck;
const shown: TableOptions | undefined = small.observation(0).options;
const limit: 5 | 6 = table.newGame(2, 7, { first_limit: 5 }).options.first_limit;
const declared: number = Object.keys(table.options).length;
const tableGame = { deck, transfer: settings.transfer, shown, limit, declared,
  dealt: small.observation(0).hand_sizes.reduce((a, b) => a + b, 0) + small.observation(0).stock_size };
console.log(JSON.stringify({ legal, card, hand, discard, mover, pile, seen, optional, players: game.players,
  tableGame }));

// tests/npm: a TypeScript file using @durakc/engines' types; `tsc --strict` must compile it.
import { loadVariant, IllegalAction, type Observation, type TransferAction, type TransferCard,
  type TransferTypes, type Engine, type Game } from "@durakc/engines";
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
console.log(JSON.stringify({ legal, card, hand, discard, mover, pile, seen, optional, players: game.players }));

// Types of @durakc/engines (docs/npm.md). The per-variant card and action types are generated
// into variants.d.ts by `durakc build --target npm`; this file is the generic part.
import type { Variants } from "./variants.js";

export * from "./variants.js";

/** What an Engine is typed by: one variant's texts and counts (see variants.d.ts). */
export interface VariantTypes {
  name: string;
  card: string;
  action: string;
  suit: string;
  players: number;
  closedDiscard: boolean;
  /** The table settings (a spec's options:): name -> its values' type; for a variant
   * without options, Record<string, never> (no name is one). */
  options: object;
}

/** One table setting's declaration (the Python engine's OPTIONS entry). */
export interface OptionDeclaration {
  type: "bool" | "int";
  default: boolean | number;
  text: string;
  /** The values it takes (a bool's: [false, true]); absent for a range. */
  values?: (boolean | number)[];
  /** [low, high] of a whole number from low to high. */
  range?: [number, number];
  /** "deck.size" for the option that sets the deck's size. */
  sets?: string;
}

/** The name of a variant in this package. */
export type VariantName = keyof Variants & string;

/** A seat, 0 .. players - 1. */
export type Seat = number;

/** The phase of a round ("over" once the game is over). */
export type Phase = "attack" | "defend" | "throw" | "over";

/** What one seat may know: the Python engine's observation(seat) (docs/engine-api.md) without
 * `history`, `teams`, `trump_of`, `losses`, `swaps_left` (docs/wasm.md, "Observation"); the
 * optional keys are there in the variants whose capability has them. */
export interface Observation<V extends VariantTypes = VariantTypes> {
  variant: V["name"];
  seat: Seat;
  players: V["players"];
  hand: V["card"][];
  hand_sizes: number[];
  /** [attack, defence] pairs of this round; defence null while unbeaten. */
  table: [V["card"], V["card"] | null][];
  trump: V["suit"] | null;
  trump_card: V["card"] | null;
  stock_size: number;
  /** Cards set aside unseen (deck.stock / trump.card set-aside rules), where there are. */
  set_aside_size?: number;
  /** Every seat's hand, where hands are open (view.hands: all, HR26). */
  hands?: V["card"][][];
  /** [face-up card drawn, card turned in its place] (trump.hidden_second, CT2). */
  trump_changes?: [V["card"], V["card"]][];
  /** The seats that asked for a redeal this game (deal.offer_redeal, HR19). */
  redeal_asked?: Seat[];
  /** Per seat, the card turned for its trump while it lies in the stock (HR15). */
  seat_trump_cards?: (V["card"] | null)[];
  /** The discard pile, or null where it is closed (then only its size is known). */
  discard: V["closedDiscard"] extends true ? null : V["card"][];
  discard_size?: V["closedDiscard"] extends true ? number : never;
  phase: Phase;
  attacker: Seat | null;
  defender: Seat | null;
  to_move: Seat | null;
  limit: number;
  out: Seat[];
  is_over: boolean;
  loser: Seat | null;
  is_draw: boolean;
  /** The table settings the game plays with, in the variants that declare options. */
  options?: V["options"];
  /** The legal actions when this seat is to move; empty otherwise. */
  legal_actions: V["action"][];
}

/** How a game ended (or not yet). */
export interface Outcome<V extends VariantTypes = VariantTypes> {
  variant: V["name"];
  is_over: boolean;
  loser: Seat | null;
  is_draw: boolean;
}

/** The options of a new game. */
export interface GameOptions<V extends VariantTypes = VariantTypes> {
  players: V["players"];
  /** The deal's seed, an integer 0 <= seed < 2**53 (default 0): the Python engine's
   * new_game(players, seed) deals the same game. */
  seed?: number;
  /** The table settings (name -> value, the others at their defaults): new_game(...,
   * options=...). A wrong name or value is a type error, and a RangeError at run time. */
  options?: Partial<V["options"]>;
}

/** An error from the engine: `code` is the ABI's negative result (docs/wasm.md). */
export declare class EngineError extends Error {
  readonly code: number;
  constructor(code: number, what: string);
}
/** An action that is not legal now; the game is unchanged. */
export declare class IllegalAction extends EngineError {}
/** A text that names no action of the variant's deck. */
export declare class InvalidAction extends IllegalAction {}

/** A game in progress (the engine contract: docs/engine-api.md). */
export declare class Game<V extends VariantTypes = VariantTypes> {
  readonly players: V["players"];
  /** The seat that must act now; null once the game is over. */
  readonly toMove: Seat | null;
  readonly isOver: boolean;
  /** The durak's seat; null while not over or on a draw. */
  readonly loser: Seat | null;
  readonly isDraw: boolean;
  /** The table settings this game plays with. */
  readonly options: V["options"];
  /** How many legal actions there are (0 exactly when the game is over). */
  readonly legalCount: number;
  /** The canonical texts of the actions applied (replayed from the deal or restored state). */
  readonly history: V["action"][];
  legalActions(): V["action"][];
  legalText(index: number): V["action"] | null;
  /** Whether the variant has out-of-turn actions (HR34's `catch SEAT CARD`, docs/engine-api.md
   * "Out-of-turn actions"); apply() then also takes any seat's out-of-turn action text. */
  readonly hasOutOfTurn: boolean;
  /** The seats that may act now: toMove, then every seat holding an out-of-turn action,
   * clockwise from it; [] once the game is over ([toMove] without out-of-turn actions). */
  actors(): Seat[];
  /** The out-of-turn action texts `seat` may play now, by card ([] for none). */
  outOfTurnActions(seat: Seat): V["action"][];
  /** Play an action by index into legalActions() or by text (any case, suit symbols);
   * throws IllegalAction and leaves the game unchanged when it is not legal. */
  apply(action: V["action"] | number): void;
  observation(seat: Seat): Observation<V>;
  outcome(): Outcome<V>;
  /** The whole state as an opaque JSON text (Engine.fromState restores it). */
  state(): string;
  setState(state: string): void;
  copy(): Game<V>;
  /** Free the game's memory inside the module. */
  free(): void;
}

/** One variant's engine. */
export declare class Engine<V extends VariantTypes = VariantTypes> {
  readonly variant: V["name"];
  readonly playersMin: number;
  readonly playersMax: number;
  /** The variant's table settings: name -> declaration ({} without options). */
  readonly options: { readonly [N in keyof V["options"]]: OptionDeclaration };
  /** Whether the variant has out-of-turn actions (HR34's catch; docs/engine-api.md). */
  readonly hasOutOfTurn: boolean;
  newGame(players: V["players"], seed?: number, options?: Partial<V["options"]>): Game<V>;
  newGame(options: GameOptions<V>): Game<V>;
  /** Throws RangeError (TypeError) as newGame does for settings the variant does not take. */
  checkOptions(options: Partial<V["options"]> | undefined): void;
  fromState(state: string): Game<V>;
  /** Whole random games inside wasm: the number of actions played. */
  benchRandom(players: V["players"], seed: number, games: number, choiceSeed?: number): number;
}

/** Variant name -> its module in wasm/. */
export declare const VARIANTS: { readonly [N in VariantName]: string };

/** The URL of a bundled variant's wasm module. */
export declare function wasmUrl(name: VariantName): URL;
/** A bundled variant's Engine (read from disk in Node, fetched in a browser). */
export declare function loadVariant<N extends VariantName>(name: N): Promise<Engine<Variants[N]>>;
/** An Engine from a module's bytes or a fetch() Response. */
export declare function loadEngine(source: BufferSource | Response): Promise<Engine>;

// Types of @durakc/engines/boardgame (docs/npm.md): a boardgame.io Game for a variant.
// Written without importing boardgame.io's own types, so the package needs none installed;
// the object fits boardgame.io's `Game` (0.50).
import type { Engine, Observation, Seat, VariantTypes } from "./index.js";

export declare const INVALID_MOVE: "INVALID_MOVE";

/** G: the engine's opaque state text and public fields (playerView hides the state). */
export interface DurakState<V extends VariantTypes = VariantTypes> {
  variant: V["name"];
  players: V["players"];
  seed: number;
  moves: number;
  state: string;
  toMove: Seat | null;
  isOver: boolean;
  loser: Seat | null;
  isDraw: boolean;
  /** HR34 (a variant with out-of-turn actions only): the seats that may act now. */
  actors?: Seat[];
}

/** What playerView gives a client: its seat's observation, nothing hidden from it. */
export interface DurakView<V extends VariantTypes = VariantTypes> {
  variant: V["name"];
  players: V["players"];
  moves: number;
  toMove: Seat | null;
  isOver: boolean;
  loser: Seat | null;
  isDraw: boolean;
  /** HR34 (a variant with out-of-turn actions only): the seats that may act now, and this
   * seat's catches (none for a spectator), each a move play("catch SEAT CARD") of that seat. */
  actors?: Seat[];
  out_of_turn?: V["action"][];
  /** For a spectator: seat null, no hand, no legal actions. */
  view: Omit<Observation<V>, "seat"> & { seat: Seat | null };
}

export interface DurakGameOptions<V extends VariantTypes = VariantTypes> {
  /** The deal's seed (else setupData.seed, else drawn from boardgame.io's random). */
  seed?: number;
  name?: string;
  /** The table settings (a spec's options:) of every match; setupData.options replace them. */
  options?: Partial<V["options"]>;
}

/** A match's setupData (boardgame.io's createMatch / Client setupData). */
export interface DurakSetupData<V extends VariantTypes = VariantTypes> {
  seed?: number;
  /** The table settings of this match: {deck: 24, transfer: false} (docs/npm.md). */
  options?: Partial<V["options"]>;
}

/** The boardgame.io Game object (moves.play(action text or index)). */
export interface DurakGame<V extends VariantTypes = VariantTypes> {
  name: string;
  minPlayers: number;
  maxPlayers: number;
  setup(context: { ctx: { numPlayers: number }; random: { Number(): number } },
        setupData?: DurakSetupData<V>): DurakState<V>;
  /** An error text for setupData whose options the variant does not take, else undefined. */
  validateSetupData(setupData: DurakSetupData<V> | undefined, numPlayers: number): string | undefined;
  turn: {
    minMoves: number;
    maxMoves: number;
    /** With out-of-turn actions: every seat may move. The value is boardgame.io's
     * ActivePlayers.ALL ({ all: Stage.NULL }, null at run time); it is typed as boardgame.io
     * types that constant, whose Stage.NULL is `any`: `null` itself is not a StageArg. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    activePlayers?: { all: any };
    /** With out-of-turn actions: a catch that made another seat toMove ends the turn. */
    endIf?(context: { G: DurakState<V>; ctx: { currentPlayer: string } }): boolean;
    order: {
      first(context: { G: DurakState<V> }): number;
      next(context: { G: DurakState<V> }): number;
    };
  };
  moves: {
    play: {
      move(context: { G: DurakState<V>; playerID: string }, action: V["action"] | number):
        void | typeof INVALID_MOVE;
      client: boolean;
    };
  };
  endIf(context: { G: DurakState<V> }): { loser: Seat | null; draw: boolean } | undefined;
  playerView(context: { G: DurakState<V>; playerID?: string | null }): DurakView<V>;
  ai: { enumerate(G: DurakState<V>): { move: "play"; args: [V["action"]] }[] };
}

export declare function durakGame<V extends VariantTypes>(engine: Engine<V>,
  options?: DurakGameOptions<V>): DurakGame<V>;

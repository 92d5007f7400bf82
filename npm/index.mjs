// @durakc/engines: durakc's Durak variants as WebAssembly engines for Node and browsers
// (docs/npm.md). loadVariant(name) instantiates a bundled variant's module; the Engine and
// Game follow the engine contract (engine.mjs); boardgame.io Game objects: ./boardgame.mjs.
import { Engine, EngineError, Game, IllegalAction, InvalidAction, loadEngine } from "./engine.mjs";
import { VARIANTS } from "./variants.mjs";

export { Engine, EngineError, Game, IllegalAction, InvalidAction, loadEngine, VARIANTS };

/** The URL of a bundled variant's wasm module (beside this file, in wasm/). */
export function wasmUrl(name) {
  const module = Object.prototype.hasOwnProperty.call(VARIANTS, name) ? VARIANTS[name] : null;
  if (!module) {
    throw new RangeError(`no variant ${JSON.stringify(name)} in this package; it has ` +
      Object.keys(VARIANTS).join(", "));
  }
  return new URL(`./wasm/${module}.wasm`, import.meta.url);
}

/** The Engine of a bundled variant: read from disk in Node, fetched in a browser. */
export async function loadVariant(name) {
  const url = wasmUrl(name);
  if (url.protocol === "file:") {
    const { readFile } = await import("node:fs/promises");
    return loadEngine(await readFile(url));
  }
  return loadEngine(await fetch(url));
}

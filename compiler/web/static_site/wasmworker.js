// The static playground's wasm worker: /api/play for a bundled variant, answered by the
// variant's wasm engine (wasm/<module>.wasm, loaded with wasm/durak-wasm.mjs) and
// wasmplay.js with the served playground's JSON.  A request it can not answer exactly as
// the Python engine would comes back as {fallback: reason}: transport.js then asks Pyodide.

import {loadEngine} from "../../wasm/durak-wasm.mjs";
import {playStep} from "./wasmplay.js";

const base = new URL("../../", import.meta.url);
const engines = new Map();

function engine(module) {
  if (!engines.has(module)) {
    engines.set(module, fetch(new URL(`wasm/${module}.wasm`, base)).then((response) => {
      if (!response.ok) throw new Error(`wasm/${module}.wasm: ${response.status}`);
      return response.arrayBuffer();
    }).then(loadEngine));
  }
  return engines.get(module);
}

self.onmessage = async (event) => {
  const {id, module, body, maxHistory} = event.data;
  try {
    const loaded = await engine(module);
    const started = performance.now();
    const answer = playStep(loaded, body, maxHistory);
    answer.elapsed_ms = Math.round((performance.now() - started) * 100) / 100;
    postMessage({id, status: 200, body: answer});
  } catch (err) {
    postMessage({id, fallback: String(err && err.message || err)});
  }
};

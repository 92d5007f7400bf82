// The static playground's play step (compiler/web/static_site/wasmplay.js) under Node, for
// tests/wasm/test_wasm_playground.py: reads a JSON list of /api/play bodies on stdin, prints
// the list of answers (the view, or {"fallback": reason} where Pyodide would answer).
//   node playground.mjs MODULE.wasm < bodies.json

import {readFileSync} from "node:fs";
import {loadEngine} from "../../compiler/wasm/durak-wasm.mjs";
import {Fallback, playStep} from "../../compiler/web/static_site/wasmplay.js";

const engine = await loadEngine(readFileSync(process.argv[2]));
const bodies = JSON.parse(readFileSync(0, "utf-8"));
const answers = bodies.map((body) => {
  try {
    return playStep(engine, body, 5000);
  } catch (err) {
    if (err instanceof Fallback) return {fallback: err.message};
    throw err;
  }
});
process.stdout.write(JSON.stringify(answers));

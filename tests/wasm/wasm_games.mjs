// dk_play_games through the static site's wasmgames.js under Node, for
// tests/wasm/test_wasm_compare.py:  node wasm_games.mjs MODULE.wasm < request.json
// (the request as durakc.web.wasm_games sends it; prints playGames' answer).

import {readFileSync} from "node:fs";
import {basename} from "node:path";
import {playGames, register} from "../../compiler/web/static_site/wasmgames.js";

const path = process.argv[2];
const module = basename(path, ".wasm");
const {instance} = await WebAssembly.instantiate(readFileSync(path),
  {wasi_snapshot_preview1: new Proxy({}, {get: () => () => 52})});
register(module, instance.exports);
process.stdout.write(playGames(module, readFileSync(0, "utf-8")));

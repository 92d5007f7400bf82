// Whole games on the wasm engines, for the comparisons the Pyodide worker runs
// (durakc.web.wasm_games): `playGames(module, request)` is called from Python, synchronously,
// with the games of one chunk as JSON and returns their records as JSON (dk_play_games,
// docs/wasm.md).  The modules are fetched with a synchronous request (allowed in a worker)
// and instantiated synchronously, once each.

const base = new URL("../../", import.meta.url);
const modules = new Map();

// The WASI functions a module could import: none is called (docs/wasm.md); as the loader's.
const WASI_SHIM = new Proxy({}, {get: () => () => 52});

function exportsOf(module) {
  if (!modules.has(module)) {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", new URL(`wasm/${module}.wasm`, base).href, false);
    xhr.responseType = "arraybuffer";
    xhr.send();
    if (xhr.status !== 200 && xhr.status !== 0) throw new Error(`wasm/${module}.wasm: ${xhr.status}`);
    const compiled = new WebAssembly.Module(xhr.response);
    const x = new WebAssembly.Instance(compiled, {wasi_snapshot_preview1: WASI_SHIM}).exports;
    if (x._initialize) x._initialize();
    modules.set(module, x);
  }
  return modules.get(module);
}

/** Use the exports `x` of an instantiated module for `module` (Node, the tests). */
export function register(module, x) {
  if (x._initialize) x._initialize();
  modules.set(module, x);
}

/** {players, deal_seeds, bot_seeds, seat_bots (n * players ints), options (ints or null)}
 * as JSON -> {records: [[ints] per game]} or {error: code or reason} as JSON (Python then
 * plays the chunk on its engines). */
export function playGames(module, text) {
  try {
    return play(exportsOf(module), text);
  } catch (err) {        // a module of an older build (no dk_play_games), a failed fetch
    return JSON.stringify({error: String(err && err.message || err)});
  }
}

function play(x, text) {
  const {players, deal_seeds: deals, bot_seeds: bots, seat_bots: seats, options} = JSON.parse(text);
  const n = deals.length;
  const ints = x.dk_record_ints();
  const size = 16 * n + 4 * seats.length + 4 * (options ? options.length : 0) + 4 * n * ints + 16;
  const ptr = x.dk_alloc(size);
  try {
    const seedsAt = ptr + ((8 - (ptr % 8)) % 8);
    const seatsAt = seedsAt + 16 * n;
    const optionsAt = seatsAt + 4 * seats.length;
    const outAt = optionsAt + 4 * (options ? options.length : 0);
    const memory = x.memory.buffer;
    const seeds = new BigUint64Array(memory, seedsAt, 2 * n);
    deals.forEach((s, i) => { seeds[i] = BigInt(s); });
    bots.forEach((s, i) => { seeds[n + i] = BigInt(s); });
    new Int32Array(memory, seatsAt, seats.length).set(seats);
    if (options) new Int32Array(memory, optionsAt, options.length).set(options);
    const err = x.dk_play_games(players, n, seedsAt, seedsAt + 8 * n, seatsAt,
                                options ? optionsAt : 0, outAt);
    if (err) return JSON.stringify({error: err});
    const out = new Int32Array(x.memory.buffer, outAt, n * ints);
    const records = [];
    for (let i = 0; i < n; i++) records.push(Array.from(out.subarray(i * ints, (i + 1) * ints)));
    return JSON.stringify({records});
  } finally {
    x.dk_dealloc(ptr);
  }
}

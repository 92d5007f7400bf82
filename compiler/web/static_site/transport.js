// How the page's API requests travel in the static playground (`durakc playground --static`):
// to Web Workers, with the same JSON answers as `durakc serve`.  /api/play for a bundled
// variant (the editor holds its very text, wasm/index.json) goes to the wasm worker
// (wasmworker.js: the C engine compiled to WebAssembly, its random and greedy bots); every
// other request, and a play the wasm worker hands back, to the Pyodide worker (pyworker.js:
// the compiler and the Python engines).  GET /api/meta is read from meta.json.  A play
// answer says which engine played (`engine`), which the page shows.

export const ENGINES = {
  wasm: "wasm: this bundled variant's C engine compiled to WebAssembly, in your browser",
  python: "Python in Pyodide: the spec as the editor holds it, compiled in your browser "
          + "(an edited spec plays on the Python engine: a browser can not run clang)",
};

const base = new URL("../../", import.meta.url);
const workers = {};
let next = 0;
let index = null;
let meta = null;

function worker(name) {
  if (workers[name]) return workers[name];
  const entry = workers[name] = {waiting: new Map(), failed: null,
    worker: new Worker(new URL(`./${name}.js`, import.meta.url), {type: "module"})};
  entry.worker.onmessage = (event) => {
    const {id, error} = event.data;
    if (id === 0) {             // the worker could not start: every request fails from now on
      entry.failed = error;
      for (const {reject} of entry.waiting.values()) reject(offline(error));
      entry.waiting.clear();
      return;
    }
    const waiter = entry.waiting.get(id);
    if (!waiter) return;        // aborted meanwhile
    entry.waiting.delete(id);
    if (error) waiter.reject(offline(error));
    else waiter.resolve(event.data);
  };
  return entry;
}

function offline(reason) {
  const err = new Error(reason);
  err.offline = `the playground's Python could not run: ${reason}`;
  return err;
}

function ask(name, message, signal) {
  const entry = worker(name);
  return new Promise((resolve, reject) => {
    if (entry.failed) { reject(offline(entry.failed)); return; }
    const id = ++next;
    entry.waiting.set(id, {resolve, reject});
    entry.worker.postMessage({id, ...message});
    if (signal) {
      signal.addEventListener("abort", () => {
        if (entry.waiting.delete(id)) reject(new DOMException("the request was aborted", "AbortError"));
      });
    }
  });
}

async function json(path) {
  const response = await fetch(new URL(path, base));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

async function python(method, path, body, signal) {
  const {status, body: answer} = await ask("pyworker", {method, path,
    body: body === null ? null : JSON.stringify(body)}, signal);
  return {status, body: answer};
}

/** The wasm module that plays `body` (a bundled spec's very text), or null. */
async function wasmModule(body) {
  if (index === null) index = json("wasm/index.json").catch(() => ({variants: {}}));
  const {variants} = await index;
  const found = Object.values(variants || {}).find((v) => v.text === body.spec);
  return found ? found.module : null;
}

async function play(body, signal) {
  const module = body && typeof body === "object" ? await wasmModule(body) : null;
  if (module) {
    if (meta === null) meta = json("meta.json").catch(() => ({}));
    const maxHistory = ((await meta).limits || {}).max_history || 5000;
    const answer = await ask("wasmworker", {module, body, maxHistory}, signal);
    if (!answer.fallback) {
      answer.body.engine = ENGINES.wasm;
      return {status: answer.status, body: answer.body};
    }
  }
  const answer = await python("POST", "/api/play", body, signal);
  if (answer.status === 200 && answer.body) answer.body.engine = ENGINES.python;
  return answer;
}

/** Send one request; {status, body} with the answer's JSON. */
export async function request(method, path, body, signal) {
  if (method === "GET" && path === "/api/meta") {
    if (meta === null) meta = json("meta.json").catch(() => ({}));
    const answer = await meta;
    if (answer.version) return {status: 200, body: answer};
  }
  if (method === "POST" && path === "/api/play") return play(body, signal);
  return python(method, path, body, signal);
}

// How the page's API requests travel in the static playground (`durakc playground --static`):
// to a Web Worker that runs the compiler in Pyodide (pyworker.js), one request at a time,
// with the same JSON answers as `durakc serve`.

let worker = null;
let failed = null;
let next = 0;
const waiting = new Map();

function start() {
  worker = new Worker(new URL("./pyworker.js", import.meta.url), {type: "module"});
  worker.onmessage = (event) => {
    const {id, status, body, error} = event.data;
    if (id === 0) {             // the worker could not start: every request fails from now on
      failed = error;
      for (const {reject} of waiting.values()) reject(offline(error));
      waiting.clear();
      return;
    }
    const entry = waiting.get(id);
    if (!entry) return;         // aborted meanwhile
    waiting.delete(id);
    if (error) entry.reject(offline(error));
    else entry.resolve({status, body});
  };
}

function offline(reason) {
  const err = new Error(reason);
  err.offline = `the playground's Python could not run: ${reason}`;
  return err;
}

/** Send one request; {status, body} with the answer's JSON. */
export function request(method, path, body, signal) {
  if (worker === null) start();
  return new Promise((resolve, reject) => {
    if (failed) { reject(offline(failed)); return; }
    const id = ++next;
    waiting.set(id, {resolve, reject});
    worker.postMessage({id, method, path, body: body === null ? null : JSON.stringify(body)});
    if (signal) {
      signal.addEventListener("abort", () => {
        if (waiting.delete(id)) reject(new DOMException("the request was aborted", "AbortError"));
      });
    }
  });
}

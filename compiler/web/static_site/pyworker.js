// The static playground's Python: Pyodide from the folder's pyodide/, the compiler and its
// dependencies from py/site.zip, and `durakc.web.standalone.handle` answering each request;
// a comparison's games on bundled variants are played in their wasm modules (wasmgames.js).

import {loadPyodide} from "../../pyodide/pyodide.mjs";
import {playGames} from "./wasmgames.js";

const base = new URL("../../", import.meta.url);

async function boot() {
  const pyodide = await loadPyodide({indexURL: new URL("pyodide/", base).href});
  const response = await fetch(new URL("py/site.zip", base));
  if (!response.ok) throw new Error(`py/site.zip: ${response.status}`);
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", {extractDir: site});
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  const standalone = pyodide.pyimport("durakc.web.standalone");
  // comparisons of bundled variants play their games inside the site's wasm modules
  const index = await fetch(new URL("wasm/index.json", base)).then(
    (r) => (r.ok ? r.text() : null), () => null);
  if (index && Object.keys(JSON.parse(index).variants || {}).length) {
    standalone.use_wasm(playGames, index);
  }
  return standalone.handle;
}

const ready = boot();
ready.catch((err) => postMessage({id: 0, error: String(err && err.message || err)}));

self.onmessage = async (event) => {
  const {id, method, path, body} = event.data;
  let handle;
  try {
    handle = await ready;
  } catch (err) {
    postMessage({id, error: String(err && err.message || err)});
    return;
  }
  try {
    const answer = JSON.parse(handle(method, path, body));
    postMessage({id, status: answer.status, body: answer.body});
  } catch (err) {
    postMessage({id, error: `internal error (${String(err && err.message || err).slice(-300)})`});
  }
};

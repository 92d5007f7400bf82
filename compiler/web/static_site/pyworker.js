// The static playground's Python: Pyodide from the folder's pyodide/, the compiler and its
// dependencies from py/site.zip, and `durakc.web.standalone.handle` answering each request.

import {loadPyodide} from "../../pyodide/pyodide.mjs";

const base = new URL("../../", import.meta.url);

async function boot() {
  const pyodide = await loadPyodide({indexURL: new URL("pyodide/", base).href});
  const response = await fetch(new URL("py/site.zip", base));
  if (!response.ok) throw new Error(`py/site.zip: ${response.status}`);
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", {extractDir: site});
  pyodide.runPython("import importlib; importlib.invalidate_caches()");
  return pyodide.pyimport("durakc.web.standalone").handle;
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

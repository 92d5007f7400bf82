// How the page's API requests travel when `durakc serve` serves it: HTTP to the server.
// (`durakc playground --static` replaces this module with one that asks a Web Worker.)

/** Send one request; {status, body} with the answer's JSON (undefined when it is not JSON). */
export async function request(method, path, body, signal) {
  const init = method === "POST"
    ? {method, body: JSON.stringify(body), signal, headers: {"Content-Type": "application/json"}}
    : {cache: "no-store", signal};
  const response = await fetch(path, init);
  let parsed;
  try {
    parsed = await response.json();
  } catch (err) {
    parsed = undefined;
  }
  return {status: response.status, body: parsed};
}

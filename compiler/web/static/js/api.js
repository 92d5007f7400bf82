// The JSON API of `durakc serve`: every answer is JSON, refusals as {"error": {code, message}}.
// How a request travels is transport.js's business (HTTP here, a Web Worker in the static
// playground, `durakc playground --static`).

import {request} from "./transport.js";

export class ApiFailure extends Error {
  constructor(status, code, message, body) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body || {};
  }
}

/** The answer's JSON, or an ApiFailure for a refusal or an answer that is not JSON. */
function answer({status, body}) {
  if (body === undefined) {
    throw new ApiFailure(status, "bad_answer", `the server answered ${status}`);
  }
  if (status < 200 || status >= 300) {
    const error = (body && body.error) || {};
    throw new ApiFailure(status, error.code || "error",
                         error.message || `the server answered ${status}`, body);
  }
  return body;
}

async function send(method, path, body, signal) {
  try {
    return await request(method, path, body, signal);
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ApiFailure(0, "offline", err.offline || "the playground server can not be reached");
  }
}

/** POST a JSON body to `path`; the answer's JSON, or an ApiFailure. */
export async function post(path, body, signal) {
  return answer(await send("POST", path, body, signal));
}

/** GET `path`; the answer's JSON, or an ApiFailure. */
export async function get(path) {
  return answer(await send("GET", path, null));
}

/** A text node's worth of HTML escaping. */
export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;",
                                                    '"': "&quot;", "'": "&#39;"}[c]));
}

/** A new element: el("td", {class: "num"}, "text" or nodes...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

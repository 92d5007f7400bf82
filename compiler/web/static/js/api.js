// The JSON API of `durakc serve`: every answer is JSON, refusals as {"error": {code, message}}.

export class ApiFailure extends Error {
  constructor(status, code, message, body) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body || {};
  }
}

async function answer(response) {
  let body = null;
  try {
    body = await response.json();
  } catch (err) {
    throw new ApiFailure(response.status, "bad_answer", `the server answered ${response.status}`);
  }
  if (!response.ok) {
    const error = (body && body.error) || {};
    throw new ApiFailure(response.status, error.code || "error",
                         error.message || `the server answered ${response.status}`, body);
  }
  return body;
}

/** POST a JSON body to `path`; the answer's JSON, or an ApiFailure. */
export async function post(path, body, signal) {
  let response;
  try {
    response = await fetch(path, {method: "POST", body: JSON.stringify(body), signal,
                                  headers: {"Content-Type": "application/json"}});
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new ApiFailure(0, "offline", "the playground server can not be reached");
  }
  return answer(response);
}

/** GET `path`; the answer's JSON, or an ApiFailure. */
export async function get(path) {
  let response;
  try {
    response = await fetch(path, {cache: "no-store"});
  } catch (err) {
    throw new ApiFailure(0, "offline", "the playground server can not be reached");
  }
  return answer(response);
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

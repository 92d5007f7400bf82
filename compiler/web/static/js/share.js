// Share links: the spec (and the view, and a game in progress) in the URL's fragment, as
// deflate-compressed JSON in base64url ("z" + data), or plain JSON where the browser can not
// compress ("u" + data). Nothing of it is sent to the server. A damaged link is refused with
// a reason, never half-read.

const MAX_LINK = 200000;
/** Bytes a link may expand to (a spec of 65,536 characters and a long game fit): a small
 * link can decompress to millions of characters, which would freeze the page. */
export const MAX_EXPANDED = 1 << 20;

function toBase64Url(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("the link has characters base64url has not");
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  let raw;
  try {
    raw = atob(padded);
  } catch (err) {
    throw new Error("the link is cut short or damaged");
  }
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** Decompress, stopping as soon as the output passes `limit` bytes. */
async function inflate(bytes, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))
    .getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const {done, value} = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new Error(`the link is too big: it expands past ${limit / (1 << 20)} MB`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

/** The fragment (without "#") that holds `state` ({spec, view, game}). */
export async function encodeShare(state) {
  const json = new TextEncoder().encode(JSON.stringify({v: 1, ...state}));
  if (typeof CompressionStream === "function") {
    return "s=z" + toBase64Url(await pipe(json, new CompressionStream("deflate-raw")));
  }
  return "s=u" + toBase64Url(json);
}

/** The state a fragment holds, or null when it holds none; throws Error saying why a
 * fragment that should hold one can not be read (damaged, empty, too big: more than
 * `maxSpec` characters of spec or MAX_EXPANDED bytes in all). */
export async function decodeShare(fragment, maxSpec = 65536) {
  const text = fragment.replace(/^#/, "");
  if (!text.startsWith("s=")) return null;
  const data = text.slice(2);
  if (data.length > MAX_LINK) throw new Error("the link is too long");
  let bytes = fromBase64Url(data.slice(1));
  if (data[0] === "z") {
    if (typeof DecompressionStream !== "function") throw new Error("this browser can not decompress it");
    try {
      bytes = await inflate(bytes, MAX_EXPANDED);
    } catch (err) {
      throw err.message.startsWith("the link is too big") ? err : new Error("the link's data is damaged");
    }
  } else if (data[0] !== "u") {
    throw new Error("the link is of an unknown kind");
  }
  if (bytes.length > MAX_EXPANDED) throw new Error("the link is too big");
  let state;
  try {
    state = JSON.parse(new TextDecoder("utf-8", {fatal: true}).decode(bytes));
  } catch (err) {
    throw new Error("the link's data is damaged");
  }
  if (!state || typeof state !== "object" || typeof state.spec !== "string" || !state.spec.trim()) {
    throw new Error("the link holds no spec");
  }
  if (state.spec.length > maxSpec) {
    throw new Error(`the link is too big: its spec is ${state.spec.length} characters long; ` +
                    `the limit is ${maxSpec}`);
  }
  return {spec: state.spec, view: typeof state.view === "string" ? state.view : "editor",
          game: cleanGame(state.game)};
}

function cleanGame(game) {
  if (!game || typeof game !== "object") return null;
  const whole = (v, lo, hi) => Number.isInteger(v) && v >= lo && v <= hi;
  if (!whole(game.players, 1, 16) || !whole(game.seat, 0, game.players - 1) ||
      !whole(game.seed, 0, Number.MAX_SAFE_INTEGER)) return null;
  const history = Array.isArray(game.history) ? game.history.filter((a) => typeof a === "string") : [];
  const bots = Array.isArray(game.bots) ? game.bots.map((b) => (typeof b === "string" ? b : null)) : [];
  const options = {};  // the table settings: name -> true, false or a whole number
  if (game.options && typeof game.options === "object" && !Array.isArray(game.options)) {
    for (const [name, value] of Object.entries(game.options).slice(0, 16)) {
      if (typeof value === "boolean" || Number.isSafeInteger(value)) options[name] = value;
    }
  }
  return {players: game.players, seat: game.seat, seed: game.seed, history, bots, options};
}

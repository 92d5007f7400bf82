// tests/npm: a real boardgame.io server (boardgame.io/server's Server: Koa, its lobby HTTP
// API and its SocketIO transport) serving the installed adapter's Game, on 127.0.0.1 only.
//   node bgio_server.mjs VARIANT PLAYERS SEED SETUP_OPTIONS_JSON
// First asks the lobby for a match with deck 25 (refused: its status and text). Then creates
// a match through the lobby API (POST /games/VARIANT/create with setupData
// {seed: SEED, options}), joins every seat (POST .../join: credentials), connects one Client
// per seat with the SocketIO multiplayer transport and plays the game to its end: each mover
// picks a legal action of its own view with a PRNG seeded by SEED (odd steps by index, even
// steps by text). Prints one JSON line: every step's mover, choice and every seat's G as its
// Client received it; the end; and the server's own stored match (its G's state text, read
// back through the engine: every seat's observation, the log's moves replayed from the seed
// give the same state text, and their canonical texts).
import { createRequire } from "node:module";
import { loadVariant } from "@durakc/engines";
import { durakGame } from "@durakc/engines/boardgame";

const require = createRequire(`${process.env.DURAKC_NPM_DEPS}/`);
const { Server, Origins } = require("boardgame.io/server");
const { Client } = require("boardgame.io/client");
const { SocketIO } = require("boardgame.io/multiplayer");

const [variant, playersArg, seedArg, optionsArg = "{}"] = process.argv.slice(2);
const players = Number(playersArg), seed = Number(seedArg), options = JSON.parse(optionsArg);
const engine = await loadVariant(variant);
const game = durakGame(engine);

/** mulberry32: the movers' random choices, the same for the same SEED. */
function prng(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function until(what, test, ms = 20000) {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

async function post(base, path, body) {
  const res = await fetch(`${base}/games/${game.name}${path}`, {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

async function lobby(base, path, body) {
  const { status, text } = await post(base, path, body);
  if (status !== 200) throw new Error(`lobby ${path}: ${status} ${text}`);
  return JSON.parse(text);
}

console.log = (...args) => console.error(...args);   // boardgame.io's INFO lines: stdout is ours
const server = Server({ games: [game], origins: [Origins.LOCALHOST] });
const listen = server.app.listen;   // the SocketIO transport's http server: loopback only
server.app.listen = (port, done) => listen.call(server.app, port, "127.0.0.1", done);
const running = await server.run({ port: 0 });
const base = `http://127.0.0.1:${running.appServer.address().port}`;
const clients = [];
let out = "";
try {
  const refused = await post(base, "/create", { numPlayers: players,
    setupData: { seed, options: { ...options, deck: 25 } } });
  const { matchID } = await lobby(base, "/create", { numPlayers: players,
    setupData: { seed, options } });
  for (let p = 0; p < players; p++) {
    const { playerCredentials } = await lobby(base, `/${matchID}/join`,
      { playerID: String(p), playerName: `seat ${p}` });
    const client = Client({ game, numPlayers: players, matchID, playerID: String(p),
      credentials: playerCredentials, multiplayer: SocketIO({ server: base }) });
    client.start();
    clients.push(client);
  }
  const synced = (id) => clients.every((c) => c.getState()?._stateID === id);
  await until("the clients' first sync", () => synced(0));
  const random = prng(seed);
  const steps = [];
  let step = 0;
  for (; !clients[0].getState().ctx.gameover && step < 5000; step++) {
    const current = clients[0].getState().ctx.currentPlayer;
    const legal = clients[Number(current)].getState().G.view.legal_actions;
    const choice = Math.floor(random() * legal.length);
    steps.push({ current, choice, views: clients.map((c) => c.getState().G) });
    clients[Number(current)].moves.play(step % 2 ? choice : legal[choice]);
    await until(`the update of step ${step}`, () => synced(step + 1));
  }
  const end = clients[0].getState();
  const stored = await server.db.fetch(matchID, { state: true, log: true, metadata: true });
  const G = stored.state.G;
  const kept = engine.fromState(G.state);
  const moves = stored.log.filter((e) => e.action.type === "MAKE_MOVE");
  const replay = engine.newGame(players, G.seed, options);
  for (const entry of moves) replay.apply(entry.action.payload.args[0]);
  out = `${JSON.stringify({
    matchID, refused, steps: step, record: steps, gameover: end.ctx.gameover ?? null,
    final: clients.map((c) => c.getState().G),
    server: {
      seed: G.seed, moves: G.moves, keys: Object.keys(G).sort(), gameover: stored.state.ctx.gameover,
      metadataGameover: stored.metadata.gameover ?? null,
      movers: moves.map((e) => e.action.payload.playerID),
      history: replay.history, replayedState: replay.state() === G.state,
      observations: Array.from({ length: players }, (_, s) => kept.observation(s)),
    },
  })}\n`;
  kept.free();
  replay.free();
} finally {
  clients.forEach((c) => c.stop());
  server.kill(running);
  await server.db.close?.();
}
process.stdout.write(out, () => process.exit(0));   // the socket server's handles stay open

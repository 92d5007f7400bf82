// A game in the page. The server keeps no game: every request sends the seed, the seats and
// the actions so far, and gets back what your seat may see. So a game can be shared by link
// and survives a restart of the server.

import {ApiFailure, el, post} from "./api.js";
import {actionCards, actionNodes, backEl, cardEl, SUITS} from "./cards.js";

const $ = (id) => document.getElementById(id);

export class Play {
  constructor({spec, bots, defaultBot, onChange = () => {}}) {
    this.spec = spec;                     // () => the editor's text
    this.bots = bots;
    this.defaultBot = defaultBot;
    this.onChange = onChange;
    this.game = null;                     // {players, seat, seed, bots, history, options}
    this.declared = {};                   // the spec's table settings (options:)
    this.view = null;
    this.picked = null;
    this.busy = false;
    for (const id of ["play-players", "play-seat"]) {
      $(id).addEventListener("input", () => this.seatsChanged());
    }
    $("play-new").addEventListener("click", () => {
      $("play-seed").value = String(Math.floor(Math.random() * 1e9));
      this.start();
    });
    $("play-replay").addEventListener("click", () => this.start());
    $("play-typed").addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $("play-text").value.trim();
      if (text) this.act(text);
    });
    this.seatsChanged();
  }

  /** Players and seat as the fields say, brought into range (for the bot selects). */
  setup() {
    const players = Math.max(1, Math.min(16, parseInt($("play-players").value, 10) || 2));
    const seat = Math.max(0, Math.min(players - 1, parseInt($("play-seat").value, 10) || 0));
    return {players, seat};
  }

  /** Players, seat and seed exactly as typed, or {error} saying what is wrong: a seat
   * that does not exist is refused, never moved to another one. */
  settings() {
    const whole = (id) => {
      const text = $(id).value.trim();
      return /^\d+$/.test(text) ? Number(text) : NaN;
    };
    const players = whole("play-players");
    const seat = whole("play-seat");
    const seed = whole("play-seed");
    if (!(players >= 1 && players <= 16)) {
      return {error: "Players must be a whole number from 1 to 16"};
    }
    if (!(seat >= 0 && seat < players)) {
      return {error: `seat ${$("play-seat").value.trim() || "(empty)"} does not exist in a ` +
                     `${players}-player game: choose a seat from 0 to ${players - 1}`};
    }
    if (!(seed >= 0 && seed <= Number.MAX_SAFE_INTEGER)) {
      return {error: "the seed must be a whole number, 0 or more"};
    }
    return {players, seat, seed};
  }

  /** No game on the table (a new one was refused, or is being dealt). */
  clear() {
    this.view = null;
    this.picked = null;
    for (const id of ["play-opponents", "play-deck", "play-table", "play-hand", "play-actions",
                      "play-log"]) $(id).replaceChildren();
    $("play-me-title").textContent = "Your hand";
  }

  /** One bot select per other seat. */
  seatsChanged(chosen = null) {
    const {players, seat} = this.setup();
    $("play-seat").max = String(players - 1);
    const box = $("play-bots");
    const old = new Map([...box.querySelectorAll("select")].map((s) => [s.dataset.seat, s.value]));
    box.replaceChildren();
    for (let s = 0; s < players; s++) {
      if (s === seat) continue;
      const select = el("select", {"data-seat": s},
                        this.bots.map((b) => el("option", {value: b}, b)));
      const wanted = (chosen && chosen[s]) || old.get(String(s));
      select.value = this.bots.includes(wanted) ? wanted : this.defaultBot;
      box.append(el("label", {}, `Seat ${s}`, select));
    }
  }

  botNames(players, seat) {
    const names = Array(players).fill(null);
    for (const select of $("play-bots").querySelectorAll("select")) {
      const s = parseInt(select.dataset.seat, 10);
      if (s !== seat && s < players) names[s] = select.value;
    }
    return names;
  }

  /** A new game from the settings (the same seed: the same deal and, for the same moves,
   * the same bot moves). */
  start() {
    this.seatsChanged();
    const {players, seat, seed, error} = this.settings();
    this.seq = (this.seq || 0) + 1;        // an answer still on its way is for the old game
    this.clear();
    if (error) {
      this.game = null;
      this.busy = false;
      this.message(`no game: ${error}`, "refused");
      document.body.dataset.playState = "error";
      return;
    }
    this.game = {players, seat, seed, bots: this.botNames(players, seat), history: [],
                 options: this.chosenOptions()};
    this.request(null);
  }

  /** The spec's table settings (name -> {type, default, text, values | range}, as the
   * check answers them): one control each, a checkbox, a select or a number field. A
   * change deals a new game with the same seed. */
  setOptions(declared, chosen = null) {
    const same = JSON.stringify(declared) === JSON.stringify(this.declared);
    if (same && !chosen) return;
    this.declared = declared || {};
    const current = chosen || (this.game && this.game.options) || {};
    const box = $("play-options");
    box.replaceChildren();
    for (const [name, d] of Object.entries(this.declared)) {
      const value = name in current ? current[name] : d.default;
      let field;
      if (d.type === "bool") {
        field = el("input", {type: "checkbox", "data-option": name});
        field.checked = Boolean(value);
      } else if (d.range) {
        field = el("input", {type: "number", min: d.range[0], max: d.range[1], "data-option": name});
        field.value = String(value);
      } else {
        field = el("select", {"data-option": name},
                   d.values.map((v) => el("option", {value: String(v)}, String(v))));
        field.value = String(value);
      }
      field.addEventListener("change", () => { if (this.game) this.start(); });
      box.append(el("label", {title: d.text || name}, name, field));
    }
  }

  /** The settings as the controls say (name -> value), the spec's declared ones only. */
  chosenOptions() {
    const out = {};
    for (const field of $("play-options").querySelectorAll("[data-option]")) {
      const name = field.dataset.option;
      if (!(name in this.declared)) continue;
      out[name] = field.type === "checkbox" ? field.checked : Number(field.value);
    }
    return out;
  }

  /** Restore a shared game: {players, seat, seed, bots, history, options}. */
  restore(game) {
    $("play-players").value = String(game.players);
    $("play-seat").value = String(game.seat);
    $("play-seed").value = String(game.seed);
    this.seatsChanged(game.bots);
    if (game.options && Object.keys(game.options).length) this.setOptions(this.declared, game.options);
    this.game = {players: game.players, seat: game.seat, seed: game.seed,
                 bots: this.botNames(game.players, game.seat), history: game.history || [],
                 options: game.options || {}};
    this.clear();
    this.request(null);
  }

  ensureStarted() {
    if (!this.game) this.start();
  }

  act(text) {
    if (!this.busy && this.view && (this.view.to_move === this.game.seat || this.outOfTurn(text))) {
      this.request(text);
    }
  }

  /** An out-of-turn answer the view offers (HR34): a catch of yours, or `wait` when asked;
   * a typed catch is sent too and the server says why it is refused, if it is. */
  outOfTurn(text) {
    const v = this.view;
    if (text === "wait") return Boolean(v.asked);
    return (v.catches || []).length > 0 && text.startsWith("catch ");
  }

  async request(action) {
    const seq = this.seq = (this.seq || 0) + 1;
    this.busy = true;
    document.body.dataset.playState = "waiting";
    this.message(action ? `playing ${action}…` : "dealing…", "");
    try {
      const body = {spec: this.spec(), ...this.game, action: action || undefined};
      const view = await post("/api/play", body);
      if (seq !== this.seq) return;             // a newer game or move was asked for
      this.game.history = view.history;
      this.view = view;
      this.picked = null;
      this.render();
      if (view.engine) {                         // the static playground says which engine
        $("play-engine").hidden = false;
        $("play-engine").textContent = `engine: ${view.engine}`;
      }
      if (view.refused) this.message(`refused: ${view.refused}`, "refused");
      else if (view.result) this.message(view.result, "result-text");
      else if (view.stopped) this.message(view.stopped, "refused");
      else this.message(view.thinking ? "the bots are thinking…" : "", "");
      if (action && !view.refused) $("play-text").value = "";
      this.onChange();
      this.busy = false;
      if (view.thinking) { this.request(null); return; }
      document.body.dataset.playState = view.is_over ? "over"
        : view.to_move === this.game.seat ? "your-turn" : view.asked ? "your-catch" : "stopped";
    } catch (err) {
      if (seq !== this.seq) return;
      this.busy = false;
      document.body.dataset.playState = "error";
      const text = err instanceof ApiFailure && err.code === "spec_errors"
        ? `${err.message} (see the Editor)` : err.message;
      if (!this.view) {                    // the new game was refused: no game is shown
        this.game = null;
        this.message(`no game: ${text}`, "refused");
      } else {
        this.message(text, "refused");
      }
    }
  }

  message(text, kind) {
    const box = $("play-message");
    box.textContent = text;
    box.className = `message ${kind}`;
  }

  render() {
    const v = this.view;
    const me = this.game.seat;
    const opponents = [];
    for (let s = 0; s < v.players; s++) {
      if (s === me) continue;
      const badges = [];
      if (v.attacker === s) badges.push("attacking");
      if (v.defender === s) badges.push("defending");
      if (v.out.includes(s)) badges.push("out");
      if (v.loser === s) badges.push("durak");
      const backs = Array.from({length: Math.min(v.hand_sizes[s], 12)}, backEl);
      opponents.push(el("div", {class: `seat ${v.to_move === s ? "to-move" : ""}`, "data-seat": s},
        el("div", {}, el("strong", {}, `Seat ${s}`), ` · ${this.game.bots[s]}`),
        el("div", {class: "badges"}, badges.join(", ") || " "),
        el("div", {}, backs, el("span", {class: "count"},
                                 `${v.hand_sizes[s]} card${v.hand_sizes[s] === 1 ? "" : "s"}`))));
    }
    $("play-opponents").replaceChildren(...opponents);
    const trump = v.trump ? `${SUITS[v.trump]} ${v.trump}` : "none";
    $("play-deck").replaceChildren(
      v.trump_card ? cardEl(v.trump_card, "trump-card") : "",
      el("div", {}, el("div", {}, `Trump: ${trump}`),
         el("div", {id: "play-stock"}, `Stock: ${v.stock_size}`),
         // view.discard closed (HR25): only the pile's size is shown
         el("div", {}, `Discard: ${v.discard === null ? v.discard_size : v.discard.length}`)));
    $("play-table").replaceChildren(...v.table.map(([attack, defence]) => el("div", {class: "pair"},
      cardEl(attack, "attack"), defence ? cardEl(defence, "defence") : "")));
    const roles = [];
    if (v.attacker === me) roles.push("attacking");
    if (v.defender === me) roles.push("defending");
    if (v.out.includes(me)) roles.push("out");
    $("play-me-title").textContent = `Your hand (seat ${me}${roles.length ? ", " + roles.join(", ") : ""})`;
    $("play-hand").replaceChildren(...v.hand.map((c) => {
      const card = cardEl(c, this.picked === c ? "picked" : "");
      card.addEventListener("click", () => this.pick(c));
      return card;
    }));
    this.renderActions();
    this.renderLog();
  }

  pick(card) {
    const moves = this.view.legal_actions.filter((a) => actionCards(a).includes(card));
    if (moves.length === 1) { this.act(moves[0]); return; }
    this.picked = this.picked === card ? null : card;
    this.render();
  }

  renderActions() {
    const v = this.view;
    const box = $("play-actions");
    const mine = !v.is_over && v.to_move === this.game.seat;
    // HR34: a button per table card you may catch (at your turn, or when asked out of turn)
    const catches = v.is_over ? [] : (v.catches || []);
    if (!mine && !v.asked) {
      box.replaceChildren(el("span", {}, v.is_over ? "" : `waiting for seat ${v.to_move}…`));
      return;
    }
    const button = (a, label, extra = null) => el("button", {
      type: "button", "data-action": a,
      class: extra || (this.picked && !actionCards(a).includes(this.picked) ? "dim" : null),
      onclick: () => this.act(a)}, label);
    const buttons = (mine ? v.legal_actions : []).map((a) => button(a, actionNodes(a)));
    for (const a of catches) buttons.push(button(a, actionNodes(a), "catch"));
    if (v.asked) buttons.push(button("wait", "no catch: play on", "wait"));
    box.replaceChildren(...buttons);
  }

  renderLog() {
    const me = this.game.seat;
    let move = 0;
    const items = this.view.log.map((entry) => entry.event
      ? el("li", {class: "event"}, entry.event)
      : el("li", {class: entry.seat === me ? "mine" : null, value: ++move},
           entry.seat === me ? "you" : `seat ${entry.seat}`, ": ", actionNodes(entry.action)));
    const log = $("play-log");
    log.replaceChildren(...items);
    log.scrollTop = log.scrollHeight;
  }

  /** What a share link keeps of the game. */
  shared() {
    return this.game ? {...this.game} : null;
  }
}

// The comparison: the editor's spec against its parent (or any bundled variant) on the same
// deals, run on the server as a job (progress polled), shown as the paired differences, a
// plot, a witness position (`durakc diff`) and the report of `durakc compare`.

import {ApiFailure, el, get, post} from "./api.js";
import {actionNodes} from "./cards.js";
import {comparePlot} from "./plot.js";

const $ = (id) => document.getElementById(id);
const POLL_MS = 250;

/** Actions as text with suit symbols, separated by "; " ("-" when there is none). */
function actionList(actions) {
  if (!actions.length) return ["-"];
  return actions.flatMap((a, i) => (i ? ["; ", ...actionNodes(a)] : actionNodes(a)));
}

function pct(v) { return `${v >= 0 ? "+" : ""}${(100 * v).toFixed(1)} pp`; }
function interval(ci, scale = 100) {
  return `[${(scale * ci[0]).toFixed(1)}, ${(scale * ci[1]).toFixed(1)}]`;
}

/** A row of two variants' means (the first attacker's advantage with `scale` 100, in
 *  percentage points) and their paired difference `${key}_diff` (`_ci`, `_significant`). */
function meanRow(label, a, b, d, key, scale = 1) {
  const diff = scale * d[`${key}_diff`], sig = d[`${key}_diff_significant`];
  return el("tr", {}, el("td", {}, label), el("td", {class: "num"}, a.toFixed(2)),
            el("td", {class: "num"}, b.toFixed(2)),
            el("td", {class: `num ${sig ? "significant" : ""}`},
               `${diff >= 0 ? "+" : ""}${diff.toFixed(2)} ` + interval(d[`${key}_diff_ci`], scale) +
               (sig ? " *" : "")));
}

export class Compare {
  constructor({spec, variants, bots, defaultBot, parent, onWitness}) {
    this.spec = spec;
    this.parent = parent;                 // () => the spec's parent name, or null
    this.onWitness = onWitness;
    this.job = null;
    $("compare-against").replaceChildren(el("option", {value: ""}, "its parent"),
      ...variants.map((v) => el("option", {value: v}, v)));
    $("compare-bots").replaceChildren(...bots.map((b) => el("option", {value: b}, b)));
    $("compare-bots").value = defaultBot;
    $("compare-run").addEventListener("click", () => this.run());
    $("compare-cancel").addEventListener("click", () => this.cancel());
  }

  refreshParent() {
    const parent = this.parent();
    $("compare-against").options[0].textContent = parent ? `its parent (${parent})` : "transfer (no parent)";
  }

  status(text, error = false) {
    $("compare-status").textContent = text;
    $("compare-status").className = error ? "error-text" : "";
  }

  async run() {
    const body = {spec: this.spec(), against: $("compare-against").value || null,
                  players: parseInt($("compare-players").value, 10) || 2,
                  games: parseInt($("compare-games").value, 10) || 100,
                  bots: $("compare-bots").value,
                  seed: Math.max(0, parseInt($("compare-seed").value, 10) || 0)};
    document.body.dataset.compareState = "running";
    $("compare-run").disabled = true;
    $("compare-result").hidden = true;
    const bar = $("compare-progress");
    bar.hidden = false;
    bar.value = 0;
    this.status("starting…");
    try {
      const {job} = await post("/api/compare", body);
      this.job = job;
      $("compare-cancel").disabled = false;
      await this.poll(job);
    } catch (err) {
      this.failed(err);
    }
  }

  async poll(job) {
    const bar = $("compare-progress");
    for (;;) {
      const state = await get(`/api/jobs/${job}`);
      if (state.total) { bar.max = state.total; bar.value = state.done; }
      if (state.state === "running") {
        this.status(state.stage === "witness" ? "looking for a witness position…"
          : `${state.done} of ${state.total || "?"} games (${state.elapsed.toFixed(1)} s)`);
        await new Promise((r) => setTimeout(r, POLL_MS));
        continue;
      }
      this.job = null;
      $("compare-cancel").disabled = true;
      $("compare-run").disabled = false;
      if (state.state === "done") {
        bar.value = bar.max;
        // the static playground says which engines played the games (docs/playground.md)
        const engine = {wasm: " (games on the wasm engines)",
                        python: " (games on the Python engines in Pyodide)"}[state.result.engine];
        this.status(`done in ${state.elapsed.toFixed(1)} s${engine || ""}`);
        this.show(state.result);
        document.body.dataset.compareState = "done";
      } else {
        const error = (state.error && state.error.error) || {};
        throw new ApiFailure(0, error.code || state.state, error.message || state.state,
                             state.error);
      }
      return;
    }
  }

  failed(err) {
    this.job = null;
    $("compare-cancel").disabled = true;
    $("compare-run").disabled = false;
    $("compare-progress").hidden = true;
    document.body.dataset.compareState = "failed";
    const text = err.code === "spec_errors" ? `${err.message} (see the Editor)` : err.message;
    this.status(text, true);
  }

  async cancel() {
    if (!this.job) return;
    try { await post(`/api/jobs/${this.job}/cancel`, {}); } catch (err) { /* it ended */ }
  }

  show(result) {
    const [base, mine] = result.names;
    const doc = result.document;
    $("compare-result").hidden = false;
    $("compare-plot").replaceChildren(comparePlot(doc, result.names));
    $("compare-table").textContent = result.table;
    const d = doc.paired_differences[mine];
    const rows = [];
    for (let k = 0; k < doc.players; k++) {
      rows.push([k === 0 ? "loss rate, first attacker" : `loss rate, first attacker +${k}`,
                 doc.variants[base].loss_rate_by_seat[k], doc.variants[mine].loss_rate_by_seat[k],
                 pct(d.loss_rate_by_seat_diff[k]) + " " + interval(d.loss_rate_by_seat_diff_ci[k]),
                 d.loss_rate_by_seat_diff_significant[k]]);
    }
    rows.push(["draw rate", doc.variants[base].draw_rate, doc.variants[mine].draw_rate,
               pct(d.draw_rate_diff) + " " + interval(d.draw_rate_diff_ci), d.draw_rate_diff_significant]);
    const table = el("table", {class: "grid", id: "compare-diff-table"},
      el("tr", {}, el("th", {}, ""), el("th", {}, base), el("th", {}, mine),
         el("th", {}, `paired difference, ${mine} minus ${base}, 95% interval`)),
      rows.map(([label, a, b, diff, sig]) => el("tr", {},
        el("td", {}, label), el("td", {class: "num"}, `${(100 * a).toFixed(1)}%`),
        el("td", {class: "num"}, `${(100 * b).toFixed(1)}%`),
        el("td", {class: `num ${sig ? "significant" : ""}`}, diff + (sig ? " *" : "")))),
      meanRow("first attacker's advantage (pp)", 100 * doc.variants[base].first_attacker_advantage,
              100 * doc.variants[mine].first_attacker_advantage, d, "first_attacker_advantage", 100),
      meanRow("actions per game (mean)", doc.variants[base].mean_actions,
              doc.variants[mine].mean_actions, d, "mean_actions"),
      meanRow("rounds per game (mean)", doc.variants[base].mean_rounds,
              doc.variants[mine].mean_rounds, d, "mean_rounds"),
      meanRow("takes per game", doc.variants[base].takes_per_game,
              doc.variants[mine].takes_per_game, d, "mean_takes"),
      meanRow("transfers per game", doc.variants[base].transfers_per_game,
              doc.variants[mine].transfers_per_game, d, "mean_transfers"),
      el("tr", {}, el("td", {}, "rounds per game (median)"),
         el("td", {class: "num"}, String(doc.variants[base].median_rounds)),
         el("td", {class: "num"}, String(doc.variants[mine].median_rounds)), el("td", {}, "")));
    $("compare-diffs").replaceChildren(
      el("p", {}, `${d.games} paired games (${d.excluded} left out, unfinished in either); `,
         "* = the interval excludes 0."), table);
    this.showWitness(result, base, mine);
  }

  showWitness(result, base, mine) {
    const box = $("compare-witness");
    const w = result.witness;
    const rules = result.rules.map((r) => el("li", {}, el("code", {}, r.key), ": ",
      `${JSON.stringify(r.a)} in ${base}, ${JSON.stringify(r.b)} in ${mine} (${r.b_origin})`));
    const parts = [el("h3", {}, "Where they differ"),
                   rules.length ? el("ul", {}, rules) : el("p", {}, "No rule differs.")];
    if (!w) {
      parts.push(el("p", {id: "witness-none"}, `No position found where the engines differ in ` +
                 `${result.witness_games} joint random playouts.`));
    } else {
      const pos = w.position_b || w.position;
      const table = pos.table.map(([a, d]) => d ? `${a}/${d}` : a).join(" ") || "(empty)";
      parts.push(el("p", {id: "witness-text"},
        `Witness (${result.playouts_differing} of ${result.witness_games} playouts differ): `,
        `${w.difference}, new_game(${w.players}, seed=${w.seed}) then ${w.actions.length} actions. `,
        `Table ${table}; trump ${pos.trump}; stock ${pos.stock}; seat ${w.to_move[1]} holds `,
        (pos.hand || []).flatMap((c, i) => (i ? [" ", ...actionNodes(c)] : actionNodes(c))), "."));
      parts.push(el("p", {}, "Actions: ", actionList(w.actions)));
      parts.push(el("p", {id: "witness-only"}, `Only in ${mine}: `, actionList(w.only_b), el("br"),
                    `Only in ${base}: `, actionList(w.only_a)));
      if (w.to_move[1] !== null && w.to_move[1] !== undefined) {
        parts.push(el("button", {type: "button", id: "witness-play",
          onclick: () => this.onWitness({players: w.players, seat: w.to_move[1], seed: w.seed,
                                         history: w.actions})}, "Play from this position"));
      }
    }
    box.replaceChildren(...parts);
  }
}

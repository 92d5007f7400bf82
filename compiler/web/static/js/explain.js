// The Explain view: `durakc explain`'s text, and a table of what differs from the parent.

import {el, post} from "./api.js";

const $ = (id) => document.getElementById(id);

export async function showExplain(spec) {
  const status = $("explain-status");
  status.textContent = "explaining…";
  status.className = "status";
  document.body.dataset.explainState = "loading";
  try {
    const result = await post("/api/explain", {spec});
    const rows = result.differences.map((d) => el("tr", {},
      el("td", {class: "code"}, d.key), el("td", {class: "code"}, d.value),
      el("td", {class: "code"}, d.parent_value), el("td", {}, d.doc),
      el("td", {}, d.rules.join(", ") || "-"), el("td", {}, d.origin)));
    const parts = [];
    if (result.parent) {
      parts.push(el("h3", {}, `What differs from the parent, ${result.parent}`));
      parts.push(rows.length
        ? el("table", {class: "grid", id: "explain-diff-table"},
             el("tr", {}, ["key", result.name, result.parent, "meaning", "rules", "from"]
               .map((h) => el("th", {}, h))), rows)
        : el("p", {}, "Nothing: every rule has the parent's value."));
    } else {
      parts.push(el("p", {}, "This spec extends no other: below, every rule it sets."));
    }
    $("explain-diff").replaceChildren(...parts);
    $("explain-text").textContent = result.text;
    status.textContent = `${result.name}: ${result.title}`;
    document.body.dataset.explainState = "done";
  } catch (err) {
    $("explain-diff").replaceChildren();
    $("explain-text").textContent = "";
    status.textContent = err.code === "spec_errors" ? `${err.message} (see the Editor)` : err.message;
    status.className = "status error-text";
    document.body.dataset.explainState = "failed";
  }
}

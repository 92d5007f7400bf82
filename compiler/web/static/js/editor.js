// The spec editor: a textarea over a backdrop that underlines each diagnostic, line numbers in
// a gutter that marks the lines with errors and warnings, and the list of diagnostics with
// the texts of `durakc compile`. Checked as you type (debounced), stale answers ignored.

import {ApiFailure, el, escapeHtml, post} from "./api.js";

const DEBOUNCE_MS = 100;
const SHOWN_FILE = "playground.yaml";

export class Editor {
  constructor(root, {maxSpec = 65536, onChecked = () => {}} = {}) {
    this.area = root.querySelector("#spec");
    this.backdrop = root.querySelector("#backdrop");
    this.gutter = document.getElementById("gutter");
    this.list = document.getElementById("diagnostics");
    this.status = document.getElementById("diag-status");
    this.latency = document.getElementById("diag-latency");
    this.maxSpec = maxSpec;
    this.onChecked = onChecked;
    this.diagnostics = [];
    this.result = null;
    this.seq = 0;
    this.timer = null;
    this.inflight = null;
    this.lastInput = 0;
    this.area.addEventListener("input", () => this.edited());
    this.area.addEventListener("scroll", () => this.syncScroll());
    this.area.addEventListener("keydown", (event) => this.key(event));
  }

  get text() { return this.area.value; }

  /** Replace the whole text (an example, a shared link) and check it at once. */
  set text(value) {
    this.area.value = value;
    this.area.scrollTop = 0;
    this.diagnostics = [];
    this.render();
    this.lastInput = performance.now();
    this.check();
  }

  key(event) {
    if (event.key === "Tab" && !event.shiftKey && !event.ctrlKey && !event.altKey) {
      event.preventDefault();                    // YAML indents with spaces
      document.execCommand("insertText", false, "  ");
    }
  }

  edited() {
    this.lastInput = performance.now();
    document.body.dataset.diagState = "typing";
    this.render();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.check(), DEBOUNCE_MS);
  }

  async check() {
    clearTimeout(this.timer);
    const text = this.area.value;
    const seq = ++this.seq;
    if (this.inflight) this.inflight.abort();
    if (text.length > this.maxSpec) {
      this.failed(`the spec is ${text.length} characters long; the limit is ${this.maxSpec}`);
      return;
    }
    const controller = new AbortController();
    this.inflight = controller;
    document.body.dataset.diagState = "checking";
    this.status.textContent = "checking…";
    try {
      const result = await post("/api/check", {spec: text}, controller.signal);
      if (seq !== this.seq) return;
      this.result = result;
      this.diagnostics = result.diagnostics;
      this.render();
      this.showList();
      const ms = performance.now() - this.lastInput;
      this.status.textContent = result.summary;
      this.status.className = result.ok ? (this.diagnostics.length ? "warning-text" : "") : "error-text";
      this.latency.textContent = `(${Math.round(ms)} ms after the last key, server ${result.elapsed_ms} ms)`;
      const body = document.body.dataset;
      body.diagLatency = String(Math.round(ms));
      body.diagServerMs = String(result.elapsed_ms);
      body.diagCount = String(this.diagnostics.length);
      body.diagState = result.ok ? "ok" : "errors";
      this.onChecked(result);
    } catch (err) {
      if (err.name === "AbortError" || seq !== this.seq) return;
      this.failed(err instanceof ApiFailure ? err.message : String(err));
    }
  }

  /** The text could not be checked: no diagnostics are shown (the last ones were of
   * another text), only why. */
  failed(message) {
    this.result = null;
    this.diagnostics = [];
    this.render();
    this.list.replaceChildren();
    this.latency.textContent = "";
    document.body.dataset.diagCount = "0";
    this.status.textContent = `not checked: ${message}`;
    this.status.className = "error-text";
    document.body.dataset.diagState = "failed";
  }

  /** Diagnostics of the editor's own file, by line. */
  byLine() {
    const lines = new Map();
    for (const d of this.diagnostics) {
      if (d.file !== SHOWN_FILE || !d.line) continue;
      if (!lines.has(d.line)) lines.set(d.line, []);
      lines.get(d.line).push(d);
    }
    return lines;
  }

  render() {
    const lines = this.area.value.split("\n");
    const marks = this.byLine();
    const gutter = document.createDocumentFragment();
    lines.forEach((_, i) => {
      const here = marks.get(i + 1) || [];
      const severity = here.some((d) => d.severity === "error") ? "error"
        : here.length ? "warning" : null;
      gutter.append(el("div", {"data-line": i + 1, class: severity,
                               title: here.map((d) => `${d.severity}: ${d.message}`).join("\n") || null},
                       String(i + 1)));
    });
    this.gutter.replaceChildren(gutter);
    this.backdrop.innerHTML = lines.map((line, i) => markLine(line, marks.get(i + 1))).join("\n") + "\n ";
    this.syncScroll();
  }

  showList() {
    const items = this.diagnostics.map((d) => el("li", {
      class: d.severity, "data-line": d.line || "",
      onclick: () => this.goTo(d.line, d.column),
    }, el("pre", {}, d.text)));
    const more = (this.result && this.result.more) || 0;
    if (more) items.push(el("li", {class: "more"}, `and ${more} more`));
    this.list.replaceChildren(...items);
  }

  /** Put the caret at a 1-based line and column. */
  goTo(line, column) {
    if (!line) return;
    const lines = this.area.value.split("\n");
    let offset = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    offset += Math.max(0, (column || 1) - 1);
    this.area.focus();
    this.area.setSelectionRange(offset, offset);
    const top = (line - 3) * parseFloat(getComputedStyle(this.area).lineHeight);
    this.area.scrollTop = Math.max(0, top);
    this.syncScroll();
  }

  syncScroll() {
    this.backdrop.scrollTop = this.area.scrollTop;
    this.backdrop.scrollLeft = this.area.scrollLeft;
    this.gutter.scrollTop = this.area.scrollTop;
  }
}

/** One line of the backdrop: the text (invisible) with each diagnostic's range in a <mark>. */
function markLine(line, diagnostics) {
  if (!diagnostics || !diagnostics.length) return escapeHtml(line);
  const ranges = diagnostics.filter((d) => d.column).map((d) => {
    const start = Math.min(d.column - 1, line.length);
    const end = Math.min(line.length, start + Math.max(1, d.width || 1));
    return {start, end, severity: d.severity};
  }).sort((a, b) => a.start - b.start || (a.severity === "error" ? -1 : 1));
  let html = "";
  let at = 0;
  for (const range of ranges) {
    if (range.start < at) continue;             // overlapping: the first one shows
    html += escapeHtml(line.slice(at, range.start));
    const inner = line.slice(range.start, range.end) || " ";
    html += `<mark class="${range.severity}">${escapeHtml(inner)}</mark>`;
    at = Math.max(range.end, range.start);
  }
  return html + escapeHtml(line.slice(at));
}

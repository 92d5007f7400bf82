// The playground page: tabs, the examples menu, share links, and the four views.

import {el, get} from "./api.js";
import {Compare} from "./compare.js";
import {Editor} from "./editor.js";
import {showExplain} from "./explain.js";
import {Play} from "./play.js";
import {decodeShare, encodeShare} from "./share.js";

const $ = (id) => document.getElementById(id);
const VIEWS = ["editor", "explain", "play", "compare"];
const GROUPS = {variants: "Bundled variants", house: "House rules"};
const FIRST_EXAMPLE = "first-round-five";

let meta = null;
let editor = null;
let play = null;
let compare = null;
let current = "editor";
let parent = null;
let explained = null;              // the text the Explain view shows
let playedSpec = null;             // the text the current game is played with
let ownHash = null;                // a fragment this page wrote itself

function notice(text) {
  const box = $("notice");
  box.hidden = !text;
  box.textContent = text || "";
}

function showView(name) {
  if (!VIEWS.includes(name)) name = "editor";
  current = name;
  for (const button of $("tabs").querySelectorAll("button")) {
    button.classList.toggle("active", button.dataset.view === name);
  }
  for (const view of VIEWS) $(`view-${view}`).classList.toggle("active", view === name);
  document.body.dataset.view = name;
  if (name === "explain" && explained !== editor.text) {
    explained = editor.text;
    showExplain(editor.text);
  }
  if (name === "play" && (playedSpec !== editor.text || !play.game)) {
    playedSpec = editor.text;
    play.start();
  }
  if (name === "compare") compare.refreshParent();
}

/** The player-count fields follow the spec's players.min and players.max. */
function playerRange([lo, hi]) {
  for (const id of ["play-players", "compare-players"]) {
    const field = $(id);
    field.min = String(lo);
    field.max = String(hi);
    const now = parseInt(field.value, 10);
    if (!(now >= lo && now <= hi)) {
      field.value = String(Math.min(hi, Math.max(lo, now || lo)));
      field.dispatchEvent(new Event("input"));
    }
  }
}

function fillExamples() {
  const select = $("examples");
  const groups = new Map();
  for (const example of meta.examples) {
    if (!groups.has(example.group)) groups.set(example.group, []);
    groups.get(example.group).push(example);
  }
  for (const [group, items] of groups) {
    const label = GROUPS[group] || group.charAt(0).toUpperCase() + group.slice(1);
    select.append(el("optgroup", {label}, items.map((e) => el("option", {value: e.name},
      `${e.name}: ${e.title}${e.extends ? ` (extends ${e.extends})` : ""}`))));
  }
  select.addEventListener("change", () => {
    const example = meta.examples.find((e) => e.name === select.value);
    if (example) {
      editor.text = example.text;
      notice("");
    }
  });
}

function loadExample(name) {
  const example = meta.examples.find((e) => e.name === name) || meta.examples[0];
  if (example) {
    $("examples").value = example.name;
    editor.text = example.text;
  }
}

async function share() {
  const fragment = await encodeShare({spec: editor.text, view: current,
                                      game: current === "play" ? play.shared() : null});
  ownHash = "#" + fragment;
  history.replaceState(null, "", ownHash);
  const link = $("share-link");
  link.value = location.href;
  $("share-box").hidden = false;
  link.focus();
  link.select();
  try {
    await navigator.clipboard.writeText(location.href);
    $("share-status").textContent = "copied";
  } catch (err) {
    $("share-status").textContent = "copy the link above";
  }
  document.body.dataset.shared = "yes";
}

/** Open the state of a share link in the fragment; true when the fragment was one (opened,
 * or refused with a notice and the default example shown instead), false when it is none. */
async function openFragment() {
  if (location.hash === ownHash) return false;
  try {
    const state = await decodeShare(location.hash, meta.limits.max_spec);
    if (!state) return false;
    notice("");
    editor.text = state.spec;
    $("examples").value = "";
    if (state.game && state.view === "play") {
      playedSpec = state.spec;
      play.restore(state.game);
    }
    showView(state.view);
    document.body.dataset.opened = "link";
    return true;
  } catch (err) {
    notice(`This link could not be read: ${err.message}. An example is shown instead.`);
    loadExample(FIRST_EXAMPLE);
    showView("editor");
    document.body.dataset.opened = "bad-link";
    return true;
  }
}

async function main() {
  try {
    meta = await get("/api/meta");
  } catch (err) {
    notice(`The playground server can not be reached: ${err.message}`);
    return;
  }
  editor = new Editor($("view-editor"), {
    maxSpec: meta.limits.max_spec,
    onChecked: (result) => {
      if (!result.ok) return;
      parent = result.parent;
      if (compare) compare.refreshParent();
      playerRange(result.players);
      if (play) play.setOptions(result.options || {});
    },
  });
  play = new Play({spec: () => editor.text, bots: meta.bots, defaultBot: meta.default_bot});
  compare = new Compare({
    spec: () => editor.text, variants: meta.variants, bots: meta.bots,
    defaultBot: meta.default_bot, parent: () => parent,
    onWitness: (game) => {
      playedSpec = editor.text;
      play.restore({...game, bots: []});
      showView("play");
    },
  });
  fillExamples();
  $("spec").addEventListener("input", () => { $("examples").value = ""; });
  for (const button of $("tabs").querySelectorAll("button")) {
    button.addEventListener("click", () => showView(button.dataset.view));
  }
  $("share").addEventListener("click", share);
  window.addEventListener("hashchange", openFragment);
  if (!(await openFragment())) loadExample(FIRST_EXAMPLE);
  document.body.dataset.ready = "yes";
}

main();

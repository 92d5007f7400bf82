// Cards and actions as the engines write them (`10H`, `RJ`, wild `6S/H`), drawn for people.

import {el} from "./api.js";

export const SUITS = {S: "♠", H: "♥", D: "♦", C: "♣"};
const RED = new Set(["H", "D"]);

/** {rank, suit, named} of a card text; jokers have no suit. */
export function parseCard(text) {
  const [printed, named] = String(text).split("/");
  if (printed === "RJ" || printed === "BJ") return {rank: printed, suit: null, named: null};
  return {rank: printed.slice(0, -1), suit: printed.slice(-1), named: named || null};
}

/** A card element (face up); `small` for an opponent's card back. */
export function cardEl(text, extra = "") {
  const card = parseCard(text);
  if (card.suit === null) {
    const red = card.rank === "RJ";
    return el("span", {class: `card joker ${red ? "red" : ""} ${extra}`, "data-card": text,
                       title: red ? "red joker" : "black joker"},
              el("span", {class: "corner"}, "J★"), el("span", {class: "suit"}, red ? "red" : "black"));
  }
  const shown = card.named || card.suit;
  const suit = SUITS[card.suit] + (card.named ? `→${SUITS[card.named]}` : "");
  return el("span", {class: `card ${RED.has(shown) ? "red" : ""} ${extra}`, "data-card": text,
                     title: card.named ? `${card.rank}${card.suit} played as ${card.named}` : text},
            el("span", {class: "corner"}, card.rank + SUITS[card.suit]),
            el("span", {class: "suit"}, suit));
}

export function backEl() {
  return el("span", {class: "card back small"});
}

/** An action's text with suit symbols, as nodes (red suits coloured). */
export function actionNodes(text) {
  const parts = String(text).split(" ");
  const nodes = [];
  parts.forEach((word, i) => {
    if (i) nodes.push(" ");
    const match = /^(10|[2-9JQKA])([SHDC])(?:\/([SHDC]))?$/.exec(word);
    if (!match) { nodes.push(word); return; }
    const shown = match[3] || match[2];
    const label = match[1] + SUITS[match[2]] + (match[3] ? `→${SUITS[match[3]]}` : "");
    nodes.push(el("span", {class: RED.has(shown) ? "suit-red" : ""}, label));
  });
  return nodes;
}

/** The cards an action names (its words after the verb). */
export function actionCards(text) {
  return String(text).split(" ").slice(1).map((c) => c.split("/")[0]);
}

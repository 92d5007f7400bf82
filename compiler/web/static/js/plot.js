// The comparison's plot as SVG, drawn from the report document (no plotting library):
// left, each seat's loss rate in both variants with its 95% interval; right, the paired
// differences (the editor's spec minus the other) with their intervals, around zero.

const NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== null) node.textContent = text;
  return node;
}

const COLOURS = ["#6b7280", "#1f5fa8"];

function seatLabel(k) { return k === 0 ? "first attacker" : `+${k}`; }

/** An <svg> of the comparison `doc` (durakc compare --format json); names[0] is the baseline. */
export function comparePlot(doc, names) {
  const W = 900, H = 350, top = 60, bottom = 60, plotH = H - top - bottom;
  const root = svg("svg", {viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img",
                           "aria-label": "loss rate by seat and paired differences",
                           id: "compare-svg"});
  const games = doc.variants[names[0]].games;
  root.append(svg("text", {x: 12, y: 20, "font-weight": "700"},
                  `${doc.players} players, ${games} paired games, bots ${doc.bots.join(",")}`));
  // -- left: loss rate by seat ---------------------------------------------------------------
  const seats = doc.players;
  const left = {x: 60, w: 380};
  const y = (rate) => top + plotH * (1 - rate);
  axis(root, left, top, plotH, [0, 0.25, 0.5, 0.75, 1], (v) => y(v), (v) => `${v * 100}%`);
  root.append(svg("text", {x: left.x, y: top - 8}, "loss rate by seat (95% intervals)"));
  const group = left.w / Math.max(1, seats);
  const bar = Math.min(40, group / 3);
  names.forEach((name, j) => {
    const v = doc.variants[name];
    for (let k = 0; k < seats; k++) {
      const x = left.x + k * group + group / 2 - bar + j * bar;
      const rate = v.loss_rate_by_seat[k];
      const [lo, hi] = v.loss_rate_by_seat_ci[k];
      root.append(svg("rect", {x, y: y(rate), width: bar - 2, height: Math.max(0, y(0) - y(rate)),
                               fill: COLOURS[j], class: "bar", "data-variant": name}));
      whisker(root, x + (bar - 2) / 2, y(lo), y(hi));
    }
    root.append(svg("rect", {x: left.x + j * 170, y: H - 22, width: 12, height: 12, fill: COLOURS[j]}));
    root.append(svg("text", {x: left.x + j * 170 + 16, y: H - 12}, name));
  });
  for (let k = 0; k < seats; k++) {
    root.append(svg("text", {x: left.x + k * group + group / 2, y: top + plotH + 16,
                             "text-anchor": "middle"}, seatLabel(k)));
  }
  // -- right: paired differences --------------------------------------------------------------
  const diff = doc.paired_differences[names[1]];
  if (!diff) return root;
  const rows = [];
  for (let k = 0; k < seats; k++) {
    rows.push([`loss, ${seatLabel(k)}`, diff.loss_rate_by_seat_diff[k], diff.loss_rate_by_seat_diff_ci[k]]);
  }
  rows.push(["draw rate", diff.draw_rate_diff, diff.draw_rate_diff_ci]);
  const right = {x: 600, w: 280};
  const span = Math.max(0.02, ...rows.map((r) => Math.max(Math.abs(r[2][0]), Math.abs(r[2][1]))));
  const x = (d) => right.x + right.w / 2 + (d / span) * (right.w / 2 - 10);
  root.append(svg("text", {x: right.x - 120, y: top - 8},
                  `paired difference, ${names[1]} minus ${names[0]} (pp)`));
  root.append(svg("line", {x1: x(0), x2: x(0), y1: top, y2: top + plotH, stroke: "#999",
                           "stroke-dasharray": "4 3"}));
  const step = plotH / (rows.length + 1);
  rows.forEach(([label, d, ci], i) => {
    const yy = top + step * (i + 1);
    root.append(svg("text", {x: right.x - 8, y: yy + 4, "text-anchor": "end"}, label));
    root.append(svg("line", {x1: x(ci[0]), x2: x(ci[1]), y1: yy, y2: yy, stroke: COLOURS[1],
                             "stroke-width": 2}));
    root.append(svg("circle", {cx: x(d), cy: yy, r: 4, fill: COLOURS[1], class: "diff-point"}));
  });
  for (const t of [-span, 0, span]) {
    root.append(svg("text", {x: x(t), y: top + plotH + 16, "text-anchor": "middle"},
                    `${t > 0 ? "+" : ""}${(t * 100).toFixed(1)}`));
  }
  return root;
}

function axis(root, box, top, height, ticks, y, label) {
  root.append(svg("line", {x1: box.x, x2: box.x, y1: top, y2: top + height, stroke: "#444"}));
  root.append(svg("line", {x1: box.x, x2: box.x + box.w, y1: top + height, y2: top + height,
                           stroke: "#444"}));
  for (const t of ticks) {
    root.append(svg("line", {x1: box.x - 4, x2: box.x + box.w, y1: y(t), y2: y(t),
                             stroke: "#e5e2d8"}));
    root.append(svg("text", {x: box.x - 8, y: y(t) + 4, "text-anchor": "end"}, label(t)));
  }
}

function whisker(root, x, y1, y2) {
  root.append(svg("line", {x1: x, x2: x, y1, y2, stroke: "#111"}));
  root.append(svg("line", {x1: x - 4, x2: x + 4, y1, y2: y1, stroke: "#111"}));
  root.append(svg("line", {x1: x - 4, x2: x + 4, y1: y2, y2, stroke: "#111"}));
}

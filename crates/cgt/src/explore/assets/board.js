// Pictures of positions, and what the board editor changes in them, for
// every layout of the registry: grids and strips of cells, graphs (from
// CGSuite's graph strings), numbers (cakes, or rows of pins) and squares
// of an 8-column board. What a ruleset's board looks like comes from its
// registry entry (layout, cells, graph labels, cakes); no ruleset is named.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Left's colour, Right's, either's, then others: a piece's or a label's
 * place among the ruleset's non-plain labels picks its colour. */
export const PALETTE = ["#1f5fb4", "#d62728", "#2ca02c", "#e377c2", "#8c564b"];

function el(name, attributes = {}) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  return e;
}

function svgOf(width, height) {
  return el("svg", { xmlns: SVG_NS, width: Math.ceil(width), height: Math.ceil(height) });
}

// ---------------------------------------------------------------- sums

/** `{ruleset, position}` when `expr` is one ruleset term and nothing else. */
export function singleTerm(rulesets, expr) {
  const e = expr.trim();
  const open = e.indexOf("(");
  if (open < 0 || !e.endsWith(")")) return null;
  const ruleset = rulesets.get(e.slice(0, open).trim());
  if (!ruleset) return null;
  const inner = e.slice(open + 1, -1);
  let depth = 0;
  for (const c of inner) {
    if (c === "(") depth++;
    else if (c === ")" && --depth < 0) return null;
  }
  return depth === 0 ? { ruleset, position: inner } : null;
}

/** The top-level terms of a sum, each `{sign, text}` (`sign` "+" or "-"):
 * split at `+` and `-` outside brackets that stand between two terms (so
 * not the switch `+-`, nor a sign after `+`, `-`, `*` or `/`). */
export function termsOf(expr) {
  const chars = Array.from(expr);
  const terms = [];
  let depth = 0;
  let start = 0;
  let sign = "+";
  let last = ""; // the last character that is not a space
  for (let k = 0; k < chars.length; k++) {
    const c = chars[k];
    if ("({[".includes(c)) depth++;
    else if (")}]".includes(c)) depth--;
    const binary = depth === 0 && (c === "+" || c === "-") && last !== "" && !"+-*/|,{(".includes(last)
      && chars[k + 1] !== "-";
    if (binary) {
      terms.push({ sign, text: chars.slice(start, k).join("").trim() });
      sign = c;
      start = k + 1;
      last = c;
      continue;
    }
    if (c.trim()) last = c;
  }
  terms.push({ sign, text: chars.slice(start).join("").trim() });
  // A leading minus before a ruleset term is its sign.
  if (terms[0].text.startsWith("-") && !terms[0].text.startsWith("-+")) {
    const rest = terms[0].text.slice(1).trim();
    if (/^[A-Za-z_]\w*\s*\(/.test(rest)) terms[0] = { sign: "-", text: rest };
  }
  return terms.filter((t) => t.text);
}

// ---------------------------------------------------------------- grids and strips

/** A grid's, strip's or numbers' position split into its board and the
 * rules written after it (`;jump=2`, a code or a set): `["t..f", ";jump=2"]`. */
export function boardAndRules(position) {
  const at = position.indexOf(";");
  return at < 0 ? [position, ""] : [position.slice(0, at), position.slice(at)];
}

/** The rows of a grid or strip position, each an array of cells. */
export function cellsOf(ruleset, position) {
  const [cells] = boardAndRules(position);
  if (ruleset.layout === "strip") return [Array.from(cells.trim())];
  return cells.split("|").map((row) => Array.from(row.trim()));
}

export function positionOf(ruleset, rows) {
  return rows.map((r) => r.join("")).join(ruleset.layout === "strip" ? "" : "|");
}

/** How a cell is drawn: a fill, and a piece (its colour and letter) if any. */
export function cellLook(ruleset, c) {
  if (c === ".") return { fill: "#ffffff" };
  if (c === "#") return { fill: "#444444" };
  const pieces = Array.from(ruleset.cells).filter((x) => x !== "." && x !== "#");
  const i = pieces.indexOf(c);
  return { fill: "#ffffff", piece: PALETTE[(i < 0 ? 4 : i) % PALETTE.length], letter: c };
}

function disc(svg, cx, cy, r, fill, letter, size) {
  svg.appendChild(el("circle", { cx, cy, r, fill, "pointer-events": "none" }));
  if (letter && size >= 20) {
    const t = el("text", { x: cx, y: cy + size * 0.14, "text-anchor": "middle", "font-size": size * 0.4,
      fill: "white", "font-family": "sans-serif", "pointer-events": "none" });
    t.textContent = letter;
    svg.appendChild(t);
  }
}

function cellsSvg(ruleset, position, size, onClick) {
  const rows = cellsOf(ruleset, position);
  const width = Math.max(1, ...rows.map((r) => r.length));
  const svg = svgOf(width * size + 2, rows.length * size + 2);
  rows.forEach((row, y) => row.forEach((c, x) => {
    const look = cellLook(ruleset, c);
    const rect = el("rect", { x: x * size + 1, y: y * size + 1, width: size, height: size,
      fill: look.fill, stroke: "#888", class: "cell" });
    rect.dataset.row = y;
    rect.dataset.col = x;
    svg.appendChild(rect);
    if (look.piece) disc(svg, x * size + 1 + size / 2, y * size + 1 + size / 2, size * 0.36, look.piece, look.letter, size);
    if (onClick) rect.addEventListener("click", () => onClick({ row: y, col: x }));
  }));
  return svg;
}

// ---------------------------------------------------------------- graphs

/** A graph string read as CGSuite writes them (crates/cgt-rulesets'
 * graph module): `{vertices: [{label}], edges: [{a, b, label}]}`, a plain
 * vertex labelled "."; an edge's label as written from `a` to `b`. Reads
 * what the server writes back (`L:{0}-R:{1};…`); a string it does not
 * read is the server's to refuse: this gives `null`. */
export function readGraph(text) {
  const vertices = [];
  const edges = [];
  const names = new Map();
  const stack = [];
  const chars = Array.from(text);
  let cur = -1;
  let pending = null;
  const land = (label) => {
    vertices.push({ label });
    const v = vertices.length - 1;
    if (pending !== null) edges.push({ a: cur, b: v, label: pending });
    pending = null;
    cur = v;
  };
  // A vertex left out where an edge needs an end.
  const leftOut = () => { if (pending !== null || cur < 0) land("."); };
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (!c.trim()) continue;
    if (c === "." || /[A-Z]/.test(c)) {
      if (pending === null && cur >= 0) return null;
      land(c);
    } else if (c === "-" || c === ">" || c === "<" || /[a-z]/.test(c)) {
      leftOut();
      pending = c;
      if (/[a-z]/.test(c) && (chars[i + 1] === ">" || chars[i + 1] === "<")) pending += chars[++i];
    } else if (c === ":") {
      let name;
      if (chars[i + 1] === "{") {
        const close = chars.indexOf("}", i + 2);
        if (close < 0) return null;
        name = chars.slice(i + 2, close).join("");
        i = close;
      } else {
        name = chars[++i];
        if (name === undefined) return null;
      }
      leftOut();
      const first = names.get(name);
      if (first === undefined) {
        names.set(name, cur);
      } else if (first !== cur) {
        // The vertex just read is the named one: its edges go there.
        for (const e of edges) {
          if (e.a === cur) e.a = first;
          if (e.b === cur) e.b = first;
        }
        if (vertices[first].label === ".") vertices[first].label = vertices[cur].label;
        vertices.pop();
        cur = first;
      }
    } else if (c === "(") {
      leftOut();
      stack.push(cur);
    } else if (c === ";") {
      leftOut();
      cur = stack.length ? stack[stack.length - 1] : -1;
    } else if (c === ")") {
      leftOut();
      if (!stack.length) return null;
      cur = stack.pop();
    } else {
      return null;
    }
  }
  if (pending !== null) land(".");
  return { vertices, edges };
}

const reverseArc = (label) => label.replace(/[<>]/g, (c) => (c === ">" ? "<" : ">"));

function nameOf(k) {
  const short = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return k < short.length ? short[k] : `{${k}}`;
}

/** The graph string of `graph` for a ruleset whose vertices are written
 * with `vertexLabels` ("" where they are never written): each piece a
 * spanning tree from its first vertex, branches in parentheses, and the
 * edges that close cycles as branches to named vertices. No recursion: a
 * vertex's text is made after its children's. `order`: the vertices in
 * the order the text has them (as it reads back numbered). */
export function writeGraph(graph, vertexLabels) {
  const n = graph.vertices.length;
  const adjacent = Array.from({ length: n }, () => []);
  graph.edges.forEach((e, k) => {
    adjacent[e.a].push(k);
    if (e.b !== e.a) adjacent[e.b].push(k);
  });
  const seen = new Array(n).fill(false);
  const treeEdge = new Array(graph.edges.length).fill(false);
  const children = Array.from({ length: n }, () => []);
  const order = [];
  const roots = [];
  for (let root = 0; root < n; root++) {
    if (seen[root]) continue;
    // An isolated vertex whose label is never written cannot be written.
    if (!adjacent[root].length && !vertexLabels) continue;
    roots.push(root);
    seen[root] = true;
    const stack = [root];
    while (stack.length) {
      const v = stack.pop();
      order.push(v);
      const next = [];
      for (const k of adjacent[v]) {
        const e = graph.edges[k];
        const w = e.a === v ? e.b : e.a;
        if (seen[w]) continue;
        seen[w] = true;
        treeEdge[k] = true;
        children[v].push({ k, w });
        next.push(w);
      }
      for (let j = next.length - 1; j >= 0; j--) stack.push(next[j]);
    }
  }
  // The other edges: a branch from their first end to the other, named.
  const named = new Map();
  const back = Array.from({ length: n }, () => []);
  graph.edges.forEach((e, k) => {
    if (treeEdge[k] || !seen[e.a]) return;
    if (!named.has(e.b)) named.set(e.b, nameOf(named.size));
    back[e.a].push(k);
  });
  const label = (v) => {
    const l = graph.vertices[v].label;
    return l === "." && !vertexLabels.includes(".") ? "" : l;
  };
  const edgeFrom = (k, v) => {
    const e = graph.edges[k];
    return e.a === v ? e.label : reverseArc(e.label);
  };
  const text = new Array(n).fill("");
  for (let i = order.length - 1; i >= 0; i--) {
    const v = order[i];
    const items = children[v].map(({ k, w }) => edgeFrom(k, v) + text[w]);
    for (const k of back[v]) {
      const w = graph.edges[k].b;
      items.push(edgeFrom(k, v) + label(w) + ":" + named.get(w));
    }
    const name = named.has(v) ? ":" + named.get(v) : "";
    const rest = items.length === 1 ? items[0] : items.length ? `(${items.join(";")})` : "";
    text[v] = label(v) + name + rest;
  }
  return { text: roots.map((r) => text[r]).join(";"), order };
}

/** Where each vertex is drawn, in units: a graph on the ground in layers
 * up from its first vertex; else by a few hundred steps of springs and
 * repulsion from a circle (deterministic). */
function placeGraph(graph, ground) {
  const n = graph.vertices.length;
  if (n === 0) return { at: [], width: 1, height: 0 };
  const adjacent = Array.from({ length: n }, () => []);
  for (const e of graph.edges) {
    adjacent[e.a].push(e.b);
    adjacent[e.b].push(e.a);
  }
  if (ground) {
    const depth = new Array(n).fill(-1);
    const layers = [];
    for (let s = 0; s < n; s++) {
      if (depth[s] >= 0) continue;
      depth[s] = 0;
      const queue = [s];
      for (let q = 0; q < queue.length; q++) {
        const v = queue[q];
        (layers[depth[v]] ??= []).push(v);
        for (const w of adjacent[v]) if (depth[w] < 0) { depth[w] = depth[v] + 1; queue.push(w); }
      }
    }
    const widest = Math.max(1, ...layers.map((l) => l.length));
    const at = new Array(n);
    layers.forEach((layer, d) => layer.forEach((v, i) => {
      at[v] = { x: ((i + 0.5) * widest) / layer.length, y: layers.length - 1 - d };
    }));
    return { at, width: widest, height: Math.max(0, layers.length - 1) };
  }
  const at = Array.from({ length: n }, (_, i) => ({
    x: Math.cos((2 * Math.PI * i) / n) * Math.sqrt(n), y: Math.sin((2 * Math.PI * i) / n) * Math.sqrt(n) }));
  for (let step = 0; step < 300; step++) {
    const cool = 0.1 * (1 - step / 300) + 0.01;
    const force = at.map(() => ({ x: 0, y: 0 }));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const dx = at[i].x - at[j].x;
        const dy = at[i].y - at[j].y;
        const d2 = Math.max(0.01, dx * dx + dy * dy);
        force[i].x += dx / d2; force[i].y += dy / d2;
        force[j].x -= dx / d2; force[j].y -= dy / d2;
      }
    }
    for (const e of graph.edges) {
      if (e.a === e.b) continue;
      const dx = at[e.a].x - at[e.b].x;
      const dy = at[e.a].y - at[e.b].y;
      const d = Math.max(0.01, Math.hypot(dx, dy));
      const pull = d - 1;
      force[e.a].x -= (pull * dx) / d; force[e.a].y -= (pull * dy) / d;
      force[e.b].x += (pull * dx) / d; force[e.b].y += (pull * dy) / d;
    }
    for (let i = 0; i < n; i++) {
      at[i].x += Math.max(-1, Math.min(1, force[i].x)) * cool * 4;
      at[i].y += Math.max(-1, Math.min(1, force[i].y)) * cool * 4;
    }
  }
  // Edges a unit long on average, whatever the springs settled at.
  const lengths = graph.edges.filter((e) => e.a !== e.b)
    .map((e) => Math.hypot(at[e.a].x - at[e.b].x, at[e.a].y - at[e.b].y));
  const mean = lengths.length ? lengths.reduce((a, b) => a + b, 0) / lengths.length : 1;
  for (const p of at) { p.x /= mean || 1; p.y /= mean || 1; }
  const xs = at.map((p) => p.x);
  const ys = at.map((p) => p.y);
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  for (const p of at) { p.x -= x0; p.y -= y0; }
  return { at, width: Math.max(...xs) - x0, height: Math.max(...ys) - y0 };
}

function labelColour(labels, label, plain) {
  if (plain.includes(label)) return null;
  const coloured = Array.from(labels).filter((l) => !plain.includes(l));
  const i = coloured.indexOf(label.replace(/[<>]/g, ""));
  return PALETTE[(i < 0 ? 4 : i) % PALETTE.length];
}

function graphSvg(ruleset, position, size, onClick, selected) {
  const graph = readGraph(position);
  if (!graph) return null;
  const { vertices: vLabels, edges: eLabels, ground } = ruleset.graph;
  const n = graph.vertices.length;
  const { at, width, height } = placeGraph(graph, ground);
  // A big graph is drawn smaller, so that it fits ten vertices' room.
  const unit = Math.min(size * 1.6, (size * 10) / Math.max(1, width, height));
  const pad = size * 0.7;
  const svg = svgOf(width * unit + 2 * pad, height * unit + 2 * pad + (ground ? size * 0.3 : 0));
  const px = (v) => at[v].x * unit + pad;
  const py = (v) => at[v].y * unit + pad;
  if (ground) {
    // The ground, under the first vertex (drawn when nothing stands on it too).
    const y = (n ? py(0) : pad) + size * 0.25;
    svg.appendChild(el("line", { x1: 0, x2: width * unit + 2 * pad, y1: y, y2: y, stroke: "#6b4f2a", "stroke-width": 3 }));
  }
  graph.edges.forEach((e, k) => {
    const colour = labelColour(eLabels, e.label, "-<>") ?? "#333";
    const [x1, y1, x2, y2] = [px(e.a), py(e.a), px(e.b), py(e.b)];
    const attributes = { stroke: colour, "stroke-width": Math.max(2, size / 6), class: "edge" };
    const line = e.a === e.b
      ? el("circle", { cx: x1, cy: y1 - size * 0.5, r: size * 0.5, fill: "none", ...attributes })
      : el("line", { x1, y1, x2, y2, ...attributes });
    line.dataset.edge = k;
    if (selected?.edge === k) line.setAttribute("stroke-dasharray", "4 3");
    svg.appendChild(line);
    // A wide, clear band over the edge, easier to click (a shape with an
    // area: a line's box is empty when it is upright).
    if (onClick) {
      const d = Math.max(1, Math.hypot(x2 - x1, y2 - y1));
      const [nx, ny] = [(-(y2 - y1) / d) * size * 0.25, ((x2 - x1) / d) * size * 0.25];
      const hit = e.a === e.b
        ? el("circle", { cx: x1, cy: y1 - size * 0.5, r: size * 0.5, fill: "transparent" })
        : el("polygon", { fill: "transparent",
          points: `${x1 + nx},${y1 + ny} ${x2 + nx},${y2 + ny} ${x2 - nx},${y2 - ny} ${x1 - nx},${y1 - ny}` });
      hit.dataset.edge = k;
      hit.classList.add("edge-hit");
      hit.addEventListener("click", () => onClick({ edge: k }));
      svg.appendChild(hit);
    }
    const arcs = e.label.replace(/[^<>]/g, "");
    if (arcs && e.a !== e.b) {
      // An arrowhead at the middle, pointing the way of the arc.
      const [fx, fy, tx, ty] = arcs === ">" ? [x1, y1, x2, y2] : [x2, y2, x1, y1];
      const d = Math.max(1, Math.hypot(tx - fx, ty - fy));
      const [ux, uy] = [(tx - fx) / d, (ty - fy) / d];
      const [mx, my] = [(fx + tx) / 2 + ux * size * 0.2, (fy + ty) / 2 + uy * size * 0.2];
      const s = size * 0.3;
      svg.appendChild(el("polygon", { fill: colour, "pointer-events": "none",
        points: `${mx},${my} ${mx - ux * s - uy * s * 0.6},${my - uy * s + ux * s * 0.6} ${mx - ux * s + uy * s * 0.6},${my - uy * s - ux * s * 0.6}` }));
    }
  });
  const writeLabels = vLabels.length > 0;
  graph.vertices.forEach((v, i) => {
    const colour = labelColour(vLabels, v.label, ".");
    const r = Math.min(unit * 0.3, writeLabels ? size * 0.32 : size * 0.14);
    const circle = el("circle", { cx: px(i), cy: py(i), r, fill: colour ?? (writeLabels ? "#ffffff" : "#333"),
      stroke: selected?.vertex === i ? "#f0a000" : "#333", "stroke-width": selected?.vertex === i ? 3 : 1.5, class: "vertex" });
    circle.dataset.vertex = i;
    svg.appendChild(circle);
    if (onClick) circle.addEventListener("click", () => onClick({ vertex: i }));
  });
  return svg;
}

// ---------------------------------------------------------------- numbers

/** The numbers of a position: a cake ruleset's cakes `[[m, n], …]` (from
 * `m,n`, `m,n + k*(m,n)`), else each number a row of pins `[[n], …]`;
 * `null` where the text is not numbers. */
export function readNumbers(ruleset, position) {
  const groups = [];
  for (const part of boardAndRules(position)[0].split("+")) {
    const m = part.trim().match(/^(?:(\d+)\s*\*\s*\(([^()]*)\)|([^()*]*))$/);
    if (!m) return null;
    const copies = m[1] ? Number(m[1]) : 1;
    const numbers = (m[2] ?? m[3]).split(",").map((x) => x.trim());
    if (numbers.some((x) => !/^\d+$/.test(x)) || copies > 64) return null;
    const values = numbers.map(Number);
    for (let c = 0; c < copies; c++) {
      if (ruleset.cakes) {
        if (values.length !== 2) return null;
        groups.push(values);
      } else {
        for (const v of values) groups.push([v]);
      }
    }
  }
  return groups;
}

export function writeNumbers(ruleset, groups) {
  return ruleset.cakes ? groups.map((g) => g.join(",")).join(" + ") : groups.map((g) => g[0]).join(",");
}

function numbersSvg(ruleset, position, size, onClick) {
  const groups = readNumbers(ruleset, position);
  if (!groups) return null;
  const svg = svgOf(1, 1);
  let x = 1;
  let height = 0;
  if (ruleset.cakes) {
    for (const [rows, cols] of groups) {
      // A big cake is drawn smaller, so that it fits.
      const cell = Math.max(2, Math.min(size, (size * 12) / Math.max(rows, cols)));
      const w = cols * cell;
      const h = rows * cell;
      svg.appendChild(el("rect", { x, y: 1, width: w, height: h, fill: "#f3d9a4", stroke: "#8b5a2b", "stroke-width": 1.5 }));
      if (cell >= 4) {
        for (let c = 1; c < cols; c++) svg.appendChild(el("line", { x1: x + c * cell, x2: x + c * cell, y1: 1, y2: 1 + h, stroke: "#b98a4d" }));
        for (let r = 1; r < rows; r++) svg.appendChild(el("line", { x1: x, x2: x + w, y1: 1 + r * cell, y2: 1 + r * cell, stroke: "#b98a4d" }));
      }
      x += w + Math.max(6, size / 3);
      height = Math.max(height, h);
    }
  } else {
    const widest = Math.max(1, ...groups.map((g) => g[0]));
    const step = Math.max(3, Math.min(size * 0.8, (size * 24) / widest));
    groups.forEach(([pins], y) => {
      for (let p = 0; p < pins; p++) {
        const pin = el("circle", { cx: 1 + step * (p + 0.5), cy: 1 + step * (y + 0.5), r: step * 0.35, fill: "#8c564b", class: "pin" });
        pin.dataset.row = y;
        pin.dataset.pin = p;
        if (onClick) pin.addEventListener("click", () => onClick({ row: y, pin: p }));
        svg.appendChild(pin);
      }
    });
    x = 2 + step * widest;
    height = step * Math.max(1, groups.length);
  }
  svg.setAttribute("width", Math.ceil(x + 1));
  svg.setAttribute("height", Math.ceil(height + 2));
  return svg;
}

// ---------------------------------------------------------------- squares

/** Squares `(row,column)`: Left's, `;`, Right's, as `{left, right}` of
 * `[row, column]` pairs; `null` where the text is not that. */
export function readSquares(position) {
  const sides = position.split(";");
  if (sides.length !== 2) return null;
  const read = (text) => {
    const pairs = [];
    for (const m of text.matchAll(/\(\s*(\d+)\s*,\s*(\d+)\s*\)/g)) pairs.push([Number(m[1]), Number(m[2])]);
    return text.replace(/\(\s*\d+\s*,\s*\d+\s*\)|[\s,]/g, "") ? null : pairs;
  };
  const [left, right] = sides.map(read);
  return left && right ? { left, right } : null;
}

export function writeSquares({ left, right }) {
  const w = (list) => list.map(([r, c]) => `(${r},${c})`).join(",");
  return `${w(left)};${w(right)}`;
}

function squaresSvg(ruleset, position, size, onClick) {
  const squares = readSquares(position);
  if (!squares) return null;
  const top = Math.max(8, 1 + Math.max(0, ...[...squares.left, ...squares.right].map(([r]) => r)));
  const svg = svgOf(8 * size + 2, top * size + 2);
  for (let row = top; row >= 1; row--) {
    for (let col = 1; col <= 8; col++) {
      const [x, y] = [(col - 1) * size + 1, (top - row) * size + 1];
      const dark = (row + col) % 2 === 0;
      const rect = el("rect", { x, y, width: size, height: size, fill: dark ? "#b58863" : "#f0d9b5", class: "cell" });
      rect.dataset.row = row;
      rect.dataset.col = col;
      if (onClick && dark) rect.addEventListener("click", () => onClick({ row, col }));
      svg.appendChild(rect);
      const piece = squares.left.some(([r, c]) => r === row && c === col) ? 0
        : squares.right.some(([r, c]) => r === row && c === col) ? 1 : -1;
      if (piece >= 0) disc(svg, x + size / 2, y + size / 2, size * 0.36, PALETTE[piece], piece ? "R" : "L", size);
    }
  }
  return svg;
}

// ---------------------------------------------------------------- pictures

/** The picture of a ruleset position, `size` pixels a cell (or a vertex's
 * room); `onClick(place)` where the board is edited by clicking; `null`
 * where the position's text is not one this draws. */
export function boardSvg(ruleset, position, size, onClick, selected) {
  switch (ruleset.layout) {
    case "grid":
    case "strip":
      return cellsSvg(ruleset, position, size, onClick);
    case "graph":
      return graphSvg(ruleset, position, size, onClick, selected);
    case "numbers":
      return numbersSvg(ruleset, position, size, onClick);
    case "squares":
      return squaresSvg(ruleset, position, size, onClick);
    default:
      return null;
  }
}

/** A small picture of `expr`: a ruleset term's board, a sum's terms side
 * by side (with their signs), and what has no board as its text. */
export function picture(rulesets, expr, size = 12) {
  const span = document.createElement("span");
  span.className = "picture";
  span.title = expr;
  termsOf(expr).forEach(({ sign, text }, i) => {
    if (i > 0 || sign === "-") {
      const s = document.createElement("span");
      s.className = "sign";
      s.textContent = i > 0 ? ` ${sign === "-" ? "−" : "+"} ` : "−";
      span.appendChild(s);
    }
    const term = singleTerm(rulesets, text);
    const svg = term && boardSvg(term.ruleset, term.position, size);
    if (svg) {
      svg.classList.add("term");
      span.appendChild(svg);
    } else {
      const t = document.createElement("span");
      t.textContent = text;
      span.appendChild(t);
    }
  });
  return span;
}

// ---------------------------------------------------------------- TikZ

/** An SVG colour as TikZ reads it: `#rrggbb` or `#rgb` in xcolor's
 * inline form (TikZ reads no `#`); `null` for none. */
function tikzColour(colour) {
  if (!colour || colour === "none" || colour === "transparent") return null;
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour)
    ?? /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(colour);
  if (!m) return colour;
  const [r, g, b] = m.slice(1).map((h) => parseInt(h.length === 1 ? h + h : h, 16));
  return `{rgb,255:red,${r};green,${g};blue,${b}}`;
}

const PX = 0.25; // millimetres a pixel
const num = (v) => String(Math.round(Number(v) * 100) / 100);
const mm = (v) => `${num(Number(v) * PX)}mm`;

/** The TikZ of a board's picture, shape by shape as it is drawn (so it
 * shows what the page shows, for every layout): a cell, a vertex, a pin
 * or a piece a `\node` at its place; lines, arrowheads and loops drawn;
 * shapes that are only there to be clicked left out. */
export function svgTikz(svg) {
  const lines = [`\\begin{tikzpicture}[x=${PX}mm, y=-${PX}mm]`];
  const a = (e, name) => e.getAttribute(name);
  for (const e of svg.children) {
    const fill = tikzColour(a(e, "fill"));
    const stroke = tikzColour(a(e, "stroke"));
    const width = a(e, "stroke-width");
    const style = [
      stroke ? `draw=${stroke}` : null,
      stroke && width ? `line width=${mm(width)}` : null,
      fill ? `fill=${fill}` : null,
    ].filter(Boolean);
    const opts = (more) => [...more, ...style].join(", ");
    switch (e.tagName.toLowerCase()) {
      case "rect":
        lines.push(`  \\node[${opts(["rectangle", "inner sep=0pt", "anchor=north west",
          `minimum width=${mm(a(e, "width"))}`, `minimum height=${mm(a(e, "height"))}`])}] at (${num(a(e, "x"))},${num(a(e, "y"))}) {};`);
        break;
      case "circle":
        if (!fill && !stroke) break;
        if (!fill) {
          // An outline (a loop of a graph), not a thing standing there.
          lines.push(`  \\draw[${style.join(", ")}] (${num(a(e, "cx"))},${num(a(e, "cy"))}) circle[radius=${num(a(e, "r"))}];`);
        } else {
          lines.push(`  \\node[${opts(["circle", "inner sep=0pt", `minimum size=${mm(2 * a(e, "r"))}`])}] at (${num(a(e, "cx"))},${num(a(e, "cy"))}) {};`);
        }
        break;
      case "line":
        lines.push(`  \\draw[${style.join(", ")}] (${num(a(e, "x1"))},${num(a(e, "y1"))}) -- (${num(a(e, "x2"))},${num(a(e, "y2"))});`);
        break;
      case "polygon": {
        if (!fill) break;
        const points = a(e, "points").trim().split(/\s+/).map((p) => `(${p.split(",").map(num).join(",")})`);
        lines.push(`  \\fill[fill=${fill}] ${points.join(" -- ")} -- cycle;`);
        break;
      }
      case "text": {
        const colour = fill ? `text=${fill}, ` : "";
        const size = Number(a(e, "font-size")) || 12;
        // SVG puts a text's baseline at y; TikZ a node's centre.
        lines.push(`  \\node[${colour}font=\\sffamily\\fontsize{${num(size * PX * 2.845)}}{0}\\selectfont] at (${num(a(e, "x"))},${num(Number(a(e, "y")) - size * 0.35)}) {${e.textContent.replace(/[\\{}$&#^_%~]/g, (c) => (c === "\\" ? "\\textbackslash{}" : `\\${c}`))}};`);
        break;
      }
      default:
        break;
    }
  }
  lines.push("\\end{tikzpicture}");
  return lines.join("\n");
}

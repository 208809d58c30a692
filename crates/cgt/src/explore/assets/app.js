// The page of `cgt explore`: plain JavaScript, no build step, no network
// but its own server. It never names a ruleset: what a board looks like
// comes from the registry (/api/rulesets), by its layout and its cells.
// The notebook widget (widget.js) runs this same module on its own
// element, with a transport that asks the Python module instead of the
// server: `start` takes both.

import * as board from "./board.js";
import { act, editor } from "./editor.js";

/** Where the page is drawn, how it asks its questions, whether the
 * address follows the position; set by `start`. */
let host = null;
const $ = (id) => host.root.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

/** The registry, by name. */
let rulesets = new Map();
/** The position shown. */
let current = "";
/** The node of the tree whose value is shown. */
let selected = "";
/** Board edits, for undo. */
let boardHistory = [];
/** Computations running, by id, with their abort controllers. */
const running = new Map();

// ---------------------------------------------------------------- the server

/** The page's transport: the API of its own server. `request` answers
 * `{ ok, body }` (the body's text), `cancel` stops the computation `id`. */
export const httpTransport = {
  async request(path, params, signal) {
    const query = params ? `?${new URLSearchParams(params)}` : "";
    const response = await fetch(`${path}${query}`, { signal });
    return { ok: response.ok, body: await response.text() };
  },
  cancel(id) {
    fetch(`/api/cancel?${new URLSearchParams({ id })}`, { method: "POST" }).catch(() => {});
  },
};

/** A computation the page may cancel. */
async function call(path, params, { text = false, group = "main" } = {}) {
  const id = `${group}-${Math.random().toString(36).slice(2, 10)}`;
  const controller = new AbortController();
  running.set(id, { controller, group });
  showBusy();
  try {
    const { ok, body } = await host.transport.request(path, { ...params, id }, controller.signal);
    if (!ok) {
      let message = body;
      try { message = JSON.parse(body).error; } catch { /* the body as it is */ }
      throw new Error(message);
    }
    return text ? body : JSON.parse(body);
  } finally {
    running.delete(id);
    showBusy();
  }
}

/** Cancels every computation of `group` (all of them without one). */
function cancel(group) {
  for (const [id, { controller, group: g }] of running) {
    if (group && g !== group) continue;
    controller.abort();
    running.delete(id);
    // The server stops the computation too, freeing its store.
    host.transport.cancel(id);
  }
  showBusy();
}

let busySince = 0;
let busyTimer = 0;
function showBusy() {
  const busy = running.size > 0;
  $("cancel").hidden = !busy;
  if (busy && !busyTimer) {
    busySince = performance.now();
    const tick = () => {
      const s = Math.floor((performance.now() - busySince) / 1000);
      $("status-text").textContent = `computing… ${s} s`;
    };
    tick();
    busyTimer = setInterval(tick, 500);
  } else if (!busy && busyTimer) {
    clearInterval(busyTimer);
    busyTimer = 0;
    $("status-text").textContent = "";
  }
}

// ---------------------------------------------------------------- positions

/** `{ruleset, position}` when `expr` is one ruleset term and nothing else. */
const singleTerm = (expr) => board.singleTerm(rulesets, expr);
/** A small picture of `expr`: its board, a sum's boards, or its text. */
const picture = (expr, size = 12) => board.picture(rulesets, expr, size);

// ---------------------------------------------------------------- the board

/** Which term of a sum the board edits (its place among the terms). */
let editedTerm = 0;

function showBoard() {
  const terms = board.termsOf(current);
  const ruled = terms.map((t) => singleTerm(t.text));
  $("board-terms").replaceChildren();
  $("board-terms").hidden = terms.length < 2;
  if (terms.length > 1 && ruled.some(Boolean)) {
    // A sum: its terms side by side, the one picked in the editor.
    if (!ruled[editedTerm]) editedTerm = ruled.findIndex(Boolean);
    terms.forEach((t, k) => {
      const button = document.createElement("button");
      button.className = `term${k === editedTerm ? " picked" : ""}`;
      button.dataset.term = k;
      button.appendChild(picture(`${k > 0 || t.sign === "-" ? t.sign : ""}${t.text}`.replace(/^\+/, ""), 14));
      button.disabled = !ruled[k];
      button.addEventListener("click", () => { editedTerm = k; showBoard(); });
      $("board-terms").appendChild(button);
    });
  }
  const k = terms.length > 1 ? editedTerm : 0;
  const term = ruled[k];
  $("board-panel").hidden = !term;
  if (!term) return;
  $("board-name").textContent = term.ruleset.name;
  editor(term, {
    edit: (position) => {
      const text = `${term.ruleset.name}(${position})`;
      edit(terms.map((t, j) => `${j > 0 ? ` ${t.sign} ` : t.sign === "-" ? "-" : ""}${j === k ? text : t.text}`).join(""));
    },
    $,
  });
}

/** Opens `expr`, an edit of the board, keeping the one before for undo. */
function edit(expr) {
  boardHistory.push(current);
  open(expr);
}

/** The board as TikZ: a grid or strip cell by cell from its cells; any
 * other layout shape by shape from its picture on the page. */
function boardTikz() {
  const term = singleTerm(current);
  if (!term) return "";
  if (term.ruleset.layout !== "grid" && term.ruleset.layout !== "strip") {
    const svg = $("board").querySelector("svg");
    return svg ? board.svgTikz(svg) : "";
  }
  const rows = board.cellsOf(term.ruleset, term.position);
  const lines = ["\\begin{tikzpicture}[scale=0.5]"];
  rows.forEach((row, y) => row.forEach((c, x) => {
    const look = board.cellLook(term.ruleset, c);
    const fill = c === "#" ? "black!70" : "white";
    lines.push(`  \\draw[fill=${fill}] (${x},${-y}) rectangle +(1,1);`);
    if (look.piece) lines.push(`  \\node at (${x + 0.5},${-y + 0.5}) {\\texttt{${c}}};`);
  }));
  lines.push("\\end{tikzpicture}");
  return lines.join("\n");
}

/** The board's picture as an SVG file's text, `""` where none is drawn. */
function boardSvg() {
  const svg = $("board").querySelector("svg");
  return svg ? svg.outerHTML : "";
}

// ---------------------------------------------------------------- the value

function showValue(expr) {
  selected = expr;
  $("value-of").textContent = expr === current ? "" : `of ${expr}`;
  for (const node of host.root.querySelectorAll(".tree .node")) {
    node.classList.toggle("selected", node.dataset.expr === expr);
  }
  cancel("value");
  $("error").hidden = true;
  $("value").replaceChildren();
  call("/api/eval", { q: expr }, { group: "value" }).then((json) => {
    if (selected !== expr) return;
    const table = $("value");
    for (const [key, value] of Object.entries(json)) {
      const tr = document.createElement("tr");
      const k = document.createElement("td");
      k.textContent = key.replaceAll("_", " ");
      const v = document.createElement("td");
      v.textContent = value === null ? "none" : String(value);
      v.dataset.key = key;
      tr.append(k, v);
      table.appendChild(tr);
    }
    // Time to first view, read by the browser tests.
    performance.mark("value-shown");
  }, (e) => showError(e));
  cancel("thermo");
  $("thermograph").replaceChildren();
  call("/api/thermograph", { q: expr }, { text: true, group: "thermo" }).then((svg) => {
    if (selected !== expr) return;
    const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
    $("thermograph").replaceChildren(document.importNode(doc.documentElement, true));
  }, (e) => {
    if (e.name === "AbortError") return;
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = e.message;
    $("thermograph").replaceChildren(p);
  });
}

function showError(e) {
  if (e.name === "AbortError") return;
  $("error").hidden = false;
  $("error").textContent = e.message;
}

// ---------------------------------------------------------------- the tree

/** Expressions already in the tree: a transposition is shown once. */
let seen = new Set();

function treeNode(expr, label, option) {
  const li = document.createElement("li");
  const toggle = document.createElement("span");
  toggle.className = "toggle";
  const node = document.createElement("span");
  node.className = "node";
  node.dataset.expr = expr;
  if (label) {
    const side = document.createElement("span");
    side.className = `side ${label}`;
    side.textContent = label === "left" ? "L " : "R ";
    li.appendChild(side);
  }
  node.appendChild(picture(expr));
  if (option) {
    const value = document.createElement("span");
    value.className = "value";
    value.textContent = `  = ${option.value}`;
    node.appendChild(value);
    if (option.dominated) node.classList.add("dominated");
    if (option.reversible) node.append(" ↺");
    node.title = `${expr}${option.dominated ? " (dominated)" : ""}${option.reversible ? " (reversible)" : ""}`;
  }
  node.addEventListener("click", () => showValue(expr));
  li.prepend(toggle);
  li.appendChild(node);
  const children = document.createElement("ul");
  li.appendChild(children);
  if (seen.has(expr)) {
    toggle.textContent = "=";
    toggle.title = "seen above in the tree";
    return li;
  }
  seen.add(expr);
  toggle.textContent = "▸";
  let expanded = false;
  toggle.addEventListener("click", () => {
    if (expanded) {
      expanded = false;
      toggle.textContent = "▸";
      children.replaceChildren();
      return;
    }
    expanded = true;
    toggle.textContent = "…";
    expand(expr, children).then(() => { toggle.textContent = "▾"; }, (e) => {
      toggle.textContent = "▸";
      expanded = false;
      showError(e);
    });
  });
  li.expand = () => toggle.click();
  return li;
}

async function expand(expr, into) {
  const options = await call("/api/options", { q: expr }, { group: "tree" });
  into.replaceChildren();
  // A sum moves in one term at a time, the others as they are.
  const moves = options.sum ?? options;
  for (const side of ["left", "right"]) {
    for (const option of moves[side]) into.appendChild(treeNode(option.expression, side, option));
  }
  if (moves.left.length + moves.right.length === 0) {
    const li = document.createElement("li");
    li.className = "hint";
    li.textContent = "no moves";
    into.appendChild(li);
  }
  if (options.canonical) {
    const li = document.createElement("li");
    li.className = "canonical";
    li.textContent = `canonical form's options: { ${options.canonical.left.join(", ")} | ${options.canonical.right.join(", ")} }`;
    into.appendChild(li);
  }
  performance.mark("tree-expanded");
  return options;
}

function showTree() {
  seen = new Set();
  const root = treeNode(current);
  $("tree").replaceChildren(root);
  root.expand();
}

/** The expanded tree as an SVG picture: a line per node, indented. */
function treeSvg() {
  const lines = [];
  const walk = (ul, depth) => {
    for (const li of ul.children) {
      const node = li.querySelector(":scope > .node");
      const side = li.querySelector(":scope > .side");
      const text = node ? `${side ? side.textContent : ""}${node.title || node.dataset.expr}${node.querySelector(".value")?.textContent ?? ""}` : li.textContent;
      lines.push({ depth, text, colour: side?.classList.contains("right") ? "#d62728" : side ? "#1f5fb4" : "#222" });
      const sub = li.querySelector(":scope > ul");
      if (sub) walk(sub, depth + 1);
    }
  };
  walk($("tree"), 0);
  const escape = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const height = lines.length * 18 + 10;
  const body = lines.map((l, i) =>
    `<text x="${10 + l.depth * 20}" y="${20 + i * 18}" fill="${l.colour}">${escape(l.text)}</text>`).join("\n");
  return `<svg xmlns="${SVG_NS}" width="900" height="${height}" font-family="monospace" font-size="13">\n<rect width="100%" height="100%" fill="white"/>\n${body}\n</svg>\n`;
}

/** TeX for `text` in \texttt. */
function tex(text) {
  return text.replace(/[\\{}|#$%&_^~]/g, (c) => ({
    "\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", "|": "\\textbar{}", "#": "\\#",
    "$": "\\$", "%": "\\%", "&": "\\&", "_": "\\_", "^": "\\textasciicircum{}", "~": "\\textasciitilde{}",
  })[c]);
}

/** The expanded tree as TikZ (its `child` syntax): each node its position
 * and value, Left's options blue and Right's red. */
function treeTikz() {
  const node = (li, depth) => {
    const n = li.querySelector(":scope > .node");
    const value = n.querySelector(".value")?.textContent.replace(/^\s*=\s*/, "") ?? "";
    const label = `\\texttt{${tex(n.dataset.expr)}}${value ? ` = \\texttt{${tex(value)}}` : ""}`;
    const pad = "  ".repeat(depth);
    const kids = Array.from(li.querySelectorAll(":scope > ul > li"))
      .filter((c) => c.querySelector(":scope > .node"))
      .map((c) => {
        const colour = c.querySelector(":scope > .side")?.classList.contains("right") ? "red" : "blue";
        return `${pad}  child[${colour}] {${node(c, depth + 1)}}`;
      });
    return `node {${label}}${kids.length ? "\n" + kids.join("\n") : ""}`;
  };
  const root = $("tree").querySelector(":scope > li");
  if (!root) return "";
  return `\\begin{tikzpicture}[level distance=14mm, sibling distance=40mm, every node/.style={font=\\small}]\n\\${node(root, 0)};\n\\end{tikzpicture}`;
}

function download(name, text, type = "image/svg+xml") {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ---------------------------------------------------------------- play

/** The game being played; `claims`: who the solver said wins at each turn
 * (read by the browser tests: the engine must win where it said it wins). */
const play = { history: [], toMove: "left", human: "left", on: false, claims: [] };
window.cgtPlay = play;

const other = (side) => (side === "left" ? "right" : "left");
const Name = (side) => (side === "left" ? "Left" : "Right");

async function startPlay() {
  cancel("play");
  play.human = $("play-side").value;
  play.toMove = $("play-first").value;
  play.history = [];
  play.claims = [];
  play.on = true;
  await turn();
}

/** Says who wins from here, then lets the engine move or lists the human's moves. */
async function turn() {
  $("play-hint-text").textContent = "";
  $("play-moves").replaceChildren();
  $("play-undo").disabled = play.history.length === 0;
  $("play-hint").disabled = true;
  const side = play.toMove;
  const options = await call("/api/options", { q: current }, { group: "play" });
  // A sum is played term by term.
  const moves = (options.sum ?? options)[side];
  if (moves.length === 0) {
    $("play-status").textContent = `${Name(side)} cannot move: ${Name(other(side))} wins.`;
    $("play-status").dataset.winner = other(side);
    return;
  }
  delete $("play-status").dataset.winner;
  const solved = await call("/api/solve", { q: current, first: side }, { group: "play" });
  const who = side === play.human ? "you" : "the engine";
  $("play-status").textContent =
    `${Name(side)} (${who}) to move; ${Name(solved.winner)} wins from here with perfect play.`;
  $("play-status").dataset.predicted = solved.winner;
  play.claims.push({ position: current, toMove: side, engine: side !== play.human, winner: solved.winner });
  if (side !== play.human) {
    await move(await engineMove(side, moves, solved, options.sum?.terms.length));
    return;
  }
  $("play-hint").disabled = false;
  for (const option of moves) {
    const button = document.createElement("button");
    button.className = "move";
    button.dataset.expr = option.expression;
    button.appendChild(picture(option.expression, 16));
    button.addEventListener("click", () => move(option.expression));
    $("play-moves").appendChild(button);
  }
}

/** A winning move for `side` if there is one: solve's, when it is one of the
 * options as written; else the first option from which the other side,
 * moving first, loses. Any move when none wins. */
async function engineMove(side, moves, solved, rest) {
  if (solved.winner !== side) return moves[0].expression;
  const to = solved.move?.to;
  if (to && moves.some((m) => m.expression === to)) return to;
  // In a sum, solve names the term (from 1; none for the rest in
  // notation, the sum's last term) and what it becomes.
  const term = solved.move?.term ?? rest;
  const inTerm = moves.find((m) => m.term === term && m.to === to);
  if (inTerm) return inTerm.expression;
  for (const option of moves) {
    const reply = await call("/api/solve", { q: option.expression, first: other(side) }, { group: "play" });
    if (reply.winner === side) return option.expression;
  }
  return moves[0].expression;
}

async function move(expr) {
  play.history.push(current);
  play.toMove = other(play.toMove);
  open(expr, { keepPlay: true });
  await turn();
}

async function undoPlay() {
  // Back to the human's last turn: the engine's reply and the human's move.
  cancel("play");
  let back = play.history.length;
  const steps = play.toMove === play.human ? 2 : 1;
  for (let i = 0; i < steps && back > 0; i++) {
    back--;
    play.toMove = other(play.toMove);
  }
  const previous = play.history[back];
  play.history.length = back;
  if (previous !== undefined) open(previous, { keepPlay: true });
  await turn();
}

async function hint() {
  const solved = await call("/api/solve", { q: current, first: play.human }, { group: "play" });
  if (solved.winner !== play.human || !solved.move) {
    $("play-hint-text").textContent = "No winning move: every move loses against perfect play.";
    return;
  }
  const value = await call("/api/eval", { q: solved.move.to }, { group: "play" });
  $("play-hint-text").textContent =
    `Winning move: to ${solved.move.to}, which leaves ${value.value} (${value.outcome}).`;
}

// ---------------------------------------------------------------- the page

/** Opens `expr`: the address follows it, and every panel shows it. */
function open(expr, { keepPlay = false, push = true } = {}) {
  expr = expr.trim();
  if (!expr) return;
  cancel();
  if (!keepPlay) {
    play.on = false;
    $("play-status").textContent = "";
    $("play-moves").replaceChildren();
    $("play-hint-text").textContent = "";
  }
  current = expr;
  $("expr").value = expr;
  host.opened(expr);
  const url = `${location.pathname}?${new URLSearchParams({ q: expr })}`;
  if (host.address && push && location.search !== url.slice(location.pathname.length)) {
    history.pushState({ expr }, "", url);
  }
  showBoard();
  showValue(expr);
  showTree();
}

async function main() {
  const list = JSON.parse((await host.transport.request("/api/rulesets", null)).body);
  for (const r of list) {
    rulesets.set(r.name, r);
    const option = document.createElement("option");
    option.value = r.name;
    option.textContent = r.name;
    $("ruleset").appendChild(option);
  }
  $("ruleset").addEventListener("change", () => {
    const r = rulesets.get($("ruleset").value);
    if (r) { boardHistory = []; open(r.example); }
    $("ruleset").value = "";
  });
  $("expr-form").addEventListener("submit", (e) => { e.preventDefault(); boardHistory = []; open($("expr").value); });
  $("cancel").addEventListener("click", () => cancel());
  $("rows-minus").addEventListener("click", () => act("rows", -1));
  $("rows-plus").addEventListener("click", () => act("rows", 1));
  $("cols-minus").addEventListener("click", () => act("cols", -1));
  $("cols-plus").addEventListener("click", () => act("cols", 1));
  $("clear").addEventListener("click", () => act("clear"));
  $("graph-add").addEventListener("click", () => act("add"));
  $("graph-remove").addEventListener("click", () => act("remove"));
  $("undo").addEventListener("click", () => { const last = boardHistory.pop(); if (last) open(last); });
  $("board-svg").addEventListener("click", () => {
    const svg = boardSvg();
    if (svg) download("board.svg", svg);
  });
  $("board-tikz").addEventListener("click", () => { $("tikz").hidden = false; $("tikz").value = boardTikz(); });
  $("thermo-svg").addEventListener("click", () => {
    const svg = $("thermograph").querySelector("svg");
    if (svg) download("thermograph.svg", svg.outerHTML);
  });
  $("tree-svg").addEventListener("click", () => download("tree.svg", treeSvg()));
  $("tree-tikz").addEventListener("click", () => {
    $("tree-tikz-text").hidden = false;
    $("tree-tikz-text").value = treeTikz();
  });
  $("play-start").addEventListener("click", () => startPlay().catch(showError));
  $("play-undo").addEventListener("click", () => undoPlay().catch(showError));
  $("play-hint").addEventListener("click", () => hint().catch(showError));
  if (!host.address) {
    open(host.expression || list[0].example, { push: false });
    return;
  }
  window.addEventListener("popstate", () => {
    const q = new URLSearchParams(location.search).get("q");
    if (q) open(q, { push: false });
  });
  const q = new URLSearchParams(location.search).get("q");
  open(q || list[0].example, { push: false });
  history.replaceState({ expr: current }, "", `${location.pathname}?${new URLSearchParams({ q: current })}`);
}

// What the export buttons save, for the browser tests to read.
window.cgtExport = { treeSvg, treeTikz, boardTikz, boardSvg };

/** Starts the UI in `root` (a document or a shadow root holding
 * index.html's body), asking `transport`; `address`: whether the page's
 * address holds the position, else it opens `expression`; `opened` hears
 * each position opened. Answers `stop` (cancels what is running) and
 * `open` (shows another expression). */
export function start({
  root = document, transport = httpTransport, address = true, expression = "", opened = () => {},
} = {}) {
  host = { root, transport, address, expression, opened };
  main().catch(showError);
  return { stop: () => cancel(), open: (expr) => open(expr) };
}

// The page starts itself; the widget, whose document is a notebook's,
// calls `start` on its own element.
if (document.getElementById("expr-form")) start();

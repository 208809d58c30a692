// The board editor of `cgt explore`: the picture of the position with what
// clicking changes, and the buttons that resize, clear, add and remove, for
// each layout of the registry. An edit gives the new position's text to
// `edit`; the page opens it (and keeps the old one for undo).

import * as board from "./board.js";

/** The position being edited, how to open an edit, and what is selected
 * (a graph's vertex or edge, a row of pins), kept across an edit where
 * the same thing is still there. */
const state = { term: null, edit: null, $: null, selected: null, keep: null };

const BUTTONS = ["rows-minus", "rows-plus", "cols-minus", "cols-plus", "clear", "graph-add", "graph-remove", "board-tikz"];

/** Which buttons each layout shows. */
const SHOWN = {
  grid: ["rows-minus", "rows-plus", "cols-minus", "cols-plus", "clear", "board-tikz"],
  strip: ["cols-minus", "cols-plus", "clear", "board-tikz"],
  graph: ["graph-add", "graph-remove"],
  numbers: ["rows-minus", "rows-plus", "cols-minus", "cols-plus"],
  squares: [],
};

const HINTS = {
  grid: (r) => `Click a cell to change it (${r.cells}).`,
  strip: (r) => `Click a cell to change it (${r.cells}).`,
  graph: (r) => {
    const v = r.graph.vertices.length > 1 ? ` a vertex to change it (${r.graph.vertices}),` : " a vertex to pick it,";
    const e = r.graph.edges.length > 1 ? ` an edge to change it (${r.graph.edges})` : " an edge to pick it";
    return `Click${v}${e}; "vertex +" adds a vertex joined to the one picked, "remove" removes what is picked.`;
  },
  numbers: (r) => r.cakes
    ? "Rows and columns ± resize the last cake."
    : "Rows ± add or remove a row of pins; click a pin to pick its row, columns ± change it.",
  squares: () => "Click a dark square: empty, Left's piece, Right's piece.",
};

/** Shows `term`'s board in #board, ready to edit. */
export function editor(term, { edit, $ }) {
  const same = state.keep && state.keep.expr === `${term.ruleset.name}(${term.position})`;
  state.selected = same ? state.keep.selected : null;
  state.keep = null;
  Object.assign(state, { term, edit, $ });
  const layout = term.ruleset.layout;
  const svg = board.boardSvg(term.ruleset, term.position, 40, click, state.selected);
  const shown = svg ? SHOWN[layout] ?? [] : [];
  for (const id of BUTTONS) $(id).hidden = !shown.includes(id);
  $("board-svg").hidden = !svg;
  const rules = term.ruleset.rules;
  $("board-hint").textContent = svg ? `${HINTS[layout]?.(term.ruleset) ?? ""} ${rules}` : `${rules} (edit the expression above)`;
  const place = $("board");
  place.replaceChildren();
  if (svg) {
    place.appendChild(svg);
  } else {
    const pre = document.createElement("pre");
    pre.textContent = term.position;
    place.appendChild(pre);
  }
}

/** Opens `position`, with `selected` picked when it comes back. */
function change(position, selected = null) {
  const { ruleset } = state.term;
  // The rules written after a board (`;jump=2`) stay as they were.
  if (["grid", "strip", "numbers"].includes(ruleset.layout) && !position.includes(";")) {
    position += board.boardAndRules(state.term.position)[1];
  }
  state.keep = { expr: `${ruleset.name}(${position})`, selected };
  state.edit(position);
}

const next = (labels, label) => labels[(labels.indexOf(label) + 1) % labels.length];

function click(place) {
  const { ruleset, position } = state.term;
  switch (ruleset.layout) {
    case "grid":
    case "strip": {
      const rows = board.cellsOf(ruleset, position);
      rows[place.row][place.col] = next(ruleset.cells, rows[place.row][place.col]);
      change(board.positionOf(ruleset, rows));
      return;
    }
    case "graph": {
      const graph = board.readGraph(position);
      const { vertices, edges } = ruleset.graph;
      if (place.vertex !== undefined) {
        const v = graph.vertices[place.vertex];
        if (vertices.length > 1) v.label = next(vertices, v.label);
        writeGraph(graph, { vertex: place.vertex });
      } else {
        const e = graph.edges[place.edge];
        if (edges.length > 1) {
          e.label = next(edges, e.label);
          writeGraph(graph, null);
        } else {
          state.selected = { edge: place.edge };
          editor(state.term, state);
        }
      }
      return;
    }
    case "numbers":
      state.selected = { row: place.row };
      editor(state.term, state);
      return;
    case "squares": {
      const squares = board.readSquares(position);
      const at = ([r, c]) => r === place.row && c === place.col;
      const [inLeft, inRight] = [squares.left.some(at), squares.right.some(at)];
      squares.left = squares.left.filter((s) => !at(s));
      squares.right = squares.right.filter((s) => !at(s));
      if (!inLeft && !inRight) squares.left.push([place.row, place.col]);
      else if (inLeft) squares.right.push([place.row, place.col]);
      change(board.writeSquares(squares));
      return;
    }
    default:
  }
}

/** Opens `graph`, with its vertex `selected.vertex` (numbered as now)
 * picked when it comes back. */
function writeGraph(graph, selected) {
  const { text, order } = board.writeGraph(graph, state.term.ruleset.graph.vertices);
  const at = selected ? order.indexOf(selected.vertex) : -1;
  change(text, at >= 0 ? { vertex: at } : null);
}

/** What a button does: `name` one of rows, cols, clear, add, remove. */
export function act(name, amount = 0) {
  if (!state.term) return;
  const { ruleset, position } = state.term;
  if (ruleset.layout === "grid" || ruleset.layout === "strip") {
    const rows = board.cellsOf(ruleset, position);
    const empty = ruleset.cells.includes(".") ? "." : ruleset.cells[0];
    const width = Math.max(1, ...rows.map((r) => r.length));
    if (name === "rows" && amount > 0) rows.push(Array(width).fill(empty));
    if (name === "rows" && amount < 0 && rows.length > 1) rows.pop();
    for (const row of rows) {
      if (name === "cols" && amount > 0) row.push(empty);
      if (name === "cols" && amount < 0 && row.length > 1) row.pop();
      if (name === "clear") row.fill(empty);
    }
    change(board.positionOf(ruleset, rows));
  } else if (ruleset.layout === "numbers") {
    const groups = board.readNumbers(ruleset, position);
    if (!groups) return;
    if (ruleset.cakes) {
      const cake = groups[groups.length - 1];
      const k = name === "rows" ? 0 : 1;
      cake[k] = Math.max(1, cake[k] + amount);
    } else if (name === "rows") {
      if (amount > 0) groups.push([3]);
      else if (groups.length > 1) groups.pop();
    } else {
      const row = Math.min(state.selected?.row ?? groups.length - 1, groups.length - 1);
      groups[row][0] = Math.max(1, groups[row][0] + amount);
      change(board.writeNumbers(ruleset, groups), { row });
      return;
    }
    change(board.writeNumbers(ruleset, groups));
  } else if (ruleset.layout === "graph") {
    const graph = board.readGraph(position);
    if (!graph) return;
    const { vertices, edges } = ruleset.graph;
    const plain = vertices.includes(".") || !vertices ? "." : vertices[0];
    if (name === "add") {
      const from = state.selected?.vertex ?? graph.vertices.length - 1;
      if (from < 0) graph.vertices.push({ label: plain });
      graph.vertices.push({ label: plain });
      const to = graph.vertices.length - 1;
      graph.edges.push({ a: Math.max(0, from), b: to, label: edges[0] });
      writeGraph(graph, { vertex: to });
    } else if (name === "remove") {
      if (state.selected?.edge !== undefined) {
        graph.edges.splice(state.selected.edge, 1);
      } else if (state.selected?.vertex !== undefined) {
        const v = state.selected.vertex;
        graph.edges = graph.edges.filter((e) => e.a !== v && e.b !== v)
          .map((e) => ({ ...e, a: e.a > v ? e.a - 1 : e.a, b: e.b > v ? e.b - 1 : e.b }));
        graph.vertices.splice(v, 1);
      } else {
        return;
      }
      writeGraph(graph, null);
    }
  }
}

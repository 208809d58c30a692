// The notebook widget of `cgt explore` (`cgt.explore(position)` in
// Python): anywidget's `render`, running the page's own modules (app.js,
// and board.js and editor.js, which draw and edit the boards) on the
// widget's element. Not served by `cgt explore`; the Python module
// carries it with the page's files, which it sends as the model's `_page`.
// Instead of the server, the transport asks the Python module through the
// widget's messages: `{type: "request", id, path, params}` is answered by
// `{type: "answer", id, ok, body}` with the bytes the server would send;
// `{type: "cancel", id}` stops a computation.

/** The transport over the widget's messages (app.js's `httpTransport`'s
 * twin: `request` answers `{ ok, body }`, `cancel` stops `id`). */
function modelTransport(model) {
  const waiting = new Map();
  let next = 0;
  const onMessage = (message) => {
    if (!message || message.type !== "answer") return;
    const w = waiting.get(message.id);
    if (!w) return;
    waiting.delete(message.id);
    w({ ok: message.ok, body: message.body });
  };
  model.on("msg:custom", onMessage);
  const aborted = () => new DOMException("cancelled", "AbortError");
  return {
    request(path, params, signal) {
      const id = params?.id ?? `request-${next++}`;
      return new Promise((resolve, reject) => {
        if (signal?.aborted) return reject(aborted());
        waiting.set(id, resolve);
        signal?.addEventListener("abort", () => {
          waiting.delete(id);
          reject(aborted());
        });
        model.send({ type: "request", id, path, params: params ?? {} });
      });
    },
    cancel(id) {
      model.send({ type: "cancel", id });
    },
    close() {
      model.off("msg:custom", onMessage);
    },
  };
}

/** The page's modules as module URLs of this view, app.js last: each
 * `import ... from "./NAME.js"` of a module names the URL of the module it
 * imports (a module made from text has no folder to find its neighbours
 * in). Answers the URLs, to revoke once imported. */
function moduleUrls(page) {
  const urls = {};
  for (const name of ["board.js", "editor.js", "app.js"]) {
    const text = page[name].replace(
      /(\bfrom\s*)"\.\/([a-z]+\.js)"/g,
      (whole, from, imported) => (urls[imported] ? `${from}"${urls[imported]}"` : whole),
    );
    urls[name] = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
  }
  return urls;
}

/** Draws the page's body in a shadow root of `el` (its style kept inside)
 * and starts a fresh instance of app.js there: each view has its own. */
async function render({ model, el }) {
  const page = model.get("_page");
  const body = /<body>([\s\S]*)<\/body>/.exec(page["index.html"])[1];
  // Typing in the expression box is text, not JupyterLab's command-mode
  // shortcuts (its documented opt-out for widgets).
  el.dataset.lmSuppressShortcuts = "true";
  const root = el.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  // The page's `body` rule is the widget's box here.
  style.textContent = page["style.css"].replace(/^body\s*\{/m, ":host { display: block;");
  const box = document.createElement("div");
  box.className = "cgt-explore";
  box.innerHTML = body;
  root.append(style, box);
  const urls = moduleUrls(page);
  let app;
  try {
    app = await import(urls["app.js"]);
  } finally {
    for (const url of Object.values(urls)) URL.revokeObjectURL(url);
  }
  const transport = modelTransport(model);
  // The model's `expression` follows the position shown, and a new one set
  // from Python opens.
  let shown = model.get("expression");
  const opened = (expr) => {
    if (expr === shown) return;
    shown = expr;
    model.set("expression", expr);
    model.save_changes();
  };
  const ui = app.start({ root, transport, address: false, expression: shown, opened });
  const changed = () => {
    const expr = model.get("expression");
    if (expr && expr !== shown) ui.open(expr);
  };
  model.on("change:expression", changed);
  return () => {
    ui.stop();
    transport.close();
    model.off("change:expression", changed);
  };
}

export default { render };

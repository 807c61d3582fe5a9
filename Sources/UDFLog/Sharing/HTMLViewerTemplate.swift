/// The HTML viewer's page: markup, style and script, with a slot for the data.
enum HTMLViewerTemplate {
    static func page(embeddedJSON: String) -> String {
        head + "<script type=\"application/json\" id=\"udf-data\">" + embeddedJSON + "</script>\n" + tail
    }

    private static let head = #"""
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
    <title>udf timeline</title>
    <style>
    body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1d1d1f; display: grid; grid-template-columns: 20rem 1fr; grid-template-rows: auto 1fr; height: 100vh; }
    header { grid-column: 1 / 3; padding: .5rem 1rem; border-bottom: 1px solid #ddd; display: flex; gap: 1rem; align-items: center; }
    header h1 { font-size: 1rem; margin: 0; }
    header input { flex: 0 1 16rem; padding: .25rem .5rem; }
    header .hint { color: #777; font-size: .85rem; }
    #steps { list-style: none; margin: 0; padding: 0; overflow: auto; border-right: 1px solid #ddd; }
    #steps li { padding: .2rem .75rem; cursor: pointer; font-family: ui-monospace, monospace; white-space: nowrap; }
    #steps li .number { color: #888; display: inline-block; min-width: 3.5em; }
    #steps li.selected { background: #0a60d0; color: white; }
    #steps li.selected .number { color: #dde; }
    #steps li.skipped { text-decoration: line-through; }
    #steps li[hidden] { display: none; }
    main { overflow: auto; padding: 0 1rem 2rem; }
    h2 { font-size: 1.1rem; }
    h3 { font-size: .95rem; margin-bottom: .25rem; }
    pre, .tree { font-family: ui-monospace, monospace; font-size: 13px; }
    .tree ul { list-style: none; padding-left: 1.25rem; margin: 0; }
    .tree > ul { padding-left: 0; }
    .key { color: #7a3e9d; }
    .string { color: #1a7f37; }
    .number, .boolean, .null { color: #0550ae; }
    .change { font-family: ui-monospace, monospace; font-size: 13px; margin: .15rem 0; }
    .change .old { background: #ffebe9; color: #82071e; }
    .change .new { background: #dafbe1; color: #116329; }
    .meta { color: #666; }
    </style>
    </head>
    <body>
    <header>
    <h1 id="title">udf timeline</h1>
    <input id="search" type="search" placeholder="Search actions (/)" aria-label="Search by action name">
    <span class="hint">j/k or ↓/↑ to step · / to search</span>
    </header>
    <ol id="steps" aria-label="Steps"></ol>
    <main>
    <h2 id="heading"></h2>
    <p class="meta" id="meta"></p>
    <h3>Action</h3>
    <pre id="action"></pre>
    <h3>Diff from the previous step</h3>
    <div id="diff"></div>
    <h3>State</h3>
    <div id="state" class="tree"></div>
    </main>

    """#

    private static let tail = #"""
    <script>
    "use strict";
    (function () {
      var data = JSON.parse(document.getElementById("udf-data").textContent);
      var steps = data.steps;
      var states = [steps.length ? steps[0].state : null];
      var selected = -1;
      var list = document.getElementById("steps");
      var search = document.getElementById("search");
      document.getElementById("title").textContent = data.title + " · " + steps.length + " steps";
      document.title = data.title;

      function clone(value) { return value === undefined ? undefined : JSON.parse(JSON.stringify(value)); }
      function unescapeToken(token) { return token.replace(/~1/g, "/").replace(/~0/g, "~"); }
      function tokens(pointer) { return pointer === "" ? [] : pointer.slice(1).split("/").map(unescapeToken); }
      function lookup(doc, pointer) {
        var value = doc;
        var parts = tokens(pointer);
        for (var i = 0; i < parts.length; i++) {
          if (value === null || typeof value !== "object") { return undefined; }
          value = value[Array.isArray(value) ? Number(parts[i]) : parts[i]];
        }
        return value;
      }
      function parentPointer(parts) {
        return parts.slice(0, -1).map(function (p) { return "/" + p.replace(/~/g, "~0").replace(/\//g, "~1"); }).join("");
      }
      function put(doc, pointer, value, insert) {
        var parts = tokens(pointer);
        if (parts.length === 0) { return value; }
        var parent = lookup(doc, parentPointer(parts));
        var last = parts[parts.length - 1];
        if (Array.isArray(parent)) {
          var index = last === "-" ? parent.length : Number(last);
          if (insert) { parent.splice(index, 0, value); } else { parent[index] = value; }
        } else if (parent && typeof parent === "object") {
          parent[last] = value;
        }
        return doc;
      }
      function removeAt(doc, pointer) {
        var parts = tokens(pointer);
        var parent = lookup(doc, parentPointer(parts));
        var last = parts[parts.length - 1];
        if (Array.isArray(parent)) { parent.splice(Number(last), 1); } else if (parent) { delete parent[last]; }
        return doc;
      }
      function apply(doc, patch) {
        var result = clone(doc);
        patch.forEach(function (op) {
          if (op.op === "add") { result = put(result, op.path, clone(op.value), true); }
          else if (op.op === "replace") { result = put(result, op.path, clone(op.value), false); }
          else if (op.op === "remove") { result = removeAt(result, op.path); }
          else if (op.op === "move") { var moved = clone(lookup(result, op.from)); result = removeAt(result, op.from); result = put(result, op.path, moved, true); }
          else if (op.op === "copy") { result = put(result, op.path, clone(lookup(result, op.from)), true); }
        });
        return result;
      }
      function stateAt(n) {
        for (var i = states.length; i <= n; i++) { states.push(apply(states[i - 1], steps[i].patch || [])); }
        return states[n];
      }

      function text(tag, className, content) {
        var element = document.createElement(tag);
        if (className) { element.className = className; }
        element.textContent = content;
        return element;
      }
      function scalar(value) {
        var type = value === null ? "null" : typeof value;
        return text("span", type, JSON.stringify(value));
      }
      function tree(value) {
        if (value === null || typeof value !== "object") { return scalar(value); }
        var ul = document.createElement("ul");
        var keys = Array.isArray(value) ? value.map(function (_, i) { return i; }) : Object.keys(value).sort();
        keys.forEach(function (key) {
          var li = document.createElement("li");
          li.appendChild(text("span", "key", (Array.isArray(value) ? "[" + key + "]" : key) + ": "));
          var child = value[key];
          if (child !== null && typeof child === "object") {
            li.appendChild(text("span", "meta", Array.isArray(child) ? "[" + child.length + "]" : "{" + Object.keys(child).length + "}"));
          }
          li.appendChild(tree(child));
          ul.appendChild(li);
        });
        var root = document.createElement("div");
        root.appendChild(ul);
        return root;
      }
      function compact(value) { return value === undefined ? "(none)" : JSON.stringify(value); }
      function renderDiff(n) {
        var container = document.getElementById("diff");
        container.textContent = "";
        if (n === 0) { container.appendChild(text("p", "meta", "The initial state.")); return; }
        var before = stateAt(n - 1);
        var patch = steps[n].patch || [];
        if (patch.length === 0) { container.appendChild(text("p", "meta", "No change.")); return; }
        patch.forEach(function (op) {
          var line = document.createElement("div");
          line.className = "change";
          line.appendChild(text("span", "path", (op.path === "" ? "(root)" : op.path) + " "));
          if (op.op === "remove" || op.op === "replace") { line.appendChild(text("span", "old", "- " + compact(lookup(before, op.path)))); }
          if (op.op !== "remove") { line.appendChild(text("span", "", " ")); line.appendChild(text("span", "new", "+ " + compact(op.op === "move" || op.op === "copy" ? lookup(before, op.from) : op.value))); }
          container.appendChild(line);
        });
      }
      function select(n, updateHash) {
        if (!steps.length) { return; }
        n = Math.max(0, Math.min(steps.length - 1, n));
        if (selected >= 0) { list.children[selected].classList.remove("selected"); }
        selected = n;
        var item = list.children[n];
        item.classList.add("selected");
        if (item.scrollIntoView) { item.scrollIntoView({ block: "nearest" }); }
        var step = steps[n];
        document.getElementById("heading").textContent = "Step " + n + " · " + step.name + (step.skipped ? " (skipped)" : "");
        document.getElementById("meta").textContent = step.time + (step.cause === null ? "" : " · sent by an effect of step " + step.cause);
        document.getElementById("action").textContent = step.action === null ? "(none)" : JSON.stringify(step.action, null, 2);
        renderDiff(n);
        var state = document.getElementById("state");
        state.textContent = "";
        state.appendChild(tree(stateAt(n)));
        if (updateHash && history.replaceState) { history.replaceState(null, "", "#step=" + n); }
      }
      function visibleNeighbour(direction) {
        for (var i = selected + direction; i >= 0 && i < steps.length; i += direction) {
          if (!list.children[i].hidden) { return i; }
        }
        return selected;
      }
      function fromHash() {
        var match = /step=(\d+)/.exec(location.hash);
        return match ? Number(match[1]) : 0;
      }

      steps.forEach(function (step, n) {
        var li = document.createElement("li");
        if (step.skipped) { li.className = "skipped"; }
        li.appendChild(text("span", "number", String(n)));
        li.appendChild(text("span", "name", step.name));
        li.addEventListener("click", function () { select(n, true); });
        list.appendChild(li);
      });
      search.addEventListener("input", function () {
        var query = search.value.toLowerCase();
        steps.forEach(function (step, n) { list.children[n].hidden = query !== "" && step.name.toLowerCase().indexOf(query) < 0; });
      });
      document.addEventListener("keydown", function (event) {
        if (event.target === search) {
          if (event.key === "Escape" || event.key === "Enter") { search.blur(); }
          return;
        }
        if (event.key === "j" || event.key === "ArrowDown") { select(visibleNeighbour(1), true); event.preventDefault(); }
        else if (event.key === "k" || event.key === "ArrowUp") { select(visibleNeighbour(-1), true); event.preventDefault(); }
        else if (event.key === "/") { search.focus(); event.preventDefault(); }
      });
      window.addEventListener("hashchange", function () { select(fromHash(), false); });
      select(fromHash(), false);
    })();
    </script>
    </body>
    </html>

    """#
}

import Foundation

/// The HTML viewer's page: markup, style and script around the data
/// elements that `HTMLViewer` streams between `head` and `tail`.
///
/// The Content-Security-Policy allows the style and the script by their
/// SHA-256 hashes, computed here from the very text the page carries, so
/// nothing else can run or style the page: not an injected element, not an
/// inline handler.
enum HTMLViewerTemplate {
    static let head: String = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <meta http-equiv="Content-Security-Policy" content="\(policy)">
        <title>udf timeline</title>
        <style>\(style)</style>
        </head>

        """ + markup

    static let tail = "<script>" + script + "</script>\n</body>\n</html>\n"

    static var policy: String {
        "default-src 'none'; style-src \(SHA256.cspSource(style)); script-src \(SHA256.cspSource(script)); img-src 'none'; base-uri 'none'; form-action 'none'"
    }

    static let markup = #"""
    <body>
    <header>
    <h1 id="title">udf timeline</h1>
    <label id="timeline-picker" hidden>Timeline <select id="timeline" aria-label="Timeline"></select></label>
    <input id="filter" type="search" placeholder="Filter by action name (/)" aria-label="Filter by action name">
    <input id="search" type="search" placeholder="Search payloads (s)" aria-label="Search in action payloads">
    <span id="count"></span>
    <span class="hint">j/k or ↓/↑ step · Home/End · c cause · / filter · s search</span>
    </header>
    <div id="scrubber"><input id="slider" type="range" min="0" max="0" value="0" aria-label="Step"><output id="position"></output></div>
    <div id="list" tabindex="0" role="listbox" aria-label="Steps"><div id="spacer"><div id="rows"></div></div></div>
    <main>
    <h2 id="heading"></h2>
    <p class="meta" id="meta"></p>
    <h3>Action</h3>
    <pre id="action"></pre>
    <h3>Diff from the previous step</h3>
    <div id="diff" class="tree"></div>
    <h3>State</h3>
    <div id="state" class="tree"></div>
    </main>
    """#

    static let style = #"""
    :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #ffffff; --muted: #6b6b70; --line: #d8d8dc; --panel: #f5f5f7; --accent: #0a60d0; --accent-fg: #ffffff; --key: #7a3e9d; --string: #1a7f37; --number: #0550ae; --old-bg: #ffebe9; --old-fg: #82071e; --new-bg: #dafbe1; --new-fg: #116329; --focus: #0a60d0; }
    @media (prefers-color-scheme: dark) { :root { --fg: #e6e6ea; --bg: #161618; --muted: #9a9aa2; --line: #3a3a40; --panel: #202024; --accent: #3b82f6; --accent-fg: #ffffff; --key: #d2a8ff; --string: #7ee787; --number: #79c0ff; --old-bg: #4a1d21; --old-fg: #ffb3ad; --new-bg: #17381f; --new-fg: #aff5b4; --focus: #79c0ff; } }
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg); display: grid; grid-template-columns: minmax(18rem, 26rem) 1fr; grid-template-rows: auto auto 1fr; height: 100vh; }
    header { grid-column: 1 / 3; padding: .5rem 1rem; border-bottom: 1px solid var(--line); display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; background: var(--panel); }
    header h1 { font-size: 1rem; margin: 0; }
    header input, header select { padding: .25rem .5rem; font: inherit; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 4px; }
    header input { flex: 0 1 13rem; }
    #count, .hint { color: var(--muted); font-size: .85rem; }
    #scrubber { grid-column: 1 / 3; display: flex; gap: .75rem; align-items: center; padding: .25rem 1rem; border-bottom: 1px solid var(--line); }
    #slider { flex: 1; }
    #position { font-family: ui-monospace, monospace; min-width: 8em; text-align: right; }
    #list { overflow: auto; border-right: 1px solid var(--line); position: relative; }
    #spacer { position: relative; }
    #rows { position: absolute; left: 0; right: 0; top: 0; }
    .row { height: 24px; padding: 0 .5rem; display: flex; gap: .5rem; align-items: center; cursor: pointer; font-family: ui-monospace, monospace; font-size: 13px; white-space: nowrap; overflow: hidden; }
    .row .number { color: var(--muted); min-width: 4.5em; text-align: right; }
    .row .time { color: var(--muted); min-width: 6.5em; text-align: right; }
    .row .name { overflow: hidden; text-overflow: ellipsis; flex: 1; }
    .row.selected { background: var(--accent); color: var(--accent-fg); }
    .row.selected .number, .row.selected .time { color: var(--accent-fg); }
    .row.skipped .name { text-decoration: line-through; }
    .badge { font-size: 11px; border: 1px solid currentColor; border-radius: 3px; padding: 0 .25rem; }
    button.cause { font: inherit; font-size: 12px; color: inherit; background: none; border: 1px solid var(--line); border-radius: 3px; padding: 0 .3rem; cursor: pointer; }
    main { overflow: auto; padding: 0 1rem 2rem; }
    h2 { font-size: 1.1rem; }
    h3 { font-size: .95rem; margin: 1rem 0 .25rem; }
    pre, .tree { font-family: ui-monospace, monospace; font-size: 13px; }
    pre { white-space: pre-wrap; word-break: break-word; margin: 0; }
    .tree details { padding-left: 1.25rem; }
    .tree .leaf { padding-left: 1.25rem; }
    .tree summary { margin-left: -1rem; cursor: pointer; }
    .key { color: var(--key); }
    .string { color: var(--string); }
    .number, .boolean, .null { color: var(--number); }
    .line { white-space: pre; }
    .line.old { background: var(--old-bg); color: var(--old-fg); }
    .line.new { background: var(--new-bg); color: var(--new-fg); }
    .meta { color: var(--muted); }
    :focus-visible { outline: 2px solid var(--focus); outline-offset: 1px; }
    [hidden] { display: none !important; }
    """#

    static let script = #"""
    "use strict";
    (function () {
      const ROW = 24;
      const byId = (id) => document.getElementById(id);
      const meta = JSON.parse(byId("udf-meta").textContent);
      const timelines = meta.timelines.map((header, index) => ({
        name: header.name, count: header.count, statesRecorded: header.statesRecorded,
        stepChunks: [], stateChunks: [], time0: 0
      }));
      // Chunks are parsed when first needed: opening a page reads only what the first step shows.
      document.querySelectorAll("script.udf-steps").forEach((element) => {
        const t = timelines[Number(element.dataset.timeline)];
        t.stepChunks.push({ first: Number(element.dataset.first), element: element, actionsElement: element.nextElementSibling, steps: null, actions: null, texts: null });
      });
      document.querySelectorAll("script.udf-states").forEach((element) => {
        timelines[Number(element.dataset.timeline)].stateChunks.push({ first: Number(element.dataset.first), element: element, data: null });
      });
      timelines.forEach((t) => { t.time0 = t.count ? stepAt(t, 0).time : 0; });

      const list = byId("list"), spacer = byId("spacer"), rows = byId("rows");
      const filter = byId("filter"), search = byId("search"), slider = byId("slider"), picker = byId("timeline");
      let current = timelines[0];
      let selected = -1;
      let visible = [];
      let cache = null;

      // Data, parsed lazily.
      function chunkIndex(chunks, n) {
        let low = 0, high = chunks.length - 1;
        while (low < high) {
          const middle = (low + high + 1) >> 1;
          if (chunks[middle].first <= n) { low = middle; } else { high = middle - 1; }
        }
        return low;
      }
      function stepAt(t, n) {
        const chunk = t.stepChunks[chunkIndex(t.stepChunks, n)];
        if (!chunk.steps) {
          chunk.steps = JSON.parse(chunk.element.textContent).map((step) => ({ name: step[0], time: step[1], cause: step[2], skipped: step[3] === 1 }));
        }
        return chunk.steps[n - chunk.first];
      }
      function actionAt(t, n) {
        const chunk = t.stepChunks[chunkIndex(t.stepChunks, n)];
        if (!chunk.actions) { chunk.actions = parseData(chunk.actionsElement.textContent); }
        return chunk.actions[n - chunk.first];
      }
      function actionText(t, n) {
        const chunk = t.stepChunks[chunkIndex(t.stepChunks, n)];
        if (!chunk.texts) {
          if (!chunk.actions) { chunk.actions = parseData(chunk.actionsElement.textContent); }
          chunk.texts = chunk.actions.map((action) => action === null ? "" : JSON.stringify(action).toLowerCase());
        }
        return chunk.texts[n - chunk.first];
      }
      function stateChunk(t, n) {
        const chunk = t.stateChunks[chunkIndex(t.stateChunks, n)];
        if (!chunk.data) { chunk.data = parseData(chunk.element.textContent); }
        return chunk;
      }
      // A number JavaScript cannot hold exactly (-0, integers past 2^53) keeps
      // its recorded text, so the page never shows a value that was not recorded.
      // Where the browser lacks JSON source text access, numbers parse as doubles.
      class ExactNumber {
        constructor(text) { this.text = text; }
        toJSON() { return JSON.rawJSON(this.text); }
      }
      const keepsSource = typeof JSON.rawJSON === "function";
      function parseData(text) {
        if (!keepsSource) { return JSON.parse(text); }
        return JSON.parse(text, (key, value, context) =>
          typeof value === "number" && context && (Object.is(value, -0) || String(value) !== context.source) ? new ExactNumber(context.source) : value);
      }
      function hasOwn(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }
      function clone(value) { return value === undefined ? undefined : parseData(JSON.stringify(value)); }

      // RFC 6902, applied in place.
      function tokens(pointer) { return pointer === "" ? [] : pointer.slice(1).split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~")); }
      function parentOf(doc, parts) {
        let value = doc;
        for (let i = 0; i < parts.length - 1; i++) { value = value[Array.isArray(value) ? Number(parts[i]) : parts[i]]; }
        return value;
      }
      function get(doc, pointer) {
        const parts = tokens(pointer);
        if (!parts.length) { return doc; }
        const parent = parentOf(doc, parts), last = parts[parts.length - 1];
        return parent[Array.isArray(parent) ? Number(last) : last];
      }
      function put(doc, pointer, value, insert) {
        const parts = tokens(pointer);
        if (!parts.length) { return value; }
        const parent = parentOf(doc, parts), last = parts[parts.length - 1];
        if (Array.isArray(parent)) {
          const index = last === "-" ? parent.length : Number(last);
          if (insert) { parent.splice(index, 0, value); } else { parent[index] = value; }
        } else { Object.defineProperty(parent, last, { value: value, writable: true, enumerable: true, configurable: true }); }
        return doc;
      }
      function remove(doc, pointer) {
        const parts = tokens(pointer), parent = parentOf(doc, parts), last = parts[parts.length - 1];
        if (Array.isArray(parent)) { parent.splice(Number(last), 1); } else { delete parent[last]; }
        return doc;
      }
      function apply(doc, patch) {
        for (const op of patch) {
          if (op.op === "add") { doc = put(doc, op.path, clone(op.value), true); }
          else if (op.op === "replace") { doc = put(doc, op.path, clone(op.value), false); }
          else if (op.op === "remove") { doc = remove(doc, op.path); }
          else if (op.op === "move") { const moved = get(doc, op.from); doc = remove(doc, op.from); doc = put(doc, op.path, moved, true); }
          else if (op.op === "copy") { doc = put(doc, op.path, clone(get(doc, op.from)), true); }
        }
        return doc;
      }
      // The state after step n: from the cached step when it is on the way, else from the keyframe.
      function stateAt(t, n) {
        if (cache && cache.t === t && cache.n === n) { return cache.state; }
        const chunk = stateChunk(t, n);
        let from, state;
        if (cache && cache.t === t && cache.chunk === chunk && cache.n < n) { from = cache.n; state = cache.state; }
        else { from = chunk.first; state = clone(chunk.data.keyframe); }
        for (let i = from + 1; i <= n; i++) { state = apply(state, chunk.data.patches[i - chunk.first]); }
        cache = { t: t, n: n, chunk: chunk, state: state };
        return state;
      }

      // The tree diff, with the CLI's matching: objects key by key, arrays whose
      // elements all are objects with distinct ids by id, other arrays by a
      // longest common subsequence.
      function canonical(value) {
        if (!isContainer(value)) { return JSON.stringify(value); }
        if (Array.isArray(value)) { return "[" + value.map(canonical).join(",") + "]"; }
        return "{" + Object.keys(value).sort().map((k) => JSON.stringify(k) + ":" + canonical(value[k])).join(",") + "}";
      }
      function kind(value) { return value === null ? "null" : value instanceof ExactNumber ? "number" : Array.isArray(value) ? "array" : typeof value; }
      function isContainer(value) { return value !== null && typeof value === "object" && !(value instanceof ExactNumber); }
      function diff(a, b) {
        if (canonical(a) === canonical(b)) { return null; }
        if (kind(a) !== kind(b) || !isContainer(a)) { return { type: "replace", old: a, new: b }; }
        if (Array.isArray(a)) { return diffArray(a, b); }
        const keys = Array.from(new Set(Object.keys(a).concat(Object.keys(b)))).sort();
        const entries = keys.map((key) => {
          const label = JSON.stringify(key) + ": ";
          if (!hasOwn(b, key)) { return { kind: "removed", label: label, value: a[key] }; }
          if (!hasOwn(a, key)) { return { kind: "inserted", label: label, value: b[key] }; }
          const child = diff(a[key], b[key]);
          return child ? { kind: "changed", label: label, diff: child } : { kind: "same", label: label, value: a[key] };
        });
        return { type: "object", entries: entries };
      }
      function identityKeys(array) {
        const seen = new Set();
        for (const element of array) {
          if (!isContainer(element) || Array.isArray(element) || !hasOwn(element, "id")) { return null; }
          const key = canonical(element.id);
          if (seen.has(key)) { return null; }
          seen.add(key);
        }
        return array.map((element) => canonical(element.id));
      }
      function diffArray(a, b) {
        const oldIds = identityKeys(a), newIds = identityKeys(b);
        if (oldIds && newIds && (a.length || b.length)) { return diffByIdentity(a, b, oldIds, newIds); }
        return diffBySequence(a, b);
      }
      function entryFor(label, before, after) {
        const child = diff(before, after);
        return child ? { kind: "changed", label: label, diff: child } : { kind: "same", label: label, value: before };
      }
      function diffByIdentity(a, b, oldIds, newIds) {
        const oldIndex = new Map(oldIds.map((id, i) => [id, i]));
        const newIndex = new Map(newIds.map((id, i) => [id, i]));
        // Elements kept in order: a longest increasing run of old positions, in new order.
        const common = newIds.filter((id) => oldIndex.has(id)).map((id) => oldIndex.get(id));
        const inOrder = new Set(longestIncreasing(common));
        const entries = [];
        let nextOld = 0;
        const label = (id) => "[id=" + id + "]: ";
        const flushRemoved = (upTo) => {
          for (; nextOld < upTo; nextOld++) {
            const id = oldIds[nextOld];
            if (!newIndex.has(id)) { entries.push({ kind: "removed", label: label(id), value: a[nextOld] }); }
          }
        };
        newIds.forEach((id, i) => {
          if (!oldIndex.has(id)) { entries.push({ kind: "inserted", label: label(id), value: b[i] }); return; }
          const o = oldIndex.get(id);
          if (inOrder.has(o)) {
            flushRemoved(o);
            nextOld = Math.max(nextOld, o + 1);
            entries.push(entryFor(label(id), a[o], b[i]));
          } else {
            const child = diff(a[o], b[i]);
            entries.push({ kind: "moved", label: label(id), from: o, to: i, diff: child, value: b[i] });
          }
        });
        flushRemoved(a.length);
        return { type: "array", entries: entries };
      }
      function longestIncreasing(values) {
        const tails = [], previous = new Array(values.length), tailIndex = [];
        values.forEach((value, i) => {
          let low = 0, high = tails.length;
          while (low < high) { const middle = (low + high) >> 1; if (tails[middle] < value) { low = middle + 1; } else { high = middle; } }
          tails[low] = value; tailIndex[low] = i; previous[i] = low > 0 ? tailIndex[low - 1] : -1;
        });
        const result = [];
        for (let i = tailIndex[tails.length - 1]; i !== undefined && i >= 0; i = previous[i]) { result.push(values[i]); }
        return result;
      }
      function diffBySequence(a, b) {
        const oldKeys = a.map(canonical), newKeys = b.map(canonical);
        let start = 0;
        while (start < a.length && start < b.length && oldKeys[start] === newKeys[start]) { start++; }
        let endA = a.length, endB = b.length;
        while (endA > start && endB > start && oldKeys[endA - 1] === newKeys[endB - 1]) { endA--; endB--; }
        const ops = [];
        for (let i = 0; i < start; i++) { ops.push(["same", i, i]); }
        const n = endA - start, m = endB - start;
        if (n * m <= 4000000) {
          const table = [];
          for (let i = 0; i <= n; i++) { table.push(new Uint32Array(m + 1)); }
          for (let i = n - 1; i >= 0; i--) {
            for (let j = m - 1; j >= 0; j--) {
              table[i][j] = oldKeys[start + i] === newKeys[start + j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
            }
          }
          let i = 0, j = 0;
          while (i < n || j < m) {
            if (i < n && j < m && oldKeys[start + i] === newKeys[start + j]) { ops.push(["same", start + i, start + j]); i++; j++; }
            else if (j < m && (i === n || table[i][j + 1] >= table[i + 1][j])) { ops.push(["inserted", -1, start + j]); j++; }
            else { ops.push(["removed", start + i, -1]); i++; }
          }
        } else {
          for (let i = start; i < endA; i++) { ops.push(["removed", i, -1]); }
          for (let j = start; j < endB; j++) { ops.push(["inserted", -1, j]); }
        }
        for (let i = 0; i < a.length - endA; i++) { ops.push(["same", endA + i, endB + i]); }
        // An adjacent removal and insertion of two containers of one type is one edited element.
        const entries = [];
        for (let k = 0; k < ops.length; k++) {
          const op = ops[k], next = ops[k + 1];
          if (op[0] === "removed" && next && next[0] === "inserted" && isContainer(a[op[1]]) && kind(a[op[1]]) === kind(b[next[2]])) {
            entries.push({ kind: "changed", label: "[" + next[2] + "]: ", diff: diff(a[op[1]], b[next[2]]) });
            k++;
          } else if (op[0] === "same") { entries.push({ kind: "same", label: "[" + op[2] + "]: ", value: a[op[1]] }); }
          else if (op[0] === "removed") { entries.push({ kind: "removed", label: "[" + op[1] + "]: ", value: a[op[1]] }); }
          else { entries.push({ kind: "inserted", label: "[" + op[2] + "]: ", value: b[op[2]] }); }
        }
        return { type: "array", entries: entries };
      }

      // Rendering: every recorded string goes in as text, never as markup.
      function element(tag, className, text) {
        const node = document.createElement(tag);
        if (className) { node.className = className; }
        if (text !== undefined) { node.textContent = text; }
        return node;
      }
      function short(value) {
        if (Array.isArray(value)) { return value.length ? "[…]" : "[]"; }
        if (isContainer(value)) { return Object.keys(value).length ? "{…}" : "{}"; }
        return JSON.stringify(value);
      }
      function blockLines(out, marker, depth, label, value) {
        const pad = "  ".repeat(depth);
        if (!isContainer(value) || (Array.isArray(value) ? !value.length : !Object.keys(value).length)) {
          out.push([marker, pad + label + short(value)]);
          return;
        }
        const isArray = Array.isArray(value);
        out.push([marker, pad + label + (isArray ? "[" : "{")]);
        if (isArray) { value.forEach((child) => blockLines(out, marker, depth + 1, "", child)); }
        else { Object.keys(value).sort().forEach((key) => blockLines(out, marker, depth + 1, JSON.stringify(key) + ": ", value[key])); }
        out.push([marker, pad + (isArray ? "]" : "}")]);
      }
      function diffLines(out, depth, label, node) {
        const pad = "  ".repeat(depth);
        if (node.type === "replace") {
          blockLines(out, "-", depth, label, node.old);
          blockLines(out, "+", depth, label, node.new);
          return;
        }
        const isArray = node.type === "array";
        out.push([" ", pad + label + (isArray ? "[" : "{")]);
        let run = [];
        const flush = () => {
          if (run.length === 1) { out.push([" ", "  ".repeat(depth + 1) + run[0].label + short(run[0].value)]); }
          else if (run.length > 1) { out.push([" ", "  ".repeat(depth + 1) + "… (" + run.length + " unchanged)"]); }
          run = [];
        };
        for (const entry of node.entries) {
          if (entry.kind === "same") { run.push(entry); continue; }
          flush();
          if (entry.kind === "changed") { diffLines(out, depth + 1, entry.label, entry.diff); }
          else if (entry.kind === "removed") { blockLines(out, "-", depth + 1, entry.label, entry.value); }
          else if (entry.kind === "inserted") { blockLines(out, "+", depth + 1, entry.label, entry.value); }
          else if (entry.kind === "moved") {
            out.push([" ", "  ".repeat(depth + 1) + entry.label + "moved from [" + entry.from + "] to [" + entry.to + "]"]);
            if (entry.diff) { diffLines(out, depth + 1, entry.label, entry.diff); }
          }
        }
        flush();
        out.push([" ", pad + (isArray ? "]" : "}")]);
      }
      function renderDiff(container, before, after) {
        container.textContent = "";
        const node = diff(before, after);
        if (!node) { container.appendChild(element("p", "meta", "(no changes)")); return; }
        const out = [];
        diffLines(out, 0, "", node);
        const pre = element("pre", "diff");
        for (const line of out) {
          pre.appendChild(element("div", "line" + (line[0] === "-" ? " old" : line[0] === "+" ? " new" : ""), line[0] + " " + line[1]));
        }
        container.appendChild(pre);
      }
      function scalar(value) { return element("span", kind(value), JSON.stringify(value)); }
      // A foldable tree: <details> open and close with Enter or Space; children are built when first opened.
      function tree(label, value, open) {
        if (!isContainer(value)) {
          const leaf = element("div", "leaf");
          if (label !== null) { leaf.appendChild(element("span", "key", label + ": ")); }
          leaf.appendChild(scalar(value));
          return leaf;
        }
        const isArray = Array.isArray(value);
        const keys = isArray ? value.map((_, i) => i) : Object.keys(value).sort();
        const details = element("details");
        const summary = element("summary");
        if (label !== null) { summary.appendChild(element("span", "key", label + ": ")); }
        summary.appendChild(element("span", "meta", isArray ? "[" + keys.length + "]" : "{" + keys.length + "}"));
        details.appendChild(summary);
        let built = false;
        const build = () => {
          if (built) { return; }
          built = true;
          for (const key of keys) { details.appendChild(tree(isArray ? "[" + key + "]" : key, value[key], false)); }
        };
        details.addEventListener("toggle", () => { if (details.open) { build(); } });
        if (open) { details.open = true; build(); }
        return details;
      }

      // The list: only the rows in view exist.
      function matches(n) {
        const name = filter.value.toLowerCase(), text = search.value.toLowerCase();
        if (name && stepAt(current, n).name.toLowerCase().indexOf(name) < 0) { return false; }
        if (text && actionText(current, n).indexOf(text) < 0) { return false; }
        return true;
      }
      function refilter() {
        visible = [];
        const all = !filter.value && !search.value;
        for (let n = 0; n < current.count; n++) { if (all || matches(n)) { visible.push(n); } }
        spacer.style.height = (visible.length * ROW) + "px";
        byId("count").textContent = visible.length === current.count ? current.count + " steps" : visible.length + " of " + current.count + " steps";
        drawRows();
      }
      function seconds(ms) { return "+" + (ms / 1000).toFixed(3) + "s"; }
      function drawRows() {
        const first = Math.max(0, Math.floor(list.scrollTop / ROW) - 5);
        const last = Math.min(visible.length, first + Math.ceil((list.clientHeight || 600) / ROW) + 10);
        rows.style.transform = "translateY(" + (first * ROW) + "px)";
        rows.textContent = "";
        for (let k = first; k < last; k++) {
          const n = visible[k], step = stepAt(current, n);
          const row = element("div", "row" + (n === selected ? " selected" : "") + (step.skipped ? " skipped" : ""));
          row.dataset.step = String(n);
          row.setAttribute("role", "option");
          row.setAttribute("aria-selected", n === selected ? "true" : "false");
          row.appendChild(element("span", "number", String(n)));
          row.appendChild(element("span", "time", seconds(step.time - current.time0)));
          row.appendChild(element("span", "name", step.name));
          if (step.skipped) { row.appendChild(element("span", "badge", "skipped")); }
          if (step.cause !== null) {
            const cause = element("button", "cause", "← " + step.cause);
            cause.tabIndex = -1;
            cause.title = "Sent by an effect of step " + step.cause;
            cause.addEventListener("click", (event) => { event.stopPropagation(); select(step.cause, true); });
            row.appendChild(cause);
          }
          row.addEventListener("click", () => select(n, true));
          rows.appendChild(row);
        }
      }
      function reveal(n) {
        const k = visible.indexOf(n);
        if (k < 0) { return; }
        const top = k * ROW;
        if (top < list.scrollTop) { list.scrollTop = top; }
        else if (top + ROW > list.scrollTop + list.clientHeight) { list.scrollTop = top + ROW - list.clientHeight; }
      }

      function iso(ms) { return new Date(ms).toISOString(); }
      function select(n, updateHash) {
        if (!current.count) { return; }
        n = Math.max(0, Math.min(current.count - 1, n | 0));
        selected = n;
        const step = stepAt(current, n);
        slider.value = String(n);
        byId("position").textContent = n + " / " + (current.count - 1);
        const heading = byId("heading");
        heading.textContent = "Step " + n + " · " + step.name;
        if (step.skipped) { heading.appendChild(document.createTextNode(" ")); heading.appendChild(element("span", "badge", "skipped")); }
        const metaLine = byId("meta");
        metaLine.textContent = iso(step.time) + " · " + seconds(step.time - current.time0);
        if (step.cause !== null) {
          metaLine.appendChild(document.createTextNode(" · sent by an effect of "));
          const link = element("button", "cause", "step " + step.cause);
          link.id = "cause-link";
          link.addEventListener("click", () => select(step.cause, true));
          metaLine.appendChild(link);
        }
        const action = actionAt(current, n);
        byId("action").textContent = action === null ? "(none)" : JSON.stringify(action, null, 2);
        const diffBox = byId("diff"), stateBox = byId("state");
        stateBox.textContent = "";
        if (!current.statesRecorded) {
          diffBox.textContent = "";
          diffBox.appendChild(element("p", "meta", "No states: this timeline was imported from a file that holds actions only."));
          stateBox.appendChild(element("p", "meta", "No states: this timeline was imported from a file that holds actions only."));
        } else if (n === 0) {
          diffBox.textContent = "";
          diffBox.appendChild(element("p", "meta", "The initial state."));
          stateBox.appendChild(tree(null, stateAt(current, 0), true));
        } else {
          const before = clone(stateAt(current, n - 1));
          const after = stateAt(current, n);
          renderDiff(diffBox, before, after);
          stateBox.appendChild(tree(null, after, true));
        }
        reveal(n);
        drawRows();
        if (updateHash && history.replaceState) {
          const prefix = timelines.length > 1 ? "#timeline=" + encodeURIComponent(current.name) + "&" : "#";
          history.replaceState(null, "", prefix + "step=" + n);
        }
      }
      function showTimeline(index) {
        current = timelines[index];
        cache = null;
        picker.value = String(index);
        slider.max = String(Math.max(0, current.count - 1));
        document.title = meta.title + " · " + current.name;
        byId("title").textContent = meta.title + " · " + current.name;
        refilter();
      }
      function neighbour(direction) {
        const k = visible.indexOf(selected);
        if (k < 0) {
          // The selected step is filtered out: go to the nearest visible one.
          const after = visible.findIndex((n) => n > selected);
          if (direction > 0) { return after >= 0 ? visible[after] : selected; }
          return after > 0 ? visible[after - 1] : after < 0 && visible.length ? visible[visible.length - 1] : selected;
        }
        const next = k + direction;
        return next >= 0 && next < visible.length ? visible[next] : selected;
      }
      function params() {
        const result = {};
        for (const part of location.hash.replace(/^#/, "").split("&")) {
          const equals = part.indexOf("=");
          if (equals > 0) {
            try { result[part.slice(0, equals)] = decodeURIComponent(part.slice(equals + 1)); } catch (error) { /* a malformed escape is ignored */ }
          }
        }
        return result;
      }
      function fromHash() {
        const wanted = params();
        const index = timelines.findIndex((t) => t.name === wanted.timeline);
        if (index >= 0 && timelines[index] !== current) { showTimeline(index); }
        select(/^\d+$/.test(wanted.step || "") ? Number(wanted.step) : 0, false);
      }

      // Controls.
      timelines.forEach((t, index) => {
        const option = element("option", "", t.name + " (" + t.count + " steps)");
        option.value = String(index);
        picker.appendChild(option);
      });
      byId("timeline-picker").hidden = timelines.length < 2;
      picker.addEventListener("change", () => { showTimeline(Number(picker.value)); select(selected, true); });
      filter.addEventListener("input", refilter);
      search.addEventListener("input", refilter);
      slider.addEventListener("input", () => select(Number(slider.value), true));
      list.addEventListener("scroll", drawRows);
      window.addEventListener("resize", drawRows);
      document.addEventListener("keydown", (event) => {
        const target = event.target;
        if (target === filter || target === search) {
          if (event.key === "Escape" || event.key === "Enter") { target.blur(); }
          return;
        }
        if (target === picker || target === slider || (target.tagName === "SUMMARY")) {
          if (!["j", "k", "/", "s", "c"].includes(event.key)) { return; }
        }
        if (event.metaKey || event.ctrlKey || event.altKey) { return; }
        const page = Math.max(1, Math.floor(list.clientHeight / ROW) - 1);
        let handled = true;
        if (event.key === "j" || event.key === "ArrowDown") { select(neighbour(1), true); }
        else if (event.key === "k" || event.key === "ArrowUp") { select(neighbour(-1), true); }
        else if (event.key === "PageDown") { select(visible[Math.min(visible.length - 1, visible.indexOf(selected) + page)], true); }
        else if (event.key === "PageUp") { select(visible[Math.max(0, visible.indexOf(selected) - page)], true); }
        else if (event.key === "Home" && visible.length) { select(visible[0], true); }
        else if (event.key === "End" && visible.length) { select(visible[visible.length - 1], true); }
        else if (event.key === "c" && selected >= 0 && stepAt(current, selected).cause !== null) { select(stepAt(current, selected).cause, true); }
        else if (event.key === "/") { filter.focus(); }
        else if (event.key === "s") { search.focus(); }
        else { handled = false; }
        if (handled) { event.preventDefault(); }
      });
      window.addEventListener("hashchange", fromHash);

      showTimeline(0);
      fromHash();
      // When the first step was shown, in ms since navigation started: what udf-bench reads.
      document.documentElement.dataset.openedMs = performance.now().toFixed(1);

      // For browser tests: #…&play=key:j,click:cause,… runs UI events in order.
      const script = params().play;
      if (script) {
        const done = [];
        for (const command of script.split(",")) {
          const colon = command.indexOf(":");
          const verb = command.slice(0, colon), argument = command.slice(colon + 1);
          if (verb === "key") { (document.activeElement || document.body).dispatchEvent(new KeyboardEvent("keydown", { key: argument, bubbles: true })); }
          else if (verb === "click" && argument === "cause") { byId("cause-link").click(); }
          else if (verb === "click") { const row = rows.querySelector(".row[data-step=\"" + Number(argument) + "\"]"); if (row) { row.click(); } }
          else if (verb === "slider") { slider.value = argument; slider.dispatchEvent(new Event("input")); }
          else if (verb === "filter" || verb === "search") { const box = verb === "filter" ? filter : search; box.value = argument; box.dispatchEvent(new Event("input")); }
          else if (verb === "timeline") { picker.value = String(timelines.findIndex((t) => t.name === argument)); picker.dispatchEvent(new Event("change")); }
          else { continue; }
          done.push(verb);
        }
        document.documentElement.dataset.played = done.join(",");
      }
    })();
    """#
}

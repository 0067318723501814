/// The live page: one self-contained HTML document (no external files, no CDN).
enum PreviewPage {
    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Cellshot preview</title>
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <style>
        :root { font: 13px/1.4 -apple-system, "Inter", "Segoe UI", sans-serif; color: #1c1c1e; background: #f2f2f7; }
        body { margin: 0; }
        header { position: sticky; top: 0; z-index: 3; display: flex; flex-wrap: wrap; gap: 14px; align-items: center;
          padding: 10px 16px; background: rgba(255,255,255,.92); border-bottom: 1px solid #d1d1d6; backdrop-filter: blur(8px); }
        header strong { font-size: 15px; margin-right: 8px; }
        label { display: flex; gap: 6px; align-items: center; color: #3c3c43; }
        select { font: inherit; padding: 2px 4px; }
        #status { margin-left: auto; color: #6c6c70; font-variant-numeric: tabular-nums; }
        #error { margin: 12px 16px 0; padding: 10px 14px; border-radius: 8px; background: #fff1f0; border: 1px solid #ff3b30; color: #a1140b; }
        #error pre { margin: 4px 0 0; white-space: pre-wrap; font: 12px/1.4 ui-monospace, Menlo, monospace; }
        main { display: flex; gap: 16px; align-items: flex-start; padding: 16px; }
        #stage { position: relative; flex: none; }
        #stage.stale img { opacity: .55; }
        #image { display: block; image-rendering: auto; }
        .box { position: absolute; pointer-events: none; border: 1px solid #0a84ff; background: rgba(10,132,255,.08); }
        .box.row { border-color: #ff9f0a; background: none; }
        body.fit #image { max-width: calc(100vw - 32px); height: auto; }
        aside { position: fixed; right: 16px; bottom: 16px; z-index: 2; width: 430px; background: rgba(255,255,255,.97);
          border-radius: 10px; padding: 12px 14px; box-shadow: 0 2px 12px rgba(0,0,0,.18); max-height: 60vh; overflow: auto; }
        aside h2 { font-size: 13px; margin: 0 0 6px; }
        aside table { border-collapse: collapse; width: 100%; font: 11px/1.5 ui-monospace, Menlo, monospace; }
        aside td { padding: 0 4px; white-space: nowrap; text-align: right; }
        aside td:first-child { text-align: left; }
        aside tr.hit { background: #e5f1ff; }
        .issue { color: #d70015; }
        .hint { color: #6c6c70; }
        </style></head>
        <body data-generation="0" class="fit">
        <header>
          <strong>Cellshot preview</strong>
          <label>View <select id="view"><option value="sheet">Contact sheet</option><option value="variant">One variant</option></select></label>
          <label>Width <select id="width"></select></label>
          <label>Text size <select id="size"></select></label>
          <label>Appearance <select id="appearance"></select></label>
          <label id="directionLabel">Direction <select id="direction"></select></label>
          <label><input type="checkbox" id="debug"> Debug borders</label>
          <label><input type="checkbox" id="fit" checked> Fit to window</label>
          <span id="status">loading…</span>
        </header>
        <div id="error" hidden><strong>The last save has an error; showing the last good render.</strong><pre id="errorText"></pre></div>
        <main>
          <div id="stage"><img id="image" alt="preview"><div id="overlay"></div></div>
          <aside id="info"><h2 id="infoTitle">Frames</h2><div id="infoBody" class="hint">Hover a cell to see its measured frames; click a cell on the sheet to open its variant.</div></aside>
        </main>
        <script>
        "use strict";
        const $ = (id) => document.getElementById(id);
        let generation = 0, state = null, frames = null, filled = false, pinned = null;
        function option(select, value, text) { const o = document.createElement("option"); o.value = value; o.textContent = text; select.appendChild(o); }
        function fillControls(grid) {
          if (filled) return; filled = true;
          grid.widths.forEach((w) => option($("width"), w, w + " pt"));
          grid.contentSizes.forEach((s) => option($("size"), s, s));
          grid.appearances.forEach((a) => option($("appearance"), a, a));
          grid.directions.forEach((d) => option($("direction"), d, d === "ltr" ? "left to right" : "right to left"));
          $("directionLabel").hidden = grid.directions.length < 2;
          if (grid.contentSizes.includes("large")) $("size").value = "large";
          if (grid.widths.includes(375)) $("width").value = "375";
          syncControls();
        }
        function syncControls() {
          const variant = $("view").value === "variant";
          ["width", "size", "appearance", "direction"].forEach((id) => { $(id).disabled = !variant; });
        }
        function selectedVariant() {
          if (!state) return null;
          return state.variants.find((v) => String(v.width) === $("width").value && v.contentSize === $("size").value
            && v.appearance === $("appearance").value && v.direction === $("direction").value);
        }
        function clearBoxes() { $("overlay").replaceChildren(); }
        let logicalWidth = 1;
        function zoom() { return $("image").getBoundingClientRect().width / logicalWidth || 1; }
        function box(rect, cls) {
          const d = document.createElement("div"); d.className = "box " + (cls || ""); const z = zoom();
          Object.assign(d.style, { left: rect.x * z + "px", top: rect.y * z + "px", width: rect.width * z + "px", height: rect.height * z + "px" });
          $("overlay").appendChild(d);
        }
        async function refresh() {
          const response = await fetch("/state.json", { cache: "no-store" });
          state = await response.json();
          fillControls(state.grid);
          if (state.error) { $("errorText").textContent = state.error; $("error").hidden = false; $("stage").classList.add("stale"); }
          else { $("error").hidden = true; $("stage").classList.remove("stale"); }
          await show(state.generation);
          const notes = state.sheet ? state.sheet.notes.join(" ") : "";
          $("status").textContent = (state.error ? "error" : "rendered in " + Math.round(state.renderMilliseconds) + " ms") + (notes ? " · " + notes : "");
        }
        async function show(gen) {
          const debug = $("debug").checked ? "&debug=1" : "";
          const img = $("image");
          let src, width;
          frames = null; clearBoxes();
          if ($("view").value === "sheet") {
            if (!state.sheet) { img.removeAttribute("src"); document.body.dataset.generation = String(gen); return; }
            src = "/image/sheet.png?g=" + gen + debug; width = state.sheet.width;
          } else {
            const v = selectedVariant(); if (!v) return;
            const r = await fetch("/frames/" + v.id + ".json?g=" + gen, { cache: "no-store" });
            if (r.ok) frames = await r.json();
            src = "/image/" + v.id + ".png?g=" + gen + debug; width = v.width;
          }
          await new Promise((resolve) => { img.onload = resolve; img.onerror = resolve; img.src = src; });
          img.style.width = width + "px"; logicalWidth = width;
          document.body.dataset.generation = String(gen);
          document.body.dataset.updatedAt = String(Date.now());
        }
        function fmt(r) { return [r.x, r.y, r.width, r.height].map((n) => Math.round(n * 100) / 100); }
        function point(event) { const r = $("image").getBoundingClientRect(), z = zoom(); return { x: (event.clientX - r.left) / z, y: (event.clientY - r.top) / z }; }
        function inside(p, r) { return p.x >= r.x && p.y >= r.y && p.x < r.x + r.width && p.y < r.y + r.height; }
        function hover(event) {
          if (!state || pinned) return;
          const p = point(event); clearBoxes();
          if ($("view").value === "sheet" && state.sheet) {
            const tile = state.sheet.tiles.find((t) => inside(p, t.frame));
            if (!tile) return;
            box(tile.frame, "row");
            const v = state.variants.find((x) => x.id === tile.variant);
            $("infoTitle").textContent = "Row " + tile.row + " · " + v.label;
            const f = fmt(tile.frame);
            $("infoBody").innerHTML = "";
            const t = document.createElement("div");
            t.textContent = "height " + f[3] + " pt · width " + f[2] + " pt";
            $("infoBody").appendChild(t);
            tile.issues.forEach((i) => { const d = document.createElement("div"); d.className = "issue"; d.textContent = "⚑ " + i; $("infoBody").appendChild(d); });
            const h = document.createElement("div"); h.className = "hint"; h.textContent = "Click to open this variant with its frames.";
            $("infoBody").appendChild(h);
          } else if (frames) {
            const row = frames.rows.find((r) => p.y >= r.y && p.y < r.y + r.height);
            if (row) describeRow(row, { x: p.x, y: p.y - row.y });
          }
        }
        function describeRow(row, local) {
          box({ x: 0, y: row.y, width: frames.width, height: row.height }, "row");
          let hit = -1;
          row.nodes.forEach((n, i) => { if (inside(local, n.frame)) hit = i; });
          if (hit >= 0) { const f = row.nodes[hit].frame; box({ x: f.x, y: f.y + row.y, width: f.width, height: f.height }); }
          $("infoTitle").textContent = "Row " + row.row + " · " + frames.label;
          const body = $("infoBody"); body.innerHTML = "";
          const summary = document.createElement("div");
          summary.textContent = "y " + row.y + " · height " + row.height + " pt (content " + row.contentHeight + ")";
          body.appendChild(summary);
          row.issues.forEach((i) => { const d = document.createElement("div"); d.className = "issue"; d.textContent = "⚑ " + i; body.appendChild(d); });
          const table = document.createElement("table");
          const head = table.insertRow(); ["element", "x", "y", "w", "h", "lines"].forEach((h) => { const c = head.insertCell(); c.textContent = h; c.style.fontWeight = "600"; });
          row.nodes.forEach((n, i) => {
            const tr = table.insertRow(); if (i === hit) tr.className = "hit";
            const name = "\\u00a0".repeat(n.depth * 2) + n.kind + (n.id ? "#" + n.id : "");
            [name, ...fmt(n.frame), n.lines === undefined ? "" : n.lines + (n.truncated ? "…" : "")].forEach((v) => { tr.insertCell().textContent = v; });
          });
          body.appendChild(table);
        }
        function click(event) {
          if (!state) return;
          const p = point(event);
          if ($("view").value === "sheet" && state.sheet) {
            const tile = state.sheet.tiles.find((t) => inside(p, t.frame)); if (!tile) return;
            const v = state.variants.find((x) => x.id === tile.variant);
            $("width").value = String(v.width); $("size").value = v.contentSize; $("appearance").value = v.appearance; $("direction").value = v.direction;
            $("view").value = "variant"; syncControls(); pinned = null; show(generation);
          } else { pinned = pinned ? null : true; if (!pinned) hover(event); }
        }
        async function live() {
          let knowsRendering = false;
          for (;;) {
            try {
              const r = await fetch("/events?since=" + generation + (knowsRendering ? "&rendering=1" : ""), { cache: "no-store" });
              const j = await r.json();
              if (j.generation !== generation) { generation = j.generation; knowsRendering = false; await refresh(); }
              else if (j.rendering && !knowsRendering) { knowsRendering = true; $("status").textContent = "rendering the saved changes…"; }
            } catch (e) {
              $("status").textContent = "server stopped? retrying…";
              await new Promise((res) => setTimeout(res, 1000));
            }
          }
        }
        $("fit").addEventListener("change", () => { document.body.classList.toggle("fit", $("fit").checked); clearBoxes(); });
        ["view", "width", "size", "appearance", "direction", "debug"].forEach((id) => $(id).addEventListener("change", () => { syncControls(); pinned = null; show(generation); }));
        $("stage").addEventListener("mousemove", hover);
        $("stage").addEventListener("mouseleave", () => { if (!pinned) clearBoxes(); });
        $("stage").addEventListener("click", click);
        live();
        </script></body></html>
        """
}

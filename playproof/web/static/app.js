// playproof at the table: record lines, follow the session live (server-sent events), hold or watch the pen.
// Plain JavaScript, no build step; every fragment it shows was escaped by the server.
"use strict";
(function () {
  const body = document.body;
  let csrf = document.querySelector('meta[name="csrf"]').content;
  const session = body.dataset.session;
  if (!session) { return; }
  const device = body.dataset.device;
  const $ = (id) => document.getElementById(id);
  const input = $("line"), status = $("status"), search = $("search");
  let pen = body.dataset.pen || "";
  let turnBase = null, turnAt = 0, version = 0, busy = false;

  function say(text, kind) {
    status.textContent = text;
    status.className = "status " + (kind || "");
  }

  function showPen() {
    const mine = pen === device;
    body.classList.toggle("watching", Boolean(pen) && !mine);
    const box = $("pen");
    box.textContent = "";
    if (mine) {
      box.append("✎ This device records. Others watch.");
    } else if (!pen) {
      box.append("✎ Nobody records: the first device to record a line takes the pen.");
    } else {
      box.append("Watching: another device records. ");
      const take = document.createElement("button");
      take.type = "button"; take.id = "take-over"; take.textContent = "Take over";
      take.addEventListener("click", takeOver);
      box.append(take);
    }
  }

  async function post(path, data) {
    const response = await fetch(path, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-Playproof-CSRF": csrf},
      body: JSON.stringify(data || {}),
    });
    let answer = {};
    try { answer = await response.json(); } catch (e) { answer = {error: "the server answered " + response.status}; }
    if (!response.ok) { const err = new Error(answer.error || ("error " + response.status)); err.server = true; throw err; }
    return answer;
  }

  async function record(text) {
    if (busy) { return; }
    if (!text.trim()) { say("Type a line first.", "error"); return; }
    busy = true; body.classList.add("busy");
    say("Recording…", "");
    try {
      const answer = await post("/s/" + session + "/lines", {line: text});
      if (input.value === text) { input.value = ""; }
      const verdict = answer.verdict.length ? answer.verdict.join(" · ") : "recorded line " + answer.line;
      const bad = answer.verdict.some((v) => v.startsWith("✗"));
      say("Stored. " + verdict + (answer.warning ? " — " + answer.warning : ""), bad ? "bad" : "ok");
    } catch (err) {
      input.value = input.value || text;  // nothing typed is lost: the line stays in the box
      say((err.server ? "Not stored: " + err.message
        : "Not stored: the server cannot be reached (is `playproof serve` running?). Your line is kept; tap Record again."),
        "error");
    } finally {
      busy = false; body.classList.remove("busy");
    }
  }

  async function takeOver() {
    try {
      const answer = await post("/s/" + session + "/pen");
      pen = answer.pen; showPen(); say("This device records now.", "ok");
    } catch (err) { say("Could not take over: " + err.message, "error"); }
  }

  async function endSession() {
    if (!window.confirm("End this session for good? It takes no more lines.")) { return; }
    try { await post("/s/" + session + "/end"); say("Session ended.", "ok"); }
    catch (err) { say("Not ended: " + err.message, "error"); }
  }

  function fill(text, caret) {
    input.value = text;
    input.focus();
    const at = caret === undefined ? text.length : caret;
    input.setSelectionRange(at, at);
  }

  function applyFilter() {
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    document.querySelectorAll("#moves details").forEach((group) => {
      let shown = 0;
      group.querySelectorAll(".move").forEach((b) => {
        const hit = words.every((w) => b.dataset.line.toLowerCase().includes(w));
        b.hidden = !hit; shown += hit ? 1 : 0;
      });
      group.hidden = shown === 0;
      if (words.length && shown) { group.open = true; }
    });
  }

  function applyView(view) {
    if (view.version < version) { return; }
    version = view.version;
    const open = new Set([...document.querySelectorAll("#moves details[open]")].map((d) => d.dataset.verb));
    const hadGroups = document.querySelectorAll("#moves details").length > 0;
    $("state").innerHTML = view.state;
    $("moves").innerHTML = view.moves;
    $("completions").innerHTML = view.completions;
    $("log").innerHTML = view.log;
    if (hadGroups) {
      document.querySelectorAll("#moves details").forEach((d) => { if (open.has(d.dataset.verb)) { d.open = true; } });
    }
    body.classList.toggle("ended", view.ended);
    turnBase = view.turn; turnAt = performance.now();
    applyFilter(); tick();
  }

  function tick() {
    const timer = $("timer");
    if (!timer || turnBase === null) { return; }
    const seconds = Math.max(0, Math.floor(turnBase + (performance.now() - turnAt) / 1000));
    const h = Math.floor(seconds / 3600), m = Math.floor(seconds / 60) % 60, s = seconds % 60;
    timer.textContent = h + ":" + String(m).padStart(2, "0") + ":" + String(s).padStart(2, "0");
  }

  function listen() {
    const events = new EventSource("/s/" + session + "/events");
    events.addEventListener("hello", (e) => {
      const data = JSON.parse(e.data); csrf = data.csrf; pen = data.pen || ""; showPen();
      $("live").className = "live on"; $("live").title = "live";
    });
    events.addEventListener("view", (e) => applyView(JSON.parse(e.data)));
    events.addEventListener("pen", (e) => { pen = JSON.parse(e.data).pen || ""; showPen(); });
    events.onerror = () => {
      $("live").className = "live off"; $("live").title = "reconnecting…";
      events.close();  // reconnect on our own clock: a browser may give up after a refused reconnect
      setTimeout(listen, 1000);
    };
  }

  document.addEventListener("click", (e) => {
    const target = e.target.closest("button");
    if (!target) { return; }
    if (target.classList.contains("move")) {
      if ($("edit-first").checked) { fill(target.dataset.line); } else { record(target.dataset.line); }
    } else if (target.dataset.fill !== undefined) {
      fill(target.dataset.fill, target.dataset.caret === undefined ? undefined : Number(target.dataset.caret));
    } else if (target.dataset.append !== undefined) {
      fill(input.value.replace(/\s+$/, "") + target.dataset.append);
    } else if (target.dataset.send) {
      record(target.dataset.send);
    } else if (target.dataset.action === "undo-last") {
      record("undo");
    } else if (target.dataset.action === "end") {
      endSession();
    }
  });
  $("entry").addEventListener("submit", (e) => { e.preventDefault(); record(input.value); });
  search.addEventListener("input", applyFilter);
  const initial = $("timer");
  if (initial) { turnBase = parseFloat(initial.dataset.turn); turnAt = performance.now(); }
  setInterval(tick, 1000);
  showPen();
  listen();
})();

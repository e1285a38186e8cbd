// hexproof explore: the page asks the server for everything (the game step,
// the strategy's answers, the picture, the overlay); it keeps only the
// history of move lists for undo and redo.
"use strict";
const $ = (id) => document.getElementById(id);
const OVERLAY = { win: "#8fd694", lose: "#f29b9b", unknown: "#c8c8c8" };
let game = null;         // the settings of the game on the board
let history = [""];      // move lists (R:/B: prefixed), one per position reached
let at = 0;              // the index of the one shown
let state = null;        // the server's answer for history[at]
let overlayAbort = null; // cancels a pending overlay (its request ends, and the solver stops)

function query(extra) {
  const q = new URLSearchParams({ board: game.board, geometry: game.geometry, strategy: game.strategy, starter: game.starter, moves: history[at] });
  for (const k in extra) q.set(k, extra[k]);
  return q.toString();
}

async function api(path, opts) {
  const r = await fetch(path, opts);
  const body = await r.json().catch(() => ({ error: "the server answered " + r.status }));
  if (!r.ok) throw new Error(body.error || ("the server answered " + r.status));
  return body;
}

function say(id, text) { $(id).textContent = text; }

function cancelOverlay() {
  if (overlayAbort) { overlayAbort.abort(); overlayAbort = null; }
  $("legend").hidden = true;
}

// show asks for history[at] (auto: let the strategy answer) and draws it.
async function show(auto) {
  cancelOverlay();
  say("error", "");
  try {
    const s = await api("/api/state?" + query({ auto: auto && $("auto").checked ? "1" : "0" }));
    if (s.move_text !== history[at]) { // the strategy answered: a new position
      history[at] = s.move_text;
    }
    state = s;
    draw();
  } catch (e) {
    say("error", e.message);
    if (at > 0) { history.splice(at, 1); at--; }
  }
}

function draw() {
  const s = state;
  $("board-view").innerHTML = s.svg;
  const svg = $("board-view").querySelector("svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "The board, " + s.moves.length + " stones");
  svg.querySelectorAll("polygon.cell.empty, polygon.repeat").forEach((p) => {
    const c = p.getAttribute("data-cell") || p.getAttribute("data-repeat-of");
    p.addEventListener("click", () => play(c));
  });
  const a = s.answer;
  if (a) {
    for (const c of a.allowed || []) mark(c, "allowed");
    if (a.cell) mark(a.cell, "answer");
  }
  const who = (c) => c.charAt(0).toUpperCase() + c.slice(1);
  let status = s.moves.length + (s.moves.length === 1 ? " stone" : " stones") + " on the board; ";
  if (s.winner) status += who(s.winner) + " has won.";
  else if (s.over) status += "the board is full.";
  else status += who(s.to_move) + " to move" + (s.to_move === s.side ? " (the strategy)." : " (you).");
  say("status", status);
  let ans = "";
  if (a && a.fault) ans = "Strategy error: " + a.fault + ".";
  else if (a && a.cell) ans = who(s.side) + " (" + s.strategy + ") answered " + a.cell + " by rule " + a.rule + "; allowed: " + a.allowed.join(" ") + (a.agrees ? "" : " (the move played is not among them)") + ".";
  else if (a) ans = who(s.side) + " (" + s.strategy + ") would answer by rule " + a.rule + "; allowed: " + a.allowed.join(" ") + ".";
  say("answer", ans);
  const ol = $("moves");
  ol.innerHTML = "";
  s.moves.forEach((m, i) => {
    const li = document.createElement("li");
    li.className = m.player;
    li.textContent = (i + 1) + ". " + who(m.player) + " " + m.cell + (m.rule ? ", rule " + m.rule : "");
    ol.appendChild(li);
  });
  say("replay", s.replay);
  $("undo").disabled = at === 0;
  $("redo").disabled = at >= history.length - 1;
  $("overlay").disabled = s.over;
}

function mark(cell, cls) {
  $("board-view").querySelectorAll('polygon.cell[data-cell="' + cell + '"]').forEach((p) => p.classList.add(cls));
}

function play(cell) {
  if (!state || state.over) return;
  const prefix = state.to_move === "red" ? "R:" : "B:";
  const next = (history[at] ? history[at] + " " : "") + prefix + cell;
  history = history.slice(0, at + 1);
  history.push(next);
  at++;
  show(true);
}

async function overlay() {
  cancelOverlay();
  const ctl = new AbortController();
  overlayAbort = ctl;
  say("error", "");
  $("overlay").setAttribute("aria-busy", "true");
  try {
    const o = await api("/api/overlay?" + query({ budget_ms: $("budget").value || "3000" }), { signal: ctl.signal });
    $("board-view").querySelectorAll("polygon.cell.empty").forEach((p) => {
      const v = o.cells[p.getAttribute("data-cell")];
      if (v) { p.setAttribute("fill", OVERLAY[v]); p.setAttribute("data-overlay", v); }
    });
    say("overlay-mover", o.to_move);
    const n = Object.values(o.cells);
    say("overlay-info", n.filter((v) => v === "win").length + " winning, " + n.filter((v) => v === "lose").length + " losing, " +
      n.filter((v) => v === "unknown").length + " unknown; " + o.elapsed_ms + " ms, " + o.positions + " positions.");
    $("legend").hidden = false;
  } catch (e) {
    if (e.name !== "AbortError") say("error", e.message);
  } finally {
    $("overlay").removeAttribute("aria-busy");
    if (overlayAbort === ctl) overlayAbort = null;
  }
}

function newGame(settings, moves) {
  game = settings;
  $("board").value = game.board; $("geometry").value = game.geometry; $("strategy").value = game.strategy; $("starter").value = game.starter;
  history = [moves || ""];
  at = 0;
  show(!moves);
}

$("setup").addEventListener("submit", (e) => {
  e.preventDefault();
  newGame({ board: $("board").value.trim(), geometry: $("geometry").value, strategy: $("strategy").value.trim(), starter: $("starter").value });
});
$("undo").addEventListener("click", () => { if (at > 0) { at--; show(false); } });
$("redo").addEventListener("click", () => { if (at < history.length - 1) { at++; show(false); } });
$("overlay").addEventListener("click", overlay);
$("copy").addEventListener("click", async () => {
  try { await navigator.clipboard.writeText(state.replay); say("status", "Copied the replay line."); }
  catch (e) { say("error", "Could not copy (" + e.message + "): select the line under Replay line."); }
});
$("play-form").addEventListener("submit", (e) => { e.preventDefault(); const c = $("cell").value.trim(); if (c) { play(c); $("cell").value = ""; } });
$("load-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  say("error", "");
  try {
    const g = await api("/api/load", { method: "POST", body: $("load-text").value });
    newGame({ board: g.board, geometry: g.geometry, strategy: g.strategy || game.strategy, starter: g.starter }, g.moves);
  } catch (err) { say("error", err.message); }
});
document.addEventListener("keydown", (e) => {
  const t = e.target.tagName;
  if (t === "INPUT" || t === "TEXTAREA" || t === "SELECT") return;
  if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); $("undo").click(); }
  if ((e.ctrlKey || e.metaKey) && e.key === "y") { e.preventDefault(); $("redo").click(); }
});
window.addEventListener("pagehide", cancelOverlay);

(async () => {
  try {
    const cfg = await api("/api/config");
    const dl = $("strategies");
    for (const s of cfg.strategies) {
      const o = document.createElement("option");
      o.value = s.name; o.label = s.name + " (" + s.side + "): " + s.description;
      dl.appendChild(o);
    }
    newGame({ board: cfg.start.Board, geometry: cfg.start.Geometry, strategy: cfg.start.Strategy, starter: cfg.start.Starter });
  } catch (e) { say("error", e.message); }
})();

// pnp serve: the phone's page. Plain JavaScript, nothing from the internet.
// Every request carries the access token from the QR code's URL.
"use strict";

const token = document.querySelector('meta[name="pnp-token"]').content;
const $ = (id) => document.getElementById(id);
const KEEP = "pnp-serve";            // localStorage: the game and its options, per game
let games = [];
let maxBytes = 0;
let job = null;                      // the result on show
let zoom = 1;

function withToken(url) {
  return url + (url.includes("?") ? "&" : "?") + "t=" + encodeURIComponent(token);
}

function remembered() {
  try { return JSON.parse(localStorage.getItem(KEEP)) || {}; } catch (e) { return {}; }
}

function remember() {
  const kept = remembered();
  kept.game = $("game").value;
  kept.options = kept.options || {};
  kept.options[kept.game] = optionTexts();
  try { localStorage.setItem(KEEP, JSON.stringify(kept)); } catch (e) { /* private mode */ }
  summarise();
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

async function api(url, body) {
  const init = { headers: { "X-Pnp-Token": token } };
  if (body !== undefined) {
    init.method = "POST";
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch (e) {
    throw new Error(UNREACHABLE);
  }
  let data = null;
  try { data = await response.json(); } catch (e) { /* not JSON */ }
  if (!response.ok && !(data && data.job)) {
    throw new Error((data && data.error) || answered(response.status));
  }
  return data;
}

const UNREACHABLE = "The computer did not answer: is the phone on the same network, and is " +
                    "pnp serve still running?";

function answered(status) {
  return status === 403
    ? "This page's access code is not valid (was pnp serve restarted?): scan its QR code again"
    : `the computer answered ${status}`;
}

// ------------------------------------------------------------------ the game and options

function currentGame() { return games.find((g) => g.name === $("game").value); }

function showOptions() {
  const game = currentGame();
  const kept = (remembered().options || {})[game.name] || {};
  const box = $("options");
  box.replaceChildren();
  for (const o of game.options) {
    let input;
    if (o.choices.length) {
      input = el("select", { name: o.name });
      for (const c of o.choices) input.append(el("option", { value: c }, c));
      input.value = o.choices.includes(kept[o.name]) ? kept[o.name] : o.default;
    } else {
      input = el("input", { name: o.name, type: "text", placeholder: o.hint || "",
                            autocomplete: "off", autocapitalize: "none" });
      input.value = kept[o.name] || "";
    }
    input.addEventListener("change", remember);
    box.append(el("label", { class: "field" }, o.label, input));
  }
  summarise();
}

function optionTexts() {
  const texts = {};
  for (const input of $("options").querySelectorAll("select, input")) {
    texts[input.name] = input.value;
  }
  return texts;
}

function summarise() {
  const game = currentGame();
  if (!game) return;
  const parts = Object.entries(optionTexts()).filter(([, v]) => v).map(([, v]) => v);
  $("settings-summary").textContent = [game.title, ...parts].join(" · ");
}

// ------------------------------------------------------------------ upload

function upload(file) {
  hide("error"); hide("intro");
  if (maxBytes && file.size > maxBytes) {
    return fail(`This photo is too large (${Math.round(file.size / 1048576)} MB; at most ` +
                `${Math.round(maxBytes / 1048576)} MB).`);
  }
  const params = new URLSearchParams({ game: $("game").value });
  for (const [k, v] of Object.entries(optionTexts())) params.set("o." + k, v);
  const xhr = new XMLHttpRequest();
  xhr.open("POST", "/api/photos?" + params);
  xhr.setRequestHeader("X-Pnp-Token", token);
  xhr.setRequestHeader("Content-Type", "application/octet-stream");
  $("bar").value = 0;
  show("progress");
  $("status").textContent = "Sending the photo…";
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable) $("bar").value = (100 * e.loaded) / e.total;
  };
  xhr.upload.onload = () => {
    $("bar").value = 100;
    $("status").textContent = "Reading the photo…";
  };
  xhr.onload = () => {
    hide("progress");
    let data = null;
    try { data = JSON.parse(xhr.responseText); } catch (e) { /* not JSON */ }
    if (data && data.error) return fail(sentence(data.error));
    if (!data || xhr.status !== 200) return fail(sentence(answered(xhr.status)));
    $("settings").open = false;
    render(data);
    $("result").scrollIntoView({ behavior: "smooth", block: "start" });
  };
  xhr.onerror = () => {
    hide("progress");
    fail(UNREACHABLE);
  };
  xhr.send(file);
}

function sentence(text) {
  const t = String(text);
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

function fail(message) {
  $("error").textContent = message;
  show("error");
  $("error").scrollIntoView({ behavior: "smooth", block: "center" });
}

function show(id) { $(id).hidden = false; }
function hide(id) { $(id).hidden = true; }

// ------------------------------------------------------------------ the result

function render(data) {
  const fresh = !job || job.job !== data.job;
  job = data;
  show("result");
  const verdict = $("verdict");
  verdict.className = data.certain ? "sure" : "unsure";
  const n = data.problems.length;
  verdict.textContent = data.certain
    ? `SURE: everything was read${data.corrected ? " (with your corrections)" : ""}. ` +
      `Photo ${data.number}, ${data.seconds} s.`
    : `NOT SURE: ${n} problem${n === 1 ? "" : "s"}. No final score until ` +
      "they are corrected or the photo is taken again.";
  renderScore(data);
  if (fresh) {
    zoom = 1;
    applyZoom();
    $("overlay").src = withToken(data.overlay.url);
    $("overlay").width = data.overlay.width;
    $("overlay").height = data.overlay.height;
    closeAnswer();
  }
  renderPins(data);
  renderProblems(data);
  renderFixes(data, fresh);
  $("tap-hint").hidden = !data.checks;
  const link = $("download");
  link.hidden = !data.state;
  if (data.state) {
    link.href = withToken(data.state);
    link.setAttribute("download", `${data.game}-${data.number}-state.json`);
    link.textContent = !data.certain ? "Download what was seen as a state file (not sure: " +
                                       "check it)"
      : data.corrected ? "Download the corrected state file" : "Download the state file";
  }
}

function renderScore(data) {
  const table = $("score");
  table.replaceChildren();
  const score = data.score;
  $("winner").textContent = "";
  $("lines").hidden = !score;
  if (!score) {
    $("winner").textContent = "No score: what was seen cannot be scored.";
    return;
  }
  if (score.partial) {
    $("winner").textContent = "Score of what was seen (may be wrong):";
  } else if (score.winners.length === 1) {
    $("winner").textContent = `Winner: ${score.winners[0]}`;
  } else if (score.winners.length > 1) {
    $("winner").textContent = `Shared win: ${score.winners.join(", ")}`;
  }
  if (score.rows.length) {
    table.append(el("tr", {}, el("th", {}, "player"),
                    ...score.columns.map((c) => el("th", {}, c))));
    for (const row of score.rows) {
      table.append(el("tr", { class: row.winner && !score.partial ? "winner" : "" },
                      el("td", {}, row.name), ...row.cells.map((c) => el("td", {}, String(c)))));
    }
  }
  $("lines").querySelector("pre").textContent = score.lines.join("\n");
}

function renderPins(data) {
  const pins = $("pins");
  pins.replaceChildren();
  for (const p of data.problems) {
    if (!p.at) continue;
    const pin = el("span", { class: "pin" }, String(p.n));
    pin.style.left = `${100 * p.at[0]}%`;
    pin.style.top = `${100 * p.at[1]}%`;
    pins.append(pin);
  }
}

function renderProblems(data) {
  $("problems-box").hidden = !data.problems.length;
  const list = $("problems");
  list.replaceChildren();
  for (const p of data.problems) {
    list.append(el("li", { value: String(p.n) }, el("span", { class: "code" }, p.code),
                   ": " + p.message));
  }
}

function renderFixes(data, fresh) {
  const form = $("fixes");
  const box = $("fix-list");
  const before = fresh ? {} : answers();
  form.hidden = !data.corrections.length;
  box.replaceChildren();
  for (const c of data.corrections) {
    const select = el("select", { "data-key": c.key });
    select.append(el("option", { value: "" }, "— not sure —"));
    for (const [value, words] of c.choices) select.append(el("option", { value }, words));
    select.value = before[c.key] || "";
    const field = el("fieldset", {}, el("legend", {}, `${c.question} (problem ` +
                                      `${c.problems.join(", ")})`));
    if (c.choices.length > 12) {
      const find = el("input", { type: "search", placeholder: "type to find, e.g. a name",
                                 autocomplete: "off", autocapitalize: "none" });
      find.addEventListener("input", () => filter(select, find.value));
      field.append(el("label", { class: "field" }, "Find", find));
    }
    field.append(el("label", { class: "field" }, "Answer", select));
    box.append(field);
  }
}

function filter(select, text) {
  const words = text.trim().toLowerCase();
  let first = null;
  for (const option of select.options) {
    const match = !option.value || option.textContent.toLowerCase().includes(words);
    option.hidden = !match;
    if (match && option.value && !first) first = option;
  }
  if (words && first) select.value = first.value;
}

function answers() {
  const given = {};
  for (const select of $("fix-list").querySelectorAll("select")) {
    if (select.value) given[select.dataset.key] = select.value;
  }
  return given;
}

async function recompute(event) {
  event.preventDefault();
  hide("error");
  try {
    const data = await api(withToken(`/api/jobs/${job.job}/correct`), { answers: answers() });
    if (data.error) return fail(sentence(data.error));
    render(data);
    $("verdict").scrollIntoView({ behavior: "smooth", block: "start" });
  } catch (e) {
    fail(sentence(e.message));
  }
}

// ------------------------------------------------------------------ taps and zoom

async function tap(clientX, clientY) {
  if (!job || !job.checks) return;
  const img = $("overlay");
  const box = img.getBoundingClientRect();
  const x = ((clientX - box.left) / box.width) * job.overlay.width;
  const y = ((clientY - box.top) / box.height) * job.overlay.height;
  try {
    const answer = await api(withToken(`/api/jobs/${job.job}/check`), { x, y });
    $("answer-place").textContent = answer.place ? `Check ${answer.place}` : "Check";
    $("answer-lines").textContent = answer.lines.join("\n");
    show("answer");
    drawOutline(answer.outline);
    $("answer-close").hidden = !answer.overlay;
    if (answer.overlay) img.src = withToken(`/api/jobs/${job.job}/${answer.overlay}`);
  } catch (e) {
    fail(sentence(e.message));
  }
}

function drawOutline(points) {
  const svg = $("outline");
  svg.replaceChildren();
  if (!points || points.length < 2) return;
  const polygon = document.createElementNS("http://www.w3.org/2000/svg", "polygon");
  polygon.setAttribute("points", points.map(([x, y]) => `${x},${y}`).join(" "));
  svg.append(polygon);
}

function closeAnswer() {
  hide("answer");
  drawOutline(null);
  if (job) $("overlay").src = withToken(job.overlay.url);
}

function applyZoom(cx, cy) {
  const box = $("zoom");
  const stage = $("stage");
  const old = stage.offsetWidth || box.clientWidth;
  // keep the point under the fingers (cx, cy: px in the box) where it is
  const px = cx === undefined ? box.clientWidth / 2 : cx;
  const py = cy === undefined ? box.clientHeight / 2 : cy;
  const fx = (box.scrollLeft + px) / old;
  const fy = (box.scrollTop + py) / (stage.offsetHeight || 1);
  stage.style.width = `${zoom * 100}%`;
  box.scrollLeft = fx * stage.offsetWidth - px;
  box.scrollTop = fy * stage.offsetHeight - py;
}

function setZoom(value, cx, cy) {
  zoom = Math.min(6, Math.max(1, value));
  applyZoom(cx, cy);
}

const pointers = new Map();
let pinch = null;
let press = null;

function onDown(e) {
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (pointers.size === 2) {
    const [a, b] = [...pointers.values()];
    pinch = { d: Math.hypot(a.x - b.x, a.y - b.y), zoom };
    press = null;
  } else if (pointers.size === 1) {
    press = { x: e.clientX, y: e.clientY, t: Date.now() };
  }
}

function onMove(e) {
  if (!pointers.has(e.pointerId)) return;
  pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  if (pinch && pointers.size === 2) {
    e.preventDefault();
    const [a, b] = [...pointers.values()];
    const box = $("zoom").getBoundingClientRect();
    setZoom((pinch.zoom * Math.hypot(a.x - b.x, a.y - b.y)) / Math.max(pinch.d, 1),
            (a.x + b.x) / 2 - box.left, (a.y + b.y) / 2 - box.top);
  }
}

function onUp(e) {
  pointers.delete(e.pointerId);
  if (pointers.size < 2) pinch = null;
  if (press && pointers.size === 0) {
    const still = Math.hypot(e.clientX - press.x, e.clientY - press.y) < 10;
    if (still && Date.now() - press.t < 600) tap(e.clientX, e.clientY);
  }
  press = null;
}

// ------------------------------------------------------------------ start

async function start() {
  const stage = $("stage");
  stage.addEventListener("pointerdown", onDown);
  stage.addEventListener("pointermove", onMove, { passive: false });
  stage.addEventListener("pointerup", onUp);
  stage.addEventListener("pointercancel", (e) => { pointers.delete(e.pointerId); press = null; });
  $("zoom-in").addEventListener("click", () => setZoom(zoom * 1.5));
  $("zoom-out").addEventListener("click", () => setZoom(zoom / 1.5));
  $("answer-close").addEventListener("click", closeAnswer);
  $("fixes").addEventListener("submit", recompute);
  $("photo").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (file) upload(file);
    e.target.value = "";                 // the same file may be chosen again
  });
  try {
    const data = await api(withToken("/api/games"));
    games = data.games;
    maxBytes = data.max_bytes;
  } catch (e) {
    return fail(sentence(e.message));
  }
  if (!games.length) return fail("No game has a photo referee yet.");
  const select = $("game");
  for (const g of games) select.append(el("option", { value: g.name }, g.title));
  const kept = remembered();
  if (games.some((g) => g.name === kept.game)) select.value = kept.game;
  select.addEventListener("change", () => { showOptions(); remember(); });
  showOptions();
}

start();

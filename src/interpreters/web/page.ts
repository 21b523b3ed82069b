/**
 * The web page: one HTML document with inline CSS and JavaScript, no
 * external assets. It follows the feed over Server-Sent Events (`/events`,
 * read with `fetch` so that it can send a header), newest card at the top,
 * and answers permission questions with a POST to `/answer`.
 *
 * The token: the address wave-hooks prints carries it after `#`, which the
 * browser never sends to a server. The script reads it from there, keeps it
 * in memory (and in `sessionStorage`, which belongs to this origin, port
 * included, so that a reload keeps working), takes it out of the address bar
 * and the history entry, and sends it as `Authorization: Bearer` on every
 * request. It is never put in a cookie: cookies ignore ports, so every other
 * server on 127.0.0.1 would receive it.
 *
 * Everything a hook wrote is untrusted: the script builds the page with
 * `createElement` and `textContent` only (never `innerHTML` with data), every
 * text it places has its control characters shown as escapes (`\r`, `\x1b`,
 * `\u202e`; line breaks stay in multi-line texts, and are escaped too in
 * commands and tool input), and the Content-Security-Policy allows only this
 * document's own inline code (by nonce) and requests to this server.
 *
 * @since 0.1.0
 */
import { controlCharacterSource } from "../../internal/escape-control.ts"

/**
 * The page's Content-Security-Policy for a nonce.
 *
 * @category page
 * @since 0.1.0
 */
export const pagePolicy = (nonce: string): string =>
  [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'"
  ].join("; ")

const style = `
:root { color-scheme: light dark; --bg: #f6f7f9; --card: #fff; --text: #1d2330; --muted: #5f6b7a; --line: #dde2e8;
  --allow: #1a7f37; --deny: #c62828; --ask: #b26a00; --ask-bg: #fff6e0; --model: #1f5fbf; --change: #7b3fbf; --note: #6b7280;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
@media (prefers-color-scheme: dark) { :root { --bg: #12151b; --card: #1b2029; --text: #e6e9ef; --muted: #9aa4b2; --line: #2c3340;
  --allow: #4cc26a; --deny: #ff6b6b; --ask: #f0b44c; --ask-bg: #2d2614; --model: #6ea8ff; --change: #b78cff; --note: #9aa4b2; } }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--text); }
header.top { position: sticky; top: 0; z-index: 1; display: flex; align-items: baseline; gap: 12px; padding: 12px 24px;
  background: var(--card); border-bottom: 1px solid var(--line); }
header.top h1 { margin: 0; font-size: 18px; }
header.top .sub { color: var(--muted); font-size: 13px; }
#status { margin-left: auto; font-size: 13px; color: var(--muted); }
#status::before { content: ""; display: inline-block; width: 8px; height: 8px; border-radius: 50%; margin-right: 6px; background: var(--note); }
#status.live::before { background: var(--allow); }
#status.down::before { background: var(--deny); }
main { max-width: 960px; margin: 0 auto; padding: 16px 24px 48px; }
#empty { color: var(--muted); text-align: center; padding: 48px 0; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 12px 16px; margin: 0 0 12px; }
.card.waiting { border-color: var(--ask); box-shadow: 0 0 0 2px var(--ask-bg); }
.card-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 8px; }
.event { font-weight: 650; }
.tool { font-weight: 600; color: var(--change); }
.input { flex: 1 1 12em; min-width: 0; font-family: var(--mono); font-size: 13px; color: var(--muted);
  white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.badge { margin-left: auto; font-size: 12px; padding: 1px 8px; border-radius: 999px; border: 1px solid var(--line); color: var(--muted); white-space: nowrap; }
.badge.waiting { color: var(--ask); border-color: var(--ask); }
.badge.done { color: var(--allow); border-color: var(--allow); }
time { font-size: 12px; color: var(--muted); }
h3 { margin: 10px 0 4px; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
ul { list-style: none; margin: 0; padding: 0; }
.runs li { display: flex; gap: 10px; align-items: baseline; padding: 2px 0; }
.command { font-family: var(--mono); font-size: 13px; overflow-wrap: anywhere; flex: 1; }
.exit, .duration { font-size: 12px; color: var(--muted); white-space: nowrap; }
.exit.bad { color: var(--deny); }
.effects li { display: grid; grid-template-columns: 14em 9em minmax(0, 1fr); gap: 10px; padding: 3px 0; border-top: 1px dashed var(--line); }
@media (max-width: 640px) { .effects li { grid-template-columns: minmax(0, 1fr); gap: 0; } }
.effects li:first-child { border-top: 0; }
.label { font-weight: 600; }
.who { font-size: 12px; color: var(--muted); white-space: nowrap; padding-top: 2px; }
.text { white-space: pre-wrap; overflow-wrap: anywhere; }
.tone-allow .label { color: var(--allow); } .tone-block .label, .tone-error .label { color: var(--deny); }
.tone-ask .label, .tone-warning .label { color: var(--ask); } .tone-model .label { color: var(--model); }
.tone-change .label { color: var(--change); } .tone-note .label, .tone-info .label { color: var(--note); }
.question { margin: 10px 0 4px; padding: 10px 12px; border-radius: 8px; background: var(--ask-bg); border-left: 4px solid var(--ask); }
.question .ask { font-weight: 600; }
.question .reason { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0 8px; }
.question.answered, .question.withdrawn { background: transparent; border: 1px solid var(--line); border-left-width: 4px; }
.question.answered.allow { border-left-color: var(--allow); } .question.answered.deny { border-left-color: var(--deny); }
.buttons { display: flex; gap: 8px; }
button { font: inherit; font-weight: 600; padding: 6px 18px; border-radius: 6px; border: 0; cursor: pointer; color: #fff; }
button.allow { background: var(--allow); } button.deny { background: var(--deny); }
button:disabled { opacity: .5; cursor: default; }
.answer { font-weight: 600; margin: 0; }
.answer.allow { color: var(--allow); } .answer.deny { color: var(--deny); }
.error { color: var(--deny); font-size: 13px; }
.outcome p { font-weight: 500; }
.outcome p { margin: 2px 0; }
.none { color: var(--muted); font-style: italic; margin: 2px 0; }
`

// Plain JavaScript (no build step): it runs as written in the browser.
const script = `
"use strict";
const list = document.getElementById("cards");
const empty = document.getElementById("empty");
const statusLine = document.getElementById("status");
const shown = new Map();
const controls = new RegExp(${JSON.stringify(controlCharacterSource)}, "gu");
const named = { "\\t": "\\\\t", "\\n": "\\\\n", "\\r": "\\\\r" };

// Control characters as visible escapes (the same set as src/internal/escape-control.ts).
function visible(text, keepLineBreaks) {
  return String(text).replace(controls, (c) => {
    if (keepLineBreaks && (c === "\\n" || c === "\\t")) return c;
    if (named[c]) return named[c];
    const point = c.codePointAt(0);
    return point <= 0xff ? "\\\\x" + point.toString(16).padStart(2, "0") : "\\\\u" + point.toString(16).padStart(4, "0");
  });
}
const stateWords = { running: "hooks running", waiting: "waiting for your answer", done: "done", abandoned: "abandoned" };

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = visible(text, true);
  return node;
}

// One-line code (a command, tool input): line breaks are escaped too.
function code(tag, className, text) {
  const node = el(tag, className);
  node.textContent = visible(text, false);
  return node;
}

function setStatus(text, kind) {
  statusLine.textContent = text;
  statusLine.className = kind;
}

// The token: from the address's #fragment (never sent to a server), else from this tab's earlier visit.
function readToken() {
  const fromFragment = new URLSearchParams(location.hash.slice(1)).get("token");
  if (fromFragment) {
    try { sessionStorage.setItem("wave-hooks-token", fromFragment); } catch (_) {}
    history.replaceState(null, "", location.pathname);
    return fromFragment;
  }
  try { return sessionStorage.getItem("wave-hooks-token"); } catch (_) { return null; }
}
const token = readToken();
const authorization = { authorization: "Bearer " + token };

function answer(card, question, choice, box) {
  for (const b of box.querySelectorAll("button")) b.disabled = true;
  fetch("/answer", {
    method: "POST",
    credentials: "omit",
    headers: { ...authorization, "content-type": "application/json" },
    body: JSON.stringify({ id: question.id, answer: choice })
  }).then(async (response) => {
    if (!response.ok) throw new Error((await response.text()) || response.statusText);
  }).catch((error) => {
    for (const b of box.querySelectorAll("button")) b.disabled = false;
    box.appendChild(el("p", "error", "Could not send the answer: " + error.message));
  });
}

function renderQuestion(card) {
  const q = card.question;
  const box = el("section", "question " + q.state + (q.answer ? " " + q.answer : ""));
  box.dataset.question = q.id;
  box.appendChild(el("div", "ask", "Allow this" + (card.tool ? " " + card.tool.name + " call" : "") + "?"));
  box.appendChild(el("div", "reason", q.reason === undefined ? "(the hook gave no reason)" : q.reason));
  if (q.state === "pending") {
    const buttons = el("div", "buttons");
    const allow = el("button", "allow", "Allow");
    const deny = el("button", "deny", "Deny");
    allow.type = "button"; deny.type = "button";
    allow.dataset.answer = "allow"; deny.dataset.answer = "deny";
    allow.addEventListener("click", () => answer(card, q, "allow", box));
    deny.addEventListener("click", () => answer(card, q, "deny", box));
    buttons.append(allow, deny);
    box.appendChild(buttons);
  } else {
    box.appendChild(el("p", "answer " + (q.answer || ""), q.outcome || q.state));
  }
  return box;
}

function renderCard(card) {
  const root = el("article", "card " + card.state);
  root.dataset.card = String(card.id);
  root.dataset.state = card.state;
  const head = el("div", "card-head");
  head.appendChild(el("span", "event", card.event));
  if (card.tool) {
    head.appendChild(el("span", "tool", card.tool.name));
    const input = code("span", "input", JSON.stringify(card.tool.input));
    input.title = input.textContent;
    head.appendChild(input);
  }
  head.appendChild(el("span", "badge " + card.state, stateWords[card.state] || card.state));
  const time = el("time", "", new Date(card.at).toLocaleTimeString());
  time.dateTime = card.at;
  head.appendChild(time);
  root.appendChild(head);

  if (card.runs.length > 0) {
    root.appendChild(el("h3", "", card.runs.length === 1 ? "Hook" : "Hooks (" + card.runs.length + ")"));
    const runs = el("ul", "runs");
    for (const run of card.runs) {
      const li = el("li");
      li.appendChild(code("span", "command", run.command));
      li.appendChild(el("span", "exit" + (run.exitCode === 0 || run.state === "running" ? "" : " bad"), run.status));
      if (run.durationMs !== undefined) li.appendChild(el("span", "duration", run.durationMs + " ms"));
      runs.appendChild(li);
    }
    root.appendChild(runs);
  }

  if (card.question) root.appendChild(renderQuestion(card));

  if (card.state === "done" || card.effects.length > 0) {
    root.appendChild(el("h3", "", "Effects"));
    if (card.effects.length === 0) root.appendChild(el("p", "none", "No effects."));
    const effects = el("ul", "effects");
    effects.hidden = card.effects.length === 0;
    for (const effect of card.effects) {
      const li = el("li", "tone-" + effect.tone);
      li.dataset.tag = effect.tag;
      li.appendChild(el("span", "label", effect.label));
      li.appendChild(el("span", "who", effect.who));
      li.appendChild(el("span", "text", effect.text === undefined ? "" : effect.text));
      effects.appendChild(li);
    }
    root.appendChild(effects);
  }

  if (card.outcome.length > 0) {
    root.appendChild(el("h3", "", "Outcome"));
    const outcome = el("div", "outcome");
    for (const sentence of card.outcome) outcome.appendChild(el("p", "", sentence));
    root.appendChild(outcome);
  }
  return root;
}

function upsert(card) {
  const next = renderCard(card);
  const previous = shown.get(card.id);
  if (previous) previous.replaceWith(next);
  else list.prepend(next);
  shown.set(card.id, next);
  empty.hidden = shown.size > 0;
}

// One Server-Sent Event ("event: NAME" and "data: JSON" lines); true once the server said bye.
function dispatch(frame) {
  let name = "message";
  let data = "";
  for (const line of frame.split("\\n")) {
    if (line.startsWith("event:")) name = line.slice(6).trim();
    else if (line.startsWith("data:")) data += line.slice(5).trim();
  }
  if (name === "card") upsert(JSON.parse(data));
  else if (name === "ready") setStatus("live", "live");
  else if (name === "bye") { setStatus("server stopped", "down"); return true; }
  return false;
}

// EventSource cannot send a header: the stream is read with fetch, and followed again after a drop.
async function follow() {
  if (!token) {
    setStatus("no token", "down");
    empty.textContent = "This page needs its token: open the address wave-hooks printed (it ends in #token=...).";
    return;
  }
  for (;;) {
    try {
      const response = await fetch("/events", { headers: authorization, credentials: "omit", cache: "no-store" });
      if (response.status === 403) {
        setStatus("token refused", "down");
        empty.textContent = "The server refused this page's token: open the address wave-hooks printed for this server.";
        return;
      }
      if (!response.ok || !response.body) throw new Error(response.statusText);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\\r\\n/g, "\\n");
        let end;
        while ((end = buffer.indexOf("\\n\\n")) !== -1) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (dispatch(frame)) { await reader.cancel(); return; }
        }
      }
    } catch (_) {}
    setStatus("reconnecting...", "");
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
follow();
`

/**
 * The page, with its inline style and script carrying `nonce`.
 *
 * @category page
 * @since 0.1.0
 */
export const pageHtml = (nonce: string, title = "wave-hooks"): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="data:,">
<style nonce="${nonce}">${style}</style>
</head>
<body>
<header class="top"><h1>${escapeHtml(title)}</h1><span class="sub">hook runs and their effects, live</span><span id="status">connecting...</span></header>
<main>
<p id="empty">No hook events yet. They appear here as agents fire them.</p>
<div id="cards"></div>
</main>
<script nonce="${nonce}">${script}</script>
</body>
</html>
`

/**
 * Escape text for HTML (used only for the server-chosen title).
 *
 * @category page
 * @since 0.1.0
 */
const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c)

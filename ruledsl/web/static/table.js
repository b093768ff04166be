// The table page: one seat's view (or a spectator's), kept up to date over a WebSocket; moves
// by clicking cards and buttons; a finished match stepped through move by move.
import { api, Deck, el, fill, inviteLink, seats, toast } from "./common.js";
import { drawFinished } from "./finished.js";
import { drawCenter, drawLog, drawScores, drawSeats, ownMove, seatName } from "./panels.js";
import { Talk } from "./talk.js";

const table = decodeURIComponent(location.pathname.split("/").pop());
const $ = (id) => document.getElementById(id);
const state = { view: null, deck: null, selection: [], hint: null, busy: false, step: null, socket: null };

// -- the seat this browser holds ---------------------------------------------------------------------

function takeLinkToken() {
  // An invite link carries its token after # (never sent to the server, never in its logs).
  const match = location.hash.match(/token=([^&]+)/);
  if (!match) return;
  seats.set(table, null, decodeURIComponent(match[1]));
  history.replaceState(null, "", location.pathname);
}

function token() {
  const held = seats.get(table);
  return held ? held.token : null;
}

const talk = new Talk(table, token);

// -- talking to the server ---------------------------------------------------------------------------

async function load() {
  try {
    show(await api(`/api/tables/${encodeURIComponent(table)}`, { token: token() }));
  } catch (e) {
    if (e.status === 403 && token()) {          // a token of another table, or a stale one
      localStorage.removeItem(`ruledsl:seat:${table}`);
      toast("This browser's seat token is not valid here: you are watching.", "error");
      return load();
    }
    $("title").textContent = e.status === 404 ? "No such table" : "The table cannot be shown";
    fill($("status"), el("p", {}, e.message, " ", el("a", { href: "/" }, "Back to the lobby")));
    throw e;
  }
  connect();
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/tables/${encodeURIComponent(table)}/ws`);
  state.socket = socket;
  socket.onopen = () => {
    socket.send(JSON.stringify({ token: token() }));
    linkState("live", "connected: moves appear as they are made");
  };
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data.type === "view" && state.step === null) show(data.view);
    else if (data.type === "view" && data.view.next && !state.view.next) {   // stepping back: offer the next match still
      state.view.next = data.view.next;
      drawOver(state.view);
    }
    else if (data.type === "error") toast(data.error, "error");
  };
  socket.onclose = () => {
    linkState("down", "disconnected: reconnecting…");
    if (state.view && state.view.status === "over") return;
    setTimeout(() => api(`/api/tables/${encodeURIComponent(table)}`, { token: token() }).then(show).catch(() => {})
      .finally(connect), 2000);
  };
}

function linkState(kind, title) {
  const dot = $("link");
  dot.className = `link-dot ${kind}`;
  dot.title = title;
}

async function move(action) {
  if (state.busy) return;
  state.busy = true;
  ownMove(state.view.version);
  try {
    show(await api(`/api/tables/${encodeURIComponent(table)}/actions`, {
      method: "POST", token: token(), body: { action, version: state.view.version } }));
  } catch (e) {
    ownMove(null);
    if (e.body.view) show(e.body.view);
    toast(e.message, "error");
  } finally {
    state.busy = false;
  }
}

async function why(action) {
  try {
    const answer = await api(`/api/tables/${encodeURIComponent(table)}/why`, { method: "POST", token: token(), body: { action } });
    if (!answer.allowed) toast(`Not allowed: ${answer.reason}.`, "error");
  } catch (e) {
    toast(e.message, "error");
  }
}

async function standIn(letter) {
  try {
    await api(`/api/tables/${encodeURIComponent(table)}/stand-in`, { method: "POST", token: token(), body: { seat: letter } });
  } catch (e) {
    toast(e.message, "error");
  }
}

async function takeBack() {
  try {
    await api(`/api/tables/${encodeURIComponent(table)}/back`, { method: "POST", token: token() });
  } catch (e) {
    toast(e.message, "error");
  }
}

async function hint() {
  const button = $("hint-button");
  button.disabled = true;
  button.textContent = "Thinking…";
  try {
    state.hint = await api(`/api/tables/${encodeURIComponent(table)}/hint`, { token: token() });
    state.hint.version = state.view.version;
    show(state.view);
  } catch (e) {
    toast(e.message, "error");
  } finally {
    button.disabled = false;
    button.textContent = "Hint";
  }
}

// -- drawing the view ----------------------------------------------------------------------------------

function show(view) {
  if (state.view && view.version < state.view.version && state.step === null) return;   // an older push
  if (!state.view || view.version !== state.view.version) state.selection = [];
  if (state.hint && state.hint.version !== view.version) state.hint = null;
  state.view = view;
  state.deck = new Deck(view.deck);
  document.body.dataset.version = view.version;        // for tests and tools: what is shown
  document.body.dataset.status = view.status;
  // The tab's title says when it is your move, for a page waiting in the background.
  document.title = `${view.legal.length && state.step === null ? "● Your turn · " : ""}${view.title} — ruledsl`;
  $("title").textContent = view.title;
  const where = view.view ? `hand ${view.view.hand_number}` + (view.view.dealer ? ` · dealer ${view.view.dealer}` : "") : "";
  $("subtitle").textContent = [where, view.seat ? `you are ${view.seat}` : "watching"].filter(Boolean).join(" · ");
  $("hint-button").hidden = !view.legal.length || state.step !== null;
  banner(view);
  drawSeats(view, state.deck, { standIn, takeBack });
  drawCenter(view, state.deck, tableMoves(view));
  drawStatus(view);
  drawHand(view);
  drawActions(view);
  drawHint(view);
  drawScores(view, state.deck);
  drawLog(view, state.deck);
  talk.draw(view, state.step === null);
  drawInvites(view);
  drawOver(view);
}

function banner(view) {
  const box = $("banner");
  let text = null;
  if (state.step !== null) text = `Stepping through the match: after move ${view.step} of ${view.steps}.`;
  else if (view.status === "stopped") text = `This table is stopped: ${view.note}.`;
  else if (view.status === "playing" && view.seats.find((s) => s.seat === view.seat)?.stand_in) {
    text = "A computer player is playing for you until you take your seat back.";
  }
  box.hidden = !text;
  box.textContent = text || "";
}

function drawStatus(view) {
  const box = $("status");
  let text;
  if (view.over) text = `Match over: ${view.winners.length ? view.winners.map((w) => seatName(view, w)).join(", ") : "nobody"} ${view.winners.length === 1 ? "wins" : "win"}.`;
  else if (view.status === "stopped") text = "This table is stopped.";
  else if (view.legal.length) text = `Your turn: ${view.asked}.` + clickHint(view);
  else if (view.thinking) text = `${view.thinking} is thinking…`;
  else if (view.to_move) {
    const seat = view.seats.find((s) => s.seat === view.to_move);
    text = seat && seat.who === "open" ? `Waiting for someone to take seat ${view.to_move}.` : `${view.to_move} to move.`;
  } else text = "";
  box.textContent = text;
  box.classList.toggle("mine", view.legal.length > 0);
}

function clickHint(view) {
  const sizes = handMoves(view).map((m) => m.cards.length);
  if (!sizes.length) return "";
  const fewest = Math.min(...sizes);
  if (fewest > 1) return ` Click ${fewest} cards to play them.`;
  return Math.max(...sizes) > 1 ? " Click a card to play it, or several for a bigger play." : " Click a card to play it.";
}

// Moves that play cards of this seat's hand, with the cards each plays (the server says which:
// a bid that reads as a card, `bid 2H`, plays none).
function handMoves(view) {
  const mine = new Set((view.view ? view.view.hand : []).flat());
  return view.legal.map((text, i) => ({ text, cards: view.legal_cards[i] }))
    .filter((m) => m.cards.length && m.cards.every((c) => mine.has(c)));
}

// Face-up cards outside the hand that one move, and only one, plays alone: a click makes it.
function tableMoves(view) {
  const mine = new Set((view.view ? view.view.hand : []).flat());
  const alone = new Map();
  if (state.step !== null) return alone;
  view.legal.forEach((text, i) => {
    const cards = view.legal_cards[i];
    if (cards.length !== 1 || mine.has(cards[0])) return;
    alone.set(cards[0], alone.has(cards[0]) ? null : { text, best: hintedCards(view).includes(cards[0]),
      click: () => { state.selection = []; move(text); } });
  });
  return new Map([...alone].filter(([, m]) => m));
}

// The cards of the move the hint ranks best (none without a hint, or for a move of no card).
function hintedCards(view) {
  const hinted = state.hint && state.hint.moves.length ? view.legal.indexOf(state.hint.moves[0].action) : -1;
  return hinted >= 0 ? view.legal_cards[hinted] : [];
}

function candidates(view) {
  const chosen = state.selection;
  return handMoves(view).filter((m) => chosen.every((c) => m.cards.includes(c)));
}

function drawHand(view) {
  const box = $("hand");
  const groups = view.view ? view.view.hand : [];
  if (!view.seat) {
    fill(box, el("p", { class: "dim" }, "You are watching: only what everyone may see is shown."));
    return;
  }
  const playable = new Set(handMoves(view).flatMap((m) => m.cards));
  const best = hintedCards(view);
  fill(box, ...groups.map((group) => el("div", { class: "suit-group" }, ...group.map((c) => {
    const card = state.deck.card(c, { tag: "button" });
    card.type = "button";
    if (view.legal.length) card.classList.add(playable.has(c) ? "playable" : "unplayable");
    if (state.selection.includes(c)) card.classList.add("selected");
    if (best.includes(c)) card.classList.add("suggested");
    card.addEventListener("click", () => clickCard(c));
    return card;
  }))));
  if (!groups.length) fill(box, el("p", { class: "dim" }, "No cards in your hand."));
}

function clickCard(card) {
  const view = state.view;
  if (state.step !== null) return;
  if (!view.legal.length) {
    toast(view.over ? "The match is over." : "It is not your turn.");
    return;
  }
  const chosen = state.selection;
  state.selection = chosen.includes(card) ? chosen.filter((c) => c !== card) : [...chosen, card];
  const found = candidates(view);
  if (state.selection.length && !found.length) {
    const verb = (handMoves(view)[0] || { text: "play" }).text.split(" ")[0];
    why(`${verb} ${state.selection.join(" ")}`);
    state.selection = [];
  } else if (found.length === 1 && found[0].cards.length === state.selection.length) {
    state.selection = [];
    move(found[0].text);
    return;
  }
  show(view);
}

function drawActions(view) {
  const box = $("actions");
  if (!view.legal.length || state.step !== null) {
    fill(box);
    return;
  }
  const onCards = new Set(handMoves(view).map((m) => m.text));
  const shown = [
    ...(state.selection.length ? candidates(view).map((m) => m.text) : []),
    ...view.legal.filter((t) => !onCards.has(t) && !inAmounts(view, t)),
  ];
  fill(box, ...shown.map((text) => el("button", { type: "button", class: "move", "data-action": text,
    onclick: () => { state.selection = []; move(text); } }, ...drawMove(view, text))),
  ...view.amounts.map(amountControl),
  state.selection.length ? el("button", { type: "button", class: "quiet", onclick: () => { state.selection = []; show(state.view); } }, "Clear") : null);
}

// A run of moves that differ only by an amount (`raise 4` … `raise 200`; the server finds them)
// is one control: the amount slid or typed, and one button that makes the move.
function inAmounts(view, text) {
  const cut = text.lastIndexOf(" ");
  const words = text.slice(0, cut), n = Number(text.slice(cut + 1));
  return view.amounts.some((a) => a.words === words && n >= a.least && n <= a.most);
}

function amountControl({ words, least, most }) {
  const attrs = { min: least, max: most, step: 1, value: least };
  const slider = el("input", { type: "range", ...attrs, "aria-label": `${words}: how much` });
  const number = el("input", { type: "number", ...attrs, class: "amount", "aria-label": `${words}: the amount, ${least} to ${most}` });
  const button = el("button", { type: "button", class: "move" }, `${words} ${least}`);
  const make = () => {
    const text = `${words} ${number.value.trim()}`;
    if (/^\d+$/.test(number.value.trim()) && Number(number.value) >= least && Number(number.value) <= most) move(text);
    else toast(`Not allowed: ${words} takes a whole number from ${least} to ${most}.`, "error");
  };
  slider.addEventListener("input", () => { number.value = slider.value; button.textContent = `${words} ${slider.value}`; });
  number.addEventListener("input", () => { slider.value = number.value; button.textContent = `${words} ${number.value}`; });
  number.addEventListener("keydown", (e) => { if (e.key === "Enter") make(); });
  button.addEventListener("click", make);
  return el("span", { class: "amount-move" }, button, slider, number);
}

// A legal move as a button shows it: its cards drawn only if it plays cards (the server says).
function drawMove(view, text) {
  const i = view.legal.indexOf(text);
  return state.deck.action(text, { cards: i < 0 || view.legal_cards[i].length > 0 });
}

function drawHint(view) {
  const box = $("hint");
  if (!state.hint || !view.legal.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const units = state.hint.units === "hand" ? "this hand's score" : "the match's result";
  const { worlds, floor, capped } = state.hint;
  fill(box, el("div", { class: "hint-head" },
    `What each move is worth to you (${units}, ± a 95% interval, over ${worlds} sampled deals of the cards you cannot see):`),
    el("ol", {}, ...state.hint.moves.slice(0, 8).map((m) => el("li", {},
      el("button", { type: "button", class: "link", onclick: () => move(m.action) }, ...drawMove(view, m.action)),
      el("span", { class: "dim" }, ` ${m.value}${m.margin !== null ? ` ± ${m.margin}` : ""}`),
      m.best ? el("span", { class: "tied" }, " best") : m.tied ? el("span", { class: "tied" }, " as good, within the noise") : null))),
    capped ? el("div", { class: "dim small" }, `Stopped at the time cap after ${worlds} of ${floor} deals: less sure than usual.`) : null);
}

function drawInvites(view) {
  const box = $("invites");
  const waiting = seats.invites(table).filter((i) => {
    const seat = view.seats.find((s) => s.seat === i.seat);
    return seat && seat.who === "person" && !seat.here && !view.over;
  });
  box.hidden = !waiting.length;
  fill(box, el("h2", {}, "Invite"), el("p", { class: "dim small" }, "Each link gives its seat; send it to that person only."),
    ...waiting.map((i) => el("div", { class: "invite" }, el("span", { class: "seat-badge" }, i.seat),
      el("input", { class: "link", readonly: true, value: inviteLink(table, i.token), "aria-label": `Invite link for seat ${i.seat}` }))));
}

function drawOver(view) {
  if (!state.result && view.result) state.result = view.result;
  drawFinished($("over"), view, { table, token: token(), step: state.step, result: state.result, travel });
}

async function travel(step) {
  try {
    const view = await api(`/api/tables/${encodeURIComponent(table)}/history?step=${step}`, { token: token() });
    state.step = step;
    show(view);
  } catch (e) {
    toast(e.message, "error");
  }
}

// -- the rules ------------------------------------------------------------------------------------------

async function rules() {
  const dialog = $("rules");
  if (!$("rules-body").childElementCount) {
    const book = await api(`/api/rules/${encodeURIComponent(state.view.rules)}`);
    $("rules-title").textContent = book.title;
    // The rulebook is HTML the server rendered from the rule file, every text escaped there.
    $("rules-body").innerHTML = book.html;
  }
  dialog.showModal();
}

takeLinkToken();
$("rules-button").addEventListener("click", () => rules().catch((e) => toast(e.message, "error")));
$("hint-button").addEventListener("click", hint);
load().catch(() => {});

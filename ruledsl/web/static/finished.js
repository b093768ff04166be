// A finished match at the table page: its result, the match stepped through move by move
// (`travel` fetches a step), its log, and the same people's next match.
import { api, el, fill, seats, toast } from "./common.js";

export function drawFinished(box, view, { table, token, step, result, travel }) {
  if (view.status !== "over") {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const total = view.steps ?? view.version;
  const at = step ?? total;
  const slider = el("input", { type: "range", min: 0, max: total, value: at, "aria-label": "Move", id: "step",
    onchange: (e) => travel(Number(e.target.value)) });
  result = result || view.result;
  fill(box, el("h2", {}, "The match"),
    nextMatch(view, table, token),
    result ? el("table", { class: "grid" },
      el("thead", {}, el("tr", {}, el("th", {}, ""), ...result.seats.map((x) => el("th", {}, x === view.seat ? `${x} (you)` : x)))),
      el("tbody", {}, ...result.lines.map((l) => el("tr", { class: l.label === "result" ? "result" : "" }, el("th", {}, l.label),
        ...l.values.map((x) => el("td", {}, x)))))) : null,
    el("div", { class: "travel" },
      el("button", { type: "button", onclick: () => travel(Math.max(0, at - 1)), "aria-label": "Previous move", id: "back" }, "◀"),
      slider,
      el("button", { type: "button", onclick: () => travel(Math.min(total, at + 1)), "aria-label": "Next move", id: "forward" }, "▶"),
      el("span", { class: "dim small", id: "step-label" }, `${at} / ${total}`)),
    el("p", {}, el("a", { class: "button", href: `/api/tables/${encodeURIComponent(table)}/log`, download: "" }, "Download the log"),
      " ", el("span", { class: "dim small" }, "for ruledsl replay")));
}

// The same people's next match: any of them starts it; then every page at this table offers it.
function nextMatch(view, table, token) {
  const held = Boolean(view.seat);              // this page's token gives it a seat here
  if (view.next) {
    return el("p", { class: "next-match" },
      el("button", { type: "button", class: "primary", id: "next-match", onclick: () => goTo(table, view.next) },
        held ? "Take your seat at the next match" : "Watch the next match"),
      " ", el("span", { class: "dim small" }, "a player here has started it"));
  }
  if (!held) return null;
  return el("p", { class: "next-match" },
    el("button", { type: "button", class: "primary", id: "play-again", onclick: () => playAgain(table, token) }, "Play again"),
    " ", el("span", { class: "dim small" }, "the same game, players and seats, a new deal"));
}

async function playAgain(table, token) {
  try {
    const made = await api(`/api/tables/${encodeURIComponent(table)}/again`, { method: "POST", token });
    goTo(table, made.id);
  } catch (e) {
    toast(e.message, "error");
  }
}

function goTo(table, next) {
  const held = seats.get(table);
  if (held) seats.set(next, held.seat, held.token);      // the same token holds the same seat there
  location.assign(`/t/${encodeURIComponent(next)}`);
}

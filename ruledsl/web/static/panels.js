// The table's panels drawn from a view: the seats round the table, the middle (trick and face-up
// zones), the scores and the events of the hand. What the page does with clicks is in table.js.
import { el, fill } from "./common.js";
import { Arrivals } from "./arrivals.js";

const $ = (id) => document.getElementById(id);

export function seatName(view, letter) {
  return letter === view.seat ? `${letter} (you)` : letter;
}

// `standIn(letter)`: a computer player plays that person's seat; `takeBack()`: this page's person
// plays their own again.
export function drawSeats(view, deck, { standIn, takeBack }) {
  const v = view.view;
  const sizes = Object.fromEntries((v ? v.sizes : []).filter((s) => s.owners).map((s) => [s.name, s]));
  const perSeat = (v ? v.counters : []).filter((c) => c.owners && c.owners.length === view.players);
  fill($("seats"), ...view.seats.map((s, i) => {
    const out = v && v.out.includes(s.seat);
    const moving = view.to_move === s.seat;
    const presence = s.seat === view.seat ? "you" : s.here ? "here" : "away";
    const who = s.who === "bot" ? `computer · ${s.bot}` : s.who === "open" ? "open seat" :
      [s.name, presence, s.stand_in ? "a computer plays" : null].filter(Boolean).join(" · ");
    const cards = sizes["hand (cards)"];
    return el("div", { class: `seat${moving ? " moving" : ""}${out ? " out" : ""}${s.seat === view.seat ? " mine" : ""}`,
      "data-seat": s.seat },
    el("div", { class: "seat-top" },
      el("span", { class: "seat-badge" }, s.seat),
      el("span", { class: `seat-who ${s.who}${s.here ? " here" : ""}` }, who),
      view.teams ? el("span", { class: `team team-${view.teams[i]}`, title: "partnership" }, `team ${view.teams[i]}`) : null,
      v && v.dealer === s.seat ? el("span", { class: "dealer", title: "dealer" }, "D") : null),
    el("div", { class: "seat-facts" },
      cards ? el("span", { class: "fact" }, el("span", { class: "fan", "aria-hidden": "true" }),
        `${cards.values[i]} card${cards.values[i] === "1" ? "" : "s"}`) : null,
      ...perSeat.map((c) => el("span", { class: "fact" }, `${c.name.replaceAll("_", " ")} `, el("b", {}, deck.words(c.values[i], { suits: true })))),
      out ? el("span", { class: "fact" }, "out") : null),
    view.thinking === s.seat ? el("div", { class: "thinking" }, el("span", { class: "dots", "aria-hidden": "true" }), "thinking") :
      moving ? el("div", { class: "turn" }, s.seat === view.seat ? "your turn" : s.who === "open" ? "waiting for someone to join" : "to move") : null,
    seatButton(view, s, standIn, takeBack));
  }));
}

// A person's seat: a person seated here may let a computer play it while its person is away,
// and take their own back.
function seatButton(view, s, standIn, takeBack) {
  if (!view.seat || view.status !== "playing" || s.who !== "person") return null;
  if (s.seat === view.seat && s.stand_in) {
    return el("button", { type: "button", class: "seat-button primary", onclick: takeBack }, "take my seat back");
  }
  if (s.seat !== view.seat && !s.here && !s.stand_in) {
    return el("button", { type: "button", class: "seat-button", onclick: () => standIn(s.seat),
      title: `${s.seat} is away: a computer player plays for them until they take their seat back` }, "let a computer play");
  }
  return null;
}

// `onTable`: card → the move a click on that face-up card makes (a dummy's card the declarer
// plays, a card played home from the waste), for the seat to move.
// A face-up zone of more cards than this is drawn as a pile: each card overlapping the one before
// it, its rank and suit still showing, the last — the top, which `last()` reads and a draw takes —
// whole; so that a long discard pile keeps to a row or two and its top card is plain.
const STACK_FROM = 8;

export function drawCenter(view, deck, onTable = new Map()) {
  const v = view.view;
  const trick = $("trick");
  if (v && v.trick.length) {
    fill(trick, ...v.trick.map((p) => el("div", { class: "play" },
      el("div", { class: "play-cards" }, ...p.cards.map((c) => deck.card(c))),
      el("div", { class: "play-seat" }, seatName(view, p.seat)))));
    trick.classList.remove("faded");
  } else if (view.last && view.last.plays && view.last.plays.length) {
    fill(trick, el("div", { class: "last-label" }, `last trick → ${seatName(view, view.last.winner)}`),
      ...view.last.plays.map((p) => el("div", { class: "play" },
        el("div", { class: "play-cards" }, ...p.cards.map((c) => deck.card(c))),
        el("div", { class: "play-seat" }, seatName(view, p.seat)))));
    trick.classList.add("faded");
  } else if (view.last && view.last.taken) {        // a capture game's last play: what it took, if anything
    const { seat, cards, taken } = view.last;
    fill(trick, el("div", { class: "last-label" }, `${seatName(view, seat)} ${taken.length ? "took" : "played, taking nothing"}`),
      el("div", { class: "play" }, el("div", { class: "play-cards" }, ...cards.map((c) => deck.card(c))),
        el("div", { class: "play-seat" }, "played")),
      taken.length ? el("div", { class: "play" }, el("div", { class: "play-cards" }, ...taken.map((c) => deck.card(c))),
        el("div", { class: "play-seat" }, "taken")) : null);
    trick.classList.add("faded");
  } else {
    fill(trick);
  }
  const zones = v ? v.table : [];
  const [arrived, fresh] = arrivals.see(view, zones);
  fill($("zones"), ...zones.map((z) => el("div", { class: "zone" },
    el("div", { class: "zone-label" }, z.label.replaceAll("_", " "),
      z.cards.length > STACK_FROM ? el("span", { class: "zone-count" }, ` · ${z.cards.length}`) : null),
    el("div", { class: z.cards.length > STACK_FROM ? "zone-cards stacked" : "zone-cards" }, ...z.cards.map((c) => {
      const card = tableCard(deck, c, onTable.get(c));
      if (arrived.get(z.label)?.has(c)) {
        card.classList.add("arrived");
        if (fresh.get(z.label)?.has(c)) card.classList.add("fresh");   // moves in once, not at every redraw
        card.title = card.title ? `${card.title} (just arrived)` : "just arrived";
      }
      return card;
    }), z.hidden ? el("span", { class: "dim small" }, `+${z.hidden} face down`) : null))));
}

// What the others brought to the table since this seat's last move (arrivals.js).
const arrivals = new Arrivals();

export function ownMove(version) {
  arrivals.ownMove(version);
}

function tableCard(deck, card, move) {
  if (!move) return deck.card(card);
  const button = deck.card(card, { tag: "button" });
  button.type = "button";
  button.classList.add("playable");
  if (move.best) button.classList.add("suggested");
  button.title = move.text;
  button.addEventListener("click", move.click);
  return button;
}

export function drawScores(view, deck) {
  const v = view.view;
  const box = $("scores");
  if (!v) {
    fill(box);
    return;
  }
  const rows = [...v.counters, ...v.sizes.filter((s) => s.name !== "hand (cards)")];
  const perOwner = rows.filter((r) => r.owners);
  const single = rows.filter((r) => !r.owners);
  const owners = perOwner.length ? perOwner[0].owners : [];
  const words = (text) => deck.words(String(text), { suits: true });
  fill(box,
    perOwner.length ? el("table", { class: "grid" },
      el("thead", {}, el("tr", {}, el("th", {}, ""), ...owners.map((o) => el("th", {}, o === view.seat ? `${o} (you)` : o)))),
      el("tbody", {}, ...perOwner.map((r) => el("tr", {}, el("th", {}, r.name.replaceAll("_", " ")),
        ...r.values.map((x) => el("td", {}, words(x))))))) : null,
    single.length ? el("dl", { class: "facts" }, ...single.flatMap((r) => [el("dt", {}, r.name.replaceAll("_", " ")), el("dd", {}, words(r.value))])) : null,
    v.out.length ? el("p", { class: "dim" }, `Out of the match: ${v.out.join(", ")}`) : null);
}

export function drawLog(view, deck) {
  const box = $("log");
  const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  fill(box, ...view.log.map((line) => {
    if (line.summary) return summary(line.summary, deck);
    if (line.text.startsWith("──")) return el("div", { class: "log-hand" }, line.text.replaceAll("─", "").trim());
    if (line.cards === false) return el("div", { class: "log-line" }, ...deck.words(line.text, { suits: true, cards: false }));
    return el("div", { class: "log-line" }, ...deck.words(line.text));
  }));
  if (atEnd) box.scrollTop = box.scrollHeight;
}

function summary(s, deck) {
  return el("div", { class: "summary" }, el("div", { class: "summary-title" }, s.title),
    el("table", { class: "grid" }, el("thead", {}, el("tr", {}, el("th", {}, ""), ...s.seats.map((x) => el("th", {}, x)))),
      el("tbody", {}, ...s.lines.map((l) => el("tr", {}, el("th", {}, l.label), ...l.values.map((x) => el("td", {}, deck.words(x))))))));
}

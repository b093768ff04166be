// The lobby: the games served, a table's set-up, open seats, tables in play, finished matches.
import { api, ago, el, fill, inviteLink, seats, toast } from "./common.js";

const SEATS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
let rules = [];
let bots = { default: "expert:0.5", bots: ["random", "pimc", "ismcts", "expert"] };
let chosen = null;

async function start() {
  [rules, bots] = await Promise.all([api("/api/rules"), api("/api/bots")]);
  const folders = [...new Set(rules.map((r) => r.folder))];
  fill(document.getElementById("games"), ...folders.map((folder, i) => {
    const tiles = el("div", { class: "tiles" }, ...rules.filter((r) => r.folder === folder).map(tile));
    if (i === 0) return tiles;
    return el("details", { class: "more-games" },
      el("summary", {}, `${folder === "examples" ? "Variants and examples" : folder} (${tiles.childElementCount})`), tiles);
  }));
  refresh();
  setInterval(refresh, 5000);
}

function tile(r) {
  return el("button", { class: "game", type: "button", "data-rules": r.name, onclick: () => choose(r) },
    el("span", { class: "game-title" }, r.title),
    el("span", { class: "game-players" }, players(r.players)),
    el("span", { class: "game-text" }, shorten(r.description, 150)));
}

function players({ min, max }) {
  return min === max ? `${min} player${min === 1 ? "" : "s"}` : `${min}–${max} players`;
}

function shorten(text, n) {
  if (text.length <= n) return text;
  const cut = text.slice(0, n);
  return cut.slice(0, cut.lastIndexOf(" ")) + " …";
}

// -- a table's set-up -------------------------------------------------------------------------------

function choose(r) {
  chosen = r;
  for (const b of document.querySelectorAll(".game")) b.classList.toggle("chosen", b.dataset.rules === r.name);
  document.getElementById("made").hidden = true;
  const form = document.getElementById("setup");
  form.hidden = false;
  const count = el("select", { id: "players", name: "players", onchange: () => seatRows(form, Number(count.value)) });
  for (let n = r.players.min; n <= r.players.max; n++) {
    count.append(el("option", { value: n, selected: n === r.players.default }, n));
  }
  fill(form,
    el("h2", {}, r.title),
    el("p", { class: "dim" }, r.description),
    el("div", { class: "field" }, el("label", { for: "players" }, "Players"), count),
    el("fieldset", { class: "seats" }, el("legend", {}, "Seats"), el("div", { id: "seat-rows" })),
    options(r),
    el("div", { class: "form-actions" },
      el("button", { type: "submit", class: "primary", id: "create" }, "Start the table")),
  );
  form.onsubmit = (e) => { e.preventDefault(); create(form); };
  seatRows(form, r.players.default);
  form.scrollIntoView({ behavior: "smooth", block: "start" });
}

function seatRows(form, n) {
  const rows = form.querySelector("#seat-rows");
  const choices = [
    ["you", "You"],
    ["human", "A friend (invite link)"],
    ["open", "Anyone (open seat in the lobby)"],
    [bots.default, `Computer (${bots.default}, the default)`],
    ...bots.bots.filter((b) => !bots.default.startsWith(b + ":") && b !== bots.default)
      .map((b) => [b === "random" ? "random" : `${b}:0.5`, `Computer (${b === "random" ? "random" : b + ":0.5"})`]),
    ["other", "Computer (another bot…)"],
  ];
  fill(rows, ...Array.from({ length: n }, (_, i) => {
    const spec = el("input", { type: "text", id: `bot-${SEATS[i]}`, class: "bot-spec", hidden: true,
      placeholder: `a bot, e.g. ismcts:1 or pimc@500 (at most ${bots.max_seconds} s a move)`, "aria-label": `Bot of seat ${SEATS[i]}` });
    const select = el("select", { id: `seat-${SEATS[i]}`, name: `seat-${SEATS[i]}`, "aria-label": `Seat ${SEATS[i]}`,
      onchange: () => { spec.hidden = select.value !== "other"; if (!spec.hidden) spec.focus(); } },
    ...choices.map(([value, label]) => el("option", { value, selected: i === 0 ? value === "you" : value === bots.default }, label)));
    return el("div", { class: "seat-row" }, el("span", { class: "seat-badge" }, SEATS[i]), select, spec);
  }));
}

// What a seat's choice sends: "you" (a person's seat this browser takes), "human", "open", a bot.
function seatWord(form, letter) {
  const choice = form.querySelector(`#seat-${letter}`).value;
  return choice === "other" ? form.querySelector(`#bot-${letter}`).value.trim() || bots.default : choice;
}

function options(r) {
  if (!r.options.length) return el("p", { class: "dim small" }, "This game has no options.");
  return el("details", { class: "options" }, el("summary", {}, `Options (${r.options.length})`),
    ...r.options.map((o) => {
      const id = `option-${o.name}`;
      let input;
      if (typeof o.default === "boolean") {
        input = el("input", { type: "checkbox", id, name: o.name, checked: o.default });
      } else if (o.choices) {
        input = el("select", { id, name: o.name }, ...o.choices.map((c) => el("option", { value: String(c), selected: c === o.default }, String(c))));
      } else if (typeof o.default === "number") {
        input = el("input", { type: "number", id, name: o.name, value: o.default, min: o.min, max: o.max, step: "any" });
      } else {
        input = el("input", { type: "text", id, name: o.name, value: o.default ?? "", placeholder: o.follows ? `follows ${o.follows}` : "" });
      }
      return el("div", { class: "field option" }, el("label", { for: id }, o.name.replaceAll("_", " ")), input,
        o.help ? el("span", { class: "help" }, o.help) : null);
    }));
}

function chosenOptions(form) {
  const out = {};
  for (const o of chosen.options) {
    const input = form.querySelector(`#option-${CSS.escape(o.name)}`);
    if (!input) continue;
    let value;
    if (input.type === "checkbox") value = input.checked;
    else if (input.type === "number") value = input.value === "" ? null : Number(input.value);
    else value = input.value.trim() || null;
    if (value === null || value === o.default || String(value) === String(o.default)) continue;
    out[o.name] = value;
  }
  return out;
}

async function create(form) {
  const n = Number(form.querySelector("#players").value);
  const words = Array.from({ length: n }, (_, i) => seatWord(form, SEATS[i]));
  const mine = words.indexOf("you");
  const button = form.querySelector("#create");
  button.disabled = true;
  try {
    const made = await api("/api/tables", { method: "POST", body: {
      rules: chosen.name, players: n, options: chosenOptions(form),
      seats: words.map((w) => (w === "you" ? "human" : w)),
    } });
    const tokens = Object.fromEntries(made.seats.map((s) => [s.seat, s.token]));
    const me = mine >= 0 ? SEATS[mine] : null;
    if (me) seats.set(made.id, me, tokens[me]);
    const invites = made.seats.filter((s) => s.seat !== me);
    seats.setInvites(made.id, invites);
    showMade(made.id, me, invites);
    refresh();
  } catch (e) {
    toast(e.message, "error");
  } finally {
    button.disabled = false;
  }
}

function showMade(id, me, invites) {
  document.getElementById("setup").hidden = true;
  document.getElementById("games").hidden = true;
  const box = document.getElementById("made");
  box.hidden = false;
  fill(box,
    el("h2", {}, `${chosen.title}: the table is ready`),
    invites.length ? el("p", {}, "Send each friend their own link (it gives their seat; keep it to them):") : null,
    ...invites.map((s) => {
      const link = inviteLink(id, s.token);
      return el("div", { class: "invite" }, el("span", { class: "seat-badge" }, s.seat),
        el("input", { class: "link", readonly: true, value: link, "aria-label": `Invite link for seat ${s.seat}` }),
        el("button", { type: "button", onclick: () => copy(link) }, "Copy"));
    }),
    el("div", { class: "form-actions" },
      el("a", { class: "button primary", href: `/t/${id}`, id: "go" }, me ? `Take your seat (${me})` : "Watch the table"),
      el("button", { type: "button", onclick: again }, "Start another table")),
  );
  box.scrollIntoView({ behavior: "smooth", block: "start" });
}

function again() {
  document.getElementById("made").hidden = true;
  document.getElementById("games").hidden = false;
  for (const b of document.querySelectorAll(".game")) b.classList.remove("chosen");
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied");
  } catch {
    toast("Select the link and copy it");
  }
}

// -- the tables -----------------------------------------------------------------------------------

async function refresh() {
  let tables;
  try {
    tables = await api("/api/tables");
  } catch (e) {
    return;
  }
  tables.sort((a, b) => b.created - a.created);
  const open = tables.filter((t) => t.status === "playing" && t.seats.some((s) => s.who === "open"));
  const playing = tables.filter((t) => t.status === "playing" && !open.includes(t));
  const finished = tables.filter((t) => t.status !== "playing");
  listTables("open", open, (t) => t.seats.filter((s) => s.who === "open").map((s) =>
    el("button", { type: "button", class: "primary", onclick: () => join(t.id, s.seat) }, `Take seat ${s.seat}`)),
  "No open seat at the moment: start a table with an “Anyone” seat.");
  listTables("playing", playing, (t) => [el("a", { class: "button", href: `/t/${t.id}` }, seats.get(t.id) ? "Your seat" : "Watch")],
    "No table is being played.");
  listTables("finished", finished, (t) => t.status === "over" ? [
    el("a", { class: "button", href: `/t/${t.id}` }, "Step through"),
    el("a", { class: "button", href: `/api/tables/${t.id}/log`, download: "" }, "Log"),
  ] : [el("span", { class: "dim small" }, "stopped")], "No match has finished yet.");
}

function listTables(id, tables, buttons, empty) {
  const box = document.getElementById(id);
  if (!tables.length) {
    fill(box, el("p", { class: "dim" }, empty));
    return;
  }
  fill(box, ...tables.slice(0, 30).map((t) => el("div", { class: "row" },
    el("div", { class: "row-main" },
      el("span", { class: "row-title" }, t.title),
      el("span", { class: "row-seats" }, ...t.seats.map((s) => el("span", {
        class: `chip ${s.who}${s.here ? " here" : ""}`, title: s.who === "bot" ? s.bot : s.who === "open" ? "open seat" : s.here ? "here" : "away",
      }, el("b", {}, s.seat), " ", s.who === "bot" ? "computer" : s.who === "open" ? "open" : s.name || "person"))),
      el("span", { class: "row-when dim small" }, [t.hand ? `hand ${t.hand}` : null, `${t.version} moves`, ago(t.created)].filter(Boolean).join(" · "))),
    el("div", { class: "row-buttons" }, ...buttons(t)))));
}

async function join(id, seat) {
  try {
    const got = await api(`/api/tables/${id}/join`, { method: "POST", body: { seat } });
    seats.set(id, got.seat, got.token);
    location.href = `/t/${id}`;
  } catch (e) {
    toast(e.message, "error");
    refresh();
  }
}

start().catch((e) => toast(e.message, "error"));

// What the lobby and the table share: the API, seat tokens kept in this browser, cards drawn.

export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

// -- the API ------------------------------------------------------------------------------------

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || `the server answered ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError(0, { error: "the server cannot be reached: check your connection" });
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// -- seats held in this browser -------------------------------------------------------------------

const KEY = "ruledsl:";

export const seats = {
  get(table) {
    try { return JSON.parse(localStorage.getItem(KEY + "seat:" + table)); } catch { return null; }
  },
  set(table, seat, token) {
    localStorage.setItem(KEY + "seat:" + table, JSON.stringify({ seat, token }));
  },
  invites(table) {
    try { return JSON.parse(localStorage.getItem(KEY + "invites:" + table)) || []; } catch { return []; }
  },
  setInvites(table, list) {
    localStorage.setItem(KEY + "invites:" + table, JSON.stringify(list));
  },
};

export function inviteLink(table, token) {
  return `${location.origin}/t/${encodeURIComponent(table)}#token=${encodeURIComponent(token)}`;
}

// -- elements -------------------------------------------------------------------------------------

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") node.className = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// `node`'s children replaced by `children` (null and false left out).
export function fill(node, ...children) {
  node.replaceChildren(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

export function toast(text, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.append(box);
  }
  const item = el("div", { class: `toast ${kind}` }, text);
  box.append(item);
  setTimeout(() => item.classList.add("gone"), 4200);
  setTimeout(() => item.remove(), 4800);
}

// -- cards ----------------------------------------------------------------------------------------

// A deck's cards are named rank then suit (QS, 10H, 7D), jokers JK1, JK2 …; a card face down is ??.
export class Deck {
  constructor({ ranks, suits }) {
    this.ranks = new Set(ranks);
    this.suits = new Set(suits);
    this.french = suits.every((s) => s in SUIT_SYMBOLS);
  }

  split(name) {
    if (/^JK\d+$/.test(name)) return ["JK", null];
    return [name.slice(0, -1), name.slice(-1)];
  }

  isCard(word) {
    if (word.length < 2) return false;
    const [rank, suit] = this.split(word);
    return this.ranks.has(rank) && (suit === null || this.suits.has(suit));
  }

  suitText(suit) {
    return SUIT_SYMBOLS[suit] || suit;
  }

  suitClass(suit) {
    return `suit-${/^[A-Z]$/.test(suit) ? suit : "X"}`;
  }

  label(name) {
    if (name === "??") return "a card face down";
    const [rank, suit] = this.split(name);
    if (suit === null) return `joker ${name.slice(2)}`;
    return `${rank} of ${SUIT_NAMES[suit] || suit}`;
  }

  // A card face as an element: big for a hand, small inline in words.
  card(name, { small = false, tag = "span" } = {}) {
    if (name === "??" || !this.isCard(name)) {
      return el(tag, { class: `card back${small ? " small" : ""}`, "aria-label": this.label("??"), title: "face down" });
    }
    const [rank, suit] = this.split(name);
    if (suit === null) {
      return el(tag, { class: `card joker${small ? " small" : ""}`, "aria-label": this.label(name), "data-card": name },
        el("span", { class: "rank" }, "★"), el("span", { class: "pip" }, name.slice(2)));
    }
    return el(tag, { class: `card ${this.suitClass(suit)}${small ? " small" : ""}`, "aria-label": this.label(name),
      "data-card": name },
      el("span", { class: "rank" }, rank), el("span", { class: "pip" }, this.suitText(suit)));
  }

  // Free text with its cards drawn (and with `suits`, lone suit letters as suits: `trump H`, and a
  // number run into a suit letter, as a bid's `1C`, with its suit drawn; with `cards` false, a
  // word that reads as a card is drawn so too: `bid 2H` is a bid, not a card).
  words(text, { suits = false, cards = true } = {}) {
    const out = [];
    text.split(" ").forEach((word, i) => {
      if (i) out.push(" ");
      if (cards && this.isCard(word)) out.push(this.card(word, { small: true }));
      else if (suits && this.suits.has(word)) out.push(el("span", { class: `suit-word ${this.suitClass(word)}` }, this.suitText(word)));
      else if (suits && /^\d+$/.test(word.slice(0, -1)) && this.suits.has(word.slice(-1))) {    // a bid's 1C
        out.push(word.slice(0, -1), el("span", { class: `suit-word ${this.suitClass(word.slice(-1))}` }, this.suitText(word.slice(-1))));
      }
      else out.push(word);
    });
    return out;
  }

  // An action: its name with spaces for underscores, its cards and suits drawn (`cards` false:
  // a move that plays no card, whose words are never drawn as cards).
  action(text, { cards = true } = {}) {
    const space = text.indexOf(" ");
    const name = (space < 0 ? text : text.slice(0, space)).replaceAll("_", " ");
    return space < 0 ? [name] : [name, " ", ...this.words(text.slice(space + 1), { suits: true, cards })];
  }
}

export function ago(seconds) {
  const s = Math.max(0, Date.now() / 1000 - seconds);
  if (s < 90) return "just now";
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86400)} days ago`;
}

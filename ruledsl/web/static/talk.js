// The people at the table: the names they give their seats and what they write to the table,
// both drawn as text (never as HTML).
import { api, el, fill, toast } from "./common.js";

const $ = (id) => document.getElementById(id);
const NAME = "ruledsl:name";        // the name this browser goes by, given to each seat it takes

export class Talk {
  // `token()`: this page's seat token (null for a spectator).
  constructor(table, token) {
    this.table = table;
    this.token = token;
    this.view = null;
    this.named = false;
    $("talk-form").addEventListener("submit", (e) => this.say(e));
    $("name-form").addEventListener("submit", (e) => this.rename(e));
    $("name-text").addEventListener("change", () => this.rename());
  }

  // `live`: the table as it is now (not a finished match stepped back), where a seat still
  // without a name is given this browser's.
  draw(view, live) {
    this.view = view;
    const box = $("talk");
    const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    const names = Object.fromEntries(view.seats.map((s) => [s.seat, s.name]));
    const speaker = (letter) => [letter, names[letter], letter === view.seat ? "(you)" : ""].filter(Boolean).join(" ");
    fill(box, ...(view.talk.length ? view.talk.map((m) => el("div", { class: "talk-line" },
      el("b", {}, `${speaker(m.seat)}: `), m.text)) : [el("p", { class: "dim small" }, "Nothing said yet.")]));
    if (atEnd) box.scrollTop = box.scrollHeight;
    $("talk-form").hidden = $("name-form").hidden = !view.seat;
    const input = $("name-text");
    if (view.seat && document.activeElement !== input) input.value = names[view.seat] || "";
    if (live) this.nameSeat(view);
  }

  nameSeat(view) {
    const stored = localStorage.getItem(NAME);
    const seat = view.seats.find((s) => s.seat === view.seat);
    if (this.named || !stored || !seat || seat.name) return;
    this.named = true;                             // once a page: a name cleared here stays cleared
    $("name-text").value = stored;
    this.rename();
  }

  async rename(event) {
    event?.preventDefault();
    const name = $("name-text").value.trim();
    const seat = this.view.seats.find((s) => s.seat === this.view.seat);
    if (!seat || name === (seat.name || "")) return;      // Enter, then the blur's change: one request
    try {
      await this.post("name", { name });
      localStorage.setItem(NAME, name);
      $("name-text").blur();
    } catch (e) {
      toast(e.message, "error");
    }
  }

  async say(event) {
    event.preventDefault();
    const input = $("talk-text");
    const text = input.value.trim();
    if (!text) return;
    try {
      await this.post("talk", { text });
      input.value = "";                    // the message comes back with the table's next push
    } catch (e) {
      toast(e.message, "error");
    }
  }

  post(what, body) {
    return api(`/api/tables/${encodeURIComponent(this.table)}/${what}`, { method: "POST", token: this.token(), body });
  }
}

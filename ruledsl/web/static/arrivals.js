// The face-up cards brought into each zone since this seat's own last move — what the others did
// while it waited — or, for a spectator or a finished match stepped through, by the last change;
// so that a person sees at a glance what was just played onto a pile or laid down. Gathered view
// by view (a card that left a zone and came back, as a pile's cards do when a new hand is dealt,
// counts again), from the views this page has shown, which hold only what the seat may see.
export class Arrivals {
  constructor() {
    Object.assign(this, { moment: null, before: null, arrived: new Map(), ownMoveAfter: null });
  }

  // This page's seat has asked for a move at `version` (null: the move was refused): the first
  // view after it shows nothing as arrived, and later ones count from it.
  ownMove(version) {
    this.ownMoveAfter = version;
  }

  // A view drawn, its face-up zones ({label, cards}): the cards arrived (label → cards), and those
  // of them not marked in the view drawn before (to move in once, not at every redraw).
  see(view, zones) {
    const moment = `${view.version}/${view.step ?? ""}`;
    if (moment === this.moment) return [this.arrived, new Map()];    // the same view drawn again (a click, a hint)
    const now = new Map(zones.map((z) => [z.label, new Set(z.cards)]));
    const own = this.ownMoveAfter !== null && view.version > this.ownMoveAfter;
    const since = !view.seat || view.step != null ? new Map() : this.arrived;    // by the last change only
    const arrived = new Map();
    if (this.before !== null && !own) {
      for (const [label, cards] of now) {
        const before = this.before.get(label) || new Set();
        const kept = since.get(label) || new Set();
        const marked = [...cards].filter((c) => kept.has(c) || !before.has(c));
        if (marked.length) arrived.set(label, new Set(marked));
      }
    }
    if (own) this.ownMoveAfter = null;
    const fresh = new Map([...arrived].map(([label, cards]) =>
      [label, new Set([...cards].filter((c) => !this.arrived.get(label)?.has(c)))]));
    Object.assign(this, { moment, before: now, arrived });
    return [arrived, fresh];
  }
}

"""The terminal table behind `ruledsl run`: a human (or nobody, with --watch) against bots."""
from __future__ import annotations

import random

from .runtime.actions import IllegalAction
from .runtime.helpers import SEAT_NAMES
from .runtime.show import show


class Quit(Exception):
    """The human left the table (end of input, Ctrl-C or 'quit')."""


class Table:
    def __init__(self, state, human: int | None, echo, read, bot, rng: random.Random, log=None):
        self.st, self.human, self.echo, self.read = state, human, echo, read
        self.bot, self.rng, self.log = bot, rng, log
        self.seen = 0

    def name(self, seat) -> str:
        if not isinstance(seat, int) or seat < 0:
            return str(seat)
        return SEAT_NAMES[seat] + (" (you)" if seat == self.human else "")

    def play(self) -> None:
        st = self.st
        while not st.is_terminal():
            self.flush()
            seat = st.current_player()
            action = self.ask(seat) if seat == self.human else self.bot(st, self.rng)
            text = st.action_to_string(action)
            if self.log:
                self.log.action(seat, text)
            st.apply_action(action)
        self.flush()
        self.result()

    # -- what happened ------------------------------------------------------------------------

    def flush(self) -> None:
        events = self.st.events
        while self.seen < len(events):
            event = events[self.seen]
            self.seen += 1
            if self.log:
                self.log.event(event)
            if self.watching_from_out(event):
                continue
            line = self.describe(event)
            if line:
                self.echo(line)

    def watching_from_out(self, event: dict) -> bool:
        """Once the human is out of the match, the play of the others is summed up by hand."""
        st, me = self.st, self.human
        if me is None or not st.out[me]:
            return False
        if event["kind"] == "out" and event["seat"] == me:
            self.echo(f"** {self.name(me)} out of the match: the others play on (hand summaries only)")
            return True
        return event["kind"] not in ("hand", "summary", "end", "out", "back")

    def describe(self, e: dict) -> str | None:
        kind = e["kind"]
        if kind == "hand":
            again = " (redealt)" if e["redeal"] else ""
            return f"\n=== Hand {e['number']}{again} — dealer {self.name(e['dealer'])} ==="
        if kind == "play":
            took = e.get("taken")
            cards = e["cards"]
            if e.get("face_down") and e["seat"] != self.human:     # closed play: hidden from you
                cards = ["??"] * len(cards)
            verb = "shows" if e.get("showdown") else "plays"
            text = f"{self.name(e['seat'])} {verb} {' '.join(cards)}" + (" face down" if e.get("face_down") else "")
            return text + (f", takes {' '.join(took)}" if took else "") + (" — beats" if e.get("beat") else "")
        if kind == "trick":
            return f"  trick {e['number']} to {self.name(e['winner'])}"
        if kind == "choice":            # a secret choice: the others hear only its name
            said = e["public"] if "public" in e and e["seat"] != self.human else e["action"]
            return f"{self.name(e['seat'])}: {said}"
        if kind in ("say",):
            return f"** {e['text']}"
        if kind == "bonus":
            return f"** {e['name']}! ({self.name(e['seat'])})"
        if kind == "reveal":
            return f"shown to all: {' '.join(e['cards'])}"
        if kind == "out":
            return f"** {self.name(e['seat'])} is out"
        if kind == "back":
            return f"** {self.name(e['seat'])} is back in"
        if kind == "summary":
            return self.summary(e)
        return None

    def summary(self, e: dict) -> str:
        st = self.st
        seats = range(st.n)
        width = max([8, *(len(label) for label in e["lines"])])   # no summary lines: just 8
        head = " " * width + "".join(f"{SEAT_NAMES[s]:>8}" for s in seats)
        rows = [f"{label:<{width}}" + "".join(f"{v:>8}" for v in values)
                for label, values in e["lines"].items()]
        return "\n".join([f"--- end of hand {e['hand']} ---", head] + rows)

    def result(self) -> None:
        st = self.st
        winners = st.winners or ()
        names = ", ".join(self.name(s) for s in winners) or "nobody"
        self.echo(f"\n=== Match over after {st.hand_number} hand{'s' if st.hand_number != 1 else ''}: "
                  f"{names} win{'s' if len(winners) == 1 else ''} ===")
        self.echo(self.counters())

    # -- the human's turn ---------------------------------------------------------------------

    def ask(self, seat: int):
        st = self.st
        legal = self.ordered(st.legal_actions())
        self.echo(self.situation(seat))
        texts = [st.action_to_string(a) for a in legal]
        self.echo(f"You to {st.prompt()}.")       # what is asked: "lead", an ask's prompt …
        self.echo("Your options: " + "   ".join(f"[{i + 1}] {t}" for i, t in enumerate(texts)))
        while True:
            answer = self.prompt()
            if answer in ("?", "help"):
                self.echo("Type an option's number or its text (e.g. 'play QS'); 'quit' leaves.")
                continue
            if answer.isdigit():
                index = int(answer) - 1
                if 0 <= index < len(legal):
                    return legal[index]
                self.echo(f"There is no option {answer}; choose 1 to {len(legal)}.")
                continue
            try:
                return st.string_to_action(answer)
            except IllegalAction as exc:     # the rule that excludes it; the options are listed above
                self.echo(f"Not allowed: {exc.reason}." if exc.reason else f"Not allowed: {exc}")

    def prompt(self) -> str:
        try:
            answer = self.read("> ").strip()
        except (EOFError, KeyboardInterrupt):
            raise Quit() from None
        if answer.lower() in ("quit", "exit", "q"):
            raise Quit()
        return answer

    def situation(self, seat: int) -> str:
        st = self.st
        obs = st.observation(seat)
        lines = ["", self.counters()]
        for name, zone in obs["zones"].items():
            if name in ("deck",) or isinstance(zone, list):
                continue
            if zone["count"]:
                shown = " ".join(zone.get("cards", [])) or "(face down)"
                lines.append(f"{name}: {shown}" + ("" if "cards" in zone else f" [{zone['count']}]"))
        others = []
        for name, zone in obs["zones"].items():
            if isinstance(zone, list):                # hand sizes too: they are public
                team = st.prog.ruleset.zones[name].owner == "team"
                label = (lambda i: f"team {i + 1}") if team else (lambda i: SEAT_NAMES[i])
                sizes = " ".join(f"{label(i)}:{z['count']}" for i, z in enumerate(zone))
                others.append(f"{name} {sizes}")
        if others:
            lines.append("cards: " + "; ".join(others))
        for name, zone in obs["zones"].items():          # face-up piles: show their cards
            if isinstance(zone, list) and name != "hand" and st.prog.ruleset.zones[name].visible == "all":
                team = st.prog.ruleset.zones[name].owner == "team"
                for i, z in enumerate(zone):
                    if z.get("cards"):
                        owner = f"team {i + 1}" if team else self.name(i)
                        lines.append(f"{name} of {owner}: {' '.join(z['cards'])}")
        if obs["trick"]:
            lines.append("trick: " + "  ".join(f"{self.name(t['seat'])} {' '.join(t['cards'])}"
                                             for t in obs["trick"]))
        hand = sorted(st.prog.hand_of(st, seat), key=self.card_key())
        lines.append(f"Your hand: {show(hand)}")
        return "\n".join(lines)

    def card_key(self):
        """Trumps first, then suit by suit, high to low (as the hand is shown)."""
        r = self.st.prog.ranking_now(self.st)
        suits = "SHDC"
        return lambda c: (not r.trump[c], suits.index(r.suit[c]) if r.suit[c] in suits else 4, -r.power[c])

    def ordered(self, legal: list) -> list:
        """Card plays listed as the hand is shown (fewest cards first); other actions as given."""
        plays = [(a,) if isinstance(a, int) else a for a in legal]        # a single card is a play too
        if not all(isinstance(a, tuple) and all(isinstance(c, int) for c in a) for a in plays):
            return legal
        key = self.card_key()
        order = sorted(range(len(legal)), key=lambda i: (len(plays[i]), sorted(key(c) for c in plays[i])))
        return [legal[i] for i in order]

    def counters(self) -> str:
        st = self.st
        obs = st.observation(self.human if self.human is not None else 0)
        parts = []
        for name, value in obs["counters"].items():
            if name in st.prog.hidden_counters:
                continue
            if isinstance(value, list) and len(value) in (st.n, st.prog.layout.n_teams):
                owners = SEAT_NAMES if len(value) == st.n else [f"team {i + 1}" for i in range(len(value))]
                parts.append(f"{name}: " + " ".join(f"{owners[i]}={show(v)}" for i, v in enumerate(value)))
            else:
                parts.append(f"{name}: {show(value)}")
        out = [SEAT_NAMES[s] for s in range(st.n) if st.out[s]]
        if out:
            parts.append("out: " + " ".join(out))
        return " | ".join(parts)

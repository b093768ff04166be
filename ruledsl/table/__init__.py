"""The terminal table behind `ruledsl run`: a human (or nobody, with --watch) against bots.

    render.py    cards, suits and words as rich text; rows packed without splitting a token
    view.py      what one seat sees: status panel, table, hand, events, summaries
    prompt.py    reading answers: line editing, history, completion (or plain lines)
    commands.py  help, rules, why, last, score, hint
    saves.py     unfinished matches, kept in the player's data folder

The table plays through the public API only: the seat's observation, the events (filtered for
the seat), legal_actions, action_to_string, parse_action, why_not, asked and card_sort_key.
"""
from __future__ import annotations

import random
import time
from contextlib import contextmanager, nullcontext

from rich.text import Text

from ..bots.hints import FLOOR as HINT_FLOOR
from ..runtime.actions import IllegalAction
from ..runtime.helpers import SEAT_NAMES
from ..tools.gamelog import LogWriter
from .commands import dispatch
from .prompt import reader
from .render import Look, pack
from .view import View


class Quit(Exception):
    """The human left the table (end of input, Ctrl-C or 'quit')."""


class History:
    """What `last` and `score` show again: the last trick or capture, the last hand summary."""

    def __init__(self):
        self.trick: list[Text] = []
        self.done: list[Text] = []
        self.summary: dict | None = None

    def note(self, event: dict, line: Text | None) -> None:
        kind = event["kind"]
        if kind == "hand":
            self.trick, self.done = [], []
        elif kind == "play" and line is not None:
            if "taken" in event:                 # a capture game: each play is complete
                self.done = [line] if event["taken"] else self.done
            else:
                self.trick.append(line)
        elif kind == "trick" and line is not None:
            self.done, self.trick = self.trick + [line], []
        elif kind == "summary":
            self.summary = event

    def last(self) -> list[Text]:
        return self.done


class Table:
    def __init__(self, game, state, human: int | None, console, *, opponents, opponents_spec: str,
                 seed: int, symbols: bool, read=None, log=None, pause: float = 0.0, decisions: int = 0):
        self.game, self.st, self.human, self.console = game, state, human, console
        self.opponents, self.opponents_spec = opponents, opponents_spec
        self.seed, self.pause = seed, pause
        self.log = log if log is not None else LogWriter(None)      # kept in memory only
        self.decisions = decisions            # made so far (a resumed match starts later)
        self.played = bool(decisions)         # a move of the human's (or any, watching) so far: worth saving
        # The bots draw from the seed, as smoke play does (validate's hint replays it with
        # `run --watch`); a resumed match draws from the seed and the decisions made so far.
        self.bot_rng = random.Random(seed if not decisions else f"{seed}:{decisions}")
        self.look = Look(game.ruleset.deck.ranks, SEAT_NAMES, symbols, game.ruleset.deck.suits)
        self.view = View(game.ruleset, state.n, human, self.look, state.prog.counter_types)
        self.history = History()
        self.seen = 0
        self.option_texts: list[str] = []
        self.read = read or reader(lambda: self.option_texts)
        self.hint_floor = HINT_FLOOR          # worlds a `hint` searches (ruledsl.bots.hint)

    def say(self, text: str) -> None:
        self.console.print(text)

    def hint_rng(self) -> random.Random:
        """A `hint`'s own randomness (the bots' stream is left as it is)."""
        return random.Random(f"hint:{self.seed}:{self.decisions}")

    @contextmanager
    def thinking(self, who: str):
        if not self.console.is_terminal:
            yield
            return
        with self.console.status(f"{who} is thinking…"):
            yield

    # -- the match ------------------------------------------------------------------------------

    def play(self) -> None:
        st = self.st
        while not st.is_terminal():
            self.flush()
            seat = st.current_player()
            if seat == self.human:
                action = self.ask()
            else:
                searches = hasattr(self.opponents, "evaluate")     # a search bot takes a while
                with self.thinking(self.view.name(seat)) if searches else nullcontext():
                    action = self.opponents(st, self.bot_rng)
            self.log.action(seat, st.action_to_string(action))
            st.apply_action(action)
            self.decisions += 1
            self.played = self.played or seat == self.human or self.human is None
            if seat != self.human and self.pause:
                self.flush()
                time.sleep(self.pause)
        self.flush()
        self.result()

    def catch_up(self) -> None:
        """After a resume: take in what happened so far without showing it again."""
        for event in self.st.events[self.seen:]:
            self.log.event(event)           # a deal the log lacks (it was cut short) is added
            self.history.note(event, self.view.event(event))
        self.seen = len(self.st.events)
        obs = self.st.observation(self.view.seen_from())
        self.console.print(Text(f"Resumed at hand {obs['hand_number']}, after {self.decisions} moves.",
                                style="bold"))
        for line in self.view.standings(obs, self.console.width):
            self.console.print(line)

    def flush(self) -> None:
        events = self.st.events
        while self.seen < len(events):
            event = events[self.seen]
            self.seen += 1
            self.log.event(event)
            line = self.view.event(event)
            self.history.note(event, line)
            if self.watching_from_out(event):
                continue
            if event["kind"] == "summary":
                self.console.print(self.view.summary(event))
            elif line is not None:
                self.console.print(line)

    def watching_from_out(self, event: dict) -> bool:
        """Once the human is out of the match, the play of the others is summed up by hand."""
        me = self.human
        if me is None or me not in self.st.observation(me)["out"]:
            return False
        if event["kind"] == "out" and event["seat"] == me:
            self.say(f"» {self.view.name(me)} out of the match: the others play on (hand summaries only)")
            return True
        return event["kind"] not in ("hand", "summary", "end", "out", "back")

    def result(self) -> None:
        st = self.st
        winners = st.winners or ()
        names = ", ".join(self.view.name(s) for s in winners) or "nobody"
        hands = st.observation(self.view.seen_from())["hand_number"]
        self.console.print(Text(f"\nMatch over after {hands} hand{'s' if hands != 1 else ''}: "
                                f"{names} win{'s' if len(winners) == 1 else ''}", style="bold"))
        obs = st.observation(self.view.seen_from())
        self.console.print(self.view.final(obs, winners))
        for line in pack(self.view.counter_groups(obs, players=False), self.console.width, indent=2):
            self.console.print(line)
        self.say(f"Seed {self.seed} (--seed {self.seed} deals this match again).")

    # -- the human's turn -----------------------------------------------------------------------

    def show_turn(self) -> None:
        """The table as the human sees it, what they are asked, and their options."""
        st, view, width = self.st, self.view, self.console.width
        obs = st.observation(self.human)
        title = f"{self.game.name} · hand {obs['hand_number']} · dealer {view.seats[obs['dealer']]}"
        self.console.print(view.status(obs, title, min(width, 100)))
        rows = view.table_rows(obs, width) + view.hand(obs, st.card_sort_key(), width)
        rows += [Text(f"You to {st.asked()}.")] + view.options(self.option_texts, width)
        for line in rows:
            self.console.print(line)

    def ask(self):
        st = self.st
        legal = self.ordered(st.legal_actions())
        self.option_texts = [st.action_to_string(a) for a in legal]
        self.show_turn()
        while True:
            answer = self.prompt()
            if not answer or dispatch(self, answer):
                continue
            if answer.isdigit():
                index = int(answer) - 1
                if 0 <= index < len(legal):
                    return legal[index]
                self.say(f"There is no option {answer}; choose 1 to {len(legal)}.")
                continue
            try:
                return st.parse_action(self.canonical(answer))
            except IllegalAction as exc:     # the rule that excludes it; the options are listed above
                self.say(f"Not allowed: {exc.reason}." if exc.reason else f"Not allowed: {exc}")

    def canonical(self, typed: str) -> str:
        """A move typed in words (`play on`) back in the rule file's terms (`play_on`)."""
        for text in self.option_texts:
            name = text.split(" ", 1)[0]
            spoken = name.replace("_", " ")
            if "_" in name and (typed.lower() + " ").startswith(spoken + " "):
                return name + typed[len(spoken):]
        return typed

    def answer(self, prompt: str) -> str:
        """One line typed by the player; end of input or Ctrl-C leaves the table."""
        try:
            return self.read(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            raise Quit() from None

    def prompt(self) -> str:
        answer = self.answer("> ")
        if answer.lower() in ("quit", "exit", "q"):
            raise Quit()
        return answer

    def ordered(self, legal: list) -> list:
        """The legal moves in the order the table lists them (View.move_order)."""
        st = self.st
        texts = [st.action_to_string(a) for a in legal]
        order = self.view.move_order(texts, [st.action_cards(a) for a in legal], st.card_sort_key())
        return [legal[i] for i in order]

"""Scenario files: a stacked deal, moves as `seat: action`, and expectations — rules as tests.

    scenario: Pagat's example (RULES.md §5.3.1)
    ruleset: ../../../games/mygame.yaml     # relative to this file
    players: 4
    dealer: A
    counters: {penalty: {A: 28, B: 20}}     # a match begun mid-way
    deals:                                  # one entry per hand, exact cards
      - hand: {A: [3S, 2S], B: [AS, KS]}
        table: [4H]
        deck: [7C, 6C]                      # what is drawn next, in order
    steps:
      - B: play AS
      - expect: {to_move: C, legal: [play 7S, play 6S]}
      - auto: end_of_hand                   # the first legal action until the hand is over
    expect: {counters: {penalty: {A: 31}}, out: [A]}

See docs/scenarios.md for every key.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import attrs

from . import expectations
from .expectations import Failed, card_items
from ..errors import Collector, RuleError, RuleErrors
from ..game import load_game
from ..errors import OptionError
from ..runtime.actions import IllegalAction
from ..runtime.deals import DealError
from ..runtime.helpers import SEAT_NAMES
from ..source import Source
from ..front.yamlnodes import Map, Seq, as_int, as_list, as_map, as_text, check_keys, read_yaml

TOP = ("scenario", "ruleset", "players", "dealer", "seed", "options", "counters", "deals", "steps", "expect")
AUTO = ("end_of_trick", "end_of_hand", "end_of_match")


@attrs.define
class Outcome:
    path: str
    name: str
    failure: str | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None

    def render(self) -> str:
        return f"PASS {self.path}: {self.name}" if self.ok else f"FAIL {self.path}: {self.name}\n{self.failure}"


def run_paths(paths) -> list[Outcome]:
    files: list[Path] = []
    for p in map(Path, paths):
        files += sorted(p.rglob("*.yaml")) if p.is_dir() else [p]
    return [run_file(f) for f in files]


def run_file(path) -> Outcome:
    path = Path(path)
    try:
        source = Source(str(path), path.read_text(encoding="utf-8"))
        root = read_yaml(source)
        name = as_text(root.get("scenario"), "scenario") if isinstance(root, Map) and root.get("scenario") else path.stem
        Scenario(path, as_map(root, "a scenario")).run()
        return Outcome(str(path), name)
    except (RuleErrors, RuleError) as exc:
        return Outcome(str(path), path.stem, exc.render() if isinstance(exc, RuleErrors) else exc.render())
    except Failed as exc:
        return Outcome(str(path), name, str(exc))
    except OSError as exc:
        return Outcome(str(path), path.stem, str(exc))


class Scenario:
    def __init__(self, path: Path, root: Map):
        self.path, self.root = path, root
        errors = Collector()
        check_keys(root, TOP, "a scenario", errors, required=("ruleset",))
        errors.check()

    def run(self) -> None:
        root = self.root
        ruleset = root.get("ruleset")
        game = load_game(self.path.parent / as_text(ruleset, "ruleset"))
        self.game = game
        players = as_int(root.get("players"), "players") if root.get("players") else game.default_players
        options = {k.text: v.text for k, v in as_map(root.get("options"), "options").entries} \
            if root.get("options") else {}
        self.n = players
        prog = game.program(players) if game.min_players <= players <= game.max_players else None
        if prog is None:
            raise RuleError(root.get("players").span, f"{game.name} is not for {players} players")
        self.prog = prog
        deals = self.deals(root.get("deals"))
        try:
            self.st = game.new_initial_state(
                seed=as_int(root.get("seed"), "seed") if root.get("seed") else 0, players=players,
                options=options, dealer=self.seat(root.get("dealer")) if root.get("dealer") else 0,
                counters=self.counters(root.get("counters")), deals=deals, record=True)
        except DealError as exc:
            raise RuleError(self._deal_node(root.get("deals"), exc.where).span, str(exc)) from None
        except OptionError as exc:
            raise RuleError(root.span, str(exc)) from None
        self.mark = 0
        for step in as_list(root.get("steps"), "steps") if root.get("steps") else ():
            self.step(step)
        if root.get("expect") is not None:
            self.expect(as_map(root.get("expect"), "expect"), "at the end")

    # -- reading ------------------------------------------------------------------------------

    def seat(self, node) -> int:
        text = as_text(node, "a seat").strip()
        if text.isdigit() and int(text) < self.n_or_max():
            return int(text)
        if len(text) == 1 and text.upper() in SEAT_NAMES[: self.n_or_max()]:
            return SEAT_NAMES.index(text.upper())
        raise RuleError(node.span, f"'{text}' is not a seat", f"seats are A to {SEAT_NAMES[self.n_or_max() - 1]} (or 0..)")

    def n_or_max(self) -> int:
        return getattr(self, "n", 12)

    def value(self, node):
        """A scalar as a value: number (exact), true/false, none, seat letters stay text."""
        if isinstance(node, Seq):
            return [self.value(x) for x in node.items]
        if isinstance(node, Map):                   # a record: {value: 9, owner: B}
            return {k.text: self.value(v) for k, v in node.entries}
        text = as_text(node, "a value").strip()
        if text in ("true", "false"):
            return text == "true"
        if text in ("none", "~", "null"):
            return None
        try:
            return Fraction(text) if "/" in text else int(text)
        except ValueError:
            return text

    def per_seat(self, node, what) -> dict[int, object]:
        if isinstance(node, Map):
            return {self.seat(k): self.value(v) for k, v in node.entries}
        if isinstance(node, Seq):
            return {i: self.value(v) for i, v in enumerate(node.items)}
        raise RuleError(node.span, f"{what} gives one value per seat: a mapping (A: 3) or a list")

    def counters(self, node):
        if node is None:
            return None
        out = {}
        specs = self.game.ruleset.counters
        for key, value in as_map(node, "counters").entries:
            if key.text not in specs:
                raise RuleError(key.span, f"unknown counter '{key.text}'")
            out[key.text] = self.value(value) if specs[key.text].per == "game" else self.per_seat(value, key.text)
        return out

    def deals(self, node):
        """The scenario's deals in the shape of new_initial_state(deals=...): zone → cards, or
        zone → seat → cards."""
        if node is None:
            return None
        deals = []
        for item in as_list(node, "deals"):
            deal = {}
            for key, value in as_map(item, "a deal").entries:
                zone = self.game.ruleset.zones.get(key.text)
                if zone is None or zone.owner == "shared":
                    deal[key.text] = self.card_texts(value)
                else:
                    deal[key.text] = {self.seat(k) if zone.owner == "player" else k.text.strip(): self.card_texts(v)
                                      for k, v in as_map(value, key.text).entries}
            deals.append(deal)
        return deals

    def _deal_node(self, node, where):
        """The part of the scenario's `deals:` a DealError's `where` points at."""
        number, zone, owner, card = where
        item = as_list(node, "deals")[number]
        found = item.get(zone) if zone is not None else None
        if found is None:
            return item.key_node(zone) if zone is not None and item.key_node(zone) else item
        if owner is not None and isinstance(found, Map):
            found = next((v for k, v in found.entries if k.text == str(owner) or
                          (isinstance(owner, int) and self._is_seat(k, owner))), found)
        if card is not None and isinstance(found, Seq):
            return found.items[card]
        return found

    def _is_seat(self, key, seat: int) -> bool:
        try:
            return self.seat(key) == seat
        except RuleError:
            return False

    def card_texts(self, node) -> list[str]:
        return [as_text(item, "a card") for item in card_items(node)]

    def cards(self, node) -> list[str]:
        """Card texts of this deck, canonical (`10h` → `10H`)."""
        out = []
        for item in card_items(node):
            card = self.prog.deck.card(as_text(item, "a card"))
            if card is None:
                raise RuleError(item.span, f"'{item.text}' is not a card of this deck")
            out.append(str(card))
        return out

    # -- running ------------------------------------------------------------------------------

    def step(self, node) -> None:
        m = as_map(node, "a step")
        (key, value), = m.entries[:1] or [(None, None)]
        if key is None or len(m.entries) != 1:
            raise RuleError(m.span, "a step is one of: SEAT: action, expect: {...}, auto: ...")
        if key.text == "expect":
            self.expect(as_map(value, "expect"), f"at line {key.span.line}")
        elif key.text == "auto":
            self.auto(value)
        else:
            self.move(self.seat(key), value)

    def move(self, seat: int, node) -> None:
        st = self.st
        text = as_text(node, "an action")
        where = f"line {node.span.line}: {SEAT_NAMES[seat]}: {text}"
        if st.is_terminal():
            raise Failed(f"  {where}\n  the match is already over")
        if st.current_player() != seat:
            raise Failed(f"  {where}\n  expected {SEAT_NAMES[seat]} to move, but it is "
                         f"{self.who(st.current_player())}'s turn")
        try:
            st.apply_action(text)
        except IllegalAction as exc:
            raise Failed(f"  {where}\n  {exc}") from None

    def who(self, seat) -> str:
        return SEAT_NAMES[seat] if isinstance(seat, int) and seat >= 0 else "nobody"

    def auto(self, node) -> None:
        goal = as_text(node, "auto")
        st = self.st
        if goal.isdigit():
            for _ in range(int(goal)):
                if not st.is_terminal():
                    st.apply_action(st.legal_actions()[0])
            return
        if goal not in AUTO:
            raise RuleError(node.span, f"unknown auto goal '{goal}'", f"use a number or one of {', '.join(AUTO)}")
        start_hand, tricks = st.hand_number, len(self.events("trick"))

        def reached() -> bool:
            if goal == "end_of_hand":
                return st.hand_number != start_hand or self._summary_since(start_hand)
            return goal == "end_of_trick" and len(self.events("trick")) > tricks
        while not st.is_terminal() and not reached():
            st.apply_action(st.legal_actions()[0])

    def _summary_since(self, hand) -> bool:
        return any(e["kind"] == "summary" and e["hand"] == hand for e in self.st.events)

    def events(self, kind, after=False):
        events = self.st.events[self.mark:] if after else self.st.events
        return [e for e in events if e["kind"] == kind]

    def expect(self, m: Map, where: str) -> None:
        expectations.check(self, m, where)
        self.mark = len(self.st.events)

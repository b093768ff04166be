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

from ..errors import Collector, RuleError, RuleErrors
from ..game import load_game
from ..lang.options import OptionError
from ..runtime.actions import IllegalAction, normalize
from ..runtime.deals import DealError
from ..runtime.helpers import SEAT_NAMES
from ..runtime.show import show
from ..source import Source
from ..front.yamlnodes import Map, Scalar, Seq, as_int, as_list, as_map, as_text, check_keys, read_yaml

TOP = ("scenario", "ruleset", "players", "dealer", "seed", "options", "counters", "deals", "steps", "expect")
EXPECT = ("to_move", "legal", "legal_includes", "legal_excludes", "counters", "eval", "out", "winners",
          "terminal", "trick_winner", "trick_winners", "said", "bonuses", "hand_number", "zones", "summary",
          "returns", "sees")
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


class Failed(Exception):
    pass


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
                    deal[key.text] = {self.seat(k) if zone.owner == "player" else k.text: self.card_texts(v)
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
        items = as_list(node, "cards") if isinstance(node, Seq) else \
            [Scalar(t, "", node.span) for t in as_text(node, "cards").split()]
        return [as_text(item, "a card") for item in items]

    def cards(self, node) -> list[str]:
        """Card texts of this deck, canonical (`10h` → `10H`)."""
        out = []
        items = as_list(node, "cards") if isinstance(node, Seq) else \
            [Scalar(t, "", node.span) for t in as_text(node, "cards").split()]
        for item in items:
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

    # -- expectations -------------------------------------------------------------------------

    def expect(self, m: Map, where: str) -> None:
        errors = Collector()
        check_keys(m, EXPECT, "expect", errors)
        errors.check()
        st = self.st
        for key, node in m.entries:
            got, want = self.actual(key.text, node)
            if got != want:
                raise Failed(f"  {where} (line {key.span.line}): {key.text}\n"
                             f"  expected: {_fmt(want)}\n  actual:   {_fmt(got)}")
        self.mark = len(st.events)

    def actual(self, key: str, node):
        st = self.st
        if key == "to_move":
            return self.who(st.current_player()), self.who(self.seat(node)) if as_text(node, "a seat") != "nobody" else "nobody"
        if key in ("legal", "legal_includes", "legal_excludes"):
            legal = sorted(_norm(st.action_to_string(a)) for a in st.legal_actions())
            want = sorted(_norm(as_text(x, "an action")) for x in as_list(node, key))
            if key == "legal":
                return legal, want
            if key == "legal_includes":
                return sorted(w for w in want if w in legal), want
            return sorted(w for w in want if w not in legal), want
        if key == "counters":
            return self.counter_values(node)
        if key == "eval":
            got, want = {}, {}
            for k, v in as_map(node, "eval").entries:
                got[k.text], want[k.text] = _plain(self.prog.evaluate(st, k.text, None, k.locate)), self.value(v)
            return got, want
        if key in ("out", "winners"):
            seats = [s for s in range(st.n) if st.out[s]] if key == "out" else list(st.winners or ())
            return [SEAT_NAMES[s] for s in seats], sorted(SEAT_NAMES[self.seat(x)] for x in as_list(node, key))
        if key == "terminal":
            return st.is_terminal(), self.value(node)
        if key == "trick_winner":
            return self.who(st.winner), SEAT_NAMES[self.seat(node)]
        if key == "trick_winners":
            return [SEAT_NAMES[s] for s in st.trick_winners], [SEAT_NAMES[self.seat(x)] for x in as_list(node, key)]
        if key == "hand_number":
            return st.hand_number, self.value(node)
        if key == "returns":
            per = self.per_seat(node, "returns")
            got = st.returns()
            return ({SEAT_NAMES[s]: _plain(got[s]) for s in per},
                    {SEAT_NAMES[s]: v for s, v in per.items()})
        if key in ("said", "bonuses"):
            kind, field = ("say", "text") if key == "said" else ("bonus", "name")
            texts = [e[field] for e in self.events(kind, after=True)]
            want = [as_text(x, "a text") for x in as_list(node, key)]
            return [w for w in want if any(w in t for t in texts)], want
        if key == "zones":
            return self.zone_values(node)
        if key == "sees":
            return self.seen_values(node)
        if key == "summary":
            summaries = self.events("summary")
            if not summaries:
                return None, "a hand summary"
            lines = summaries[-1]["lines"]
            got, want = {}, {}
            for label, seats in as_map(node, "summary").entries:
                per = self.per_seat(seats, label.text)
                got[label.text] = {SEAT_NAMES[s]: lines.get(label.text, [None] * st.n)[s] for s in per}
                want[label.text] = {SEAT_NAMES[s]: show(v) for s, v in per.items()}
            return got, want
        raise AssertionError(key)

    def counter_values(self, node):
        st, specs = self.st, self.game.ruleset.counters
        got, want = {}, {}
        for key, value in as_map(node, "counters").entries:
            if key.text not in specs:
                raise RuleError(key.span, f"unknown counter '{key.text}'")
            per = specs[key.text].per
            if per == "game":
                got[key.text], want[key.text] = _plain(st.evaluate(key.text)), self.value(value)
                continue
            expected = self.per_seat(value, key.text)
            names = SEAT_NAMES if per == "player" else [str(i) for i in range(12)]
            got[key.text] = {names[i]: _plain(st.evaluate(f"{key.text}({i})")) for i in expected}
            want[key.text] = {names[i]: v for i, v in expected.items()}
        return got, want

    def seen_values(self, node):
        """`sees: {A: {"discard(B)": 1}, B: {"discard(B)": [JC]}}`: what a seat's observation
        shows of a zone. A number: that many cards and no face; cards: exactly those faces.
        `trick`: the current trick's cards in play order, `??` for each face-down card."""
        st, specs = self.st, self.game.ruleset.zones
        got, want = {}, {}
        for seat_key, zones in as_map(node, "sees").entries:
            seat = self.seat(seat_key)
            shown = st.observation(seat)["zones"]
            for key, value in as_map(zones, "sees").entries:
                if key.text.strip() == "trick":
                    label = f"{SEAT_NAMES[seat]} sees the trick"
                    got[label] = [c for play in st.observation(seat)["trick"] for c in play["cards"]]
                    items = as_list(value, "cards") if isinstance(value, Seq) else \
                        [Scalar(t, "", value.span) for t in as_text(value, "cards").split()]
                    want[label] = [x.text if x.text == "??" else self.cards(x)[0] for x in items]
                    continue
                name, _, arg = key.text.strip().partition("(")
                name = name.strip()
                if name not in specs:
                    raise RuleError(key.span, f"unknown zone '{name}'", "write a zone: table, or hand(B)")
                owner = specs[name].owner
                entry = shown[name]
                if owner != "shared":
                    if not arg.endswith(")"):
                        raise RuleError(key.span, f"zone '{name}' is per {owner}: write {name}(B)")
                    s = self.seat(Scalar(arg[:-1].strip(), "", key.span))
                    entry = entry[self.prog.team_of[s] if owner == "team" else s]
                label = f"{SEAT_NAMES[seat]} sees {key.text}"
                faces = sorted(entry.get("cards", []))
                if isinstance(value, Scalar) and value.text.strip().isdigit():
                    got[label], want[label] = (faces or entry["count"]), int(value.text)
                else:
                    got[label] = faces if "cards" in entry else f"{entry['count']} face down"
                    want[label] = sorted(self.cards(value))
        return got, want

    def zone_values(self, node):
        st = self.st
        got, want = {}, {}
        for key, value in as_map(node, "zones").entries:
            cards = [str(c) for c in self.prog.evaluate(st, key.text, None, key.locate)]
            expected = self.value(value)
            if isinstance(expected, int):
                got[key.text], want[key.text] = len(cards), expected
            else:
                want_cards = [str(self.prog.deck.card(c)) for c in as_text(value, "cards").split()] \
                    if isinstance(value, Scalar) else [str(self.prog.deck.card(x.text)) for x in value.items]
                got[key.text], want[key.text] = sorted(cards), sorted(want_cards)
        return got, want


def _norm(text: str) -> str:
    return " ".join(w if isinstance(w, str) else " ".join(w) for w in normalize(text))


def _plain(value):
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, int) and type(value) not in (int, bool):
        return str(value)
    return value


def _fmt(value) -> str:
    return show(value) if not isinstance(value, (dict, list)) else str(value)

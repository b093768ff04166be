"""A scenario's `expect:` (docs/scenarios.md): for each key, what the state shows and what the
scenario expects, compared; the first that differs fails the scenario."""
from __future__ import annotations

from ..errors import Collector, RuleError
from ..front.yamlnodes import Map, Scalar, Seq, as_list, as_map, as_text, check_keys
from ..expr.records import Record
from ..runtime.actions import normalize
from ..runtime.helpers import SEAT_NAMES
from ..runtime.show import show

EXPECT = ("to_move", "legal", "legal_includes", "legal_excludes", "counters", "eval", "out", "winners",
          "terminal", "trick_winner", "trick_winners", "said", "bonuses", "hand_number", "zones", "summary",
          "returns", "sees")


class Failed(Exception):
    """A scenario's expectation that does not hold, or a move that cannot be made."""


def card_items(node) -> tuple:
    """The cards a scenario names, as nodes: a list, or one text of cards with spaces between."""
    if isinstance(node, Seq):
        return as_list(node, "cards")
    return tuple(Scalar(t, "", node.span) for t in as_text(node, "cards").split())


def check(sc, m: Map, where: str) -> None:
    """Each expectation of `m` holds in the scenario's state, or Failed says which does not."""
    errors = Collector()
    check_keys(m, EXPECT, "expect", errors)
    errors.check()
    for key, node in m.entries:
        got, want = actual(sc, key.text, node)
        if got != want:
            raise Failed(f"  {where} (line {key.span.line}): {key.text}\n"
                         f"  expected: {_fmt(want)}\n  actual:   {_fmt(got)}")


def actual(sc, key: str, node):
    """(what the state shows, what `key: node` expects), to compare."""
    st = sc.st
    if key == "to_move":
        return sc.who(st.current_player()), sc.who(sc.seat(node)) if as_text(node, "a seat") != "nobody" else "nobody"
    if key in ("legal", "legal_includes", "legal_excludes"):
        legal = sorted(_norm(st.action_to_string(a)) for a in st.legal_actions())
        want = sorted(_norm(as_text(x, "an action")) for x in as_list(node, key))
        if key == "legal":
            return legal, want
        if key == "legal_includes":
            return sorted(w for w in want if w in legal), want
        return sorted(w for w in want if w not in legal), want
    if key == "counters":
        return counter_values(sc, node)
    if key == "eval":
        got, want = {}, {}
        for k, v in as_map(node, "eval").entries:
            got[k.text], want[k.text] = _plain(sc.prog.evaluate(st, k.text, None, k.locate)), sc.value(v)
        return got, want
    if key in ("out", "winners"):
        seats = [s for s in range(st.n) if st.out[s]] if key == "out" else list(st.winners or ())
        return [SEAT_NAMES[s] for s in seats], sorted(SEAT_NAMES[sc.seat(x)] for x in as_list(node, key))
    if key == "terminal":
        return st.is_terminal(), sc.value(node)
    if key == "trick_winner":
        return sc.who(st.winner), SEAT_NAMES[sc.seat(node)]
    if key == "trick_winners":
        return [SEAT_NAMES[s] for s in st.trick_winners], [SEAT_NAMES[sc.seat(x)] for x in as_list(node, key)]
    if key == "hand_number":
        return st.hand_number, sc.value(node)
    if key == "returns":
        per = sc.per_seat(node, "returns")
        got = st.returns()
        return ({SEAT_NAMES[s]: _plain(got[s]) for s in per},
                {SEAT_NAMES[s]: v for s, v in per.items()})
    if key in ("said", "bonuses"):
        kind, field = ("say", "text") if key == "said" else ("bonus", "name")
        texts = [e[field] for e in sc.events(kind, after=True)]
        want = [as_text(x, "a text") for x in as_list(node, key)]
        return [w for w in want if any(w in t for t in texts)], want
    if key == "zones":
        return zone_values(sc, node)
    if key == "sees":
        return seen_values(sc, node)
    if key == "summary":
        summaries = sc.events("summary")
        if not summaries:
            return None, "a hand summary"
        lines = summaries[-1]["lines"]
        got, want = {}, {}
        for label, seats in as_map(node, "summary").entries:
            per = sc.per_seat(seats, label.text)
            got[label.text] = {SEAT_NAMES[s]: lines.get(label.text, [None] * st.n)[s] for s in per}
            want[label.text] = {SEAT_NAMES[s]: show(v) for s, v in per.items()}
        return got, want
    raise AssertionError(key)


def counter_values(sc, node):
    st, specs = sc.st, sc.game.ruleset.counters
    got, want = {}, {}
    for key, value in as_map(node, "counters").entries:
        if key.text not in specs:
            raise RuleError(key.span, f"unknown counter '{key.text}'")
        per = specs[key.text].per
        if per == "game":
            got[key.text], want[key.text] = _plain(st.evaluate(key.text)), sc.value(value)
            continue
        expected = sc.per_seat(value, key.text)
        names = SEAT_NAMES if per == "player" else [str(i) for i in range(12)]
        got[key.text] = {names[i]: _plain(st.evaluate(f"{key.text}({i})")) for i in expected}
        want[key.text] = {names[i]: v for i, v in expected.items()}
    return got, want


def seen_values(sc, node):
    """`sees: {A: {"discard(B)": 1}, B: {"discard(B)": [JC]}}`: what a seat's observation
    shows of a zone. A number: that many cards and no face; cards: exactly those faces.
    `trick`: the current trick's cards in play order, `??` for each face-down card."""
    st, specs = sc.st, sc.game.ruleset.zones
    got, want = {}, {}
    for seat_key, zones in as_map(node, "sees").entries:
        seat = sc.seat(seat_key)
        shown = st.observation(seat)["zones"]
        for key, value in as_map(zones, "sees").entries:
            if key.text.strip() == "trick":
                label = f"{SEAT_NAMES[seat]} sees the trick"
                got[label] = [c for play in st.observation(seat)["trick"] for c in play["cards"]]
                want[label] = [x.text if x.text == "??" else sc.cards(x)[0] for x in card_items(value)]
                continue
            name, _, arg = key.text.strip().partition("(")
            name = name.strip()
            if name not in specs:
                raise RuleError(key.span, f"unknown zone '{name}'", "write a zone: table, or hand(B)")
            owner = specs[name].owner
            entry = shown[name]
            if owner == "numbered":
                k = arg[:-1].strip()
                if not arg.endswith(")") or not k.isdigit() or int(k) >= len(entry):
                    raise RuleError(key.span, f"zone '{name}' is {len(entry)} zones: write {name}(0) "
                                    f"to {name}({len(entry) - 1})")
                entry = entry[int(k)]
            elif owner != "shared":
                if not arg.endswith(")"):
                    raise RuleError(key.span, f"zone '{name}' is per {owner}: write {name}(B)")
                s = sc.seat(Scalar(arg[:-1].strip(), "", key.span))
                entry = entry[sc.prog.team_of[s] if owner == "team" else s]
            label = f"{SEAT_NAMES[seat]} sees {key.text}"
            faces = sorted(entry.get("cards", []))
            if isinstance(value, Scalar) and value.text.strip().isdigit():
                got[label], want[label] = (faces or entry["count"]), int(value.text)
            else:
                got[label] = faces if "cards" in entry else f"{entry['count']} face down"
                want[label] = sorted(sc.cards(value))
    return got, want


def zone_values(sc, node):
    st = sc.st
    got, want = {}, {}
    for key, value in as_map(node, "zones").entries:
        cards = [str(c) for c in sc.prog.evaluate(st, key.text, None, key.locate)]
        expected = sc.value(value)
        if isinstance(expected, int):
            got[key.text], want[key.text] = len(cards), expected
        else:
            want_cards = [str(sc.prog.deck.card(c)) for c in as_text(value, "cards").split()] \
                if isinstance(value, Scalar) else [str(sc.prog.deck.card(x.text)) for x in value.items]
            got[key.text], want[key.text] = sorted(cards), sorted(want_cards)
    return got, want


def _norm(text: str) -> str:
    return " ".join(w if isinstance(w, str) else " ".join(w) for w in normalize(text))


def _plain(value):
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Record):                    # compared with a mapping of the scenario
        return {name: _plain(v) for name, v in zip(value.names, value.values)}
    if isinstance(value, int) and type(value) not in (int, bool):
        return str(value)
    return value


def _fmt(value) -> str:
    return show(value) if not isinstance(value, (dict, list)) else str(value)

"""The runtime side of a `captures` step's decision: an action's text (`play 7C`, `play 7C take
3D 4H`, `build 2C on 3D 4H`), its integer spelling, and why a typed play is not legal, in the
words of the step's settings and the deck's capture values."""
from __future__ import annotations

from .capture_search import Spec, builds_on
from .typed import card_problems, either, example, held_problems, typed_play


class Capturing:
    """What the State asks of a captures step's decision besides its generated functions."""

    @staticmethod
    def text(st, d, action) -> str:
        if len(action) == 3:
            return f"build {action[0]} on " + " ".join(str(t) for t in action[1])
        card, taken = action
        return f"play {card}" + (" take " + " ".join(str(t) for t in taken) if taken else "")

    @staticmethod
    def cards(st, d, action) -> tuple:
        return (action[0],)              # the card played or built with; the cards taken are the table's

    @staticmethod
    def describe(st, d) -> str:
        return "play a card (and capture)" if d.spec.builds is None else "play a card (and capture), or build"

    @staticmethod
    def vocabulary(d) -> tuple:
        return (("build", None),) if d.spec.builds is not None else ()     # else cards only

    @staticmethod
    def spell(st, d, action) -> tuple:
        """The card played, then the cards taken one at a time (runtime/indices.py); a build
        is `build`, then its card, then the cards it is laid on."""
        if len(action) == 3:
            return (("build", None), action[0]) + tuple(sorted(action[1]))
        card, taken = action
        return (card,) + tuple(sorted(taken))

    @staticmethod
    def why_not(st, d, action) -> str | None:
        spec = d.spec
        building = False
        if isinstance(action, str):
            building = action.split()[:1] == ["build"] and spec.builds is not None
            verb, joint = ("build", "on") if building else ("play", "take")
            rest, problem = typed_play(st, action.replace("build", "play", 1) if building else action,
                                       Capturing.describe(st, d), allowed=(joint,))
            if problem:
                return problem
            split = next((i for i, (k, v) in enumerate(rest) if k == "word"), len(rest))
            played = [v for _, v in rest[:split]]
            taken = [v for k, v in rest[split + 1:] if k == "card"]
            if split < len(rest) and not taken:
                return f"name the table cards after '{joint}', e.g. '{example(st, lambda t: f' {joint} ' in t)}'"
            if building and not taken:
                return "a build is laid on table cards: e.g. 'build 2C on 3D 4H'"
        else:
            played, taken, building = [action[0]], list(action[1]), len(action) == 3
        if len(played) > 1:
            return "play one card a turn; to capture write e.g. 'play 7C take 7H'"
        problem = held_problems(st, st.zones[spec.hand + st.turn], played)
        if problem:
            return problem
        card, table = played[0], st.zones[spec.table]
        if not taken:
            reasons = dict(st.prog.explain[d.id](st))
            return reasons.get((card, ())) or "that play is not allowed now"
        problem = card_problems(st, list(taken), table, _not_on_table)
        if problem:
            return problem
        whole = _whole_builds(st, spec, taken)
        if whole:
            return whole
        if building:
            return _unbuildable(st, spec, card, taken)
        passed = next((why for a, why in st.prog.explain[d.id](st)
                       if len(a) == 2 and a[0] == card and set(a[1]) == set(taken)), None)
        return passed or _shape(st, spec, card, taken)


def _whole_builds(st, spec: Spec, taken) -> str | None:
    """A build is taken, or built on, whole: every one of its cards named, or none."""
    for b in builds_on(st, spec):
        named = [c for c in b.cards if c in taken]
        if named and len(named) != len(b.cards):
            return f"the build of {b.value} is taken whole: name all its cards, {' '.join(map(str, b.cards))}"
    return None


def _value_of(st, spec: Spec, taken) -> int:
    """The value of table cards: each build's value, each loose card's own."""
    builds = [b for b in builds_on(st, spec) if any(c in taken for c in b.cards)]
    built = {c for b in builds for c in b.cards}
    return sum(b.value for b in builds) + sum(spec.values[t] or 0 for t in taken if t not in built)


def _unbuildable(st, spec: Spec, card, on) -> str:
    values = spec.values
    if values[card] is None or any(values[t] is None for t in on):
        unvalued = [str(c) for c in [card, *on] if values[c] is None]
        return f"{either(unvalued, 'and')} {'has' if len(unvalued) == 1 else 'have'} no capture value: a build " \
               "is made of valued cards"
    total = values[card] + _value_of(st, spec, on)
    hand = list(st.zones[spec.hand + st.turn])
    hand.remove(card)
    if not any(values[c] == total for c in hand):
        return f"{card} on {' '.join(map(str, on))} makes {total}, and you would hold no other card worth " \
               f"{total} to take it with"
    return "that build is not allowed now"


def _shape(st, spec: Spec, card, taken) -> str:
    """Why cards on the table do not make a capture for `card`, from the capture settings."""
    ranks, values = spec.ranks, spec.values
    if len(taken) == 1 and ranks[taken[0]] == ranks[card]:
        if not spec.rank:
            return "a card captures only by sum here, never one card of the same rank"
        return "that capture is not allowed now"
    if values[card] is None:
        if spec.rank:
            return f"{_unvalued_rule(st.prog.deck)}: {card} can take only a {ranks[card]}"
        return f"{card} has no capture value: it cannot capture"
    if len(taken) == 1:
        if spec.rank and spec.sum:
            return f"one card is taken only by a card of the same rank: {card} can take a {ranks[card]}, " \
                   f"or two or more cards adding up to {values[card]}"
        if spec.rank:
            return f"a card captures only a card of the same rank: {card} can take a {ranks[card]}"
        return f"a capture by sum takes two or more cards adding up to {values[card]}"
    if not spec.sum:
        return f"a card captures only one card of the same rank: {card} can take a {ranks[card]}"
    unvalued = [str(t) for t in taken if values[t] is None]
    if unvalued:
        return f"{either(unvalued, 'and')} {'has' if len(unvalued) == 1 else 'have'} no capture value: " \
               f"{'it is' if len(unvalued) == 1 else 'they are'} never part of a sum"
    total = _value_of(st, spec, taken)
    if total != values[card] and not spec.several:
        return f"the cards taken must add up to {values[card]}: {' '.join(str(t) for t in taken)} make {total}"
    if spec.several:
        return f"the cards taken must make groups of {values[card]}: each a card of its rank or cards adding up " \
               f"to {values[card]}, no card in two"
    return "that capture is not allowed now"


def _not_on_table(cards) -> str:
    return f"{either(cards, 'and')} {'is' if len(cards) == 1 else 'are'} not on the table"


def _unvalued_rule(deck) -> str:
    """How the deck's cards without a capture value capture, in the words a player knows."""
    unvalued = [r for r in deck.order if all(deck.values[c] is None for c in deck.cards if deck.rank_of[c] == r)]
    if set(unvalued) == {"K", "Q", "J"}:
        return "courts capture only a court of the same rank"
    return f"{either(unvalued)} have no capture value: they capture only a card of the same rank"


CAPTURING = Capturing()


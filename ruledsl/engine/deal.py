"""Dealing from the deck and drawing from a stock.

`deal` gives `count` cards to each recipient, `packet` at a time, round the recipients; `draw`
refills hands after a trick. Both take cards through `take`, which honours a scenario's stacked
deal (queues of exact cards per zone) before the shuffled deck.
"""
from __future__ import annotations

from ..errors import RuleError, did_you_mean
from ..yamlnodes import Scalar, as_list, as_text
from .flow import Op

SHORTFALL = ("none", "rounds")     # draw: what happens when the stock cannot refill every hand


def take(st, dest: int, span):
    """The next card for zone `dest`: from the stacked queue for it, else the top of the deck."""
    queues = st.hv.get("stack")
    if queues:
        queue = queues.get(dest)
        if queue:
            st.hv["stack"] = {**queues, dest: queue[1:]}
            return queue[0]
    deck = st.zones[0]
    if not deck:
        raise RuleError(span, "the deal needs more cards than the deck holds",
                        f"the deck ran out with {st.n - sum(st.out)} players")
    return deck.pop()


class Deal(Op):
    __slots__ = ("here", "recipients", "count", "packet", "remember")

    def __init__(self, here, recipients, count, packet, remember, span):
        self.here, self.recipients, self.count, self.packet = here, recipients, count, packet
        self.remember, self.span = remember, span

    def run(self, st):
        dests = self.recipients(st)
        count, packet = self.count(st), self.packet(st)
        if not isinstance(count, int) or count < 0:
            raise RuleError(self.span, f"a deal's count must be a whole number, got {count!r}")
        need, have = count * len(dests), len(st.zones[0])
        if need > have and not st.hv.get("stack"):
            raise RuleError(self.span, f"the deal needs {need} cards"
                            + (f" ({count} to each of {len(dests)})" if len(dests) > 1 else "")
                            + f" and the deck has {have} left",
                            f"with {st.n - sum(st.out)} players; deal fewer cards, or lower players.max")
        if st.hv.get("stack") or len(st.zones[0]) < count * len(dests):
            given = self._one_by_one(st, dests, count, packet)
        else:
            given = _deal_slices(st.zones, dests, count, packet)
        if self.remember is not None:
            st.cv[self.remember] = [c for d in dests for c in given[d]]
        if st.events is not None:
            st.emit("deal", to=list(dests), count=count)
        return self.here + 1

    def _one_by_one(self, st, dests, count, packet):
        """The general path: card by card, honouring stacked queues (and reporting a short deck)."""
        given = {d: [] for d in dests}
        left = {d: count for d in dests}
        zones = st.zones
        while any(left.values()):
            for d in dests:
                for _ in range(min(packet, left[d])):
                    card = take(st, d, self.span)
                    zones[d].append(card)
                    given[d].append(card)
                left[d] -= min(packet, left[d])
        return given


def _deal_slices(zones, dests, count, packet):
    """The same deal as `_one_by_one`, done with list slices (the hot path of every hand)."""
    deck = zones[0]
    m = len(dests)
    total = count * m
    cards = deck[len(deck) - total:]
    del deck[len(deck) - total:]
    cards.reverse()                       # the order the cards come off the deck
    given = {}
    if packet == 1 or count <= packet:
        step = 1 if packet == 1 else count
        for i, d in enumerate(dests):
            got = cards[i::m] if packet == 1 else cards[i * step:(i + 1) * step]
            zones[d].extend(got)
            given[d] = got
        return given
    given = {d: [] for d in dests}
    pos = 0
    for start in range(0, count, packet):
        k = min(packet, count - start)
        for d in dests:
            given[d] += cards[pos:pos + k]
            pos += k
    for d in dests:
        zones[d].extend(given[d])
    return given


def compile_deal(b, step, locals_):
    m = step.args
    into = as_text(m.get("into"), "into") if m.get("into") else "hand"
    recipients = _recipients(b, m.get("to"), m.get("first"), into, locals_)
    count = b.expr(m.get("count"), locals_)
    packet = b.expr(m.get("packet"), locals_) if m.get("packet") else (lambda st: 1)
    remember = None
    if m.get("as") is not None:
        remember = _hand_counter(b, m.get("as"))
    b.emit(Deal(b.here, recipients, count, packet, remember, step.span))


def _hand_counter(b, node) -> int:
    name = as_text(node, "as")
    entry = b.layout.counters.get(name)
    if entry is None or entry[0] != "game":
        raise RuleError(node.span, f"'as' needs a counter for the whole table, and '{name}' is not one",
                        f"declare it: counters: {{{name}: {{start: none, scope: hand}}}}")
    return entry[1]


def _recipients(b, node, first, into, locals_):
    """`to:` → a closure giving the zone indices to deal to, in order."""
    zones = b.layout.zones
    text = as_text(node, "to").strip()
    if text in zones and zones[text][0] == "shared":
        index = zones[text][1]
        return lambda st: (index,)
    if into not in zones or zones[into][0] != "player":
        raise RuleError(node.span, f"'{into}' is not a zone each player has",
                        "deal to seats goes into a per-player zone such as hand")
    base = zones[into][1]
    if text == "each":
        start = b.expr(first, locals_) if first is not None else None

        def each(st):
            seat = start(st) if start else st.step_seat(st.dealer, st.prog.direction)
            return [base + s for s in st.play_order(seat)]
        return each
    seats = b.expr(node, locals_)

    def chosen(st):
        value = seats(st)
        return [base + s for s in ([value] if isinstance(value, int) else value)]
    return chosen


class Draw(Op):
    __slots__ = ("here", "upto", "sources", "first", "rounds", "base")

    def __init__(self, here, upto, sources, first, rounds, base, span):
        self.here, self.upto, self.sources, self.first = here, upto, sources, first
        self.rounds, self.base, self.span = rounds, base, span

    def run(self, st):
        zones = st.zones
        stock = sum(len(zones[z]) for z in self.sources)
        if not stock:
            return self.here + 1
        upto = self.upto(st)
        order = st.play_order(self.first(st))
        need = [max(0, upto - len(zones[self.base + s])) for s in order]
        if not self.rounds and stock < sum(need):
            if stock and not st.hv.get("stock_dead"):      # said once, and not of an empty stock
                st.emit("say", text=f"the stock ({stock}) cannot refill every hand: nobody draws "
                                    "from it again this hand")
            st.hv["stock_dead"] = True
            return self.here + 1
        while any(need):
            takers = [i for i, k in enumerate(need) if k]
            if self.rounds and stock < len(takers):
                if stock and not st.hv.get("stock_dead"):
                    st.emit("say", text=f"the last {stock} card{'s' if stock > 1 else ''} of the "
                                        "stock cannot go round: nobody draws them")
                st.hv["stock_dead"] = True
                break
            for i in takers:
                zones[self.base + order[i]].append(self._pop(zones))
                need[i] -= 1
                stock -= 1
        return self.here + 1

    def _pop(self, zones):
        for z in self.sources:
            if zones[z]:
                return zones[z].pop()
        raise RuleError(self.span, "the stock is empty")


def compile_draw(b, step, locals_):
    m = step.args
    zones = b.layout.zones
    sources = []
    given = m.get("from")
    items = (given,) if isinstance(given, Scalar) else as_list(given, "from") if given else (Scalar("deck", "", step.span),)
    for item in items:
        name = as_text(item, "a zone")
        if name not in zones:
            shared = [z for z, (owner, _) in zones.items() if owner == "shared"]
            raise RuleError(item.span, f"unknown zone '{name}'",
                            did_you_mean(name, shared) or "draw takes from a shared zone, such as deck")
        if zones[name][0] != "shared":
            raise RuleError(item.span, f"draw takes from a zone of the table, and '{name}' belongs to "
                            f"each {zones[name][0]}", "draw from the stock (from: deck) or another shared zone")
        sources.append(zones[name][1])
    shortfall = as_text(m.get("shortfall"), "shortfall") if m.get("shortfall") else "none"
    if shortfall not in SHORTFALL:
        raise RuleError(m.get("shortfall").span, f"unknown shortfall rule '{shortfall}'",
                        "shortfall is none (nobody draws) or rounds (whole rounds while possible)")
    into = as_text(m.get("into"), "into") if m.get("into") else "hand"
    if into not in zones or zones[into][0] != "player":
        raise RuleError((m.get("into") or step.node).span, f"'{into}' is not a zone each player has",
                        "draw into a per-player zone such as hand")
    first = b.expr(m.get("first"), locals_) if m.get("first") else (lambda st: st.hv.get("winner", st.leader))
    b.emit(Draw(b.here, b.expr(m.get("upto"), locals_), sources, first, shortfall == "rounds",
                zones[into][1], step.span))

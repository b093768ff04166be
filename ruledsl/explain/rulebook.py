"""The rulebook's sections, in order: players and seating, the deck, where the cards lie, what is
counted, the programs (before the first hand, the deal, the play, scoring), the match, the options.
"""
from __future__ import annotations

from ..expr.ast import SuitLit
from ..lang.ruleset import Ruleset
from ..front.load import load
from ..lang.deck import WRITTEN
from ..runtime.cards import JOKER, SUIT_SYMBOLS, joker_names, split_name
from ..runtime.helpers import SEAT_NAMES
from .differences import base_shown, differences
from ..prose.document import Heading, Item, List, Para, Table, render
from .steps import Prose
from ..prose.words import VISIBLE, allowed, cap, code, joined, num, number_word, option_text, plural, rank_plural

PACK_NAMES = {
    "french-52": "the French 52-card pack",
    "piquet-32": "the French 32-card piquet pack",
    "german-32": "the German 32-card pack (acorns ♣, leaves ♠, hearts ♥, bells ♦; Daus A, Ober Q, Unter J)",
    "italian-40": "the Italian 40-card pack (swords ♠, cups ♥, coins ♦, batons ♣; Re K, Cavallo Q, Fante J)",
    "spanish-40": "the Spanish 40-card pack (espadas ♠, copas ♥, oros ♦, bastos ♣; Rey K, Caballo Q, Sota J)",
    "spanish-48": "the Spanish 48-card pack (espadas ♠, copas ♥, oros ♦, bastos ♣; Rey K, Caballo Q, Sota J)",
}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
OWNERS = {"player": "each player", "team": "each team", "shared": "the table", "game": "the table"}
PLAYS = ("tricks", "captures")


def explain(ruleset: Ruleset, fmt: str = "md") -> str:
    """The rulebook of `ruleset` as Markdown (`md`) or plain text (`text`)."""
    blocks = Rulebook(ruleset).blocks()
    if ruleset.base:
        blocks += differences(load(ruleset.base), ruleset)
    return render(blocks, fmt)


class Rulebook:
    def __init__(self, rs: Ruleset):
        self.rs = rs
        self.prose = Prose(rs)

    def blocks(self) -> list:
        rs = self.rs
        out = [Heading(1, rs.name)]
        if rs.description:
            out.append(Para(" ".join(rs.description.split())))
        if rs.base:
            out.append(Para(f"A variant of {code(base_shown(rs))}: see “Differences from the base” at the end."))
        out += self.players() + self.deck() + self.table() + self.counters() + self.functions()
        out += self.programs() + self.match() + self.options()
        return out

    # -- players and seating --------------------------------------------------------------------

    def players(self) -> list:
        rs, p = self.rs, self.rs.players
        if p.max == 1:
            return [Heading(2, "Players and seating"),
                    Para("One player, alone (a patience): seat A, called the player below.")]
        count = f"{number_word(p.min).capitalize()} players"
        if p.min != p.max:
            count = f"{number_word(p.min).capitalize()} to {number_word(p.max)} players " \
                    f"({number_word(p.default)} unless the table chooses otherwise)"
        lines = [
            f"{count}, {self.teams()}.",
            f"Seats are lettered A, B, C … clockwise round the table. Play goes {rs.direction}: dealing, play "
            f"and the turn all pass to the {self.prose.words.next_side}. The first dealer is drawn at random.",
        ]
        if rs.decided_by is not None:
            lines.append(f"When it is a seat's turn to decide, the decision is made by {code(rs.decided_by.text)} "
                         "(where `player` is the seat whose turn it is).")
        return [Heading(2, "Players and seating")] + [Para(line) for line in lines]

    def teams(self) -> str:
        rs = self.rs
        if not rs.teams:
            return "each playing alone"
        if rs.teams == (rs.players.min,) == (rs.players.max,):
            half = rs.players.min // 2
            pairs = [f"{SEAT_NAMES[i]} and {SEAT_NAMES[i + half]}" for i in range(half)]
            return f"in {number_word(half)} partnerships: partners sit opposite, {joined(pairs, 'against')}"
        counts = joined([number_word(n) for n in rs.teams], "or")
        return (f"in partnerships when there are {counts} players (partners sit opposite: seats A and the "
                "one halfway round the table, and so on), each playing alone otherwise")

    # -- the deck -------------------------------------------------------------------------------

    def deck(self) -> list:
        d = self.rs.deck
        ranks = [r for r in d.ranks if r != JOKER]
        removed = [r for r in d.cards_of.ranks if r not in ranks]
        what = PACK_NAMES.get(d.pack, "a pack of its own")
        if removed:
            what += f" without the {joined([rank_plural(r) for r in removed])}"
        if d.jokers:
            what += f", with {plural(d.jokers, 'a joker', f'{number_word(d.jokers)} jokers')} " \
                    f"({' '.join(joker_names(d.jokers))}: {plural(d.jokers, 'a card', 'cards')} of no suit, rank JK)"
        suits = "\u00a0".join(SUIT_SYMBOLS.get(s, s) for s in d.suits)      # kept on one line
        if d.pack == WRITTEN:
            suits = ", ".join(f"{s} {name}" for s, name in zip(d.suits, d.cards_of.suit_names))
        out = [Heading(2, "The deck"),
               Para(f"{cap(what)}: {len(ranks) * len(d.suits) + d.jokers} cards, {len(ranks)} ranks in each of the "
                    f"{number_word(len(d.suits))} suits ({suits})."),
               Para(f"Cards rank, from high to low: {' '.join(d.order)}.")]
        if d.packs > 1:
            size = (len(ranks) * len(d.suits) + d.jokers) * d.packs
            out.insert(2, Para(f"{cap(number_word(d.packs))} such packs are "
                               f"shuffled together, {size} cards: each card is there {d.packs} times, and its "
                               "copies count as the same card."))
        if d.cards_of.rank_names and d.pack == WRITTEN:
            out.append(Para("The ranks' names: " + ", ".join(f"{r} {n}" for r, n in d.cards_of.rank_names.items())
                            + "."))
        for name, order in d.orders.items():
            out.append(Para(f"The order {code(name)} (used by expressions such as `run`): {' '.join(order)}."))
        return out + self.points() + self.values() + self.trumps()

    def points(self) -> list:
        d = self.rs.deck
        if not d.points:
            return []
        groups: dict = {}
        for key, value in d.points.items():
            groups.setdefault(value, []).append(key)
        named = lambda k: f"every {SUIT_SYMBOLS.get(k, k)}" if k in d.suits else k  # noqa: E731
        rows = [(", ".join(map(named, keys)), num(value)) for value, keys in sorted(groups.items(), key=lambda kv: -kv[0])]
        total = sum(_points(d.points, str(c)) for c in d.cards().cards)
        zero = [r for r in d.ranks if r not in d.points]
        note = "Every other card counts 0. " if zero or any(len(k) > 2 for k in d.points) else ""
        return [Heading(3, "Card points"), Table(("cards", "points"), rows),
                Para(f"{note}The whole deck holds {num(total)} points.")]

    def values(self) -> list:
        d = self.rs.deck
        if not d.values:
            return []
        out = [Heading(3, "Capture values"),
               Table(("card",) + tuple(d.values), [("value",) + tuple(str(v) for v in d.values.values())])]
        none = [r for r in d.order if r not in d.values]
        if none:
            n = len(none)
            out.append(Para(f"{joined(none)} {plural(n, 'has', 'have')} no capture value: "
                            f"{plural(n, 'it captures', 'they capture')} only by rank and "
                            f"{plural(n, 'is', 'are')} never part of a sum."))
        return out

    def trumps(self) -> list:
        trumps = self.rs.trumps
        if trumps is None:
            return [Para("There are no trumps.")] if self.has_tricks() else []
        out = [Heading(3, "Trumps")]
        suit = trumps.suit
        if suit is not None and isinstance(suit.tree, SuitLit):
            out.append(Para(f"{cap(_suit_name(self.rs.deck, suit.tree.text))} are trumps."))
        elif suit is not None:
            out.append(Para(f"The trump suit is the suit {code(suit.text)} holds at the time "
                            "(none: no trumps). A trump beats any card of another suit."))
        elif trumps.promote:
            out.append(Para("No suit is trumps: the promoted cards alone are."))
        if trumps.order is not None:
            out.append(Para(f"The rank order in force is the deck order {code(trumps.order.text)} names at the "
                            "time ('order': the order above)."))
        return out + _promoted(trumps.promote)

    def has_tricks(self) -> bool:
        rs = self.rs
        return any(s.kind in ("tricks", "showdown") for s in rs.setup + rs.hand + rs.after_hand)

    # -- zones and counters ---------------------------------------------------------------------

    def table(self) -> list:
        rows = []
        for zone in self.rs.zones.values():
            if zone.name != "deck":
                seen = VISIBLE[zone.visible] if zone.owner != "team" or zone.visible != "owner" else "the team"
                whose = f"the table, {zone.count} of them: {code(zone.name + '(0)')} to " \
                    f"{code(f'{zone.name}({zone.count - 1})')}" if zone.owner == "numbered" else OWNERS[zone.owner]
                rows.append((code(zone.name), whose, seen))
        return [Heading(2, "Where the cards lie"),
                Para("Besides the deck (face down, where every hand starts), the cards lie in these "
                     "zones. How many cards each zone holds is always public."),
                Table(("zone", "one for", "seen by"), rows)]

    def counters(self) -> list:
        if not self.rs.counters:
            return []
        rows = [(code(c.name), OWNERS[c.per], code(c.start.text),
                 "reset every hand" if c.scope == "hand" else "the whole match") for c in self.rs.counters.values()]
        return [Heading(2, "What is counted"),
                Table(("counter", "one for", "starts at", "kept for"), rows)]

    def functions(self) -> list:
        if not self.rs.functions:
            return []
        rows = [(code(f.signature), code(f.body.text)) for f in self.rs.functions.values()]
        return [Heading(2, "Named expressions"),
                Para("The rules below use these, each standing for its expression with the "
                     "arguments given in place of the parameters."),
                Table(("name", "stands for"), rows)]

    # -- the programs ---------------------------------------------------------------------------

    def programs(self) -> list:
        rs, numbered = self.rs, self.prose.numbered
        out = [Heading(2, "Before the first hand"), numbered(rs.setup)] if rs.setup else []
        plays = [i for i, s in enumerate(rs.hand) if s.kind in PLAYS]
        intro = Para("Before every hand all the cards are gathered into the deck and shuffled.")
        if not plays:
            return out + [Heading(2, "A hand"), intro, numbered(rs.hand)]
        first, last = plays[0], plays[-1]
        out += [Heading(2, "The deal"), intro] + ([numbered(rs.hand[:first])] if first else [])
        out += [Heading(2, "The play"), numbered(rs.hand[first:last + 1], start=first + 1)]
        if last + 1 < len(rs.hand):
            out += [Heading(2, "Scoring"), numbered(rs.hand[last + 1:], start=last + 2)]
        return out

    # -- the match, options ---------------------------------------------------------------------

    def match(self) -> list:
        rs = self.rs
        out = [Heading(2, "The match")]
        if rs.summary:
            out.append(Para("After each hand the table shows, for each player:"))
            out.append(List([Item(f"{label}: {code(node.text)}") for label, node in rs.summary]))
        if rs.after_hand:
            out += [Para("Then, after every hand:"), self.prose.numbered(rs.after_hand)]
        return out + self.ending()

    def ending(self) -> list:
        rs = self.rs
        limit = f" A match that has not ended after {rs.max_hands} hands is stopped as an error." \
            if rs.max_hands != 1000 else ""
        payoff = (f"At the end every player gets the payoff {code(rs.returns.text)} (where `player` is that player)."
                  if rs.returns is not None else "At the end each winner scores 1 and every other player 0.")
        out = [Para("Hands are played until a step says the match ends." + limit), Para(payoff)]
        if rs.hand_value is not None:
            out.append(Para(f"Each hand is worth {code(rs.hand_value.text)} to each player (where `player` is "
                            "that player): what computer players play for within a hand."))
        return out

    def options(self) -> list:
        if not self.rs.options:
            return []
        rows = [(code(o.name), option_text(o.default), allowed(o), " ".join(o.help.split()))
                for o in self.rs.options.values()]
        return [Heading(2, "Options"),
                Para("A table may change these (`ruledsl run --set name=value`, or a variant's `options:`)."),
                Table(("option", "default", "allowed", "meaning"), rows)]


def _promoted(promote) -> list:
    """The cards promoted to trumps, and how they play."""
    items = []
    for entry in promote:
        text = f"{entry.card.text} becomes a trump, " + (f"ranking just above the trump {entry.above.text}"
                                                         if entry.above is not None else "above every other trump")
        items.append(Item(text + (f", while {code(entry.when.text)}" if entry.when is not None else "") + "."))
    if not items:
        return []
    return [List(items), Para("A promoted card counts only as a trump: for following, leading and winning "
                              "it no longer belongs to its printed suit. Several promoted cards rank in "
                              "the order listed, the first highest.")]


def _suit_name(deck, letter: str) -> str:
    """A suit in words: a written pack's own name for it, else the French name."""
    return deck.cards_of.suit_name(letter) if deck.pack == WRITTEN else SUIT_NAMES[letter]


def _points(table: dict, card: str):
    """A card's points: its own entry, else its rank's, else its suit's, else 0."""
    rank, suit = split_name(card)
    return table.get(card, table.get(rank, table.get(suit, 0)))

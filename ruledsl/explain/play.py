"""The prose of the play's own steps: tricks, captures and the automatic showdown trick.

Each is one item ("Play eight tricks.") whose facts, as sub-items, say who starts, what must be
played, what wins, where the cards go and which hooks run.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.whynot import lead_rule
from ..model import Step
from ..yamlnodes import Map, Seq
from .document import Item
from .words import VISIBLE, cap, code, flag, joined, literal_int, number_word, plural, setting, settings, uncap

if TYPE_CHECKING:
    from .steps import Prose

FOLLOW = {
    "suit": "You must follow suit: a player holding a card of the suit led must play one; "
            "a player who has none may play any card.",
    "suit_or_trump": "A player holding the suit led must play that suit or a trump; a player "
                     "without it may play any card. When trumps are led, a player holding a trump must play one.",
    "any": "Any card may be played: there is no need to follow suit.",
}
TRICK_HOOKS = (("before_trick", "At the start of every trick:"),
               ("before_play", "When a player is about to play (`player` is that player):"),
               ("after_trick", "After every trick (`winner` is its winner):"))
CAPTURE_HOOKS = (("after_play", "After every turn:"),)
OPTIONAL = {True: "Capturing is optional: a card may always simply be laid.",
            False: "A card that can capture must capture; a card that cannot is laid on the table."}


def hooks(prose: Prose, m: Map, labels) -> list[Item]:
    """The steps run at fixed moments of the play, one item for each moment that has some."""
    out = []
    for key, label in labels:
        steps = prose.nested(m.get(key), key)
        if steps:
            out.append(Item(label, steps, ordered=True))
    return out


# -- tricks ---------------------------------------------------------------------------------------

def tricks(prose: Prose, step: Step) -> list[Item]:
    m, w = settings(step), prose.words
    sizes = tuple(int(x.text) for x in m.get("lead").items) if isinstance(m.get("lead"), Seq) else (1,)
    facts = [Item(f"{cap(w.starting(m.get('leader')))} leads to the first trick; the winner of each trick "
                  f"leads to the next. The turn passes to the {w.next_side}.")]
    if sizes != (1,):
        facts.append(Item(f"The leader may {lead_rule(sizes)}. Everyone else then plays as many cards as "
                          "were led, chosen freely (the follow rule below applies to single cards)."))
    follow = setting(m, "follow", "suit")
    facts.append(Item(FOLLOW.get(follow, f"Follow rule: {code(follow)}.")))
    facts.append(Item(beating(isinstance(prose.rs.trumps, Map), sizes)))
    facts.append(_won(prose, setting(m, "won", "won")))
    if m.get("open") is not None:
        facts.append(Item(f"Cards are played face up while {code(m.get('open').text)}; otherwise a play "
                          "that does not beat the best so far is placed face down."))
    return [Item(_how_many(m.get("count")), facts + hooks(prose, m, TRICK_HOOKS))]


def _how_many(count) -> str:
    n = literal_int(count)
    if count is None:
        return "Play tricks until the hands are empty."
    if n is not None:
        return f"Play {number_word(n)} {plural(n, 'trick')}."
    return f"Play {code(count.text)} tricks."


def beating(trumps: bool, sizes) -> str:
    """What wins a trick."""
    text = ("The highest trump played wins the trick; if there is none, the highest card of the suit led."
            if trumps else "The highest card of the suit led wins the trick.")
    if not any(k > 1 for k in sizes):
        return text
    return ("A card beats another of its suit that ranks lower" + (", and any trump beats any "
            "card of another suit" if trumps else "") + ". A play beats the best play so far only "
            "if its cards pair one-to-one with that play's cards, each beating its partner. The "
            "trick goes to the last player who beat the best play so far, or to the leader if "
            "nobody did. With single cards: " + uncap(text))


def _won(prose: Prose, won: str) -> Item:
    zone = prose.rs.zones.get(won)
    whose = "their team's" if zone is not None and zone.owner == "team" else "their"
    seen = f" (seen by {VISIBLE[zone.visible]})" if zone is not None else ""
    return Item(f"The trick's winner puts its cards in {whose} {code(won)} zone{seen}.")


# -- captures -------------------------------------------------------------------------------------

def captures(prose: Prose, step: Step) -> list[Item]:
    m, w = settings(step), prose.words
    by_sum = flag(m, "sum", False)
    text = (f"Players take turns, starting with {w.starting(m.get('first'))} and passing to the {w.next_side}: "
            f"each lays one card from their hand on the {code(setting(m, 'table', 'table'))}, and may capture with it.")
    facts = [Item(_ways(flag(m, "rank", True), by_sum))]
    if by_sum:
        facts += _valueless(prose.rs.deck)
    facts += [Item(OPTIONAL[flag(m, "optional", True)]), _pile(prose, setting(m, "pile", "pile"))]
    facts += _bonuses(prose, m.get("bonuses")) + hooks(prose, m, CAPTURE_HOOKS)
    return [Item(text, facts + [_refill(prose, m.get("refill"))])]


def _ways(rank: bool, by_sum: bool) -> str:
    ways = (["one table card of the same rank"] if rank else []) + \
           (["two or more table cards whose capture values add up to its own"] if by_sum else [])
    return f"A card captures {joined(ways, 'or')}." if ways else "Cards never capture."


def _valueless(deck) -> list[Item]:
    none = [r for r in deck.order if r not in deck.values] if deck.values else []
    if not none:
        return []
    return [Item(f"{joined(none)} {plural(len(none), 'has', 'have')} no capture value: "
                 "captured only by rank, never part of a sum.")]


def _pile(prose: Prose, pile: str) -> Item:
    zone = prose.rs.zones.get(pile)
    whose = "the capturer's team's" if zone is not None and zone.owner == "team" else "the capturer's"
    return Item(f"The captured cards and the card that took them go to {whose} {code(pile)} zone.")


def _bonuses(prose: Prose, node) -> list[Item]:
    if not (isinstance(node, Seq) and node.items):
        return []
    items = [Item(f"**{b.get('name').text}** when {code(b.get('when').text)}: "
                  f"{'; '.join(prose.words.statements(b.get('do')))}.") for b in node.items]
    return [Item("After each capture these bonuses are checked, and every one that applies is "
                 "paid (`played`, `captured` and `capture_kind` describe the capture):", items)]


def _refill(prose: Prose, node) -> Item:
    refill = prose.nested(node, "refill")
    if not refill:
        return Item("The play is over when the player to move has no cards.")
    return Item("When the player to move has no cards:", refill + [
        Item("If that gave them cards play goes on; otherwise the play is over.")], ordered=True)


# -- the showdown ---------------------------------------------------------------------------------

def showdown(prose: Prose, step: Step) -> list[Item]:
    m = step.args
    return [Item(f"The players of {code(m.get('among').text)}, in that order, play one automatic trick: "
                 f"each plays {code(m.get('play').text)}, and the winner (beating as in the tricks) is "
                 f"remembered as {code(m.get('as').text)}.")]

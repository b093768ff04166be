"""The tricks step in `ruledsl explain`'s words: who leads, the follow rule, what beats, where won
cards go, and the hooks."""
from __future__ import annotations

from ....prose.document import Item
from ....prose.words import VISIBLE, cap, code, literal_int, number_word, plural, uncap
from .playable import describe_playable
from .playing import lead_rule

FOLLOW_WORDS = {
    "suit": "You must follow suit: a player holding a card of the suit led must play one; "
            "a player who has none may play any card.",
    "suit_or_trump": "A player holding the suit led must play that suit or a trump; a player "
                     "without it may play any card. When trumps are led, a player holding a trump must play one.",
    "any": "Any card may be played: there is no need to follow suit.",
}
HOOKS = (("before_trick", "At the start of every trick:"),
         ("before_play", "When a player is about to play (`player` is that player):"),
         ("after_trick", "After every trick (`winner` is its winner, `trick_number` its number):"))


def describe_tricks(prose, step) -> list[Item]:
    """The tricks step `step` in words."""
    w = prose.words
    facts = [Item(f"{cap(w.starting(step.leader))} leads to the first trick; the winner of each trick "
                  f"leads to the next. The turn passes to the {w.next_side}.")]
    if step.lead != (1,):
        facts.append(Item(f"The leader may {lead_rule(step.lead)}. Everyone else then plays as many cards as "
                          "were led, chosen freely (the follow rule below applies to single cards)."))
    facts.append(Item(FOLLOW_WORDS.get(step.follow, f"Follow rule: {code(step.follow)}.")))
    facts += describe_playable(step.playable)
    facts.append(Item(beating(prose.rs.trumps is not None, step.lead)))
    facts.append(_won(prose, step.won.text if step.won is not None else "won"))
    if step.open is not None:
        facts.append(Item(f"Cards are played face up while {code(step.open.text)}; otherwise a play "
                          "that does not beat the best so far is placed face down."))
    return [Item(_how_many(step.count), facts + prose.hooks(step, HOOKS))]


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


def _won(prose, won: str) -> Item:
    zone = prose.rs.zones.get(won)
    whose = "their team's" if zone is not None and zone.owner == "team" else "their"
    seen = f" (seen by {VISIBLE[zone.visible]})" if zone is not None else ""
    return Item(f"The trick's winner puts its cards in {whose} {code(won)} zone{seen}.")

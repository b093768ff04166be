"""The hand's past, kept while a match records (`record=True`): the state at the hand's first
decision and every decision taken since, as (seat, action). It is a hand field (`st.past`,
hand.py): reset when a hand begins, replaced (never changed in place) at each decision, so
clones share it and copy nothing.

    st.past        None, or (the state at the hand's first decision, the decisions since as a
                   chain: ((seat, action), (the one before, (…, ()))))

A play-out (State.play_out) takes its decisions without the API: on a recording state it drops
the past, which then starts again at the next decision taken through the API.

It holds hidden information, as the event log does: nothing shows it. Its one reader is
determinization (determinize.py), which maps it into the world it samples — the cards hidden
from the seat replaced as they are in that world — so that a bot can replay the hand in that
world and ask how likely each player's choices were, had they held those cards
(ruledsl/bots/inference.py).
"""
from __future__ import annotations


def remember(st, action) -> None:
    """`action` is about to be taken in `st` (apply_action and apply_action_fast call this when
    the match records)."""
    past = st.past
    if past is None:
        start = st.clone()
        start.events, start.past = None, None
        past = (start, ())
    st.past = (past[0], ((st.player, action), past[1]))


def decisions(past) -> list:
    """The (seat, action) pairs of a past, first first."""
    out, link = [], past[1]
    while link:
        out.append(link[0])
        link = link[1]
    out.reverse()
    return out


def flat(past):
    """A past with its decisions as a list, first first: what a pickle keeps (the chain of a long
    hand's decisions nests deeper than pickle goes)."""
    return None if past is None else (past[0], decisions(past))


def chained(flattened):
    """The past that flat() flattened."""
    if flattened is None:
        return None
    link = ()
    for decision in flattened[1]:
        link = (decision, link)
    return (flattened[0], link)

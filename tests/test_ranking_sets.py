"""The card sets a trick of single cards reads (Ranking.follows, answers, beaters) say what the
rules say card by card, under every trump situation a shipped game meets: the suit led, the
suit or a trump, and who beats whom."""
import functools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import shipped
from ruledsl.runtime.cards import Card

GAMES = {p.stem: shipped.load(p) for p in sorted((Path(__file__).parents[1] / "games").glob("*.yaml"))}


@functools.lru_cache(maxsize=None)
def situations(name: str):
    """A game's rankings: the fixed one, or those its matches build as the trumps change."""
    game = GAMES[name]
    prog = game.program(game.default_players)
    for seed in range(4):          # matches make the situations they meet (trump suits, the Mit')
        game.new_initial_state(seed=seed).play_out(random.Random(seed), max_steps=400)
    return list(prog.rankings.cache.values()) or [prog.rankings.get(None)], prog.deck


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_sets_of_a_card_are_the_rules_card_by_card(name, data):
    rankings, deck = situations(name)
    r = data.draw(st.sampled_from(rankings))
    c, b = data.draw(st.sampled_from(deck.cards)), data.draw(st.sampled_from(deck.cards))
    same_suit = r.suit[c] == r.suit[b]
    assert (c in r.follows[b]) == same_suit
    assert (c in r.answers[b]) == (same_suit or r.trump[c])
    beats = r.power[c] > r.power[b] if same_suit else r.trump[c] and not r.trump[b]
    assert (c in r.beaters[b]) == beats
    # the sets hold the very Cards the hands hold, so a test finds them by identity
    assert all(type(x) is Card and deck.by_name[str(x)] is x for x in r.beaters[b] | r.follows[b])

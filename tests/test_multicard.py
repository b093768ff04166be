"""Several cards in one action: an ask choice whose `each:` values are lists of cards
(`play 5S 5H`). The action's text is canonical (the combination built-ins give cards in the
deck's order), a player may type the cards in any order, why_not names the card or the rule,
the value stays a list for the steps it runs, actions stay hashable for the search bots, the
integer actions spell every one, and a determinization leaves the choice alone."""
from __future__ import annotations

import random

import pytest

from ruledsl.bots import make
from ruledsl.runtime import indices

GAME = """\
name: Sets
players: 3
deck: {pack: french-52, order: [2, A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3]}
zones:
  hand: {owner: player, visible: owner}
  pile: {visible: all}
counters:
  standing: {start: "[]"}
  best: {per: player, start: 0}
hand:
  - deal: {to: each, count: 5}
  - ask:
      who: order(next(dealer)) + order(next(dealer))
      prompt: play a set of equal cards, higher than the last
      choices:
        play:
          each: s in [s for g in by_rank(hand(player)) for k in range(1, len(g) + 1) for s in combinations(g, k)]
          when: standing == [] or (len(s) == len(standing) and power(s[0]) > power(standing[0]))
          do: move s to pile; standing = s; best(player) += len(s)
        pass:
after_hand:
  - end_match: argmax(best(p) for p in seats)
"""
DEAL = [{"hand": {"A": "5S 5H 5D 9C KH", "B": "6S 6H 7D 7C AS", "C": "2S 3H 4D 8C 8H"}}]


@pytest.fixture(scope="module")
def game(rules_from_text):
    return rules_from_text(GAME)


def start(game):
    return game.new_initial_state(seed=3, dealer=2, deals=DEAL)


def texts(st) -> list[str]:
    return [st.action_to_string(a) for a in st.legal_actions()]


def test_each_combination_is_one_action_with_canonical_text(game):
    st = start(game)
    assert texts(st) == ["play KH", "play 9C", "play 5S", "play 5H", "play 5D", "play 5S 5H", "play 5S 5D",
                         "play 5H 5D", "play 5S 5H 5D", "pass"]
    assert all(hash(a) is not None for a in st.legal_actions())          # hashable: search trees key by them


def test_the_cards_may_be_typed_in_any_order_and_stay_a_list(game):
    st = start(game)
    st.apply_action("play 5d 5S")
    assert st.evaluate("standing") == st.evaluate("[5S, 5D]")
    assert st.evaluate("len(standing) == 2 and pile == standing")
    assert texts(st) == ["play 7D 7C", "play 6S 6H", "pass"]


@pytest.mark.parametrize("typed, reason", [
    ("play QS", "you do not hold QS"),
    ("play 5S 5S", "you named 5S twice"),
    ("play 5S 9C", "'play 5S 9C' is not offered; choose from KH, 9C, 5S, 5H, 5D, 5S 5H, 5S 5D, 5H 5D, 5S 5H 5D"),
    ("play", "'play' needs a value, e.g. 'play KH'"),
    ("play 1X", "'play 1X' is not offered"),
])
def test_why_not_names_the_card_or_lists_the_combinations(game, typed, reason):
    assert start(game).why_not(typed).startswith(reason)


def test_why_not_says_the_rule_that_excludes_a_combination_in_words(game):
    st = start(game)
    st.apply_action("play 5S 5H")
    assert st.why_not("play 6H 6S") is None
    assert st.why_not("play 6S") == ("'play 6S' is offered only when standing is empty or (the number of 6S is the "
                                     "number of standing and the strength of the first of 6S is more than the "
                                     "strength of the first of standing), and that does not hold now")


def test_integer_actions_spell_every_combination(game):
    st = start(game)
    for _ in range(6):
        if st.is_terminal():
            break
        legal = st.legal_actions()
        for action in legal:
            chosen: tuple = ()
            got = None
            for i in indices.action_indices(st, action):
                got = indices.action_from_index(st, i, chosen)
                chosen += (i,)
            assert got == action
        st.apply_action(random.Random(len(chosen)).choice(legal))


def test_determinize_keeps_the_actions_and_a_search_bot_plays_them(game):
    st = start(game)
    st.apply_action("play 5S 5H 5D")
    sample = st.determinize(st.current_player(), random.Random(4))
    assert sample.legal_actions() == st.legal_actions()
    bot, rng = make("ismcts@30"), random.Random(0)
    while not st.is_terminal():
        st.apply_action(bot(st, rng))
    assert st.is_terminal()

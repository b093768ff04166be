"""`decided_by:` — a seat whose decisions another seat makes (the declarer plays the dummy's cards).

The seat whose turn it is stays the one whose cards are played (the table says "C plays 5H");
the seat to decide — current_player(), the observation's `to_move`, what bots, adapters and
the scenarios' moves go by — is the one `decided_by` names."""
import random

import pytest

from ruledsl.errors import RuleErrors
from ruledsl.tools.checks import warnings

RULES = """
name: Dummy
players: 4
teams: partners
decided_by: "{decider}"
deck: {{pack: french-52, keep: [A, K, Q, J, 10, 9], order: [A, K, Q, J, 10, 9]}}
zones:
  hand: {{owner: player, visible: owner}}
  won: {{owner: team, visible: all}}
counters:
  dummy: {{start: none, scope: hand}}
hand:
  - deal: {{to: each, count: 6}}
  - do: dummy = partner(dealer)
  - tricks:
      leader: next(dealer)
      follow: suit
      won: won
      before_play:
        - when: trick_number == 1 and len(trick) == 1
          do: reveal hand(dummy)
after_hand:
  - end_match: "[0]"
"""
DEALT = {"A": "AS KS QS JS 10S 9S", "B": "AH KH QH JH 10H 9H", "C": "AD KD QD JD 10D 9D",
         "D": "AC KC QC JC 10C 9C"}


def game_of(load_rules, decider="dealer if dummy != none and player == dummy else player"):
    return load_rules(RULES.format(decider=decider))


def test_the_dealer_plays_the_dummys_cards_once_they_are_shown(load_rules):
    game = game_of(load_rules)
    st = game.new_initial_state(seed=1, players=4, dealer=3, deals=[{"hand": DEALT}], record=True)
    assert st.current_player() == 0                    # A leads from its own hand
    st.apply_action("play AS")
    # B's turn (D's partner, the dummy, is B): D, the dealer, decides, from B's cards, now shown.
    assert st.player == 1 and st.current_player() == 3
    assert st.asked() == "play to the trick for B"     # the decider is told whose cards it plays
    assert sorted(map(st.action_to_string, st.legal_actions()))[0] == "play 10H"
    for seat in range(4):
        obs = st.observation(seat)
        assert obs["to_move"] == 3
        assert obs["zones"]["hand"][1]["cards"] == ["AH", "KH", "QH", "JH", "10H", "9H"]
        assert bool(obs["legal"]) == (seat == 3)
    st.apply_action("play 9H")
    plays = [e for e in st.events if e["kind"] == "play"]
    assert plays[-1]["seat"] == 1                      # the table says B played it
    assert st.current_player() == 2 and st.asked() == "play to the trick"    # C decides for itself


def test_without_a_dummy_every_seat_decides_for_itself(load_rules):
    game = game_of(load_rules, decider="player")
    st = game.new_initial_state(seed=2, players=4)
    rng = random.Random(2)
    while not st.is_terminal():
        assert st.current_player() == st.player
        st.apply_action(rng.choice(st.legal_actions()))


def test_a_decider_that_reads_hidden_cards_is_warned_of(load_rules):
    game = game_of(load_rules, decider="partner(player) if count(hand(player)) > 3 and AS in hand(player) else player")
    found = [w for w in warnings(game) if "who decides depends on" in w.message]
    assert len(found) == 1 and "hand(player)" in found[0].message


def test_a_decider_that_is_no_seat_is_an_error_at_the_key(load_rules):
    with pytest.raises(RuleErrors, match="`decided_by` takes a seat"):
        game_of(load_rules, decider="hand(player)")


def test_explain_says_who_decides(load_rules):
    from ruledsl.explain.rulebook import explain
    text = explain(game_of(load_rules).ruleset, "md")
    assert "the decision is made by `dealer if dummy != none and player == dummy else player`" in text

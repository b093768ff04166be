"""Why a move is not legal: the reason comes from the construct that excludes it (the follow
rule, the lead sizes, the capture settings and values, an ask choice's `each` and `when`).

Ciapanò (games/ciapano.yaml) covers following suit and cards not held; small rule files written
here cover the rest, so these tests do not depend on other games. Every expected reason is worked
out by hand from the deal written next to it.
"""
from pathlib import Path

import pytest

import shipped
from ruledsl import IllegalAction
from ruledsl.lang.steps.tricks import lead_rule

ROOT = Path(__file__).parents[1]


# -- Ciapanò: follow suit, cards not held, cards not in the deck -------------------------------

CIAPANO_DEAL = {
    0: "4S 3H 2H AH KH QH JH 7H 6H 5H",
    1: "3C 2C AC KC QC JC 7C 6C 5C 4C",
    2: "3D 2D AD KD QD JD 7D 6D 5D 4D",
    3: "3S 2S AS KS QS JS 7S 6S 5S 4H",
}


@pytest.fixture
def ciapano_after_4s():
    """Dealer B: A (the dealer's right) leads 4S; D (A's right, anticlockwise) is to follow."""
    game = shipped.load(ROOT / "games" / "ciapano.yaml")
    st = game.new_initial_state(players=4, dealer=1, deals=[{"hand": CIAPANO_DEAL}])
    assert st.current_player() == 0
    st.apply_action("play 4S")
    assert st.current_player() == 3
    return st


def test_ciapano_must_follow_suit(ciapano_after_4s):
    st = ciapano_after_4s
    assert st.why_not("play 4H") == "you must follow suit: you hold ♠"


def test_ciapano_card_not_held_and_not_in_deck(ciapano_after_4s):
    st = ciapano_after_4s
    assert st.why_not("play 3D") == "you do not hold 3D"        # C holds it
    assert st.why_not("play 9S") == "there is no 9S in this game's deck"   # 10 9 8 removed
    assert st.why_not("play ZZ").startswith("'ZZ' is not a card")


def test_ciapano_legal_play_has_no_reason(ciapano_after_4s):
    st = ciapano_after_4s
    assert st.why_not("play 3S") is None
    assert st.why_not("PLAY 7s") is None                     # read as parse_action reads it
    assert st.why_not(st.legal_actions()[0]) is None          # a value works too


def test_illegal_action_message_starts_with_the_reason(ciapano_after_4s):
    st = ciapano_after_4s
    with pytest.raises(IllegalAction) as caught:
        st.apply_action("play 4H")
    message = str(caught.value)
    assert message.startswith("you must follow suit: you hold ♠")
    assert caught.value.reason == "you must follow suit: you hold ♠"
    assert "legal: " in message and "play 3S" in message and "play 4H" not in message.split("legal:")[1]
    assert len(caught.value.legal) == 9                       # D's nine spades


def test_illegal_value_action_is_explained(ciapano_after_4s):
    st = ciapano_after_4s
    four_h = st.evaluate("4H")                  # a single card's play is the card
    assert st.action_to_string(four_h) == "play 4H"
    with pytest.raises(IllegalAction) as caught:
        st.apply_action(four_h)
    assert caught.value.reason == "you must follow suit: you hold ♠"


def test_ciapano_discard_not_held():
    """Three players: the dealer (A) gets 13 + 1 cards and discards one of them."""
    game = shipped.game("ciapano")
    hands = {0: "3S 2S AS KS QS JS 7S 6S 5S 4S 3H 2H AH KH"}
    st = game.new_initial_state(players=3, dealer=0, deals=[{"hand": hands}])
    assert st.current_player() == 0
    assert st.why_not("discard 3D") == "you do not hold 3D"
    assert st.why_not("discard 9S") == "there is no 9S in this game's deck"
    assert st.why_not("discard 3S") is None
    assert st.why_not("play 3S") == (
        "you are asked to discard one card face down; it goes to the winner of the last trick: "
        "'play' is not a choice here; answer discard")


# -- lead sizes ---------------------------------------------------------------------------------

LEADS = """\
name: Leads
players: 2
deck: {pack: french-52, keep: [A, K, Q, J, 10, 9], order: [A, K, Q, J, 10, 9]}
zones: {won: {owner: player, visible: nobody}}
hand:
  - deal: {to: each, count: 6}
  - tricks: {lead: [1, 3], follow: any}
after_hand:
  - end_match: seats
"""
LEAD_HANDS = {0: "AS KS QS AH KH AD", 1: "JS 10S 9S JH 10H 9H"}


def leads_state(dealt):
    st = dealt(LEADS, 2, LEAD_HANDS, dealer=1)
    assert st.current_player() == 0         # clockwise: the dealer's left leads
    return st


def test_lead_of_two_cards_is_not_a_lead_size(dealt):
    st = leads_state(dealt)
    assert st.why_not("play AS KS") == "lead one card or three of one suit"
    assert st.why_not("play AS KS AH") == "lead one card or three of one suit"   # not one suit
    assert st.why_not("play AS KS QS") is None
    assert st.why_not("play AH") is None


def test_followers_play_as_many_cards_as_were_led(dealt):
    st = leads_state(dealt)
    st.apply_action("play AS KS QS")
    assert st.why_not("play JS") == "play as many cards as were led: three"
    assert st.why_not("play JS 10S 9H") is None            # chosen freely


def test_single_lead_takes_one_card(dealt):
    st = leads_state(dealt)
    st.apply_action("play AH")
    assert st.why_not("play JH 10H") == "play one card: one card was led"


@pytest.mark.parametrize("sizes, text", [
    ((1,), "lead one card"),
    ((3,), "lead three cards of one suit"),
    ((2, 3), "lead two or three cards of one suit"),
    ((1, 2, 3), "lead one card or two or three of one suit"),
])
def test_lead_rule_wording(sizes, text):
    assert lead_rule(sizes) == text


# -- suit_or_trump, promoted cards --------------------------------------------------------------

TRUMPS = """\
name: Trumps
players: 2
deck: {pack: french-52, keep: [A, K, Q, J, 10, 9], order: [A, K, Q, J, 10, 9]}
zones: {won: {owner: player, visible: nobody}}
trumps:
  suit: H
  promote:
    - {card: QS, above: K}
hand:
  - deal: {to: each, count: 6}
  - tricks: {follow: FOLLOW}
after_hand:
  - end_match: seats
"""
# B holds spades (KS 9S), trumps (10H, and QS promoted above the trump K) and other cards.
TRUMP_HANDS = {0: "AS KC AD 9C 10C 9H", 1: "KS 9S 10H QS AC JD"}


def trumps_state(dealt, follow, lead):
    st = dealt(TRUMPS.replace("FOLLOW", follow), 2, TRUMP_HANDS, dealer=1)
    st.apply_action(lead)
    assert st.current_player() == 1
    return st


def test_suit_or_trump_needs_the_suit_or_a_trump(dealt):
    st = trumps_state(dealt, "suit_or_trump", "play AS")
    assert st.why_not("play AC") == "you must follow suit or play a trump: you hold ♠"
    assert st.why_not("play JD") == "you must follow suit or play a trump: you hold ♠"
    assert st.why_not("play 10H") is None
    assert st.why_not("play QS") is None                 # the promoted QS is a trump
    assert st.why_not("play KS") is None


def test_trumps_led_must_be_answered_with_a_trump(dealt):
    st = trumps_state(dealt, "suit_or_trump", "play 9H")
    assert st.why_not("play KS") == "you must follow suit: you hold ♥ (trumps)"
    assert st.why_not("play QS") is None


def test_promoted_card_no_longer_follows_its_printed_suit(dealt):
    st = trumps_state(dealt, "suit", "play AS")
    assert st.why_not("play QS") == "you must follow suit: you hold ♠ (QS counts only as a trump now)"
    assert st.why_not("play 9S") is None


# -- captures -----------------------------------------------------------------------------------

FISHING = """\
name: Fishing
players: 2
deck:
  pack: french-52
  order: [K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, A]
  values: {A: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9, 10: 10}
zones:
  table: {visible: all}
  pile: {owner: player, visible: nobody}
hand:
  - deal: {to: each, count: 3}
  - deal: {to: table, count: 6}
  - captures: {table: table, rank: true, sum: true, optional: OPTIONAL, pile: pile}
after_hand:
  - end_match: seats
"""
FISH_HANDS = {0: "JS 7C KD", 1: "2D 3C 4C"}
FISH_TABLE = {"table": "JH QD 3D 5H 2C 4S"}


def fishing_state(dealt, optional="true"):
    st = dealt(FISHING.replace("OPTIONAL", optional), 2, FISH_HANDS, FISH_TABLE, dealer=1)
    assert st.current_player() == 0
    return st


def test_courts_capture_only_by_rank(dealt):
    st = fishing_state(dealt)
    assert st.why_not("play JS take QD") == \
        "courts capture only a court of the same rank: JS can take only a J"
    assert st.why_not("play JS take 3D 4S") == \
        "courts capture only a court of the same rank: JS can take only a J"
    assert st.why_not("play JS take JH") is None


def test_sum_capture_must_add_up(dealt):
    st = fishing_state(dealt)
    assert st.why_not("play 7C take 3D 5H") == "the cards taken must add up to 7: 3D 5H make 8"
    assert st.why_not("play 7C take 2C 3D 4S") == "the cards taken must add up to 7: 2C 3D 4S make 9"
    assert st.why_not("play 7C take 3D 4S") is None
    assert st.why_not("play 7C take 5H 2C") is None


def test_other_capture_mistakes(dealt):
    st = fishing_state(dealt)
    assert st.why_not("play 7C take QD 2C") == "QD has no capture value: it is never part of a sum"
    assert st.why_not("play 7C take 2C") == \
        "one card is taken only by a card of the same rank: 7C can take a 7, or two or more cards adding up to 7"
    assert st.why_not("play 7C take 9H 5H") == "9H is not on the table"
    assert st.why_not("play 8C") == "you do not hold 8C"
    assert st.why_not("play 7C") is None                  # optional: a card may simply be laid


def test_capture_is_forced_when_not_optional(dealt):
    st = fishing_state(dealt, optional="false")
    # 7 = 2 + 5 = 3 + 4; the first capture in canonical order (by value) is 2C 5H.
    assert st.why_not("play 7C") == "you must capture when you can: 7C can take 2C 5H"
    assert st.why_not("play KD") is None                  # no K on the table: laid


# -- ask: each and when -------------------------------------------------------------------------

ASKING = """\
name: Asking
players: {min: 2, max: 3}
deck: {pack: french-52, keep: [A, K, Q, J, 10, 9], order: [A, K, Q, J, 10, 9]}
zones: {won: {owner: player, visible: nobody}}
options: {doubling: true}
counters: {doubled: false}
hand:
  - deal: {to: each, count: 2}
  - ask:
      who: dealer
      prompt: double the stakes or pass
      choices:
        double: {when: option.doubling and players == 2, do: doubled = true}
        discard: {each: c in hand(player), when: "rank(c) != 'A'"}
        pass:
  - tricks: {follow: suit}
after_hand:
  - end_match: seats
"""


def asking_state(dealt, players):
    st = dealt(ASKING, players, {0: "AS KS"}, dealer=0)
    assert st.current_player() == 0
    return st


def test_ask_names_the_part_of_when_that_fails_in_words(dealt):
    st = asking_state(dealt, 3)
    assert st.why_not("double") == "'double' is offered only when the number of players is 2, and that does not hold now"
    assert st.why_not("discard AS") == \
        "'discard AS' is offered only when the rank of AS is not “A”, and that does not hold now"
    assert st.why_not("discard KS") is None
    assert asking_state(dealt, 2).why_not("double") is None


def test_a_choices_rule_is_what_why_not_says(dealt):
    """`rule:` on a choice: the reason a player is told, whichever part of `when:` fails."""
    text = ASKING.replace("players == 2, do:", "players == 2, rule: doubling is for two players, do:")
    assert text != ASKING
    st = dealt(text, 3, {0: "AS KS"}, dealer=0)
    assert st.why_not("double") == "doubling is for two players"


def test_ask_values_and_unknown_answers(dealt):
    st = asking_state(dealt, 3)
    assert st.why_not("discard QH") == "you do not hold QH"
    assert st.why_not("discard") == "'discard' needs a value, e.g. 'discard KS'"
    assert st.why_not("pass now") == "'pass' takes nothing after it: answer just 'pass'"
    assert st.why_not("fold") == \
        "you are asked to double the stakes or pass: 'fold' is not a choice here; answer discard or pass"


def test_why_not_when_nobody_moves(dealt):
    st = asking_state(dealt, 2)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert st.why_not("pass") == "the match is over"

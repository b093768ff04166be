"""`playable:` restrictions of a tricks step (after the follow rule, lifted when they would leave
no card, why_not in the rule's words), and `trick_number` / `tricks_played` in every hook."""
from ruledsl.explain.rulebook import explain

RULES = """
name: Little hearts
players: 2
deck:
  pack: french-52
  keep: [A, K, 2]
  order: [A, K, 2]
zones:
  won: {owner: player, visible: nobody}
counters:
  broken: {start: false}
  numbers: {start: "[]"}
hand:
  - deal: {to: each, count: 6}
  - tricks:
      leader: first(p for p in seats if holds(hand(p), 2C))
      follow: suit
      playable:
        - rule: the holder of 2C leads it to the first trick
          when: trick_number == 1 and not trick
          cards: card == 2C
        - rule: hearts may not be led until a heart has been played
          when: not trick and not broken
          cards: suit(card) != H
      before_trick:
        - do: numbers = numbers + [[trick_number, tricks_played]]
      before_play:
        - do: numbers = numbers + [[trick_number, tricks_played]]
      after_trick:
        - do: broken = broken or any(suit(c) == H for c in trick); numbers = numbers + [[trick_number, tricks_played]]
after_hand:
  - end_match: active
summary:
  numbers: numbers
"""

def legal(st) -> list[str]:
    return sorted(str(a) for a in st.legal_actions())


HANDS = {0: "2C AH KH 2H AS KS", 1: "AC KC AD KD 2D 2S"}


def test_restrictions_after_the_follow_rule_with_the_rule_in_words(dealt):
    st = dealt(RULES, 2, HANDS, dealer=1)
    assert legal(st) == ["2C"]
    assert st.why_not("play AS") == "the holder of 2C leads it to the first trick"
    st.apply_action("play 2C")
    assert legal(st) == ["AC", "KC"]       # following: no restriction
    st.apply_action("play AC")
    st.apply_action("play 2S")
    assert legal(st) == ["AS", "KS"]
    st.apply_action("play AS")
    assert legal(st) == ["KS"]                          # hearts not broken yet
    assert st.why_not("play AH") == "hearts may not be led until a heart has been played"
    assert st.why_not("play 2C") == "you do not hold 2C"
    st.apply_action("play KS")
    st.apply_action("play KC")
    # Only hearts left: the restriction would leave nothing, so it is lifted.
    assert legal(st) == ["2H", "AH", "KH"]
    assert st.why_not("play AH") is None


def test_trick_number_is_the_trick_in_play_in_every_hook(dealt):
    st = dealt(RULES, 2, HANDS, dealer=1)
    for a in ["play 2C", "play AC"]:
        st.apply_action(a)
    numbers = st.observation(0)["counters"]["numbers"]
    # before_trick, two before_plays and after_trick of trick 1, then trick 2's before_trick and first play.
    assert numbers[:6] == [[1, 0], [1, 0], [1, 0], [1, 1], [2, 1], [2, 1]]


def test_explain_states_the_restrictions(load_rules):
    text = explain(load_rules(RULES).ruleset)
    assert "The holder of 2C leads it to the first trick: while `trick_number == 1 and not trick`, " \
           "only cards with `card == 2C` may be played." in text

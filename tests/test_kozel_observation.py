"""Bidding Kozel (RULES.md §4.1 "Tricks are kept face down", §4.2.8, §6 "hidden information"):
won tricks are hidden from everyone, their owner included — only their number of cards is known.
With the closed_play option a play that does not beat goes face down: the others see '??',
its player still sees it."""
import json
from pathlib import Path

import shipped

GAME = shipped.load(Path(__file__).parents[1] / "games" / "kozel.yaml")
A, B, C = range(3)

# Dealer C, so A leads; diamonds are trumps (turned KD).
HANDS = {A: "KS QS 7S 8H", B: "9D 9S 8C 7H", C: "6H 6C 7C JH"}
STOCK = "AH 10H KH QH 9H AC 10C KC QC"


def new_state(**options):
    return GAME.new_initial_state(seed=1, players=3, dealer=C, options=options,
                                  deals=[{"hand": HANDS, "turned": "KD", "deck": STOCK}])


def card_names(value) -> set:
    text = json.dumps(value)
    return {r + s for s in "SHDC" for r in ("A", "10", "K", "Q", "J", "9", "8", "7", "6")
            if f'"{r + s}"' in text}


def test_won_tricks_are_hidden_even_from_their_owner():
    st = new_state()
    for action in ("play KS QS 7S", "play 9D 9S 8C", "play 6H 6C 7C"):   # A keeps the trick
        st.apply_action(action)
    assert st.winner == A
    trick_cards = set("KS QS 7S 9D 9S 8C 6H 6C 7C".split())
    for seat in (A, B, C):
        obs = st.observation(seat)
        won = obs["zones"]["won"]
        assert won[A] == {"count": 9}                     # the number only, no cards
        assert [w["count"] for w in won] == [9, 0, 0]
        assert not card_names(won) & trick_cards
        assert obs["zones"]["turned"] == {"count": 1, "cards": ["KD"]}    # the trump card is public
        assert obs["zones"]["stock"] == {"count": 23 - 9}  # face down: its size only
        assert obs["counters"]["trumps"] == "D"
    # The owner's own hand is visible to them; the won pile is not, although A played into it.
    mine = st.observation(A)
    assert sorted(mine["zones"]["hand"][A]["cards"]) == sorted("8H AH QH 10C".split())   # drew 1st, 4th, 7th
    assert "cards" not in mine["zones"]["won"][A]


def test_open_play_shows_every_card_of_the_trick():
    st = new_state()
    st.apply_action("play KS QS 7S")
    st.apply_action("play 9D 9S 8C")                      # does not beat, but open play shows it
    trick = st.observation(C)["trick"]
    assert trick == [{"seat": A, "cards": ["KS", "QS", "7S"]}, {"seat": B, "cards": ["9D", "9S", "8C"]}]


def test_closed_play_hides_a_play_that_does_not_beat():
    st = new_state(closed_play=True)
    st.apply_action("play KS QS 7S")
    st.apply_action("play 9D 9S 8C")                      # fails to beat: face down
    for seat in (A, C):
        assert st.observation(seat)["trick"][1] == {"seat": B, "cards": ["??", "??", "??"]}
        assert st.observation(seat)["trick"][0]["cards"] == ["KS", "QS", "7S"]   # a lead is open
    assert sorted(st.observation(B)["trick"][1]["cards"]) == ["8C", "9D", "9S"]   # B knows its cards
    st.apply_action("play 6H 6C 7C")
    assert st.winner == A


def test_the_drawn_trump_card_stays_shown_in_the_hand_that_drew_it():
    """RULES.md §4.1: the turned card "stays visible"; once drawn, everyone still knows it is in
    that hand (issue 18 item 4) — until it is played; then its face-down pile shows only a size."""
    st = GAME.new_initial_state(seed=3, players=3)
    zones = st.prog.layout.zones
    turned, hand = zones["turned"][1], zones["hand"][1]
    while True:                     # one-card tricks until a hand's turned card is drawn
        card, number = st.zones[turned][0], st.hand_number
        while st.zones[turned] and st.hand_number == number:
            st.apply_action(next(a for a in st.legal_actions() if len(a) == 1))
        if st.hand_number == number:
            break
    holder = next(s for s in (A, B, C) if card in st.zones[hand + s])
    for seat in (A, B, C):
        shown = st.observation(seat)["zones"]["hand"][holder]
        assert shown["count"] == len(st.zones[hand + holder])
        if seat != holder:
            assert shown["cards"] == [str(card)]
    while card in st.zones[hand + holder] or st.trick:
        legal = st.legal_actions()
        mine = [a for a in legal if card in a] if st.current_player() == holder else []
        st.apply_action(mine[0] if mine else legal[0])
    for seat in (A, B, C):
        obs = st.observation(seat)
        assert str(card) not in card_names(obs["zones"]["hand"]) | card_names(obs["zones"]["won"])

"""Couillon (RULES.md §2.1 option B, §6 "hidden or public information"): after a decline the
turned-up card is public while it stays in the trump maker's hand; the rest of that hand, and
the talon, stay hidden from the other players."""
import json
from pathlib import Path

import shipped

GAME = shipped.load(Path(__file__).parents[1] / "games" / "couillon.yaml")
A, B, C, D = range(4)

# Dealer A, so B is the trump maker: first three AS KS 9C, final pair 10H 9D (10H is turned).
HANDS = {B: "AS KS 9C 10H 9D", C: "9S QS AC AH JD", D: "10S AD KC KH QD", A: "JS KD QC QH 10C"}
TALON = "JH 9H 10D JC"
B_HIDDEN = {"AS", "KS", "9C", "9D"}


def new_state():
    return GAME.new_initial_state(seed=1, players=4, dealer=A, deals=[{"hand": HANDS, "talon": TALON}])


def card_names(obs) -> set:
    """Every card name that appears anywhere in an observation."""
    text = json.dumps(obs)
    names = {r + s for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9")}
    return {n for n in names if f'"{n}"' in text}


def test_turned_card_is_public_and_the_rest_of_the_hand_is_not():
    st = new_state()
    assert st.current_player() == B
    st.apply_action("decline")
    assert st.current_player() == B                         # B leads trick 1
    for seat in (A, C, D):
        obs = st.observation(seat)
        b_hand = obs["zones"]["hand"][B]
        assert b_hand == {"count": 5, "cards": ["10H"]}
        assert obs["counters"]["trump"] == "H"
        assert obs["counters"]["turned"] == "10H"
        seen = card_names(obs)
        assert not seen & B_HIDDEN, f"seat {seat} sees {seen & B_HIDDEN}"
        assert not seen & set(TALON.split())
        own = set(HANDS[seat].split())
        assert set(obs["zones"]["hand"][seat]["cards"]) == own
    mine = st.observation(B)["zones"]["hand"][B]["cards"]
    assert sorted(mine) == sorted(HANDS[B].split())


def test_turned_card_stays_public_while_it_is_held():
    st = new_state()
    st.apply_action("decline")
    for action in ("pass", "play AS", "pass", "play 9S", "pass", "play 10S", "pass", "play JS"):
        st.apply_action(action)          # everyone is asked the Mit' at their first turn
    obs = st.observation(D)
    assert obs["zones"]["hand"][B] == {"count": 4, "cards": ["10H"]}
    assert not card_names(obs) & {"KS", "9C", "9D"}


def test_named_trumps_reveal_nothing_of_the_trump_maker():
    st = new_state()
    st.apply_action("trump S")
    for seat in (A, C, D):
        obs = st.observation(seat)
        assert obs["zones"]["hand"][B] == {"count": 5}
        assert obs["counters"]["turned"] is None
        assert not card_names(obs) & set(HANDS[B].split())

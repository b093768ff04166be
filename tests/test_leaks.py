"""Hidden information stays hidden (issue 18, "Done when"): two states that differ only in cards
hidden from a seat look the same to that seat — its observation, the table's text, and the
decisions the others are asked, step by step — until a card it could not see is played."""
import random
from pathlib import Path

import pytest

import shipped
from ruledsl.runtime import knowledge
from ruledsl.runtime.helpers import SEAT_NAMES
from ruledsl.table.render import Look
from ruledsl.table.view import View
from hidden import CASES, GAMES, random_points

COUILLON = shipped.load(Path(__file__).parents[1] / "games" / "couillon.yaml")


def table_text(st, seat, start):
    """What the table prints for `seat` of the events since `start` (its play-by-play)."""
    rules = st.prog.ruleset
    view = View(rules, st.n, seat, Look(rules.deck.ranks, SEAT_NAMES, symbols=False))
    return [line.plain for line in map(view.event, st.events[start:]) if line is not None]


def same_to(seat, a, b, seen_a, seen_b):
    assert a.current_player() == b.current_player()
    assert a.pc == b.pc, "the seat could tell which question is being asked"
    assert a.observation(seat) == b.observation(seat)
    assert table_text(a, seat, seen_a) == table_text(b, seat, seen_b)


def lockstep(seat, a, b, rng, limit=30):
    """Step both states while others are to move and an answer is open to them in both (the
    same text); the seat must see no difference. The walk stops when different cards come into
    the seat's view (a draw from the stock), or at a new deal: a determinization deals the
    future afresh. Returns the number of steps walked."""
    steps, deal = 0, a.deals
    for _ in range(limit):
        seen_a, seen_b = len(a.events), len(b.events)
        if a.is_terminal() or a.current_player() == seat:
            return steps
        texts_b = {b.action_to_string(x) for x in b.legal_actions()}
        common = [t for t in map(a.action_to_string, a.legal_actions()) if t in texts_b]
        if not common:
            return steps        # the others' cards differ and one is played: no longer comparable
        text = rng.choice(common)
        a.apply_action(text)
        b.apply_action(text)
        if a.deals != deal or knowledge.known(a, seat) != knowledge.known(b, seat):
            return steps
        same_to(seat, a, b, seen_a, seen_b)
        steps += 1
    return steps


def recorded(st):
    """`st` with an event log: determinize drops the log, so both sides get a fresh one."""
    out = st.clone()
    out.events = []
    return out


@pytest.mark.parametrize("name,players", CASES)
def test_states_that_differ_in_hidden_cards_look_the_same(name, players):
    rng = random.Random(3)
    for st in random_points(GAMES[name], players, 11, every=3, limit=15):
        for seat in range(players):
            other = recorded(st.determinize(seat, rng))
            mine = recorded(st)
            same_to(seat, mine, other, 0, 0)
            lockstep(seat, mine, other, rng)


def couillon_state(qs_holder):
    """Dealer A, trumps named by B; QS with B or with D (swapped with D's 9D), nothing else
    differs — and nothing A can see."""
    hands = {1: "9H AD JD KC 10S", 2: "KH QD JS QC 9S", 3: "QS AH 10C JC 10D", 0: "10H KD AC AS QH"}
    if qs_holder == 1:
        hands[1], hands[3] = hands[1].replace("AD", "QS"), hands[3].replace("QS", "AD")
    deal = {"hand": hands, "talon": "KS JH 9D 9C"}
    return COUILLON.new_initial_state(seed=1, players=4, dealer=0, deals=[deal], record=True)


def test_declining_the_mit_tells_nobody_who_holds_qs():
    """Issue 18 item 1: B holds QS in one deal, D in the other. Through trick 1, everyone
    passing the Mit', A is asked the same and sees and reads exactly the same."""
    a, b = couillon_state(qs_holder=1), couillon_state(qs_holder=3)
    assert a.observation(0) == b.observation(0)
    plays = ["trump H", "pass", "play 9H", "pass", "play KH", "pass", "play AH", "pass", "play 10H"]
    for text in plays:
        seen_a, seen_b = len(a.events), len(b.events)
        a.apply_action(text)
        b.apply_action(text)
        same_to(0, a, b, seen_a, seen_b)
        assert table_text(a, 2, seen_a) == table_text(b, 2, seen_b)
    assert a.trick_winners == b.trick_winners == (3,)
    assert table_text(a, 0, 0).count("B: pass") == 1


CHEAT = shipped.game("cheat")


def test_cards_put_face_down_are_told_to_nobody_until_a_challenge():
    """Cheat: A puts AS in one match and 7C in the other, both announced as an ace. B, C and D
    see and read exactly the same (the pile's size, "A: put", the announcement) and are asked
    the same; A's own view differs. A challenge turns the card up: then they differ."""
    hands = {"A": "AS 7C 9D 2S 3S 4S 5S 6S 7S 8S 9S 10S JS", "B": "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
             "C": "2D 3D 4D 5D 6D 7D 8D 10D JD QD KD AD QS", "D": "2C 3C 4C 5C 6C 8C 9C 10C JC QC KC AC KS"}
    a, b = (CHEAT.new_initial_state(seed=1, players=4, dealer=3, deals=[{"hand": hands}], record=True)
            for _ in range(2))
    for x, y in [("put AS", "put 7C"), ("announce", "announce"), ("pass", "pass"), ("pass", "pass")]:
        seen_a, seen_b = len(a.events), len(b.events)
        a.apply_action(x)
        b.apply_action(y)
        for seat in (1, 2, 3):
            same_to(seat, a, b, seen_a, seen_b)
        assert a.observation(0) != b.observation(0)
    assert a.current_player() == 3
    a.apply_action("challenge")
    b.apply_action("challenge")
    assert a.observation(1)["zones"]["hand"][3]["cards"] == ["AS"]      # D took the true ace
    assert b.observation(1)["zones"]["hand"][0]["cards"] == ["7C"]      # A took back the false one


HOLDEM = shipped.game("holdem")


def test_hole_cards_and_a_folded_hand_are_never_shown():
    """Hold'em: A's two cards differ between the matches (swapped with cards nobody sees). B and
    C, who do not hold them, see and read the same while A folds and the hand is played out to
    the showdown and into the next deal; B's and C's cards, shown at the showdown, are the same."""
    deal = {"hand": {"B": "KS KH", "C": "QS QH"}, "board": "2C 7D 9S 3H 4C"}
    a, b = (HOLDEM.new_initial_state(seed=1, players=3, dealer=2, record=True,
                                     deals=[{**deal, "hand": {**deal["hand"], "A": cards}}])
            for cards in ("AS AH", "8C 8D"))
    assert a.observation(0) != b.observation(0)
    for text in ["call", "fold", "check", "check", "check", "check", "check", "check", "check"]:
        seen_a, seen_b = len(a.events), len(b.events)
        a.apply_action(text)
        b.apply_action(text)
        for seat in (1, 2):
            same_to(seat, a, b, seen_a, seen_b)
    assert a.hand_number == 2 and a.observation(1)["zones"]["muck"] == {"count": 0}


BRIDGE = shipped.game("bridge")


def test_the_dummys_hand_is_shown_only_after_the_opening_lead():
    """Bridge: C's and D's hands are swapped between the matches (B sees neither). Through the
    auction and B's opening lead B sees and reads the same; then the dummy, C, lays its cards
    face up, and B sees which they are: the matches differ to B (the control)."""
    hands = {"A": "AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S", "B": "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
             "C": "AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H", "D": "AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"}
    swapped = {**hands, "C": hands["D"], "D": hands["C"]}
    a, b = (BRIDGE.new_initial_state(seed=1, players=4, deals=[{"hand": h}], record=True) for h in (hands, swapped))
    same_to(1, a, b, 0, 0)
    for text in ["bid 1S", "pass", "pass", "pass"]:
        seen_a, seen_b = len(a.events), len(b.events)
        a.apply_action(text)
        b.apply_action(text)
        same_to(1, a, b, seen_a, seen_b)
    a.apply_action("play AD")
    b.apply_action("play AD")
    assert a.current_player() == b.current_player() == 0          # A plays the dummy's card
    assert a.observation(1)["zones"]["hand"][2]["cards"][0] == "AH"
    assert b.observation(1)["zones"]["hand"][2]["cards"][0] == "AC"
    assert a.observation(3)["zones"]["hand"][2]["cards"] == a.observation(1)["zones"]["hand"][2]["cards"]

"""The small public API a front end uses besides observations: `card_sort_key`, `asked` and
`parse_action` (docs/api.md)."""
from itertools import groupby
from pathlib import Path

import pytest

import ruledsl
import shipped

ROOT = Path(__file__).parents[1]


def test_card_sort_key_puts_trumps_first_then_each_suit_high_to_low():
    game = shipped.load(ROOT / "games" / "kozel.yaml")
    st = game.new_initial_state(seed=1)
    trumps = st.observation(0)["counters"]["trumps"]
    order = list(game.ruleset.deck.order)
    cards = [r + s for s in "CDHS" for r in reversed(order)]        # any order to start from
    key = st.card_sort_key()
    ordered = sorted(cards, key=key)
    groups = [list(g) for _, g in groupby(ordered, key=lambda c: key(c)[0])]
    assert {c[-1] for c in groups[0]} == {trumps} and key(groups[0][0])[0] == 0
    assert len(groups) == 4 and all(len({c[-1] for c in g}) == 1 for g in groups)
    for group in groups:
        assert [c[:-1] for c in group] == order                     # high to low, the game's order


def test_card_sort_key_follows_a_promoted_card_into_the_trumps():
    """Couillon: once the Mit' is declared, Q♠ sorts with the trumps, between A and K."""
    game = shipped.load(ROOT / "games" / "couillon.yaml")
    for seed in range(40):
        st = game.new_initial_state(seed=seed, players=4)
        while not st.is_terminal() and st.observation(0)["counters"].get("mit") is not True:
            mit = [a for a in st.legal_actions() if st.action_to_string(a) == "mit"]
            st.apply_action(mit[0] if mit else st.legal_actions()[0])
            if st.observation(0)["hand_number"] > 1:
                break
        trump = st.observation(0)["counters"]["trump"]
        if st.observation(0)["counters"].get("mit") is True and trump not in (None, "S"):
            key = st.card_sort_key()
            ordered = sorted(["K" + trump, "QS", "A" + trump, "AS"], key=key)
            assert ordered[:3] == ["A" + trump, "QS", "K" + trump] and key("QS")[0] == 0
            return
    pytest.fail("no seed gave a declared Mit' with trumps other than spades")


def test_asked_and_parse_action():
    game = shipped.load(ROOT / "games" / "ciapano.yaml")
    st = game.new_initial_state(seed=2, players=4)
    assert st.asked() in ("lead", "play to the trick")
    legal = st.legal_actions()
    text = st.action_to_string(legal[0])
    assert st.parse_action(text.lower()) == legal[0]
    with pytest.raises(ruledsl.IllegalAction) as info:
        st.parse_action("play 9X")
    assert "'9X' is not a card" in info.value.reason
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[0])
    assert st.asked() is None

"""Several packs shuffled into one deck (`deck: {pack: french-52, packs: 6}`): each copy of a
card is a card of its own — a move moves that very copy, a seat remembers where it saw that
copy go — that prints alike, and that the language takes to be the same card: compared, looked
for, offered (two copies in a hand are one answer) and named in a given deal."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import ruledsl
from ruledsl.errors import RuleErrors
from ruledsl.runtime.deals import DealError

SHOE = """\
name: Shoe
players: {min: 2, max: 4}
deck: {pack: french-52, packs: 6, points: {A: 11, K: 10, Q: 10, J: 10, 10: 10, 9: 9, 8: 8, 7: 7, 6: 6, 5: 5, 4: 4, 3: 3, 2: 2}}
zones:
  hand: {owner: player, visible: owner}
  shown: {owner: player, visible: all}
  pile: {visible: nobody}
counters:
  score: {per: player, start: 0}
hand:
  - deal: {to: each, count: 5}
  - turns:
      until: all(count(hand(p)) == 0 for p in active)
      turn:
        - ask:
            who: player
            prompt: show a card or bury one
            choices:
              show: {each: c in hand(player), do: move c to shown(player)}
              bury: {each: c in hand(player), do: move c to pile}
  - do: score(p) += points(shown(p)) for p in active
after_hand:
  - when: hand_number == 3
    end_match: argmax(score(p) for p in active)
"""


@pytest.fixture(scope="module")
def game(rules_from_text):
    return rules_from_text(SHOE, "shoe.yaml")


def test_every_card_is_in_the_shoe_as_many_times_as_there_are_packs(game):
    st = game.new_initial_state(seed=3, players=2, start=False)
    st.start()
    every = [c for zone in st.zones for c in zone]
    assert len(every) == len(set(every)) == 6 * 52           # every copy a card of its own
    assert set(Counter(map(str, every)).values()) == {6}
    assert st.evaluate("count(deck)") == 6 * 52 - 10


def test_identical_cards_are_one_action_and_play_alike(game):
    st = game.new_initial_state(seed=0, players=2, deals=[{"hand": {"B": "AS AS AS KH 2C", "A": "QD QD 3S 4S 5S"}}],
                                dealer=0)
    assert st.current_player() == 1
    texts = [st.action_to_string(a) for a in st.legal_actions()]
    assert sorted(texts) == sorted(["show AS", "show KH", "show 2C", "bury AS", "bury KH", "bury 2C"])
    held = list(st.evaluate("hand(1)"))
    st.apply_action("show AS")
    assert st.evaluate("count(c for c in hand(1) if c == AS)") == 2
    assert st.evaluate("shown(1)") == [held[0]] and st.evaluate("hand(1)") == held[1:]   # that very copy
    assert st.evaluate("holds(hand(1), AS) and index(hand(1), AS) == 0 and AS in hand(1)")
    assert st.evaluate("shown(1)[0] == hand(1)[0] and [AS, KH] == hand(1)[1:3]")
    assert st.evaluate("len(unique(hand(1))) == 3 and sorted(hand(1))[0] == AS and min(hand(1)) == AS")


def test_a_given_deal_may_name_a_card_as_often_as_the_shoe_holds_it(game):
    with pytest.raises(DealError, match="card AS is dealt 7 times, and the deck holds 6"):
        game.new_initial_state(players=2, deals=[{"hand": {"A": "AS AS AS AS AS", "B": "AS AS KS"}}])
    st = game.new_initial_state(players=2, deals=[{"hand": {"A": "AS AS AS AS AS", "B": "AS QS KS 2H 3H"}}])
    aces = [c for zone in st.zones for c in zone if str(c) == "AS"]
    assert len(aces) == len(set(aces)) == 6 and str(st.evaluate("hand(0)")) == "[AS, AS, AS, AS, AS]"


def test_random_matches_keep_every_card_and_end(game):
    for seed in range(4):
        rng = random.Random(seed)
        st = game.new_initial_state(seed=seed, players=3)
        while not st.is_terminal():
            legal = st.legal_actions()
            assert len(legal) == len(set(legal))
            st.apply_action(rng.choice(legal))
        assert sum(len(z) for z in st.zones) == 6 * 52


def test_a_seat_keeps_track_of_the_very_copy_it_saw(game):
    """A card shown, then buried face down: everyone knows that copy is in the pile, and a
    determinization keeps it there; the copies nobody saw are re-dealt."""
    st = game.new_initial_state(seed=5, players=2, dealer=0, deals=[{"hand": {"B": "AS AS 2C 3C 4C"}}])
    first = st.evaluate("hand(1)")[0]
    st.apply_action("show AS")
    st.apply_action(st.legal_actions()[0])
    pile = st.prog.layout.zones["pile"][1]
    st.zones[pile].append(st.zones[st.prog.layout.zones["shown"][1] + 1].pop())    # buried where all saw it
    from ruledsl.runtime import knowledge
    knowledge.moved(st, st.prog.layout.zones["shown"][1] + 1, pile, [first])
    assert knowledge.remembered(st, 0) >> first & 1
    for seed in range(5):
        d = st.determinize(0, random.Random(seed))
        assert first in d.zones[pile]                                             # that very copy
        assert sorted(map(str, (c for z in d.zones for c in z))) == sorted(map(str, (c for z in st.zones for c in z)))


def test_the_integer_actions_and_the_tensor_count_a_shoes_cards(game):
    st = game.new_initial_state(seed=0, players=2, deals=[{"hand": {"B": "AS AS AS KH 2C", "A": "QD QD 3S 4S 5S"}}],
                                dealer=0)
    masks = st.legal_actions_mask()
    assert len(masks) == len(st.legal_actions_mask())
    for action in st.legal_actions():
        assert st.action_from_index(st.action_index(action)) == action
    tensor = st.observation_tensor(1)
    assert 3.0 in tensor and len(tensor) == len(st.observation_tensor(0)) == game.observation_shape(2)[0]
    from tests.test_rl_observation import reference_tensor
    assert tensor == reference_tensor(st, 1) and st.observation_tensor(0) == reference_tensor(st, 0)


def test_packs_is_a_whole_number_from_1_to_8(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(SHOE.replace("packs: 6", "packs: 9"), encoding="utf-8")
    with pytest.raises(RuleErrors) as info:
        ruledsl.load_game(path)
    assert "packs" in info.value.errors[0].message or "8" in info.value.errors[0].message


def test_a_kept_tensor_counts_a_shoes_copies_as_the_tensor_written_from_scratch(game):
    """The adapters' tensor, kept up to date between calls (runtime/tensor_kept.py): a copy that
    comes or goes adds or takes one from its card's entry, at every step of random matches."""
    from array import array
    from ruledsl.envs import Match
    from ruledsl.runtime.tensor import encode
    from ruledsl.runtime.tensor_kept import Kept
    for seed in range(2):
        match, rng = Match(game.new_initial_state(seed=seed, players=3)), random.Random(seed)
        kept = [Kept(match.state.prog, s) for s in range(3)]
        counted = False
        for _ in range(200):
            st = match.state
            if st.is_terminal():
                break
            for seat in range(3):
                if rng.random() < 0.5:
                    values = kept[seat].update(st, match.chosen)
                    assert values == array("f", encode(st, seat, match.chosen))
                    counted = counted or 2.0 in values[:len(values) // 2]
            match.step(rng.choice(match.legal()))
        assert counted                 # two copies of a card in one zone, counted as 2 (the test can fail)

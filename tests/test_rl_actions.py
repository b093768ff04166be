"""Integer actions (runtime/indices.py): every shipped game's space is fixed, bounded, listed
in docs/rl.md, and spells each legal action once."""
import random
import re
from collections import Counter

import pytest

from ruledsl.envs import Match
from ruledsl.runtime.actions import IllegalAction
from ruledsl.runtime.indices import singles, spellings
from rl_games import ROOT, load, shipped

CASES = shipped()


def listing_row(name: str, n: int) -> str:
    """docs/rl.md's row for a game and player count, worked out from the code."""
    game = load(name)
    names = game.action_names(n)
    cards = names.index("done")
    choices = Counter(a.split()[0] for a in names[cards + 1:])
    what = ", ".join([f"{cards} cards", "done"] + [f"{c} × {k}" if k > 1 else c for c, k in choices.items()])
    return f"| {name} | {n} | {game.num_distinct_actions(n)} | {what} | {game.observation_shape(n)[0]} |"


def test_docs_list_every_shipped_game_and_player_count():
    text = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    listed = [line for line in text.splitlines() if re.match(r"\| [a-z]+ \| \d+ \|", line)]
    assert listed == [listing_row(name, n) for name, n in CASES]


@pytest.mark.parametrize("name,n", CASES)
def test_integer_actions_spell_every_legal_action_once(name, n):
    game = load(name)
    size, done = game.num_distinct_actions(n), game.action_names(n).index("done")
    rng = random.Random(n)
    for seed in range(2):
        st = game.new_initial_state(seed=seed, players=n)
        for _ in range(120):
            if st.is_terminal():
                break
            legal = st.legal_actions()
            # Every legal action's integers, made at once: st.action_indices makes them all for
            # each action it is asked about (a Hold'em raise offers hundreds: 9 players took 17 s).
            every = spellings(st)
            assert [a for _, a in every] == legal
            assert len({s for s, _ in every}) == len(legal)                # one spelling each
            assert all(0 <= i < size for s, _ in every for i in s)         # inside the fixed space
            # action_indices is that spelling (ended by `done` where a longer one begins the
            # same), and each spelling gives its action (a sample where a decision offers hundreds)
            for spelt, action in (every if len(every) <= 30 else rng.sample(every, 30)):
                indices = st.action_indices(action)
                assert indices in (spelt, spelt + (done,))
                for k, i in enumerate(indices):
                    got = st.action_from_index(i, indices[:k])
                    assert got == (action if k == len(indices) - 1 else None)
            mask = st.legal_actions_mask()
            assert len(mask) == size and [i for i, m in enumerate(mask) if m] == st.legal_indices()
            assert set(st.legal_indices()) == {s[0] for s, _ in every}
            # envs.Match keeps a decision of one-integer actions as a table action -> integer,
            # read from at its next states, with the same integers as the spellings
            assert Match(st).legal() == st.legal_indices()
            one = ([s[0] for s, _ in every], legal) if all(len(s) == 1 for s, _ in every) else None
            assert singles(st) == one
            st.apply_action(rng.choice(legal))


def test_a_single_step_action_has_one_index_and_illegal_integers_are_refused():
    game = load("kozel")
    st, card = next((st, a) for st in map(lambda s: game.new_initial_state(seed=s, players=3), range(20))
                    for a in st.legal_actions() if len(st.action_indices(a)) == 2)   # a lead that could be of three
    with pytest.raises(ValueError, match="chosen in 2 steps"):
        st.action_index(card)
    assert st.action_indices(card)[1] == game.action_names(3).index("done")
    wrong = next(i for i in range(game.num_distinct_actions(3)) if i not in st.legal_indices())
    with pytest.raises(IllegalAction, match=f"integer action {wrong} is not legal"):
        st.action_from_index(wrong)
    coteccio = load("coteccio").new_initial_state(seed=1, players=4)
    play = coteccio.legal_actions()[0]
    assert coteccio.action_index(play) == load("coteccio").action_names(4).index(str(play))


def test_an_ask_choice_without_a_fixed_set_of_values_is_an_error_of_the_file(load_rules):
    game = load_rules("""
name: bid
players: 2
deck: {pack: french-52, keep: [A, K], order: [A, K]}
zones: {won: {owner: player, visible: nobody}}
hand:
  - deal: {to: each, count: 2}
  - ask:
      who: dealer
      choices:
        bid: {each: "b in ['low', 'high']"}
  - tricks: {follow: any}
after_hand:
  - end_match: "[0]"
""")
    with pytest.raises(Exception, match="the choice 'bid' takes texts, which have no fixed set of integer actions"):
        game.num_distinct_actions(2)


def test_a_number_chosen_is_its_choice_then_its_digits():
    """Hold'em's raise of a chosen size: `raise 4` is raise, digit 4 — and `done`, since `raise
    40` goes on from there; `raise 120` needs no `done`. The whole space stays fixed."""
    game = load("holdem")
    names = game.action_names(3)
    st = game.new_initial_state(seed=1, players=3)
    assert "raise 4" in map(st.action_to_string, st.legal_actions())
    word = {name: i for i, name in enumerate(names)}
    four = next(a for a in st.legal_actions() if st.action_to_string(a) == "raise 4")
    assert st.action_indices(four) == (word["raise"], word["digit 4"], word["done"])
    big = next(a for a in st.legal_actions() if st.action_to_string(a) == "raise 120")
    assert st.action_indices(big) == (word["raise"], word["digit 1"], word["digit 2"], word["digit 0"])
    assert st.legal_indices((word["raise"],)) == sorted(word[f"digit {d}"] for d in "123456789")
    assert st.action_from_index(word["digit 0"], (word["raise"], word["digit 2"])) is None    # 20, 200
    assert names[-11:] == [f"digit {d}" for d in "0123456789"] + ["minus"]

"""The Python API beyond play: a match stopped before its opening steps (issue 18.6), states and
games that pickle (worker processes, RL tools), expressions evaluated against a state."""
import pickle
import random
from pathlib import Path

import pytest

import shipped
from ruledsl import game as games
from ruledsl.runtime import history

ROOT = Path(__file__).parents[1]
KOZEL = shipped.load(ROOT / "games" / "kozel.yaml")


def test_start_false_stops_before_the_opening_steps():
    st = KOZEL.new_initial_state(seed=1, players=3, start=False, counters={"chips": [5, 6, 7]})
    assert st.hand_number == 0 and st.current_player() < 0 and st.legal_actions() == []
    assert [st.evaluate(f"chips({p})") for p in range(3)] == [5, 6, 7]   # counters= kept, starts set
    assert st.evaluate("pot") == 0
    st.start()                                    # the setup and the first hand's steps run now
    started = KOZEL.new_initial_state(seed=1, players=3, counters={"chips": [5, 6, 7]})
    assert st.hand_number == 1 and st.current_player() == started.current_player()
    assert st.legal_actions() == started.legal_actions()
    assert st.evaluate("pot") == 3


def play(st, rng, steps):
    for _ in range(steps):
        if st.is_terminal():
            break
        st.apply_action(rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("name", ["kozel", "couillon", "cicera"])
def test_a_state_pickles_and_plays_on_the_same(name):
    game = shipped.load(ROOT / "games" / f"{name}.yaml")
    st = play(game.new_initial_state(seed=4, record=True), random.Random(1), 17)
    copy = pickle.loads(pickle.dumps(st))
    assert copy.observation(0) == st.observation(0) and copy.events == st.events
    a, b = play(st, random.Random(9), 10_000), play(copy, random.Random(9), 10_000)
    assert a.is_terminal() and b.is_terminal() and a.returns() == b.returns() and a.events == b.events


def test_a_recorded_state_with_a_long_hand_pickles_with_its_past():
    """The hand's past (runtime/history.py) is a chain as long as the hand: a pickle keeps it
    flat, so a hand of thousands of decisions pickles (a chain nests deeper than pickle goes)."""
    cheat = shipped.game("cheat")
    st = play(cheat.new_initial_state(seed=2, players=6, record=True), random.Random(2), 1500)
    assert not st.is_terminal() and st.hand_number == 1
    copy = pickle.loads(pickle.dumps(st))
    assert len(history.decisions(copy.past)) == len(history.decisions(st.past)) > 1000
    assert history.decisions(copy.past) == history.decisions(st.past)
    assert copy.past[0].zones == st.past[0].zones


def test_a_game_pickles_and_is_compiled_again_where_it_is_loaded():
    st = KOZEL.new_initial_state(seed=2, players=4)
    data = pickle.dumps(st)
    games._GAMES.clear()                   # as in a worker process that has never seen the game
    copy = pickle.loads(data)
    assert copy.prog.game is not KOZEL and copy.prog.game.name == KOZEL.name
    assert copy.legal_actions() == st.legal_actions()
    again = pickle.loads(data)             # the second state shares the game unpickled first
    assert again.prog.game is copy.prog.game
    assert pickle.loads(pickle.dumps(KOZEL)).program(2).n == 2


def test_evaluate_sees_everything():
    st = KOZEL.new_initial_state(seed=3, players=3)
    hands = [st.evaluate(f"hand({p})") for p in range(3)]
    assert all(len(h) == 4 for h in hands) and st.evaluate("count(hand(player))", 1) == 4
    assert st.evaluate("trumps") == st.evaluate("suit(turned[0])")


def test_the_legal_actions_are_the_callers_and_a_clone_checks_against_its_own_cards():
    """legal_actions() hands out a new list (changing it changes nothing the state keeps); a
    lead's legal plays may be kept as the hand itself (lang/steps/tricks/legal.py), so a clone made
    after the original listed them checks a play against its own hand, not the original's."""
    game = shipped.load(ROOT / "games" / "ciapano.yaml")
    st = play(game.new_initial_state(seed=3, players=4), random.Random(2), 4)     # a trick's lead
    assert not st.trick
    legal = st.legal_actions()
    assert sorted(legal) == sorted(st.evaluate("hand(player)", st.current_player()))
    kept = legal[:]
    legal.clear()
    assert st.legal_actions() == kept and st.legal_actions() is not st.legal_actions()
    twin = st.clone()
    st.apply_action(kept[0])              # the original's hand loses the card
    twin.apply_action(kept[0])            # still in the clone's hand: legal there
    assert twin.trick == st.trick and twin.legal_actions() == st.legal_actions()


def _hand(st, seat) -> list[str]:
    zone = st.observation(seat)["zones"].get("hand")
    return list(zone[seat].get("cards", [])) if isinstance(zone, list) else []


@pytest.mark.parametrize("path", sorted((ROOT / "games").glob("*.yaml")), ids=lambda p: p.stem)
def test_action_cards_are_what_a_move_takes_from_the_hand(path):
    """action_cards names cards its text names, and the cards of a move that are all in the
    mover's hand have left it when its turn ends (a move may take two decisions: `lay 3H`, then
    `onto …`), so a front end may make the move from a click on them."""
    game = shipped.load(path)
    st, rng = game.new_initial_state(seed=5), random.Random(5)
    pending, checked = [], 0          # (seat, hand number, cards, text) of the turn being played
    for _ in range(400):
        if st.is_terminal():
            break
        seat, legal = st.current_player(), st.legal_actions()
        for action in legal:
            assert set(st.action_cards(action)) <= set(st.action_to_string(action).split())
        action = rng.choice(legal)
        cards = st.action_cards(action)
        if cards and set(cards) <= set(_hand(st, seat)):
            pending.append((seat, st.hand_number, cards, st.action_to_string(action)))
        st.apply_action(action)
        if st.current_player() != seat:
            for mover, hand, cards, text in pending:
                if st.hand_number == hand:                  # not dealt again meanwhile
                    assert not set(cards) & set(_hand(st, mover)), text
                    checked += 1
            pending = []
    assert checked or path.stem in ("klondike", "holdem")   # no hand, or no move names a card


def test_a_bid_that_reads_as_a_card_plays_no_card():
    st = shipped.game("bridge").new_initial_state(seed=2)
    texts = {st.action_to_string(a): st.action_cards(a) for a in st.legal_actions()}
    assert texts["bid 2H"] == [] and texts["pass"] == []
    st.apply_action("bid 1C")
    for _ in range(3):
        st.apply_action("pass")
    plays = {st.action_to_string(a): st.action_cards(a) for a in st.legal_actions()}
    assert plays and all(cards == [text.split()[1]] for text, cards in plays.items())

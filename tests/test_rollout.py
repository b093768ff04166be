"""A random play-out plays a trick's turns in one generated loop (`_p`, lang/steps/tricks/rollout.py):
it must make exactly the plays that legal_actions then apply_action make, one at a time, with
the same random choices — compared here by full transcripts on every shipped game."""
import random
from pathlib import Path

import pytest

import shipped
from ruledsl.compile.listing import listing
from ruledsl.runtime.state import State
from test_randomness import OwnDraws
from test_tricks_playable import RULES as HEARTS

GAMES = Path(__file__).resolve().parent.parent / "games"
FILES = sorted(GAMES.glob("*.yaml"))


def step_by_step(st, rng, hand=False, max_steps=1 << 30):
    """play_out written as the public API plays: legal_actions, then apply_action_fast."""
    until = st.hands_scored + 1 if hand else 1 << 62
    for _ in range(max_steps):
        if st.player < 0 or st.hands_scored >= until:
            break
        st.apply_action_fast(rng.choice(st.legal_actions()))
    return st


def picture(st) -> dict:
    """Every field of the state (the events, zones, counters, hand fields, what each seat
    knows), and the payoffs. Not the hand's past: the decisions taken through the API, which a
    play-out does not keep (runtime/history.py)."""
    fields = {name: getattr(st, name) for name in State.__slots__ if name not in ("prog", "_legal", "past")}
    return {**fields, "returns": st.returns()}


def played_both_ways(game, players: int, seed: int, generator=random.Random):
    """A match from `seed` played out by play_out and, from a clone, by step_by_step with the
    same random choices (of a `generator` seeded alike): the two must end alike. The play_out
    one is returned."""
    one = game.new_initial_state(seed=seed, players=players, record=True)
    other = one.clone()
    one.play_out(generator(seed))
    step_by_step(other, generator(seed))
    assert picture(one) == picture(other)
    return one


def _cases():
    for path in FILES:
        game = shipped.load(path)
        for players in range(game.min_players, game.max_players + 1):
            yield pytest.param(game, players, id=f"{path.stem}-{players}")


@pytest.mark.parametrize("game,players", list(_cases()))
def test_a_play_out_is_the_same_match_as_legal_then_apply(game, players):
    for seed in range(3):
        assert played_both_ways(game, players, seed).is_terminal()


def through_tables(st, rng):
    """A match played by each decision's own functions (`_l`, then `_a` through
    apply_action_fast), never through what the public methods write in (compile/public.py)."""
    while st.player >= 0:
        st.apply_action_fast(rng.choice(st.prog.legal[st.pc](st)))
    return st


def through_api(st, rng):
    while st.player >= 0:
        st.apply_action(rng.choice(st.legal_actions()))
    return st


@pytest.mark.parametrize("game,players", list(_cases()))
def test_the_public_methods_play_what_the_decisions_functions_play(game, players):
    """legal_actions and apply_action have a trick's plays written into them: the same match
    as the decision's functions play, with the same choices, by full transcripts."""
    for seed in range(2):
        st = game.new_initial_state(seed=seed, players=players, record=True)
        one, other = through_api(st.clone(), random.Random(seed)), through_tables(st, random.Random(seed))
        assert one.is_terminal() and picture(one) == picture(other)


@pytest.mark.parametrize("path", [GAMES / "ciapano.yaml", GAMES / "cicera.yaml"], ids=lambda p: p.stem)
def test_a_generator_that_draws_its_own_way_is_asked_for_its_choices(path):
    """Its draws cannot be made inline (tests/test_randomness.py), so play_out calls its choice:
    still the match the API plays with it, and another than random.Random's from the same seed."""
    game = shipped.load(path)
    own = played_both_ways(game, 4, 7, OwnDraws)
    assert picture(own) != picture(played_both_ways(game, 4, 7))


@pytest.mark.parametrize("game,players", list(_cases()))
def test_a_hand_play_out_stops_where_the_step_path_stops(game, players):
    st = game.new_initial_state(seed=11, players=players, record=True)
    step_by_step(st, random.Random(5), max_steps=7)          # somewhere in the first hand
    one, other = st.clone(), st.clone()
    one.play_out(random.Random(6), hand=True)
    step_by_step(other, random.Random(6), hand=True)
    assert picture(one) == picture(other)


# A trick game's play-out (its generated loop), and a game of asks' (the decisions outside a
# trick, one after another in play_out's own loop, counted down).
@pytest.mark.parametrize("name, players, seed, limit", [("ciapano", 4, 2, n) for n in (1, 2, 3, 5, 8, 13)]
                         + [("maumau", 3, 3, n) for n in (1, 2, 3, 7, 30)])
def test_a_play_out_takes_no_more_actions_than_it_is_allowed(name, players, seed, limit):
    st = shipped.game(name).new_initial_state(seed=seed, players=players)
    start = st.steps
    one, other = st.clone(), st.clone()
    one.play_out(random.Random(1), max_steps=limit)
    step_by_step(other, random.Random(1), max_steps=limit)
    assert one.steps - start == limit
    assert picture(one) == picture(other)


def test_the_shipped_trick_games_have_a_generated_loop_to_compare():
    """Guards the comparisons above against comparing nothing."""
    games = [shipped.load(p) for p in FILES]
    with_loop = [g.name for g in games if any(f is not None for f in g.program(g.default_players).rollout)]
    assert len(with_loop) >= 4


# Little hearts (tests/test_tricks_playable.py) for three: restrictions, and hooks before every
# trick, between every two plays and after every trick.
RULES = HEARTS.replace("players: 2", "players: 3").replace("count: 6", "count: 4")


def test_restrictions_and_hooks_between_plays_play_the_same_in_the_loop(load_rules):
    game = load_rules(RULES)
    assert game.program(3).rollout[0] is not None
    for seed in range(20):
        one = played_both_ways(game, 3, seed)
        # each trick: before_trick, before_play before each of its three plays, after_trick
        assert one.evaluate("numbers") == [n for t in range(1, 5) for n in [[t, t - 1]] * 4 + [[t, t]]]


FACE_DOWN = """
name: Face down
players: 3
deck: {pack: french-52, keep: [A, K, Q, J, 10, 9, 8, 7], order: [A, K, Q, J, 10, 9, 8, 7]}
zones:
  won: {owner: player, visible: nobody}
options: {open_play: true}
hand:
  - deal: {to: each, count: 8}
  - tricks: {follow: suit, open: OPEN}
after_hand:
  - end_match: active
"""


@pytest.mark.parametrize("open_, local", [("option.open_play", True),
                                           ("count(trick) < 2 or leader == 0", False)])
def test_plays_face_down_by_the_trick_or_an_option_play_the_same_in_the_loop(load_rules, open_, local):
    """`open:` of options only lets the loop keep the trick and the turn in locals; one that
    reads the trick (or the leader) needs them in the state at every play. Both play as the API."""
    game = load_rules(FACE_DOWN.replace("OPEN", open_))
    source = listing(game.program(3))
    assert ("at = st.best" in source) == local
    for seed in range(10):
        one = played_both_ways(game, 3, seed)
    downs = [e["face_down"] for e in one.events if e["kind"] == "play"]
    assert any(downs) != local              # face down plays only where the trick says so

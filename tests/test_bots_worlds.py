"""The expert's worlds (issue 31 §1): inference that sees only what its seat may know, a pool of
worlds that stops growing at its budget and serves each draw once, the judge's pick standing
unless the search beats it world by world, the race of actions, and worlds replayed only where
the play has ruled none out."""
import random

import pytest

from ruledsl import bots
from hidden import GAMES, choice_points, twins


@pytest.mark.parametrize("name", ["ciapano", "kozel", "couillon", "cicera", "coteccio"])
def test_inference_sees_only_what_its_seat_may_know(name):
    """Two recorded matches whose hands differ only in cards the seat to move has never seen,
    the same decisions taken: the expert, whose worlds are weighted by how likely they make the
    others' play (a replay of each world's own past), rates every move the same in both."""
    from ruledsl.bots.inference import Model, Worlds
    from ruledsl.bots.policy import Judge
    checked = 0
    for _, st, seat, other in twins(GAMES[name], random.Random(3), 40, (6, 14), choice=True):
        assert other.past[0].zones != st.past[0].zones           # two different true pasts
        pool = Worlds(st, seat, random.Random(1), Model(Judge(st)), 16, 10**6)
        assert pool.pool                                         # the pool was weighted
        bot = bots.make("expert@300")
        assert bot.evaluate(st, random.Random(8)) == bot.evaluate(other, random.Random(8))
        checked += 1
        if checked == 2:
            return
    pytest.fail(f"no twin states found in {name}")


def kozel_mid_hand():
    """A recorded Kozel hand eight random actions in: others' play to infer from."""
    game, rng = GAMES["kozel"], random.Random(2)
    st = game.new_initial_state(seed=4, players=game.default_players, record=True)
    for _ in range(8):
        st.apply_action(rng.choice(st.legal_actions()))
    return st


def test_a_time_budget_stops_the_pool_of_worlds_growing_at_its_clock_reading():
    """The likelihoods of a pool of worlds are a part of the search that does not stop between
    worlds: with a time budget it stops growing at its share of the clock (`until`), and a pool
    cut below SMALLEST worlds is not used — the search draws fresh worlds, each replaying."""
    from ruledsl.bots.inference import Model, Worlds
    from ruledsl.bots.policy import Judge
    st = kozel_mid_hand()
    seat = st.current_player()
    free = Worlds(st, seat, random.Random(1), Model(Judge(st)), 16, 10**6)
    assert len(free.pool) == 16
    ticks = iter(range(10**9))
    cut = Worlds(st, seat, random.Random(1), Model(Judge(st)), 16, 10**6, until=3, clock=lambda: next(ticks))
    assert cut.pool == [] and cut.replays
    model = Model(Judge(st))
    assert all(model.log_likelihood(cut.draw(), seat, judged=False) > float("-inf") for _ in range(4))


def test_a_pool_of_worlds_serves_each_of_its_draws_once_then_fresh_worlds_follow():
    """A search draws more worlds than a pool holds (a pool of 10, 200 worlds): a pool served
    in turn would rest the whole search on its 10 deals. Its draws come first, each once, and
    every later world is a fresh one (replayed where the play rules worlds out)."""
    from ruledsl.bots.inference import Model, Worlds
    from ruledsl.bots.policy import Judge
    st = kozel_mid_hand()
    seat = st.current_player()
    worlds = Worlds(st, seat, random.Random(1), Model(Judge(st)), 10, 10**6)
    assert len(worlds.pool) == 10
    drawn = [worlds.draw() for _ in range(40)]
    assert [id(w) for w in drawn[:10]] == [id(w) for w in worlds.pool]
    assert not {id(w) for w in drawn[10:]} & {id(w) for w in worlds.pool}
    assert len({id(w) for w in drawn[10:]}) == 30


def test_the_judges_pick_stands_unless_the_search_beats_it_world_by_world():
    """Style.stand: the action the one-action judge rates best over the worlds is played unless
    the best mean leads it, world by world, by more than `stand` standard errors."""
    from ruledsl.bots.flat import Samples
    samples = Samples(["a", "b", "c"])
    for row in ([1.0, 0.0, 0.5], [0.0, 0.2, 0.4], [1.0, 0.1, 0.6]):
        samples.add(row)
        samples.judge([0.0, 0.0, 1.0])                 # the judge favours c
    assert samples.means().index(max(samples.means())) == 0
    assert samples.standing(1.96) == 2                 # a leads c by 0.17 ± 0.29: c stands
    assert samples.standing(0.0) == 0                  # no standing asked: the best mean
    for _ in range(20):
        samples.add([1.0, 0.0, 0.5])                   # now a leads c in world after world
        samples.judge([0.0, 0.0, 1.0])
    assert samples.standing(1.96) == 0
    one = Samples(["a", "b"])
    one.add([1.0, 0.0])
    one.judge([0.0, 1.0])
    assert one.standing(1.96) == 1                     # one world: no error to beat, the pick stands


def test_hints_best_move_is_the_one_the_expert_would_play_from_the_same_worlds(monkeypatch):
    """Where the benchmark made the judge's pick stand (Cicera, rollouts.json), the expert plays
    that pick unless its search beats it beyond the noise, and the hint marks that move best —
    not the highest mean, which it is not always; in a game without it, the highest mean."""
    from ruledsl.bots import hints
    from ruledsl.bots.rollouts import chosen
    seen = []
    real = hints.sample
    monkeypatch.setattr(hints, "sample", lambda *a, **k: seen.append(real(*a, **k)) or seen[-1])
    differs = 0
    for name in ("cicera", "ciapano"):
        game = GAMES[name]
        for st in choice_points(name, game.default_players, seed=3, limit=8):
            stand = chosen(st, "stand")
            found = bots.hint(st, random.Random(3), min_iterations=12)
            samples = seen[-1]
            means = samples.means()
            highest = max(range(len(means)), key=means.__getitem__)
            play = samples.standing(stand) if stand else highest
            assert found.best.action == samples.legal[play]
            differs += play != highest
    assert chosen(st, "stand") == 0 and differs      # (Ciapanò last) some hint would have differed


def test_an_action_clearly_behind_leaves_the_race_and_the_rest_are_tried_in_every_world():
    """Style.race: an action the best leads world by world beyond the noise is tried no more;
    one within the noise stays; means are over the worlds each was tried in."""
    from ruledsl.bots.flat import RACE_FROM, Samples
    samples = Samples(["a", "b", "c"])
    for i in range(RACE_FROM):
        noise = (-1) ** i
        samples.add([1.0 + noise, 1.0 - noise / 2, 0.0 + noise])     # c: 1 behind a in every world
        samples.race(1.96)
    assert samples.alive == [0, 1]
    samples.add([3.0, 5.0])                                          # the alive actions' values only
    assert samples.rows[-1][2] != samples.rows[-1][2]                # nan: c not tried
    means = samples.means()
    assert means[2] == 0.0 and means[1] == (RACE_FROM + 5.0) / (RACE_FROM + 1)     # (RACE_FROM even)
    assert samples.behind(0)[2] == (1.0, 0.0)                        # over the worlds both were tried in


def test_a_racing_search_plays_an_action_still_in_the_race_and_sees_only_its_seats_cards():
    import attrs
    from ruledsl.bots.expert import Style
    bot = bots.make("expert@200")
    bot.style = attrs.evolve(Style(), race=1.0)
    for name in ("ciapano", "kozel"):
        for st in choice_points(name, GAMES[name].default_players, seed=2):
            other = st.determinize(st.current_player(), random.Random(9))
            assert bot(st, random.Random(5)) == bot(other, random.Random(5)) in st.legal_actions()


@pytest.mark.parametrize("name", ["cicera", "kozel", "couillon"])
def test_the_judges_pick_is_judged_in_the_worlds_only(name):
    """The judge rates the actions in the sampled worlds, never in the true state: two states
    that differ only in cards hidden from the seat get the same move and values."""
    import attrs
    from ruledsl.bots.expert import Style
    bot = bots.make("expert@40")
    bot.style = attrs.evolve(Style(), stand=1.96)
    for st in choice_points(name, GAMES[name].default_players, seed=2):
        other = st.determinize(st.current_player(), random.Random(9))
        assert bot(st, random.Random(5)) == bot(other, random.Random(5))
        assert bot.evaluate(st, random.Random(5)) == bot.evaluate(other, random.Random(5))


def test_worlds_stop_replaying_only_where_the_play_has_ruled_none_out():
    """Replaying a world's past costs about a roll-out: after TRUSTED replayed worlds none of
    which the play ruled out, the draws are plain determinizations; where it ruled one out,
    every draw replays (and is one that replays, unless TRIES in a row did not)."""
    from ruledsl.bots.inference import Model, Worlds
    from ruledsl.bots.policy import Judge
    seen = set()
    for name in ("couillon", "ciapano"):
        game = GAMES[name]
        for seed in range(12):
            st = game.new_initial_state(seed=seed, players=game.default_players, record=True)
            rng = random.Random(seed)
            for _ in range(rng.randrange(6, 14)):
                if not st.hand_value_pending():
                    break
                st.apply_action(rng.choice(st.legal_actions()))
            if not st.hand_value_pending() or len(st.legal_actions()) < 2:
                continue
            seat = st.current_player()
            worlds = Worlds(st, seat, random.Random(1), Model(Judge(st)), 0, 0)
            drawn = [worlds.draw() for _ in range(3 * Worlds.TRUSTED)]
            if worlds.ruled_out:
                model = Model(Judge(st))
                assert worlds.replayed >= len(drawn)
                failed = sum(model.log_likelihood(w, seat, judged=False) == float("-inf") for w in drawn)
                assert failed <= worlds.ruled_out // Worlds.TRIES        # only after TRIES ruled out
            else:
                assert worlds.replayed == Worlds.TRUSTED
                assert all(w.past is None for w in drawn[Worlds.TRUSTED:])
            seen.add(bool(worlds.ruled_out))
    assert seen == {True, False}

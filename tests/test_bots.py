"""ruledsl.bots (issue 10 §2–4): naming bots, legal and reproducible moves, and a search that
reads nothing its seat may not know. Strength is measured by benchmarks/bots.py, not here."""
import random

import pytest

import ruledsl
from ruledsl import bots
from ruledsl.bots.search import Goal
from hidden import GAMES, ROOT, random_points, twins

SEARCHES = ("ismcts@40", "pimc@40", "expert@8")
SHIPPED = [(name, GAMES[name].default_players) for name in
           ("ciapano", "cicera", "coteccio", "couillon", "kozel", "maumau", "president", "kozel-closed", "ciapano-21",
            "cheat", "holdem", "bridge")]


def points(name, players, seed=1, limit=3):
    """Decision points with a real choice."""
    for st in random_points(GAMES[name], players, seed, every=5, limit=40):
        if len(st.legal_actions()) > 1:
            yield st
            limit -= 1
            if limit == 0:
                return


@pytest.mark.parametrize("spec,name,budget", [
    ("random", "random", None), ("ismcts", "ismcts", "@1000"), ("pimc:0.25", "pimc", ":0.25"),
    (" ismcts@200 ", "ismcts", "@200"),
])
def test_make_names_a_bot_and_its_budget(spec, name, budget):
    bot = bots.make(spec)
    assert bot.spec == name + (budget or "")
    assert bots.make(bot.spec).spec == bot.spec


@pytest.mark.parametrize("spec,message", [
    ("ismcst", "did you mean 'ismcts'"), ("random:1", "'random' takes no budget"),
    ("pimc@0", "after @ comes a number of iterations"), ("ismcts:soon", "after : comes the seconds"),
])
def test_bad_specs_say_what_is_wrong(spec, message):
    with pytest.raises(bots.BotSpecError, match=message):
        bots.make(spec)


def test_the_default_is_a_search_within_half_a_second():
    bot = bots.make(bots.DEFAULT)
    assert bot.budget.seconds is not None and bot.budget.seconds <= 0.5


@pytest.mark.parametrize("name,players", SHIPPED)
@pytest.mark.parametrize("spec", SEARCHES)
def test_search_bots_play_legal_moves_and_rate_every_one(name, players, spec):
    bot = bots.make(spec)
    for st in points(name, players):
        legal = st.legal_actions()
        assert bot(st, random.Random(0)) in legal
        rated = bot.evaluate(st, random.Random(0))
        assert sorted(map(repr, (a for a, _ in rated))) == sorted(map(repr, legal))
        values = [v for _, v in rated]
        assert values == sorted(values, reverse=True)


@pytest.mark.parametrize("name,players", SHIPPED)
@pytest.mark.parametrize("spec", SEARCHES)
def test_a_search_sees_only_what_its_seat_may_know(name, players, spec):
    """Same seed, same iteration budget: the same move and the same values on two states that
    differ only in cards hidden from the seat to move — and, as a control, different values
    with another seed."""
    bot = bots.make(spec)
    for st in points(name, players, seed=2):
        other = st.determinize(st.current_player(), random.Random(9))
        assert bot(st, random.Random(5)) == bot(other, random.Random(5))
        assert bot.evaluate(st, random.Random(5)) == bot.evaluate(other, random.Random(5))


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["pimc@12", "ismcts@12", "expert@4"])
def test_a_search_plays_a_patience_by_what_it_can_see(spec):
    """Klondike, one player (its roll-outs are whole patiences, so it is left out of SHIPPED's
    bigger budgets): every move rated, and the face-down cards and the stock, which the player
    cannot see, change nothing."""
    bot = bots.make(spec)
    for st in points("klondike", 1, seed=3, limit=2):
        rated = bot.evaluate(st, random.Random(0))
        assert sorted(map(repr, (a for a, _ in rated))) == sorted(map(repr, st.legal_actions()))
        other = st.determinize(0, random.Random(9))
        assert other.zones != st.zones
        assert bot(st, random.Random(5)) == bot(other, random.Random(5))


def test_a_search_depends_on_its_rng():
    st = next(points("ciapano", 4))
    bot = bots.make("ismcts@40")
    assert bot.evaluate(st, random.Random(1)) != bot.evaluate(st, random.Random(2))


def test_a_forced_move_is_played_without_a_search():
    st = next(s for s in random_points(GAMES["couillon"], 4, 3, every=1) if len(s.legal_actions()) == 1)
    bot = bots.make("ismcts:600")          # would think ten minutes if it searched
    assert bot(st, random.Random(0)) == st.legal_actions()[0]


def test_searches_play_for_the_hand_in_a_hand_and_for_the_match_between_hands():
    """Coteccio's doctor is asked after the hand's scoring: the hand's value says nothing of it,
    so the search plays it for the match's returns."""
    rng = random.Random(0)
    for seed in range(200):
        st = GAMES["coteccio"].new_initial_state(seed=seed, players=3)
        while not st.is_terminal():
            texts = [st.action_to_string(a) for a in st.legal_actions()]
            if "doctor" in texts:
                assert not st.hand_value_pending() and not Goal(st).by_hand
                bot = bots.make("pimc@30")
                assert bot(st, rng) in st.legal_actions()
                return
            assert st.hand_value_pending() and Goal(st).by_hand
            st.apply_action(rng.choice(st.legal_actions()))
    pytest.fail("no doctor decision in 200 matches")


def test_the_bot_written_in_docs_bots_md_plays(monkeypatch):
    """docs/bots.md "Writing your own": its example runs and registers with make()."""
    from pathlib import Path
    text = (Path(__file__).parents[1] / "docs" / "bots.md").read_text(encoding="utf-8")
    code = next(block.split("```")[0] for block in text.split("```python\n") if "class FlatMonteCarlo" in block)
    monkeypatch.setattr(bots, "BOTS", dict(bots.BOTS))
    exec(compile(code, "docs/bots.md", "exec"), {})
    st = next(points("coteccio", 4))
    assert bots.make("flat")(st, random.Random(0)) in st.legal_actions()


class SlowClock:
    """A clock on a very busy machine: every reading finds `step` more seconds gone."""

    def __init__(self, step):
        self.now, self.step = 0.0, step

    def __call__(self):
        self.now += self.step
        return self.now


@pytest.mark.parametrize("name,players", SHIPPED)
def test_hint_rates_every_move_best_first_with_its_interval(name, players):
    for st in points(name, players, limit=2):
        found = bots.hint(st, random.Random(3), min_iterations=6)
        assert sorted(map(repr, (m.action for m in found.moves))) == sorted(map(repr, st.legal_actions()))
        assert [m.text for m in found.moves] == [st.action_to_string(m.action) for m in found.moves]
        values = [m.value for m in found.moves[1:]]        # the best first (the move the bot would play),
        assert values == sorted(values, reverse=True)      # the others by value
        assert found.best.best and found.best.tied and not any(m.best for m in found.moves[1:])
        assert all(m.tied for m in found.moves if m.value > found.best.value)   # never overruled beyond the noise
        best = found.best                                  # intervals apart: apart by the paired test too
        assert not any(m.tied for m in found.moves if best.value - m.value > best.margin + m.margin)
        assert all(m.samples == 6 == found.iterations and m.margin >= 0 for m in found.moves)
        assert found.seat == st.current_player() and not found.capped and found.units == "hand"


def test_hint_does_its_floor_however_slow_the_clock():
    """A busy machine takes longer over the same work: the same worlds, the same answer."""
    st = next(points("kozel", 3))
    quiet = bots.hint(st, random.Random(4), min_iterations=25)
    busy = bots.hint(st, random.Random(4), min_iterations=25, max_seconds=10_000, clock=SlowClock(5.0))
    assert busy.iterations == quiet.iterations == 25 and not busy.capped
    assert busy.moves == quiet.moves and busy.seconds >= 24 * 5.0


@pytest.mark.parametrize("name", ["kozel", "coteccio", "ciapano", "president"])
def test_hint_reads_no_clock_but_the_one_it_is_given(name):
    """The slow clock above reaches only what reads the hint's `clock`: a part of the search that
    read the machine's own clock (a time budget's default, e.g. the endgame solver's or the pool
    of worlds') would answer differently on a busy machine. No such reading, in games that solve
    endgames and weigh worlds by the others' play."""
    import sys
    import time
    from pathlib import Path
    clocks = {time.perf_counter, time.process_time, time.monotonic, time.time, time.perf_counter_ns,
              time.process_time_ns, time.monotonic_ns, time.time_ns, time.thread_time, time.thread_time_ns}
    read = []

    package = str(Path(ruledsl.__file__).parent)           # (not a test tool's own clock, read at a collection)

    def watch(frame, event, arg):
        if event == "c_call" and arg in clocks and frame.f_code.co_filename.startswith(package):
            read.append(f"{arg.__name__} from {frame.f_code.co_filename}:{frame.f_lineno}")

    for st in points(name, GAMES[name].default_players, limit=2):
        sys.setprofile(watch)
        try:
            found = bots.hint(st, random.Random(4), min_iterations=8, max_seconds=None, clock=SlowClock(1.0))
        finally:
            sys.setprofile(None)
        assert found.iterations == 8 and read == []


def test_hint_says_how_sure_it_is_and_is_surer_over_more_worlds():
    """A move's margin is its mean's 95% interval over the worlds: four times the worlds, about
    half the margin (a margin of the values' spread, not of their mean, would not shrink)."""
    st = next(points("kozel", 3))
    few, many = (bots.hint(st, random.Random(4), min_iterations=n) for n in (25, 100))
    shrunk = [b.margin / a.margin for a in few.moves for b in many.moves if a.action == b.action and a.margin > 0]
    assert shrunk and all(0.3 < r < 0.8 for r in shrunk)
    assert any(not m.tied for m in many.moves)         # and some move is behind the best beyond the noise


def test_hint_reports_the_time_cap_when_it_stops_the_search():
    st = next(points("kozel", 3))
    found = bots.hint(st, random.Random(4), min_iterations=25, max_seconds=10, clock=SlowClock(1.0))
    assert found.capped and 1 <= found.iterations < 25 and found.floor == 25


def test_a_move_within_the_noise_of_the_best_is_called_tied_and_a_clear_loser_is_not():
    """Tied is the paired test: against the best world by world."""
    from ruledsl.bots.flat import Samples
    samples = Samples(["a", "b", "c"])
    for i in range(40):
        noise = (i % 7) - 3
        samples.add([10 + noise, 10 + noise - (0.5 if i % 2 else -0.4), 10 + noise - 1])
    (gap_b, err_b), (gap_c, err_c) = samples.behind(0)[1:]
    assert abs(gap_b) <= 1.96 * err_b                 # b: sometimes better, sometimes worse
    assert gap_c == 1 and err_c == 0                  # c: worse by one in every world


@pytest.mark.parametrize("name,players", SHIPPED)
def test_hint_sees_only_what_its_seat_may_know(name, players):
    for st in points(name, players, seed=2, limit=2):
        other = st.determinize(st.current_player(), random.Random(9))
        mine, theirs = (bots.hint(s, random.Random(5), min_iterations=5) for s in (st, other))
        assert mine.moves == theirs.moves and mine.iterations == theirs.iterations


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
        for st in points(name, game.default_players, seed=3, limit=8):
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
        for st in points(name, GAMES[name].default_players, seed=2):
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
    for st in points(name, GAMES[name].default_players, seed=2):
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


def test_the_roll_out_is_the_one_measured_for_the_rule_file_and_player_count(tmp_path, monkeypatch):
    """rollouts.CHOICES, as benchmarks/bots.py --choose-rollouts writes it: a rule file's digest
    and player count give the share of judged decisions; other rules, another player count, or
    the same rules edited by one character, roll out at random."""
    from ruledsl.bots import rollouts
    path = ROOT / "games" / "ciapano.yaml"
    game = GAMES["ciapano"]
    st = game.new_initial_state(seed=1, players=4)
    key = rollouts.rules_key(game.ruleset, 4)
    assert key == rollouts.rules_key(game.ruleset, 4) != rollouts.rules_key(game.ruleset, 3)
    choices = tmp_path / "rollouts.json"
    choices.write_text('{"%s": {"greedy": 0.5}}' % key)
    monkeypatch.setattr(rollouts, "CHOICES", choices)
    monkeypatch.setattr(rollouts, "_CHOSEN", {})
    assert rollouts.chosen(st) == 0.5
    assert rollouts.chosen(game.new_initial_state(seed=1, players=3)) == 0.0
    from ruledsl.bots.expert import Style, horizon, solves, weighs
    assert weighs(st) and solves(st) and horizon(st) == rollouts.HORIZON   # not measured: as by default
    choices.write_text('{"%s": {"weigh": 0.0, "solve": 0.0, "horizon": 15.0}}' % key)
    monkeypatch.setattr(rollouts, "_CHOSEN", {})
    three = game.new_initial_state(seed=1, players=3)
    assert not weighs(st) and weighs(three)
    assert not solves(st) and solves(three) and solves(st, Style(solve=True))
    assert horizon(st) == 15 and horizon(three) == rollouts.HORIZON and horizon(st, Style(horizon=9)) == 9
    choices.write_text('{"%s": {"greedy": 0.5}}' % key)
    monkeypatch.setattr(rollouts, "_CHOSEN", {})
    edited = tmp_path / "ciapano.yaml"
    edited.write_text(path.read_text() + "\n# one more line\n")
    other = ruledsl.load_game(edited)
    assert rollouts.rules_key(other.ruleset, 4) != key
    assert rollouts.chosen(other.new_initial_state(seed=1, players=4)) == 0.0


@pytest.mark.parametrize("name,cut", [("kozel", 15), ("kozel-closed", 64), ("coteccio", 64), ("ciapano", 64)])
def test_the_default_bot_cuts_its_roll_outs_where_the_runs_measured_it_best(name, cut):
    """rollouts.json as shipped: Kozel's roll-outs are cut after 15 actions (the confirmatory run,
    benchmarks/README.md "Tenth session"), a variant of it and every game not measured so after
    64; and the default bot plays by it: a roll-out of the expert's finishes stops there."""
    from ruledsl.bots import rollouts
    from ruledsl.bots.expert import horizon
    st = next(points(name, GAMES[name].default_players))
    assert horizon(st) == cut and bots.make("expert").style.horizon is None      # the game's, not a fixed one
    finish = rollouts.Finish(st, Goal(st), horizon=horizon(st))
    played = st.clone()
    finish(played, random.Random(1))
    assert played.steps - st.steps <= cut


def test_a_setting_is_chosen_from_two_runs_against_the_same_opponent_over_the_same_deals(tmp_path):
    """benchmarks/bots.py --choose-rollouts: the expert with `race` and without, each against
    PIMC over the same deals and seats, compared hand by hand; stored only when the lower end of
    the 95% interval is above zero."""
    import importlib.util
    import json
    spec = importlib.util.spec_from_file_location("bench_choices", ROOT / "benchmarks" / "choices.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    def run(x_spec, gain):
        return [{"game": "ciapano", "deal": d, "x": [x], "specs": [x_spec, "pimc@9"],
                 "values": [(-3.0 + gain + d % 3 if s == x else -2.0 - d % 3) for s in range(4)]}
                for d in range(6) for x in range(4)]
    rows = run("expert@10/race=2.5", 1.0) + run("expert@12", 0.0) + run("expert@10/race=1.5", 0.0) + \
        run("expert@8/weigh=false", 0.5) + run("expert@9/solve=false", -0.5) + run("expert@11/horizon=15", 0.25)
    found = bench.versus_common(rows, "race")
    assert found[2.5][:3] == (1.0, 0.0, 24) and found[1.5][:3] == (0.0, 0.0, 24)
    assert bench.versus_common(rows, "weigh", 1.0)[0.0][:3] == (0.5, 0.0, 24)     # weigh's default: on
    choices = tmp_path / "rollouts.json"
    bench.choose_rollouts(rows, choices)
    entry = next(iter(json.loads(choices.read_text()).values()))
    assert entry["race"] == 2.5 and entry["weigh"] == 0.0 and "weigh vs 1" in entry and "greedy" not in entry
    assert entry["solve"] == 1.0 and "-0.500" in entry["solve vs 1"]["0"]          # behind: solving stays on
    assert entry["horizon"] == 15.0 and "horizon vs 64" in entry                     # roll-outs cut at 15 actions
    bench.choose_rollouts(run("expert@10/race=2.5", -0.5) + run("expert@12", 0.0), choices)
    assert next(iter(json.loads(choices.read_text()).values()))["race"] == 0.0
    table = json.loads(choices.read_text())                 # a value a confirmatory run set stays
    next(iter(table.values()))["race confirmed"] = "a run fixed beforehand"
    choices.write_text(json.dumps(table))
    bench.choose_rollouts(run("expert@10/race=2.5", 1.0) + run("expert@12", 0.0), choices)
    assert next(iter(json.loads(choices.read_text()).values()))["race"] == 0.0


def test_a_setting_within_the_noise_of_the_default_is_chosen_where_it_alone_beats_the_opponent(tmp_path):
    """--choose-rollouts: the expert with `imitate` leads the default within the noise (paired),
    but beats their common opponent by more than the noise where the default does not — chosen,
    the evidence saying so; not where the default beats the opponent too, nor where the paired
    lead is below zero."""
    import importlib.util
    import json
    spec = importlib.util.spec_from_file_location("bench_choices", ROOT / "benchmarks" / "choices.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    base = [0.5, -0.3, 1.2, -0.5, 0.8, 0.3]              # the default's X − Y, deal by deal: level
    lead = [0.9, 1.5, -0.6, 1.6, -0.3, 0.4]              # the setting's paired lead: +0.58, within the noise

    def run(x_spec, values):
        return [{"game": "ciapano", "deal": d, "x": [x], "specs": [x_spec, "pimc@9"],
                 "values": [values[d] if s == x else 0.0 for s in range(4)]} for d in range(6) for x in range(4)]

    def chosen(rows):
        choices = tmp_path / "rollouts.json"
        choices.unlink(missing_ok=True)
        bench.choose_rollouts(rows, choices)
        entry = next(iter(json.loads(choices.read_text()).values()))
        return entry["imitate"], entry["imitate vs 0"]["64"]

    with_it = [b + g for b, g in zip(base, lead)]
    paired = bench.versus_common(run("expert@8/imitate=64", with_it) + run("expert@12", base), "imitate")[64.0]
    assert 0 < paired[0] < paired[1]                     # within the noise, paired
    value, evidence = chosen(run("expert@8/imitate=64", with_it) + run("expert@12", base))
    assert value == 64 and "meets the aim where the default does not" in evidence
    stronger = [b + 1.0 for b in base]                   # the default beats the opponent too
    assert chosen(run("expert@8/imitate=64", [b + g for b, g in zip(stronger, lead)]) + run("expert@12", stronger))[0] == 0
    spread = [2.0, -1.0, 2.5, -0.8, 1.9, 0.2]            # level, and a setting steadier but behind it paired
    steady = [0.7, 0.6, 0.8, 0.5, 0.7, 0.6]
    assert bench.meets_aim(run("expert@8/imitate=64", steady) + run("expert@12", spread), "expert@8/imitate=64",
                           "expert@12, each against pimc@9")
    assert chosen(run("expert@8/imitate=64", steady) + run("expert@12", spread))[0] == 0

"""The settings measured for a rule file (bots/rollouts.py, benchmarks/bots.py --choose-rollouts):
the roll-out measured for the rule file and player count, the cut of the default bot's roll-outs,
and a setting chosen from two runs over the same deals, kept where it was confirmed."""
import random

import pytest

import ruledsl
from ruledsl import bots
from ruledsl.bots.search import Goal
from hidden import GAMES, ROOT, choice_points


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
    st = next(choice_points(name, GAMES[name].default_players))
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

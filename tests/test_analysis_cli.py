"""`simulate`, `analyze` and `compare` as a user drives them: outputs, rows, charts, errors."""
import builtins
import csv
import importlib.util
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruledsl.cli import main

ROOT = Path(__file__).parents[1]
CIAPANO = str(ROOT / "games/ciapano.yaml")
VARIANT = str(ROOT / "examples/ciapano-21.yaml")
CICERA = str(ROOT / "games/cicera.yaml")
QUICK = ["--workers", "1", "--skill-matches", "0"]


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_simulate_json_has_bots_returns_and_how_wins_are_counted():
    result = invoke("simulate", CICERA, "-n", 6, "--json", "--workers", 1)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["format_version"] == 1
    assert data["bots"] == ["random"] * 4 and len(data["returns"]) == 4
    assert data["wins_counted"] == "a team's win counts for each of its seats"
    assert sum(data["wins"]) == 2 * data["games"]          # partners: two seats win each match
    assert data["wins"][0] == data["wins"][2] and data["wins"][1] == data["wins"][3]
    text = invoke("simulate", CICERA, "-n", 2, "--workers", 1).output
    assert "(a team's win counts for each of its seats)" in text and "mean returns per seat: A=" in text


def test_simulate_bots_repeat_over_the_seats(monkeypatch):
    from ruledsl import bots
    monkeypatch.setitem(bots.BOTS, "first", lambda seconds, iterations: lambda state, rng: state.legal_actions()[0])
    result = invoke("simulate", CIAPANO, "-n", 2, "--players", 3, "--bots", "first,random", "--json", "--workers", 1)
    assert json.loads(result.output)["bots"] == ["first", "random", "first"]
    bad = invoke("simulate", CIAPANO, "--bots", "random,ismctz:0.5")
    assert bad.exit_code == 2 and "Invalid value for '--bots': unknown bot 'ismctz'" in bad.stderr


def test_rows_for_pandas(tmp_path):
    result = invoke("simulate", CIAPANO, "-n", 5, "--players", 3, "--csv", tmp_path / "m.csv",
                    "--jsonl", tmp_path / "m.jsonl", "--workers", 2)
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO((tmp_path / "m.csv").read_text())))
    assert [r["match"] for r in rows] == ["0", "1", "2", "3", "4"] and rows[2]["seed"] == "2"
    assert {"winners", "returns_A", "returns_C", "hands", "decisions", "bots",
            "rule: Cappotto! the winner of the last trick scores 0 and everyone else 11"} <= set(rows[0])
    for row in rows:        # while all three are in, every hand; not once one is out
        assert 0 < int(row["rule: deal when the number of players is 3"]) <= int(row["hands"])
    lines = [json.loads(line) for line in (tmp_path / "m.jsonl").read_text().splitlines()]
    assert len(lines) == 5 and lines[0]["winners"] and lines[0]["events"]["deal when the number of players is 3"] >= 1
    assert [line["hands"] for line in lines] == [int(r["hands"]) for r in rows]


def test_rows_to_standard_output_are_all_it_prints():
    result = invoke("analyze", CIAPANO, "-n", 3, "--jsonl", "-", *QUICK)
    assert result.exit_code == 0
    assert [json.loads(line)["match"] for line in result.output.splitlines()] == [0, 1, 2]


def test_analyze_json_has_every_section():
    result = invoke("analyze", CICERA, "-n", 8, "--json", "--skill", "nosuchbot", "--workers", 1)
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert list(data)[0] == "format_version" and data["format_version"] == 1
    assert data["matches"] == 8 and data["teams"] == [[0, 2], [1, 3]]
    assert len(data["fairness"]["sides"]) == 2 and data["fairness"]["dealer"]["edge"]["n"] == 8
    assert data["length"]["hands"]["mean"]["low"] <= data["length"]["hands"]["mean"]["value"]
    assert data["choice"]["phases"][0]["phase"] == "play 1"
    assert "bonus Scùa" in [e["rule"] for e in data["events"]]
    assert set(data["drama"]) >= {"lead_changes", "drama", "cardstock_drama", "decisiveness", "comebacks"}
    assert data["skill"].startswith("not measured: unknown bot 'nosuchbot'")


def test_analyze_prints_the_tables():
    result = invoke("analyze", CIAPANO, "-n", 20, *QUICK)
    assert result.exit_code == 0, result.output
    for heading in ("Fairness: who wins", "Length", "Choice: legal actions per decision",
                    "Rules: how often each fires", "Drama", "Skill: not measured"):
        assert heading in result.output
    assert "Cappotto! the winner of the last trick" in result.output      # a say text, in words
    assert "exact binomial test" in result.output and "z-test" in result.output


def test_compare_says_what_the_variant_changes():
    result = invoke("compare", CIAPANO, VARIANT, "-n", 40, *QUICK)
    assert result.exit_code == 0, result.output
    assert "Ciapanò vs Ciapanò to 21" in result.output
    assert "Ciapanò to 21 compared with Ciapanò:" in result.output
    line = next(line for line in result.output.splitlines() if "matches are" in line)
    assert "shorter" in line                 # 21 penalty points instead of 31
    data = json.loads(invoke("compare", CIAPANO, VARIANT, "-n", 40, "--json", *QUICK).output)
    hands = next(row for row in data["comparison"] if row["figure"] == "length.hands")
    assert hands["changes"][0]["significant"] and hands["changes"][0]["difference"]["value"] < 0
    assert [r["name"] for r in data["reports"]] == ["Ciapanò", "Ciapanò to 21"]
    assert data["format_version"] == 1


def test_plots_are_written(tmp_path):
    result = invoke("compare", CIAPANO, VARIANT, "-n", 10, "--plot", tmp_path / "out", *QUICK)
    assert result.exit_code == 0, result.output
    for name in ("length.png", "winrate.png", "branching.png"):
        data = (tmp_path / "out" / name).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 10_000
    assert invoke("analyze", CIAPANO, "-n", 5, "--plot", tmp_path / "one", *QUICK).exit_code == 0
    assert (tmp_path / "one" / "winrate.png").exists()


def test_missing_extras_are_named_before_anything_is_played(monkeypatch):
    real_import, real_find = builtins.__import__, importlib.util.find_spec

    def without(name, *args, **kw):
        if name.split(".")[0] == "matplotlib":
            raise ImportError(name)
        return real_import(name, *args, **kw)
    monkeypatch.setattr(builtins, "__import__", without)
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "distributed" else real_find(name, *a))
    result = invoke("analyze", CIAPANO, "--plot", "out")
    assert result.exit_code == 2 and "pip install 'ruledsl[plots]'" in result.stderr
    result = invoke("simulate", CIAPANO, "--dask", "tcp://127.0.0.1:1")
    assert result.exit_code == 2 and "pip install 'ruledsl[dask]'" in result.stderr
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "scipy" else real_find(name, *a))
    for command in (["analyze", CIAPANO], ["compare", CIAPANO, VARIANT]):
        result = invoke(*command)
        assert result.exit_code == 2 and "need scipy.stats: pip install 'ruledsl[analysis]'" in result.stderr
    assert invoke("simulate", CIAPANO, "-n", 2, "--workers", 1).exit_code == 0      # simulate needs none


def test_an_unreachable_cluster_is_one_line(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("ruledsl.analysis.runner.CONNECT_TIMEOUT", "1s")
    result = invoke("simulate", CIAPANO, "-n", 2, "--dask", "tcp://127.0.0.1:9")
    assert result.exit_code == 1
    assert result.stderr.startswith("error: cannot reach the Dask scheduler at tcp://127.0.0.1:9")
    assert "Traceback" not in result.output


BASE = """\
name: Tiny
players: 2
deck: {pack: french-52, keep: [A, K], order: [A, K]}
zones: {won: {owner: player, visible: nobody}}
options: {loud: false}
counters: {pot: 0}
hand:
  - deal: {to: each, count: 4}
  - tricks: {follow: any}
  - when: option.loud
    say: "the pot holds {pot}"
after_hand:
  - when: hand_number >= 3
    end_match: active
"""
LOUD = """\
extends: base.yaml
name: Tiny, loud
options: {loud: {default: true}}
after_hand:
  - say: "{name(dealer)} dealt"
  - when: hand_number >= 3
    end_match: active
"""


def test_compare_lines_up_rules_by_label_and_lists_the_variants_own(tmp_path):
    (tmp_path / "base.yaml").write_text(BASE)
    (tmp_path / "loud.yaml").write_text(LOUD)
    result = invoke("compare", tmp_path / "base.yaml", tmp_path / "loud.yaml", "-n", 20, *QUICK)
    assert result.exit_code == 0, result.output
    assert "“the pot holds …” fires in 0.0% → 100.0% of hands" in result.output
    data = json.loads(invoke("compare", tmp_path / "base.yaml", tmp_path / "loud.yaml", "-n", 20, "--json", *QUICK).output)
    rows = {row["label"]: row for row in data["comparison"]}
    own = rows["the dealer dealt (of hands)"]          # a rule only the variant has
    assert own["values"][0] is None and own["values"][1]["value"] == 1.0
    ends = rows["end match when the hand's number is at least 3 (of hands)"]      # the same rule, at another line
    assert [v["value"] for v in ends["values"]] == [pytest.approx(1 / 3)] * 2


def test_a_file_without_hand_values_says_what_is_not_measured(tmp_path):
    (tmp_path / "base.yaml").write_text(BASE)
    result = invoke("analyze", tmp_path / "base.yaml", "-n", 5, *QUICK)
    assert result.exit_code == 0, result.output
    assert "The dealer's edge per hand: not measured (the file declares no result.hand)" in result.output
    assert "Drama: not measured (the file declares no result.hand" in result.output
    assert "Length" in result.output and "Rules: how often each fires" in result.output


def test_the_charts_say_what_they_show(tmp_path):
    """winrate.png: percentages as the text has them, the dashed line named in the legend;
    branching.png: what a phase such as "play 12" is, under its axis."""
    pytest.importorskip("matplotlib")
    from ruledsl.analysis.plots import drawn
    from ruledsl.analysis.study import Study
    from ruledsl.analysis.runner import run
    import ruledsl
    study = Study.of(CIAPANO, ruledsl.load_game(CIAPANO), players=3, matches=6, skill_matches=0)
    assert run(study.batches, progress=False)
    charts = dict(drawn([study.report()]))
    winrate = charts["winrate.png"].axes[0]
    ticks = [t.get_text() for t in winrate.get_yticklabels()]
    assert ticks and all(t.endswith("%") for t in ticks if t)
    share = study.report()["fairness"]["fair_share"]
    [dashed] = [line for line in winrate.get_lines() if line.get_linestyle() == "--"]
    legend = [t.get_text() for t in winrate.get_legend().get_texts()]
    assert dashed.get_label() in legend and f"{100 * share:.1f}%" in dashed.get_label()
    branching = charts["branching.png"].axes[0]
    phases = [row["phase"] for row in study.report()["choice"]["phases"]]
    last = max(int(p.split()[1]) for p in phases if p.startswith("play "))
    assert branching.get_xlabel().startswith(f'phase: a kind of decision and its round. "play {last}" is a '
                                             f'player\'s {last}th "play" decision of the hand')
    assert [t.get_text() for t in branching.get_xticklabels()] == phases and "play 1" in phases

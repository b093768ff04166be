"""What analysis keeps of a match: the rules it counts, the record it builds from the engine's
events, and the rule file's texts it sends to workers."""
from pathlib import Path

import shipped
from ruledsl.analysis.files import RuleFiles
from ruledsl.analysis.records import Tally
from ruledsl.analysis.rules import Rule, rules_of

ROOT = Path(__file__).parents[1]


class Over:
    winners = (1,)

    def returns(self):
        return [0, 1]


def test_tally_reads_hands_rules_and_decisions_from_events():
    rules = [Rule(("step", "f.yaml", 9, 5), "Capot!", "f.yaml:9", "hand"), Rule(("bonus", "Sweep"), "bonus Sweep", "f.yaml:4", "hand")]
    tally = Tally(rules, 2)
    events = [{"kind": "hand", "number": 1, "dealer": 0, "redeal": False}]
    tally.read(events)
    tally.decision(1, "trump/pass", 2)          # the first to decide
    events += [{"kind": "play", "seat": 1}, {"kind": "step", "file": "f.yaml", "line": 9, "col": 5},
               {"kind": "step", "file": "f.yaml", "line": 9, "col": 5}, {"kind": "step", "file": "other.yaml", "line": 1, "col": 1}]
    tally.read(events)
    tally.decision(1, "play", 3)
    tally.decision(0, "play", 1)
    events += [{"kind": "summary", "hand": 1, "values": [2, -2]}, {"kind": "out", "seat": 0},
               {"kind": "hand", "number": 2, "dealer": 1, "redeal": False}, {"kind": "bonus", "seat": 1, "name": "Sweep"}]
    tally.read(events)
    tally.decision(1, "play", 1)
    events += [{"kind": "hand", "number": 2, "dealer": 1, "redeal": True}]     # redealt: the play starts again
    tally.read(events)
    tally.decision(1, "play", 1)
    events += [{"kind": "play", "seat": 1}, {"kind": "summary", "hand": 2, "values": None}, {"kind": "end", "winners": (1,)}]
    tally.read(events)
    record = tally.record(Over(), 7, 12, ("random", "random"))
    first, second = record.hands
    assert (first.number, first.dealer, first.first, first.seated, first.decisions, first.values) == \
        (1, 0, 1, (0, 1), 3, (2.0, -2.0))
    assert (second.dealer, second.first, second.seated, second.decisions, second.values) == (1, 1, (1,), 2, None)
    assert record.fired == {0: (1, 2), 1: (1, 1)}       # rule 0 twice in one hand; the unknown step ignored
    # phase -> (decisions, legal actions, forced, decisions of the hand before): the redeal restarts rounds
    assert record.phases == {"trump/pass 1": (1, 2, 0, 0), "play 1": (4, 6, 3, 1 + 2 + 0 + 1)}
    assert (record.index, record.seed, record.winners, record.returns, record.hand_count, record.decisions) == \
        (7, 12, (1,), (0.0, 1.0), 2, 5)


def test_rules_are_the_steps_with_say_or_when_and_the_bonuses():
    couillon = rules_of(shipped.load(ROOT / "games/couillon.yaml").ruleset)
    labels = [r.label for r in couillon]
    assert labels[0].startswith("Teams: A and C") and couillon[0].section == "setup"
    assert "the player says Kontra" in labels           # inside an ask choice inside a trick hook
    assert "ask when the trick's number is 1 and mit is false and QS is not in the trick" in labels
    cicera = rules_of(shipped.load(ROOT / "games/cicera.yaml").ruleset)
    assert [r.label for r in cicera if r.key[0] == "bonus"] == ["bonus Scùa", "bonus Picada", "bonus Simili", "bonus Quadriglia"]
    assert [r.where for r in cicera][:2] == ["cicera.yaml:62", "cicera.yaml:65"]     # in file order


def test_every_step_event_of_a_match_belongs_to_a_rule():
    game = shipped.load(ROOT / "games/coteccio.yaml")
    keys = {r.key for r in rules_of(game.ruleset)}
    st = game.new_initial_state(seed=3, record=True)
    while not st.is_terminal():
        st.apply_action(st.legal_actions()[-1])
    fired = {("step", e["file"], e["line"], e["col"]) for e in st.events if e["kind"] == "step"}
    assert fired and fired <= keys


def test_a_variant_travels_with_the_files_it_extends(tmp_path):
    files = RuleFiles.read(ROOT / "examples/ciapano-21.yaml")
    assert files.entry == "examples/ciapano-21.yaml"
    assert [name for name, _ in files.texts] == ["examples/ciapano-21.yaml", "games/ciapano.yaml"]
    game = files.load()                            # from the texts alone, in a directory of its own
    assert game.name == "Ciapanò to 21" and game.options()["target"] == 21
    assert RuleFiles.read(ROOT / "games/ciapano.yaml").texts == (("ciapano.yaml", (ROOT / "games/ciapano.yaml").read_text()),)
    assert files.digest != RuleFiles.read(ROOT / "games/ciapano.yaml").digest

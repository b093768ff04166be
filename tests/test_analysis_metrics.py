"""Every figure of `analyze`, computed on hand-made match records whose values are worked out by
hand (docs/analysis.md has the definitions). No match is played here."""
import math

import pytest

from ruledsl.analysis.drama import (cardstock_decisiveness, cardstock_drama, came_back, drama, lead_changes,
                                    ludii_decisiveness, ludii_drama, rank_share)
from ruledsl.analysis.metrics import RunInfo, choice, events, fairness, length, sides_of
from ruledsl.analysis.records import HandRecord, MatchRecord
from ruledsl.analysis.rules import Rule
from ruledsl.analysis.skill import skill
from ruledsl.analysis.stats import binomial_test

ALONE4 = RunInfo("T", 4, sides_of(4, False), -1)
TEAMS4 = RunInfo("T", 4, sides_of(4, True), 1)


def hand(dealer=0, values=None, first=None, seated=(0, 1, 2, 3), decisions=10, number=1):
    return HandRecord(number, dealer, first, seated, decisions, values)


def match(index, winners, hands=(), players=4, phases=None, fired=None, hand_count=None):
    hands, phases = tuple(hands), phases or {}
    decisions = sum(h.decisions for h in hands) or sum(c[0] for c in phases.values())
    return MatchRecord(index, index, ("random",) * players, tuple(winners), (0.0,) * players,
                       len(hands) if hand_count is None else hand_count, decisions, hands, phases, fired or {})


def test_sides():
    assert sides_of(4, True) == ((0, 2), (1, 3))
    assert sides_of(3, False) == ((0,), (1,), (2,))


def test_win_rate_per_seat_and_per_team():
    records = [match(0, (0, 2)), match(1, (0, 2)), match(2, (1, 3)), match(3, (0, 2))]
    fair = fairness(records, TEAMS4)
    assert [e.value for e in fair["seats"]] == [0.75, 0.25, 0.75, 0.25]     # a team's win counts for both
    assert [e.value for e in fair["sides"]] == [0.75, 0.25]
    assert fairness(records, ALONE4)["sides"] is None


def test_win_rate_by_position_from_the_first_dealer():
    # Anticlockwise: the seat after dealer d in play order is d - 1. Winners sit 1, 1, 0 places
    # after the first dealer.
    records = [match(0, (0,), [hand(dealer=1, first=0)]), match(1, (2,), [hand(dealer=3, first=2)]),
               match(2, (0,), [hand(dealer=0, first=3)])]
    fair = fairness(records, ALONE4)
    rows = fair["positions"]
    assert [r["win_rate"].value for r in rows] == pytest.approx([1 / 3, 2 / 3, 0, 0])
    assert fair["fair_share"] == 0.25
    assert rows[1]["p"] == pytest.approx(binomial_test(2, 3, 0.25))
    assert fair["first_position"] == 1         # who played first in hand 1: one place after the dealer


def test_dealer_and_first_player_edges_per_hand():
    records = [match(0, (0,), [hand(0, (3, -1, -1, -1), first=3)]),
               match(1, (1,), [hand(1, (0, 2, 0, -2), first=0),
                               hand(2, (1, 1, -2, 0), first=1, seated=(0, 1, 2))])]   # seat 3 is out
    fair = fairness(records, ALONE4)
    # edges: 3 - (-1) = 4; 2 - mean(0, 0, -2) = 8/3; -2 - mean(1, 1) = -3 (the seat out ignored)
    assert fair["dealer"]["edge"].value == pytest.approx((4 + 8 / 3 - 3) / 3)
    # first players: seat 3: -1 - mean(3, -1, -1) = -4/3; seat 0: 0 - mean(2, 0, -2) = 0; seat 1: 1 - mean(1, -2)
    assert fair["first_player"]["edge"].value == pytest.approx((-4 / 3 + 0 + 1.5) / 3)
    assert fairness([match(0, (0,), [hand(0, None)])], ALONE4)["dealer"] is None


def test_edge_of_a_team_is_its_value_less_the_other_teams():
    records = [match(0, (0, 2), [hand(1, (2, -2, 2, -2))]), match(1, (0, 2), [hand(0, (1, -1, 1, -1))])]
    edge = fairness(records, TEAMS4)["dealer"]["edge"]
    assert edge.value == pytest.approx((-4 + 2) / 2)


def test_length():
    records = [match(0, (0,), [hand(decisions=10), hand(decisions=20)]),
               match(1, (0,), [hand(decisions=30)] * 4)]
    info = RunInfo("T", 4, sides_of(4, False), 1, think=3.0)
    got = length(records, info)
    assert got["hands"]["mean"].value == 3 and got["hands"]["histogram"] == {2: 1, 4: 1}
    assert got["decisions_per_hand"]["mean"].value == pytest.approx(150 / 6)
    assert got["decisions_per_hand"]["median"].value == 30
    assert got["decisions"]["mean"].value == 75
    assert got["minutes"]["mean"].value == pytest.approx(75 * 3 / 60)


def test_choice_per_phase_in_the_order_of_the_hand():
    # phase -> (decisions, legal actions, forced, decisions of the hand before it)
    records = [match(0, (0,), phases={"play 1": (4, 12, 0, 0), "play 2": (4, 4, 4, 40)}),
               match(1, (0,), phases={"trump/pass 1": (1, 2, 0, 0), "play 1": (4, 8, 1, 8)})]
    got = choice(records)
    assert got["overall"]["branching"].value == pytest.approx(26 / 13)
    assert got["overall"]["forced"].value == pytest.approx(5 / 13)
    assert [row["phase"] for row in got["phases"]] == ["trump/pass 1", "play 1", "play 2"]
    play1 = got["phases"][1]
    assert play1["branching"].value == 2.5 and play1["forced"].value == 1 / 8
    assert play1["share"] == pytest.approx(8 / 13)


def test_how_often_each_rule_fires():
    rules = (Rule(("step", "f", 3, 5), "Capot!", "f:3", "hand"), Rule(("step", "f", 1, 5), "stake", "f:1", "setup"))
    info = RunInfo("T", 4, sides_of(4, False), 1, rules=rules)
    records = [match(0, (0,), hand_count=4, fired={0: (2, 3), 1: (0, 1)}), match(1, (0,), hand_count=4, fired={1: (0, 1)})]
    capot, stake = events(records, info)
    assert capot["hands"].value == 2 / 8 and capot["matches"].value == 0.5 and capot["per_match"].value == 1.5
    assert stake["hands"] is None and stake["matches"].value == 1.0


# -- standings -------------------------------------------------------------------------------------

S = [(0, 0, 0), (2, -1, -1), (1, 3, -4), (4, 2, -6)]      # standings before and after 3 hands
WINNER = {0}


def test_lead_changes():
    # leaders: everyone, then 0, then 1, then 0 again
    assert lead_changes(S) == 3
    assert lead_changes([(0, 0), (1, 1), (2, 2)]) == 0


def test_ludii_drama_is_the_winners_mean_gap_to_the_best():
    assert ludii_drama(S, WINNER) == pytest.approx((0 + 2 + 0) / 3)
    assert ludii_drama([(0, 0), (1, 3), (5, 3)], {0, 1}) == pytest.approx(((3 - 2) + (5 - 4)) / 2)


def test_ludii_decisiveness_is_when_the_winners_lead_beat_every_losers_best():
    # margins over the nearest rival: winner 0, 3, -2, 2; the losers' best ever is 2 (side 1 after
    # hand 2); the winner's margin first exceeds it after hand 1 of 3
    assert ludii_decisiveness(S, WINNER) == pytest.approx(1 / 3)
    assert ludii_decisiveness([(0, 0), (-1, 1), (3, 0), (4, 0)], {0}) == pytest.approx(2 / 3)
    assert ludii_decisiveness([(0, 0), (1, 0), (2, 3)], {0}) == 1.0       # never beyond the loser's lead
    assert ludii_decisiveness(S, {0, 1, 2}) is None


def test_cardstock_drama_and_decisiveness_on_the_rank_share():
    assert [rank_share(s, 0) for s in S[1:]] == [1.0, 0.5, 1.0]
    assert cardstock_drama(S, WINNER) == (0.0, 0)               # never below ½: no drama
    behind = [(0, 0, 0), (-5, 3, -4), (1, 0, 0)]                # last (0), then first
    total, count = cardstock_drama(behind, {0})
    assert (total, count) == (pytest.approx(math.sqrt(0.5)), 1)
    assert cardstock_decisiveness(S, WINNER) == 1.0             # clearly ahead from the first hand
    assert cardstock_decisiveness(behind, {0}) == pytest.approx((2 - 1) / 2)
    assert cardstock_decisiveness([(0, 0), (0, 0), (0, 0)], {0}) == pytest.approx(1 / 2)   # never: the last


def test_came_back():
    assert came_back(S, WINNER)
    assert not came_back([(0, 0), (1, 0), (2, 1)], {0})


def test_drama_over_records_builds_standings_from_hand_values():
    hands = [hand(values=(2, -1, -1), seated=(0, 1, 2)), hand(values=(-1, 4, -3), seated=(0, 1, 2)),
             hand(values=(3, -1, -2), seated=(0, 1, 2))]
    records = [match(0, (0,), hands, players=3), match(1, (1,), [hand(values=None)], players=3)]
    got = drama(records, sides_of(3, False))
    assert got["lead_changes"].value == 3 and got["lead_changes"].n == 1     # the match without values is left out
    assert got["drama"].value == pytest.approx(2 / 3)
    assert got["decisiveness"].value == pytest.approx(1 / 3)
    assert got["comebacks"].value == 1.0
    assert got["cardstock_drama"].value == 0.0
    assert drama([records[1]], sides_of(3, False)) is None


def test_team_standings_use_the_sides():
    records = [match(0, (1, 3), [hand(values=(1, -1, 1, -1)), hand(values=(-3, 3, -3, 3))])]
    got = drama(records, sides_of(4, True))
    assert got["lead_changes"].value == 2                      # team A+C, then team B+D
    assert got["drama"].value == pytest.approx((2 + 0) / 2)


def test_skill_counts_the_rotating_strong_seat():
    # two players: the strong bot sits in seat index mod 2
    records = [match(0, (0,), players=2), match(1, (1,), players=2), match(2, (1,), players=2),
               match(3, (1,), players=2)]
    got = skill(records, RunInfo("T", 2, sides_of(2, False), 1))
    assert got["win_rate"].value == 0.75 and got["fair_share"] == 0.5
    assert got["p"] == pytest.approx(binomial_test(3, 4, 0.5)) and not got["significant"]

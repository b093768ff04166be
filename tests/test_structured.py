"""An ask's answers made by their structure (lang/steps/candidates.py, sources.py) are exactly
those of listing every candidate and testing its `when:` — the same answers in the same order
(tests/structured_oracle.py: `_e`, the brute force, with and without the plans' fallback) — at
every decision of random matches of the shipped games and the authored test files, and for
random hands under filters of the shapes the plans know (a size, one rank or suit, a meld, a
poker class, beating the last play, steady parts, and `and`/`or`/`not` of them) over the sources
they know (k-card combinations, a constant list of sizes, `by_rank`/`by_suit` groups). What a
decision works out once for all its choices: test_structured_once.py.
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import ruledsl
import shipped
from structured_oracle import offered, same_answers, strict
from ruledsl.runtime.cards import PACKS, card_named
from ruledsl.runtime.failures import PlayError

ROOT = Path(__file__).resolve().parents[1]
FILES = [*sorted((ROOT / "games").glob("*.yaml")), *sorted((ROOT / "tests/rulefiles/authored").glob("*.yaml"))]
NAMES = [f"{r}{s}" for s in "SHDC" for r in PACKS["french-52"].ranks]


# -- the shipped games and the authored files ------------------------------------------------------

def _cases():
    for path in FILES:
        game_players = shipped.load(path)
        for players in sorted({game_players.min_players, game_players.default_players, game_players.max_players}):
            yield pytest.param(path, players, id=f"{path.stem}-{players}")


@pytest.mark.parametrize("path,players", list(_cases()))
def test_every_decision_of_random_matches_offers_what_the_brute_force_offers(path, players):
    game, without_fallback = shipped.load(path), strict(path)
    decisions, authored = 0, path.parent.name == "authored"       # their `_e` tests thousands a decision
    for seed in range(1 if authored else 2):
        st, rng = game.new_initial_state(seed=seed, players=players), random.Random(seed)
        while not st.is_terminal() and st.steps < (100 if authored else 600):
            if st.prog.explain[st.pc] is not None:
                assert same_answers(st, without_fallback), (path.stem, players, seed, st.steps)
                decisions += 1
            st.apply_action(rng.choice(st.legal_actions()))
    assert decisions


# -- generated filters over random hands ----------------------------------------------------------

SOURCES = [
    "combinations(hand(player), 2)",
    "combinations(hand(player), size)",
    "[s for k in [1, 2, 3, 5] for s in combinations(hand(player), k)]",
    "[s for k in [5, 1, 3, 3] for s in combinations(hand(player), k)]",
    "[s for k in range(1, 4) for s in combinations(hand(player), k)]",
    "[s for g in by_rank(hand(player)) for k in range(1, len(g) + 1) for s in combinations(g, k)]",
    "[s for g in by_rank(hand(player)) if len(g) > 1 for k in range(2, len(g) + 1) for s in combinations(g, k)]",
    "[s for g in by_rank(hand(player)) for s in combinations(g, 2)]",
    "[s for g in by_suit(hand(player)) for k in [3, 4] for s in combinations(g, k)]",
    "sets(hand(player))",
]
ATOMS = [
    "len(s) == len(standing)", "len(s) <= 3", "len(s) == 5", "len(s) >= 2", "count(s) != 1", "len(s) == size",
    "3 < len(s)", "same_rank(s)", "all(suit(c) == suit(s[0]) for c in s)", "all(power(s[0]) == power(c) for c in s)",
    "is_meld(s, 'run')", "is_meld(s, 'order')", "len(by_rank(s)) == 1", "len(suits_of(s)) <= 1",
    "poker_rank(s)[0] >= 4", "poker_rank(s)[0] > 5", "poker_rank(s)[0] == 1", "poker_rank(s) > poker_rank(standing)",
    "beats(s, standing)", "power(s[0]) > power(standing[0])", "power(s[0]) >= 10", "rank(s[0]) == 'K'",
    "rank(s[-1]) != '2'", "higher(s)", "standing == []", "flag", "size > 5", "len(standing) == 2",
    "AS not in s", "s[0] != KH", "count(by_rank(s)) == 2", "poker_rank(s) >= poker_rank(standing)",
]
RULES = """\
name: Filters
players: 2
deck:
  pack: french-52
  order: [2, A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3]
  orders: {{run: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]}}
zones:
  hand: {{owner: player, visible: owner}}
counters:
  size: 13
  standing: "[2C]"
  flag: false
functions:
  same_rank(s): "all(rank(c) == rank(s[0]) for c in s)"
  sets(xs): "[s for g in by_rank(xs) for k in range(1, len(g) + 1) for s in combinations(g, k)]"
  higher(s): "standing == [] or (len(s) == len(standing) and power(s[0]) > power(standing[0]))"
hand:
  - deal: {{to: each, count: size}}
  - ask:
      who: 0
      choices:
        set: {{each: "s in combinations(hand(player), 1)", do: "standing = s; flag = not flag; size = 3"}}
{choices}
after_hand:
  - end_match: seats
"""


def filters(rng: random.Random, depth: int = 0) -> str:
    """A random condition over the atoms: an atom, or `and`/`or`/`not` of smaller ones."""
    roll = rng.random()
    if depth >= 3 or roll < 0.4:
        return rng.choice(ATOMS)
    if roll < 0.55:
        return f"not ({filters(rng, depth + 1)})"
    op = "and" if roll < 0.8 else "or"
    return f"({filters(rng, depth + 1)}) {op} ({filters(rng, depth + 1)})"


def game_of(pairs, tmp_path_factory):
    """The game with one choice for each (source, filter), and the same without the fallback."""
    choices = "\n".join(f'        c{i}: {{each: "s in {src}", when: "{cond}"}}' for i, (src, cond) in enumerate(pairs))
    path = tmp_path_factory.mktemp("filters") / "rules.yaml"
    path.write_text(RULES.format(choices=choices), encoding="utf-8")
    return ruledsl.load_game(path), strict(path)


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """Every source with every atom alone, and 150 generated filters, in a few games."""
    rng = random.Random(32)
    pairs = [(src, atom) for src in SOURCES for atom in ATOMS]
    pairs += [(rng.choice(SOURCES), filters(rng)) for _ in range(150)]
    return [game_of(pairs[i:i + 90], tmp_path_factory) for i in range(0, len(pairs), 90)]


def position(game, hand, standing, flag):
    """The ask with seat A holding `hand`; None where the brute force fails (the first
    decision's answers are worked out as the match starts), or where nothing is offered."""
    cards = [card_named(n) for n in standing]
    try:
        st = game.new_initial_state(seed=len(hand), players=2, deals=[{"hand": {"A": " ".join(hand)}}],
                                    counters={"size": len(hand), "standing": cards, "flag": flag})
    except PlayError:
        return None
    assert sorted(map(str, st.zones[1])) == sorted(hand)
    return st if st.player == 0 else None


# hands from the whole pack, and from a few ranks of two suits (where straights, the low one
# included, flushes, sets and runs are common)
DENSE = [f"{r}{s}" for s in "SH" for r in ("A", "2", "3", "4", "5", "6", "K")]
HANDS = st.one_of(st.lists(st.sampled_from(NAMES), unique=True, max_size=11),
                  st.lists(st.sampled_from(DENSE), unique=True, min_size=5, max_size=11))


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hand=HANDS, standing=st.lists(st.sampled_from(NAMES), unique=True, max_size=5), flag=st.booleans())
def test_generated_filters_offer_what_the_brute_force_offers(games, hand, standing, flag):
    states = [position(game, hand, standing, flag) for game, _ in games]
    assume(None not in states)
    results = [same_answers(st_, without_fallback) for st_, (_, without_fallback) in zip(states, games)]
    assume(None not in results)
    assert all(results)


def test_the_plans_make_only_the_candidates_that_can_pass(tmp_path_factory, monkeypatch):
    """Not only the same answers: the structure is used. A five-card straight or better from a
    13-card hand is tested on the few hands of that shape, not on its 1,287 five-card
    combinations; a pair on the hand's pairs; President's plays beating a high pair on the
    groups above it (counted: the poker ranks and the groups' combinations worked out)."""
    from ruledsl.runtime import combos, hands
    counted = {"poker_rank": 0, "combinations": 0}
    for module, name in ((hands, "poker_rank"), (combos, "combinations")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _real=real, _name=name: counted.__setitem__(
            _name, counted[_name] + 1) or _real(*a))
    game, _ = game_of([("combinations(hand(player), 5)", "poker_rank(s)[0] >= 4"),
                       ("[s for k in [1, 2, 3, 5] for s in combinations(hand(player), k)]", "len(s) == 2 and same_rank(s)"),
                       ("sets(hand(player))", "higher(s)")], tmp_path_factory)
    hand = "AS KS QS JS 9H 9D 9C 7S 5H 4D 3C 2H 2D".split()          # a flush, a straight, a full house
    st_ = position(game, hand, ["KH", "KD"], False)
    counted.update(poker_rank=0, combinations=0)
    legal = st_.prog.legal[st_.pc](st_)
    assert counted["poker_rank"] < 60 and counted["combinations"] <= 3
    assert legal == offered(st_)
    plays = [st_.action_to_string(a) for a in legal]
    assert "c0 AS KS QS JS 7S" in plays and "c0 9H 9D 9C 2H 2D" in plays
    low = position(game, "6S 5H 4D 3C 2S KD QH 9C".split(), ["KH", "KD"], False)      # 2 ranks highest:
    assert [low.action_to_string(a) for a in low.legal_actions() if a[0] == 1] == ["c0 6S 5H 4D 3C 2S"]  # 2 3 4 5 6
    assert [p for p in plays if p.startswith("c1")] == ["c1 9H 9D", "c1 9H 9C", "c1 9D 9C", "c1 2H 2D"]
    assert [p for p in plays if p.startswith("c2")] == ["c2 2H 2D", "c2 AS", "c2 AS"][:1] + \
        [p for p in plays if p.startswith("c2")][1:] and all(len(p.split()) == 3 for p in plays if p.startswith("c2"))


def test_a_large_block_of_combinations_is_drawn_from_without_being_made(tmp_path_factory):
    """Combinations with nothing of the `when:` to test on each are counted when a play-out asks
    (runtime/offered.py): 715 four-card plays of a 13-card hand, 12 one-card ones; each answer,
    drawn by its index, is the brute force's at that index, and none is made until one is (the
    template's own choice first: 13 one-card plays)."""
    from ruledsl.runtime.offered import LAZY, Offered
    game, _ = game_of([("combinations(hand(player), 4)", "standing != []"),
                       ("combinations(hand(player), 1)", "standing != [] and rank(s[0]) != 'K'")], tmp_path_factory)
    st_ = position(game, "AS KS QS JS 9H 9D 9C 7S 5H 4D 3C 2H 2D".split(), ["KH"], False)
    expected = offered(st_)
    answers = st_.prog.legal[st_.pc](st_, True)
    assert type(answers) is Offered and len(answers) == 13 + 715 + 12 > LAZY
    assert answers.made is None and answers[13 + 714] == expected[13 + 714] and answers.made is None
    assert [answers[i] for i in range(-len(answers), len(answers))] == expected + expected
    assert st_.prog.legal[st_.pc](st_) == expected and type(st_.prog.legal[st_.pc](st_)) is list
    with pytest.raises(IndexError):
        answers[len(answers)]
    assert st_.legal_actions() == expected                   # the API's list: the same, made
    small = position(game, "AS KS QS JS 9H".split(), ["KH"], False)
    assert type(small.prog.legal[small.pc](small, True)) is list      # 5 four-card plays: made at once


@given(xs=st.lists(st.integers(0, 99), max_size=14), k=st.integers(-1, 15),
       before=st.lists(st.integers(), max_size=3), after=st.lists(st.integers(), max_size=3))
def test_an_offered_block_gives_the_combinations_in_order(xs, k, before, after):
    from ruledsl.runtime.combos import combinations
    from ruledsl.runtime.offered import offer
    answers = offer([(0, b) for b in before], 1, xs, k, None, lazy=True)
    answers += [(2, a) for a in after]
    expected = [(0, b) for b in before] + [(1, tuple(c)) for c in combinations(xs, k, None)] + [(2, a) for a in after]
    assert len(answers) == len(expected) and bool(answers) == bool(expected)
    assert [answers[i] for i in range(len(expected))] == expected
    assert answers == expected and list(answers) == expected

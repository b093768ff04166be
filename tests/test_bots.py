"""ruledsl.bots (issue 10 §2–4): naming bots, legal and reproducible moves, and a search that
reads nothing its seat may not know. Strength is measured by benchmarks/bots.py, not here. The
hint: test_bots_hint.py; inference and the worlds: test_bots_worlds.py; the settings measured
for a rule file: test_bots_settings.py."""
import random

import pytest

from ruledsl import bots
from ruledsl.bots.search import Goal
from hidden import GAMES, SHIPPED, choice_points, random_points

SEARCHES = ("ismcts@40", "pimc@40", "expert@8")


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
    for st in choice_points(name, players):
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
    for st in choice_points(name, players, seed=2):
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
    for st in choice_points("klondike", 1, seed=3, limit=2):
        rated = bot.evaluate(st, random.Random(0))
        assert sorted(map(repr, (a for a, _ in rated))) == sorted(map(repr, st.legal_actions()))
        other = st.determinize(0, random.Random(9))
        assert other.zones != st.zones
        assert bot(st, random.Random(5)) == bot(other, random.Random(5))


def test_a_search_depends_on_its_rng():
    st = next(choice_points("ciapano", 4))
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
    st = next(choice_points("coteccio", 4))
    assert bots.make("flat")(st, random.Random(0)) in st.legal_actions()

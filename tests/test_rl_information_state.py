"""OpenSpiel's information state (envs/recall.py): perfect recall of what a seat was told.

- In a small game every history is enumerated: two histories share a seat's information state
  exactly when the seat was shown the same things at the table (its view after each action, the
  table's lines for it, its own moves), the string and the tensor alike.
- A secret choice or a face-down play is remembered by the others as the table told it.
- In every shipped game, a seat's information state only grows: each is the one before it, and
  more.
- Tabular CFR learns on it: the exploitability (NashConv) of its average policy falls.
"""
import itertools
import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [rl] extra (open_spiel) is not installed")

import ruledsl  # noqa: E402
from ruledsl.envs import Match  # noqa: E402
from ruledsl.envs.openspiel import register  # noqa: E402
from ruledsl.envs.recall import Recall, remember  # noqa: E402
from ruledsl.runtime.helpers import SEAT_NAMES  # noqa: E402
from ruledsl.runtime.observe import event_seen  # noqa: E402
from ruledsl.table.render import Look  # noqa: E402
from ruledsl.table.view import View  # noqa: E402
from rl_games import load, shipped, short  # noqa: E402

ROOT = Path(__file__).parents[1]
POKER = ROOT / "tests" / "rulefiles" / "rl" / "one_card_poker.yaml"
SEEDS = 12


@pytest.fixture(scope="module")
def poker():
    return pyspiel.load_game(register(POKER, seeds=SEEDS, name="ruledsl_test_one_card_poker"))


def every_state(game):
    """Every state after the chance node, with the integers that led to it."""
    out = []

    def walk(state, history):
        out.append((state, history))
        if state.is_terminal():
            return
        for action in state.legal_actions():
            walk(state.child(action), history + (action,))
    root = game.new_initial_state()
    for seed in range(SEEDS):
        walk(root.child(seed), (seed,))
    return out


def table_view(rules, history, seat):
    """What `seat` was shown at the table along `history` (a seed, then integers), found without
    the adapter: after each action the table's lines for it, its own moves, its observation."""
    state = rules.new_initial_state(seed=history[0], players=2, record=True)
    match = Match(state)
    view = View(rules.ruleset, 2, seat, Look(rules.ruleset.deck.ranks, SEAT_NAMES, False, rules.ruleset.deck.suits))
    shown, seen = [], 0

    def look():
        nonlocal seen
        lines = [line.plain for line in map(view.event, state.events[seen:]) if line is not None]
        seen = len(state.events)
        observed = state.observation(seat)
        observed.pop("legal")
        shown.append((lines, observed))
    look()
    for i in history[1:]:
        actor = state.current_player()
        match.step(i)
        shown.append(rules.action_names(2)[i] if actor == seat else None)
        look()
    return shown


def test_two_histories_share_a_state_exactly_when_the_seat_was_shown_the_same(poker):
    rules = ruledsl.load_game(POKER)
    states = every_state(poker)
    assert len(states) > 100
    for seat in (0, 1):
        views = [repr(table_view(rules, history, seat)) for _, history in states]
        strings = [state.information_state_string(seat) for state, _ in states]
        tensors = [tuple(state.information_state_tensor(seat)) for state, _ in states]
        for i, j in itertools.combinations(range(len(states)), 2):
            same = views[i] == views[j]
            assert (strings[i] == strings[j]) == same, (states[i][1], states[j][1], seat)
            if same:
                assert tensors[i] == tensors[j]


def test_hidden_cards_are_never_in_the_information_state(poker):
    for state, history in every_state(poker):
        if state.is_terminal():
            continue
        match = state.match.state
        for seat in (0, 1):
            [theirs] = match.observation(1 - seat)["zones"]["hand"][1 - seat]["cards"]
            assert theirs not in state.information_state_string(seat)


SECRET = """
name: Hidden aside
players: 2
deck: {pack: french-52, keep: [A, K, Q, J], order: [A, K, Q, J]}
zones:
  hand: {owner: player, visible: owner}
  aside: {owner: player, visible: owner}
  won: {owner: player, visible: nobody}
hand:
  - deal: {to: each, count: 3}
  - ask:
      who: dealer
      choices:
        bury: {each: c in hand(player), do: move c to aside(player), secret: true}
  - tricks: {follow: suit, open: %s}
after_hand:
  - end_match: active
"""


def remembered(game, deal, texts):
    """Each seat's information state string after `texts`, from a given deal (as the adapter
    makes it, without a seed)."""
    state = game.new_initial_state(players=2, dealer=0, deals=[{"hand": deal}], record=True)
    match, recall = Match(state), Recall.start(state)
    for text in texts:
        for i in state.action_indices(state.parse_action(text)):
            recall = remember(match, recall, i)
    return [recall.string(seat) for seat in (0, 1)]


def test_a_secret_choice_and_a_face_down_play_are_remembered_as_the_table_told_them(load_rules):
    game = load_rules(SECRET % "true")
    deal = {"A": "AS KS QS", "B": "AH KH QH"}
    a1, b1 = remembered(game, deal, ["bury KS"])
    a2, b2 = remembered(game, deal, ["bury QS"])
    assert b1 == b2 and '"action":"bury"' in b1 and "KS" not in b1      # B heard only the name
    assert a1 != a2 and "you: bury KS" in a1
    closed = load_rules(SECRET % "false", name="closed.yaml")           # a play that does not beat: face down
    first = remembered(closed, deal, ["bury KS", "play AH", "play AS"])
    second = remembered(closed, deal, ["bury KS", "play AH", "play QS"])
    assert first[1] == second[1] and "AS" not in first[1]               # B saw a card face down
    assert first[0] != second[0] and "you: play AS" in first[0]


@pytest.mark.parametrize("name,n", [case for case in shipped() if case[1] in (2, 4)][:8])
def test_a_seats_information_state_only_grows(name, n):
    """Perfect recall: along a match, each information state is the one before it, and more (the
    observation alone forgets: a trick gathered, its cards are gone); the tensor starts with the
    observation tensor."""
    game = pyspiel.load_game(register(load(name), options=short(name), name=f"ruledsl_recall_{name}"),
                             {"players": n})
    rng = random.Random(7)
    state = game.new_initial_state()
    state.apply_action(rng.randrange(game.max_chance_outcomes()))
    unasked = state.clone()                  # never asked until the end: made then, by a replay
    before = [state.information_state_string(s).split("\n") for s in range(n)]
    for _ in range(60):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        unasked.apply_action(action)
        for seat in range(n):
            now = state.information_state_string(seat).split("\n")
            assert now[:len(before[seat])] == before[seat]
            before[seat] = now
    seat = rng.randrange(n)
    size = len(state.observation_tensor(seat))
    assert state.information_state_tensor(seat)[:size] == pytest.approx(state.observation_tensor(seat))
    assert unasked.information_state_string(seat) == state.information_state_string(seat)
    assert unasked.information_state_tensor(seat) == state.information_state_tensor(seat)


def test_event_seen_keeps_what_is_hidden_from_a_seat():
    deal = {"kind": "hand", "number": 1, "dealer": 0, "redeal": False, "deck": ["AS", "KS"]}
    assert event_seen(deal, 1) == {"kind": "hand", "number": 1, "dealer": 0, "redeal": False}
    closed = {"kind": "play", "seat": 0, "cards": ["AS"], "face_down": True}
    assert event_seen(closed, 0) == closed and event_seen(closed, 1)["cards"] == [None]
    secret = {"kind": "choice", "seat": 0, "action": "bury KS", "public": "bury"}
    assert event_seen(secret, 0) == secret and event_seen(secret, 1)["action"] == "bury"
    unseen = dict(secret, public=None)
    assert event_seen(unseen, 1) is None
    shown = {"kind": "reveal", "cards": ["AS", "KD"], "to": [1]}
    assert event_seen(shown, 1) == shown and event_seen(shown, 2)["cards"] == [None, None]
    trick = {"kind": "trick", "number": 1, "winner": 1, "cards": [["AH"], ["AS"]]}    # AS was face down
    assert event_seen(trick, 1) == {"kind": "trick", "number": 1, "winner": 1}
    assert event_seen({"kind": "shuffle", "zone": "stock", "cards": ["AS"]}, 0) == {"kind": "shuffle", "zone": "stock"}
    assert event_seen({"kind": "step", "file": "x", "line": 1, "col": 1}, 0) is None
    assert event_seen({"kind": "something new"}, 0) is None


def test_cfr_converges_on_the_information_states(poker):
    """Tabular CFR keys its regrets by the information state string: its average policy's
    NashConv (OpenSpiel's; the game is zero-sum but registered general-sum, where exploitability
    proper is NashConv / 2) falls from iteration 1 to 10 to 30."""
    from open_spiel.python.algorithms import cfr, exploitability
    solver = cfr.CFRSolver(poker)
    conv = {}
    for iteration in range(1, 31):
        solver.evaluate_and_update_policy()
        if iteration in (1, 10, 30):
            conv[iteration] = exploitability.nash_conv(poker, solver.average_policy())
    assert conv[1] > conv[10] > conv[30]
    assert conv[30] < 0.1 * conv[1]

"""Shared by the hidden-information and the bots' tests: every shipped rule file and player count,
random points of random matches in them (those with a real choice: `choice_points`), and twins
(two true states a seat cannot tell apart)."""
import random
from pathlib import Path

import shipped
from ruledsl.runtime import knowledge
from ruledsl.runtime.history import decisions

ROOT = Path(__file__).parents[1]
FILES = sorted((ROOT / "games").glob("*.yaml")) + sorted((ROOT / "examples").glob("*.yaml"))
GAMES = {p.stem: shipped.load(p) for p in FILES}
CASES = [(name, n) for name, g in GAMES.items() for n in range(g.min_players, g.max_players + 1)]


def random_points(game, players, seed, every=3, limit=40):
    """States at decisions of one random match (one in `every`, at most `limit`), as clones."""
    rng = random.Random(seed)
    st = game.new_initial_state(seed=seed, players=players)
    found = 0
    while not st.is_terminal() and found < limit:
        if rng.randrange(every) == 0:
            found += 1
            yield st.clone()
        st.apply_action(rng.choice(st.legal_actions()))


def snapshot(st):
    """Everything a determinization could change by mistake."""
    return ([z[:] for z in st.zones], st.trick, st.cv[:], st.vars[:], st.know, st.taken, st.stack,
            st.given, st.seed, st.pc, st.player, st.events)


def twin(st, seat, rng):
    """Another true state the seat cannot tell from `st`: two cards of one suit it has never
    seen swapped where they lay when the hand's first decision came (hands, stock, anywhere),
    and the hand's decisions replayed (recorded, so it has its own past). None when no such
    swap replays to what the seat sees now."""
    start, moves = st.past[0], decisions(st.past)
    unseen = ~knowledge.known(st, seat) & ~knowledge.known(start, seat)
    suit = st.prog.deck.suit_of
    cards = sorted(c for zone in start.zones for c in zone if unseen >> c & 1)
    swaps = [(a, b) for a in cards for b in cards if a < b and suit[a] == suit[b]]
    rng.shuffle(swaps)
    for a, b in swaps[:30]:
        alt = start.clone()
        alt.zones = [[b if c == a else a if c == b else c for c in zone] for zone in alt.zones]
        alt.events, alt.past = [], None
        try:
            for who, action in moves:
                assert alt.current_player() == who
                alt.apply_action(action)
        except Exception:
            continue
        if alt.observation(seat) == st.observation(seat) and alt.legal_actions() == st.legal_actions() \
                and alt.zones != st.zones:
            return alt
    return None


def twins(game, rng, seeds: int, steps: tuple, choice: bool = False):
    """(seed, state, seat to move, its twin): random recorded matches stopped after a random
    number of actions in `steps` (within the first hand), where twin() finds another true state
    the seat to move cannot tell apart; with `choice`, only where that seat has a choice."""
    for seed in range(seeds):
        st = game.new_initial_state(seed=seed, players=game.default_players, record=True)
        for _ in range(rng.randrange(*steps)):
            if st.is_terminal() or not st.hand_value_pending():
                break
            st.apply_action(rng.choice(st.legal_actions()))
        if st.is_terminal() or st.past is None or \
                (choice and (not st.hand_value_pending() or len(st.legal_actions()) < 2)):
            continue
        other = twin(st, st.current_player(), rng)
        if other is not None:
            yield seed, st, st.current_player(), other


# The bots' tests: the shipped games at their default player counts, two variants among them.
SHIPPED = [(name, GAMES[name].default_players) for name in
           ("ciapano", "cicera", "coteccio", "couillon", "kozel", "maumau", "president", "kozel-closed", "ciapano-21",
            "cheat", "holdem", "bridge")]


def choice_points(name, players, seed=1, limit=3):
    """Up to `limit` decision points of random matches of game `name` with a real choice."""
    for st in random_points(GAMES[name], players, seed, every=5, limit=40):
        if len(st.legal_actions()) > 1:
            yield st
            limit -= 1
            if limit == 0:
                return

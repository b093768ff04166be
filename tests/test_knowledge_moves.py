"""knowledge.moved works out what a move teaches from a table made once per pair of zones
(Viewers.silent, Viewers.lessons, applied by Viewers.teachers); for every pair of zones of every
shipped game it must give exactly what the rule itself gives, worked out from who sees each zone
at the move — with nothing known yet, with masks, and with a hand's shuffles recorded after them."""
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies

import ruledsl
from ruledsl.runtime import helpers, knowledge

GAMES = sorted((Path(__file__).parents[1] / "games").glob("*.yaml"))


def known(st) -> tuple:
    """What the seats know, with 'nothing yet' (None) as the zeros it stands for."""
    return (st.know if st.know is not None else (0,) * (1 + st.n)), st.voids


def by_the_rule(st, source: int, dest: int, cards) -> None:
    """docs/internals.md, hook 3: seats that saw the cards in `source` and do not see `dest`
    remember them (everyone, if everyone saw them there); a hand taking cards not known to all
    from a place someone does not see may hold any card again."""
    seers, hand_of = st.prog.viewers.seers, st.prog.viewers.hand_of
    before, after = seers[source], seers[dest]
    m = knowledge.mask(cards)
    know = list(known(st)[0])
    if before is None:
        if after is not None:
            know[knowledge.PUBLIC] |= m
    else:
        for s in before:
            if after is None or s not in after:
                know[1 + s] |= m
    public = knowledge.public(st)
    st.know = tuple(know)
    if hand_of[dest] >= 0 and before is not None and m & ~public:
        knowledge.forget_voids(st, hand_of[dest])


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_move_teaches_what_the_rule_says(path):
    game = ruledsl.load_game(path)
    rng = random.Random(path.stem)
    for players in (game.min_players, game.max_players):
        st = game.new_initial_state(seed=3, players=players)
        for _ in range(rng.randrange(1, 12)):          # somewhere in the first hand, voids and all
            if st.is_terminal():
                break
            st.apply_action(rng.choice(st.legal_actions()))
        viewers = st.prog.viewers
        silent, zones = viewers.silent, range(len(viewers.seers))
        assert any(any(row) for row in silent) and not all(all(row) for row in silent)
        cards = [c for z in st.zones for c in z][:3]
        shuffled = st.clone()
        shuffled.know = (*known(st)[0], ("a shuffle's record",))     # know[1 + n]: carried along
        fresh = st.clone()
        fresh.know = None
        for start in (st, shuffled, fresh):
            written, ruled = start.clone(), start.clone()      # publish, as the program writes it out
            viewers.publish(written, knowledge.mask(cards))
            knowledge.publish(ruled, knowledge.mask(cards))
            assert written.know == ruled.know and written.voids == ruled.voids
            for a in zones:
                for b in zones:
                    planned, ruled = start.clone(), start.clone()
                    knowledge.moved(planned, a, b, cards)
                    by_the_rule(ruled, a, b, cards)
                    assert known(planned) == known(ruled), (a, b, silent[a][b])
                    if silent[a][b]:                       # a silent move leaves even None alone
                        assert planned.know is start.know and planned.voids == start.voids


@settings(max_examples=60, deadline=None)
@given(seed=strategies.integers(0, 50), dest=strategies.integers(0, 10 ** 6),
       picks=strategies.lists(strategies.integers(0, 10 ** 6), min_size=1, max_size=8, unique=True))
def test_several_cards_moved_leave_every_zone_they_lie_in_and_teach_what_the_rule_says(seed, picks, dest):
    """helpers.move_cards of cards from several zones (some of a zone, or all of it): each zone
    keeps the rest in its order, the destination takes them last in the order given, and the
    seats learn what the rule says of each zone's part (by_the_rule, zone by zone)."""
    game = ruledsl.load_game(GAMES[[p.stem for p in GAMES].index("president")])
    match = game.new_initial_state(seed=seed, players=4)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 30)):
        match.apply_action(rng.choice(match.legal_actions()))
    cards = [c for z in match.zones for c in z]
    moved = [cards[i % len(cards)] for i in picks]
    moved = list(dict.fromkeys(moved))
    dest %= len(match.zones)
    done, ruled = match.clone(), moved_by_the_rule(match, moved, dest)
    helpers.move_cards(done, moved, dest)
    assert done.zones == ruled.zones and known(done) == known(ruled)


def moved_by_the_rule(match, moved: list, dest: int):
    """A copy of `match` with `moved` taken from wherever they lie to zone `dest`, one source
    zone at a time, as the rule says (what move_cards must agree with)."""
    ruled = match.clone()
    for i, z in enumerate(ruled.zones):
        part = [c for c in z if c in moved]
        if i != dest and part:
            by_the_rule(ruled, i, dest, part)
        z[:] = [c for c in z if c not in moved]
    ruled.zones[dest].extend(moved)
    return ruled


@pytest.mark.parametrize("seed", range(4))
def test_a_zones_first_cards_moved_in_order_leave_it_as_any_move_does(seed):
    """move_cards takes the first cards of one zone, in its order (the pile but its top card, a
    whole stock), off by one slice (helpers._took_first): the zones and what the seats learn are
    what the rule says, as for any other move, for every zone, length and destination."""
    game = ruledsl.load_game(GAMES[[p.stem for p in GAMES].index("maumau")])
    match = game.new_initial_state(seed=seed, players=3)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 40)):
        if match.is_terminal():
            break
        match.apply_action(rng.choice(match.legal_actions()))
    tried = 0
    for source, zone in enumerate(match.zones):
        for k in range(1, len(zone) + 1):
            for dest in range(len(match.zones)):
                moved = zone[:k]
                done, ruled = match.clone(), moved_by_the_rule(match, moved, dest)
                helpers.move_cards(done, list(moved), dest)
                assert done.zones == ruled.zones and known(done) == known(ruled), (source, k, dest)
                tried += 1
    assert tried > 50

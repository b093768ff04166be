"""`state.determinize(seat, rng)` (issue 10 §1): over every shipped rule file and player count,
at random points of random matches, for every seat — the seat's observation and legal actions
are unchanged, every card whose place it knows stays put, no card lands where it knows the card
is not (a void), the hidden cards do vary over samples, and the original state is untouched."""
import random

import pytest

from ruledsl.lang import walk
from ruledsl.lang.steps import auction
from ruledsl.runtime import knowledge
from ruledsl.runtime.cards import Card, known_card
from ruledsl.runtime.history import decisions
from hidden import CASES, GAMES, random_points, snapshot, twins


def legal_texts(st):
    return [st.action_to_string(a) for a in st.legal_actions()]


def hidden_places(st, seat):
    """Every zone with the cards the seat cannot place blanked out."""
    known = knowledge.known(st, seat)
    return [[c if known >> c & 1 else None for c in z] for z in st.zones]


def all_cards(st):
    return sorted([c for z in st.zones for c in z] + [c for e in st.trick for c in e[1]])


def check_sample(st, seat, d):
    assert d.observation(seat) == st.observation(seat)
    if st.current_player() == seat:
        assert d.legal_actions() == st.legal_actions()
        assert legal_texts(d) == legal_texts(st)
    assert hidden_places(d, seat) == hidden_places(st, seat)
    assert all_cards(d) == all_cards(st)
    hand = st.prog.layout.zones["hand"][1]
    for p in range(st.n):
        barred = knowledge.voids(st, p) & ~knowledge.known(st, p if p == seat else seat)
        assert not any(barred >> c & 1 for c in d.zones[hand + p]), f"a void of seat {p} broken"
    for (who, cards, up), (who2, cards2, up2) in zip(st.trick, d.trick):
        assert (who, up) == (who2, up2) and len(cards) == len(cards2)
        if up or who == seat:
            assert cards == cards2


@pytest.mark.parametrize("name,players", CASES)
def test_determinized_states_agree_with_what_the_seat_knows(name, players):
    game = GAMES[name]
    rng = random.Random(1)
    for seed in range(2):
        for st in random_points(game, players, seed, every=4, limit=12):
            before = snapshot(st)
            for seat in range(players):
                d = st.determinize(seat, rng)
                check_sample(st, seat, d)
                assert d.events is None and d.given is None and d.seed != st.seed
            assert snapshot(st) == before, "determinize changed the original state"


@pytest.mark.parametrize("name,players", CASES)
def test_hidden_cards_vary_over_samples(name, players):
    game = GAMES[name]
    rng = random.Random(2)
    varied = tried = 0
    for st in random_points(game, players, 3, every=2, limit=10):
        seat = st.current_player()
        hidden = [c for z in hidden_places(st, seat) for c in z if c is None]
        if len(hidden) < 2:
            continue
        tried += 1
        deals = {tuple(map(tuple, st.determinize(seat, rng).zones)) for _ in range(12)}
        varied += len(deals) > 1
    assert tried and varied == tried


@pytest.mark.parametrize("name,players", CASES)
def test_determinized_states_play_on(name, players):
    """A determinized state is a real state: it plays to the end of the match."""
    game = GAMES[name]
    rng = random.Random(4)
    for st in random_points(game, players, 5, every=6, limit=3):
        d = st.determinize(st.current_player(), rng)
        while not d.is_terminal():
            d.apply_action(rng.choice(d.legal_actions()))
        assert d.winners is not None


def test_observation_shows_only_cards_the_seat_can_place():
    """The invariant determinization stands on: what an observation shows, the seat knows."""
    names = {str(c): known_card(str(c)) for c in map(Card, range(len(Card.names)))}   # every loaded deck's cards (a copy by its first)
    for name, players in CASES:
        for st in random_points(GAMES[name], players, 6, every=5, limit=8):
            for seat in range(players):
                obs = st.observation(seat)
                known = knowledge.known(st, seat)
                shown = [c for z in obs["zones"].values() for part in (z if isinstance(z, list) else [z])
                         for c in part.get("cards", [])]
                shown += [c for play in obs["trick"] for c in play["cards"] if c != "??"]
                assert all(known >> names[c] & 1 for c in shown), (name, seat)


def test_voids_follow_the_trumps_of_the_moment(dealt):
    """suit_or_trump: a player who neither follows nor trumps holds none of the led suit; one who
    trumps may still hold it; trumps led and not followed: no trump."""
    rules = """
name: Voids
players: 3
direction: clockwise
deck: {pack: french-52, keep: [A, K, Q, J], order: [A, K, Q, J]}
zones: {hand: {owner: player, visible: owner}, won: {owner: player, visible: nobody}}
counters: {trump: H}
trumps: {suit: trump}
hand:
  - deal: {to: each, count: 4}
  - tricks: {follow: suit_or_trump, leader: 0}
after_hand:
  - end_match: active
"""
    st = dealt(rules, 3, hands={0: "AS KS AC AH", 1: "QS KH JC QC", 2: "AD KD QD JD"},
                       dealer=2)
    for action in ("play AS", "play KH", "play AD"):    # B trumps, C can neither follow nor trump
        st.apply_action(action)
    cards = st.prog.deck.cards
    spades = knowledge.mask(c for c in cards if str(c).endswith("S"))
    hearts = knowledge.mask(c for c in cards if str(c).endswith("H"))
    assert knowledge.voids(st, 1) == 0
    assert knowledge.voids(st, 2) == spades
    for action in ("play QS", "play KD", "play KS"):    # A wins, and leads a trump
        st.apply_action(action)
    st.apply_action("play AH")
    st.apply_action("play QC")                           # B holds no trump
    assert knowledge.voids(st, 1) == hearts
    hand = st.prog.layout.zones["hand"][1]
    rng = random.Random(0)
    for _ in range(30):
        d = st.determinize(0, rng)
        assert not any(hearts >> c & 1 for c in d.zones[hand + 1])
        assert not any(spades >> c & 1 for c in d.zones[hand + 2])


def shown_by_events(events, seat, calls=frozenset()):
    """Card names the table showed `seat` in these events (plays, reveals, captures, answers;
    an answer's other words too, which the caller leaves out). An auction's call (its first
    word in `calls`) names a bid, not cards: `bid 5C` is five clubs."""
    for e in events:
        if e["kind"] == "play" and (not e.get("face_down") or e["seat"] == seat):
            yield from e["cards"] + e.get("taken", [])
        elif e["kind"] == "reveal" and seat in e.get("to", (seat,)):
            yield from e["cards"]
        elif e["kind"] == "choice" and "public" not in e and e["action"].split()[0] not in calls:
            yield from e["action"].split()[1:]       # an answer told in full names its cards


def auction_calls(game) -> frozenset:
    """The words of an auction's calls, in a game that has an auction (none otherwise)."""
    rs = game.ruleset
    steps = walk.every_step([*rs.setup, *rs.hand, *rs.after_hand])
    return frozenset(auction.WORDS) if any(s.kind == "auction" for s in steps) else frozenset()


@pytest.mark.parametrize("name,players", CASES)
def test_knowledge_is_what_the_seat_was_shown(name, players):
    """Perfect memory, checked against an oracle: at every decision of a random match, the
    cards whose place a seat knows are exactly those shown to it so far in this deal — by
    its observations (hands, face-up zones, the trick) and by the plays the table told it —
    but for the cards of a zone shuffled since (`shuffle ZONE`), until it sees them again."""
    names = {str(c): known_card(str(c)) for c in map(Card, range(len(Card.names)))}   # every loaded deck's cards (a copy by its first)
    rng = random.Random(7)
    calls = auction_calls(GAMES[name])
    st = GAMES[name].new_initial_state(seed=8, players=players, record=True)
    seen, deal, told = [0] * players, None, 0
    for _ in range(400):
        if st.is_terminal():
            break
        if st.deals != deal:
            seen, deal = [0] * players, st.deals
            told = max(i for i, e in enumerate(st.events) if e["kind"] == "hand")
        for seat in range(players):
            for e in st.events[told:]:
                if e["kind"] == "shuffle":
                    seen[seat] &= ~knowledge.mask(names[c] for c in e["cards"])
            obs = st.observation(seat)
            shown = [c for z in obs["zones"].values() for part in (z if isinstance(z, list) else [z])
                     for c in part.get("cards", [])]
            shown += [c for play in obs["trick"] for c in play["cards"] if c != "??"]
            shown += shown_by_events(st.events[told:], seat, calls)
            seen[seat] |= knowledge.mask(names[c] for c in set(shown) if c in names)
            assert knowledge.known(st, seat) == seen[seat], (seat, st.steps)
        told = len(st.events)
        st.apply_action(rng.choice(st.legal_actions()))


def recorded_points(game, players, seed, every=4, limit=10):
    """Decisions of one random recorded match (the hand's past is kept), as clones."""
    rng = random.Random(seed)
    st = game.new_initial_state(seed=seed, players=players, record=True)
    while not st.is_terminal() and limit:
        if rng.randrange(every) == 0 and st.past is not None:
            limit -= 1
            yield st.clone()
        st.apply_action(rng.choice(st.legal_actions()))


@pytest.mark.parametrize("name,players", CASES)
def test_a_worlds_past_replays_to_the_world(name, players):
    """determinize(past=True): the hand's first state and decisions in the world's cards lead,
    replayed, to the world itself — unless the world contradicts the play (a choice not legal
    there, a hand that would have ended): that is what inference weighs. A world never carries
    the true past."""
    rng = random.Random(11)
    replayed = tried = 0
    for st in recorded_points(GAMES[name], players, seed=12):
        seat = rng.randrange(players)
        assert st.determinize(seat, rng).past is None
        d = st.determinize(seat, rng, past=True)
        if d.past is None:
            continue
        first, _ = d.past
        assert first is not st.past[0] and first.events is None and first.seed == d.seed
        tried += 1
        r = first.clone()
        for who, action in decisions(d.past):
            if r.current_player() != who or r.hands_scored != first.hands_scored or action not in r.legal_actions():
                break
            r.apply_action_fast(action)
        else:
            if r.hands_scored == first.hands_scored and r.trick == d.trick:   # (closed play: a card
                assert (r.zones, r.cv, r.pc, r.player) == (d.zones, d.cv, d.pc, d.player)   # face down
                replayed += 1                                                 # only if it lost)
    assert tried and replayed


@pytest.mark.parametrize("name", ["ciapano", "cicera", "coteccio", "couillon", "kozel", "maumau", "president", "rummy"])
def test_a_worlds_past_depends_only_on_what_the_seat_may_know(name):
    """Two recorded matches whose hands differ only in two cards the seat to move has never seen
    (the same decisions taken): determinize(past=True) with the same rng gives the same world
    and the same past in both — its first state and its decisions, in the world's cards. A past
    built from the true cards (not through the world's permutation) fails it."""
    checked = 0
    for seed, st, seat, other in twins(GAMES[name], random.Random(5), 60, (4, 16)):
        a, b = st.determinize(seat, random.Random(seed), past=True), other.determinize(seat, random.Random(seed), past=True)
        assert snapshot(a)[:3] == snapshot(b)[:3]
        assert (a.past is None) == (b.past is None)
        if a.past is None:
            continue
        assert a.past[0].zones == b.past[0].zones and a.past[0].cv == b.past[0].cv
        assert decisions(a.past) == decisions(b.past)
        assert a.past[0].zones != st.past[0].zones or b.past[0].zones != other.past[0].zones
        checked += 1
        if checked == 3:
            return
    pytest.fail(f"{checked} twin states with a past found in {name}")


def _from_scratch(st, seat):
    """public and remembered as the tricks taken this hand fold, read from the first."""
    public = st.know[knowledge.PUBLIC] if st.know is not None else 0
    own = st.know[1 + seat] if st.know is not None else 0
    for trick in knowledge.tricks_taken(st):
        for who, cards, up in trick:
            if up:
                public |= knowledge.mask(cards)
            elif who == seat:
                own |= knowledge.mask(cards)
    return public, public | own


@pytest.mark.parametrize("name,players", CASES)
def test_memoized_tricks_taken_read_as_from_scratch(name, players):
    """`public`/`remembered` fold the hand's tricks once a link (a memo shared by every state):
    along a match, on clones that go different ways from one point, and on determinized worlds
    (whose face-down tricks are new links) they read what folding every trick again reads."""
    rng = random.Random(3)
    for st in random_points(GAMES[name], players, 5, every=3, limit=10):
        worlds = [st, st.determinize(0, rng)]
        for branch in (st.clone(), st.clone()):
            for _ in range(6):
                if branch.is_terminal():
                    break
                branch.apply_action(rng.choice(branch.legal_actions()))
            worlds.append(branch)
        for w in worlds:
            for seat in range(players):
                assert (knowledge.public(w), knowledge.remembered(w, seat)) == _from_scratch(w, seat)

"""Hand-written reference simulators: one hand of random play per game.

These are the speed baseline for the generic engine: plain, straightforward Python that a
competent developer would write for a Monte-Carlo simulator of each game (rules from
RULES.md, §1.1, §2.1, §3.1, §4.1, §5.1 and the defaults of §7). Every decision is a uniform
random choice among the legal actions, drawn from a seeded ``random.Random``.

Seats are numbered 0..n-1 clockwise (RULES.md §0.2): ``left(i) = i+1``, ``right(i) = i-1``.
Clockwise games pass the turn to ``i+1``, anticlockwise games to ``i-1``. In the partnership
games the team of seat ``i`` is ``i % 2``.

Cards are small ints, ``suit * ranks_per_suit + rank_index``, with rank indexes ordered from
weakest to strongest, so two cards of one suit compare by plain ``<``. Suits are 0=S, 1=H,
2=D, 3=C.

Usage::

    python benchmarks/handwritten.py [--seconds 2] [--json]

or, from another script, ``hands_per_second(game, players, seconds)`` and ``BASELINES``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from itertools import combinations, permutations

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3


def _clockwise(first, n):
    """Seats in clockwise play order starting at ``first``."""
    return [(first + k) % n for k in range(n)]


def _anticlockwise(first, n):
    """Seats in anticlockwise play order starting at ``first``."""
    return [(first - k) % n for k in range(n)]


# ---------------------------------------------------------------------------------------------
# 1. Coteccio (2-7 players, anticlockwise, 5 tricks, lose a life for most points)
# ---------------------------------------------------------------------------------------------

# rank index 0..9 = 2 3 4 5 6 7 J Q K A
COTECCIO_POINTS = (0, 0, 0, 0, 0, 0, 3, 4, 5, 6)
COTECCIO_LAST_TRICK = 6


def play_hand_coteccio(rng, players):
    """One hand of Coteccio.

    Returns ``{'annulled': True}`` when the four-trick player annuls, else
    ``{'annulled': False, 'points': [...], 'lives': [...], 'capotto': bool|None}`` where
    ``lives`` is each seat's change of lives and ``capotto`` is None when the capotto option
    did not arise.
    """
    n = players
    assert 2 <= n <= 7
    deck = list(range(40))
    rng.shuffle(deck)
    dealer = rng.randrange(n)

    # Deal 5 each, one at a time, anticlockwise from the dealer's right; the rest is unused.
    deal_order = _anticlockwise((dealer - 1) % n, n)
    hands = [[] for _ in range(n)]
    for _ in range(5):
        for seat in deal_order:
            hands[seat].append(deck.pop())
    dealt_points = sum(COTECCIO_POINTS[c % 10] for h in hands for c in h)

    points = [0] * n
    trick_winners = []
    leader = deal_order[0]
    four_trick_player = None
    for trick in range(5):
        if trick == 4 and trick_winners.count(trick_winners[0]) == 4:
            # The capotto option: the player who won tricks 1-4 (and leads trick 5) decides.
            four_trick_player = leader
            if rng.choice(("annul", "play")) == "annul":
                return {"annulled": True}

        led_suit = None
        best = -1
        winner = leader
        trick_points = 0
        for seat in _anticlockwise(leader, n):
            hand = hands[seat]
            if led_suit is None:
                card = rng.choice(hand)
                led_suit = card // 10
            else:
                follow = [c for c in hand if c // 10 == led_suit]
                card = rng.choice(follow or hand)
            hand.remove(card)
            trick_points += COTECCIO_POINTS[card % 10]
            if card // 10 == led_suit and card > best:
                best = card
                winner = seat
        points[winner] += trick_points
        trick_winners.append(winner)
        leader = winner
    points[trick_winners[-1]] += COTECCIO_LAST_TRICK
    assert all(not h for h in hands)
    assert sum(points) == dealt_points + COTECCIO_LAST_TRICK <= 72 + COTECCIO_LAST_TRICK

    lives = [0] * n
    if four_trick_player is not None:
        last = trick_winners[-1]
        if last == four_trick_player:  # capotto
            for seat in range(n):
                lives[seat] = 1 if seat == four_trick_player else -1
        else:
            lives[four_trick_player] = -1
            lives[last] = 1
        return {"annulled": False, "points": points, "lives": lives,
                "capotto": last == four_trick_player}

    top = max(points)
    for seat in range(n):
        if points[seat] == top:
            lives[seat] = -1
    assert -n <= sum(lives) <= -1
    return {"annulled": False, "points": points, "lives": lives, "capotto": None}


# ---------------------------------------------------------------------------------------------
# 2. Couillon with the Mit' (4 players, partnerships, clockwise, 5 tricks, count down from 13)
# ---------------------------------------------------------------------------------------------

# rank index 0..5 = 9 10 J Q K A
COUILLON_POINTS = (0, 0, 1, 2, 3, 4)
QUEEN_OF_SPADES = SPADES * 6 + 3


def play_hand_couillon(rng, players=4):
    """One hand of Couillon with the Mit'.

    Returns ``{'points': [team0, team1], 'royes': [d0, d1], ...}`` where ``royes`` is the change
    of each team's rôyes (the score counts down, so negative is good). Team = seat % 2.
    """
    assert players == 4
    deck = list(range(24))
    rng.shuffle(deck)
    dealer = rng.randrange(4)
    maker = (dealer + 1) % 4          # T, the dealer's left
    partner = (dealer + 2) % 4        # P, the dealer's partner
    right = (dealer + 3) % 4          # R, T's partner
    hands = [[] for _ in range(4)]

    # T receives 3 cards, then names a suit among them or declines.
    hands[maker] = [deck.pop() for _ in range(3)]
    options = sorted({c // 6 for c in hands[maker]}) + [None]
    trump = rng.choice(options)
    for seat in (partner, right, dealer):
        hands[seat] += [deck.pop() for _ in range(3)]
    talon = [deck.pop() for _ in range(4)]
    final_pairs = {}
    for seat in (maker, partner, right, dealer):
        pair = [deck.pop(), deck.pop()]
        final_pairs[seat] = pair
        hands[seat] += pair
    assert not deck
    if trump is None:
        trump = final_pairs[maker][0] // 6      # the turned card stays in T's hand
    talon_points = sum(COUILLON_POINTS[c % 6] for c in talon)

    # The Mit' (Q of spades) and its Kontra / Re, offered at the holder's first turn.
    holder = next((s for s in range(4) if QUEEN_OF_SPADES in hands[s]), None)
    mit = kontra = re = False

    def suit_of(card):
        return trump if (mit and card == QUEEN_OF_SPADES) else card // 6

    def strength(card, led):
        """Trick-winning strength: trumps over the led suit; the Mit' between trump A and K."""
        if mit and card == QUEEN_OF_SPADES:
            return 109
        suit = card // 6
        if suit == trump:
            return 100 + 2 * (card % 6)
        if suit == led:
            return 2 * (card % 6)
        return -1

    team_points = [0, 0]
    team_tricks = [0, 0]
    leader = maker
    for trick in range(5):
        played = []
        led = None
        for seat in _clockwise(leader, 4):
            hand = hands[seat]
            if trick == 0 and seat == holder:
                if rng.choice(("mit", "pass")) == "mit":
                    mit = True
                    for _opponent in ((holder + 1) % 4, (holder + 3) % 4):
                        if rng.choice(("kontra", "pass")) == "kontra":
                            kontra = True
                            break
                    if kontra:
                        for _mit_team in ((holder + 2) % 4, holder):
                            if rng.choice(("re", "pass")) == "re":
                                re = True
                                break
            if led is None:
                card = rng.choice(hand)
                led = suit_of(card)
            else:
                if led == trump:
                    legal = [c for c in hand if suit_of(c) == trump]
                elif any(suit_of(c) == led for c in hand):
                    legal = [c for c in hand if suit_of(c) in (led, trump)]
                else:
                    legal = None
                card = rng.choice(legal or hand)
            hand.remove(card)
            played.append((seat, card))
        winner, _ = max(played, key=lambda sc: strength(sc[1], led))
        team = winner % 2
        team_points[team] += sum(COUILLON_POINTS[c % 6] for _, c in played)
        team_tricks[team] += 1
        leader = winner
    assert all(not h for h in hands)
    assert team_points[0] + team_points[1] == 40 - talon_points

    royes = [0, 0]
    if team_points[0] != team_points[1]:
        win = 0 if team_points[0] > team_points[1] else 1
        royes[win] = -(1 + (team_tricks[win] == 5) + mit + kontra + re)
        if win == dealer % 2:
            royes[1 - win] = 1
        assert -5 <= royes[win] <= -1
    return {"points": team_points, "royes": royes, "trump": trump,
            "mit": mit, "kontra": kontra, "re": re}


# ---------------------------------------------------------------------------------------------
# 3. Cicera (4 players, partnerships, anticlockwise, fishing game, 48 turns)
# ---------------------------------------------------------------------------------------------

# card = suit * 13 + (rank - 1), rank 1..13 = A 2..10 J Q K; numerals (A..10) have value = rank
TEN_OF_DIAMONDS = DIAMONDS * 13 + 9
JACK_OF_HEARTS = HEARTS * 13 + 10
TWO_OF_SPADES = SPADES * 13 + 1


def _sum_captures(table, limit):
    """All sets of two or more numeral table cards totalling at most ``limit``, by total."""
    values = sorted((c % 13 + 1, c) for c in table if c % 13 < 10)
    out = {}
    chosen = []

    def extend(start, total):
        for j in range(start, len(values)):
            value, card = values[j]
            t = total + value
            if t > limit:
                break                      # sorted by value: nothing further fits
            chosen.append(card)
            if len(chosen) >= 2:
                out.setdefault(t, []).append(tuple(chosen))
            if j + 1 < len(values) and t + values[j + 1][0] <= limit:
                extend(j + 1, t)
            chosen.pop()

    extend(0, 0)
    return out


def play_hand_cicera(rng, players=4):
    """One hand of Cicera.

    Returns ``{'points': [team0, team1], 'inplay': [...], 'tally': [...], 'cards': [...]}``:
    ``points`` = in-play bonuses + end-of-hand tally, per team (team = seat % 2).
    """
    assert players == 4
    deck = list(range(52))
    rng.shuffle(deck)
    dealer = rng.randrange(4)
    first = (dealer - 1) % 4
    order = _anticlockwise(first, 4)
    hands = [[] for _ in range(4)]
    for seat in order:
        hands[seat] = [deck.pop() for _ in range(12)]
    table = [deck.pop() for _ in range(4)]
    assert not deck

    piles = [[], []]
    inplay = [0, 0]
    last_capturer = None
    just_laid = None                        # the card the previous player added to the table
    for _ in range(12):
        for seat in order:
            hand = hands[seat]
            # Every legal action: lay the card, take one card of its rank, or take a sum.
            top_value = max((c % 13 + 1 for c in hand if c % 13 < 10), default=0)
            sums = _sum_captures(table, top_value) if top_value >= 3 else {}
            moves = []
            for card in hand:
                moves.append((card, None))
                rank = card % 13
                for t in table:
                    if t % 13 == rank:
                        moves.append((card, (t,)))
                if rank < 10:
                    for subset in sums.get(rank + 1, ()):
                        moves.append((card, subset))
            card, taken = rng.choice(moves)
            hand.remove(card)
            if taken is None:
                table.append(card)
                just_laid = card
                continue

            team = seat % 2
            for t in taken:
                table.remove(t)
            piles[team].append(card)
            piles[team].extend(taken)
            last_capturer = seat
            by_rank = len(taken) == 1
            if not table:
                inplay[team] += 1                                   # Scùa
            if by_rank and taken[0] == just_laid:
                inplay[team] += 1                                   # Picada
            if not by_rank and all(t // 13 == card // 13 for t in taken):
                inplay[team] += 1                                   # Simili
            if len(taken) >= 3:
                inplay[team] += 1                                   # Quadriglia
            just_laid = None
    assert all(not h for h in hands)

    if last_capturer is not None:           # leftovers, no play points
        piles[last_capturer % 2].extend(table)
        table = []
    assert len(piles[0]) + len(piles[1]) + len(table) == 52
    assert len(set(piles[0]) | set(piles[1]) | set(table)) == 52

    ncards = [len(p) for p in piles]
    nspades = [sum(1 for c in p if c < 13) for p in piles]
    tally = [0, 0]
    for team in (0, 1):
        other = 1 - team
        pile = set(piles[team])
        if ncards[team] > ncards[other]:
            tally[team] += 2
        if nspades[team] > nspades[other]:
            tally[team] += 1
        run = 0
        while run < 13 and SPADES * 13 + run in pile:
            run += 1
        if run >= 3:
            tally[team] += run                                      # napula
        if TWO_OF_SPADES in pile:
            tally[team] += 1                                        # mata
        if TEN_OF_DIAMONDS in pile:
            tally[team] += 1
        if JACK_OF_HEARTS in pile:
            tally[team] += 1
    assert tally[0] + tally[1] <= 2 + 1 + 13 + 3
    points = [inplay[0] + tally[0], inplay[1] + tally[1]]
    return {"points": points, "inplay": inplay, "tally": tally, "cards": ncards}


# ---------------------------------------------------------------------------------------------
# 4. Bidding Kozel (2-5 players, clockwise, stock with turned trump, leads of 1 or 3)
# ---------------------------------------------------------------------------------------------

# rank index 0..8 = 6 7 8 9 J Q K 10 A
KOZEL_POINTS = (0, 0, 0, 0, 2, 3, 4, 10, 11)
KOZEL_ACES = frozenset(s * 9 + 8 for s in range(4))


def _kozel_beats(x, y, trump):
    if x // 9 == y // 9:
        return x > y
    return x // 9 == trump


def _kozel_play_beats(new, best, trump):
    """Whether ``new`` beats ``best``: a one-to-one pairing where each new card beats its mate."""
    if len(new) == 1:
        return _kozel_beats(new[0], best[0], trump)
    return any(all(_kozel_beats(a, b, trump) for a, b in zip(perm, best))
               for perm in permutations(new))


def _kozel_trick(plays, trump):
    """``plays`` = [(seat, cards), ...] in play order; the winner is the last one who beat."""
    winner, best = plays[0]
    for seat, cards in plays[1:]:
        if _kozel_play_beats(cards, best, trump):
            winner, best = seat, cards
    return winner


def play_hand_kozel(rng, players):
    """One hand of Bidding Kozel.

    Returns ``{'winners': [seats sharing the pot], 'points': [...], 'end': 'bura'|'aces'|'points'}``.
    """
    n = players
    assert 2 <= n <= 5
    deck = list(range(36))
    rng.shuffle(deck)
    dealer = rng.randrange(n)
    hands = [[] for _ in range(n)]
    for _ in range(4):
        for seat in _clockwise((dealer + 1) % n, n):
            hands[seat].append(deck.pop())
    trump_card = deck.pop()
    trump = trump_card // 9
    stock = [trump_card] + deck            # pop() draws from the top; the trump card comes last
    stock_dead = False

    points = [0] * n
    leader = (dealer + 1) % n
    while hands[leader]:
        order = _clockwise(leader, n)
        # Bura (3+ trumps) and four aces, checked at the start of every trick.
        bura = [s for s in order if sum(1 for c in hands[s] if c // 9 == trump) >= 3]
        if bura:
            if len(bura) == 1:
                winner = bura[0]
            else:                           # showdown: each plays their three highest trumps
                plays = [(s, sorted((c for c in hands[s] if c // 9 == trump), reverse=True)[:3])
                         for s in bura]
                winner = _kozel_trick(plays, trump)
            assert sum(points) <= 120
            return {"winners": [winner], "points": points, "end": "bura"}
        for s in order:
            if KOZEL_ACES.issubset(hands[s]):
                assert sum(points) <= 120
                return {"winners": [s], "points": points, "end": "aces"}

        # The lead: one card, or three cards of one suit.
        hand = hands[leader]
        leads = [(c,) for c in hand]
        leads += [combo for combo in combinations(hand, 3)
                  if combo[0] // 9 == combo[1] // 9 == combo[2] // 9]
        lead = rng.choice(leads)
        plays = [(leader, lead)]
        size = len(lead)
        for seat in order[1:]:
            plays.append((seat, rng.choice(list(combinations(hands[seat], size)))))
        for seat, cards in plays:
            for c in cards:
                hands[seat].remove(c)
        winner = _kozel_trick(plays, trump)
        points[winner] += sum(KOZEL_POINTS[c % 9] for _, cards in plays for c in cards)
        leader = winner

        # Refill to 4, one card at a time from the winner, all-or-nothing.
        need = 4 - len(hands[winner])
        if not stock_dead and need:
            if need * n <= len(stock):
                for _ in range(need):
                    for seat in _clockwise(winner, n):
                        hands[seat].append(stock.pop())
            else:
                stock_dead = True
    assert all(not h for h in hands)
    assert sum(points) + sum(KOZEL_POINTS[c % 9] for c in stock) == 120

    top = max(points)
    return {"winners": [s for s in range(n) if points[s] == top], "points": points,
            "end": "points"}


# ---------------------------------------------------------------------------------------------
# 5. Ciapanò (3-5 players, anticlockwise, reverse game: avoid penalty cards)
# ---------------------------------------------------------------------------------------------

# rank index 0..9 = 4 5 6 7 J Q K A 2 3; penalties in thirds: A = 3, 3 2 K Q J = 1, 7-4 = 0
CIAPANO_THIRDS = (0, 0, 0, 0, 1, 1, 1, 3, 1, 1)
CIAPANO_HAND_SIZE = {3: 13, 4: 10, 5: 8}


def play_hand_ciapano(rng, players):
    """One hand of Ciapanò. Returns ``{'scores': [...], 'thirds': [...], 'cappotto': bool}``."""
    n = players
    assert 3 <= n <= 5
    deck = list(range(40))
    rng.shuffle(deck)
    dealer = rng.randrange(n)
    deal_order = _anticlockwise((dealer - 1) % n, n)
    hands = [[] for _ in range(n)]
    for _ in range(CIAPANO_HAND_SIZE[n]):
        for seat in deal_order:
            hands[seat].append(deck.pop())
    discard = None
    if n == 3:                              # the dealer takes the 40th card and discards one
        hands[dealer].append(deck.pop())
        discard = rng.choice(hands[dealer])
        hands[dealer].remove(discard)
    assert not deck

    thirds = [0] * n
    leader = deal_order[0]
    for _ in range(CIAPANO_HAND_SIZE[n]):
        led_suit = None
        best = -1
        winner = leader
        trick_thirds = 0
        for seat in _anticlockwise(leader, n):
            hand = hands[seat]
            if led_suit is None:
                card = rng.choice(hand)
                led_suit = card // 10
            else:
                follow = [c for c in hand if c // 10 == led_suit]
                card = rng.choice(follow or hand)
            hand.remove(card)
            trick_thirds += CIAPANO_THIRDS[card % 10]
            if card // 10 == led_suit and card > best:
                best = card
                winner = seat
        thirds[winner] += trick_thirds
        leader = winner
    last = leader
    if discard is not None:
        thirds[last] += CIAPANO_THIRDS[discard % 10]
    assert all(not h for h in hands)
    assert sum(thirds) == 32

    scores = [t // 3 for t in thirds]
    scores[last] = 0
    others = sum(scores)
    if others == 0:                         # cappotto
        scores = [11] * n
        scores[last] = 0
        assert sum(scores) == 11 * (n - 1)
        return {"scores": scores, "thirds": thirds, "cappotto": True}
    scores[last] = 11 - others
    # the last trick costs 1, 2 or 3 points on top of the winner's own rounded cards
    assert sum(scores) == 11 and 1 <= scores[last] - thirds[last] // 3 <= 3
    return {"scores": scores, "thirds": thirds, "cappotto": False}


# ---------------------------------------------------------------------------------------------
# Benchmark driver
# ---------------------------------------------------------------------------------------------

BASELINES = {
    "ciapano": play_hand_ciapano,
    "cicera": play_hand_cicera,
    "coteccio": play_hand_coteccio,
    "couillon": play_hand_couillon,
    "kozel": play_hand_kozel,
}

PLAYER_COUNTS = {
    "ciapano": (3, 4, 5),
    "cicera": (4,),
    "coteccio": (2, 4, 7),
    "couillon": (4,),
    "kozel": (2, 3, 4, 5),
}


def hands_per_second(game, players, seconds, seed=0):
    """Play hands of ``game`` for about ``seconds`` seconds and return the rate."""
    play = BASELINES[game]
    rng = random.Random(seed)
    clock = time.perf_counter
    hands = 0
    start = clock()
    deadline = start + seconds
    while True:
        play(rng, players)
        hands += 1
        if hands % 16 == 0:
            now = clock()
            if now >= deadline:
                return hands / (now - start)


def run_hands(game, players, count, seed=0):
    """Play ``count`` hands (no timing) and return the results, for checking."""
    play = BASELINES[game]
    rng = random.Random(seed)
    return [play(rng, players) for _ in range(count)]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and count")
    parser.add_argument("--json", action="store_true", help="print {game: {players: hands/s}}")
    parser.add_argument("--games", nargs="*", choices=sorted(BASELINES), help="only these games")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    results = {}
    for game in args.games or sorted(BASELINES):
        results[game] = {}
        for players in PLAYER_COUNTS[game]:
            rate = hands_per_second(game, players, args.seconds, args.seed)
            results[game][players] = rate
            if not args.json:
                print(f"{game:9} {players} players  {rate:10.0f} hands/s", flush=True)
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Hand-written reference simulators: one hand of random play per game (the games played in
turns, Mau-Mau, President and Rummy, are in handwritten_turns.py, registered here).

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

Each game's rules pieces that do not lie inside the play loop (the deal, the scoring, the
capture enumeration, Kozel's bura / four aces check and refill, ...) are functions of their
own, which benchmarks/handwritten_api.py calls too; the play loops stay inline, each random
choice where the decision falls (Coteccio and Ciapanò share theirs, ``follow_suit_tricks``).

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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import handwritten_turns  # noqa: E402  (Mau-Mau, President, Rummy: the games played in turns)

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3


def _clockwise(first, n):
    """Seats in clockwise play order starting at ``first``."""
    return [(first + k) % n for k in range(n)]


def _anticlockwise(first, n):
    """Seats in anticlockwise play order starting at ``first``."""
    return [(first - k) % n for k in range(n)]


def deal(rng, cards, n, count, clockwise=False):
    """Shuffle a deck of ``cards`` cards, draw the dealer and deal ``count`` cards to each of the
    ``n`` seats, one at a time, starting from the dealer's next seat in the direction of play (the
    dealer's left clockwise, the dealer's right anticlockwise). Returns ``(hands, dealer, deck)``,
    ``deck`` being what is left of it (its top is the end of the list)."""
    deck = list(range(cards))
    rng.shuffle(deck)
    dealer = rng.randrange(n)
    order = _clockwise((dealer + 1) % n, n) if clockwise else _anticlockwise((dealer - 1) % n, n)
    hands = [[] for _ in range(n)]
    for _ in range(count):
        for seat in order:
            hands[seat].append(deck.pop())
    return hands, dealer, deck


def follow_suit_tricks(rng, hands, leader, count, values, totals):
    """``count`` tricks of Coteccio or Ciapanò (40 cards, suit = card // 10) between random
    players: each played anticlockwise from its leader (``leader``, then the last winner),
    following suit if able; the highest card of the led suit wins and scores the sum of
    ``values[rank]`` of its cards in ``totals``. Returns the winners, trick by trick."""
    n = len(hands)
    winners = []
    for _ in range(count):
        led_suit = None
        best = -1
        winner = leader
        total = 0
        for seat in _anticlockwise(leader, n):
            hand = hands[seat]
            if led_suit is None:
                card = rng.choice(hand)
                led_suit = card // 10
            else:
                follow = [c for c in hand if c // 10 == led_suit]
                card = rng.choice(follow or hand)
            hand.remove(card)
            total += values[card % 10]
            if card // 10 == led_suit and card > best:
                best = card
                winner = seat
        totals[winner] += total
        winners.append(winner)
        leader = winner
    return winners


# ---------------------------------------------------------------------------------------------
# 1. Coteccio (2-7 players, anticlockwise, 5 tricks, lose a life for most points)
# ---------------------------------------------------------------------------------------------

# rank index 0..9 = 2 3 4 5 6 7 J Q K A
COTECCIO_POINTS = (0, 0, 0, 0, 0, 0, 3, 4, 5, 6)
COTECCIO_LAST_TRICK = 6


def coteccio_deal(rng, n):
    """Shuffle and deal 5 each, one at a time, anticlockwise from the dealer's right; the rest is
    unused. Returns ``(hands, leader, dealt_points)``: the dealer's right leads."""
    assert 2 <= n <= 7
    hands, dealer, _ = deal(rng, 40, n, 5)
    return hands, (dealer - 1) % n, sum(COTECCIO_POINTS[c % 10] for h in hands for c in h)


def coteccio_result(points, last, four_trick_player, hands, dealt_points):
    """The outcome once the five tricks are played: ``points`` per seat so far, ``last`` the
    winner of the last trick, ``four_trick_player`` the winner of tricks 1-4 who played on (or
    None)."""
    n = len(points)
    points[last] += COTECCIO_LAST_TRICK
    assert all(not h for h in hands)
    assert sum(points) == dealt_points + COTECCIO_LAST_TRICK <= 72 + COTECCIO_LAST_TRICK

    lives = [0] * n
    if four_trick_player is not None:
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


def play_hand_coteccio(rng, players):
    """One hand of Coteccio.

    Returns ``{'annulled': True}`` when the four-trick player annuls, else
    ``{'annulled': False, 'points': [...], 'lives': [...], 'capotto': bool|None}`` where
    ``lives`` is each seat's change of lives and ``capotto`` is None when the capotto option
    did not arise.
    """
    n = players
    hands, leader, dealt_points = coteccio_deal(rng, n)

    points = [0] * n
    winners = follow_suit_tricks(rng, hands, leader, 4, COTECCIO_POINTS, points)
    four_trick_player = None
    if winners.count(winners[0]) == 4:
        # The capotto option: the player who won tricks 1-4 (and leads trick 5) decides.
        four_trick_player = winners[0]
        if rng.choice(("annul", "play")) == "annul":
            return {"annulled": True}
    winners += follow_suit_tricks(rng, hands, winners[-1], 1, COTECCIO_POINTS, points)
    return coteccio_result(points, winners[-1], four_trick_player, hands, dealt_points)


# ---------------------------------------------------------------------------------------------
# 2. Couillon with the Mit' (4 players, partnerships, clockwise, 5 tricks, count down from 13)
# ---------------------------------------------------------------------------------------------

# rank index 0..5 = 9 10 J Q K A
COUILLON_POINTS = (0, 0, 1, 2, 3, 4)
QUEEN_OF_SPADES = SPADES * 6 + 3


def couillon_deal_maker(rng):
    """Shuffle, draw the dealer and deal T (the dealer's left) the 3 cards on which T names a
    trump or declines. Returns ``(deck, dealer, hands)``; the rest is dealt by
    couillon_deal_rest."""
    deck = list(range(24))
    rng.shuffle(deck)
    dealer = rng.randrange(4)
    hands = [[] for _ in range(4)]
    hands[(dealer + 1) % 4] = [deck.pop() for _ in range(3)]
    return deck, dealer, hands


def couillon_trump_options(hand):
    """The suits T may name on the first three cards (besides declining), in order."""
    return sorted({c // 6 for c in hand})


def couillon_deal_rest(deck, hands, dealer):
    """After T's choice: 3 more cards each to P (the dealer's partner), R (T's partner) and the
    dealer, 4 to the talon, then 2 each from T. Returns ``(turned, talon_points, holder)``: T's
    first final card (it names the trump if T declined, and stays in T's hand), the talon's
    points and the seat holding the Q of spades."""
    maker, partner, right = (dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4
    for seat in (partner, right, dealer):
        hands[seat] += [deck.pop() for _ in range(3)]
    talon = [deck.pop() for _ in range(4)]
    turned = deck[-1]                       # the first card of T's final pair
    for seat in (maker, partner, right, dealer):
        hands[seat] += [deck.pop(), deck.pop()]
    assert not deck
    holder = next((s for s in range(4) if QUEEN_OF_SPADES in hands[s]), None)
    return turned, sum(COUILLON_POINTS[c % 6] for c in talon), holder


def couillon_suit(card, trump, mit):
    """A card's suit in play: the Mit' (Q of spades), once declared, is a trump."""
    return trump if (mit and card == QUEEN_OF_SPADES) else card // 6


def _couillon_strength(card, led, trump, mit):
    """Trick-winning strength: trumps over the led suit; the Mit' between trump A and K."""
    if mit and card == QUEEN_OF_SPADES:
        return 109
    suit = card // 6
    if suit == trump:
        return 100 + 2 * (card % 6)
    if suit == led:
        return 2 * (card % 6)
    return -1


def couillon_trick_winner(played, led, trump, mit):
    """The seat winning a trick ``played`` = [(seat, card), ...] in which suit ``led`` was led."""
    winner, _ = max(played, key=lambda sc: _couillon_strength(sc[1], led, trump, mit))
    return winner


def couillon_result(hands, team_points, team_tricks, talon_points, dealer, trump, mit, kontra, re):
    """The outcome once the five tricks are played (see play_hand_couillon)."""
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


def play_hand_couillon(rng, players=4):
    """One hand of Couillon with the Mit'.

    Returns ``{'points': [team0, team1], 'royes': [d0, d1], ...}`` where ``royes`` is the change
    of each team's rôyes (the score counts down, so negative is good). Team = seat % 2.
    """
    assert players == 4
    deck, dealer, hands = couillon_deal_maker(rng)
    maker = (dealer + 1) % 4          # T, the dealer's left

    # T receives 3 cards, then names a suit among them or declines.
    trump = rng.choice(couillon_trump_options(hands[maker]) + [None])
    turned, talon_points, holder = couillon_deal_rest(deck, hands, dealer)
    if trump is None:
        trump = turned // 6           # the turned card stays in T's hand

    # The Mit' (Q of spades) and its Kontra / Re, offered at the holder's first turn.
    mit = kontra = re = False
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
                led = couillon_suit(card, trump, mit)
            else:
                if led == trump:
                    legal = [c for c in hand if couillon_suit(c, trump, mit) == trump]
                elif any(couillon_suit(c, trump, mit) == led for c in hand):
                    legal = [c for c in hand if couillon_suit(c, trump, mit) in (led, trump)]
                else:
                    legal = None
                card = rng.choice(legal or hand)
            hand.remove(card)
            played.append((seat, card))
        winner = couillon_trick_winner(played, led, trump, mit)
        team = winner % 2
        team_points[team] += sum(COUILLON_POINTS[c % 6] for _, c in played)
        team_tricks[team] += 1
        leader = winner
    return couillon_result(hands, team_points, team_tricks, talon_points, dealer,
                           trump, mit, kontra, re)


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


def cicera_deal(rng):
    """Shuffle, draw the dealer, deal 12 cards each in one packet anticlockwise from the dealer's
    right, and 4 to the table. Returns ``(hands, table, first)``: the dealer's right plays first."""
    deck = list(range(52))
    rng.shuffle(deck)
    dealer = rng.randrange(4)
    first = (dealer - 1) % 4
    hands = [[] for _ in range(4)]
    for seat in _anticlockwise(first, 4):
        hands[seat] = [deck.pop() for _ in range(12)]
    table = [deck.pop() for _ in range(4)]
    assert not deck
    return hands, table, first


def cicera_moves(hand, table):
    """Every legal action, ``(card, taken)``: lay the card (``taken`` None), take one table card
    of its rank, or take a set of numerals adding up to its value."""
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
    return moves


def cicera_capture(table, pile, card, taken, just_laid):
    """``card`` takes the cards ``taken`` from ``table``: all go to ``pile``. Returns the in-play
    points it makes (``just_laid``: the card the previous player added to the table, or None)."""
    for t in taken:
        table.remove(t)
    pile.append(card)
    pile.extend(taken)
    by_rank = len(taken) == 1
    points = 0
    if not table:
        points += 1                                                 # Scùa
    if by_rank and taken[0] == just_laid:
        points += 1                                                 # Picada
    if not by_rank and all(t // 13 == card // 13 for t in taken):
        points += 1                                                 # Simili
    if len(taken) >= 3:
        points += 1                                                 # Quadriglia
    return points


def cicera_result(hands, piles, table, inplay, last_capturer):
    """The outcome once the 48 turns are played: the leftovers go to the last capturer (no play
    points), then each team's tally (see play_hand_cicera)."""
    assert all(not h for h in hands)
    if last_capturer is not None:           # leftovers, no play points
        piles[last_capturer % 2].extend(table)
        table.clear()
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


def play_hand_cicera(rng, players=4):
    """One hand of Cicera.

    Returns ``{'points': [team0, team1], 'inplay': [...], 'tally': [...], 'cards': [...]}``:
    ``points`` = in-play bonuses + end-of-hand tally, per team (team = seat % 2).
    """
    assert players == 4
    hands, table, first = cicera_deal(rng)
    order = _anticlockwise(first, 4)

    piles = [[], []]
    inplay = [0, 0]
    last_capturer = None
    just_laid = None                        # the card the previous player added to the table
    for _ in range(12):
        for seat in order:
            hand = hands[seat]
            card, taken = rng.choice(cicera_moves(hand, table))
            hand.remove(card)
            if taken is None:
                table.append(card)
                just_laid = card
                continue
            team = seat % 2
            inplay[team] += cicera_capture(table, piles[team], card, taken, just_laid)
            last_capturer = seat
            just_laid = None
    return cicera_result(hands, piles, table, inplay, last_capturer)


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


def kozel_deal(rng, n):
    """Shuffle and deal 4 each, one at a time, clockwise from the dealer's left; the next card is
    turned for trumps and lies under the stock. Returns ``(hands, trump, stock, leader)``: the
    dealer's left leads; ``stock.pop()`` draws from the top."""
    assert 2 <= n <= 5
    hands, dealer, deck = deal(rng, 36, n, 4, clockwise=True)
    trump_card = deck.pop()
    return hands, trump_card // 9, [trump_card] + deck, (dealer + 1) % n


def kozel_early_end(hands, order, trump, points):
    """Bura (3+ trumps) and four aces, checked at the start of every trick (``order``: the seats
    from the leader on): the hand's result if one of them ends it, else None."""
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
    return None


def kozel_leads(hand):
    """The leads: one card, or three cards of one suit."""
    leads = [(c,) for c in hand]
    leads += [combo for combo in combinations(hand, 3)
              if combo[0] // 9 == combo[1] // 9 == combo[2] // 9]
    return leads


def kozel_refill(hands, stock, winner, stock_dead):
    """After a trick: refill to 4, one card at a time from the winner, all-or-nothing (when the
    stock cannot refill every hand it is dead for the rest of the hand). Returns ``stock_dead``."""
    n = len(hands)
    need = 4 - len(hands[winner])
    if not stock_dead and need:
        if need * n <= len(stock):
            for _ in range(need):
                for seat in _clockwise(winner, n):
                    hands[seat].append(stock.pop())
        else:
            stock_dead = True
    return stock_dead


def kozel_result(hands, stock, points):
    """The outcome when the cards run out: the most points share the pot."""
    assert all(not h for h in hands)
    assert sum(points) + sum(KOZEL_POINTS[c % 9] for c in stock) == 120
    top = max(points)
    return {"winners": [s for s in range(len(points)) if points[s] == top], "points": points,
            "end": "points"}


def play_hand_kozel(rng, players):
    """One hand of Bidding Kozel.

    Returns ``{'winners': [seats sharing the pot], 'points': [...], 'end': 'bura'|'aces'|'points'}``.
    """
    n = players
    hands, trump, stock, leader = kozel_deal(rng, n)
    stock_dead = False

    points = [0] * n
    while hands[leader]:
        order = _clockwise(leader, n)
        result = kozel_early_end(hands, order, trump, points)
        if result is not None:
            return result

        lead = rng.choice(kozel_leads(hands[leader]))
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
        stock_dead = kozel_refill(hands, stock, winner, stock_dead)
    return kozel_result(hands, stock, points)


# ---------------------------------------------------------------------------------------------
# 5. Ciapanò (3-5 players, anticlockwise, reverse game: avoid penalty cards)
# ---------------------------------------------------------------------------------------------

# rank index 0..9 = 4 5 6 7 J Q K A 2 3; penalties in thirds: A = 3, 3 2 K Q J = 1, 7-4 = 0
CIAPANO_THIRDS = (0, 0, 0, 0, 1, 1, 1, 3, 1, 1)
CIAPANO_HAND_SIZE = {3: 13, 4: 10, 5: 8}


def ciapano_deal(rng, n):
    """Shuffle and deal the 40 cards one at a time anticlockwise from the dealer's right; with 3
    players the dealer takes the 40th card (and then discards one). Returns
    ``(hands, dealer, leader)``: the dealer's right leads."""
    assert 3 <= n <= 5
    hands, dealer, deck = deal(rng, 40, n, CIAPANO_HAND_SIZE[n])
    if n == 3:
        hands[dealer].append(deck.pop())
    assert not deck
    return hands, dealer, (dealer - 1) % n


def ciapano_result(hands, thirds, last, discard):
    """The outcome once the tricks are played: ``thirds`` of a point per seat, ``last`` the winner
    of the last trick (who also takes the 3-player ``discard``, else None)."""
    n = len(thirds)
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


def play_hand_ciapano(rng, players):
    """One hand of Ciapanò. Returns ``{'scores': [...], 'thirds': [...], 'cappotto': bool}``."""
    n = players
    hands, dealer, leader = ciapano_deal(rng, n)
    discard = None
    if n == 3:                              # the dealer discards one of 14
        discard = rng.choice(hands[dealer])
        hands[dealer].remove(discard)

    thirds = [0] * n
    winners = follow_suit_tricks(rng, hands, leader, CIAPANO_HAND_SIZE[n], CIAPANO_THIRDS, thirds)
    return ciapano_result(hands, thirds, winners[-1], discard)


# ---------------------------------------------------------------------------------------------
# Benchmark driver
# ---------------------------------------------------------------------------------------------

BASELINES = {
    "ciapano": play_hand_ciapano,
    "cicera": play_hand_cicera,
    "coteccio": play_hand_coteccio,
    "couillon": play_hand_couillon,
    "kozel": play_hand_kozel,
    **handwritten_turns.BASELINES,
}

PLAYER_COUNTS = {
    "ciapano": (3, 4, 5),
    "cicera": (4,),
    "coteccio": (2, 4, 7),
    "couillon": (4,),
    "kozel": (2, 3, 4, 5),
    **handwritten_turns.PLAYER_COUNTS,
}


def hands_per_second(game, players, seconds, seed=0):
    """Play hands of ``game`` for about ``seconds`` seconds and return the rate."""
    return rate(BASELINES[game], players, seconds, seed)


def rate(play, players, seconds, seed=0):
    """Call ``play(rng, players)`` (one hand) for about ``seconds`` seconds; hands per second."""
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


def timing_parser(description, games):
    """The command line of a timing run, of handwritten.py or handwritten_api.py."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seconds", type=float, default=2.0, help="time per game and count")
    parser.add_argument("--json", action="store_true", help="print {game: {players: hands/s}}")
    parser.add_argument("--games", nargs="*", choices=sorted(games), help="only these games")
    parser.add_argument("--seed", type=int, default=0)
    return parser


def report_rates(args, games, player_counts, hands_per_second):
    """Time every game of ``args.games`` (else ``games``) at each of its player counts; print a
    line per count as it goes, or the {game: {players: hands/s}} JSON at the end."""
    results = {}
    for game in args.games or sorted(games):
        results[game] = {}
        for players in player_counts[game]:
            rate = hands_per_second(game, players, args.seconds, args.seed)
            results[game][players] = rate
            if not args.json:
                print(f"{game:9} {players} players  {rate:10.0f} hands/s", flush=True)
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


def main(argv=None):
    args = timing_parser(__doc__.splitlines()[0], BASELINES).parse_args(argv)
    return report_rates(args, BASELINES, PLAYER_COUNTS, hands_per_second)


if __name__ == "__main__":
    sys.exit(main())

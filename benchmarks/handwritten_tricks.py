"""Hand-written reference simulators of the trick games Coteccio, Bidding Kozel and Ciapanò, and
the helpers every reference game shares (the deal, the seats' orders, Coteccio's and Ciapanò's
follow-suit tricks). benchmarks/handwritten.py registers them; its docstring says what these
baselines are and how cards and seats are numbered.
"""

from __future__ import annotations

from itertools import combinations, permutations

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

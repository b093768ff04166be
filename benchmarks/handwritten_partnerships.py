"""Hand-written reference simulators of the partnership games, Couillon with the Mit' and Cicera.
benchmarks/handwritten.py registers them; its docstring says what these baselines are and how
cards and seats are numbered.
"""

from __future__ import annotations

from handwritten_tricks import DIAMONDS, HEARTS, SPADES, _anticlockwise, _clockwise

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

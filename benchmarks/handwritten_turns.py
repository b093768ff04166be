"""Hand-written reference simulators of the games played in turns: Mau-Mau, President, Rummy.

The same kind of baseline as benchmarks/handwritten.py's trick games (which registers these in
its BASELINES): one hand of random play in a plain loop, each decision a uniform random choice
(``rng.choice``) among the legal actions, the rules those of the rule files in games/ with their
default options (games/maumau.yaml, president.yaml, rummy.yaml; docs/games/*.md). A decision of
the rule file is a decision here, with the same actions in an order of its own, so that a hand
takes as many decisions as the engine's does (a Rummy lay-off is the card, then the meld it goes
on; a Mau-Mau jack is the card, then the suit wished). benchmarks/handwritten_turns_api.py plays
the same rules one action at a time and draws in the same order: the same seed, the same hands.

Cards are small ints: ``suit * ranks + rank index``, suits 0=S 1=H 2=D 3=C, rank indexes from
the lowest (Mau-Mau 7 … A, President 3 … 2) or, for Rummy, in run order (A … K), so that two
cards of a suit next to each other in a run differ by one.
"""

from __future__ import annotations

import random
from itertools import combinations


def shuffled_deal(rng, cards, n, count, dealer):
    """Shuffle ``cards`` cards and deal ``count`` to each of ``n`` seats, one at a time clockwise
    from the dealer's left. Returns ``(hands, deck)``; the deck's top is the end of the list."""
    deck = list(range(cards))
    rng.shuffle(deck)
    hands = [[] for _ in range(n)]
    for _ in range(count):
        for k in range(1, n + 1):
            hands[(dealer + k) % n].append(deck.pop())
    return hands, deck


# ---------------------------------------------------------------------------------------------
# 6. Mau-Mau (2-5 players, clockwise, 32 cards: match the top card by suit or rank, or draw)
# ---------------------------------------------------------------------------------------------

# rank index 0..7 = 7 8 9 10 J Q K A
MAUMAU_POINTS = (7, 8, 9, 10, 2, 3, 4, 11)
SEVEN, EIGHT, JACK = 0, 1, 4


def maumau_fits(card, top, wish, owed):
    """Whether ``card`` may go on ``top``: only a 7 while sevens are owed; else a jack (on
    anything), the wished suit, or the top card's suit or rank."""
    rank = card % 8
    if owed:
        return rank == SEVEN
    if rank == JACK:
        return True
    if wish is not None:
        return card // 8 == wish
    return card // 8 == top // 8 or rank == top % 8


def maumau_draw(shuffler, hand, stock, pile, due):
    """Take ``due`` cards from the stock; when it runs out, the pile but its top card, shuffled
    by ``shuffler``, makes a new one. Returns the number of cards taken."""
    before = len(hand)
    for _ in range(min(due, len(stock))):
        hand.append(stock.pop())
    if len(hand) - before < due and len(pile) > 1:
        stock += pile[:-1]
        del pile[:-1]
        shuffler.shuffle(stock)
        for _ in range(min(due - (len(hand) - before), len(stock))):
            hand.append(stock.pop())
    return len(hand) - before


def maumau_result(hands, out):
    """The penalty points each seat takes (the cards left in its hand) and who went out."""
    return {"penalties": [sum(MAUMAU_POINTS[c % 8] for c in h) for h in hands], "out": out}


def play_hand_maumau(rng, players):
    """One hand of Mau-Mau. Returns ``{'penalties': [...], 'out': seat or None}``."""
    n = players
    dealer = rng.randrange(n)
    hands, stock = shuffled_deal(rng, 32, n, 5, dealer)
    pile = [stock.pop()]
    shuffler = random.Random(rng.getrandbits(64))     # the hand's own, for a new stock
    wish, owed, skip, drawn, idle = None, 0, False, None, 0
    player = (dealer + 1) % n
    while True:
        hand = hands[player]
        if skip:
            skip = False
        else:
            top = pile[-1]
            legal = [c for c in hand if maumau_fits(c, top, wish, owed) and (drawn is None or c == drawn)]
            if drawn is None:
                if owed or not legal:
                    legal.append("draw")
            else:
                legal.append("keep")
            action = rng.choice(legal)
            if action == "keep":
                drawn = None
            elif action == "draw":
                got = maumau_draw(shuffler, hand, stock, pile, max(owed, 1))
                idle = 0 if got else idle + 1
                if owed:
                    owed = 0
                elif got:
                    drawn = hand[-1]
            else:
                hand.remove(action)
                pile.append(action)
                wish, drawn, idle = None, None, 0
                rank = action % 8
                if rank == SEVEN:
                    owed += 2
                elif rank == EIGHT:
                    skip = True
                elif rank == JACK and hand:
                    wish = rng.choice((0, 1, 2, 3))
        if not hand or idle >= n:
            return maumau_result(hands, player if not hand else None)
        if drawn is None:
            player = (player + 1) % n


# ---------------------------------------------------------------------------------------------
# 7. President (3-7 players, clockwise, 52 cards: beat the play with as many higher cards)
# ---------------------------------------------------------------------------------------------

# rank index 0..12 = 3 4 5 6 7 8 9 10 J Q K A 2 (a card's rank is card % 13)

def president_deal(rng, n):
    """The hand after another: the last hand's finishing order (here a random one), the Scum
    deals the whole pack one at a time from their left, some getting one more. Returns
    ``(hands, ranking)``."""
    ranking = list(range(n))
    rng.shuffle(ranking)
    hands, deck = shuffled_deal(rng, 52, n, 52 // n, ranking[-1])
    for k in range(1, len(deck) + 1):
        hands[(ranking[-1] + k) % n].append(deck.pop())
    return hands, ranking


def president_plays(hand, standing):
    """Every single card and set of equal cards of ``hand`` that beats ``standing`` (None: a
    lead, anything): as many cards, of a higher rank. Highest rank first."""
    groups = {}
    for c in sorted(hand):
        groups.setdefault(c % 13, []).append(c)
    plays = []
    if standing is None:
        for rank in sorted(groups, reverse=True):
            group = groups[rank]
            for k in range(1, len(group) + 1):
                plays += combinations(group, k)
        return plays
    size, beat = len(standing), standing[0] % 13
    for rank in sorted(groups, reverse=True):
        group = groups[rank]
        if rank > beat and len(group) >= size:
            plays += combinations(group, size)
    return plays


def president_best(hand):
    """The cards of the hand's highest rank (the Scum gives one of them)."""
    top = max(c % 13 for c in hand)
    return [c for c in hand if c % 13 == top]


def play_hand_president(rng, players):
    """One hand of President after the first: the exchange, then play until one player holds
    cards. Returns ``{'order': [seats, first out first]}``."""
    n = players
    hands, ranking = president_deal(rng, n)
    president, scum = ranking[0], ranking[-1]
    card = rng.choice(president_best(hands[scum]))          # the Scum's best card …
    hands[scum].remove(card)
    hands[president].append(card)
    card = rng.choice(hands[president])                       # … and any card back
    hands[president].remove(card)
    hands[scum].append(card)

    out, standing, last, passes = [], None, None, 0
    player = president
    while True:
        hand = hands[player]
        legal = president_plays(hand, standing)
        if standing is not None:
            legal.append(None)
        play = rng.choice(legal)
        if play is None:
            passes += 1
        else:
            for c in play:
                hand.remove(c)
            standing, last, passes = play, player, 0
        if not hand and player not in out:
            out.append(player)
        holding = [p for p in range(n) if hands[p]]
        if standing is not None and passes >= sum(1 for p in holding if p != last):
            standing, passes = None, 0
        if len(holding) <= 1:
            return {"order": out + holding}
        start = last if standing is None and last is not None else (player + 1) % n
        player = next(p % n for p in range(start, start + n) if hands[p % n])


# ---------------------------------------------------------------------------------------------
# 8. Rummy (2-6 players, clockwise, 52 cards: draw, meld, lay off, discard; go out first)
# ---------------------------------------------------------------------------------------------

# rank index 0..12 = A 2 3 … 10 J Q K (runs, ace low); points: pictures 10, aces 1, the rest their number
RUMMY_POINTS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
RUMMY_HAND = {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
RESTOCKS = 3


def rummy_deal(rng, n):
    """Shuffle, deal each player their cards one at a time from the dealer's left, one card to
    start the discard pile; the rest is the stock. Returns ``(hands, stock, discard, first)``."""
    dealer = rng.randrange(n)
    hands, deck = shuffled_deal(rng, 52, n, RUMMY_HAND[n], dealer)
    discard = [deck.pop()]
    return hands, deck, discard, (dealer + 1) % n


def rummy_melds(hand):
    """Every set (three or four cards of a rank) and run (three or more of a suit in sequence)
    in the hand: sets by rank, then runs by suit and lowest card, shortest first."""
    melds = []
    ranks = {}
    for c in sorted(hand):
        ranks.setdefault(c % 13, []).append(c)
    for rank in sorted(ranks):
        group = ranks[rank]
        for k in range(3, len(group) + 1):
            melds += combinations(group, k)
    held = sorted(hand)
    for i, c in enumerate(held):
        run = 1
        for d in held[i + 1:]:
            if d != c + run or d % 13 == 0:           # a gap, or the next suit's ace
                break
            run += 1
            if run >= 3:
                melds.append(tuple(held[i:i + run]))
    return melds


def rummy_extends(meld, card):
    """Whether ``card`` lays off on ``meld`` as it stands: a set's rank, or the card just below
    or above a run of its suit."""
    if meld[0] % 13 == meld[1] % 13:
        return card % 13 == meld[0] % 13
    low, high = min(meld), max(meld)
    return (card == low - 1 and low % 13 != 0) or (card == high + 1 and high % 13 != 12)


def rummy_turn_actions(hand, laid, melded, taken):
    """What a player who has drawn may do: meld (once a turn), lay a card off, or discard
    (not the card just taken from the pile, unless it is the last)."""
    legal = [("meld", m) for m in rummy_melds(hand)] if melded < 1 else []
    legal += [("lay", c) for c in hand if any(rummy_extends(m, c) for m in laid)]
    legal += [("discard", c) for c in hand if c != taken or len(hand) == 1]
    return legal


def rummy_result(hands):
    """Who went out (None: the stock ran out) and what they scored: the cards left in the others' hands."""
    out = next((p for p, h in enumerate(hands) if not h), None)
    won = sum(RUMMY_POINTS[c % 13] for h in hands for c in h) if out is not None else 0
    return {"out": out, "won": won}


def play_hand_rummy(rng, players):
    """One hand of Rummy. Returns ``{'out': seat or None, 'won': points}``."""
    n = players
    hands, stock, discard, player = rummy_deal(rng, n)
    laid, restocked = [], 0
    while True:
        hand = hands[player]
        if rng.choice(("draw", "take") if discard else ("draw",)) == "draw":
            if not stock:                                   # the discard pile turned over
                stock, discard = discard[::-1], []
                restocked += 1
            hand.append(stock.pop())
            taken = None
        else:
            taken = discard.pop()
            hand.append(taken)
        melded = 0
        while hand:
            kind, value = rng.choice(rummy_turn_actions(hand, laid, melded, taken))
            if kind == "meld":
                for c in value:
                    hand.remove(c)
                laid.append(list(value))
                melded += 1
            elif kind == "lay":
                meld = rng.choice([m for m in laid if rummy_extends(m, value)])
                hand.remove(value)
                meld.append(value)
            else:
                hand.remove(value)
                discard.append(value)
                break
        if not hand or (not stock and restocked == RESTOCKS):
            return rummy_result(hands)
        player = (player + 1) % n


BASELINES = {"maumau": play_hand_maumau, "president": play_hand_president, "rummy": play_hand_rummy}
PLAYER_COUNTS = {"maumau": (2, 3, 4, 5), "president": (3, 4, 5, 6, 7), "rummy": (2, 3, 4, 5, 6)}


if __name__ == "__main__":
    for name, play in BASELINES.items():
        rng = random.Random(0)
        print(name, [play(rng, PLAYER_COUNTS[name][0]) for _ in range(3)])

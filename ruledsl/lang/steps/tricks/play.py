"""Playing a card: the code of `_a{id}` (the play taken, the turn passed or the trick complete),
and the play itself as `_a` and the roll-out's loop both write it — the cards leave the hand for
the trick, which they may beat, and what a face-up play shows (a void) is recorded."""
from __future__ import annotations

from contextlib import nullcontext

import attrs

from ....runtime import knowledge
from ....runtime.helpers import plays_beat
from .playing import Spec
from .turn import pass_turn


@attrs.frozen
class Places:
    """Where the code being written finds the trick and the ranking in force.

    `local`: the roll-out's loop keeps the trick's best play in locals (`best`, its cards or
    card, and `at`, its place in the trick), and writes st.trick and st.best when it leaves;
    else the play reads and writes them in the state. `trick` is a local either way.
    `led`: once a card is led, the legal plays were just worked out for it (legal.choices,
    single cards under a follow rule): the local `follow` holds the cards of its suit.
    `ranking`: the local `r` holds the ranking in force (or it never varies)."""

    local: bool = False
    led: bool = False
    ranking: bool = False

    @property
    def best(self) -> str:
        """Where the place of the best play in the trick is."""
        return "at" if self.local else "st.best"

    def read_ranking(self, c) -> Places:
        """Write `r = the ranking in force` unless `r` holds it: the places after."""
        if not self.ranking and not c.ranking.fixed:
            c.w.line(f"r = {c.ranking.source()}")
        return attrs.evolve(self, ranking=True)

    def tables(self, c, *names: str) -> tuple[str, ...]:
        """The sources of the ranking's tables `names` (`r` holds the ranking: read_ranking)."""
        assert self.ranking or c.ranking.fixed
        return c.ranking.tables(*names, read=False)


def write_apply(c, d, step, spec: Spec, turn) -> None:
    """`_a{id}(st, play)`: the cards go to the trick; the next seat plays, or the trick is won."""
    c.apply_function(d, counted=False)       # the play counts as the trick's entry (State.steps)
    apply_body(c, d, step, spec, turn)


def apply_body(c, d, step, spec: Spec, turn) -> None:
    """What `_a` (or apply_action) does with play `a`, once it is counted. `turn`: the block of
    the before_play hooks (None without them)."""
    w = c.w
    w.line("seat = st.turn")
    w.line("trick = st.trick")
    hand = f"st.zones[{spec.hand} + seat]"
    if not spec.single:             # several cards to take out of it
        w.line(f"hand = {hand}")
        hand = "hand"
    play(c, step, spec, hand, Places())
    with w.indented("if _len(trick) < st.live:"):
        pass_turn(c, step, c.next_seat("seat"), lambda: w.goto(turn), lambda: w.line("return None"))
    w.line(f"return _w{d.id}(st)")


def play(c, step, spec: Spec, hand: str, places: Places) -> None:
    """Write: `seat` plays action `a` from `hand` (a source) to `trick` (a local, and st.trick
    after), which it may beat; everyone learns what a face-up play shows."""
    w = c.w
    # A single card played face up is the same entry of the trick each time: made once
    entries = spec.single and step.open is None
    if spec.single:
        w.line(f"{hand}.remove(a)")
        if not entries:
            w.line(f"cards = {w.const(c.deck.plays)}[a]")
    else:
        with w.indented("for card in a:"):
            w.line(f"{hand}.remove(card)")
        w.line("cards = a")
    infer = spec.follow != "any"           # not following shows a void (st.voids: knowledge.py)
    played = "a" if spec.single else "cards"        # what becomes the trick's best play
    with w.indented("if trick:"):
        led = places.read_ranking(c)
        _beats(c, spec, led)
        with w.indented("if beat:"):
            w.line(f"{places.best} = _len(trick)")
            if places.local:
                w.line(f"best = {played}")
        if infer and step.open is None:      # always face up
            # with no trumps, a card that beats is of the suit led
            with w.indented("else:") if c.ruleset.trumps is None else nullcontext():
                _void(c, spec, led)
    with w.indented("else:"):
        w.line(f"{places.best}, beat = 0, True")
        if places.local:
            w.line(f"best = {played}")
    up = "True"             # face up: always, unless `open:` says when
    if step.open is not None:
        up = "up"
        w.line(f"up = beat or not not ({c.condition(step.open)})")
        if infer:
            with w.indented("if trick and up:"):     # `r` as the branch above read it
                _void(c, spec, led)
    entry = f"{c.table('trick entries', lambda: _entries(c))}[seat][a]" if entries else f"((seat, cards, {up}),)"
    w.line(f"{'' if places.local else 'st.trick = '}trick = trick + {entry}")
    c.emit("play", seat="seat", cards="_card_names(trick[-1][1])", beat="beat and _len(trick) > 1",
           face_down="False" if up == "True" else "not up")


def _beats(c, spec: Spec, places: Places) -> None:
    """Write `beat`: whether the play beats the best so far (`best`: read here unless local)."""
    w = c.w
    beaters, = places.tables(c, "beaters")
    if spec.single:
        if not places.local:
            w.line("best = trick[st.best][1][0]")
        w.line(f"beat = a in {beaters}[best]")
        return
    if not places.local:
        w.line("best = trick[st.best][1]")
    with w.indented("if _len(cards) == 1 == _len(best):"):       # one card against one (most plays)
        w.line(f"beat = cards[0] in {beaters}[best[0]]")
    with w.indented("else:"):
        ranking = c.ranking.source() if c.ranking.fixed else "r"
        w.line(f"beat = {w.const(plays_beat)}({ranking}, cards, best)")


def _void(c, spec: Spec, places: Places) -> None:
    """Written where a card is played face up to a trick: a single card to a single card led,
    neither of the suit led nor (with `suit_or_trump`) a trump, tells everyone the player holds
    none of the suit led, as the trumps rank the cards at this moment (runtime/knowledge.py)."""
    w = c.w
    card = "a" if spec.single else "a[0]"
    with w.indented("if _len(trick[0][1]) == 1:") if not spec.single else nullcontext():
        if spec.follow == "suit_or_trump":
            answers, = places.tables(c, "answers")
            off = f"{card} not in {answers}[trick[0][1][0]]"
        else:
            if not places.led:
                follows, = places.tables(c, "follows")
                w.line(f"follow = {follows}[trick[0][1][0]]")
            off = f"{card} not in follow"
        with w.indented(f"if {off}:"):
            suit, = places.tables(c, "suit")
            w.line(f"led = {suit}[trick[0][1][0]]")
            bits = knowledge.width(c.deck)
            if c.ranking.fixed:
                masks = knowledge.void_masks(c.ranking.rankings.get(None).masks, c.n, bits)
                w.line(f"m = {w.const(masks, 'VOID_MASKS')}[seat][led]")
            else:
                w.line(f"m = r.masks[led] << {bits} * seat")
            w.line("voids = st.voids")
            with w.indented("if voids & m != m:"):       # most voids shown are known already
                w.line("st.voids = voids | m")


def _entries(c) -> tuple:
    """For each seat, each card's trick entry played face up alone, in a tuple to add to the
    trick: `((seat, (card,), True),)`."""
    return tuple(tuple(((seat, play, True),) for play in c.deck.plays) for seat in range(c.n))

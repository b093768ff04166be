"""`tricks:` — trick play: leads of one or several cards, follow rules, beating, the winner.

    leader ─▶ HEAD: the leader's hand empty, or `count` tricks played? ─▶ the steps after
           ─▶ before_trick ─▶ TURN: before_play ─▶ the play (a decision) ─▶ next seat: TURN
           ─▶ the trick is full: to the winner's zone ─▶ after_trick ─▶ HEAD

One beating rule serves every game: a card beats another of its suit that ranks higher, or any
non-trump when it is a trump; a play of several cards must beat the best play so far one-to-one;
the trick goes to the last player who beat. With single cards this is the classic rule.

With single-card leads only, an action is the card itself; otherwise a tuple of cards. Without
hooks between two plays, a play sets up the next player's turn directly: the common trick runs
one generated function per card, and a random play-out plays it in one loop (`_p`, _rollout).
With before_play hooks that each have a `when:`, the play tests those conditions itself and
calls the TURN block only when one holds (Compiler.acting).
"""
from __future__ import annotations

from contextlib import nullcontext
from itertools import combinations

import attrs

from ...errors import RuleError, did_you_mean
from ...explain.document import Item
from ...explain.words import VISIBLE, cap, code, literal_int, number_word, plural, uncap
from ...expr.ast import names_used
from ...expr.codegen import Frag
from ...runtime import knowledge, randomness
from ...runtime.helpers import plays_beat
from ..declare import Expr, Expression, Items, Key, Name, Sizes, Step, StepKind, Steps, Word, ZoneName
from ..types import A_SEAT, CONDITION, SEAT, WHOLE
from .playable import RESTRICTION, Restriction, describe_playable, write_filter
from .typed import either, held_problems, number, suit_symbol, typed_play

FOLLOW = ("suit", "suit_or_trump", "any")


@attrs.frozen(kw_only=True)
class Tricks(Step):
    kind = "tricks"
    leader: Expr | None = None
    count: Expr | None = None
    lead: tuple[int, ...] = (1,)
    follow: str = "suit"
    playable: tuple[Restriction, ...] = ()
    won: Name | None = None
    open: Expr | None = None
    before_trick: tuple = ()
    before_play: tuple = ()
    after_trick: tuple = ()


@attrs.frozen
class Spec:
    """What the runtime side of a tricks step needs."""

    hand: int              # the first hand zone
    sizes: tuple[int, ...]
    follow: str

    @property
    def single(self) -> bool:
        return self.sizes == (1,)


# -- code ---------------------------------------------------------------------------------------

def compile_tricks(step: Tricks, c) -> None:
    w = c.w
    won_owner, won = _won_zone(step, c)
    spec = Spec(c.zone("hand")[1], step.lead, step.follow)
    d = c.decision(PLAYING, spec, step.span)
    leader = c.seat(step.leader, "`tricks.leader`") if step.leader is not None else \
        c.next_seat("st.dealer")
    w.line(f"st.leader = {leader}")
    w.line("st.trick_number = 0")
    head, hooks, turn, end = w.label(), w.label(), w.label(), w.label()
    w.goto(head)
    w.place(head)
    with w.indented(f"if not st.zones[{spec.hand} + st.leader]:"):
        w.goto(end)
    if step.count is not None:
        with w.indented(f"if st.trick_number >= {c.expr(step.count, WHOLE, '`tricks.count`')}:"):
            w.goto(end)
    w.line("st.trick_number += 1")           # the trick about to be played, in every hook
    w.goto(hooks)                            # (where a trick's end goes on when a hook acts)
    w.place(hooks)
    c.steps(step.before_trick)
    w.line("st.trick, st.best, st.turn = (), -1, st.leader")
    w.goto(turn)
    w.place(turn)
    with c.binding(player=Frag(src="st.turn", type=SEAT, atomic=True)):
        c.steps(step.before_play)
    c.wait(d, "st.turn")
    with w.elsewhere():
        for explain in (False, True):
            _legality(c, d, spec, explain, step.playable)
        _apply(c, d, step, spec, turn if step.before_play else None)
        _trick_won(c, d, step, won_owner, won, (head, hooks, turn))
        _rollout(c, d, step, spec, turn if step.before_play else None)
    if not step.playable:          # written into the State's methods too (compile/public.py)
        c.inline(d, lambda give: _legal(c, spec, give),
                 lambda: _apply_body(c, d, step, spec, turn if step.before_play else None))
    w.place(end)


def _won_zone(step: Tricks, c) -> tuple[str, int]:
    name = step.won.text if step.won is not None else "won"
    zone = c.zone(name)
    if zone is None or zone[0] == "shared":
        owned = [z for z, (owner, _) in c.layout.zones.items() if owner != "shared" and z != "hand"]
        if zone is not None:
            message = f"tricks need a per-player or per-team zone for won cards; '{name}' is shared"
        elif step.won is None:
            message = "tricks need a zone for won cards: there is no zone 'won', and no 'won:' names one"
        else:
            message = f"tricks need a zone for won cards, and there is no zone '{name}'"
        hint = did_you_mean(name, owned) if step.won is not None else None
        if not hint and len(owned) == 1 and step.won is None:
            hint = f"name it: won: {owned[0]}"
        raise RuleError((step.won or step).span, message,
                        hint or f"declare it: zones: {{{name}: {{owner: player, visible: nobody}}}}")
    return zone


def _legality(c, d, spec: Spec, explain: bool, playable: tuple) -> None:
    """`_l{id}(st)`: the plays allowed now; with `explain`, `_e{id}(st)`: every single card of
    the hand with None or the rule that excludes it (leads of several cards and answers to them
    are free: their only rules are of shape, which why_not reads from the typed action). With
    `playable:` restrictions, these are `_f…` and `_l`/`_e` apply the restrictions to them."""
    w = c.w
    name = f"_{'e' if explain else 'l'}{d.id}"
    if playable:
        w.function(name, "st")
        write_filter(c, playable, spec.single, explain, f"_f{name}")
        name = f"_f{name}"
    w.function(name, "st")
    _legal(c, spec, lambda plays: w.line(f"return {plays}"), explain)


def _legal(c, spec: Spec, give, explain: bool = False) -> None:
    """The body of `_l`, `_e` (or of legal_actions): the hand and the trick, then the plays."""
    c.w.line(f"hand = st.zones[{spec.hand} + st.turn]")
    c.w.line("trick = st.trick")
    _choices(c, spec, give, explain)


def _choices(c, spec: Spec, give, explain: bool = False) -> None:
    """Write the plays allowed from `hand` with `trick` on the table (both locals): each branch
    ends in `give(source of the list)`, which returns it (`_l`, `_e`) or keeps it (`_p`). When
    every card may be played, the list is the hand itself, not a copy: State.legal_actions
    hands out a copy of what `_l` gives, and forgets it before anything is played."""
    w = c.w
    play = "c" if spec.single else f"{w.const(c.deck.plays)}[c]"        # a card's action
    whole = "hand"
    if not spec.single:     # each card's play, from its table
        whole = f"[{play} for c in hand]"
    every = f"[({play}, None) for c in hand]" if explain else whole
    several = [k for k in spec.sizes if k > 1]
    with w.indented("if not trick:"):
        if several:
            w.line(f"r = {c.ranking_source()}")
            bigger = tuple(sorted(k for k in spec.sizes if k > 1))
            leads = f"{w.const(leads_of)}(r, hand, {1 in spec.sizes}, {w.const(bigger)}, {w.const(c.deck.plays)})"
            give(f"[(a, None) for a in {leads}]" if explain else leads)
        else:
            give(every)
    if several:
        with w.indented("elif _len(trick[0][1]) > 1:"):     # several cards led: as many, chosen freely
            w.line(f"r = {c.ranking_source()}")
            answers = "_list(_combinations(r.shown_order(hand), _len(trick[0][1])))"
            give(f"[(a, None) for a in {answers}]" if explain else answers)
    with w.indented("else:"):
        if spec.follow == "any":
            give(every)
            return
        # the cards that answer the card led, as sets (Ranking._card_sets)
        follows, answers = c.ranking_tables("follows", "answers")
        w.line(f"follow = {follows}[trick[0][1][0]]")
        allowed = "c in follow" if spec.follow == "suit" else f"c in {answers}[trick[0][1][0]]"
        if explain:
            w.line("held = not follow.isdisjoint(hand)")
            reason = w.const(follow_reason)
            give(f"[({play}, None if not held or {allowed} else {reason}(st, {c.ranking_source()}, trick, c, "
                 f"{w.const(spec.follow)})) for c in hand]")
            return
        with w.indented("if follow.isdisjoint(hand):"):     # one C call where a list was made to test
            give(every)
        with w.indented("else:"):
            if spec.follow == "suit":
                give(f"[{play} for c in hand if c in follow]")
                return
            w.line(f"answer = {answers}[trick[0][1][0]]")
            give(f"[{play} for c in hand if c in answer]")


def _apply(c, d, step: Tricks, spec: Spec, turn) -> None:
    """`_a{id}(st, play)`: the cards go to the trick; the next seat plays, or the trick is won."""
    c.apply_function(d, counted=False)       # the play counts as the trick's entry (State.steps)
    _apply_body(c, d, step, spec, turn)


def _apply_body(c, d, step: Tricks, spec: Spec, turn) -> None:
    """What `_a` (or apply_action) does with play `a`, once it is counted."""
    w = c.w
    w.line("seat = st.turn")
    w.line("trick = st.trick")
    hand = f"st.zones[{spec.hand} + seat]"
    if not spec.single:             # several cards to take out of it
        w.line(f"hand = {hand}")
        hand = "hand"
    _play(c, step, spec, hand)
    with w.indented("if _len(trick) < st.live:"):
        if turn is not None:              # before_play hooks run between two plays
            w.line(f"nxt = {c.next_seat('seat')}")
            w.line("st.turn = nxt")
            acting = _acting(c, step)
            if acting is not None:        # unless none of them would act
                with w.indented(f"if not ({acting}):"):
                    w.line("st.player = nxt")
                    w.line("return None")
            w.line("st.player = -1")
            w.goto(turn)
        else:
            w.line(f"st.turn = st.player = {c.next_seat('seat')}")
            w.line("return None")
    w.line(f"return _w{d.id}(st)")


def _trick_won(c, d, step: Tricks, won_owner: str, won: int, blocks) -> None:
    """`_w{id}(st)`: the trick on the table is complete (`_a` or `_p` played its last card): its
    best play wins it, the after_trick hooks run, and the next trick begins. `blocks`: the
    tricks' HEAD, the head after its count (where the before_trick hooks run) and TURN."""
    w = c.w
    w.function(f"_w{d.id}", "st")
    w.line("trick = st.trick")
    w.line("winner = trick[st.best][0]")
    index = f"{won} + {w.const(c.layout.team_of)}[winner]" if won_owner == "team" else f"{won} + winner"
    w.line(f"pile = st.zones[{index}]")
    with w.indented("for play in trick:"):
        w.line("pile += play[1]")
    if c.ruleset.zones[step.won.text if step.won is not None else "won"].visible != "all":
        w.line("st.taken = (trick, st.taken)")        # who saw which of its cards (knowledge.py)
    w.line("st.winner = winner")
    w.line("st.trick_winners = st.trick_winners + (winner,)")
    w.line("st.steps_done += _len(trick)")       # its plays, counted as the trick leaves the table
    c.emit("trick", winner="winner", number="st.trick_number",
           cards="[_card_names(play[1]) for play in trick]")
    if step.after_trick:
        w.line("st.trick, st.best, st.leader, st.player = (), -1, winner, -1")
        c.steps(step.after_trick)
    else:                   # the winner leads; nobody is to play until the next trick begins
        w.line("st.trick, st.best, st.leader = (), -1, winner")
    _start_next(c, step, "st.leader" if step.after_trick else "winner", blocks[1:])
    if not step.after_trick:
        w.line("st.player = -1")
    w.goto(blocks[0])


def _start_next(c, step: Tricks, leader: str, blocks) -> None:
    """The head's tests written again at a trick's end, so that the next trick starts here,
    without the head's call, when none of its hooks would act (Compiler.acting): the leader's
    hand holds cards and the `count` (an expression alone) is not reached. A hook that acts,
    or one that cannot be told so, is gone to (`blocks`: after the head's count, and TURN)."""
    w = c.w
    hooks, turn = blocks
    test = f"st.zones[{c.zone('hand')[1]} + {leader}]"
    if step.count is not None:
        mark = len(w.items)
        count = c.expr(step.count, WHOLE, "`tricks.count`")
        if len(w.items) > mark:            # a count with lines of its own: the head tests it
            del w.items[mark:]
            return
        test += f" and st.trick_number < {count}"

    def go(block) -> None:                 # nobody is to play while hooks run
        if not step.after_trick:
            w.line("st.player = -1")
        w.goto(block)
    with w.indented(f"if {test}:"):
        w.line("st.trick_number += 1")
        if step.before_trick:
            acting = c.acting(step.before_trick)
            if acting is None:
                go(hooks)
                return
            with w.indented(f"if {acting}:"):
                go(hooks)
        w.line(f"st.turn = {leader}")
        if step.before_play:
            acting = _acting(c, step)
            if acting is None:
                go(turn)
                return
            with w.indented(f"if {acting}:"):
                go(turn)
        w.line(f"st.player = {leader}")      # still this decision's: the seat to play changes
        w.line("return None")


def _play(c, step: Tricks, spec: Spec, hand: str, led: bool = False, local: bool = False) -> None:
    """Write: `seat` plays action `a` from `hand` (a source) to `trick` (a local, and st.trick
    after), which it may beat; everyone learns what a face-up play shows. `led`: the local
    `follow` holds the cards of the suit led already, and `r` the ranking (the legal plays
    worked them out).
    `local`: the roll-out's loop keeps the trick and its best play in locals (`trick`, `best`
    and its place `at`), and writes them to the state when it leaves."""
    w = c.w
    played = "a" if spec.single else "cards"        # what becomes the trick's best play
    best_at = "at" if local else "st.best"          # where the best play is in the trick
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
    with w.indented("if trick:"):
        if spec.single:
            if not local:
                w.line("best = trick[st.best][1][0]")
            # with `led`, the legal plays read the ranking into `r` already (if it varies)
            beaters, = c.ranking_tables("beaters", read=not led)
            w.line(f"beat = a in {beaters}[best]")
        else:               # one card against one card (most plays) compared inline
            if not local:
                w.line("best = trick[st.best][1]")
            beaters, = c.ranking_tables("beaters")
            with w.indented("if _len(cards) == 1 == _len(best):"):
                w.line(f"beat = cards[0] in {beaters}[best[0]]")
            with w.indented("else:"):
                ranking = c.ranking_source() if c.ranking_fixed() else "r"
                w.line(f"beat = {w.const(plays_beat)}({ranking}, cards, best)")
        with w.indented("if beat:"):
            w.line(f"{best_at} = _len(trick)")
            if local:
                w.line(f"best = {played}")
        if infer and step.open is None:      # always face up
            if c.ruleset.trumps is None:     # with no trumps, a card that beats is of the suit led
                with w.indented("else:"):
                    _void(c, spec, led, read=False)
            else:
                _void(c, spec, led, read=False)
    with w.indented("else:"):
        w.line(f"{best_at}, beat = 0, True")
        if local:
            w.line(f"best = {played}")
    up = "True"             # face up: always, unless `open:` says when
    if step.open is not None:
        up = "up"
        w.line(f"up = beat or not not ({c.condition(step.open)})")
        if infer:
            with w.indented("if trick and up:"):
                _void(c, spec, led, read=True)
    entry = f"{c.table('trick entries', lambda: _entries(c))}[seat][a]" if entries else f"((seat, cards, {up}),)"
    w.line(f"{'' if local else 'st.trick = '}trick = trick + {entry}")
    c.emit("play", seat="seat", cards="_card_names(trick[-1][1])", beat="beat and _len(trick) > 1",
           face_down="False" if up == "True" else "not up")


def _entries(c) -> tuple:
    """For each seat, each card's trick entry played face up alone, in a tuple to add to the
    trick: `((seat, (card,), True),)`."""
    return tuple(tuple(((seat, play, True),) for play in c.deck.plays) for seat in range(c.n))


def _rollout(c, d, step: Tricks, spec: Spec, turn) -> None:
    """`_p{id}(st, choice, bits, limit, until)`: a random play-out's tricks (State.play_out),
    the same plays as `_l` then `_a` each time, in one loop: each player picks `choice(the legal
    plays)` (drawn inline with `bits` unless it is None: runtime/randomness.py) and plays it
    here, and `_w` wins the trick when it is complete; when the next decision is this one again
    and play_out would go on (no more than `limit` steps taken, fewer than `until` hands
    scored), so does the loop. `turn`: the block of the before_play hooks, run between two plays
    as `_a` runs them; when they stop elsewhere (an ask), so does the loop. With nothing reading
    the state between plays (no hooks, no restrictions, an `open:` of options only), the turn,
    the trick and its best play stay in locals and reach the state when the
    trick is complete."""
    w = c.w
    w.function(f"_p{d.id}", "st, choice, bits, limit, until")
    # with two players a trick's locals cost about what they save (measured within the
    # noise, both ways: benchmarks/README.md, stop 25), and the state is kept as the API keeps it
    local = c.n > 2 and turn is None and not step.playable and \
        (step.open is None or all(name.startswith("option.") for name in names_used(step.open.tree)))
    with w.indented("while True:"):          # trick after trick, while play_out would call this again
        _rollout_trick(c, d, step, spec, turn, local)
        w.line(f"_w{d.id}(st)")
        with w.indented(f"if st.pc != {d.id} or st.player < 0 or st.hands_scored >= until or "
                        "st.steps_done + _len(st.trick) + st.live > limit:"):
            w.line("return None")


def _rollout_trick(c, d, step: Tricks, spec: Spec, turn, local: bool) -> None:
    """One trick of `_p`: its plays, until it is complete (then `_w` wins it)."""
    w = c.w
    w.line("seat = st.turn")
    w.line("trick = st.trick")
    w.line("live = st.live")                  # a trick of this many cards is complete
    if local:
        w.line("at = st.best")
        w.line(f"best = trick[at][1]{'[0]' if spec.single else ''} if trick else None")
        w.line(f"after = {c.next_seats()}")

    def leave() -> None:                     # the state as the plays so far left it
        if local:
            w.line("st.trick, st.best, st.turn, st.player = trick, at, seat, seat")
    with w.indented("while True:"):
        w.line(f"hand = st.zones[{spec.hand} + seat]")
        if step.playable:                  # the restrictions' filter, as legal_actions has it
            w.line(f"legal = _l{d.id}(st)")
        else:
            _choices(c, spec, lambda plays: w.line(f"legal = {plays}"))
        with w.indented("if not legal:"):
            leave()
            w.line("raise _stuck(st)")
        with w.indented("if bits is None:"):
            w.line("a = choice(legal)")
        with w.indented("else:"):
            w.line("size = _len(legal)")
            w.lines(randomness.DRAW)
            w.line("a = legal[x]")
        # a single card led to, under a follow rule: _choices worked out the suit led
        _play(c, step, spec, "hand", led=spec.single and spec.follow != "any" and not step.playable, local=local)
        with w.indented("if _len(trick) >= live:"):
            leave()
            w.line("break")
        if local:
            w.line("seat = after[seat]")
        elif turn is None:
            w.line(f"seat = st.turn = st.player = {c.next_seat('seat')}")
        else:
            w.line(f"seat = st.turn = st.player = {c.next_seat('seat')}")
            acting = _acting(c, step)
            with w.indented(f"if {acting}:") if acting else nullcontext():
                w.line("st.player = -1")
                w.call(turn)
                with w.indented(f"if st.pc != {d.id} or st.player < 0 or st.trick is not trick:"):
                    w.line("return None")          # the hooks asked something, or ended the trick
                w.line("seat = st.turn")
                w.line("live = st.live")


def _acting(c, step: Tricks) -> str | None:
    """The test that some before_play hook would act on the turn now in st.turn
    (Compiler.acting): unless it holds, the next player plays without a call of their block."""
    with c.binding(player=Frag(src="st.turn", type=SEAT, atomic=True)):
        return c.acting(step.before_play)


def _void(c, spec: Spec, led: bool, read: bool) -> None:
    """Written where a card is played face up to a trick: a single card to a single card led,
    neither of the suit led nor (with `suit_or_trump`) a trump, tells everyone the player holds
    none of the suit led, as the trumps rank the cards at this moment (runtime/knowledge.py).
    `led`: as in _play (the local `follow` holds the cards of the suit led); `read`: the
    ranking is not in `r` yet (if it varies)."""
    w = c.w
    card = "a" if spec.single else "a[0]"
    with w.indented("if _len(trick[0][1]) == 1:") if not spec.single else nullcontext():
        if spec.follow == "suit_or_trump":
            answers, = c.ranking_tables("answers", read=read)
            off = f"{card} not in {answers}[trick[0][1][0]]"
        else:
            if not led:
                follows, = c.ranking_tables("follows", read=read)
                w.line(f"follow = {follows}[trick[0][1][0]]")
            off = f"{card} not in follow"
        with w.indented(f"if {off}:"):
            suit, = c.ranking_tables("suit", read=False)
            w.line(f"led = {suit}[trick[0][1][0]]")
            bits = knowledge.width(c.deck)
            if c.ranking_fixed():
                w.line(f"m = {w.const(knowledge.void_masks(c.rankings.get(None).masks, c.n, bits))}[seat][led]")
            else:
                w.line(f"m = r.masks[led] << {bits} * seat")
            w.line("voids = st.voids")
            with w.indented("if voids & m != m:"):       # most voids shown are known already
                w.line("st.voids = voids | m")


def leads_of(r, hand, single: bool, bigger: tuple, plays) -> list:
    """The leads allowed with several lead sizes: single cards if `single` (`plays`: each
    card's play of it alone), and each k cards of one suit for each k of `bigger` (the sizes
    above one, ascending), grouped as players sort a hand: trumps first, then suit by suit,
    high to low. Called at every lead: the sizes come worked out from the step."""
    out = [plays[c] for c in hand] if single else []
    least, n = bigger[0], len(hand)
    if least > n:
        return out
    suit_of = r.suit
    # Pigeonhole: `least` cards of one suit leave at most n - least other suits. Most hands
    # fail this, and skip the sorting below.
    if len({suit_of[c] for c in hand}) > n - least + 1:
        return out
    by_suit: dict = {}
    for card in r.shown_order(hand):        # the groups, and each group, in the order shown
        suit = suit_of[card]
        if suit in by_suit:
            by_suit[suit].append(card)
        else:
            by_suit[suit] = [card]
    for k in bigger:
        for group in by_suit.values():
            if len(group) >= k:
                out += combinations(group, k)
    return out


def follow_reason(st, r, trick, card, follow: str) -> str:
    """Why a single card may not be played to the trick: the follow rule, with the suit held."""
    led_card = trick[0][1][0]
    led = r.suit[led_card]
    suit = suit_symbol(led) + (" (trumps)" if r.trump[led_card] else "")
    demoted = st.prog.deck.suit_of[card] == led and r.suit[card] != led
    note = f" ({card} counts only as a trump now)" if demoted and r.trump[card] else ""
    if follow == "suit_or_trump" and not r.trump[led_card]:
        return f"you must follow suit or play a trump: you hold {suit}{note}"
    return f"you must follow suit: you hold {suit}{note}"


# -- the runtime side ---------------------------------------------------------------------------

def lead_rule(sizes) -> str:
    """`lead: [1, 3]` → 'lead one card or three of one suit'."""
    multi = [number(k) for k in sorted(sizes) if k > 1]
    if 1 in sizes and multi:
        return f"lead one card or {either(multi)} of one suit"
    if multi:
        return f"lead {either(multi)} cards of one suit"
    return "lead one card"


class Playing:
    """What the State asks of a tricks step's decision besides its generated functions."""

    @staticmethod
    def text(st, d, action) -> str:
        return "play " + (str(action) if d.spec.single else " ".join(str(c) for c in action))

    @staticmethod
    def describe(st, d) -> str:
        return "play to the trick" if st.trick else "lead"

    @staticmethod
    def vocabulary(d) -> tuple:
        return ()                # cards only

    @staticmethod
    def spell(st, d, action) -> tuple:
        """The cards of the play, one at a time (runtime/indices.py)."""
        return (action,) if d.spec.single else tuple(sorted(action))

    @staticmethod
    def why_not(st, d, action) -> str | None:
        spec = d.spec
        if isinstance(action, str):
            rest, problem = typed_play(st, action, Playing.describe(st, d), "play and the card, ")
            if problem:
                return problem
            cards = [value for kind, value in rest if kind == "card"]
        else:
            cards = [action] if spec.single else list(action)
        hand = st.zones[spec.hand + st.turn]
        problem = held_problems(st, hand, cards)
        if problem:
            return problem
        r, trick = st.prog.ranking_now(st), st.trick
        play = cards[0] if spec.single else tuple(cards)
        if not trick:
            if len(cards) not in spec.sizes or any(r.suit[c] != r.suit[cards[0]] for c in cards):
                return lead_rule(spec.sizes)
            return dict(st.prog.explain[d.id](st)).get(play) or "that lead is not allowed now"
        led = trick[0][1]
        if len(cards) != len(led):
            if len(led) == 1:
                return "play one card: one card was led"
            return f"play as many cards as were led: {number(len(led))}"
        return dict(st.prog.explain[d.id](st)).get(play) or "that play is not allowed now"


PLAYING = Playing()


# -- explain ------------------------------------------------------------------------------------

FOLLOW_WORDS = {
    "suit": "You must follow suit: a player holding a card of the suit led must play one; "
            "a player who has none may play any card.",
    "suit_or_trump": "A player holding the suit led must play that suit or a trump; a player "
                     "without it may play any card. When trumps are led, a player holding a trump must play one.",
    "any": "Any card may be played: there is no need to follow suit.",
}
HOOKS = (("before_trick", "At the start of every trick:"),
         ("before_play", "When a player is about to play (`player` is that player):"),
         ("after_trick", "After every trick (`winner` is its winner, `trick_number` its number):"))


def describe_tricks(prose, step: Tricks) -> list[Item]:
    w = prose.words
    facts = [Item(f"{cap(w.starting(step.leader))} leads to the first trick; the winner of each trick "
                  f"leads to the next. The turn passes to the {w.next_side}.")]
    if step.lead != (1,):
        facts.append(Item(f"The leader may {lead_rule(step.lead)}. Everyone else then plays as many cards as "
                          "were led, chosen freely (the follow rule below applies to single cards)."))
    facts.append(Item(FOLLOW_WORDS.get(step.follow, f"Follow rule: {code(step.follow)}.")))
    facts += describe_playable(step.playable)
    facts.append(Item(beating(prose.rs.trumps is not None, step.lead)))
    facts.append(_won(prose, step.won.text if step.won is not None else "won"))
    if step.open is not None:
        facts.append(Item(f"Cards are played face up while {code(step.open.text)}; otherwise a play "
                          "that does not beat the best so far is placed face down."))
    return [Item(_how_many(step.count), facts + prose.hooks(step, HOOKS))]


def _how_many(count) -> str:
    n = literal_int(count)
    if count is None:
        return "Play tricks until the hands are empty."
    if n is not None:
        return f"Play {number_word(n)} {plural(n, 'trick')}."
    return f"Play {code(count.text)} tricks."


def beating(trumps: bool, sizes) -> str:
    """What wins a trick."""
    text = ("The highest trump played wins the trick; if there is none, the highest card of the suit led."
            if trumps else "The highest card of the suit led wins the trick.")
    if not any(k > 1 for k in sizes):
        return text
    return ("A card beats another of its suit that ranks lower" + (", and any trump beats any "
            "card of another suit" if trumps else "") + ". A play beats the best play so far only "
            "if its cards pair one-to-one with that play's cards, each beating its partner. The "
            "trick goes to the last player who beat the best play so far, or to the leader if "
            "nobody did. With single cards: " + uncap(text))


def _won(prose, won: str) -> Item:
    zone = prose.rs.zones.get(won)
    whose = "their team's" if zone is not None and zone.owner == "team" else "their"
    seen = f" (seen by {VISIBLE[zone.visible]})" if zone is not None else ""
    return Item(f"The trick's winner puts its cards in {whose} {code(won)} zone{seen}.")


TRICKS = StepKind("tricks", Tricks, "plays tricks until the hands are empty or a count is reached (§8)", keys=(
    Key("leader", Expression(A_SEAT), None, "who leads the first trick (default `next(dealer)`); each winner "
        "leads the next"),
    Key("count", Expression(WHOLE), None, "how many tricks (default: until the leader's hand is empty)"),
    Key("lead", Sizes(), (1,), "the sizes a lead may have (default [1]); several cards share a suit"),
    Key("follow", Word(FOLLOW, "follow rule", f"follow is one of: {', '.join(FOLLOW)}"), "suit",
        "suit | suit_or_trump | any"),
    Key("playable", Items(RESTRICTION), (), "restrictions on the cards that may be led or played, applied after "
        "the follow rule; one that would leave no card is lifted"),
    Key("won", ZoneName(), None, "the per-player (or per-team) zone that takes won tricks (default `won`)"),
    Key("open", Expression(CONDITION), None, "false: a play that does not beat the best so far goes face down"),
    Key("before_trick", Steps(), (), "steps at the start of every trick (`trick_number` is the trick about to be "
        "played, `tricks_played` the tricks done)"),
    Key("before_play", Steps(), (), "steps when a player is about to play (`player` is bound)"),
    Key("after_trick", Steps(), (), "steps after every trick (`winner` is its winner, `trick_number` its number)"),
), compile=compile_tricks, describe=describe_tricks)

"""Trick play: leads of one or several cards, follow rules, beating, and the trick's winner.

    SetLeader ─▶ L_check: TrickCheck (done? ─▶ L_end) ─▶ before_trick ─▶ TrickBegin
              ─▶ L_turn: [Bind, before_play] ─▶ Play (decision) ─▶ TrickEnd ─▶ after_trick ─▶ L_check

One beating rule serves every game: a card beats another of its suit that ranks higher, or any
non-trump when it is a trump; a play of several cards must beat the best play so far one-to-one;
the trick goes to the last player who beat. With single cards this is the classic rule.
"""
from __future__ import annotations

from itertools import combinations

from ..errors import RuleError, did_you_mean
from ..yamlnodes import as_int, as_list, as_text
from .cards import SUITS, Card
from .flow import Bind, Jump, Op
from .scope import plays_beat
from .state import NOBODY

FOLLOW = ("suit", "suit_or_trump", "any")
ONE = tuple((Card(i),) for i in range(len(Card.names)))     # one-card actions, made once


class Tricks:
    """Settings shared by the ops of one `tricks` step."""

    def __init__(self, trumps, hand, won, won_owner, count, sizes, follow, open_, teams):
        self.trumps, self.hand, self.won, self.won_owner = trumps, hand, won, won_owner
        self.count, self.sizes, self.follow, self.open, self.teams = count, sizes, follow, open_, teams
        self.fixed = trumps.plain if trumps.suit_fn is None else None    # no trumps: one ranking


class SetLeader(Op):
    __slots__ = ("here", "leader")

    def __init__(self, here, leader):
        self.here, self.leader = here, leader

    def run(self, st):
        st.leader = self.leader(st)
        st.hv["trick_number"] = 0
        return self.here + 1


class TrickCheck(Op):
    __slots__ = ("here", "cfg", "end")

    def __init__(self, here, cfg):
        self.here, self.cfg, self.end = here, cfg, None

    def run(self, st):
        cfg = self.cfg
        if not st.zones[cfg.hand + st.leader]:
            return self.end
        if cfg.count is not None and st.hv["trick_number"] >= cfg.count(st):
            return self.end
        return self.here + 1


class TrickBegin(Op):
    __slots__ = ("here",)

    def __init__(self, here):
        self.here = here

    def run(self, st):
        st.trick, st.best, st.turn = (), -1, st.leader
        st.hv["trick_number"] += 1
        return self.here + 1


class Play(Op):
    """The decision: the player whose turn it is plays one or more cards to the trick."""

    # legal and apply run for every card of every play-out: the settings they read are copied
    # onto the op at compile time (one attribute load each instead of cfg.x / st.prog.x).
    __slots__ = ("here", "cfg", "turn_start", "hand", "single", "follow", "fixed", "open",
                 "direction", "hooks")

    def __init__(self, here, cfg, turn_start, direction, span):
        self.here, self.cfg, self.turn_start, self.span = here, cfg, turn_start, span
        self.hand, self.follow, self.fixed, self.open = cfg.hand, cfg.follow, cfg.fixed, cfg.open
        self.single = cfg.sizes == (1,)
        self.direction = direction
        self.hooks = turn_start != here        # before_play hooks run between two plays

    def run(self, st):
        st.player = st.turn
        return None

    def legal(self, st) -> list:
        hand = st.zones[self.hand + st.turn]
        trick = st.trick
        if not trick:
            return list(map(ONE.__getitem__, hand)) if self.single else self._leads(st, hand)
        led = trick[0][1]
        if len(led) > 1:      # several cards: each play's cards trumps first, high to low
            return list(combinations(_shown_order(self.cfg.trumps.ranking(st), hand), len(led)))
        follow = self.follow
        if follow == "any":
            return list(map(ONE.__getitem__, hand))
        r = self.fixed or self.cfg.trumps.ranking(st)
        suit = r.suit
        led_suit = suit[led[0]]
        same = [ONE[c] for c in hand if suit[c] == led_suit]
        if not same:
            return list(map(ONE.__getitem__, hand))
        if follow == "suit":
            return same
        trump = r.trump
        return [ONE[c] for c in hand if suit[c] == led_suit or trump[c]]

    def _leads(self, st, hand) -> list:
        sizes = self.cfg.sizes
        if sizes == (1,):
            return [ONE[c] for c in hand]
        out = [ONE[c] for c in hand] if 1 in sizes else []
        bigger = [k for k in sizes if k > 1 and k <= len(hand)]
        if bigger:
            r = self.cfg.trumps.ranking(st)
            by_suit: dict = {}
            for c in _shown_order(r, hand):      # groups keep the order players sort hands in
                by_suit.setdefault(r.suit[c], []).append(c)
            for k in bigger:
                for group in by_suit.values():
                    if len(group) >= k:
                        out += combinations(group, k)
        return out

    def apply(self, st, action):
        turn = st.turn
        hand = st.zones[self.hand + turn]
        for c in action:
            hand.remove(c)
        trick = st.trick
        if not trick:
            st.best = 0
            beat = True
        else:
            r = self.fixed or self.cfg.trumps.ranking(st)
            best = trick[st.best][1]
            if len(action) == 1:        # the common case, inlined: Ranking.beats
                c, b = action[0], best[0]
                suit = r.suit
                beat = r.power[c] > r.power[b] if suit[c] == suit[b] else r.trump[c] and not r.trump[b]
            else:
                beat = plays_beat(r, action, best)
            if beat:
                st.best = len(trick)
        up = beat or self.open is None or bool(self.open(st))     # open: None means always face up
        st.trick = trick = trick + ((turn, action, up),)
        if st.events is not None:
            st.emit("play", seat=turn, cards=[str(c) for c in action], beat=beat and len(trick) > 1,
                    face_down=not up)
        if len(trick) >= st.live:
            return self.here + 1
        n = st.n
        nxt = (turn + self.direction) % n
        st.turn = nxt if not st.out[nxt] else st.step_seat(nxt, self.direction)
        if self.hooks:
            return self.turn_start
        st.player = st.turn        # no before_play hooks: the next decision is ready
        return None

    def text(self, st, action) -> str:
        return "play " + " ".join(str(c) for c in action)

    def describe(self, st) -> str:
        return "play to the trick" if st.trick else "lead"

    def why_not(self, st, action) -> str:
        """Why `action` (text or value) is not legal now: from the lead sizes and follow rule."""
        from .whynot import play_why_not
        return play_why_not(self, st, action)


def _shown_order(r, hand) -> list:
    """A hand as players sort it: trumps first, then suit by suit, each high to low."""
    return sorted(hand, key=lambda c: (not r.trump[c], SUITS.index(r.suit[c]), -r.power[c]))


class TrickEnd(Op):
    __slots__ = ("here", "cfg", "check", "play", "won", "teams")

    def __init__(self, here, cfg):
        self.here, self.cfg, self.won = here, cfg, cfg.won
        self.teams = cfg.teams if cfg.won_owner == "team" else None
        self.check = self.play = None   # set when no hooks sit between this trick and the next

    def run(self, st):
        trick = st.trick
        winner = trick[st.best][0]
        won = st.zones[self.won + (winner if self.teams is None else self.teams(st, winner))]
        for entry in trick:
            won += entry[1]
        hv = st.hv
        hv["winner"] = winner
        hv["trick_winners"] = hv.get("trick_winners", ()) + (winner,)
        if st.events is not None:
            st.emit("trick", winner=winner, number=hv["trick_number"],
                    cards=[[str(c) for c in e[1]] for e in trick])
        st.trick, st.best = (), -1
        st.leader = winner
        if self.play is None:
            st.player = NOBODY
            return self.here + 1
        # No hooks: check and begin the next trick here, and wait at the play op directly.
        check = self.check
        if check.run(st) != check.here + 1:
            st.player = NOBODY
            return check.end
        hv["trick_number"] += 1
        st.turn = st.player = winner
        st.pc = self.play.here
        return None


def compile_tricks(b, step, locals_):
    from .steps import nested
    m = step.args
    get = (lambda k: m.get(k)) if m is not None else (lambda k: None)
    zones = b.layout.zones
    won_name = as_text(get("won"), "won") if get("won") else "won"
    if won_name not in zones or zones[won_name][0] == "shared":
        node = get("won") or step.node
        owned = [z for z, (owner, _) in zones.items() if owner != "shared" and z != "hand"]
        if won_name in zones:
            message = f"tricks need a per-player or per-team zone for won cards; '{won_name}' is shared"
        elif get("won") is None:
            message = "tricks need a zone for won cards: there is no zone 'won', and no 'won:' names one"
        else:
            message = f"tricks need a zone for won cards, and there is no zone '{won_name}'"
        hint = did_you_mean(won_name, owned) if get("won") is not None else None
        if not hint and len(owned) == 1 and get("won") is None:
            hint = f"name it: won: {owned[0]}"
        raise RuleError(node.span, message, hint or
                        f"declare it: zones: {{{won_name}: {{owner: player, visible: nobody}}}}")
    follow = as_text(get("follow"), "follow") if get("follow") else "suit"
    if follow not in FOLLOW:
        raise RuleError(get("follow").span, f"unknown follow rule '{follow}'",
                        f"follow is one of: {', '.join(FOLLOW)}")
    sizes = tuple(as_int(x, "a lead size", min=1) for x in as_list(get("lead"), "lead")) \
        if get("lead") is not None else (1,)
    cfg = Tricks(b.trumps, zones["hand"][1], zones[won_name][1], zones[won_name][0],
                 b.expr(get("count"), locals_) if get("count") is not None else None,
                 sizes, follow, b.expr(get("open"), locals_) if get("open") is not None else None,
                 b.layout.teams)
    leader = b.expr(get("leader"), locals_) if get("leader") is not None else \
        (lambda st: st.step_seat(st.dealer, st.prog.direction))
    b.emit(SetLeader(b.here, leader))
    check = b.emit(TrickCheck(b.here, cfg))
    nested(b, get("before_trick"), "before_trick", locals_)
    b.emit(TrickBegin(b.here))
    turn_start = b.here
    if get("before_play") is not None:
        b.emit(Bind(b.here))
        nested(b, get("before_play"), "before_play", tuple(locals_) + ("player",))
    play = b.emit(Play(b.here, cfg, turn_start, b.prog.direction, step.span))
    end = b.emit(TrickEnd(b.here, cfg))
    if get("before_trick") is None and get("after_trick") is None and turn_start == play.here:
        end.check, end.play = check, play
    nested(b, get("after_trick"), "after_trick", locals_)
    b.emit(Jump(check.here))
    check.end = b.here


class Showdown(Op):
    """One automatic trick among some seats; the winner's seat goes into a counter."""

    __slots__ = ("here", "among", "play", "target", "trumps")

    def __init__(self, here, among, play, target, trumps, span):
        self.here, self.among, self.play, self.target, self.trumps = here, among, play, target, trumps
        self.span = span

    def run(self, st):
        seats = self.among(st)
        r = self.trumps.ranking(st)
        best_seat, best = None, None
        for seat in seats:
            st.locals["player"] = seat
            cards = tuple(self.play(st))
            beat = best is not None and plays_beat(r, cards, best)
            st.emit("play", seat=seat, cards=[str(c) for c in cards], beat=beat, showdown=True)
            if best is None or beat:
                best_seat, best = seat, cards
        st.cv[self.target] = best_seat
        return self.here + 1


def compile_showdown(b, step, locals_):
    from .deal import _hand_counter
    m = step.args
    target = _hand_counter(b, m.get("as"))
    b.emit(Showdown(b.here, b.expr(m.get("among"), locals_),
                    b.expr(m.get("play"), tuple(locals_) + ("player",)), target, b.trumps, step.span))

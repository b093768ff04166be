"""Fishing play: each turn lays one card and may capture by equal rank or by sum.

    SetTurn ─▶ L_check: CaptureCheck (hand empty? ─▶ L_refill) ─▶ L_play: Capture (decision,
            bonuses) ─▶ after_play ─▶ NextTurn ─▶ L_check
    L_refill: refill steps ─▶ CaptureCheck (hand still empty? ─▶ L_end, else ─▶ L_play)

An action is (card, captured cards): `play 7C`, `play 7C take 7H`, `play 7C take 3D 4H`.
Sum captures are found by a depth-first search over the table's valued cards, sorted by value,
that only enters a branch when a table of reachable sums says the rest can still be completed:
the work is proportional to the number of captures found, however many cards lie on the table.
"""
from __future__ import annotations

from ..errors import RuleError
from ..yamlnodes import as_bool, as_list, as_map, as_text
from .flow import Op
from .state import NOBODY

BONUS_KEYS = ("name", "when", "do")      # one entry of `bonuses:`, every key required


class Captures:
    def __init__(self, hand, table, pile, pile_owner, rank, by_sum, optional, bonuses, teams, values, ranks):
        self.hand, self.table, self.pile, self.pile_owner = hand, table, pile, pile_owner
        self.rank, self.sum, self.optional, self.bonuses = rank, by_sum, optional, bonuses
        self.teams, self.values, self.ranks = teams, values, ranks


class SetTurn(Op):
    __slots__ = ("here", "first")

    def __init__(self, here, first):
        self.here, self.first = here, first

    def run(self, st):
        st.turn = self.first(st)
        return self.here + 1


class CaptureCheck(Op):
    """Go on to `go` (default: the next op) while the player to move holds cards, else `end`."""

    __slots__ = ("here", "cfg", "end", "go")

    def __init__(self, here, cfg):
        self.here, self.cfg, self.end, self.go = here, cfg, None, here + 1

    def run(self, st):
        return self.go if st.zones[self.cfg.hand + st.turn] else self.end


class NextTurn(Op):
    __slots__ = ("here", "target")

    def __init__(self, here, target):
        self.here, self.target = here, target

    def run(self, st):
        st.turn = st.step_seat(st.turn, st.prog.direction)
        return self.target


class Capture(Op):
    __slots__ = ("here", "cfg")

    def __init__(self, here, cfg, span):
        self.here, self.cfg, self.span = here, cfg, span

    def run(self, st):
        st.player = st.turn
        return None

    def legal(self, st) -> list:
        cfg = self.cfg
        table = st.zones[cfg.table]
        out = []
        sums: dict = {}          # capture value → the sum captures for it (several cards may share one)
        for card in st.zones[cfg.hand + st.turn]:
            takes = self.captures(card, table, sums)
            if cfg.optional or not takes:
                out.append((card, ()))
            out += [(card, t) for t in takes]
        return out

    def captures(self, card, table, sums=None) -> list:
        cfg = self.cfg
        ranks, values = cfg.ranks, cfg.values
        out = []
        if cfg.rank:
            r = ranks[card]
            out = [(t,) for t in table if ranks[t] == r]
        target = values[card]
        if cfg.sum and target is not None:
            found = sums.get(target) if sums is not None else None
            if found is None:
                # Canonical order: by value, then by card (so the action text never depends on
                # the order the cards were laid in).
                valued = sorted((t for t in table if values[t] is not None), key=lambda t: (values[t], t))
                found = [s for s in _sums(valued, values, target) if len(s) > 1]
                if sums is not None:
                    sums[target] = found
            out += found
        return out

    def apply(self, st, action):
        cfg = self.cfg
        card, taken = action
        st.zones[cfg.hand + st.turn].remove(card)
        table = st.zones[cfg.table]
        hv = st.hv
        hv["played"], hv["captured"] = card, taken
        seat = st.turn
        st.locals["player"] = seat
        if not taken:
            table.append(card)
            hv["capture_kind"] = None
            st.emit("play", seat=seat, cards=[str(card)], taken=[])
            st.player = NOBODY
            return self.here + 1
        for t in taken:
            table.remove(t)
        owner = cfg.teams(st, seat) if cfg.pile_owner == "team" else seat
        st.zones[cfg.pile + owner].extend((card,) + taken)
        hv["capture_kind"] = "rank" if len(taken) == 1 and cfg.ranks[taken[0]] == cfg.ranks[card] else "sum"
        hv["last_capturer"] = seat
        st.emit("play", seat=seat, cards=[str(card)], taken=[str(t) for t in taken])
        for name, when, do in cfg.bonuses:
            if when(st):
                do(st)
                st.emit("bonus", seat=seat, name=name)
        st.player = NOBODY
        return self.here + 1

    def text(self, st, action) -> str:
        card, taken = action
        return f"play {card}" + (" take " + " ".join(str(t) for t in taken) if taken else "")

    def describe(self, st) -> str:
        return "play a card (and capture)"

    def why_not(self, st, action) -> str:
        """Why `action` (text or value) is not legal now: from the capture settings and values."""
        from .whynot import capture_why_not
        return capture_why_not(self, st, action)


def _sums(cards, values, target):
    """Every set of cards (sorted by value, values >= 1) whose values add up to target.

    reach[i] is a bit mask of the totals that some subset of cards[i:] makes (bit k: total k,
    up to target), so the search never enters a branch that cannot be completed."""
    if not isinstance(target, int) or target <= 0:
        return []
    vals = [values[c] for c in cards]
    n, full = len(cards), (1 << (target + 1)) - 1
    reach = [1] * (n + 1)
    for i in range(n - 1, -1, -1):
        v = vals[i]
        reach[i] = reach[i + 1] | ((reach[i + 1] << v) & full) if isinstance(v, int) and v > 0 else reach[i + 1]
    out: list = []

    def search(start, rest, chosen):
        for i in range(start, n):
            v = vals[i]
            if v > rest:
                break
            if v == rest:
                out.append(chosen + (cards[i],))
            elif reach[i + 1] >> (rest - v) & 1:
                search(i + 1, rest - v, chosen + (cards[i],))

    if reach[0] >> target & 1:
        search(0, target, ())
    return out


def compile_captures(b, step, locals_):
    from .steps import nested
    m = step.args
    get = (lambda k: m.get(k)) if m is not None else (lambda k: None)
    zones = b.layout.zones
    table = _zone(zones, get("table"), "table", ("shared",), step)
    pile_name = as_text(get("pile"), "pile") if get("pile") else "pile"
    if pile_name not in zones or zones[pile_name][0] == "shared":
        raise RuleError((get("pile") or step.node).span, f"captures need a per-player or per-team "
                        f"zone for captured cards; '{pile_name}' is not one")
    flag = lambda k, d: as_bool(get(k), k) if get(k) is not None else d  # noqa: E731
    inner = tuple(locals_) + ("player",)
    bonuses = []
    for item in as_list(get("bonuses"), "bonuses") if get("bonuses") is not None else ():
        bm = as_map(item, "a bonus")
        b.check_keys(bm, BONUS_KEYS, "a bonus", required=BONUS_KEYS,
                     hints={"name": "the bonus's name for the log, e.g. name: sweep",
                            "when": "the condition, e.g. when: count(table) == 0",
                            "do": "what it pays, e.g. do: sweeps(player) += 1"})
        bonuses.append((as_text(bm.get("name"), "name"), b.expr(bm.get("when"), inner),
                        b.statements(bm.get("do"), inner)))
    cfg = Captures(zones["hand"][1], table, zones[pile_name][1], zones[pile_name][0],
                   flag("rank", True), flag("sum", False), flag("optional", True), bonuses,
                   b.layout.teams, b.deck.values, b.deck.rank_of)
    first = b.expr(get("first"), locals_) if get("first") is not None else \
        (lambda st: st.step_seat(st.dealer, st.prog.direction))
    b.emit(SetTurn(b.here, first))
    check = b.emit(CaptureCheck(b.here, cfg))
    play = b.emit(Capture(b.here, cfg, step.span))
    nested(b, get("after_play"), "after_play", inner)
    b.emit(NextTurn(b.here, check.here))
    if get("refill") is not None:
        # The player to move has no cards: run the refill steps (a deal from the stock), then
        # play on if that gave them cards, else the play is over.
        check.end = b.here
        nested(b, get("refill"), "refill", tuple(locals_))
        again = b.emit(CaptureCheck(b.here, cfg))
        again.go = play.here
        again.end = b.here
    else:
        check.end = b.here


def _zone(zones, node, default, owners, step):
    name = as_text(node, "a zone") if node is not None else default
    if name not in zones or zones[name][0] not in owners:
        raise RuleError((node or step.node).span, f"'{name}' is not a zone of the table",
                        f"declare it: zones: {{{name}: {{visible: all}}}}")
    return zones[name][1]

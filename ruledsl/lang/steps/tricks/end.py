"""The trick's end: the code of `_w{id}` — the best play wins the trick, its cards go to the
winner's zone, the after_trick hooks run, and the next trick starts there when nothing stops it."""
from __future__ import annotations

from ....errors import RuleError, did_you_mean
from ....expr.types import WHOLE
from .turn import pass_turn


def won_zone(step, c) -> tuple[str, int]:
    """The zone won tricks go to (`won:`, default `won`): one per player or per team."""
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


def write_trick_won(c, d, step, zone: tuple[str, int], blocks) -> None:
    """`_w{id}(st)`: the trick on the table is complete (`_a` or `_p` played its last card): its
    best play wins it (into `zone`: won_zone), the after_trick hooks run, and the next trick
    begins. `blocks`: the tricks' HEAD, the head after its count (where the before_trick hooks
    run) and TURN."""
    w = c.w
    owner, won = zone
    w.function(f"_w{d.id}", "st")
    w.line("trick = st.trick")
    w.line("winner = trick[st.best][0]")
    index = f"{won} + {w.const(c.layout.team_of)}[winner]" if owner == "team" else f"{won} + winner"
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
    if step.after_trick:         # nobody is to play while they run
        w.line("st.trick, st.best, st.leader, st.player = (), -1, winner, NOBODY")
        c.steps(step.after_trick)
    else:                   # the winner leads; nobody is to play until the next trick begins
        w.line("st.trick, st.best, st.leader = (), -1, winner")
    _start_next(c, step, "st.leader" if step.after_trick else "winner", blocks[1:])
    if not step.after_trick:
        w.line("st.player = NOBODY")
    w.goto(blocks[0])


def _start_next(c, step, leader: str, blocks) -> None:
    """The head's tests written again at a trick's end, so that the next trick starts here,
    without the head's call, when none of its hooks would act (Compiler.acting): the leader's
    hand holds cards and the `count` (an expression alone) is not reached. A hook that acts,
    or one that cannot be told so, is gone to (`blocks`: after the head's count, and TURN)."""
    w = c.w
    hooks, turn = blocks
    test = f"st.zones[{c.zone('hand')[1]} + {leader}]"
    if step.count is not None:
        count = c.alone(step.count, WHOLE, "`tricks.count`")
        if count is None:                  # a count with lines of its own: the head tests it
            return
        test += f" and st.trick_number < {count}"

    def go(block) -> None:                 # nobody is to play while hooks run
        if not step.after_trick:           # (after_trick's run set it so)
            w.line("st.player = NOBODY")
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
        pass_turn(c, step, leader, lambda: w.goto(turn), lambda: w.line("return None"))

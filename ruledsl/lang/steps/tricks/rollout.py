"""The roll-out's code, `_p{id}(st, choice, bits, limit, until)`: what `State.play_out` runs at a
trick's play — trick after trick in one loop, each player playing a random one of the legal
plays, from the same code as `_l` and `_a` (legal.choices, play.play)."""
from __future__ import annotations

from ....expr.ast import names_used
from ....runtime import randomness
from .legal import choices
from .play import Places, play
from .playing import Spec
from .turn import pass_turn


def write_rollout(c, d, step, spec: Spec, turn) -> None:
    """`_p{id}`: a random play-out's tricks (State.play_out), the same plays as `_l` then `_a`
    each time, in one loop: each player's play is drawn inline with `bits` (runtime/randomness.py)
    or, where `bits` is None, is `choice(st, the legal plays, the trick, its best play's place,
    the seat playing)` (rng.choice's pick, or a roll-out policy's: State.play_out `pick`), and
    played here, and `_w` wins the trick when it is complete; when the next decision is this one again and play_out would go on (no
    more than `limit` steps taken, fewer than `until` hands scored), so does the loop. `turn`:
    the block of the before_play hooks, run between two plays as `_a` runs them; when they stop
    elsewhere (an ask), so does the loop. With nothing reading the state between plays (no
    hooks, no restrictions, an `open:` of options only), the turn, the trick and its best play
    stay in locals and reach the state when the trick is complete."""
    w = c.w
    w.function(f"_p{d.id}", "st, choice, bits, limit, until")
    # with two players a trick's locals cost about what they save (measured within the
    # noise, both ways: stop 25 in `git show 04af6c4:benchmarks/README.md`), and the state is
    # kept as the API keeps it
    local = c.n > 2 and turn is None and not step.playable and \
        (step.open is None or all(name.startswith("option.") for name in names_used(step.open.tree)))
    with w.indented("while True:"):          # trick after trick, while play_out would call this again
        _one_trick(c, d, step, spec, turn, local)
        w.line(f"_w{d.id}(st)")
        with w.indented(f"if st.pc != {d.id} or st.player < 0 or st.hands_scored >= until or "
                        "st.steps_done + _len(st.trick) + st.live > limit:"):
            w.line("return None")


def _one_trick(c, d, step, spec: Spec, turn, local: bool) -> None:
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

    def run_hooks() -> None:                 # the before_play hooks' block, then this loop again
        w.call(turn)
        with w.indented(f"if st.pc != {d.id} or st.player < 0 or st.trick is not trick:"):
            w.line("return None")          # the hooks asked something, or ended the trick
        w.line("seat = st.turn")
        w.line("live = st.live")
    with w.indented("while True:"):
        w.line(f"hand = st.zones[{spec.hand} + seat]")
        if step.playable:                  # the restrictions' filter, as legal_actions has it
            w.line(f"legal = _l{d.id}(st)")
        else:
            choices(c, spec, lambda plays: w.line(f"legal = {plays}"))
        with w.indented("if not legal:"):
            leave()
            w.line("raise _stuck(st)")
        with w.indented("if bits is None:"):     # a policy's pick (it sees what the player may)
            w.line(f"a = choice(st, legal, trick, {'at' if local else 'st.best'}, seat)")
        with w.indented("else:"):
            w.line("size = _len(legal)")
            w.lines(randomness.DRAW)
            w.line("a = legal[x]")
        # a single card led to, under a follow rule: choices worked out the suit led and the ranking
        led = spec.single and spec.follow != "any" and not step.playable
        play(c, step, spec, "hand", Places(local=local, led=led, ranking=led))
        with w.indented("if _len(trick) >= live:"):
            leave()
            w.line("break")
        if local:
            w.line("seat = after[seat]")
        else:
            w.line(f"seat = {c.next_seat('seat')}")
            pass_turn(c, step, "seat", run_hooks, lambda: None)

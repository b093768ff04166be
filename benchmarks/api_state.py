"""What every hand-written API state has (benchmarks/handwritten_api.py, handwritten_turns_api.py):
the seat to move and, once the hand is over, its result."""

TERMINAL = -4           # current_player() of a finished hand (OpenSpiel's kTerminalPlayerId)


class State:
    """The seat to move (`player`) and the hand's outcome (`result`, None while it is played)."""

    __slots__ = ("player", "result")

    def current_player(self):
        return TERMINAL if self.result is not None else self.player

    def is_terminal(self):
        return self.result is not None

"""A failure while a match is played, as the author's error: located, in words, reproducible.

Static types keep most mistakes out at load time; what is left (a counter holding none where a
seat goes, an index past the end of a list) fails inside the generated code. Every line of that
code knows the step or expression it was written for (compile/writer.py), so the failure is
reported there, with the seed, player count and step that reach it. No Python wording and no
traceback ever reaches the user.
"""
from __future__ import annotations

from ..errors import RuleError
from ..expr.values import EvalError

# Python's errors, in words (a generated line can fail only in these ways).
_WORDS = {ZeroDivisionError: "division by zero", IndexError: "an index is out of range",
          KeyError: "a value is not one this game knows", TypeError: "a value of the wrong kind",
          ValueError: "a value of the wrong kind", AttributeError: "a value of the wrong kind",
          RecursionError: "it nests too deeply", MemoryError: "it needs too much memory",
          OverflowError: "a number is too large"}


class PlayError(RuleError):
    """A RuleError met while playing: `error` is the author's error itself; the message adds
    the player count, seed and step that reach it (`new_initial_state(seed=…, players=…)`,
    then `step` actions)."""

    def __init__(self, error: RuleError, players: int, seed: int, step: int):
        super().__init__(error.span, f"{error.message} (players={players}, seed={seed}, step {step})",
                         error.hint, error.kind)
        self.error, self.players, self.seed, self.step = error, players, seed, step


def located(st, exc: BaseException) -> PlayError:
    """`exc`, raised while `st` was playing, as a PlayError at the place it failed."""
    if isinstance(exc, PlayError):
        return exc
    if isinstance(exc, RuleError) and not (isinstance(exc, EvalError) and not exc.located):
        error = exc
    else:
        span = _place(st.prog, exc)
        if isinstance(exc, EvalError):
            exc.span, exc.located = span, True
            error = exc
        else:
            error = not_computed(span, exc)
    return PlayError(error, st.n, st.seed, st.steps)


def not_computed(span, exc: BaseException) -> RuleError:
    """Python's error `exc`, raised by code generated for the expression at `span`, in words."""
    reason = next((words for kind, words in _WORDS.items() if isinstance(exc, kind)),
                  "something this game cannot do")
    return RuleError(span, f"this cannot be computed here: {reason}",
                     "check the values it works on at this point of the match")


def stuck(st) -> PlayError:
    """The error of a match that is not over but leaves the player to move no legal action:
    at the decision (the PlayError adds the seed and step that reach it)."""
    return located(st, RuleError(st.prog.decisions[st.pc].span, "no legal action for the player to move"))


def _place(prog, exc: BaseException):
    """The span of the innermost line of the generated program that `exc` went through."""
    line, tb = None, exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == prog.filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    spans = prog.spans
    while line is not None and line > 0:
        span = spans[line - 1] if line <= len(spans) else None
        if span is not None:
            return span
        line -= 1
    return prog.span

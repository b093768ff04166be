"""Reading the player's answers: line editing, history and completion in a terminal.

prompt_toolkit rather than the standard library's readline: completion of whole moves that hold
spaces (`play 10H take 3D 7C`) shown as a menu, a prompt whose width never confuses the line
editor (readline miscounts a coloured prompt), and the same behaviour on every platform (readline
is missing on Windows and is libedit, with other key bindings, on macOS). When standard input is
not a terminal (a pipe, a test) answers are plain lines.
"""
from __future__ import annotations

import sys
from typing import Callable

COMMANDS = ("help", "rules", "why ", "last", "score", "hint", "quit")


def candidates(options: list[str], typed: str) -> list[str]:
    """What `typed` may complete to: a command, an option's text, or `why` and an option."""
    low = typed.lower()
    if low.startswith("why "):
        return ["why " + o for o in options if ("why " + o).lower().startswith(low)]
    return [c for c in (*options, *COMMANDS) if c.lower().startswith(low) and c.lower() != low]


def terminal_reader(options: Callable[[], list[str]]) -> Callable[[str], str]:
    """A reader with line editing, history and completion of `options()` (the legal moves now)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.history import InMemoryHistory

    class Moves(Completer):
        def get_completions(self, document, complete_event):
            typed = document.text_before_cursor
            for text in candidates(options(), typed):
                yield Completion(text, start_position=-len(typed))

    session = PromptSession(history=InMemoryHistory(), completer=Moves(), complete_while_typing=False)
    return lambda prompt: session.prompt(prompt)


def plain_reader(prompt: str) -> str:
    """One line from standard input (EOFError at its end), the prompt written first. Read from
    a pipe or a file, the answer is written after the prompt as a terminal would echo it, so the
    output reads as the session did and what follows starts on a line of its own."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    line = line.rstrip("\n")
    if not sys.stdin.isatty():
        sys.stdout.write(line + "\n")
    return line


def reader(options: Callable[[], list[str]]) -> Callable[[str], str]:
    if sys.stdin.isatty() and sys.stdout.isatty():
        return terminal_reader(options)
    return plain_reader

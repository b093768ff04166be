"""`ruledsl run` through a real (pseudo-)terminal, as a person plays it: a whole hand of each
game with line editing, history and completion at the prompt, a wrong move, `why`, `last`,
`rules` (paged), then Ctrl-C, the saved game resumed with `--resume`, and end of input."""
import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]
ESCAPES = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\x1b[=>]|[\x07\x08]")
LEFT, UP, TAB, CTRL_C, CTRL_D = "\x1b[D", "\x1b[A", "\t", "\x03", "\x04"


class Terminal:
    """A program on a pseudo-terminal of 80x24; `screen` is what it printed, escapes removed."""

    def __init__(self, args, cwd):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:                       # the child: the terminal's program
            # Ctrl-C interrupts, as in a person's terminal, even when the tests were started in
            # the background by a shell without job control (which leaves SIGINT ignored).
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.chdir(cwd)
            env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24",
                   "PROMPT_TOOLKIT_NO_CPR": "1"}     # no cursor-position request to answer
            env.pop("NO_COLOR", None)
            os.execve(sys.executable, [sys.executable, "-m", "ruledsl.cli", *args], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.raw = b""

    @property
    def screen(self) -> str:
        return ESCAPES.sub(b"", self.raw).decode("utf-8", errors="replace").replace("\r", "")

    def expect(self, pattern: str, timeout: float = 30.0) -> str:
        """Read until `pattern` (a regex) appears after what was already matched; return the
        text from the previous mark to the end of the match."""
        start = getattr(self, "mark", 0)
        deadline = time.time() + timeout
        while True:
            found = re.compile(pattern).search(self.screen, start)
            if found:
                self.mark = found.end()
                return self.screen[start:found.end()]
            left = deadline - time.time()
            if left <= 0 or not self._read(left):
                raise AssertionError(f"did not see {pattern!r}; the screen ends:\n{self.screen[-2500:]}")

    def _read(self, timeout) -> bool:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.fd, 65536)
        except OSError:
            return False
        self.raw += chunk
        return bool(chunk)

    def prompt(self) -> str:
        """Up to the next prompt ('>' on a line of its own, the cursor after it)."""
        return self.expect(r"(?m)^> ?$")

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def close(self, timeout: float = 60.0) -> int:
        """The program's exit code, once it ends; killed after `timeout` (a test that failed
        half-way must not wait for a match or a run to play to its end)."""
        deadline = time.time() + timeout
        while True:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
            if time.time() > deadline:
                os.kill(self.pid, signal.SIGKILL)
                _, status = os.waitpid(self.pid, 0)
                break
            self._read(0.1)                     # keep the terminal drained meanwhile
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)


GAMES = [("kozel", 3), ("coteccio", 4), ("couillon", 4), ("cicera", 4), ("ciapano", 3)]


@pytest.mark.parametrize("game,players", GAMES)
def test_a_whole_hand_in_a_real_terminal(game, players, tmp_path):
    rules = ROOT / "games" / f"{game}.yaml"
    term = Terminal(["run", str(rules), "--seed", "3", "--players", str(players), "--fast",
                     "--opponents", "random"], tmp_path)
    try:
        first = term.prompt()
        assert "╭─" in first and "hand " in first and "[1] " in first
        assert re.search(r"^hand +.*[♠♥♦♣]", first, re.M)          # suits drawn as symbols
        term.type("play 9X\r")                                   # a wrong move
        assert "Not allowed: " in term.prompt()
        term.type("1" + LEFT + "9\r")                            # line editing: "91", not "1^[[D9"
        assert "There is no option 91" in term.prompt()
        term.type("why 1\r")
        assert "is allowed now" in term.prompt()
        term.type(UP + "\r")                                     # history: `why 1` again
        assert "is allowed now" in term.prompt()
        term.type("hel" + TAB)                                   # completion: `help`
        term.expect(r"help")
        term.type("\r")
        assert "rules       the rules of this game" in term.prompt()
        term.type("rules\r")
        assert "Players and seating" in term.expect(r"Enter for more, q to go back --")
        term.type("q\r")
        assert "You to " in term.prompt()                        # the table again
        for _ in range(3):
            term.type("1\r")
            term.prompt()
        term.type("last\r")
        shown = term.prompt()
        assert re.search(r"trick \d+ → |takes |No trick or capture", shown)
        term.type(CTRL_C)
        left = term.expect(r"to continue it:\n  (ruledsl run --resume .*)\n")
        command = re.search(r"ruledsl run (--resume .*)", left).group(1).split()
        assert term.close() == 0
    finally:
        if term.pid:
            try:
                os.kill(term.pid, 9)
            except ProcessLookupError:
                pass

    resumed = Terminal(["run", *command, "--fast"], tmp_path)
    try:
        assert "Resumed at hand 1" in resumed.prompt()
        seen = ""
        for _ in range(80):
            resumed.type("1\r")
            seen += resumed.expect(r"(?m)^> ?$|Match over")
            if "End of hand" in seen:
                break
        assert re.search(r"End of hand \d+", seen)
        resumed.type(CTRL_D)                                     # end of input: saved, left
        assert "Left the table" in resumed.expect("Left the table")
        assert resumed.close() == 0
    finally:
        try:
            os.kill(resumed.pid, 9)
        except ProcessLookupError:
            pass

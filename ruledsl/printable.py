"""Text from a rule file or a log made safe to print on a terminal.

A rule file may write any character in a double-quoted YAML text (`"\\e]0;title\\a"`), and a log
may hold any; printed raw, a control character drives the terminal (clears the screen, sets the
window's title, rings the bell, reorders the line it is on). `printable` shows each as a visible
character of its own instead, one for one, so columns and carets stay where they were: the C0
controls but tab and newline as their Control Pictures (ESC as ␛, BEL as ␇), DEL as ␡, the C1
controls and the bidirectional overrides as �.

It is applied where such text enters (front/yamlnodes.py: every text and key of a rule file,
so the table, simulate, explain, analyze and the web show only what it gives) and where a report
is printed (errors.py: a source line, a message quoting a log or a file name; tools/gamelog.py).
"""
from __future__ import annotations

_KEPT = (0x09, 0x0A)           # a tab or a newline is meant where it is written
_SHOWN = {c: 0x2400 + c for c in range(0x20) if c not in _KEPT}
_SHOWN[0x7F] = 0x2421
_SHOWN.update((c, 0xFFFD) for c in range(0x80, 0xA0))
_SHOWN.update((c, 0xFFFD) for c in (0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)))


def printable(text: str) -> str:
    """`text` with every control character shown as a visible one (see above)."""
    return text.translate(_SHOWN)

"""Output that works under any encoding: a character the stream cannot encode falls back to
ASCII (♠ → S, — → -, ò → o) instead of stopping the command with a UnicodeEncodeError.

Installed once for standard output and error when the command line starts, so every command
(explain's rulebooks, the table, error reports) prints under `PYTHONIOENCODING=cp1252` or an
ASCII terminal; the text itself is never changed where it can be encoded.
"""
from __future__ import annotations

import codecs
import sys
import unicodedata

HANDLER = "ruledsl-ascii"
FALLBACK = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "—": "-", "–": "-", "…": "...", "→": "->",
            "←": "<-", "·": ".", "»": ">>", "«": "<<", "‘": "'", "’": "'", "“": '"', "”": '"',
            "×": "x", "≤": "<=", "≥": ">=", "≠": "!=", "│": "|", "─": "-", "•": "*"}


def ascii_text(char: str) -> str:
    if char in FALLBACK:
        return FALLBACK[char]
    if "\u2500" <= char <= "\u257f":              # box drawing
        return "+"
    plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii")
    return plain or "?"


def _fallback(error: UnicodeError):
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return "".join(ascii_text(c) for c in error.object[error.start:error.end]), error.end


codecs.register_error(HANDLER, _fallback)

# ASCII under a name of its own. click takes a stream whose encoding is named "ascii" for a
# misconfigured one and writes UTF-8 to it behind its back (click._compat): `explain` under an
# ASCII-only stdout printed ♠ where `run` prints S. A stream reconfigured to this codec is
# ASCII with the fallback above, and click leaves it alone.
ASCII = "ruledsl_ascii"


def _search(name: str):
    if name.replace("-", "_") != ASCII:
        return None
    plain = codecs.lookup("ascii")
    return codecs.CodecInfo(plain.encode, plain.decode, plain.streamreader, plain.streamwriter,
                            plain.incrementalencoder, plain.incrementaldecoder, name=ASCII)


codecs.register(_search)


def is_ascii(encoding: str | None) -> bool:
    try:
        return codecs.lookup(encoding or "ascii").name in ("ascii", ASCII)
    except LookupError:
        return False


def install(ascii_only: bool = False) -> None:
    """Make standard output and error fall back to ASCII; with `ascii_only`, write ASCII only
    (`run --ascii`: letters for suits, plain boxes)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        stream.flush()
        if ascii_only or is_ascii(getattr(stream, "encoding", None)):
            reconfigure(encoding=ASCII, errors=HANDLER)
        else:
            reconfigure(errors=HANDLER)


def can_encode(text: str, encoding: str | None) -> bool:
    try:
        text.encode(encoding or "utf-8")
        return True
    except (UnicodeEncodeError, LookupError):
        return False

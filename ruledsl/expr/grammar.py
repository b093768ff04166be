"""Loading grammar/ruledsl.lark and building the Lark parser once."""
from __future__ import annotations

import functools
import importlib.resources
from pathlib import Path

from lark import Lark
from lark.lexer import PatternStr

GRAMMAR_FILE = "ruledsl.lark"
START = ("expression", "statements", "binding")

# Terminals that are not plain strings, in words (a string terminal is shown as its text).
_NAMED = {
    "WORD": "a name",
    "NUMWORD": "a card",
    "INT": "a number",
    "DECIMAL": "a number",
    "STRING": "a text",
    "$END": "end of expression",
}


def grammar_text() -> str:
    """The grammar of the code running: in a source checkout, the `grammar/` folder beside this
    `ruledsl/` (so that an editable install made from another checkout cannot lend its grammar
    to this one's parser); otherwise the installed package `ruledsl.grammar`."""
    beside = Path(__file__).parents[2] / "grammar" / GRAMMAR_FILE
    if beside.is_file():
        return beside.read_text("utf-8")
    return importlib.resources.files("ruledsl.grammar").joinpath(GRAMMAR_FILE).read_text("utf-8")


@functools.cache
def parser() -> Lark:
    # A basic lexer (not the contextual one) so that keywords are reserved words: with the
    # contextual lexer `and` would lex as a name wherever a name is allowed.
    return Lark(grammar_text(), parser="lalr", lexer="basic", start=list(START),
                propagate_positions=True, maybe_placeholders=True)


@functools.cache
def terminal_texts() -> dict[str, str]:
    """Terminal name -> how an author would recognise it: RPAR -> "')'", WORD -> 'a name'."""
    texts = dict(_NAMED)
    for terminal in parser().terminals:
        if isinstance(terminal.pattern, PatternStr):
            texts[terminal.name] = f"'{terminal.pattern.value}'"
    return texts

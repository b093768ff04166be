"""How the table looks: cards with suit symbols in colour, rows packed to the terminal's width.

Everything shown is built from what one seat may know (its observation, and the events the
table filters for it): this module only turns those plain values into `rich` text. Text is
packed from *units* (a card, `A 4`, `trick 3 → C`) that are never split, so nothing wraps
mid-token at any width; a unit wider than the line is the only thing rich may fold.
"""
from __future__ import annotations

from rich.table import Table as Grid
from rich.text import Text

from ..runtime.cards import FRENCH_SUITS, SUIT_SYMBOLS, split_name

SUIT_STYLE = {"H": "bold red", "D": "bold red"}      # any other suit (a written pack's letter too): bold
JOKER_STYLE = "bold magenta"
GAP = "   "


class Look:
    """Cards and words for one terminal: symbols or letters, the deck's ranks and suits, the seat
    names. The French suits S H D C are drawn as symbols; another pack's suit letters as letters."""

    def __init__(self, ranks, seat_names, symbols: bool, suits=FRENCH_SUITS):
        self.ranks = set(ranks)
        self.suits = set(suits)
        self.seat_names = seat_names
        self.symbols = symbols

    # -- cards and words ----------------------------------------------------------------------

    def is_card(self, word: str) -> bool:
        if len(word) < 2:
            return False
        rank, suit = split_name(word)
        return rank in self.ranks and (suit is None or suit in self.suits)

    def _letter(self, suit: str) -> str:
        return SUIT_SYMBOLS.get(suit, suit) if self.symbols else suit

    def suit(self, letter: str) -> Text:
        return Text(self._letter(letter), style=SUIT_STYLE.get(letter, "bold"))

    def card(self, text: str) -> Text:
        if not self.is_card(text):          # "??": a card face down
            return Text(text, style="dim")
        rank, suit = split_name(text)
        if suit is None:                    # a joker
            return Text(text, style=JOKER_STYLE)
        return Text(rank + self._letter(suit), style=SUIT_STYLE.get(suit, "bold"))

    def cards(self, texts) -> Text:
        return Text(" ").join(self.card(c) for c in texts)

    def words(self, text: str, suits: bool = False) -> Text:
        """Free text with its cards drawn as cards; with `suits`, lone suit letters as suits too
        (in an action's parameters: `trump H`, never in prose where `D` may be a seat), and a
        number run into a suit letter that is no card (a bid's `1C`) with its suit drawn, as the
        bids that are cards (`2C`) are."""
        out = []
        for word in text.split(" "):
            if self.is_card(word):
                out.append(self.card(word))
            elif suits and word in self.suits:
                out.append(self.suit(word))
            elif suits and word[-1:] in self.suits and word[:-1].isdigit():    # a level and a suit: 1C
                out.append(Text(word[:-1]) + self.suit(word[-1]))
            else:
                out.append(Text(word))
        return Text(" ").join(out)

    def action(self, text: str) -> Text:
        """An action in words: its name with spaces for underscores (`play on`), then its cards
        and suits drawn (`play Q♠`, `trump ♥`)."""
        name, _, rest = text.partition(" ")
        shown = Text(name.replace("_", " "))
        return shown + Text(" ") + self.words(rest, suits=True) if rest else shown

    def value(self, value) -> Text:
        """A counter's value: cards and suits drawn, lists space-separated, none as '-'."""
        if isinstance(value, list):
            return Text(" ").join(self.value(v) for v in value) if value else Text("-")
        if value is None:
            return Text("-")
        if value is True or value is False:
            return Text("yes" if value else "no")
        return self.words(str(value), suits=True)


def labelled(label: str, body: Text) -> Text:
    """`label` in bold before `body` (which keeps its own styles)."""
    return Text.assemble((label, "bold"), body)


def units(label: str, owners: list[str], values: list[Text]) -> list[Text]:
    """`label A 4  B 4 …` as units: the label joined to the first owner, each owner to its value."""
    parts = [Text(f"{owner} ") + value for owner, value in zip(owners, values)]
    if not parts:
        return [Text(label, style="bold")]
    parts[0] = labelled(label + " ", parts[0])
    return parts


def pack(groups: list[list[Text]], width: int, indent: int = 0, sep: str = " │ ",
         joint: str = "  ") -> list[Text]:
    """Lay groups of units on lines at most `width` wide: units of a group `joint` apart, groups
    `sep` apart. A line breaks only between units — before a group that fits on a line of its
    own, else inside it — and goes on `indent` further in."""
    lines: list[Text] = []
    line = Text()

    def fits(extra: int) -> bool:
        return line.cell_len + extra <= width

    for group in groups:
        whole = sum(u.cell_len for u in group) + len(joint) * (len(group) - 1)
        if line.cell_len and not fits(len(sep) + whole) and indent + whole <= width:
            lines.append(line)
            line = Text(" " * indent)
        for u, unit in enumerate(group):
            space = "" if not line.plain.strip() else (joint if u else sep)
            if line.plain.strip() and not fits(len(space) + unit.cell_len):
                lines.append(line)
                line, space = Text(" " * indent), ""
            line = line + Text(space) + unit
    if line.plain.strip():
        lines.append(line)
    return lines


def row(label: str, groups: list[list[Text]], width: int) -> list[Text]:
    """A labelled row (`trick  B A♦   C 7♦`): groups of units (cards one space apart, groups
    three) after a fixed-width label, continued under the first unit."""
    head = f"{label:<6} "
    lines = pack(groups, width - len(head), sep=GAP, joint=" ")
    return [labelled(head, line) if i == 0 else Text(" " * len(head)) + line for i, line in enumerate(lines)]


def summary_table(title: str, lines: dict, seats: list[str]) -> Grid:
    """A hand summary: one row per summary line, one column per seat."""
    grid = Grid(title=title, title_justify="left", show_edge=False, pad_edge=False, box=None,
                header_style="bold")
    grid.add_column("", no_wrap=True)
    for seat in seats:
        grid.add_column(seat, justify="right", no_wrap=True)
    for label, values in lines.items():
        grid.add_row(label, *[str(v) for v in values])
    return grid

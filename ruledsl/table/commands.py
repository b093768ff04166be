"""The commands a player may type at the prompt besides a move: help, rules, why, last, score,
hint (and quit, which the prompt itself handles)."""
from __future__ import annotations

import textwrap

from rich.text import Text

HELP = """\
Answer with an option's number or its text: 'play QS' (case and card order do
not matter; 10 may be written T). Tab completes a move; the arrow keys edit the
line and bring back earlier ones.
  help        this text
  rules       the rules of this game, a page at a time
  why MOVE    why a move is not allowed now ('why play 7C', 'why 3')
  last        the last trick (or capture) again
  score       the standings, and the last hand's summary
  hint        what each of your options is worth, as a search finds it,
              and how sure that is
  quit        leave the table: the game is saved, and 'ruledsl run --resume'
              continues it"""


def dispatch(table, answer: str) -> bool:
    """Run `answer` if it is a command (True), else leave it to be read as a move (False)."""
    word, _, rest = answer.partition(" ")
    handler = HANDLERS.get(word.lower())
    if handler is None:
        return False
    handler(table, rest.strip())
    return True


def show_help(table, _):
    table.say(HELP)


def show_rules(table, _):
    from ..explain.rulebook import explain
    page(table, explain(table.game.ruleset, "text"))
    table.show_turn()                 # the rules filled the screen: the table again


def page(table, text: str) -> None:
    """Show `text` a screenful at a time, its lines wrapped to the terminal; Enter goes on, q
    goes back to the game."""
    width = table.console.width
    lines = []
    for line in text.splitlines():
        indent = " " * (len(line) - len(line.lstrip()))
        lines += textwrap.wrap(line, width - 1, subsequent_indent=indent, break_long_words=False,
                               break_on_hyphens=False) or [""]
    size = max(5, table.console.height - 2)
    for start in range(0, len(lines), size):
        for line in lines[start:start + size]:
            table.console.print(line, soft_wrap=True)
        if start + size < len(lines):
            more = table.answer(f"-- {start + size}/{len(lines)} lines: Enter for more, q to go back -- ")
            if more.lower().startswith("q"):
                return


def why(table, move: str):
    if not move:
        table.say("Give a move: 'why play 7C'.")
        return
    if move.isdigit() and 0 < int(move) <= len(table.option_texts):
        move = table.option_texts[int(move) - 1]
    reason = table.st.why_not(table.canonical(move))
    table.say(f"'{move}' is allowed now." if reason is None else f"Not allowed: {reason}.")


def last(table, _):
    shown = table.history.last()
    if not shown:
        table.say("No trick or capture has been completed yet in this hand.")
    for line in shown:
        table.console.print(line)


def score(table, _):
    obs = table.st.observation(table.view.seen_from())
    for line in table.view.standings(obs, table.console.width):
        table.console.print(line)
    if table.history.summary is not None:
        table.console.print(table.view.summary(table.history.summary))


def hint(table, _):
    """Every option with what the search found it worth to the player, its 95% interval, and
    which are as good as the best within the noise (ruledsl.bots.hint: a fixed amount of
    search, so a busy machine takes longer but answers the same)."""
    from .. import bots
    st = table.st
    with table.thinking("the hint"):
        found = bots.hint(st, table.hint_rng(), min_iterations=table.hint_floor)
    table.say(f"Hint: every option tried in {found.iterations} sampled deals.")
    table.say(f"Its value to you {'this hand' if found.units == 'hand' else 'at the end of the match'}, "
              "± a 95% interval:")
    order = {text: i for i, text in enumerate(table.option_texts)}
    width = max(len(m.text) for m in found.moves)
    for move in found.moves:
        number = order.get(move.text)
        label = f"  [{number + 1}] " if number is not None else "  "
        margin = f" ± {move.margin:.2f}" if move.margin == move.margin else ""      # nan: one deal
        verdict = "best" if move.best else "as good, within the noise" if move.tied else ""
        table.console.print(Text.assemble((label, "cyan"), table.look.action(move.text),
                                          " " * (width - len(move.text)), f"  {move.value:+.2f}{margin}",
                                          (f"  {verdict}" if verdict else "", "bold" if move.best else "")))
    if found.capped:
        table.say(f"(stopped at the time cap after {found.iterations} of {found.floor} deals: "
                  "less sure than usual)")


HANDLERS = {"?": show_help, "help": show_help, "rules": show_rules, "why": why, "last": last,
            "score": score, "hint": hint}

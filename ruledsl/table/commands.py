"""The commands a player may type at the prompt besides a move: help, rules, why, last, score,
hint (and quit, which the prompt itself handles)."""
from __future__ import annotations

import textwrap

from rich.text import Text

HELP = """\
Answer with an option's number or its text: 'play QS' (case and card order do not
matter; 10 may be written T). Tab completes a move; the arrow keys edit the line
and bring back earlier ones.
  help        this text
  rules       the rules of this game, a page at a time
  why MOVE    why a move is not allowed now ('why play 7C', 'why 3')
  last        the last trick (or capture) again
  score       the standings, and the last hand's summary
  hint        what the computer players' bot would play, and how it rates
              each of your options
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
    bot = table.opponents
    if not hasattr(bot, "evaluate"):
        table.say(f"The computer players' bot ({table.opponents_spec}) does not rate moves; "
                  "a search bot does (--opponents).")
        return
    st = table.st
    with table.thinking("the bot"):
        rated = bot.evaluate(st, table.hint_rng())
    order = {text: i for i, text in enumerate(table.option_texts)}
    rated = sorted(rated, key=lambda av: -float(av[1]))
    if rated:
        choice = st.action_to_string(rated[0][0])
        table.console.print(Text.assemble(f"The bot ({table.opponents_spec}) would play ",
                                          table.look.action(choice),
                                          "; its value for each option (higher is better for you):"))
    for action, value in rated:
        text = st.action_to_string(action)
        number = order.get(text)
        label = f"  [{number + 1}] " if number is not None else "  "
        table.console.print(Text.assemble((label, "cyan"), table.look.action(text), f"   {_number(value)}"))


def _number(value) -> str:
    return f"{value:.3g}" if isinstance(value, float) else str(value)


HANDLERS = {"?": show_help, "help": show_help, "rules": show_rules, "why": why, "last": last,
            "score": score, "hint": hint}

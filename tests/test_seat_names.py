"""Values the type checker knows are seats — a seat, a list of seats, maybe none — are shown by
the seats' names in the table's status, the match summary and `say:` texts; other numbers stay
numbers (a counter holding a number is never mistaken for a seat)."""
import io

from rich.console import Console

from ruledsl.table import Table

RULES = """
name: Finishing order
players: 4
deck: {pack: piquet-32, order: [A, K, Q, J, 10, 9, 8, 7]}
counters:
  ranking: {start: "[]"}
  first: {start: none}
  count: 0
hand:
  - deal: {to: each, count: 1}
  - do: ranking = [next(dealer), dealer] + [p for p in active if p != dealer and p != next(dealer)]
  - do: first = ranking[0]; count = len(ranking)
  - say: "order {ranking}, first {first}, {count} in all, the dealer {[dealer]}"
  - ask:
      who: dealer
      prompt: go on
      choices:
        go: {do: count += 0}
after_hand:
  - end_match: active
"""


def test_say_shows_seats_by_name(load_rules):
    st = load_rules(RULES).new_initial_state(dealer=1, record=True)
    said = [e["text"] for e in st.events if e["kind"] == "say"]
    assert said == ["order C B A D, first C, 4 in all, the dealer B"]


def test_the_status_shows_seats_by_name(load_rules):
    game = load_rules(RULES)
    st = game.new_initial_state(dealer=1)
    console = Console(file=io.StringIO(), width=80)
    table = Table(game, st, 1, console, opponents=None, opponents_spec="none", seed=0, symbols=False,
                  read=lambda p: "")
    table.show_turn()
    screen = " ".join(console.file.getvalue().split())
    assert "ranking C B A D" in screen and "first C" in screen and "count 4" in screen

"""`functions:` — named expressions with parameters: inlined at each call, typed per call, seeing
only their parameters and the game's names; cycles, clashes and bad calls are located errors."""
import pytest

from ruledsl.errors import RuleErrors
from ruledsl.explain.rulebook import explain

RULES = """
name: Functions
players: 2
deck:
  pack: french-52
  order: [A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2]
zones:
  hand: {owner: player, visible: owner}
  pile: {visible: all}
counters:
  total: {start: 0}
functions:
  upcard(): last(pile)
  fits(c): suit(c) == suit(upcard()) or rank(c) == rank(upcard())
  first_of(xs): xs[0]
  worth(p, extra): count(hand(p)) * 2 + extra
hand:
  - deal: {to: each, count: 3}
  - deal: {to: pile, count: 1}
  - do: total = worth(dealer, 1) + first_of([5]) + count(first_of([hand(dealer)]))
  - ask:
      who: next(dealer)
      prompt: play
      choices:
        play: {each: c in hand(player), when: fits(c), do: move c to pile}
        draw: {when: "not any(fits(c) for c in hand(player))", do: move last(deck) to hand(player)}
after_hand:
  - end_match: active
"""

DEAL = {"hand": {"A": "2C 3C 4C", "B": "9H 7S 9C"}, "pile": ["9S"]}


def texts(st):
    return [st.action_to_string(a) for a in st.legal_actions()]


def deal(load_rules, rules=RULES):
    return load_rules(rules).new_initial_state(players=2, dealer=0, deals=[DEAL])


def test_a_function_is_its_body_with_the_arguments_in_place(load_rules):
    st = deal(load_rules)
    assert texts(st) == ["play 9H", "play 7S", "play 9C"]
    # worth(dealer, 1) = 3 * 2 + 1; first_of typed once for numbers, once for lists of cards
    assert st.evaluate("total") == 7 + 5 + 3


def test_without_a_fitting_card_the_function_offers_the_draw(load_rules):
    game = load_rules(RULES)
    st = game.new_initial_state(players=2, dealer=0,
                                deals=[{"hand": {"A": "2C 3C 4C", "B": "2H 3D 4H"}, "pile": ["9S"]}])
    assert texts(st) == ["draw"]


def errors(load_rules, rules):
    with pytest.raises(RuleErrors) as info:
        load_rules(rules)
    return [(e.span.line, e.message, e.hint) for e in info.value.errors]


def test_a_cycle_of_calls_is_an_error_naming_the_functions(load_rules):
    rules = RULES.replace("  first_of(xs): xs[0]\n",
                          "  first_of(xs): xs[0] if one(xs) else 0\n  one(xs): two(xs)\n  two(xs): first_of(xs) == 1\n")
    [(line, message, _)] = errors(load_rules, rules)
    assert (line, message) == (15, "function 'first_of' calls itself: first_of() → one() → two() → first_of()")


@pytest.mark.parametrize("name, what", [("hand", "a zone"), ("total", "a counter"), ("count", "a built-in function"),
                                        ("dealer", "a built-in name")])
def test_a_function_may_not_take_a_name_the_game_has(load_rules, name, what):
    rules = RULES.replace("functions:\n", f"functions:\n  {name}(x): x\n")
    assert (13, f"function '{name}' has the name of {what}") in [(line, m) for line, m, _ in errors(load_rules, rules)]


def test_a_function_sees_its_parameters_not_the_callers_names(load_rules):
    rules = RULES.replace("fits(c): suit(c)", "fits(c): suit(c) == suit(first_of(hand(player))) or suit(c)")
    [(line, message, hint)] = errors(load_rules, rules)
    assert (line, message) == (14, "function fits(c) sees only its parameters and the game's names, not 'player'")
    assert hint.startswith("in fits(c) called at line 25;")


def test_each_call_is_type_checked_and_the_error_names_the_calls(load_rules):
    rules = RULES.replace("worth(dealer, 1)", "worth(dealer, fits(dealer))")
    found = errors(load_rules, rules)
    assert (14, "`suit()` takes a card; `c` is a seat", "in fits(c) called at line 20") in found


def test_a_call_gives_as_many_arguments_as_the_parameters(load_rules):
    rules = RULES.replace("worth(dealer, 1)", "worth(dealer)")
    assert (20, "worth(p, extra) takes 2 arguments, not 1", None) in errors(load_rules, rules)


@pytest.mark.parametrize("signature, message", [
    ("fits c", "'fits c' is not a function's name and parameters"),
    ("pair(a, a)", "parameter 'a' is named twice in pair()"),
])
def test_a_signature_is_a_name_and_its_parameters(load_rules, signature, message):
    rules = RULES.replace("functions:\n", f"functions:\n  {signature}: 1\n")
    assert (13, message) in [(line, m) for line, m, _ in errors(load_rules, rules)]


def test_explain_lists_the_functions(load_rules):
    text = explain(load_rules(RULES).ruleset)
    assert "| `fits(c)` | `suit(c) == suit(upcard()) or rank(c) == rank(upcard())` |" in text


def test_a_counter_read_only_in_a_function_is_read(load_rules):
    from ruledsl.tools.checks import warnings
    rules = RULES.replace("upcard(): last(pile)", "upcard(): last(pile) if total >= 0 else none")
    rules = rules.replace("  - do: total = worth", "  - do: total = 0\n  - do: tally = worth").replace(
        "  total: {start: 0}", "  total: {start: 0}\n  tally: {start: 0}")
    assert [w.message for w in warnings(load_rules(rules))] == ["counter 'tally' is never read (it is only assigned)"]


def test_a_question_asked_on_hidden_cards_read_through_a_function_is_warned_of(load_rules):
    from ruledsl.tools.checks import warnings
    rules = RULES.replace("functions:\n", "functions:\n  holds_two(p): any(rank(c) == '2' for c in hand(p))\n")
    rules = rules.replace("  - ask:\n      who: next(dealer)", "  - when: holds_two(next(dealer))\n    ask:\n      who: next(dealer)")
    told = [w.message for w in warnings(load_rules(rules)) if w.message.startswith("whether this question")]
    assert told == ["whether this question is asked depends on holds_two(next(dealer)), which the other players "
                    "cannot see: asking it (or not) tells them about those cards"]


def test_a_variant_changes_a_function_and_explain_says_so(load_rules):
    load_rules(RULES, "base.yaml")
    variant = load_rules("extends: base.yaml\nname: By suit\nfunctions:\n  fits(c): suit(c) == suit(upcard())\n",
                         "variant.yaml")
    st = variant.new_initial_state(players=2, dealer=0, deals=[DEAL])
    assert texts(st) == ["play 7S"]          # 9H and 9C no longer fit the 9S by rank
    assert "- The function `fits`: `fits(c)` stands for `suit(c) == suit(upcard())` (the base: " \
        in explain(variant.ruleset)

"""Warnings about a rule file that loads and plays but says something it does not mean.

`ruledsl validate` reports them; `--strict` makes them errors. Each is located at the option,
counter or step concerned:

- an option that no expression reads (`option.NAME` appears nowhere): changing it changes nothing;
- a counter that is only ever assigned (`x = …`, `x += …`) and never read by an expression, a
  `say:` text, a summary line, the trumps or the result;
- a step that can never run: it follows, in the same list, a step that always ends the hand,
  redeals or ends the match (end_hand / redeal / end_match without `when:`, or an `if` whose
  branches both do), or its `when:` is the constant `false`; also the `then:` of `if: false` and
  the `else:` of `if: true`;
- a question whose asking depends on cards some players cannot see: an `ask`'s `who:`, the
  `when:` (or `if:`) of a step that asks, or the rule file's `decided_by:`, reads a zone that is
  not `visible: all` (other than its size, `count(...)`/`len(...)`): whether the question comes,
  and to whom, tells the others about those cards. Put the condition on the answer instead
  (docs/language.md, `ask`).

What is read comes from every expression of the ruleset, found by walking the models by their
declarations (lang/walk.py): nested steps, choices, hooks and bonuses included.

One finding is an error, not a warning, and `load_game` raises it (front/load.py
`misspelt_options`): a variant's option that its base does not have, that nothing reads, and
whose name is close to one of the base's — `options: {targte: 21}` meant `target`.
"""
from __future__ import annotations

from ..errors import RuleError
from ..expr.ast import Call, Literal, Name, children
from ..lang import builtins, walk

ASKING = ("ask", "auction")      # the steps that put a question to the seats their `who:` names
ENDS = {"end_hand": "always ends the hand", "redeal": "always redeals the hand",
        "end_match": "always ends the match"}


def warnings(game) -> list[RuleError]:
    """Every warning for a loaded Game, in file order."""
    ruleset = game.ruleset
    reads, writes = walk.uses(walk.everything(ruleset))
    out = []
    for name, spec in ruleset.options.items():
        if f"option.{name}" not in reads:
            out.append(_warning(spec.span, f"option '{name}' is never read",
                                f"read it in an expression as option.{name}, or remove it"))
    for name, spec in ruleset.counters.items():
        if name not in reads:
            said = " (it is only assigned)" if name in writes else ""
            out.append(_warning(spec.span, f"counter '{name}' is never read{said}",
                                "a counter nothing reads changes nothing: use it in an expression "
                                "(or a summary line), or remove it"))
    for what, named in (("zone", ruleset.zones), ("counter", ruleset.counters)):
        for name, spec in named.items():
            if name in builtins.FUNCTIONS:
                out.append(_warning(spec.span, f"{what} '{name}' has the name of the built-in function "
                                    f"{name}(), which it hides: the file cannot call it", f"give the {what} another name, such as "
                                    f"'{name}_{'cards' if what == 'zone' else 'value'}'"))
    for steps in (ruleset.setup, ruleset.hand, ruleset.after_hand):
        out += unreachable(steps)
        out += telling_questions(steps, ruleset.zones, ruleset.functions)
    out += telling_decider(ruleset)
    return sorted(out, key=RuleError.sort_key)


def _warning(span, message, hint=None) -> RuleError:
    return RuleError(span, message, hint, kind="warning")


# -- steps that can never run --------------------------------------------------------------------

def unreachable(steps) -> list[RuleError]:
    """Warnings for one list of steps and, recursively, the lists nested in its steps."""
    out: list[RuleError] = []
    ender = None
    for step in steps:
        if ender is not None:
            kind = ender.kind
            why = ENDS.get(kind, "ends the hand (or redeals, or ends the match) on both branches")
            out.append(_warning(step.span, f"this step can never run: the '{kind}' step at line "
                                f"{ender.span.line} {why} before it",
                                f"remove it, or give line {ender.span.line} a 'when:'"))
            break
        if _constant(step.when) is False:
            out.append(_warning(step.when.span, "this step can never run: its 'when:' is always false",
                                "remove the step, or give it a real condition"))
            continue
        out += _inside(step)
        if ends(step):
            ender = step
    return out


def ends(step) -> bool:
    """The step always leaves its list: end_hand, redeal or end_match with no condition, or an
    `if` whose branches both do."""
    if step.when is not None and _constant(step.when) is not True:
        return False
    if step.kind in ENDS:
        return True
    if step.kind == "if":
        cond = _constant(step.condition)
        then, otherwise = _list_ends(step.then), _list_ends(step.otherwise)
        return then if cond is True else otherwise if cond is False else then and otherwise
    return False


def _list_ends(steps) -> bool:
    return any(ends(s) for s in steps)


def _inside(step) -> list[RuleError]:
    """Warnings from the step lists nested in `step` (if's then/else, hooks, ask choices)."""
    if step.kind == "if":
        out = []
        cond = _constant(step.condition)
        for key, steps, dead in (("then", step.then, cond is False), ("else", step.otherwise, cond is True)):
            if steps and dead:
                out.append(_warning(step.keys[key],
                                    f"the '{key}' steps can never run: the condition is always "
                                    f"{'true' if cond else 'false'}", "remove them, or the 'if'"))
            else:
                out += unreachable(steps)
        return out
    return [w for steps in walk.nested(step) for w in unreachable(steps)]


def _constant(e):
    """True or False when an expression is the literal true/false; else None."""
    if e is None:
        return None
    tree = e.tree
    return tree.value if isinstance(tree, Literal) and isinstance(tree.value, bool) else None


# -- questions that tell hidden cards ------------------------------------------------------------

def telling_questions(steps, zones, functions: dict) -> list[RuleError]:
    """Warnings for asks whose `who:`, or whose step's `when:`/`if:`, reads hidden cards (itself
    or through the functions it calls)."""
    hidden = {name for name, spec in zones.items() if spec.visible != "all"}
    out: list[RuleError] = []
    for step in walk.every_step(steps):
        if not any(s.kind in ASKING for s in walk.every_step([step])):
            continue
        conditions = [step.when, getattr(step, "condition", None) if step.kind == "if" else None,
                      step.who if step.kind in ASKING else None]
        for e in conditions:
            if e is not None and e.form == "expression":
                out += [_telling(e, ref) for ref in _hidden_reads(e.tree, hidden, functions)]
    return out


def telling_decider(ruleset) -> list[RuleError]:
    """Warnings for a `decided_by:` that reads hidden cards: who is asked to decide is seen by all."""
    e = ruleset.decided_by
    if e is None:
        return []
    hidden = {name for name, spec in ruleset.zones.items() if spec.visible != "all"}
    return [_warning(e.locate(ref.offset, ref.width),
                     f"who decides depends on {e.text[ref.offset:ref.offset + ref.width]}, which the other "
                     "players cannot see: the seat asked tells them about those cards",
                     "decide it by what everyone knows: counters, seats, the cards shown")
            for ref in _hidden_reads(e.tree, hidden, ruleset.functions)]


def _hidden_reads(tree, hidden: set, functions: dict, calling: frozenset = frozenset()) -> list:
    """The references to hidden zones in an expression, except as the argument of count/len; a
    call of a function whose body reads one counts as one (the load refuses cycles)."""
    if isinstance(tree, Call) and tree.name in ("count", "len") and len(tree.args) == 1 \
            and _zone_ref(tree.args[0], hidden):
        return []                      # a zone's size is public
    found = [tree] if _zone_ref(tree, hidden) else []
    f = functions.get(tree.name) if isinstance(tree, Call) else None
    if f is not None and f.name not in calling and _hidden_reads(f.body.tree, hidden, functions, calling | {f.name}):
        found.append(tree)
    for child in children(tree):
        found += _hidden_reads(child, hidden, functions, calling)
    return found


def _zone_ref(node, hidden: set) -> bool:
    return isinstance(node, (Call, Name)) and node.name in hidden


def _telling(e, ref) -> RuleError:
    what = e.text[ref.offset:ref.offset + ref.width]
    return _warning(e.locate(ref.offset, ref.width),
                    f"whether this question is asked depends on {what}, which the other players "
                    "cannot see: asking it (or not) tells them about those cards",
                    "ask everyone it could concern and put the condition on the answer "
                    "(a choice's when:), as docs/language.md shows under `ask`")

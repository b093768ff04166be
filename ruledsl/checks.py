"""Warnings about a rule file that loads and plays but says something it does not mean.

`ruledsl validate` reports them; `--strict` makes them errors. Each is located at the option,
counter or step concerned:

- an option that no expression reads (`option.NAME` appears nowhere): changing it changes nothing;
- a counter that is only ever assigned (`x = …`, `x += …`, a deal's or showdown's `as:`) and never
  read by an expression, a `say:` text, a summary line or the result;
- a step that can never run: it follows, in the same list, a step that always ends the hand,
  redeals or ends the match (end_hand / redeal / end_match without `when:`, or an `if` whose
  branches both do), or its `when:` is the constant `false`; also the `then:` of `if: false` and
  the `else:` of `if: true`.

What is read comes from the expressions the compiler saw (Builder.sources), so every place an
expression can appear counts, nested steps included.

One finding is an error, not a warning, and `load_game` raises it (`misspelt_options`): a
variant's option that its base does not have, that nothing reads, and whose name is close to one
of the base's — `options: {targte: 21}` meant `target`, and would change nothing.
"""
from __future__ import annotations

from .errors import Collector, RuleError, closest
from .expr import parse_binding, parse_expression, parse_statements
from .expr.ast import Literal, names_read_written
from .loader import load, read_steps
from .schema import VALUES
from .yamlnodes import Map, Scalar

ENDS = {"end_hand": "always ends the hand", "redeal": "always redeals the hand",
        "end_match": "always ends the match"}
# Keys that hold a nested list of steps, by (step kind or 'step' or 'choice', key): from the
# schema's table, so a new hook is walked as soon as the schema knows it.
NESTED = sorted(k for k, v in VALUES.items() if v == {"$ref": "#/$defs/steps"} and k[0] != "file")


def warnings(game) -> list[RuleError]:
    """Every warning for a loaded Game, in file order."""
    ruleset = game.ruleset
    prog = game.program(game.min_players)
    reads, writes = uses(prog.sources)
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
    for what in ("setup", "hand", "after_hand"):
        out += unreachable(getattr(ruleset, what))
    return sorted(out, key=RuleError.sort_key)


def misspelt_options(game) -> list[RuleError]:
    """Errors for a variant's options that are typos of its base's (see the module's text)."""
    ruleset = game.ruleset
    own = [spec for spec in ruleset.options.values() if spec.span.path == ruleset.path]
    if ruleset.base is None or not own:
        return []
    reads, _ = uses(game.program(game.min_players).sources)
    unread = [spec for spec in own if f"option.{spec.name}" not in reads]
    if not unread:
        return []
    base = load(ruleset.base).options
    out = []
    for spec in unread:
        close = closest(spec.name, base)
        if spec.name not in base and close is not None:
            where = base[close].span
            out.append(RuleError(spec.span, f"the base has no option '{spec.name}', and nothing reads it",
                                 f"did you mean '{close}'? (the base's, at {where.path}:{where.line}); "
                                 f"a new option is read as option.{spec.name}"))
    return out


def _warning(span, message, hint=None) -> RuleError:
    return RuleError(span, message, hint, kind="warning")


# -- what expressions read and write -----------------------------------------------------------

def uses(sources) -> tuple[set[str], set[str]]:
    """(names read, names assigned) over compiled sources [(kind, node)]; `option.NAME` for
    options. An assignment's target is a write (`x += 1` too); everything else is a read."""
    reads: set[str] = set()
    writes: set[str] = set()
    for kind, node in sources:
        if kind == "expression":
            trees = [parse_expression(node.text, node.locate)]
        elif kind == "statements":
            trees = parse_statements(node.text, node.locate)
        else:
            trees = [parse_binding(node.text, node.locate)[1]]
        for tree in trees:
            r, w = names_read_written(tree)
            reads |= r
            writes |= w
    return reads, writes


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
        cond = _constant(step.args)
        then = _list_ends(step.node.get("then"))
        otherwise = _list_ends(step.node.get("else"))
        return then if cond is True else otherwise if cond is False else then and otherwise
    return False


def _list_ends(node) -> bool:
    return node is not None and any(ends(s) for s in read_steps(node, "steps", Collector()))


def _inside(step) -> list[RuleError]:
    """Warnings from the step lists nested in `step` (if's then/else, hooks, ask choices)."""
    out: list[RuleError] = []
    for section, key in NESTED:
        if section == "step" and step.kind == "if":
            node = step.node.get(key)
            cond = _constant(step.args)
            if node is not None and cond is (key == "else"):
                out.append(_warning(step.node.key_node(key).span,
                                    f"the '{key}' steps can never run: the condition is always "
                                    f"{'true' if cond else 'false'}", "remove them, or the 'if'"))
                continue
            out += _nested(node)
        elif section == "choice" and step.kind == "ask" and isinstance(step.args, Map):
            choices = step.args.get("choices")
            for _, choice in (choices.entries if isinstance(choices, Map) else ()):
                if isinstance(choice, Map):
                    out += _nested(choice.get(key))
        elif section == step.kind and isinstance(step.args, Map):
            out += _nested(step.args.get(key))
    return out


def _nested(node) -> list[RuleError]:
    return unreachable(read_steps(node, "steps", Collector())) if node is not None else []


def _constant(node):
    """True or False when an expression scalar is the literal true/false; else None."""
    if not isinstance(node, Scalar):
        return None
    try:
        tree = parse_expression(node.text, node.locate)
    except RuleError:
        return None
    return tree.value if isinstance(tree, Literal) and isinstance(tree.value, bool) else None

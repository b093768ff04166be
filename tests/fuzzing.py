"""Rule files as an attacker or a careless author writes them.

The generators turn a `random.Random` into one case: a shipped rule file (games/*.yaml) mutated
a few times — a key deleted, duplicated or renamed; a scalar replaced by a value of another
kind; an expression cut short or given a stray token; a byte flipped; the file truncated — or
with a grammar-generated expression, statement or `say:` text put in one of its expression
fields. tests/test_fuzz.py draws the Random from hypothesis (shrinkable, derandomized);
benchmarks/fuzz.py from a seed (`random.Random(seed)`: a case is reproduced by its seed).
What must happen to each case is tests/fuzz_oracle.py's.
"""
from __future__ import annotations

import functools
import random
import re
from pathlib import Path

import attrs

import ruledsl
from ruledsl.lang.builtins import FUNCTIONS, NAMES

GAMES = sorted((Path(__file__).parents[1] / "games").glob("*.yaml"))

# --- the generators ---------------------------------------------------------------------------

KEY_WORDS = ["name", "players", "deck", "order", "points", "zones", "owner", "visible", "options",
             "counters", "per", "start", "deal", "to", "count", "packet", "tricks", "leader",
             "follow", "do", "ask", "who", "choices", "when", "say", "if", "then", "else",
             "end_match", "after_hand", "before_play", "extends", "values", "trumps", "suit",
             "draw", "first", "showdown", "among", "eliminate", "revive", "limits", "hands", "repeat", "until",
             "auction", "bids", "style", "packs", "several", "builds",
             "move", "reveal", "captures", "teams", "result", "cuont", "hnad", "__class__"]
OTHER_KINDS = ["0", "-1", "30", "2", "0.5", "1/3", "55.17", "1000000000000000000000000000000",
               "9223372036854775808", "true", "false", "no", "~", "null", "''", "'x'", "[]",
               "[1, 2]", "[AS, KS]", "{}", "{a: 1}", "AS", "S", "each", "player", "seats",
               "played", "trick", "hand_number", "/etc/passwd", "/dev/zero", "/proc/self/environ",
               "../../../../etc/hostname", "!!python/object:os.system ls", "&a [*a, *a]",
               "'{x}'", "\"{'x' * 1000000000}\"", "{20000000000: 4}", "\"a\x00b\""]
STRAY = [" (", ")", " +", " [", "]", " ,", " for", " in", " if", " not", ".", "'", ":", " #",
         " **", " @", " ;", " {", " 1/0"]
CARDS = ["AS", "QS", "10H", "7D", "KC", "JH", "S", "H", "D", "C", "XS", "1S"]
NUMBERS = ["0", "1", "2", "3", "-1", "0.5", "13", "40", "1000000000000000000000000000000"]
OPERATORS = ["+", "-", "*", "/", "//", "%", "==", "!=", "<", "<=", ">", ">=", "in", "not in",
             "and", "or"]
# The keys whose values are expressions, statements or texts with expressions in them.
EXPRESSION_KEYS = {"when", "if", "count", "to", "who", "leader", "first", "among", "cards",
                   "eliminate", "end_match", "revive", "packet", "play", "returns", "open", "upto",
                   "start", "score", "value", "default", "each", "from", "until", "bids"}
STATEMENT_KEYS = {"do", "then", "else"}
KEY_LINE = re.compile(r"^(\s*(?:- )?)([A-Za-z_][\w]*)(:\s*)(.*)$")


def case(rng: random.Random) -> tuple[str, bytes]:
    """One case: the shipped file it starts from (its name) and the mutated bytes."""
    game = rng.choice(GAMES)
    lines = game.read_text(encoding="utf-8").splitlines()
    names = sorted(set(re.findall(r"\b[a-z_][a-z_0-9]*\b", "\n".join(lines))))
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        mutation = rng.choice(LINE_MUTATIONS)
        lines = generated(rng, lines, names, declared(game)) if mutation is generated else mutation(rng, lines, names)
    data = ("\n".join(lines) + "\n").encode("utf-8")
    if rng.random() < 0.1:
        data = flip_byte(rng, data)
    if rng.random() < 0.05:
        data = data[:rng.randrange(len(data) + 1)]
    return game.name, data


def flip_byte(rng: random.Random, data: bytes) -> bytes:
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]


def _pick(rng, lines, keyed=True) -> int | None:
    """A line's index (one holding `key: value` when `keyed`), or None when there is none."""
    found = [i for i, text in enumerate(lines) if KEY_LINE.match(text)] if keyed else range(len(lines))
    return rng.choice(found) if found else None


def _replaced(lines, i, text):
    return lines[:i] + [text] + lines[i + 1:]


def delete_line(rng, lines, names):
    i = _pick(rng, lines, keyed=False)
    return lines if i is None else lines[:i] + lines[i + 1:]


def duplicate_line(rng, lines, names):
    i = _pick(rng, lines, keyed=False)
    return lines if i is None else lines[:i + 1] + lines[i:]


def _rewrite(rng, lines, change):
    """A `key: value` line rewritten: `change(indent, key, colon, value)` gives the new line."""
    i = _pick(rng, lines)
    return lines if i is None else _replaced(lines, i, change(*KEY_LINE.match(lines[i]).groups()))


def rename_key(rng, lines, names):
    return _rewrite(rng, lines, lambda indent, key, colon, value:
                    f"{indent}{rng.choice(KEY_WORDS)}{colon}{value}")


def other_kind(rng, lines, names):
    return _rewrite(rng, lines, lambda indent, key, colon, value:
                    f"{indent}{key}{colon}{rng.choice(OTHER_KINDS)}")


def cut_value(rng, lines, names):
    """An expression truncated, or given a stray token somewhere."""
    def cut(indent, key, colon, value):
        at = rng.randrange(len(value) + 1)
        return f"{indent}{key}{colon}" + value[:at] + (rng.choice(STRAY) + value[at:] if rng.random() < 0.5 else "")
    return _rewrite(rng, lines, cut)


def generated(rng, lines, names, game=None):
    """A grammar-generated expression (or statements, or a `say:` text) in an expression field."""
    fields = [i for i, text in enumerate(lines)
              if (m := KEY_LINE.match(text)) and m[2] in EXPRESSION_KEYS | STATEMENT_KEYS | {"say"}]
    if not fields:
        return lines
    i = rng.choice(fields)
    return _replaced(lines, i, placed(rng, lines[i], names, game))


def placed(rng, line: str, names: list[str], game: Names | None = None) -> str:
    """The `key: value` line with a generated value for its key: half the time one of the type
    the key takes, over the names `game` declares, so that it loads and plays; else any."""
    indent, key, colon, _ = KEY_LINE.match(line).groups()
    if game is not None and rng.random() < 0.5:
        text = typed_value(rng, key, game)
    elif key in STATEMENT_KEYS:
        text = statements(rng, names)
    elif key == "say":
        text = f"the {{{expression(rng, names)}}} and {{{expression(rng, names, 1)}}}"
    else:
        text = expression(rng, names)
    return f"{indent}{key}{colon}'{text.replace(chr(39), chr(39) * 2)}'"


def heavy(rng, lines, names):
    """Work that multiplies (issue 36): loops inside loops over ranges and combinations of any
    size, constant or not, in an expression field; or a chain of functions calling the next
    once or more, deep or wide, called from one."""
    fields = [i for i, text in enumerate(lines) if (m := KEY_LINE.match(text)) and m[2] in ("when", "count", "do")]
    if not fields:
        return lines
    i = rng.choice(fields)
    indent, key, colon, _ = KEY_LINE.match(lines[i]).groups()
    if rng.random() < 0.5:
        sizes = [rng.choice(["10", "140", "3000", "10000", "count(deck) + 9000", "len(seats) * 4000"])
                 for _ in range(rng.randint(2, 4))]
        loops = " ".join(f"for v{k} in {rng.choice(['range', 'range', 'comb'])}({n})".replace(
            f"comb({n})", f"combinations(range({n} // 70), 2)") for k, n in enumerate(sizes))
        text = f"count(1 {loops}) > 0" if key != "do" else f"x_heavy = count(1 {loops})"
        extra = []
    else:
        n, wide = rng.randint(2, 60), rng.randint(1, 4)
        extra = ["functions:"] + [f"  heavy{k}(p): \"{' + '.join([f'heavy{k + 1}(p)'] * wide)}\"" for k in range(n - 1)]
        extra.append(f"  heavy{n - 1}(p): \"1\"")
        text = "heavy0(dealer) > 0" if key != "do" else "x_heavy = heavy0(dealer)"
    out = _replaced(lines, i, f"{indent}{key}{colon}'{text}'")
    if key == "do":
        extra += ["counters:", "  x_heavy: 0"] if not any(l.startswith("counters:") for l in out) else []
        if any(l.startswith("counters:") for l in out):
            at = next(j for j, l in enumerate(out) if l.startswith("counters:"))
            out = out[:at + 1] + ["  x_heavy: 0"] + out[at + 1:]
    if any(l.startswith("functions:") for l in out) and extra and extra[0] == "functions:":
        at = next(j for j, l in enumerate(out) if l.startswith("functions:"))
        out = out[:at + 1] + extra[1:] + out[at + 1:]
        extra = []
    return out + extra


STEP_LINE = re.compile(r"^(\s*)- ([a-z_]+):\s*(.*)$")


def repeated(rng, lines, names):
    """A step made the round of a `repeat:` (issue 33), until a generated condition, or one
    that never holds, or a count the round moves towards."""
    steps = [i for i, text in enumerate(lines) if STEP_LINE.match(text)]
    if not steps:
        return lines
    i = rng.choice(steps)
    indent, kind, value = STEP_LINE.match(lines[i]).groups()
    until = rng.choice([expression(rng, names, 2), "false", "count(deck) == 0", "hand_number > 0",
                        "count(hand(dealer)) >= 3"])
    body = f"{indent}  - {kind}: {value}" if value else f"{indent}  - {kind}:"
    return lines[:i] + [f"{indent}- repeat:", body, f"{indent}  until: '{until.replace(chr(39), chr(39) * 2)}'"] + \
        lines[i + 1:]


def shoe(rng, lines, names):
    """Several packs in the deck (issue 33): any number, sensible or not."""
    at = next((i for i, text in enumerate(lines) if text.rstrip() == "deck:"), None)
    if at is None:
        return lines
    return lines[:at + 1] + [f"  packs: {rng.choice(['2', '2', '6', '8', '9', '0', 'two', '1/2'])}"] + lines[at + 1:]


def capturing(rng, lines, names):
    """A captures step given several captures at once, builds, or both (issue 33)."""
    at = next((i for i, text in enumerate(lines) if re.match(r"^\s*- captures:\s*$", text)), None)
    if at is None:
        return lines
    indent = " " * (len(lines[at]) - len(lines[at].lstrip()) + 4)
    added = [f"{indent}several: {rng.choice(['true', 'false', 'maybe'])}"] if rng.random() < 0.7 else []
    if rng.random() < 0.6:
        added.append(f"{indent}builds: {rng.choice(['x_builds', 'x_builds', 'score', 'table'])}")
        counters = next((i for i, text in enumerate(lines) if text.startswith("counters:")), None)
        if counters is not None:
            lines = lines[:counters + 1] + ['  x_builds: {start: "[]", scope: hand}'] + lines[counters + 1:]
            at += 1
    return lines[:at + 1] + added + lines[at + 1:]


LINE_MUTATIONS = [delete_line, duplicate_line, rename_key, other_kind, other_kind, cut_value,
                  generated, generated, generated, heavy, repeated, shoe, capturing]


def expression(rng: random.Random, names: list[str], depth: int = 3) -> str:
    """A random expression of the grammar (grammar/ruledsl.lark), over the built-ins, the file's
    own names, cards, numbers and texts; mostly well-formed (right arities, names that exist),
    so that most cases reach the type checker and many the play."""
    if depth <= 0 or rng.random() < 0.25:
        return _atom(rng, names)
    sub = lambda: expression(rng, names, depth - 1)   # noqa: E731
    form = rng.randrange(9)
    if form == 0:
        return f"{sub()} {rng.choice(OPERATORS)} {sub()}"
    if form == 1:
        return f"{rng.choice(['-', 'not '])}{sub()}"
    if form in (2, 3):
        function = FUNCTIONS[rng.choice(sorted(FUNCTIONS))]
        if function.generator == "must" or (function.generator == "may" and rng.random() < 0.5):
            return f"{function.name}({_comprehension(rng, names, depth)})"
        low, high = function.arity or (len(function.params),) * 2
        count = rng.randint(low, min(high, 3)) if rng.random() < 0.9 else rng.choice([low - 1, high + 1])
        return f"{function.name}({', '.join(sub() for _ in range(max(0, count)))})"
    if form == 4:
        if rng.random() < 0.25:             # a slice, either bound left out at times
            start, stop = (sub() if rng.random() < 0.7 else "" for _ in range(2))
            return f"{sub()}[{start}:{stop}]"
        return f"{sub()}[{sub()}]"
    if form == 5:
        return f"[{', '.join(sub() for _ in range(rng.randint(0, 3)))}]"
    if form == 6:
        return f"[{_comprehension(rng, names, depth)}]"
    if form == 7:
        if rng.random() < 0.2:              # a record, or a field of one (issue 33)
            return f"{{a: {sub()}, b: {sub()}}}" if rng.random() < 0.5 else f"{sub()}.{rng.choice(['a', 'b', 'value'])}"
        return f"{sub()} if {sub()} else {sub()}"
    return f"({sub()})"


def _comprehension(rng, names, depth) -> str:
    """`e for v in xs [if c]`, the variable readable in `e` and `c`."""
    return f"{expression(rng, names + [VAR], depth - 1)} {_loop(rng, names, depth)}"


VAR = "v"


def _loop(rng, names, depth) -> str:
    where = f" if {expression(rng, names + [VAR], depth - 1)}" if rng.random() < 0.3 else ""
    return f"for {VAR} in {expression(rng, names, depth - 1)}{where}"


def _atom(rng, names) -> str:
    kind = rng.randrange(7)
    if kind == 0:
        return rng.choice(sorted(NAMES))
    if kind == 1:
        return rng.choice(names) if names else "x"
    if kind == 2:
        return rng.choice(CARDS)
    if kind == 3:
        return rng.choice(NUMBERS)
    if kind == 4:
        return rng.choice(["'x'", '"{x}"', "true", "false", "none", "option." + rng.choice(names or ["x"])])
    if kind == 5:
        return f"{rng.choice(names or ['x'])}({_atom(rng, names)})"
    return f"{rng.choice(sorted(NAMES))}"
def statements(rng: random.Random, names: list[str]) -> str:
    """`target op= e`, `move e to zone`, `reveal e`, some in a loop, joined by `;`."""
    out = []
    for _ in range(rng.randint(1, 3)):
        loop = rng.random() < 0.3
        inner = names + [VAR] if loop else names
        target = rng.choice(names or ["x"]) + (f"({_atom(rng, inner)})" if rng.random() < 0.5 else "")
        kind = rng.randrange(3)
        if kind == 0:
            text = f"{target} {rng.choice(['=', '+=', '-=', '*='])} {expression(rng, inner, 2)}"
        elif kind == 1:
            text = f"move {expression(rng, inner, 2)} to {target}"
        else:
            text = f"reveal {expression(rng, inner, 2)}"
        out.append(f"{text} {_loop(rng, names, 2)}" if loop else text)
    return "; ".join(out)


# --- expressions of the type a field takes --------------------------------------------------

@attrs.frozen
class Names:
    """What a rule file declares, by what it holds: zones of each seat and shared ones,
    counters holding a number (of each seat, or one), options holding a number."""

    seat_zones: tuple[str, ...] = ("hand",)
    shared_zones: tuple[str, ...] = ("deck",)
    seat_numbers: tuple[str, ...] = ()
    numbers: tuple[str, ...] = ()
    options: tuple[str, ...] = ()


@functools.cache
def declared(game: Path) -> Names:
    """The names of a shipped rule file."""
    ruleset = ruledsl.load_game(game).ruleset
    number = re.compile(r"-?\d+$|option\.\w+$")
    counters = [c for c in ruleset.counters.values() if number.match(c.start.text)]
    return Names(tuple(z.name for z in ruleset.zones.values() if z.owner == "player"),
                 tuple(z.name for z in ruleset.zones.values() if z.owner != "player"),
                 tuple(c.name for c in counters if c.per == "player"),
                 tuple(c.name for c in counters if c.per == "game"),
                 tuple(o.name for o in ruleset.options.values() if isinstance(o.default, int)))


# The type each key takes (a key not here: a number).
KEY_TYPES = {"when": "bool", "if": "bool", "to": "seats", "who": "seat", "leader": "seat",
             "first": "seat", "among": "seats", "eliminate": "seats", "revive": "seats",
             "end_match": "seats", "cards": "cards", "play": "cards", "open": "bool"}


def typed_value(rng, key: str, game: Names) -> str:
    if key in STATEMENT_KEYS:
        return "; ".join(typed_statement(rng, game) for _ in range(rng.randint(1, 2)))
    if key == "say":
        return f"{{{typed(rng, rng.choice(TYPES), game)}}} and {{{typed(rng, 'seats', game)}}}"
    return typed(rng, KEY_TYPES.get(key, "number"), game)


def typed_statement(rng, game: Names) -> str:
    seat = typed(rng, "seat", game, 1)
    if game.seat_numbers and rng.random() < 0.5:
        return f"{rng.choice(game.seat_numbers)}({seat}) {rng.choice(['=', '+=', '-=', '*='])} {typed(rng, 'number', game)}"
    if game.numbers and rng.random() < 0.5:
        return f"{rng.choice(game.numbers)} {rng.choice(['=', '+=', '-='])} {typed(rng, 'number', game)}"
    if rng.random() < 0.5:
        return f"reveal {typed(rng, 'cards', game, 2)}"
    return f"move {typed(rng, 'cards', game, 2)} to {_zone(rng, game, seat)}"


def _zone(rng, game: Names, seat: str) -> str:
    if game.shared_zones and rng.random() < 0.3:
        return rng.choice(game.shared_zones)
    return f"{rng.choice(game.seat_zones or ('hand',))}({seat})"


TYPES = ["number", "bool", "seat", "seats", "card", "cards", "suit"]


def typed(rng, kind: str, game: Names, depth: int = 3) -> str:
    """A random expression of the type `kind`, well-typed by construction (given the names
    mean what `game` says), whose values at play time are anything: seats out of range, empty
    lists indexed, divisions by zero, huge numbers."""
    t = lambda k: typed(rng, k, game, depth - 1)   # noqa: E731
    v = lambda k, body: f"{body} for v in {t(k)}"   # noqa: E731
    leaves = {
        "number": lambda: rng.choice(NUMBERS + ["players", "hand_number", "trick_number"]
                                     + [f"option.{o}" for o in game.options] + list(game.numbers)),
        "bool": lambda: rng.choice(["true", "false"]),
        "seat": lambda: rng.choice(["dealer", "first(seats)", "last(active)"]),
        "seats": lambda: rng.choice(["seats", "active", "[]"]),
        "card": lambda: rng.choice(["AS", "KH", "10D", "7C"]),
        "cards": lambda: _zone(rng, game, "dealer"),
        "suit": lambda: rng.choice(["S", "H", "D", "C"]),
    }
    if depth <= 0 or rng.random() < 0.2:
        return leaves[kind]()
    forms = {
        "number": [lambda: f"{t('number')} {rng.choice(['+', '-', '*', '/', '//', '%'])} {t('number')}",
                   lambda: f"-{t('number')}", lambda: f"count({t('cards')})", lambda: f"len({t('seats')})",
                   lambda: f"points({t('cards')})", lambda: f"{rng.choice(['abs', 'floor', 'ceil'])}({t('number')})",
                   lambda: f"{rng.choice(['min', 'max'])}({t('number')}, {t('number')})",
                   lambda: f"sum({v('seats', t('number'))})", lambda: f"[{t('number')}, {t('number')}][{t('number')}]",
                   lambda: f"{t('number')} if {t('bool')} else {t('number')}",
                   lambda: f"{rng.choice(game.seat_numbers or ('len',))}({t('seat')})",
                   lambda: f"value({t('card')})", lambda: f"rank({t('card')})"],
        "bool": [lambda: f"{t('number')} {rng.choice(['==', '!=', '<', '<=', '>', '>='])} {t('number')}",
                 lambda: f"{t('bool')} {rng.choice(['and', 'or'])} {t('bool')}", lambda: f"not {t('bool')}",
                 lambda: f"{t('card')} in {t('cards')}", lambda: f"holds({t('cards')}, {t('card')})",
                 lambda: f"{t('seat')} == {t('seat')}", lambda: f"{t('seat')} in {t('seats')}",
                 lambda: f"any({v('seats', t('bool'))})", lambda: f"beats({t('card')}, {t('card')})"],
        "seat": [lambda: f"{rng.choice(['left', 'right', 'next', 'prev'])}({t('seat')})",
                 lambda: f"{t('seats')}[{t('number')}]", lambda: f"first({t('seats')})",
                 lambda: f"argmax({v('seats', t('number'))})[0]", lambda: f"{t('seat')} if {t('bool')} else {t('seat')}"],
        "seats": [lambda: f"others({t('seat')})", lambda: f"[{t('seat')}, {t('seat')}]", lambda: f"order({t('seat')})",
                  lambda: f"[v for v in {t('seats')} if {t('bool')}]", lambda: f"argmin({v('seats', t('number'))})",
                  lambda: f"unique({t('seats')})", lambda: f"{t('seats')}[{t('number')}:{t('number')}]"],
        "card": [lambda: f"{t('cards')}[{t('number')}]", lambda: f"first({t('cards')})", lambda: f"last({t('cards')})",
                 lambda: f"sorted({t('cards')})[0]"],
        "cards": [lambda: _zone(rng, game, t("seat")), lambda: f"cards({t('cards')}, {t('suit')})",
                  lambda: f"top({t('number')}, {t('cards')})", lambda: f"[{t('card')}]",
                  lambda: f"[c for c in {t('cards')} if suit(c) == {t('suit')}]",
                  lambda: f"{t('cards')}[:{t('number')}]", lambda: f"{t('cards')}[{t('number')}:]"],
        "suit": [lambda: f"suit({t('card')})", lambda: f"first(suits_of({t('cards')}))"],
    }
    return rng.choice(forms[kind])()

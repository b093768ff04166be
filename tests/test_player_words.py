"""What a player (or a reader of an analysis) is shown is words, never the rule file's source:
why a move is not allowed (why_not, over many states of every shipped game), the table's status
and score, the hint, the analysis's rule labels and CSV headers. The checks: no expression of
the file appears (every `when:`, `each:`, `do:` and `say:` text, as written), nor the marks of
source (backticks, braces, comparison operators, `option.`, a name_with_underscores), and no
counter marked `shown: false` is drawn."""
import io
import random
import re
from pathlib import Path

import attrs
import pytest
from rich.console import Console

import shipped
from ruledsl import bots
from ruledsl.analysis.rows import _flat
from ruledsl.analysis.rules import rules_of
from ruledsl.lang.declare import Expr, Template
from ruledsl.table import Table

ROOT = Path(__file__).parents[1]
GAMES = sorted((ROOT / "games").glob("*.yaml"))
MARKS = re.compile(r"`|\{|\}|==|!=|<=|>=|\boption\.|\b[a-z]+_[a-z_]+\b")


def source_texts(model, out=None) -> set[str]:
    """Every expression, statement and template of a rule file, as written (spaces normalised)."""
    out = set() if out is None else out
    if isinstance(model, Template):          # a say text: its `{expressions}` (its words are words)
        for part in model.parts:
            if not isinstance(part, str):
                source_texts(part, out)
        return out
    if isinstance(model, Expr):
        text = " ".join(model.text.split())
        if len(text) >= 8 and re.search(r"[()\[\]=<>.]|\w_\w", text):     # code, not a word or two
            out.add(text)
        return out
    if attrs.has(type(model)):
        for field in attrs.fields(type(model)):
            source_texts(getattr(model, field.name), out)
    elif isinstance(model, dict):
        for value in model.values():
            source_texts(value, out)
    elif isinstance(model, (list, tuple)):
        for value in model:
            source_texts(value, out)
    return out


def names_typed(game, n) -> set[str]:
    """The names a player types (actions of the file: `play_on`): shown as options, not source."""
    return {name.split()[0] for name in game.action_names(n)}


def check(text: str, sources: set[str], typed: set[str], where: str) -> None:
    flat = " ".join(text.split())
    for mark in MARKS.findall(flat):
        assert mark in typed, f"{where}: {mark!r} in {flat!r}"
    for source in sources:
        assert source not in flat, f"{where}: the rule file's {source!r} in {flat!r}"


def played_states(game, n, seeds=3, moves=150):
    for seed in range(seeds):
        st, rng = game.new_initial_state(seed=seed, players=n, record=True), random.Random(seed)
        for _ in range(moves):
            if st.is_terminal():
                break
            yield st
            st.apply_action(rng.choice(st.legal_actions()))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_why_not_is_words_in_every_game(path):
    game = shipped.load(path)
    n = game.default_players
    sources, typed = source_texts(game.ruleset), names_typed(game, n)
    assert sources                                     # the check has something to find
    tried = set()
    for st in played_states(game, n):
        tried |= {st.action_to_string(a) for a in st.legal_actions()}
    reasons = 0
    for st in played_states(game, n, seeds=2, moves=80):
        for text in sorted(tried)[:60]:
            reason = st.why_not(text)
            if reason:
                reasons += 1
                check(reason, sources, typed, f"why_not({text!r})")
    assert reasons > 20


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_the_status_score_and_analysis_labels_are_words(path):
    game = shipped.load(path)
    n = game.default_players
    sources, typed = source_texts(game.ruleset), names_typed(game, n)
    hidden = [name for name, spec in game.ruleset.counters.items() if spec.shown is False]
    console = Console(file=io.StringIO(), width=100)
    st = game.new_initial_state(seed=1, players=n, record=True)
    table = Table(game, st, 0, console, opponents=bots.make("random"), opponents_spec="random", seed=1,
                  symbols=False, read=lambda prompt: (_ for _ in ()).throw(EOFError))
    for state in played_states(game, n, seeds=1, moves=120):
        obs = state.observation(0)
        assert not set(hidden) & set(obs["counters"])
        table.st = state
        console.print(table.view.status(obs, "status", 100))
        for line in table.view.standings(obs, 100):
            console.print(line)
    shown = console.file.getvalue()
    check(shown, sources, typed, "status")
    for name in hidden:                                # marked `shown: false`: never drawn
        assert re.search(rf"\b{name.replace('_', ' ')}\b", shown) is None
    rules = rules_of(game.ruleset)
    for rule in rules:
        check(rule.label, sources, typed, "analysis label")
    headers = _flat({"match": 0, "seed": 0, "hands": 1, "decisions": 1, "bots": ["random"] * n,
                     "winners": [], "returns": [0] * n, "events": {}}, rules)
    for header in headers:
        if header.startswith("rule: "):
            check(header, sources, typed, "CSV header")


def test_cicera_keeps_its_in_play_points_off_the_table():
    game = shipped.game("cicera")
    assert not game.ruleset.counters["inplay"].shown
    st = game.new_initial_state(seed=2, players=4)
    assert "inplay" not in st.observation(0)["counters"] and "score" in st.observation(0)["counters"]
    layout = dict(game.observation_layout(4))
    assert "counter inplay 0" in layout                # no secret: the tensor keeps it


def test_the_hint_is_words(monkeypatch):
    """The hint's lines: each option as the table writes it, its value and verdict."""
    game = shipped.game("maumau")
    console = Console(file=io.StringIO(), width=100)
    answers = ["hint", "quit"]
    st = game.new_initial_state(seed=3, players=3, record=True)
    table = Table(game, st, 0, console, opponents=bots.make("random"), opponents_spec="random", seed=3,
                  symbols=False, read=lambda prompt: answers.pop(0))
    table.hint_floor = 8
    from ruledsl.table import Quit
    with pytest.raises(Quit):
        table.play()
    out = console.file.getvalue().split("Hint:", 1)[1]
    assert "would play play" not in out and re.search(r"\[1\] \S", out)
    check(out, source_texts(game.ruleset), names_typed(game, 3), "hint")

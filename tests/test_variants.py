"""`extends:`: a variant changes what differs from its base; errors point into the right file."""
from pathlib import Path

import pytest

import ruledsl
from ruledsl.errors import RuleErrors

CIAPANO = Path(__file__).parents[1] / "games" / "ciapano.yaml"


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def variant(tmp_path, text: str, name="variant.yaml") -> Path:
    return write(tmp_path / name, f"extends: {CIAPANO}\n" + text)


def test_option_default_changes_and_the_rest_is_inherited(tmp_path):
    game = ruledsl.load_game(variant(tmp_path, "name: To 21\noptions:\n  target: {default: 21}\n"))
    assert game.name == "To 21"
    assert game.options()["target"] == 21
    assert game.ruleset.options["target"].help.startswith("penalty total")   # merged, not replaced
    assert game.ruleset.deck.order[0] == "3"                               # inherited


def test_scalars_and_lists_replace(tmp_path):
    game = ruledsl.load_game(variant(tmp_path, "players: 4\n"))
    assert (game.min_players, game.max_players) == (4, 4)


def test_null_removes_an_inherited_entry(tmp_path):
    game = ruledsl.load_game(variant(tmp_path, "summary:\n  card points: ~\n"))
    assert [label for label, _ in game.ruleset.summary] == ["hand", "total"]


def test_removing_something_still_used_is_located_in_the_base(tmp_path):
    with pytest.raises(RuleErrors) as info:
        ruledsl.load_game(variant(tmp_path, "options:\n  survivors: ~\n"))
    error = info.value.errors[0]
    assert error.span.path.endswith("games/ciapano.yaml")
    assert error.message == "unknown option 'survivors'"


def test_chains_work(tmp_path):
    first = variant(tmp_path, "options:\n  target: {default: 21}\n", "first.yaml")
    second = write(tmp_path / "second.yaml", "extends: first.yaml\nname: Second\nplayers: 3\n")
    game = ruledsl.load_game(second)
    assert game.name == "Second" and game.options()["target"] == 21 and game.max_players == 3
    assert first.exists()


def test_a_cycle_is_an_error(tmp_path):
    write(tmp_path / "a.yaml", "extends: b.yaml\nname: A\n")
    write(tmp_path / "b.yaml", "extends: a.yaml\nname: B\n")
    with pytest.raises(RuleErrors) as info:
        ruledsl.load_game(tmp_path / "a.yaml")
    assert "cycle" in info.value.errors[0].message


def test_an_error_in_the_variant_points_at_the_variant(tmp_path):
    path = variant(tmp_path, "options:\n  target: {default: 21, colour: red}\n")
    with pytest.raises(RuleErrors) as info:
        ruledsl.load_game(path)
    error = info.value.errors[0]
    assert (error.span.path, error.span.line) == (str(path), 3)
    assert "unknown key 'colour'" in error.message


def test_a_misspelt_option_is_an_error_naming_the_base_option(tmp_path):
    """`targte: 21` adds an option nothing reads instead of changing `target`: every command
    refuses it (load_game raises), with a did-you-mean pointing at the base's option."""
    path = variant(tmp_path, "options:\n  targte: 21\n")
    with pytest.raises(RuleErrors) as info:
        ruledsl.load_game(path)
    [error] = info.value.errors
    assert (error.span.path, error.span.line, error.span.col) == (str(path), 3, 3)
    assert error.message == "the base has no option 'targte', and nothing reads it"
    target = ruledsl.load_game(CIAPANO).ruleset.options["target"].span
    assert error.hint.startswith(f"did you mean 'target'? (the base's, at {CIAPANO}:{target.line})")


def test_a_new_option_unlike_any_of_the_base_is_only_a_warning(tmp_path):
    from ruledsl.tools.checks import warnings
    game = ruledsl.load_game(variant(tmp_path, "options:\n  fireworks: 3\n"))
    assert [w.message for w in warnings(game)] == ["option 'fireworks' is never read"]

"""A one-card move whose card most likely lies in a known zone (a choice's `each:` zone,
`last(deck)`) takes it from there without looking through every zone (compile/scope.py
`move_from`); found elsewhere, or none, it is moved as before. Either way the state after the
move must be what helpers.move_cards makes of it: the zones, and what each seat knows
(st.know, st.voids: runtime/knowledge.py)."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import ruledsl
from ruledsl.compile.scope import GameScope
from ruledsl.runtime.cards import BITS

ROOT = Path(__file__).resolve().parents[1]

# Cards moved from where the hint says and from elsewhere: `hide` moves the card away first,
# so its second move finds it not in the hand; `take` moves another seat's card; `draw` moves
# last(deck), none once the stock is empty.
GAME = """\
name: Origins
players: {min: 2, max: 3, default: 3}
deck:
  pack: piquet-32
  order: [A, K, Q, J, 10, 9, 8, 7]
zones:
  hand: {owner: player, visible: owner}
  pile: {visible: all}
  aside: {visible: nobody}
hand:
  - deal: {to: each, count: 3}
  - turns:
      until: count(hand(player)) == 0 or count(pile) > 14
      turn:
        - ask:
            who: player
            choices:
              play: {each: c in hand(player), do: move c to pile}
              hide: {each: c in hand(player), do: move c to aside; move c to pile}
              take: {each: c in hand(next(player)), do: move c to hand(player)}
              draw: {do: move last(deck) to hand(player)}
after_hand:
  - end_match: seats
"""


# Voids known (a card off the suit led) while cards are drawn from the face-down deck by a
# move: the draw's teaching, written at the move while no void is known, must still make the
# hand that draws forget its voids when some are.
TRICKS = """\
name: Drawing tricks
players: 3
deck:
  pack: piquet-32
  order: [A, K, Q, J, 10, 9, 8, 7]
zones:
  hand: {owner: player, visible: owner}
  won: {owner: player, visible: nobody}
hand:
  - deal: {to: each, count: 3}
  - tricks:
      follow: suit
      won: won
      after_trick:
        - when: count(deck) >= 3
          do: move last(deck) to hand(p) for p in order(winner)
after_hand:
  - end_match: seats
"""


def _files(tmp_path) -> list[Path]:
    path, tricks = tmp_path / "origins.yaml", tmp_path / "tricks.yaml"
    path.write_text(GAME, encoding="utf-8")
    tricks.write_text(TRICKS, encoding="utf-8")
    return [path, *(ROOT / "games" / f"{name}.yaml" for name in ("maumau", "president", "rummy")), tricks]


def _scanning(self, c, card, node, dest):
    """move_from as it was before: every such move through move_cards (an answer's card that
    the move was to show to everyone, shown first, as the ask's apply did)."""
    shown, self.program.shown_move = self.program.shown_move, None
    if shown is not None:
        names = self.program.w
        c.unit.emit(f"{names.const(self.program.viewers.publish)}(st, {names.const(BITS)}[{c.src(card)}])")
    c.unit.emit(self.move_source(c, card, node, dest))


def _scanning_last(self, c, source, dest):
    """move_last as it was before: last(zone) moved through move_cards."""
    c.unit.emit(f"_move_cards(st, ([st.zones[{source}][-1]] if st.zones[{source}] else []), {dest})")


def _trail(path: Path, players: int, seed: int) -> list[tuple]:
    st = ruledsl.load_game(path).new_initial_state(seed=seed, players=players)
    rng, out = random.Random(seed), []
    while not st.is_terminal() and len(out) < 400:
        st.apply_action(rng.choice(st.legal_actions()))
        out.append((repr(st.zones), st.know, st.voids))
    return out


@pytest.mark.parametrize("which", range(5))
def test_a_move_from_the_zone_hinted_leaves_the_state_move_cards_leaves(tmp_path, monkeypatch, which):
    path = _files(tmp_path)[which]
    players = ruledsl.load_game(path).default_players
    hinted = [_trail(path, players, seed) for seed in range(3)]
    source = ruledsl.load_game(path).program(players).source
    assert "_move_cards" in source or which == 4        # the fallback is there (none for a pop)
    assert ".remove(" in source or ".pop()" in source      # and the hinted move
    monkeypatch.setattr(GameScope, "move_from", _scanning)
    monkeypatch.setattr(GameScope, "move_last", _scanning_last)
    scanned = [_trail(path, players, seed) for seed in range(3)]
    assert hinted == scanned
    assert sum(map(len, hinted)) > 30
    if which == 4:              # voids were known, and a draw made a hand forget them
        assert any(voids for trail in hinted for _, _, voids in trail)
        assert any(before[2] & ~after[2] for trail in hinted for before, after in zip(trail, trail[1:]))


def test_the_hint_is_taken_where_a_card_comes_from_a_known_zone(tmp_path):
    source = ruledsl.load_game(_files(tmp_path)[0]).program(3).source
    # play, hide's first move, take, draw: four moves from the zone hinted (draw's, last(deck),
    # popped); hide's second finds the card gone and moves it through move_cards
    assert source.count("].append(") >= 4
    assert source.count(".remove(") >= 3
    assert source.count(".pop()") >= 1
    # play's card is shown to everyone by its move's one call (hide's too: its first statement
    # moves it), and where it is not found there, shown before move_cards moves it
    assert source.count("SHOWN_TEACHERS[") == 2
    assert source.count("PUBLISH(") == 3          # those two fallbacks, and take's (no zone hinted)

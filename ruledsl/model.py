"""The ruleset as data: what the loader reads from a rule file, before anything is compiled.

Expressions stay as their YAML scalars (text plus position), so every later stage can point
at the exact place in the file. Steps keep their YAML mapping: each step kind reads its own keys
(the loader has already checked them against the kind's table in `steps.py`).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import attrs

from .source import Span
from .yamlnodes import Map, Scalar


@attrs.frozen
class Players:
    min: int
    max: int
    default: int


@attrs.frozen
class DeckSpec:
    pack: str
    ranks: tuple[str, ...]                 # ranks kept, in the pack's order
    order: tuple[str, ...]                 # trick order, high to low
    orders: dict[str, tuple[str, ...]]     # further named orders
    points: dict[str, Fraction | int]      # by rank or card name
    values: dict[str, int]


@attrs.frozen
class ZoneSpec:
    name: str
    owner: str          # 'player', 'team' or 'shared'
    visible: str        # 'owner', 'all' or 'nobody'
    span: Span


@attrs.frozen
class OptionSpec:
    name: str
    default: Any
    choices: tuple | None
    min: Any
    max: Any
    help: str
    span: Span


@attrs.frozen
class CounterSpec:
    name: str
    per: str            # 'player', 'team' or 'game'
    start: Scalar       # an expression
    scope: str          # 'match' or 'hand'
    span: Span
    visible: str = "all"   # 'all', 'owner' (a player's own, or their team's) or 'nobody'


@attrs.frozen
class Step:
    kind: str
    args: Map | Scalar | None      # the value under the step's kind key
    node: Map                      # the whole step mapping (for when/say/spans)
    when: Scalar | None
    say: Scalar | None
    span: Span


@attrs.frozen
class Ruleset:
    name: str
    description: str
    path: str
    players: Players
    teams: bool
    direction: str
    deck: DeckSpec
    zones: dict[str, ZoneSpec]
    options: dict[str, OptionSpec]
    counters: dict[str, CounterSpec]
    setup: tuple[Step, ...]
    hand: tuple[Step, ...]
    after_hand: tuple[Step, ...]
    summary: tuple[tuple[str, Scalar], ...]
    returns: Scalar | None
    max_hands: int
    trumps: Map | None = None      # read by engine/trumps.py
    base: str | None = None        # the file this one extends, if any
    hand_value: Scalar | None = None   # result.hand: what a hand was worth to each player

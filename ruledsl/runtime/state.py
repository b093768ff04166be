"""The state of one match, and the engine contract it offers (DESIGN.md §4).

Compact by design: zones are a list of lists of cards, counters a flat list, the hand's fields
plain attributes (runtime/hand.py), so clone() is a handful of list copies. The compiled program
(`prog`: the generated functions and the game's tables) and the options are shared by clones.

Where the program is: `pc` is the decision waiting for `player` (a seat), or `player` is
negative — nobody to move, or the match is over (TERMINAL). Taking an action runs that
decision's generated `apply`, which goes on through the automatic steps to the next decision.
"""
from __future__ import annotations

from . import failures, hand, history, indices, tensor
from .actions import find, illegal, why_not
from .determinize import determinize
from .helpers import SEAT_NAMES
from .observe import describe, observation
from .randomness import below, bits_of

TERMINAL = -4
NOBODY = -1

_CORE = ("prog", "n", "options", "zones", "cv", "out", "live", "seating", "dealer", "leader", "turn", "player",
         "pc", "trick", "best", "asks", "vars", "hand_number", "deals", "seed", "winners", "events",
         "steps_done", "hands_scored", "hand_values", "_totals", "given", "_legal")


class State:
    """A match in progress."""

    __slots__ = _CORE + hand.NAMES

    # -- the engine contract ----------------------------------------------------------------------

    def start(self) -> None:
        """Run the match's opening automatic steps, up to its first decision (done by
        new_initial_state unless it was given start=False)."""
        try:
            self.prog.run(self, self.prog.entry)
        except Exception as exc:
            raise failures.located(self, exc) from None

    def current_player(self) -> int:
        """The seat to decide now (negative: nobody). It is the seat whose turn it is, unless the
        rule file's `decided_by` names another (the declarer plays the dummy's cards)."""
        return self.player

    def is_terminal(self) -> bool:
        return self.player == TERMINAL

    @property
    def steps(self) -> int:
        """The actions taken so far in the match. A trick's plays are counted by the trick they
        lie in (steps_done gains them when it is won): one write less a play."""
        return self.steps_done + len(self.trick)

    @property
    def tricks_played(self) -> int:
        """The tricks completed this hand (a hand field read from the trick winners: hand.py)."""
        return len(self.trick_winners)

    # legal_actions() and apply_action(action) are written out for each program, with the
    # decision most often taken written into them (compile/public.py): a program's states are
    # of its own subclass of State (Program.state_class), which has them.

    def _checked(self, action):
        """The legal action `action` is (a value, or its text); IllegalAction if none."""
        if isinstance(action, str):
            return self.parse_action(action)
        if action not in self.legal_actions():
            raise illegal(self, action)
        return action

    def apply_action_fast(self, action) -> None:
        """apply_action without the check: for an action taken from legal_actions() (a search's
        play-outs). Anything else leaves the state undefined."""
        self._legal = None
        if self.events is not None:
            history.remember(self, action)          # the hand's past, while the match records
        try:
            self.prog.apply[self.pc](self, action)     # it goes on to the next decision itself
        except Exception as exc:
            raise failures.located(self, exc) from None

    def play_out(self, rng, max_steps: int = 1_000_000, hand: bool = False, pick=None) -> State:
        """Play uniformly random legal actions (`rng.choice`) until the match ends — with
        `hand`, or the hand being played is scored (`hands_scored` goes up) — or `max_steps`
        actions have been taken: a search's random play-out, with nothing else between two
        actions. Returns the state itself. The turns of a trick are played in one generated
        loop (`prog.rollout`, lang/steps/tricks/rollout.py), the same plays as legal then apply; the
        draws are rng.choice's, made inline where they can be (runtime/randomness.py). It keeps
        no record of the hand's decisions (`past`, runtime/history.py): a recording state forgets
        the hand's past, and keeps the decisions taken through the API after.

        `pick(st, legal, trick, best, seat)`, where given, chooses instead each play of a
        trick (a roll-out policy, bots/imitate.py): `trick` is the trick so far, `best` the
        place of its best play, `seat` the player's (the loop may keep these in locals, not
        yet in `st`); the other decisions stay rng.choice's."""
        prog, choice, bits = self.prog, rng.choice, bits_of(rng)
        if self.events is not None:
            self.past = None
        legal_of, apply_of, rollout_of = prog.legal, prog.apply, prog.rollout
        if pick is None:            # what the trick loop calls where it cannot draw inline
            play = None if bits is not None else _ignoring_the_trick(choice)
        else:
            bits, play, choice = None, pick, _picking(self, pick, choice)
        until = self.hands_scored + 1 if hand else 1 << 62
        limit = self.steps + max_steps          # (steps: done + len(trick), written out in the loop)
        self._legal = None
        try:
            while self.steps_done + len(self.trick) < limit:
                if self.player < 0 or self.hands_scored >= until:
                    break
                pc = self.pc
                rollout = rollout_of[pc]
                if rollout is not None and self.steps_done + len(self.trick) + self.live <= limit:
                    rollout(self, play, bits, limit, until)     # tricks, while these allow
                    continue
                if rollout is None and bits is not None:
                    # decisions that are not a trick's play, one after another (the turns of a
                    # game of asks): their draw written out (DRAW), no call, in a loop of their own;
                    # each is one action, one step (`steps`), so the steps left are counted down;
                    # a program without tricks never leaves it for one
                    left = limit - self.steps_done - len(self.trick)
                    tricks = rollout_of.count(None) < len(rollout_of)
                    while True:
                        legal = self._legal or legal_of[pc](self)      # an ask worked them out waiting
                        self._legal = None
                        size = len(legal)
                        if not size:
                            raise failures.stuck(self)
                        width = size.bit_length()
                        x = bits(width)
                        while x >= size:
                            x = bits(width)
                        apply_of[pc](self, legal[x])
                        left -= 1
                        if self.player < 0 or self.hands_scored >= until or not left:
                            break
                        pc = self.pc
                        if tricks and rollout_of[pc] is not None:
                            break
                    continue
                legal = self._legal or legal_of[pc](self)
                self._legal = None
                if not legal:
                    raise failures.stuck(self)
                apply_of[pc](self, choice(legal) if bits is None else legal[below(bits, len(legal))])
        except Exception as exc:
            raise failures.located(self, exc) from None
        return self

    def action_to_string(self, action) -> str:
        """An action's canonical text: `play QS`, `play 7C take 3D 4H`, `trump H`, `pass`."""
        decision = self.prog.decisions[self.pc]
        return decision.kind.text(self, decision, action)

    def action_cards(self, action) -> list[str]:
        """The cards a legal action plays, lays or builds with, as text (`play 7C take 3D` → 7C;
        an answer that is a card or cards → those); none for a call, a bid or a word, even one
        that reads as a card (`bid 2H`). What a front end lets a player click to make the move."""
        decision = self.prog.decisions[self.pc]
        return [str(c) for c in decision.kind.cards(self, decision, action)]

    # -- for front ends (the table): what to ask and how to show it ----------------------------

    def parse_action(self, text: str):
        """The legal action meant by `text` (as a person types it: case and card order free);
        raises IllegalAction, with the rule that excludes it, when there is none."""
        action = find(self, text)
        if action is None:
            raise illegal(self, text)
        return action

    def asked(self) -> str | None:
        """What the player to move is asked, in words ("lead", "play to the trick", an ask's
        `prompt`), naming the seat whose turn it is when another decides for it ("play to the
        trick for C": the declarer plays the dummy's cards); None when nobody is to move."""
        if self.player < 0:
            return None
        decision = self.prog.decisions[self.pc]
        said = decision.kind.describe(self, decision)
        return said if self.current_player() == self.player else f"{said} for {SEAT_NAMES[self.player]}"

    def card_sort_key(self):
        """A sort key over card texts (`"QS"`) that orders cards as a hand is shown: trumps first
        (by the current trump situation, promoted cards included), then suit by suit, each high to
        low in the game's rank order. The key is `(group, power)`: cards of one suit share a group,
        and group 0 is the trumps when there are any."""
        r, deck = self.prog.ranking_now(self), self.prog.deck

        def key(text: str) -> tuple:
            c = deck.card(text)
            if c is None:                    # not a card of this deck ("??"): last
                return (len(deck.suits) + 2, 0)
            other, place, power = r.shown[c]     # not a trump; its suit's place (a joker's: last)
            return (1 + place if other else 0, power)
        return key

    def why_not(self, action) -> str | None:
        """Why `action` (its text, or a value) is not legal now, in the words of the rule that
        excludes it ("you must follow suit: you hold ♦"); None when it is legal."""
        return why_not(self, action)

    def returns(self) -> list:
        """One payoff per seat once the match is over (the rule file's result.returns, else 1
        to each winner); 0 for everyone before."""
        if self.player != TERMINAL:
            return [0] * self.n
        try:
            return self.prog.returns(self)
        except Exception as exc:
            raise failures.located(self, exc) from None

    def hand_returns(self) -> tuple | None:
        """What the last hand played to its end was worth to each seat (the rule file's
        `result.hand`), or None before the first hand ends or when the file declares none.
        `hands_scored` counts the hands that have ended, so a search can play on until it
        changes and then read this."""
        return self.hand_values

    def hand_totals(self) -> tuple | None:
        """What every hand played to its end so far was worth to each seat, summed (the rule
        file's `result.hand`), or None when the file declares none. One action can end more than
        one hand — the next hand may end before anyone decides anything (a hand won on the
        deal) — so a search or a learner reads what a stretch of play was worth as the
        difference of two totals, not from the last hand alone."""
        return self._totals

    def observation(self, player: int | None) -> dict:
        """A plain dict of everything `player` may know now, and nothing more; with None, a
        spectator's: what every seat may know."""
        return observation(self, player)

    def determinize(self, seat: int, rng, past: bool = False) -> State:
        """A new state that agrees with everything `seat` may know — its observation and legal
        actions are the same — with every card hidden from it re-dealt at random among the
        places it could be (docs/internals.md, "Hidden information"). This state is untouched.
        With the same `rng` state, two states that differ only in cards hidden from `seat` give
        the same result. With `past`, its `past` is the hand's past (recorded matches only) as it
        would have been in that world: its first state and the decisions since, which replay to
        it (runtime/history.py); else None."""
        return determinize(self, seat, rng, past)

    def hand_value_pending(self) -> bool:
        """True while a hand is being played whose value (`result.hand`) is still to come:
        what a search plays for. False between hands (in `setup` and `after_hand`, whose
        decisions concern the match) and when the rule file declares no `result.hand`."""
        return self.prog.ruleset.hand_value is not None and self.prog.decisions[self.pc].in_hand

    def evaluate(self, text: str, player: int | None = None):
        """The value of an expression of the rule file's language in this state (`player`
        bound to a seat if given). It sees everything, hidden cards included: for tests and
        tools, never for a player's view."""
        return self.prog.evaluate(self, text, player)

    def clone(self) -> State:
        """An independent copy: what the two do next does not touch the other."""
        return _clone(self)

    def key(self) -> tuple:
        """A hashable value, equal for two states of one match that play on alike: where every
        card lies (in order), the trick, the counters, the bound names, the hand's fields, who is
        to move and where the program is. Left out: what the seats know (only observations read
        it), the event log, and the deals a match was given (never changed by play). For a
        search's transposition table (ruledsl/bots/endgame.py)."""
        return _key(self)

    # -- integer actions and tensors (for learning: runtime/indices.py, runtime/tensor.py) ------

    def legal_indices(self, chosen: tuple = ()) -> list[int]:
        """The integer actions the player to move may choose next, after `chosen` (the integers
        chosen so far towards an action of several cards)."""
        return indices.legal_indices(self, tuple(chosen))

    def legal_actions_mask(self, chosen: tuple = ()) -> list[int]:
        """legal_indices as 0/1 over the whole space (game.num_distinct_actions)."""
        return indices.legal_mask(self, tuple(chosen))

    def action_from_index(self, i: int, chosen: tuple = ()):
        """The action that choosing `i` after `chosen` completes, or None when more must follow."""
        return indices.action_from_index(self, i, tuple(chosen))

    def action_indices(self, action) -> tuple:
        """The integers that choose a legal action, in order (one for most actions)."""
        return indices.action_indices(self, action)

    def action_index(self, action) -> int:
        """The integer of a legal action chosen in one step; ValueError for one chosen in several
        (see action_indices)."""
        spelt = self.action_indices(action)
        if len(spelt) != 1:
            raise ValueError(f"'{self.action_to_string(action)}' is chosen in {len(spelt)} steps: "
                             f"{list(spelt)} (action_indices)")
        return spelt[0]

    def observation_tensor(self, player: int, chosen: tuple = ()) -> list[float]:
        """What `player` may know now as a flat list of numbers (game.observation_layout)."""
        return tensor.encode(self, player, tuple(chosen))

    # -- seats ------------------------------------------------------------------------------------

    def active(self) -> list[int]:
        return list(self.seating.active)

    def __str__(self) -> str:
        return describe(self)

    def __reduce__(self):
        fields = {name: getattr(self, name) for name in _SHARED if name != "prog"}
        fields.update(zones=self.zones, cv=self.cv, out=self.out, vars=self.vars, events=self.events,
                      past=history.flat(self.past))
        return (restore, (self.prog.game, self.n, fields))


# Fields a clone shares with its original: immutable values, or lists never changed in place.
_COPIED = {"zones": "_list(_map(_copy, self.zones))", "cv": "self.cv[:]", "out": "self.out[:]",
           "vars": "self.vars[:]", "events": "None if self.events is None else self.events[:]",
           "_legal": "None"}      # the legal plays cached may be the original's own hand (tricks/legal.py)
_SHARED = tuple(name for name in State.__slots__ if name not in _COPIED)


def _make_clone():
    """clone() written out field by field (from the slots: nothing to keep in step by hand)."""
    lines = ["def clone(self):", " st = _new(self.__class__)"]
    lines += [f" st.{name} = self.{name}" for name in _SHARED]
    lines += [f" st.{name} = {copy}" for name, copy in _COPIED.items()]
    lines += [" return st"]
    namespace = {"__builtins__": {}, "_new": object.__new__, "_list": list, "_map": map, "_copy": list.copy}
    exec("\n".join(lines), namespace)
    return namespace["clone"]


_clone = _make_clone()

# Not in key(): shared by every state of a program, the seats' knowledge (read by observations
# only), the log, the given deals and the cache of legal actions.
_UNKEYED = {"prog", "n", "options", "events", "given", "_legal", "know", "voids", "taken"}
_KEY_OF = {"zones": "_tuple(_map(_tuple, self.zones))", "cv": "_freeze(self.cv)", "vars": "_freeze(self.vars)",
           "out": "_tuple(self.out)", "stack": "None if self.stack is None else _tuple(_sorted(self.stack.items()))"}


def _freeze(values) -> tuple:
    """A list of counter values as a tuple, the lists among them too (counters may hold lists)."""
    if list not in map(type, values):
        return tuple(values)
    return tuple(_freeze(v) if type(v) is list else v for v in values)


def _make_key():
    """key() written out field by field, from the slots."""
    fields = [name for name in State.__slots__ if name not in _UNKEYED]
    parts = [_KEY_OF.get(name, f"self.{name}") for name in fields]
    namespace = {"__builtins__": {}, "_tuple": tuple, "_map": map, "_sorted": sorted, "_freeze": _freeze}
    exec("def key(self):\n return (" + ", ".join(parts) + ")", namespace)
    return namespace["key"]


_key = _make_key()


def restore(game, n: int, fields: dict) -> State:
    """A State from its pickled fields (the program comes from the game: compiled once per process)."""
    prog = game.program(n)
    st = object.__new__(prog.state_class)
    st.prog = prog
    st._legal = None
    for name, value in fields.items():
        setattr(st, name, value)
    st.past = history.chained(st.past)
    return st


def _ignoring_the_trick(draw):
    """The trick loop's `choice(st, legal, trick, best, seat)` as `draw(legal)`: rng.choice's."""
    return lambda st, legal, trick, best, seat: draw(legal)


def _picking(st, pick, draw):
    """play_out's choice of an action outside the trick loop when a policy `pick`s the plays:
    at a trick's play, the policy's (the trick read from the state), else `draw(legal)`. (A
    function of its own, as is _ignoring_the_trick: a closure in play_out would make its locals
    cells, slower to read.)"""
    rollout_of = st.prog.rollout

    def choice(legal):
        if rollout_of[st.pc] is not None:
            return pick(st, legal, st.trick, st.best, st.turn)
        return draw(legal)
    return choice

"""Perfect recall: what each seat has seen of a match, in order — OpenSpiel's information state.

A seat's information state is everything it was told, in the order it was told: its view of
the match after each action (`state.observation`: whole after the deal, then what changed), every event as it learns of it
(observe.event_seen: who played what, face down or not, a choice's name when its value is
secret, what was said and shown), and its own actions and the parts of them it has chosen so
far. So two histories it can tell apart give two different states, and two it cannot, the same
one; the chance outcome (the seed) is never in it, only the deal the seat was dealt.

The tensor has a fixed size, so it cannot hold a whole match: it is the observation tensor now,
then the integer actions of the current hand as the seat saw them, one slot each: who acted
(seat-relative one-hot), the integer, or a flag when the seat did not see it (another's
face-down play, a secret choice). Earlier hands are summed up in the observation (counters,
piles), as OpenSpiel's own card games do for earlier deals.

Each seat's entries are a list shared between a state and its clones, with how many of them
are the state's own: a state appends in place while it is the list's latest, and copies its
part first otherwise (a clone that went another way). So cloning costs a tuple per seat, and
playing a match on appends as many entries as it has.
"""
from __future__ import annotations

import json

from ..runtime.observe import event_seen
from ..runtime.tensor import nonzero


class Recall:
    """The seats' entries (the string) and the hand's integer actions (the tensor), each a
    shared list and a length (see the module)."""

    __slots__ = ("seen", "hand", "last", "texts")

    def __init__(self, seen: tuple, hand: tuple, last: tuple):
        self.seen = seen          # per seat: (entries, how many are this state's)
        self.hand = hand          # per seat: ((actor, integer or None) per integer action, length)
        self.last = last          # per seat: its observation as last recorded
        self.texts: dict = {}     # seat -> its string, once made

    @classmethod
    def start(cls, state) -> Recall:
        """After the deal: what each seat saw of it."""
        n = state.n
        recall = cls((([], 0),) * n, (([], 0),) * n, ({},) * n)
        return recall.after(state, None, (), True)

    def after(self, state, actor: int | None, integers: tuple, completed: bool, text: str = "") -> Recall:
        """The recall once `actor` chose `integers` (the whole action `text` when `completed`,
        else the parts so far), with the events that followed (taken from state.events, which is
        emptied)."""
        events = state.events[:]
        state.events.clear()
        seen, hand, last = list(self.seen), list(self.hand), list(self.last)
        names = state.prog.game.action_names(state.n) if integers else ()
        new_hand = any(event["kind"] == "hand" for event in events)    # the action ended a hand
        for seat in range(state.n):
            if not completed:            # a part of an action: only its chooser knows of it
                if seat == actor:
                    seen[seat] = _pushed(seen[seat], [f"you chose {names[integers[-1]]}"])
                continue
            entries, whole = [], True
            if seat == actor:
                entries.append(f"you: {text}")
            for event in events:
                told = event_seen(event, seat)
                if told is not event and event.get("seat") == actor and event["kind"] in ("play", "choice"):
                    whole = False        # the action was shown to this seat only in part
                if told is not None:
                    entries.append(_text(told))
            if new_hand:
                hand[seat] = ([], 0)
            elif integers:
                mine = integers if seat == actor or whole else (None,)
                hand[seat] = _pushed(hand[seat], [(actor, i) for i in mine])
            view = state.observation(seat)
            view.pop("legal", None)
            changed = _changes(last[seat], view)
            if changed:
                entries.append("sees " + _text(changed))
                last[seat] = view
            if entries:
                seen[seat] = _pushed(seen[seat], entries)
        return Recall(tuple(seen), tuple(hand), tuple(last))

    def __deepcopy__(self, memo) -> Recall:     # never changed once made: a clone shares it
        return self

    def __reduce__(self):
        """Only each seat's own part of the shared lists."""
        return Recall, (tuple((items[:k], k) for items, k in self.seen),
                        tuple((items[:k], k) for items, k in self.hand), self.last)

    def string(self, seat: int) -> str:
        if seat not in self.texts:
            items, k = self.seen[seat]
            self.texts[seat] = "\n".join(items[:k])
        return self.texts[seat]

    def hand_actions(self, seat: int) -> list[tuple]:
        """(actor, integer or None) for each integer action of the current hand, in order."""
        items, k = self.hand[seat]
        return items[:k]


def remember(match, recall: Recall, integer: int) -> Recall:
    """Choose `integer` in `match` (envs.Match, whose state records its events) and return the
    recall that follows."""
    state = match.state
    actor, integers = state.current_player(), match.chosen + (integer,)
    whole = state.action_from_index(integer, match.chosen)
    text = "" if whole is None else state.action_to_string(whole)
    completed = match.step(integer)
    return recall.after(state, actor, integers, completed, text)


def _text(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def _pushed(part: tuple, entries: list) -> tuple:
    """`part` (a shared list and this state's length of it) with `entries` appended: in place
    when this state is the list's latest, else on a copy of its own part."""
    items, k = part
    if len(items) != k:
        items = items[:k]
    items.extend(entries)
    return items, len(items)


def _changes(before, now):
    """What differs in an observation from the one before, to be written down: of a dict, the
    keys whose values changed (each as its own changes); of a list as long as before, the
    positions that changed, likewise; anything else (a dict that lost a key, a list of another
    length, a number) whole. The first observation is so written whole, and each after it in a
    few dozen characters, from which it is rebuilt exactly."""
    if isinstance(now, dict) and isinstance(before, dict) and before.keys() <= now.keys():
        return {key: _changes(before.get(key, _NEW), value) for key, value in now.items()
                if key not in before or before[key] != value}
    if isinstance(now, list) and isinstance(before, list) and len(now) == len(before) and \
            all(isinstance(v, (dict, list)) for v in now):
        return {str(i): _changes(old, value) for i, (old, value) in enumerate(zip(before, now)) if old != value}
    return now


_NEW = object()          # a key the observation before did not have


def hand_bound(game, players: int) -> int:
    """The integer actions one hand may take (envs.max_game_length for a single hand)."""
    from . import max_game_length
    return max_game_length(game, players) // game.ruleset.max_hands


def tensor_size(game, players: int) -> int:
    """The information state tensor's size: the observation, then a slot per integer action of a
    hand (actor one-hot, the integer one-hot, a flag: not seen)."""
    return game.observation_shape(players)[0] + hand_bound(game, players) * slot_size(game, players)


def slot_size(game, players: int) -> int:
    return players + game.num_distinct_actions(players) + 1


def write_tensor(out, recall: Recall, state, seat: int, chosen: tuple) -> None:
    """The information state tensor of `seat` into `out` (a zeroed array of tensor_size)."""
    game, n = state.prog.game, state.n
    at, values = nonzero(state, seat, chosen)
    out[at] = values
    observed = game.observation_shape(n)[0]
    order = state.prog.orders[seat]
    relative = {s: k for k, s in enumerate(order)}
    size, actions = slot_size(game, n), game.num_distinct_actions(n)
    for k, (actor, integer) in enumerate(recall.hand_actions(seat)[:hand_bound(game, n)]):
        base = observed + k * size
        out[base + relative[actor]] = 1.0
        out[base + n + (actions if integer is None else integer)] = 1.0

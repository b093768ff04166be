"""Actions as integers: one fixed, bounded space per program, derived from the rule file.

The space is the deck's cards, `done`, and the named choices of the file's asks with their
values (a choice of a card, a suit, a seat, a team or a yes/no gets one integer per value; a
choice without a value one integer). Shared by every decision of the file:

    0 … D-1   the deck's cards, in the deck's order (ranks high to low, suit by suit)
    D         done: the cards chosen so far are the whole action
    D+1 …     each choice name (with each of its values), in the order the file first asks it

An action that is one card or one choice is one integer. An action of several cards — a lead of
three cards, a capture (the card played, then the table cards taken), a choice whose value is a
list of cards — is chosen one card at a time, as sub-decisions of the same player: the cards in
the deck's order after the first, and `done` where what was chosen so far is itself a whole
action that could go on (a lead of one card when three could follow). A choice of a whole
number (a bet of a chosen size) is its name, then the number's digits one at a time (`digit 0`
… `digit 9`, and `minus`, at the end of the space, in a file that has such a choice): `raise
20` is `raise`, `digit 2`, `digit 0`, with `done` where `raise 2` could also be meant. Each
decision kind says how its actions are spelt (`spell`, `vocabulary` in lang/steps/); this
module knows no kind.

Every function takes `chosen`, the integers chosen so far towards the action being made (empty
at the start of a decision); the caller keeps it (the adapters in ruledsl/envs/ do).
"""
from __future__ import annotations

from ..errors import RuleError
from .cards import Card
from .show import show
from .actions import IllegalAction, illegal

DIGITS = "0123456789-"         # how a whole number is spelt, one integer each
_KNOWN = 20_000                # spellings kept per decision (a space of bets or melds can be large)


class Coding:
    """The integer action space of one program (its player count)."""

    def __init__(self, prog):
        cards = prog.deck.distinct
        self.card = {c: i for i, c in enumerate(cards)}
        self.card.update((c, self.card[prog.deck.by_name[str(c)]]) for c in prog.deck.cards)   # copies: as the first
        self.names = [str(c) for c in cards] + ["done"]
        self.done = len(cards)
        self.choice: dict = {}                  # (name, value) → integer
        self.numeric: dict = {}                 # decision id → its choices whose value is a whole number
        for d in prog.decisions:
            for name, type_ in d.kind.vocabulary(d):
                if type_ is not None and type_.only("int"):
                    self.numeric.setdefault(d.id, set()).add(name)
                for value in _domain(prog, d, name, type_):
                    if (name, value) not in self.choice:
                        self.choice[name, value] = len(self.names)
                        self.names.append(name if value is None else f"{name} {show(value)}")
        copies: dict = {}                       # a shoe: each card's other copies, named by its choices alike
        for c in prog.deck.cards:
            first = prog.deck.by_name[str(c)]
            if first is not c:
                copies.setdefault(first, []).append(c)
        for (name, value), i in list(self.choice.items()):
            if type(value) is Card:
                self.choice.update(((name, c), i) for c in copies.get(value, ()))
        self.digit: dict = {}                   # '0' … '9', '-' → integer
        if self.numeric:
            for ch in DIGITS:
                self.digit[ch] = len(self.names)
                self.names.append("minus" if ch == "-" else f"digit {ch}")
        self.size = len(self.names)
        self.spelt: dict = {}                   # decision id → {action: its integers}, as met
        self.single: dict = {}                  # decision id (its pc) → {action: its integer}, for those of one

    def spelling(self, st, action) -> tuple:
        """The integers of `action`. A kind spells an action from its decision and the action
        alone (never the state), so each (decision, action) is spelt once and looked up after."""
        d = st.prog.decisions[st.pc]
        known = self.known(d)
        try:
            return known[action]
        except KeyError:
            if len(known) >= _KNOWN:
                known.clear()
            spelt = known[action] = self._spelling(st, d, action)
        except TypeError:                       # an action holding a list: not kept
            spelt = self._spelling(st, d, action)
        return spelt

    def known(self, d) -> dict:
        """The actions of decision `d` spelt so far: action → its integers."""
        known = self.spelt.get(d.id)
        if known is None:
            known = self.spelt[d.id] = {}
        return known

    def _spelling(self, st, d, action) -> tuple:
        numeric = self.numeric.get(d.id, ())
        out = []
        for s in d.kind.spell(st, d, action):
            if not isinstance(s, tuple):
                out.append(self.card[s])
            elif s[0] in numeric and s[1] is not None:       # the choice, then its digits
                out.append(self.choice[s[0], None])
                out += [self.digit[ch] for ch in str(s[1])]
            else:
                out.append(self.choice[s])
        return tuple(out)


def _domain(prog, d, name: str, type_) -> tuple:
    """The values a choice may take, from the static type of its `each:` (or as its decision
    kind says, when it has its own: an auction's bids are places on its ladder)."""
    own = getattr(d.kind, "domain", None)
    if own is not None:
        return own(prog, d, name)
    if type_ is None:
        return (None,)
    domains = {"card": tuple(prog.deck.distinct), "suit": tuple(prog.deck.suits),
               "seat": tuple(range(prog.n)), "team": tuple(range(prog.layout.n_teams)),
               "bool": (False, True)}
    if len(type_.kinds) == 1 and next(iter(type_.kinds)) in domains:
        return domains[next(iter(type_.kinds))]
    if type_.only("list") and type_.item is not None and type_.item.only("card"):
        return (None,)                          # the choice, then its cards one at a time
    if type_.only("int"):
        return (None,)                          # the choice, then its digits one at a time
    raise RuleError(d.span, f"the choice '{name}' takes {type_.plural()}, which have no fixed "
                    "set of integer actions (for reinforcement learning)",
                    "give its `each:` cards, lists of cards, whole numbers, suits, seats, teams or yes/no values")


def coding(prog) -> Coding:
    """The program's coding, made once."""
    made = getattr(prog, "coding", None)
    if made is None:
        made = prog.coding = Coding(prog)
    return made


def spellings(st) -> list:
    """(integers, action) for every legal action of the state. A caller that chooses an action
    integer by integer (envs.Match) may make them once and pass them to the functions below as
    `every`: they are the same until an action is applied."""
    return list(zip(*spelt(st)))


def spelt(st) -> tuple[list, list]:
    """The legal actions of the state and their integers, as two lists: (integers, actions)."""
    code = coding(st.prog)
    known, actions = code.known(st.prog.decisions[st.pc]), st.legal_actions()
    try:
        return list(map(known.__getitem__, actions)), actions      # each spelt already: one lookup
    except (KeyError, TypeError):
        pass
    out = []
    for a in actions:
        try:
            out.append(known[a])
        except (KeyError, TypeError):
            out.append(code.spelling(st, a))
    return out, actions


def singles(st) -> tuple[list, list] | None:
    """(the integer of each legal action, the actions) where each legal action is one integer
    already kept (a card played: every decision of a trick game), read from the decision's
    table of them (an action is spelt from the decision and the action alone): a step of a
    trick game spells nothing. None where an action is not in it."""
    single = coding(st.prog).single.get(st.pc)
    if single is not None:
        actions = st.legal_actions()
        try:
            return list(map(single.__getitem__, actions)), actions
        except (KeyError, TypeError):
            pass
    return None


def keep_singles(st, spelt: list, actions: list) -> list[int] | None:
    """The integers of the state's legal `actions` (`spelt`, as `spelt` gives them) where each
    is one integer, kept in the decision's table for `singles`; None where one is several."""
    if sum(map(len, spelt)) != len(spelt):               # none is empty
        return None
    ints = [s[0] for s in spelt]
    single = coding(st.prog).single.setdefault(st.pc, {})
    if len(single) >= _KNOWN:
        single.clear()
    try:
        single.update(zip(actions, ints))
    except TypeError:                                    # an action holding a list: not kept
        pass
    return ints


def legal_indices(st, chosen: tuple = (), every: list | None = None) -> list[int]:
    """The integers the player to move may choose next, sorted (empty when nobody is to move)."""
    k, nexts, whole = len(chosen), set(), False
    for spelt, _ in spellings(st) if every is None else every:
        if spelt[:k] == chosen:
            if len(spelt) > k:
                nexts.add(spelt[k])
            else:
                whole = True
    if whole and nexts:
        nexts.add(coding(st.prog).done)
    return sorted(nexts)


def legal_mask(st, chosen: tuple = ()) -> list[int]:
    mask = [0] * coding(st.prog).size
    for i in legal_indices(st, chosen):
        mask[i] = 1
    return mask


def action_from_index(st, i: int, chosen: tuple = (), every: list | None = None):
    """The action that choosing `i` after `chosen` completes, or None when more must be chosen.
    An integer that is not legal there raises IllegalAction."""
    every = spellings(st) if every is None else every
    legal = legal_indices(st, chosen, every)
    if i not in legal:
        after = f" after {list(chosen)}" if chosen else ""
        raise IllegalAction(f"integer action {i!r} is not legal now{after}; legal: {legal}",
                            [str(n) for n in legal])
    done = i == coding(st.prog).done
    want = chosen if done else chosen + (i,)
    longer = any(len(s) > len(want) and s[:len(want)] == want for s, _ in every)
    if longer and not done:
        return None
    return next(a for s, a in every if s == want)


def action_indices(st, action) -> tuple:
    """The integers that choose `action` (a legal action), in order."""
    every = spellings(st)
    spelt = next((s for s, a in every if a == action), None)
    if spelt is None:
        raise illegal(st, action)
    if any(len(s) > len(spelt) and s[:len(spelt)] == spelt for s, _ in every):
        return spelt + (coding(st.prog).done,)
    return spelt

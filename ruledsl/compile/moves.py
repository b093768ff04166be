"""How the statements that move cards are written (`move`, `reveal`, `shuffle`): a card most
likely where its choice found it is taken from there, `last(zone)` popped, a whole zone moved as
one list, and each move teaches what runtime/helpers.py's move_cards would (knowledge.Viewers),
written at the move. A part of compile/scope.py's GameScope, which holds the zones' indices."""
from __future__ import annotations

from ..expr import ast
from ..expr.codegen import Frag
from ..expr.types import CARDS, SHOWN_TO
from ..lang.builtins.lists import last_of
from ..runtime import helpers, knowledge


class CardMoves:
    """GameScope's statements that move cards (it gives `program`, `target_zone`)."""

    def move(self, c, node: ast.Move) -> None:
        cards = c.value(node.cards, CARDS, "`move`")
        dest = self.target_zone(c, node.zone)
        if cards.origin is not None and cards.type.only("card", "none"):
            if cards.src == last_of(cards.origin):
                self.move_last(c, cards.origin, dest)
            else:
                self.move_from(c, c.atom(cards), node.cards, dest)
        elif cards.first_of is not None and cards.first_of.isdigit() and dest.isdigit() and cards.first_of != dest:
            self.move_first(c, c.atom(cards), cards.first_of, dest)
        else:
            c.unit.emit(self.move_source(c, cards, node.cards, dest))

    def move_first(self, c, cards: Frag, source: str, dest: str) -> None:
        """Move a new list of the first cards of zone `source`, in its order (the pile but its top
        card: Frag.first_of) to zone `dest`: one slice taken off, what runtime/helpers.py's
        move_cards does with them (`_took_first`) without its copy and its look through the zones."""
        x, teach = c.src(cards), self.program.viewers.teachers[int(source)][int(dest)]
        taken = [(0, f"{c.unit.const(teach)}(st, {c.unit.const(knowledge.mask)}({x}))")] if teach is not None else []
        c.unit.block(f"if {x}:", [*taken, (0, f"del st.zones[{source}][:_len({x})]"),
                                  (0, f"st.zones[{dest}] += {x}")])

    def move_from(self, c, card: Frag, node, dest: str) -> None:
        """Move one card (or none) that most likely lies in zone `card.origin` (a choice's `each:`
        zone, `last(deck)`): found there, it is taken without move_cards' look through every zone,
        and the move teaches what move_cards' would (Viewers.teachers); anywhere else, move_cards
        moves it. A card lies in one place, so both ways move it alike."""
        x, source, w = c.src(card), card.origin, c.unit
        shown, self.program.shown_move = self.program.shown_move, None
        here = w.temp()
        w.emit(f"{here} = st.zones[{source}]")
        # remove's own look for the card tells whether it is there (no `in` looking first)
        w.block("try:", [(0, f"{here}.remove({x})")])
        elsewhere = [(0, f"_move_cards(st, {self.card_list(c, card, node)}, {dest})")]
        if shown is not None:           # shown first, as ask.py's answer would have been
            bit = self.program.w.const(knowledge.BIT, "BITS")
            elsewhere.insert(0, (0, f"{self.program.w.const(self.program.viewers.publish, 'PUBLISH')}(st, {bit}[{x}])"))
        w.block("except _ValueError:", elsewhere)
        w.block("else:", [(0, f"st.zones[{dest}].append({x})"), *self.taught(c, x, source, dest, shown is not None)])

    def move_last(self, c, source: str, dest: str) -> None:
        """Move `last(zone)` (zone index `source`): the card there is the list's last, and a card
        lies in a zone once, so it is popped — what move_from's remove does, without two looks
        through the zone (a stock's, at every card drawn); of an empty zone, none moves."""
        x, here, w = c.unit.temp(), c.unit.temp(), c.unit
        w.emit(f"{here} = st.zones[{source}]")
        w.block(f"if {here}:", [(0, f"{x} = {here}.pop()"), (0, f"st.zones[{dest}].append({x})")]
                + self.taught(c, x, source, dest))

    def taught(self, c, x: str, source: str, dest: str, shown: bool = False) -> list:
        """The lines recording what moving card `x` from zone `source` to `dest` teaches
        (Viewers.teachers), as move_cards' would; `shown`: the card is shown to everyone first
        (an answer's card, ask.py), in the same call (Viewers.shown_teachers)."""
        w, names, viewers = c.unit, self.program.w, self.program.viewers
        teachers, still = (viewers.shown_teachers, viewers.publish) if shown else (viewers.teachers, None)
        bit = names.const(knowledge.BIT, "BITS")
        if source.isdigit() and dest.isdigit():
            teach = still if source == dest else teachers[int(source)][int(dest)]
            return [(0, f"{w.const(teach, 'TEACH')}(st, {bit}[{x}])")] if teach is not None else []
        teach = w.temp()
        moving = tuple(tuple(still if i == j else row[j] for j in range(len(row))) for i, row in enumerate(teachers))
        if shown and dest.isdigit():    # a teacher for every zone it may come from (a seat's hand)
            column = tuple(row[int(dest)] for row in moving)
            return [(0, f"{names.const(column, 'SHOWN_TEACHERS')}[{source}](st, {bit}[{x}])")]
        if shown:                       # a teacher for every pair
            return [(0, f"{names.const(moving, 'SHOWN_TEACHERS')}[{source}][{dest}](st, {bit}[{x}])")]
        table = names.const(moving, 'TEACHERS')
        taught = [(0, f"{teach} = {table}[{source}][{dest}]"), (0, f"if {teach} is not None:"),
                  (1, f"{teach}(st, {bit}[{x}])")]
        if not (source.isdigit() and all(lesson is None or not lesson[0] for lesson in viewers.lessons[int(source)])):
            return taught
        # from a zone whose moves make no mask gain the cards (a face-down stock): a move's
        # teacher makes st.know masks and, only while some void is known, tests whether a hand
        # took cards not known to all; so while none is, that is written here, without a call
        zeros = (0,) * (1 + self.program.n)
        return [(0, "if st.voids:"), *((1 + indent, line) for indent, line in taught),
                (0, f"elif st.know is None and {table}[{source}][{dest}] is not None:"),
                (1, f"st.know = {zeros!r}")]

    def move_source(self, c, cards: Frag, node, dest: str) -> str:
        """The statement moving `cards` to zone `dest`: a whole zone's cards are known to lie
        there alone, so they are moved as one list."""
        if cards.zone is not None:
            source = cards.zone
            if dest.isdigit() and source.isdigit() and source != dest and \
                    self.program.viewers.silent[int(source)][int(dest)]:    # no knowledge to keep: the lists
                return f"st.zones[{dest}] += st.zones[{source}]; st.zones[{source}].clear()"
            return f"_move_zone(st, {source}, {dest})"
        return f"_move_cards(st, {self.card_list(c, cards, node)}, {dest})"

    def reveal(self, c, node: ast.Reveal) -> None:
        cards = c.value(node.cards, CARDS, "`reveal`")
        if node.to is None:
            c.unit.emit(f"_reveal(st, {self.card_list(c, cards, node.cards)})")
            return
        to = c.value(node.to, SHOWN_TO, "`reveal … to`")
        c.unit.emit(c.call(helpers.reveal_to, "st", self.card_list(c, cards, node.cards), c.src(to),
                           c.span_const(node.to)))

    def shuffle(self, c, node: ast.Shuffle) -> None:
        c.unit.emit(c.call(helpers.shuffle_zone, "st", self.target_zone(c, node.zone), repr(node.zone.name)))

    def card_list(self, c, cards: Frag, node) -> str:
        """Source of a fresh list of the cards `cards` gives (checked unless its type says so)."""
        if cards.type.only("list") and cards.type.item is not None and cards.type.item.only("card"):
            return f"_list({c.src(cards)})"
        if cards.type.only("card"):
            return f"[{c.src(cards)}]"
        if cards.type.only("card", "none"):           # `last(deck)`: a card, or none (no card)
            x = c.src(c.atom(cards))
            return f"([{x}] if {x} is not None else [])"
        return c.call(helpers.card_list, c.src(cards), c.span_const(node))

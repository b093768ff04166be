"""The ranking in force, as the generated code reads it: the card tables (runtime/ranking.py)
under the trumps as they are now — a constant when nothing of the trumps can change, else the
`_ranking(st)` written here, which looks the situation up (the trump suit, the order in force,
whether each promotion holds) in a cache of tables made on first use."""
from __future__ import annotations

from ..expr.types import A_SUIT, CONDITION, TEXT
from ..runtime.ranking import Rankings


class RankingCode:
    """A program's ranking: `c.ranking` of the Compiler `c`, for the step kinds that rank cards."""

    def __init__(self, c) -> None:
        self.c = c
        trumps = c.ruleset.trumps
        self.rankings = Rankings(c.deck, [(c.deck.card(p.card.text), p.above.text if p.above else None)
                                          for p in (trumps.promote if trumps else ())],
                                 ordered=trumps is not None and trumps.order is not None)
        # Whether the cards rank the same all match long (no trump suit, order or condition varies)
        self.fixed = trumps is None or (trumps.suit is None and trumps.order is None
                                        and all(p.when is None for p in trumps.promote))
        self._source: str | None = None

    def tables(self, *names: str, read: bool = True) -> tuple[str, ...]:
        """Sources of the Ranking's tables `names` (default suit, power, trump) under the trumps
        as they are now: the tables themselves when they never change, else read from the
        ranking, which `read` writes to `r` first (else `r` holds it already)."""
        names = names or ("suit", "power", "trump")
        if self.fixed:
            r = self.rankings.get(None)
            return tuple(self.c.w.const(getattr(r, name), name.upper()) for name in names)
        if read:
            self.c.w.line(f"r = {self.source()}")
        return tuple(f"r.{name}" for name in names)

    def source(self) -> str:
        """Source of the current Ranking (under the trumps as they are now). The situation's key
        is written here: the trump suit, the order in force (`trumps.order`), then whether each
        promotion holds (runtime/ranking.py `Rankings.get`)."""
        c, w = self.c, self.c.w
        if self.fixed:
            return w.const(self.rankings.get(None), "RANKING")
        if self._source is not None:
            return self._source
        trumps = c.ruleset.trumps
        self._source = "_ranking(st)"
        with w.elsewhere():
            f = w.function("_ranking", "st")
            parts = [c.frag(trumps.suit, A_SUIT, "`trumps.suit`")] if trumps.suit is not None else []
            key = [c.w_src(parts[0])] if parts else ["None"]
            if trumps.order is not None:
                order = c.frag(trumps.order, TEXT, "`trumps.order`")
                if order.const is not None:          # a constant order is checked now
                    self.rankings.order(order.const[0], trumps.order.span)
                parts.append(order)
                key.append(c.w_src(order))
            for p in trumps.promote:
                if p.when is not None:
                    parts.append(c.frag(p.when, CONDITION))
                    key.append(f"(not not ({c.w_src(parts[-1])}))")
                else:
                    key.append("True")
            key = key[0] if len(key) == 1 else "(" + ", ".join(key) + ")"
            cache, get = w.const(self.rankings.cache, "RANKINGS"), w.const(self.rankings.get, "RANKING_OF")
            if not f.items and all(p.steady or p.const is not None for p in parts):
                # read from counters and options only: it cannot fail, so it is written where
                # it is used, without a call (a Ranking is never false)
                self._source = f"({cache}.get({key}) or {get}({key}))"
            w.line(f"key = {key}")
            w.line(f"r = {cache}.get(key)")     # a ranking per situation, made once
            w.line(f"return r if r is not None else {get}(key)")
        return self._source

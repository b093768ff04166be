"""`ask`: a decision offered to one player, or to several in turn.

    AskInit (push the seats to ask) ─▶ Ask (wait) ─▶ choice's then-block ─▶ back to Ask … ─▶ end

An action is (choice index, parameter): `pass`, `declare`, `trump H`, `discard 4C`. The asked seats
live on a small stack in the state, so an ask inside another ask's `then` works.
"""
from __future__ import annotations

from ..errors import RuleError, did_you_mean
from ..yamlnodes import Map, as_bool, as_list, as_map, as_text
from .flow import Jump, Op, show
from .state import NOBODY

CHOICE_KEYS = ("each", "when", "do", "then", "secret")     # the keys of one answer of an `ask`


class Choice:
    __slots__ = ("name", "param", "values", "when", "do", "block", "secret", "src")

    def __init__(self, name, param, values, when, do):
        self.name, self.param, self.values, self.when, self.do = name, param, values, when, do
        self.block = None
        self.secret = False      # `secret: true`: only the chooser is told the parameter
        self.src = None          # (the choice's YAML mapping, its names in scope): for why_not


class AskInit(Op):
    __slots__ = ("here", "who")

    def __init__(self, here, who, span):
        self.here, self.who, self.span = here, who, span

    def run(self, st):
        seats = self.who(st)
        st.asks = st.asks + (tuple([seats] if isinstance(seats, int) else seats),)
        return self.here + 1


class Ask(Op):
    __slots__ = ("here", "choices", "until", "end", "prompt")

    def __init__(self, here, choices, until, prompt, span):
        self.here, self.choices, self.until, self.prompt, self.span = here, choices, until, prompt, span
        self.end = None

    def run(self, st):
        while st.asks[-1]:
            seat = st.asks[-1][0]
            st.locals["player"] = seat
            if self.legal(st):
                st.player = seat
                return None
            st.asks = st.asks[:-1] + (st.asks[-1][1:],)     # nothing to offer: ask the next
        st.asks = st.asks[:-1]
        st.player = NOBODY
        return self.end

    def legal(self, st) -> list:
        st.locals["player"] = st.asks[-1][0]
        out = []
        for i, ch in enumerate(self.choices):
            if ch.param is None:
                if ch.when is None or ch.when(st):
                    out.append((i, None))
                continue
            for value in ch.values(st):
                st.locals[ch.param] = value
                if ch.when is None or ch.when(st):
                    out.append((i, value))
        return out

    def apply(self, st, action):
        i, value = action
        ch = self.choices[i]
        seat = st.asks[-1][0]
        rest = () if ch.name in self.until else st.asks[-1][1:]
        st.asks = st.asks[:-1] + (rest,)
        st.locals["player"] = seat
        if ch.param is not None:
            st.locals[ch.param] = value
        if ch.secret:                # the table tells the others only the choice's name
            st.emit("choice", seat=seat, action=self.text(st, action), public=ch.name)
        else:
            st.emit("choice", seat=seat, action=self.text(st, action))
        st.player = NOBODY
        if ch.do is not None:
            ch.do(st)
        return ch.block if ch.block is not None else self.here

    def text(self, st, action) -> str:
        i, value = action
        name = self.choices[i].name
        return name if value is None else f"{name} {show(value)}"

    def describe(self, st) -> str:
        return self.prompt or "choose"

    def why_not(self, st, action) -> str:
        """Why `action` (text or value) is not legal now: from the choices' `each` and `when`."""
        from .whynot import ask_why_not
        return ask_why_not(self, st, action)


def compile_ask(b, step, locals_):
    from .steps import nested
    m = step.args
    inner = tuple(locals_) + ("player",)
    b.emit(AskInit(b.here, b.expr(m.get("who"), inner), step.span))
    choices_node = as_map(m.get("choices"), "choices")
    choices, blocks = [], []
    for key, value in choices_node.entries:
        choices.append(_choice(b, key, value, inner, blocks))
    names = [c.name for c in choices]
    until = set()
    if m.get("until") is not None:
        for item in _names(m.get("until")):
            if as_text(item, "a choice named by until") not in names:
                raise RuleError(item.span, f"'until' names '{item.text}', which is not a choice here",
                                did_you_mean(item.text, names) or f"the choices are: {', '.join(names)}")
            until.add(item.text)
    prompt = as_text(m.get("prompt"), "prompt") if m.get("prompt") else ""
    ask = b.emit(Ask(b.here, choices, until, prompt, step.span))
    for choice, then in blocks:
        choice.block = b.here
        nested(b, then, f"choice '{choice.name}'", tuple(inner) + ((choice.param,) if choice.param else ()))
        b.emit(Jump(ask.here))
    ask.end = b.here


def _names(node):
    from ..yamlnodes import Scalar
    return [node] if isinstance(node, Scalar) else list(as_list(node, "until"))


def _choice(b, key, value, inner, blocks) -> Choice:
    name = key.text
    if not name.replace("_", "").isalnum() or not name.islower():
        raise RuleError(key.span, f"'{name}' cannot name a choice", "choices are lower-case words")
    if value is None or (not isinstance(value, Map) and getattr(value, "text", None) in ("", "~", "null")
                          and not getattr(value, "style", "")):
        return Choice(name, None, None, None, None)
    m = as_map(value, f"choice '{name}'")
    b.check_keys(m, CHOICE_KEYS, f"choice '{name}'")
    param, values = None, None
    if m.get("each") is not None:
        param, values = b.binding(m.get("each"), inner)
    scope = tuple(inner) + ((param,) if param else ())
    when = b.expr(m.get("when"), scope) if m.get("when") is not None else None
    do = b.statements(m.get("do"), scope) if m.get("do") is not None else None
    ch = Choice(name, param, values, when, do)
    ch.secret = m.get("secret") is not None and as_bool(m.get("secret"), "secret")
    ch.src = (m, scope)
    if m.get("then") is not None:
        blocks.append((ch, m.get("then")))
    return ch

"""The brute force an ask's structured answers are checked against (tests/test_structured.py,
test_structured_once.py): the ask's own `_e`, every candidate with the reason it is not offered,
written the plain way. `_l` must give the answers `_e` offers, in `_e`'s order.

A plan that fails lists the answers as `_e` does (its fallback), which would hide a plan that
fails where it should not behind a slow path: so each program is also compiled without the
fallback (`strict`), and its `_l` must give the same answers, or fail with an error of the rule
file (an EvalError: a part tested where the brute force would not reach it, such as
`standing[0]` of an empty play with no candidate to test it on) — never another exception.
"""
from __future__ import annotations

import functools

import ruledsl
from ruledsl.expr.values import EvalError
from ruledsl.lang.steps import candidates


@functools.cache
def strict(path) -> ruledsl.Game:
    """The rule file's game compiled without the plans' fallback."""
    candidates.FALLBACK = False
    try:
        return ruledsl.load_game(path)
    finally:
        candidates.FALLBACK = True


def offered(st) -> list:
    return [a for a, why in st.prog.explain[st.pc](st) if why is None]


def same_answers(st, without_fallback) -> bool:
    """Whether `_l` offers what `_e` does, with its fallback and without (see the module's doc);
    None where the brute force itself fails."""
    try:
        expected = offered(st)
    except Exception:
        return None
    if st.prog.legal[st.pc](st) != expected or not drawn_alike(st, expected):
        return False
    try:
        return without_fallback.program(st.n).legal[st.pc](st) == expected
    except EvalError:
        return True


def drawn_alike(st, expected) -> bool:
    """Whether an ask's answers asked for lazily (as its head asks them for a play-out:
    runtime/offered.py) are `expected`, answer by answer as a play-out draws them, then whole."""
    legal = st.prog.legal[st.pc]
    if "lazy" not in legal.__code__.co_varnames[:legal.__code__.co_argcount]:
        return True
    answers = legal(st, True)
    return len(answers) == len(expected) and [answers[i] for i in range(len(expected))] == expected \
        and list(answers) == expected and answers[:] == expected

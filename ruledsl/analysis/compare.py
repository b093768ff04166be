"""`compare`: the figures of several studies side by side, each difference with its interval and
significance, and a sentence per figure a designer can read ("matches are 38% shorter; the
dealer's advantage is gone").

A report is flattened into Figures with stable keys, so the same figure of the base and of a
variant meet even when the variant adds or drops rules or phases. The difference of two
figures has the interval stats.difference builds from their own intervals, and its test is
Fisher's exact test for two proportions, else a two-sample z-test on their standard errors
(Welch: the runs are independent); medians and 90th percentiles are shown but not tested.
"""
from __future__ import annotations

import attrs

from .stats import ALPHA, Estimate, difference, difference_p, z_test


@attrs.frozen
class Figure:
    key: str                      # the same figure in every report
    section: str
    label: str
    estimate: Estimate
    percent: bool = False         # a share, shown as a percentage
    change: tuple | None = None   # (subject, word for more, word for less): a relative sentence
    who: str | None = None        # an edge of someone ("the dealer"): sentences about an advantage
    headline: bool = False        # always summed up; other figures only when they differ
    summed: bool = True           # False: in the table only (one of many similar figures)
    says: str | None = None       # the sentence of a change, with {a} and {b} for the two values


def figures(report: dict) -> list[Figure]:
    """The comparable figures of one report."""
    out: list[Figure] = []
    length = report["length"]
    out += [Figure("length.hands", "length", "hands per match", length["hands"]["mean"],
                   change=("matches are", "longer", "shorter"), headline=True),
            Figure("length.decisions_per_hand", "length", "decisions per hand",
                   length["decisions_per_hand"]["mean"], change=("hands take", "more decisions", "fewer decisions"),
                   headline=True),
            Figure("length.minutes", "length", f"minutes per match ({length['think']:g} s a decision)",
                   length["minutes"]["mean"], change=("a match takes", "longer", "less time"), headline=True)]
    fair = report["fairness"]
    for role, who in (("dealer", "the dealer"), ("first_player", "the first player")):
        if fair[role] is not None:
            out.append(Figure(f"fairness.{role}", "fairness", f"{who}'s edge per hand", fair[role]["edge"],
                              who=who, headline=True))
    for row in fair["positions"]:
        out.append(Figure(f"fairness.position.{row['position']}", "fairness",
                          f"win rate, {position_name(row['position'], fair['first_position'])}",
                          row["win_rate"], percent=True))
    choice = report["choice"]
    out += [Figure("choice.branching", "choice", "legal actions per decision", choice["overall"]["branching"],
                   change=("players have", "more choice", "less choice"), headline=True),
            Figure("choice.forced", "choice", "forced decisions", choice["overall"]["forced"], percent=True,
                   headline=True, says="{a} → {b} of the decisions are forced (one legal action)")]
    out += [Figure(f"choice.phase.{row['phase']}", "choice", f"legal actions, {row['phase']}", row["branching"],
                   summed=False) for row in choice["phases"]]
    for row in report["events"]:
        share, per = ("hands", "of hands") if row["hands"] is not None else ("matches", "of matches")
        literal = row["rule"].replace("{", "{{").replace("}", "}}")      # a label's braces, if any, stay
        out.append(Figure(f"events.{row['rule']}", "events", f"{row['rule']} ({per})", row[share], percent=True,
                          says=f"“{literal}” fires in {{a}} → {{b}} {per}"))
    if report["drama"] is not None:
        d = report["drama"]
        out += [Figure("drama.lead_changes", "drama", "lead changes per match", d["lead_changes"],
                       change=("the lead changes", "more often", "less often"), headline=True),
                Figure("drama.drama", "drama", "drama (Ludii)", d["drama"], headline=True,
                       says="the eventual winner trails the leader by {a} → {b} on average (Ludii's drama)"),
                Figure("drama.cardstock_drama", "drama", "drama (CardStock)", d["cardstock_drama"],
                       says="CardStock's drama: {a} → {b}"),
                Figure("drama.decisiveness", "drama", "decided after (Ludii)", d["decisiveness"], percent=True,
                       headline=True, says="the winner's lead becomes final after {a} → {b} of the match"),
                Figure("drama.cardstock_decisiveness", "drama", "decisiveness (CardStock)",
                       d["cardstock_decisiveness"], says="CardStock's decisiveness: {a} → {b}"),
                Figure("drama.comebacks", "drama", "winner came from behind", d["comebacks"], percent=True,
                       headline=True, says="the winner comes from behind in {a} → {b} of matches")]
    if isinstance(report["skill"], dict):
        for name, run in report["skill"].items():
            out.append(Figure(f"skill.{name}", "skill", f"win rate, {name}", run["win_rate"], percent=True,
                              headline=True, says=f"{name}: the strong bot wins {{a}} → {{b}} of matches"))
    return out


def position_name(k: int, first: int | None) -> str:
    name = "the first dealer" if k == 0 else f"the first dealer + {k}"
    return name + (" (plays first)" if k == first else "")


def compare(reports: list[dict]) -> list[dict]:
    """A row per figure of any report (the base's first, then those only a variant has, such
    as a rule it adds): its value in every report, and per variant the difference from the
    base, its p-value, whether it is significant, and the sentence."""
    found = [{f.key: f for f in figures(r)} for r in reports]
    keys = list(dict.fromkeys(key for figures_ in found for key in figures_))
    rows = []
    for key in keys:
        base = found[0].get(key)
        figure = base or next(f[key] for f in found if key in f)
        rows.append({"figure": figure, "values": [f[key].estimate if key in f else None for f in found],
                     "changes": [_change(base, other.get(key)) for other in found[1:]]})
    return rows


def _change(base: Figure | None, other: Figure | None) -> dict:
    if base is None or other is None or base.estimate.value is None or other.estimate.value is None:
        return {"difference": Estimate(None), "p": None, "significant": False, "sentence": None}
    diff = difference(base.estimate, other.estimate)
    p = difference_p(base.estimate, other.estimate)
    significant = p is not None and p < ALPHA
    sentence = _sentence(base, other, diff, significant)
    return {"difference": diff, "p": p, "significant": significant,
            "sentence": sentence if base.headline or (significant and base.summed) else None}


def _sentence(base: Figure, other: Figure, diff: Estimate, significant: bool) -> str:
    a, b = base.estimate.value, other.estimate.value
    if base.who:
        return _advantage(base.who, base.estimate, other.estimate, significant)
    if not significant:
        return f"{base.label}: no significant difference ({show(a, base.percent)} → {show(b, base.percent)})"
    if base.change and a:
        subject, more, less = base.change
        return f"{subject} {abs(diff.value / a):.0%} {more if diff.value > 0 else less}"
    if base.says:
        return base.says.format(a=show(a, base.percent), b=show(b, base.percent))
    return f"{base.label}: {show(a, base.percent)} → {show(b, base.percent)}"


def _advantage(who: str, a: Estimate, b: Estimate, changed: bool) -> str:
    def edge(e):
        p = z_test(e)
        return 0 if p is None or p >= ALPHA else (1 if e.value > 0 else -1)
    before, after = edge(a), edge(b)
    word = {1: "advantage", -1: "disadvantage"}
    if before and not after:
        return f"{who}'s {word[before]} is gone"
    if after and not before:
        return f"{who} now has a{'n' if after > 0 else ''} {word[after]} ({show(b.value)} a hand)"
    if before and after:
        if before != after:
            return f"{who}'s {word[before]} turns into a{'n' if after > 0 else ''} {word[after]}"
        verb = ("grows" if abs(b.value) > abs(a.value) else "shrinks") if changed else "remains"
        return f"{who}'s {word[before]} {verb} ({show(a.value)} → {show(b.value)} a hand)"
    return f"{who} has no significant advantage in either"


def show(x, percent: bool = False) -> str:
    """A figure for people: a percentage, or a number with a sensible number of digits."""
    if x is None:
        return "—"
    if percent:
        return f"{100 * x:.1f}%".replace("-", "−")
    size = abs(x)
    text = f"{x:.0f}" if size >= 100 else f"{x:.1f}" if size >= 10 else f"{x:.2f}" if size >= 1 else f"{x:.3f}"
    return text.replace("-", "−")

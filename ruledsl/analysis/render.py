"""The reports for people (rich tables on a terminal) and for programs (plain JSON data)."""
from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..runtime.helpers import SEAT_NAMES
from .compare import position_name, show
from .stats import Estimate


def plain(value):
    """A report as JSON-ready data: an Estimate becomes {value, low, high, n}."""
    if isinstance(value, Estimate):
        return value.to_dict()
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, float):
        return round(value, 6)
    return value


def interval(e: Estimate | None, percent: bool = False) -> str:
    """`value [low, high]`, or the value alone when it has no interval."""
    if e is None or e.value is None:
        return "—"
    if e.low is None or (e.low == e.value == e.high and not percent):
        return show(e.value, percent)
    return f"{show(e.value, percent)} [{show(e.low, percent)}, {show(e.high, percent)}]"


def change(e: Estimate, percent: bool) -> str:
    """A difference, signed; a difference of shares in percentage points."""
    if e.value is None:
        return "—"
    if not percent:
        sign = "+" if e.value > 0 else ""
        return sign + interval(e)
    def points(x):
        return f"{100 * x:+.1f}".replace("-", "−")
    return f"{points(e.value)} pt [{points(e.low)}, {points(e.high)}]"


def p_value(p: float | None) -> str:
    if p is None:
        return "—"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _table(title: str, *columns: str) -> Table:
    table = Table(title=title, title_justify="left", title_style="bold", box=None, pad_edge=False,
                  header_style="dim")
    for i, column in enumerate(columns):
        table.add_column(column, justify="left" if i == 0 else "right")
    return table


def console() -> Console:
    """Standard output; a pipe or file gets lines wide enough for the tables, without colour."""
    plain_out = Console()
    return plain_out if plain_out.is_terminal else Console(width=120, no_color=True, highlight=False)


# -- analyze --------------------------------------------------------------------------------------

def analysis(report: dict, out: Console, seconds: float | None = None) -> None:
    n = report["players"]
    bots = _lineup(report["bots"])
    done = f"{report['matches']} matches" + (f" of {report['asked']} (interrupted)"
                                             if report["matches"] < report["asked"] else "")
    speed = f", {seconds:.1f} s" if seconds is not None else ""
    out.print(f"[bold]{escape(report['name'])}[/bold] — {n} players, {done}, seed {report['seed']}, {bots}{speed}")
    if not report["matches"]:
        return
    for part in (_fairness, _length, _choice, _events, _drama, _skill):
        out.print()
        part(report, out)


def _lineup(specs) -> str:
    if len(set(specs)) == 1:
        return f"bots: {specs[0]} in every seat"
    return "bots: " + ", ".join(f"{SEAT_NAMES[i]} {s}" for i, s in enumerate(specs))


def _fairness(report, out) -> None:
    fair = report["fairness"]
    table = _table("Fairness: who wins", "", "win rate [95% CI]", "p")
    for seat, e in enumerate(fair["seats"]):
        table.add_row(f"seat {SEAT_NAMES[seat]}", interval(e, True), "")
    for i, e in enumerate(fair["sides"] or ()):
        members = " + ".join(SEAT_NAMES[s] for s in report["teams"][i])
        table.add_row(f"team {members}", interval(e, True), "")
    for row in fair["positions"]:
        flag = "  significant" if row["significant"] else ""
        table.add_row(position_name(row["position"], fair["first_position"]),
                      interval(row["win_rate"], True), p_value(row["p"]) + flag)
    out.print(table)
    out.print(f"[dim]Positions count from the first hand's dealer in the direction of play; each p is "
              f"an exact binomial test of that position's wins against the mean, "
              f"{show(fair['fair_share'], True)}. A team's win counts for each of its seats; "
              f"ties count for every winner.[/dim]")
    for role, who in (("dealer", "the dealer"), ("first_player", "the first player")):
        edge = fair[role]
        if edge is None:
            out.print(f"{who.capitalize()}'s edge per hand: not measured (the file declares no result.hand)")
            continue
        verdict = "a significant " + ("advantage" if edge["edge"].value > 0 else "disadvantage") \
            if edge["significant"] else "no significant advantage"
        out.print(f"{who.capitalize()}'s edge per hand (result.hand less the others' mean): "
                  f"{interval(edge['edge'])}, p {p_value(edge['p'])} (z-test, matches as clusters): {verdict}")


def _length(report, out) -> None:
    length = report["length"]
    table = _table("Length", "", "mean [95% CI]", "median [95% CI]", "90th percentile [95% CI]")
    for key, label in (("hands", "hands per match"), ("decisions_per_hand", "decisions per hand"),
                       ("decisions", "decisions per match"),
                       ("minutes", f"minutes per match at {length['think']:g} s a decision")):
        row = length[key]
        table.add_row(label, interval(row["mean"]), interval(row["median"]), interval(row["p90"]))
    out.print(table)
    out.print("hands per match: " + _bars(length["hands"]["histogram"]))


def _bars(histogram: dict, width: int = 40) -> str:
    """A histogram in one line per value: `11 ████▌ 37.5%`."""
    total = sum(histogram.values()) or 1
    top = max(histogram.values() or [1])
    lines = []
    for value, count in histogram.items():
        cells = count / top * width
        lines.append(f"  {value:>5} {'█' * int(cells)}{'▌' if cells - int(cells) >= 0.5 else ''} "
                     f"{100 * count / total:.1f}%")
    return "\n" + "\n".join(lines)


def _choice(report, out) -> None:
    choice = report["choice"]
    table = _table("Choice: legal actions per decision", "phase", "share of decisions",
                   "legal actions [95% CI]", "forced [95% CI]")
    overall = choice["overall"]
    table.add_row("every decision", "100%", interval(overall["branching"]), interval(overall["forced"], True))
    for row in choice["phases"]:
        table.add_row(row["phase"], show(row["share"], True), interval(row["branching"]),
                      interval(row["forced"], True))
    out.print(table)
    out.print("[dim]A phase is a decision's kind (the words its actions start with) and its round: the "
              "how-many-th such decision of that player in the hand (in a trick game, the trick).[/dim]")


def _events(report, out) -> None:
    table = _table("Rules: how often each fires", "rule", "where", "hands [95% CI]", "matches [95% CI]",
                   "times a match")
    for row in report["events"]:
        table.add_row(escape(row["rule"]), escape(row["where"]), interval(row["hands"], True) if row["hands"] else "—",
                      interval(row["matches"], True), show(row["per_match"].value))
    out.print(table)


def _drama(report, out) -> None:
    d = report["drama"]
    if d is None:
        out.print("[bold]Drama[/bold]: not measured (the file declares no result.hand, so there are no standings)")
        return
    table = _table("Drama: how the standings move (cumulative result.hand)", "", "mean [95% CI]")
    table.add_row("lead changes per match", interval(d["lead_changes"]))
    table.add_row("lead changes per hand (Ludii Lead Change)", interval(d["lead_change_rate"]))
    table.add_row("winner's gap to the leader, mean over hands (Ludii Drama)", interval(d["drama"]))
    table.add_row("winner behind: mean √(½ − win chance) (CardStock Drama)", interval(d["cardstock_drama"]))
    table.add_row("share of the match before the winner's lead was final (Ludii)", interval(d["decisiveness"], True))
    table.add_row("share of the match left once the winner was clearly ahead (CardStock)",
                  interval(d["cardstock_decisiveness"], True))
    table.add_row("matches the winner won from behind", interval(d["comebacks"], True))
    out.print(table)


def _skill(report, out) -> None:
    skill = report["skill"]
    if not isinstance(skill, dict):
        out.print(f"[bold]Skill[/bold]: {skill}")
        return
    table = _table("Skill: a strong bot, seated in turn in every seat", "run", "matches", "win rate [95% CI]",
                   "fair share", "p", "edge per hand [95% CI]")
    for name, run in skill.items():
        edge = run["edge"]["edge"] if run["edge"] else None
        table.add_row(escape(name), str(run["matches"]), interval(run["win_rate"], True), show(run["fair_share"], True),
                      p_value(run["p"]) + ("  significant" if run["significant"] else ""), interval(edge))
    out.print(table)


# -- compare --------------------------------------------------------------------------------------

def comparison(reports: list[dict], rows: list[dict], out: Console) -> None:
    """Each variant against the base: a table per section, then a sentence per figure."""
    names = [r["name"] for r in reports]
    out.print("[bold]" + escape(" vs ".join(names)) + f"[/bold] — {reports[0]['players']} players, "
              + ", ".join(f"{r['matches']} matches of {r['name']}" for r in reports))
    for i, name in enumerate(names[1:]):
        for section in ("length", "fairness", "choice", "events", "drama", "skill"):
            part = [row for row in rows if row["figure"].section == section]
            if not part:
                continue
            table = _table(section.capitalize(), "", escape(names[0]), escape(name), "difference [95% CI]", "p")
            for row in part:
                figure, difference = row["figure"], row["changes"][i]
                table.add_row(escape(figure.label), interval(row["values"][0], figure.percent),
                              interval(row["values"][i + 1], figure.percent),
                              change(difference["difference"], figure.percent),
                              p_value(difference["p"]) + (" *" if difference["significant"] else ""))
            out.print()
            out.print(table)
        if not isinstance(reports[0]["skill"], dict):
            out.print(f"\n[bold]Skill[/bold]: {escape(reports[0]['skill'])}")
        out.print("\n[dim]* significant at the 5% level (two-sample z-test on the two runs' standard errors).[/dim]")
        out.print(f"\n[bold]{escape(name)}[/bold] compared with {escape(names[0])}:")
        if not reports[0]["matches"] or not reports[i + 1]["matches"]:
            out.print("  nothing to compare: a rule file has no matches played")
        for row in rows:
            sentence = row["changes"][i]["sentence"]
            if sentence:
                out.print(f"  - {escape(sentence)}")

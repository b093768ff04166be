"""`--plot DIR`: PNG charts of a report (matplotlib, the optional extra `ruledsl[plots]`).

    length.png     hands per match: the distribution (compare: one outline per rule file)
    winrate.png    win rate per seat and per position from the first dealer, with 95% intervals
    branching.png  legal actions per decision in each phase of the hand, with 95% intervals
"""
from __future__ import annotations

from pathlib import Path

from ..runtime.helpers import SEAT_NAMES
from .compare import position_name

WIDE = (9, 4.8)


class PlotsUnavailable(Exception):
    pass


def require():
    """matplotlib with a file-only backend, or PlotsUnavailable saying how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise PlotsUnavailable("--plot needs matplotlib: pip install 'ruledsl[plots]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def charts(reports: list[dict], directory: str) -> list[Path]:
    """Write the charts of one report (analyze) or of several side by side (compare)."""
    plt = require()
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, figure in drawn(reports):
        figure.savefig(out / name, dpi=110)
        plt.close(figure)
        written.append(out / name)
    return written


def drawn(reports: list[dict]) -> list[tuple]:
    """(file name, matplotlib Figure) of every chart, drawn but not written."""
    plt = require()
    out = []
    for name, draw in (("length.png", _length), ("winrate.png", _winrate), ("branching.png", _branching)):
        figure, axes = plt.subplots(figsize=WIDE)
        draw(axes, reports)
        figure.tight_layout()
        out.append((name, figure))
    return out


def _length(axes, reports) -> None:
    lows = [min(r["length"]["hands"]["histogram"]) for r in reports if r["length"]["hands"]["histogram"]]
    highs = [max(r["length"]["hands"]["histogram"]) for r in reports if r["length"]["hands"]["histogram"]]
    bins = [x - 0.5 for x in range(min(lows, default=0), max(highs, default=1) + 2)]
    for report in reports:
        histogram = report["length"]["hands"]["histogram"]
        values = [float(v) for v, count in histogram.items() for _ in range(count)]
        mean = report["length"]["hands"]["mean"].value
        label = f"{report['name']} (mean {mean:.1f})" if mean is not None else report["name"]
        axes.hist(values, bins=bins, density=True, histtype="step" if len(reports) > 1 else "bar",
                  linewidth=2, alpha=0.9 if len(reports) > 1 else 0.75, label=label)
    axes.set_xlabel("hands per match")
    axes.set_ylabel("share of matches")
    axes.set_title("Match length")
    axes.legend()


def _bars(axes, reports, groups, estimate, ylabel, title, percent=False) -> None:
    """Grouped bars with 95% error bars: one group per label, one bar per report; `percent`:
    the values are shares, shown as percentages as the text shows them."""
    width = 0.8 / len(reports)
    for i, report in enumerate(reports):
        values, errors = [], [[], []]
        for group in groups:
            e = estimate(report, group)
            ok = e is not None and e.value is not None
            values.append(e.value if ok else 0)
            errors[0].append(e.value - e.low if ok and e.low is not None else 0)
            errors[1].append(e.high - e.value if ok and e.high is not None else 0)
        xs = [g + (i - (len(reports) - 1) / 2) * width for g in range(len(groups))]
        axes.bar(xs, values, width, yerr=errors, capsize=3, label=report["name"])
    axes.set_xticks(range(len(groups)), [label for label in groups], rotation=30 if len(groups) > 6 else 0,
                    ha="right" if len(groups) > 6 else "center")
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    if percent:
        from matplotlib.ticker import PercentFormatter
        axes.yaxis.set_major_formatter(PercentFormatter(1.0))


def _winrate(axes, reports) -> None:
    first = reports[0]
    n = first["players"]
    labels = [f"seat {SEAT_NAMES[s]}" for s in range(n)]
    positions = [position_name(k, first["fairness"]["first_position"]) for k in range(n)]

    def estimate(report, label):
        fair = report["fairness"]
        if label in labels:
            return fair["seats"][labels.index(label)]
        return fair["positions"][positions.index(label)]["win_rate"]
    _bars(axes, reports, labels + positions, estimate, "win rate (95% interval)",
          "Win rate per seat and per position from the first dealer", percent=True)
    share = first["fairness"]["fair_share"]
    axes.axhline(share, color="grey", linestyle="--", linewidth=1,
                 label=f"fair share: the mean win rate, {100 * share:.1f}%")
    axes.legend()


def _branching(axes, reports) -> None:
    phases = list(dict.fromkeys(row["phase"] for r in reports for row in r["choice"]["phases"]))

    def estimate(report, phase):
        row = next((row for row in report["choice"]["phases"] if row["phase"] == phase), None)
        return row["branching"] if row else None
    _bars(axes, reports, phases, estimate, "legal actions per decision (95% interval)", "Branching per phase of the hand")
    axes.set_xlabel(phase_axis(phases))
    if len(reports) > 1:
        axes.legend()


def phase_axis(phases: list[str]) -> str:
    """What a phase's name means (docs/analysis.md), with the latest round of this game's
    commonest kind for example: "play 12" is a player's 12th "play" decision of the hand."""
    kinds = [p.rpartition(" ") for p in phases]
    common = max({k for k, _, _ in kinds}, key=lambda k: sum(kind == k for kind, _, _ in kinds), default="play")
    last = max((int(n) for kind, _, n in kinds if kind == common), default=1)
    nth = f"{last}{'th' if 10 <= last % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(last % 10, 'th')}"
    return (f'phase: a kind of decision and its round. "{common} {last}" is a player\'s {nth} "{common}" '
            f'decision of the hand:\nits {nth} trick in a trick game (a hand refilled from a stock has more '
            'rounds than cards dealt)')

"""Choosing the expert's settings per game from benchmark runs (`bots.py --choose-rollouts`):
each setting's value measured best at equal CPU time, stored in ruledsl/bots/rollouts.json by
the rule file's digest and player count (ruledsl/bots/rollouts.py reads it).

Two kinds of evidence: a head-to-head pairing of the expert with the setting against the
expert without it (judged-random, mixed-random, stand-search), or two runs — the expert with
the setting and without — against the same opponent over the same deals and seats, compared
hand by hand (`versus_common`).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bots import _mean_ci, advantage, game  # noqa: E402
from ruledsl.bots.rollouts import HORIZON  # noqa: E402

# the expert's settings --choose-rollouts chooses per game (rollouts.chosen), each with its value when not chosen
SETTINGS = {"greedy": 0.0, "stand": 0.0, "race": 0.0, "weigh": 1.0, "imitate": 0.0, "fitted": 0.0,
            "solve": 1.0, "horizon": float(HORIZON)}


def choose_rollouts(rows: list[dict], choices: Path) -> str:
    """Per game and setting of SETTINGS, from pairings in `rows` of the expert with the setting at
    some value against the expert with it at its default (judged-random, mixed-random: `greedy`,
    the share of judged roll-out decisions; stand-search: `stand`, the judge's pick standing), or
    from two runs against a common opponent (versus_common: `race`, `weigh`, any): the value
    whose advantage has the highest lower end of its 95% interval, if above zero; else, from two
    runs against a common opponent, a value whose paired advantage is above zero (within the
    noise) and which beats the opponent by more than the noise where the default does not — the
    issue's aim met, at no loss by the best estimate (meets_aim); else the default. Stored in
    `choices` (ruledsl/bots/rollouts.py reads it). A setting not measured keeps its entry, and so
    does one marked "SETTING confirmed" (set by a confirmatory run: delete the mark to re-choose)."""
    from ruledsl.bots.rollouts import rules_key
    table = json.loads(choices.read_text()) if choices.exists() else {}
    out = []
    for name in dict.fromkeys(r["game"] for r in rows):
        g = game(name)
        entry = table.setdefault(rules_key(g.ruleset, g.default_players), {})
        for setting, default in SETTINGS.items():
            tried = {}
            mine = [r for r in rows if r["game"] == name]
            for specs in dict.fromkeys(tuple(r["specs"]) for r in mine):
                x, y = (settings_of(spec) for spec in specs)
                if setting in x and setting in y and _value(y[setting]) == default != _value(x[setting]):
                    mean, half, hands = advantage([r for r in mine if tuple(r["specs"]) == specs])
                    tried[_value(x[setting])] = (mean, half, hands, specs)
            for value, found in versus_common(mine, setting, default).items():
                tried.setdefault(value, found)
            if not tried:
                continue
            if f"{setting} confirmed" in entry:     # set by a run whose rule was fixed beforehand: a later screen does not undo it
                out.append(f"{name}: {setting} {entry[setting]:g} kept (confirmed: {entry[f'{setting} confirmed']})")
                continue
            best = max(tried, key=lambda k: tried[k][0] - tried[k][1])
            value = best if tried[best][0] - tried[best][1] > 0 else default
            measured = {f"{k:g}": f"{m:+.3f} ± {h:.3f} over {n} hands ({a} vs {b})" for k, (m, h, n, (a, b)) in tried.items()}
            if value == default:
                aims = {k: found for k, found in ((k, meets_aim(mine, *tried[k][3])) for k in tried if tried[k][0] > 0)
                        if found}
                if aims:
                    value = max(aims, key=lambda k: aims[k][0][0] - aims[k][0][1])
                    (m, h), (dm, dh) = aims[value]
                    measured[f"{value:g}"] += (f"; meets the aim where the default does not: {m:+.3f} ± {h:.3f} "
                                               f"against the opponent, the default {dm:+.3f} ± {dh:.3f}")
            entry[setting] = value
            entry[f"{setting} vs {default:g}"] = measured
            out.append(f"{name}: {setting} {value:g}  " + "; ".join(f"{k}: {v}" for k, v in measured.items()))
    choices.write_text(json.dumps(table, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    return "\n".join(out)


def settings_of(spec: str) -> dict:
    """An expert spec's style settings: settings_of("expert@9/race=2.5") is {"race": "2.5"}."""
    return dict(item.split("=") for item in spec.split("/")[1:])


def _value(text: str) -> float:
    """A setting's value as a spec spells it (2.5, false, true) as a number."""
    return float(json.loads(text))


def versus_common(rows: list[dict], setting: str, default: float = 0.0) -> dict:
    """Per value v of `setting`: the expert with it at v against the same expert without it (or
    at its default), each having played the same opponent over the same deals and seats — the
    difference of X's value hand by hand, averaged per deal: (mean, half its 95% interval, hands,
    specs). Cheaper than a head-to-head when both runs against the opponent are wanted anyway."""
    runs: dict = {}
    for r in rows:
        runs.setdefault(tuple(r["specs"]), {})[(r["deal"], tuple(r["x"]))] = r
    out = {}
    for (a, opponent), with_it in runs.items():
        settings = settings_of(a)
        if a.split("@")[0] != "expert" or _value(settings.get(setting, str(default))) == default:
            continue
        rest = {k: v for k, v in settings.items() if k != setting}
        for (b, other), without in runs.items():
            base = {k: v for k, v in settings_of(b).items() if not (k == setting and _value(v) == default)}
            if other != opponent or b.split("@")[0] != "expert" or base != rest:
                continue
            per_deal: dict = {}
            for key, r in with_it.items():
                if key in without:
                    per_deal.setdefault(key[0], []).append(_x(r) - _x(without[key]))
            if len(per_deal) > 1:
                mean, half = _mean_ci([sum(v) / len(v) for v in per_deal.values()])
                hands = sum(len(v) for v in per_deal.values())
                out[_value(settings[setting])] = (mean, half, hands, (a, f"{b}, each against {opponent}"))
    return out


def meets_aim(rows: list[dict], with_it: str, without: str):
    """Whether the expert with a setting (spec `with_it`) is significantly stronger than the
    opponent both runs of versus_common played (the lower end of X − Y's 95% interval above zero,
    over the deals and seats both played) while the expert without it (`without`: "SPEC, each
    against OPPONENT") is not: ((mean, half) with it, (mean, half) without), else None (also for
    a head-to-head pairing, which has no common opponent)."""
    if ", each against " not in without:
        return None
    spec, opponent = without.split(", each against ")
    runs = [{(r["deal"], tuple(r["x"])): r for r in rows if tuple(r["specs"]) == (s, opponent)} for s in (with_it, spec)]
    common = sorted(runs[0].keys() & runs[1].keys())
    if len(common) < 2:
        return None
    (m, h, _), (dm, dh, _) = (advantage([run[k] for k in common]) for run in runs)
    return ((m, h), (dm, dh)) if m - h > 0 >= dm - dh else None


def _x(row: dict) -> float:
    return sum(row["values"][s] for s in row["x"]) / len(row["x"])

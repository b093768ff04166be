"""One row per match, for pandas and friends: `--csv FILE` and `--jsonl FILE` (`-` is stdout).

A row has the match's number and seed, the bot in each seat, the winners (seat letters), each
seat's payoff, the hands and decisions it took, and how many times each rule fired. In CSV the
lists become one column per seat (`returns_A` …) and the rules one column each (`rule: …`);
`compare` adds the rule file's name as the first column.
"""
from __future__ import annotations

import csv
import json
import sys
from contextlib import contextmanager

from ..runtime.helpers import SEAT_NAMES


def write(path: str, fmt: str, runs) -> None:
    """`runs`: (name or None, records, rules) per rule file; fmt is "csv" or "jsonl"."""
    with _open(path) as out:
        if fmt == "jsonl":
            for name, records, rules in runs:
                for record in records:
                    row = record.row(rules)
                    out.write(json.dumps(({"ruleset": name} if name else {}) | row, ensure_ascii=False) + "\n")
            return
        flat = [({"ruleset": name} if name else {}) | _flat(record.row(rules), rules)
                for name, records, rules in runs for record in records]
        columns = list(dict.fromkeys(key for row in flat for key in row))
        writer = csv.DictWriter(out, columns, restval="")
        writer.writeheader()
        writer.writerows(flat)


def _flat(row: dict, rules) -> dict:
    out = {k: row[k] for k in ("match", "seed", "hands", "decisions")}
    out["bots"] = " ".join(row["bots"])
    out["winners"] = " ".join(row["winners"])
    out.update({f"returns_{SEAT_NAMES[i]}": v for i, v in enumerate(row["returns"])})
    out.update({f"rule: {rule.label}": row["events"].get(rule.label, 0) for rule in rules})
    return out


@contextmanager
def _open(path: str):
    if path == "-":
        yield sys.stdout
    else:
        with open(path, "w", encoding="utf-8", newline="") as out:
            yield out

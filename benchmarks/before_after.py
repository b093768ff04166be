"""Play-out speed of two checkouts of ruledsl side by side: benchmarks/playouts.py of each, in
turns, one game and repetition at a time (so that the machine's load falls on both alike), and
the medians of every figure, with the target ratios of both.

    python benchmarks/before_after.py /path/to/before [/path/to/after] [--seconds 0.6] [--repeat 5]
                                      [--games ciapano kozel]

`after` defaults to this checkout; the games are those of games/ that both checkouts have
(or `--games`). Each checkout runs its own playouts.py, engine and
hand-written baselines (the baselines should be the same code: their figures from both runs
are pooled, and both checkouts' ratios are taken against the pooled medians). Across a change
of what playouts.py counts (stop 25's: the hands dealt to all the row's players), copy this
checkout's benchmarks/paired.py and playouts.py into the other first, so both count alike.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from playouts import markdown_row  # noqa: E402
ENGINE = ("engine", "engine_api", "clone_apply_us", "engine_actions")
BASELINE = ("handwritten", "handwritten_api", "handwritten_clone_apply_us")


def one_run(tree: Path, seconds: float, games: list[str]) -> list[dict]:
    files = [f"games/{name}.yaml" for name in games]
    out = subprocess.run([sys.executable, str(tree / "benchmarks" / "playouts.py"), "--repeat", "1",
                          "--seconds", str(seconds), "--json", *files], cwd=tree, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def common_games(trees: list[Path]) -> list[str]:
    """The games every checkout ships."""
    names = [{p.stem for p in (tree / "games").glob("*.yaml")} for tree in trees]
    return sorted(set.intersection(*names))


def measure(trees: list[Path], seconds: float, repeat: int, games: list[str]) -> dict:
    """(game, players) -> {figure: [values], (tree index, figure): [values]}."""
    cells: dict = {}
    for r in range(repeat):
        # One game at a time, the checkouts in turns and in the other order every other time:
        # the two figures of a pair are taken seconds apart, each in a process of its own (a
        # process's speed varies by itself, by up to a fifth, with nothing else changed).
        order = list(enumerate(trees))[::1 if r % 2 == 0 else -1]
        for game in games:
            for i, tree in order:
                _add(cells, i, one_run(tree, seconds, [game]))
    return cells


def _add(cells: dict, i: int, rows: list[dict]) -> None:
    for row in rows:
        cell = cells.setdefault((row["game"], row["players"]), {})
        for name in ENGINE:
            if row.get(name) is not None:
                cell.setdefault((i, name), []).append(row[name])
        for name in BASELINE:
            if row.get(name) is not None:
                cell.setdefault(name, []).append(row[name])


def table(cells: dict) -> str:
    lines = ["| game | players | hand-written h/s | before h/s | after h/s | ratio before | ratio after "
             "| hand-written API h/s | before API h/s | after API h/s | API ratio before | API ratio after "
             "| hand-written clone+apply µs | before µs | after µs | actions/s before | actions/s after |",
             "|" + "---|" * 17]
    med = statistics.median
    for (game, players), cell in cells.items():
        hw, api, hw_us = (med(cell[k]) if k in cell else None for k in BASELINE)
        eng, eng_api, us, actions = ([med(cell[(i, name)]) if (i, name) in cell else None for i in (0, 1)]
                                     for name in ENGINE)
        ratio = [hw / e if hw else None for e in eng]
        api_ratio = [api / e if api else None for e in eng_api]
        lines.append(markdown_row((game, ""), (players, ""), (hw, ",.0f"), *((e, ",.0f") for e in eng),
                                  *((x, ".2f") for x in ratio), (api, ",.0f"), *((e, ",.0f") for e in eng_api),
                                  *((x, ".2f") for x in api_ratio), (hw_us, ".2f"), *((x, ".2f") for x in us),
                                  *((x, ",.0f") for x in actions)))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path, nargs="?", default=HERE.parent)
    parser.add_argument("--seconds", type=float, default=0.6, help="time per figure and repetition")
    parser.add_argument("--repeat", type=int, default=5, help="repetitions of each checkout (medians)")
    parser.add_argument("--games", nargs="*", help="game names (games/NAME.yaml); default: those both have")
    args = parser.parse_args()
    trees = [args.before.resolve(), args.after.resolve()]
    print(table(measure(trees, args.seconds, args.repeat, args.games or common_games(trees))))
    print(f"\nMedians of {args.repeat} runs of each checkout in turns, {args.seconds:g} s a figure; ratio = "
          "hand-written ÷ engine (target ≤ 1.67).")


if __name__ == "__main__":
    main()

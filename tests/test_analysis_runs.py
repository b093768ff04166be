"""Running matches: the same records in one process, in several, from the texts alone and on a
Dask cluster; Ctrl-C keeps what was played; a failing worker is reported as a local run would."""
import os
import re
from pathlib import Path

import pytest

import ruledsl
from ruledsl import bots
from ruledsl.analysis import play as play_module
from ruledsl.analysis.files import RuleFiles
from ruledsl.analysis.play import Job, play, register
from ruledsl.analysis.runner import Batch, run
from ruledsl.analysis.study import Study
from tests.test_table_terminal import Terminal

ROOT = Path(__file__).parents[1]
CIAPANO = ROOT / "games/ciapano.yaml"
VARIANT = ROOT / "examples/ciapano-21.yaml"


def job(path=CIAPANO, players=3, **kw):
    files = RuleFiles.read(path)
    register(files, ruledsl.load_game(path))
    return Job(files, players, {}, ("random",) * players, seed=kw.pop("seed", 5), **kw)


def records(job_, count, **kw):
    batch = Batch(job_, count, "test")
    assert run([batch], progress=False, **kw)
    return batch.records


def test_results_do_not_depend_on_the_number_of_workers():
    j = job()
    one = records(j, 9, workers=1)
    assert [r.index for r in one] == list(range(9)) and [r.seed for r in one] == [5 + i for i in range(9)]
    assert records(j, 9, workers=2) == one
    assert records(j, 9, workers=3) == one
    assert len({r.winners + (r.hand_count,) for r in one}) > 1          # the matches do differ


def test_a_match_depends_only_on_the_job_and_its_index():
    j = job(VARIANT)
    whole = records(j, 6)
    assert play(j, 4, 6) == whole[4:]
    del play_module._GAMES[j.files.digest]                   # as in a fresh worker: the game from the texts
    assert play(j, 2, 4) == whole[2:4]


def test_the_fast_loop_plays_the_same_matches_as_the_detailed_one():
    detailed = records(job(detail=True), 5)
    quick = records(job(detail=False), 5)
    assert [(r.winners, r.returns, r.hand_count, r.decisions) for r in quick] == \
        [(r.winners, r.returns, r.hand_count, r.decisions) for r in detailed]


def test_ctrl_c_keeps_the_matches_played(monkeypatch):
    calls = []

    def stopper(state, rng):
        calls.append(1)
        if len(calls) > 1500:              # a match takes some 450 decisions: stop in the fourth
            raise KeyboardInterrupt
        return rng.choice(state.legal_actions())
    monkeypatch.setitem(bots.BOTS, "stopper", lambda seconds, iterations: stopper)
    j = job(players=3)
    j = Job(j.files, 3, {}, ("stopper",) * 3, seed=1)
    batch = Batch(j, 20, "test")
    assert run([batch], workers=1, progress=False) is False
    assert 0 < len(batch.records) < 20
    assert [r.index for r in batch.records] == list(range(len(batch.records)))


def test_skill_runs_seat_the_strong_bot_in_turn(monkeypatch):
    monkeypatch.setitem(bots.BOTS, "first", lambda seconds, iterations: lambda state, rng: state.legal_actions()[0])
    game = ruledsl.load_game(CIAPANO)
    study = Study.of(CIAPANO, game, players=3, matches=3, skill="first", skill_matches=4)
    assert run(study.batches, workers=1, progress=False)
    [(name, batch)] = study.skill
    assert name == "first vs random"
    assert [r.lineup.index("first") for r in batch.records] == [0, 1, 2, 0]
    report = study.report()
    assert report["skill"]["first vs random"]["matches"] == 4
    absent = Study.of(CIAPANO, game, matches=1, skill="nosuchbot")
    assert absent.skill == [] and absent.report()["skill"].startswith("not measured: unknown bot 'nosuchbot'")


def test_ctrl_c_in_a_terminal_shows_progress_then_what_was_measured():
    term = Terminal(["simulate", "games/cicera.yaml", "-n", "5000", "--workers", "2"], ROOT)
    try:
        term.expect(r"[1-9][0-9]*/5000", timeout=60)        # the progress bar, some matches done
        term.type("\x03")                                   # Ctrl-C
        out = term.expect(r"mean returns per seat[^\n]*\n", timeout=60)
    finally:
        code = term.close()
    played = int(re.search(r"interrupted: reporting the ([0-9]+) matches played", out).group(1))
    assert 0 < played < 5000
    assert f"Cicera: {played} games" in out and "wins per seat" in out
    assert code == 130


def test_a_match_failing_in_a_worker_is_reported_as_it_fails_locally():
    from click.testing import CliRunner

    from ruledsl.cli import main
    result = CliRunner().invoke(main, ["simulate", "tests/rulefiles/invalid/no_end_match.yaml", "-n", "6",
                                       "--workers", "2"])
    assert result.exit_code == 1
    # the located error of a local run, with the seed of the match that failed (whichever came back first)
    assert re.match(r"tests/rulefiles/invalid/no_end_match.yaml:10:5: error: the match did not end within 3 hands "
                    r"\(players=2, seed=\d, step 30\)\n", result.stderr)


def test_a_dask_cluster_gives_the_local_results():
    distributed = pytest.importorskip("distributed")
    j = job(VARIANT)
    local = records(j, 8, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        assert records(j, 8, dask=cluster.scheduler_address) == local


def test_batches_take_turns_so_a_stopped_compare_stays_comparable():
    from ruledsl.analysis.runner import _tasks
    a, b = Batch(job(), 20, "a"), Batch(job(), 4, "b")
    order = [(batch.label, start, stop) for batch, start, stop in _tasks([a, b], workers=2)]
    assert order == [("a", 0, 2), ("b", 0, 1), ("a", 2, 4), ("b", 1, 2), ("a", 4, 6), ("b", 2, 3),
                     ("a", 6, 8), ("b", 3, 4)] + [("a", k, k + 2) for k in range(8, 20, 2)]


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux's /proc)."""
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except (OSError, IndexError, ValueError):
                pass
    return out


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds the workers through /proc")
def test_ctrl_c_at_random_moments_exits_130_with_the_partial_report():
    """Ctrl-C once or twice, at random moments of a run on two workers (before a chunk is done,
    between chunks, while the report is written): every time the process ends within the timeout,
    with exit code 130, the report of what was played, and no traceback. Before, about one run
    in nine never ended (its pool's manager thread waited for ever) and a second Ctrl-C gave a
    traceback."""
    import random
    import signal
    import subprocess
    import sys
    import time
    rng = random.Random(35)
    for attempt in range(24):
        matches = rng.choice([200, 3000])
        process = subprocess.Popen(
            [sys.executable, "-m", "ruledsl", "analyze", str(CIAPANO), "-n", str(matches), "--workers", "2",
             "--skill-matches", "0"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))   # as from a terminal
        try:
            started = time.monotonic()
            while not _children(process.pid) and process.poll() is None and time.monotonic() - started < 60:
                time.sleep(0.01)
            time.sleep(rng.uniform(0, 2.0))
            process.send_signal(signal.SIGINT)
            if rng.random() < 0.5:
                time.sleep(rng.uniform(0, 0.5))
                process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=60)
        finally:
            if process.poll() is None:          # hung: clean up, then fail below
                for child in _children(process.pid):
                    os.kill(child, signal.SIGKILL)
                process.kill()
                out, err = process.communicate()
                pytest.fail(f"attempt {attempt}: the process did not end within 60 s of Ctrl-C")
        assert "Traceback" not in err, f"attempt {attempt}:\n{err}"
        if process.returncode == 0:             # it had finished before the signal came
            assert f"{matches} matches" in out
            continue
        assert process.returncode == 130, f"attempt {attempt}: exit {process.returncode}\n{err}"
        played = int(re.search(r"interrupted: reporting the ([0-9]+) matches played", err).group(1))
        if played == matches:                   # every match was in when the signal came: a whole report
            assert f"{matches} matches" in out
        else:
            assert f"{played} matches of {matches} (interrupted)" in out

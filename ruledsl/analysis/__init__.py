"""Analysis for rule authors: what a rule file, or a change to it, does to the way a game plays.

Playing (the matches of a run, anywhere):
    files.py    a rule file as the texts of its extends chain, for workers
    play.py     Job (what to play) and play(job, start, stop): match i depends on the job and i only
    records.py  the record of one match, built from the engine's events (Tally)
    rules.py    the rules counted: steps with say:/when: and named bonuses
    runner.py   batches of matches here, in processes or on Dask; Ctrl-C
    progress.py the progress bar and the time a run has left
Measuring (pure functions of records; docs/analysis.md defines every figure):
    stats.py    estimates with 95% intervals, and tests
    metrics.py  fairness, length, choice, rule firings
    drama.py    lead changes, drama, decisiveness (Ludii's and CardStock's)
    skill.py    a strong bot against random players and against a weaker budget of itself
    study.py    one rule file's runs and its report
    compare.py  reports side by side: differences, significance, a sentence each
Showing:
    render.py   rich tables and JSON; rows.py: one CSV / JSON Lines row per match;
    plots.py    PNG charts (matplotlib, the extra ruledsl[plots])
"""

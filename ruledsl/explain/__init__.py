"""`ruledsl explain`: a rule file written out as rules a person reads.

The rulebook is generated from the model (the Ruleset, its steps and their keys), never from
text written per game: players and seating, the deck with its rank, point and value tables, the
table's zones and the counters kept, the deal, the play, the scoring, the match, and the options
with their defaults (rulebook.py). Each step kind says itself in its own module (lang/steps/,
`describe`); steps.py works in `when:` and `say:`. Expressions are shown as written
(`floor(points(won(p)))`); a few common shapes read as words (prose/words.py).

For a variant (a file with `extends:`) a last section lists what it changes: the merged ruleset
is compared with its base's, item by item and step by step (differences.py).

The text is built as a few kinds of blocks (headings, paragraphs, lists, tables) and rendered as
Markdown or as plain text (prose/document.py, below the language: the step kinds use it too). `explain()` is in rulebook.py, `builtins_text()` in
names.py.
"""

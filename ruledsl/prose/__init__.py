"""Text for people: a small document model (headings, paragraphs, lists, tables; rendered as
Markdown, plain text or HTML: document.py) and values, settings and expressions as words
(words.py). Below the language: each step kind describes itself with them (lang/steps/,
`describe`), and `ruledsl explain` (explain/) assembles the rulebook from those descriptions."""

"""What runs over a loaded game for its authors and drivers: checks.py (the warnings of
`validate --strict`), validate.py, schema.py (the JSON Schema editors use), scenarios.py
(scenario files), simulate.py (many matches played out) and gamelog.py (logs, saves, replay)."""

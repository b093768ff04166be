"""The language as data: each construct of a rule file declared once — its model (frozen
attrs), its keys, what they hold, their defaults, documentation and hints (declare.py) — one
module per section (deck, zones, options, counters, trumps, the rule file itself) and per
step kind (steps/). The static types of expressions and the built-ins' signatures are here too
(types.py, builtins/). load.py reads by these declarations; schema.py, explain and the checks
are derived from them; compile/ turns the models into Python."""

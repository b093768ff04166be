"""A Ruleset, for one player count, compiled to one generated Python module (program.py writes
it through the step kinds, writer.py lays it out as blocks, module.py runs it; scope.py says
what names mean as source; listing.py prints it for `ruledsl compile`)."""

"""The front end: a rule file's text to the language's models. yamlnodes.py reads YAML keeping
every node's line and column, files.py opens rule files within their roots, variants.py merges
`extends:`, load.py turns the nodes into a Ruleset (ruledsl/lang/) with every error collected."""

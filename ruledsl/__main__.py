"""`python -m ruledsl`: the `ruledsl` command, for when the script is not on the PATH."""
from .cli import main

main(prog_name="ruledsl")

"""tests/measured_slow.txt marks tests slow by their ids (conftest.py): an entry whose test was
renamed or moved marks nothing, and that test quietly joins the everyday loop. Every entry must
name a test function of its file."""
import re
from pathlib import Path

TESTS = Path(__file__).parent


def test_every_entry_of_the_slow_list_names_a_test_of_its_file():
    entries = [line.strip() for line in (TESTS / "measured_slow.txt").read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.startswith("#")]
    assert entries
    defined: dict[str, set] = {}
    missing = []
    for entry in entries:
        file, test = re.fullmatch(r"tests/([\w.]+\.py)::(\w+)(?:\[.*\])?", entry).groups()
        if file not in defined:
            path = TESTS / file
            text = path.read_text(encoding="utf-8") if path.exists() else ""
            defined[file] = set(re.findall(r"^def (test_\w+)\(", text, re.MULTILINE))
        if test not in defined[file]:
            missing.append(entry)
    assert not missing, f"entries of measured_slow.txt naming no test: {missing}"

"""The engine knows no game: no shipped game's name (its file's or its title's words) appears in
the package's code, comments, pages or grammar — a rule one game needs is a construct of the
language, documented there, not a special case here."""
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).parents[1]
SHIPPED = sorted((ROOT / "games").glob("*.yaml"))
# Words of games' titles that are also plain words of the engine's own prose.
COMMON = {"with", "the", "mit", "bidding", "contract", "texas", "hold", "em", "i", "doubt", "it"}


def names() -> set[str]:
    out = set()
    for path in SHIPPED:
        out.add(path.stem.lower())
        title = yaml.safe_load(path.read_text(encoding="utf-8")).get("name", "")
        out |= {w for w in re.findall(r"[^\W\d_]+", title.lower()) if w not in COMMON and len(w) > 2}
    return out


def test_no_file_under_ruledsl_names_a_shipped_game():
    words = names()
    assert {"kozel", "rummy", "bridge"} <= words              # the list is read, not empty
    found = []
    for path in sorted((ROOT / "ruledsl").rglob("*")):
        if path.suffix not in {".py", ".js", ".html", ".css", ".lark"}:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            # 'the bridge between' is English, not the game: a name counts as a capitalised word
            # or a lower-case one in code (an identifier, a string)
            hits = [w for w in re.findall(r"[^\W\d_]+", line) if w.lower() in words
                    and (w[0].isupper() or w.lower() != "bridge")]
            if hits:
                found.append(f"{path.relative_to(ROOT)}:{number}: {', '.join(hits)}")
    assert not found, "game names in the engine:\n" + "\n".join(found)

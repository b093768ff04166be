"""The wheel carries the grammar and the console script, so an installed ruledsl works anywhere."""
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).parents[1]


def test_wheel_ships_grammar_and_script(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                    "-q", "-w", str(tmp_path), str(ROOT)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("ruledsl-*.whl"))
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        assert "ruledsl/grammar/ruledsl.lark" in names
        for init in (ROOT / "ruledsl").rglob("__init__.py"):       # every subpackage ships
            assert init.relative_to(ROOT).as_posix() in names
        entry = next(n for n in names if n.endswith("entry_points.txt"))
        assert "ruledsl = ruledsl.cli:main" in z.read(entry).decode()

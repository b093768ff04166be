"""The schema in an editor: yaml-language-server (what VS Code's YAML extension, Neovim, Helix
and Zed run), driven over LSP as an editor drives it, with `ruledsl schema` mapped to *.yaml.
Every shipped rule file opens without a diagnostic, broken ones get the diagnostics expected
on their lines, and completing a step offers every step kind by name.

yaml-language-server comes from npm: .ci/run installs it into .cache/node (ignored by git) with
`npm install --prefix .cache/node yaml-language-server@VERSION`. Where node or that package is
missing, the tests are skipped saying so; tests/test_schema.py (jsonschema, check-jsonschema)
remains the contract on a machine with only Python."""
import json
import os
import queue
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from ruledsl.lang.steps import KINDS
from ruledsl.cli import main
from ruledsl.front.files import is_scenario

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / ".cache" / "node" / "node_modules" / "yaml-language-server"
SHIPPED = sorted(p for d in ("games", "examples") for p in (ROOT / d).rglob("*.y*ml")
                 if not is_scenario(p.read_text(encoding="utf-8")))
INVALID = ROOT / "tests" / "rulefiles" / "invalid"
WAIT = 60       # seconds for an answer: a guard against a server that stopped, not a timing


class Server:
    """yaml-language-server over stdio: JSON-RPC messages framed by Content-Length headers."""

    def __init__(self, schema: Path):
        self.settings = {"yaml": {"validate": True, "completion": True, "hover": True,
                                  "schemaStore": {"enable": False},
                                  "schemas": {schema.as_uri(): ["*.yaml", "*.yml"]}}}
        self.process = subprocess.Popen(["node", str(PACKAGE / "bin" / "yaml-language-server"), "--stdio"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.inbox: queue.Queue = queue.Queue()
        self.diagnostics: dict[str, list] = {}
        self.last_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        self.request("initialize", {"processId": os.getpid(), "rootUri": ROOT.as_uri(),
                                    "capabilities": {"workspace": {"configuration": True},
                                                     "textDocument": {"completion": {}}}})
        self.notify("initialized", {})
        self.notify("workspace/didChangeConfiguration", {"settings": self.settings})

    def _read(self):
        out = self.process.stdout
        while True:
            length = None
            while (line := out.readline().decode()) not in ("\r\n", ""):
                name, _, value = line.partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            if not line:
                return
            self.inbox.put(json.loads(out.read(length)))

    def _send(self, message: dict):
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.process.stdin.flush()

    def notify(self, method: str, params: dict):
        self._send({"method": method, "params": params})

    def request(self, method: str, params: dict):
        self.last_id += 1
        asked = self.last_id
        self._send({"id": asked, "method": method, "params": params})
        while True:
            message = self._next()
            if message.get("id") == asked and "method" not in message:
                return message.get("result")

    def _next(self) -> dict:
        message = self.inbox.get(timeout=WAIT)
        method = message.get("method")
        if method == "textDocument/publishDiagnostics":
            self.diagnostics[message["params"]["uri"]] = message["params"]["diagnostics"]
        elif method == "workspace/configuration":          # the server asks for its settings
            self._send({"id": message["id"], "result": [self.settings.get(item.get("section"), self.settings)
                                                        for item in message["params"]["items"]]})
        elif "id" in message and method:                     # other requests: nothing to give
            self._send({"id": message["id"], "result": None})
        return message

    def open(self, path: Path, text: str | None = None) -> str:
        uri = path.as_uri()
        text = path.read_text(encoding="utf-8") if text is None else text
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "yaml",
                                                              "version": 1, "text": text}})
        return uri

    def diagnostics_of(self, uris: list[str]) -> dict[str, list[tuple[int, str]]]:
        """Each document's diagnostics, as (1-based line, message), once all are published."""
        while not all(u in self.diagnostics for u in uris):
            self._next()
        return {u: [(d["range"]["start"]["line"] + 1, d["message"]) for d in self.diagnostics[u]] for u in uris}

    def close(self):
        self.process.kill()
        self.process.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if shutil.which("node") is None:
        pytest.skip("node is not installed: the editor test needs it (tests/test_schema.py still checks the schema)")
    if not (PACKAGE / "package.json").is_file():
        pytest.skip(f"yaml-language-server is not installed in {PACKAGE.parent.parent}: "
                    "npm install --prefix .cache/node yaml-language-server (as .ci/run does)")
    schema = tmp_path_factory.mktemp("schema") / "ruledsl.schema.json"
    schema.write_text(CliRunner().invoke(main, ["schema"]).output, encoding="utf-8")
    running = Server(schema)
    yield running
    running.close()


# The catalogue's broken files an editor underlines, with what it says on which line. The first
# proves the schema is in use before the shipped files' silence is believed.
BROKEN = {
    "top_key_typo": [(2, 'Missing property "hand".'), (6, 'Property hnad is not allowed.')],
    "zone_key_typo": [(7, 'Property visibel is not allowed.')],
    "step_key_typo": [(7, 'Missing property "count".'), (7, 'Property cuont is not allowed.')],
    "several_errors": [(3, 'Value is not accepted. Valid values: "clockwise", "anticlockwise".'),
                       (5, 'Value is not accepted. Valid values: "player", "team", "none", "shared".'),
                       (9, "a rank (A, K, 10, 2, …) or a card (QS, 10H)")],
    "order_duplicate_rank": [(5, "Array has duplicate items.")],
    "remove_unknown_rank": [(5, "a rank (A, K, 10, 2, …)")],
    "text_for_number": [(3, 'Incorrect type. Expected "integer".')],
    "ask_without_choices": [(8, 'Missing property "choices".')],
}


def test_broken_files_get_the_diagnostics_expected(server):
    uris = {name: server.open(INVALID / f"{name}.yaml") for name in BROKEN}
    found = server.diagnostics_of(list(uris.values()))
    for name, uri in uris.items():
        assert sorted(found[uri]) == sorted(BROKEN[name]), name


def test_every_shipped_rule_file_opens_without_a_diagnostic(server, tmp_path):
    proof = server.open(tmp_path / "proof.yaml", (INVALID / "top_key_typo.yaml").read_text(encoding="utf-8"))
    uris = [server.open(path) for path in SHIPPED]
    found = server.diagnostics_of([proof] + uris)
    assert found[proof], "the schema is not in use"
    assert {Path(u).name: d for u, d in found.items() if d and u != proof} == {}


def test_completing_a_step_offers_every_step_kind(server, tmp_path):
    text = "name: X\nplayers: 2\ndeck: {order: [A, K]}\nhand:\n  - \n"
    uri = server.open(tmp_path / "new.yaml", text)
    result = server.request("textDocument/completion", {"textDocument": {"uri": uri},
                                                       "position": {"line": 4, "character": 4}})
    labels = {item["label"] for item in (result["items"] if isinstance(result, dict) else result)}
    kinds = set(KINDS) | {"say"}
    assert kinds <= labels
    assert {f"{kind} step" for kind in kinds if kind == "say" or not KINDS[kind].flag} <= labels

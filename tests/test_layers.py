"""The packages of ruledsl form layers: no package imports, even indirectly, a package that
imports it back. Every import counts (a function's own included), each top-level module is a
node of its own, and `ruledsl` itself (the API's façade) is one too. docs/internals.md draws the
layers; a new cycle fails here with the imports that close it, and an import that goes up a
layer of that table fails too."""
import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "ruledsl"
INTERNALS = ROOT.parent / "docs" / "internals.md"
FACADE = {"ruledsl", "__main__"}     # `import ruledsl` and `python -m ruledsl`: at the top, with cli


def node_of(module: str) -> str:
    """The layer a module belongs to: its package under ruledsl, or the top-level module (a
    name imported from `ruledsl` itself, such as __version__, is the façade's)."""
    parts = module.split(".")
    if len(parts) > 1 and ((ROOT / parts[1]).is_dir() or (ROOT / f"{parts[1]}.py").exists()):
        return parts[1]
    return "ruledsl"


def imports() -> dict[tuple[str, str], list[str]]:
    """(from node, to node) -> the imports that make that edge, as 'module:line'."""
    edges: dict = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        package = parts[:-1] if parts[-1] == "__init__" else parts[:-1]
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = list(package[:len(package) - node.level + 1]) if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                names = [target] if node.module else [f"{target}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                if name == "ruledsl" or name.startswith("ruledsl."):
                    a, b = node_of(module), node_of(name)
                    if a != b:
                        edges.setdefault((a, b), []).append(f"{module}:{node.lineno}")
    return edges


def cycles(edges) -> list[list[str]]:
    """The strongly connected sets of more than one node (Tarjan)."""
    graph: dict = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_walk_sees_the_layers_it_should():
    edges = imports()
    assert ("compile", "lang") in edges and ("lang", "expr") in edges and ("runtime", "expr") in edges
    assert ("ruledsl", "game") in edges        # the façade's own imports count


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({("a", "b"): [], ("b", "c"): [], ("c", "a"): [], ("c", "d"): []}) == [["a", "b", "c"]]


def test_no_package_imports_one_that_imports_it_back():
    edges = imports()
    found = cycles(edges)
    report = []
    for group in found:
        for a in group:
            for b in group:
                for where in edges.get((a, b), [])[:3]:
                    report.append(f"{a} -> {b}: {where}")
    assert not found, "package import cycles:\n" + "\n".join(report)


def documented_layers() -> list[set[str]]:
    """The rows of internals.md's table of layers, from the bottom: the nodes each names."""
    text = INTERNALS.read_text(encoding="utf-8")
    table = text[text.index("## The packages, as layers"):].split("\n\n")[2]
    rows = [line for line in table.splitlines()[2:] if line.startswith("|")]
    return [{re.sub(r"(/|\.py)$", "", name) for name in re.findall(r"`([\w./]+)`", row.split("|")[1])}
            for row in rows]


def test_every_package_has_its_layer_in_the_docs():
    layers = documented_layers()
    named = set().union(*layers)
    nodes = {path.stem for path in ROOT.glob("*.py")} | {path.name for path in ROOT.iterdir()
                                                          if (path / "__init__.py").exists()}
    assert nodes - FACADE - {"__init__"} == named, "docs/internals.md's layers and ruledsl/ differ"


def test_no_import_goes_up_a_layer():
    layers = documented_layers()
    layers[-1] |= FACADE
    rank = {node: i for i, layer in enumerate(layers) for node in layer}
    upward = [f"{a} -> {b}: {where[0]}" for (a, b), where in imports().items() if rank[a] < rank[b]]
    assert not upward, "imports of a higher layer (docs/internals.md):\n" + "\n".join(upward)

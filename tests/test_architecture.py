"""The layering of engine/ and bot/, read from their source with ast (nothing is imported).

Rules: no import cycles; the engine's layers import only downward (ENGINE_LAYERS) and no game
imports another; the engine core imports no game; the bot core imports no game package; the
engine imports neither discord nor the bot; only the ESR presenter names ESR; and every game and
presenter package is an entry point in pyproject.toml (and every entry point is a package).
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
import tomllib
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "bot")
ESR_WORDS = frozenset({"esr", "Esr", "ESR"})
# Words inside an identifier or string: snake_case and CamelCase parts, so `esr_view`,
# `EsrPresenter` and "the ESR table" all name ESR while `reserve` or `desrt` do not.
WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+")
STRING_TOKENS = frozenset(  # Python 3.12+ splits f-strings; their text is FSTRING_MIDDLE
    {tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
)

Graph = dict[str, dict[str, int]]  # importer -> {imported module: line of the first import}


@dataclass(frozen=True)
class Import:
    """One imported name: `import module` (name None) or `from module import name`."""

    module: str
    name: str | None
    line: int

    @property
    def dotted(self) -> str:
        """The full dotted name the statement reaches, e.g. `a.b.c` for `from a.b import c`."""
        return self.module if self.name in (None, "*") else f"{self.module}.{self.name}"


# --- reading the tree ----------------------------------------------------------------------


def module_name(root: Path, path: Path) -> str:
    """The dotted module name of a source file (`a/b/__init__.py` is `a.b`)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def module_files(root: Path, packages: Iterable[str]) -> dict[str, Path]:
    """Every module under the given top-level packages, by dotted name."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            found[module_name(root, path)] = path
    return found


def is_within(module: str, package: str) -> bool:
    """Whether a dotted name is the package itself or anything below it."""
    return module == package or module.startswith(package + ".")


def ancestors(module: str) -> list[str]:
    """The proper dotted prefixes of a name, outermost first (`a`, `a.b` for `a.b.c`)."""
    parts = module.split(".")
    return [".".join(parts[:end]) for end in range(1, len(parts))]


def absolute_base(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute module a `from ... import` reads from, resolving leading dots."""
    if node.level == 0:
        return node.module or ""
    package = module.split(".") if is_package else module.split(".")[:-1]
    keep = len(package) - (node.level - 1)
    assert keep > 0, f"{module}: relative import beyond the top-level package"
    return ".".join([*package[:keep], *([node.module] if node.module else [])])


def imports_in(path: Path, module: str) -> list[Import]:
    """Every import statement in a file, wherever it sits (functions, TYPE_CHECKING, try...)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: list[Import] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [Import(alias.name, None, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = absolute_base(node, module, is_package)
            found += [Import(base, alias.name, node.lineno) for alias in node.names]
    return sorted(found, key=lambda found_import: found_import.line)


def imported_module(imp: Import, modules: Mapping[str, Path]) -> str:
    """What a statement imports: `X.Y` for `from X import Y` if that is a module, else `X`."""
    return imp.dotted if imp.dotted in modules else imp.module


def edges_of(imp: Import, importer: str, modules: Mapping[str, Path]) -> list[str]:
    """The modules an import executes: the target plus its parent packages' `__init__`s.

    The importer's own parent packages are left out of the implied edges: they are already
    being initialised when the importer runs.
    """
    target = imported_module(imp, modules)
    own = {importer, *ancestors(importer)}
    implied = [parent for parent in ancestors(target) if parent in modules and parent not in own]
    return [*implied, *([target] if target in modules else [])]


def import_graph(root: Path, packages: Iterable[str]) -> Graph:
    """The import graph among the modules of the given packages, with each edge's line."""
    modules = module_files(root, packages)
    graph: Graph = {}
    for module, path in modules.items():
        edges = graph.setdefault(module, {})
        for imp in imports_in(path, module):
            for target in edges_of(imp, module, modules):
                edges.setdefault(target, imp.line)
    return graph


@cache
def real_imports() -> dict[str, list[Import]]:
    """The imports of every real module under engine/ and bot/, by module name."""
    return {
        module: imports_in(path, module) for module, path in module_files(ROOT, PACKAGES).items()
    }


# --- cycles ----------------------------------------------------------------------------------


def strongly_connected(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components (iterative), each sorted, in a stable order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str, work: list[tuple[str, Iterable[str]]]) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        work.append((node, iter(sorted(graph.get(node, ())))))

    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterable[str]]] = []
        visit(start, work)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    visit(child, work)
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component: list[str] = []
                    while not component or component[-1] != node:
                        component.append(stack.pop())
                        on_stack.discard(component[-1])
                    components.append(sorted(component))
    return components


def shortest_cycle(graph: Mapping[str, Iterable[str]], start: str, within: set[str]) -> list[str]:
    """A shortest chain start -> ... -> start through the given nodes (breadth first)."""
    came_from: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for child in sorted(graph.get(node, ())):
            if child == start:
                chain = [node]
                while chain[-1] != start:
                    chain.append(came_from[chain[-1]])
                return [*reversed(chain), start]
            if child in within and child not in came_from:
                came_from[child] = node
                queue.append(child)
    raise AssertionError(f"{start} is on no cycle within {sorted(within)}")


def import_cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """One readable chain per cycle: per component of two or more modules, and per self-import."""
    cycles = []
    for component in strongly_connected(graph):
        if len(component) > 1:
            cycles.append(shortest_cycle(graph, component[0], set(component)))
        elif component[0] in graph.get(component[0], ()):
            cycles.append([component[0], component[0]])
    return cycles


def describe_cycle(chain: list[str], graph: Graph) -> str:
    """`a (line 3) -> b (line 9) -> a`, each line being where the import sits."""
    steps = [f"{module} (line {graph[module][after]})" for module, after in pairwise(chain)]
    return " -> ".join([*steps, chain[-1]])


def cycle_report(graph: Graph) -> list[str]:
    """Every cycle, described, with the whole component when it is larger than the chain."""
    components = {min(c): c for c in strongly_connected(graph)}
    report = []
    for chain in import_cycles(graph):
        line = describe_cycle(chain, graph)
        component = components[chain[0]]
        if len(component) > len(chain) - 1:
            line += f"\n    (the whole component, {len(component)} modules: {', '.join(component)})"
        report.append(line)
    return report


# --- forbidden imports and ESR names ---------------------------------------------------------


def forbidden_imports(
    imports: Mapping[str, list[Import]], importer: Callable[[str], bool], banned: Iterable[str]
) -> list[str]:
    """`module:line imports name` for each import, by a selected module, of a banned package."""
    banned = tuple(banned)
    return [
        f"{module}:{imp.line} imports {imp.dotted}"
        for module, found in sorted(imports.items())
        if importer(module)
        for imp in found
        if any(is_within(imp.dotted, package) for package in banned)
    ]


def docstring_spans(tree: ast.Module) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Where the module, class and function docstrings sit, as (start, end) positions."""
    owners = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    spans = []
    for node in ast.walk(tree):
        if not isinstance(node, owners) or not node.body:
            continue
        first = node.body[0]
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            end = (first.end_lineno or first.lineno, first.end_col_offset or 0)
            spans.append(((first.lineno, first.col_offset), end))
    return spans


def names_esr(text: str) -> bool:
    """Whether a name or string has `esr`, `Esr` or `ESR` as a whole word."""
    return any(word in ESR_WORDS for word in WORD.findall(text))


def esr_mentions(path: Path, module: str) -> list[str]:
    """Where a file names ESR: `esr` import parts, NAME and STRING tokens (not docstrings)."""
    source = path.read_text(encoding="utf-8")
    mentions: dict[int, str] = {}
    for imp in imports_in(path, module):
        if "esr" in imp.dotted.split("."):
            mentions.setdefault(imp.line, f"import of {imp.dotted}")
    docstrings = docstring_spans(ast.parse(source))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        is_text = token.type == tokenize.NAME or token.type in STRING_TOKENS
        in_docstring = any(start <= token.start < end for start, end in docstrings)
        if is_text and not in_docstring and names_esr(token.string):
            mentions.setdefault(token.start[0], token.string[:60])
    return [f"{module}:{line} {what}" for line, what in sorted(mentions.items())]


# --- entry points --------------------------------------------------------------------------


def entry_point_values(pyproject: Path, group: str) -> set[str]:
    """The object references named under `[project.entry-points."<group>"]`."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    return set(data.get("project", {}).get("entry-points", {}).get(group, {}).values())


def subpackages(root: Path, package: str) -> set[str]:
    """The dotted names of the folders with an `__init__.py` directly inside a package."""
    folder = root.joinpath(*package.split("."))
    if not folder.is_dir():
        return set()
    return {f"{package}.{d.name}" for d in folder.iterdir() if (d / "__init__.py").is_file()}


# A game package still being built may stay out of the registry until it can be played, if its
# __init__.py says so and why in this constant (docs/architecture.md, "How to add a game").
NOT_YET = "NOT_YET_REGISTERED = "


def entry_point_mismatch(root: Path, package: str, group: str) -> list[str]:
    """Packages with no entry point (unless marked NOT_YET_REGISTERED with a reason), and entry
    points naming no package, for one group."""
    folders = subpackages(root, package)
    named = entry_point_values(root / "pyproject.toml", group)
    folders -= {name for name in folders - named if NOT_YET in (
        root / Path(*name.split(".")) / "__init__.py").read_text(encoding="utf-8")}
    missing = [f"{name}: a package without a {group!r} entry point" for name in folders - named]
    stray = [f"{name}: a {group!r} entry point without a package" for name in named - folders]
    return sorted(missing) + sorted(stray)


def listing(lines: list[str]) -> str:
    """Findings as an indented list under a heading line."""
    return "\n  " + "\n  ".join(lines)


# --- layers --------------------------------------------------------------------------------

# The engine's layers, lowest first: a module may import its own layer and those below it. A
# module belongs to the layer of the longest package name it falls within (`engine` itself, its
# command line and __main__, is the top).
ENGINE_LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine.core",),
    ("engine.games", "engine.tournament"),
    ("engine.store",),
    ("engine.ratings", "engine.coach"),
    ("engine.service",),
    ("engine.cli", "engine"),
)


def layer_of(module: str, layers: tuple[tuple[str, ...], ...]) -> tuple[int, str] | None:
    """The layer index and the package naming it, for the longest package `module` is in."""
    found = [(len(name), index, name) for index, names in enumerate(layers) for name in names
             if is_within(module, name)]
    if not found:
        return None
    _, index, name = max(found)
    return index, name


def upward_imports(imports: Mapping[str, list[Import]], modules: Mapping[str, Path],
                   layers: tuple[tuple[str, ...], ...]) -> list[str]:
    """`module:line imports target` for every import of a higher layer, or of another game."""
    found = []
    for module, module_imports in imports.items():
        mine = layer_of(module, layers)
        if mine is None:
            continue
        for imp in module_imports:
            target = imported_module(imp, modules)
            theirs = layer_of(target, layers)
            if theirs is None:
                continue
            other_game = mine[1] == theirs[1] == "engine.games" and \
                module.split(".")[:3] != target.split(".")[:3] and target.count(".") >= 2
            if theirs[0] > mine[0] or other_game:
                found.append(f"{module}:{imp.line} imports {target}")
    return sorted(set(found))


# --- the real tree -----------------------------------------------------------------------


def test_engine_and_bot_import_each_other_without_cycles() -> None:
    """No module of engine/ or bot/ reaches itself through imports, lazy or typing-only."""
    cycles = cycle_report(import_graph(ROOT, PACKAGES))
    assert not cycles, "import cycles:" + listing(cycles)


def test_the_engines_layers_import_only_downward() -> None:
    """Core, games, store, ratings and coach, service, command line: each imports only what
    lies below it (and no game another game)."""
    found = upward_imports(real_imports(), module_files(ROOT, PACKAGES), ENGINE_LAYERS)
    assert not found, "imports against the engine's layers:" + listing(found)


def test_engine_core_imports_no_game() -> None:
    """The engine core finds games through entry points, never by importing them."""
    found = forbidden_imports(
        real_imports(), lambda m: is_within(m, "engine.core"), ["engine.games"]
    )
    assert not found, "engine.core must load games only through the registry:" + listing(found)


def test_bot_core_imports_no_game_package() -> None:
    """The bot core reaches games only through the presenters that register themselves."""

    def in_bot_core(module: str) -> bool:
        return is_within(module, "bot") and not is_within(module, "bot.games")

    found = forbidden_imports(real_imports(), in_bot_core, ["bot.games", "engine.games"])
    assert not found, "the bot core must reach games through presenters:" + listing(found)


def test_engine_imports_neither_discord_nor_the_bot() -> None:
    """The engine runs without any front end installed."""
    found = forbidden_imports(real_imports(), lambda m: is_within(m, "engine"), ["discord", "bot"])
    assert not found, "the engine is free of any front end:" + listing(found)


def test_only_the_esr_presenter_names_esr() -> None:
    """Outside bot/games/esr/, no bot code names ESR (comments and docstrings may)."""
    mentions = [
        mention
        for module, path in module_files(ROOT, ["bot"]).items()
        if not is_within(module, "bot.games.esr")
        for mention in esr_mentions(path, module)
    ]
    assert not mentions, "ESR named outside bot/games/esr/:" + listing(mentions)


def test_every_engine_game_package_is_an_entry_point_and_back() -> None:
    """Each engine/games/<name>/ package is a `juwelier.games` entry point, and back."""
    mismatch = entry_point_mismatch(ROOT, "engine.games", "juwelier.games")
    assert not mismatch, listing(mismatch)


def test_every_bot_presenter_package_is_an_entry_point_and_back() -> None:
    """Each bot/games/<name>/ package is a `juwelier.presenters` entry point, and back."""
    mismatch = entry_point_mismatch(ROOT, "bot.games", "juwelier.presenters")
    assert not mismatch, listing(mismatch)


# --- the checks themselves, on fake trees ------------------------------------------------------


def write_tree(root: Path, files: Mapping[str, str]) -> Path:
    """Write `relative path -> source` files under root and return root."""
    for relative, source in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    return root


def test_a_two_module_cycle_is_found(tmp_path: Path) -> None:
    """Two modules importing each other make a cycle."""
    root = write_tree(
        tmp_path, {"p/__init__.py": "", "p/a.py": "import p.b\n", "p/b.py": "from p import a\n"}
    )
    assert import_cycles(import_graph(root, ["p"])) == [["p.a", "p.b", "p.a"]]


def test_an_import_under_type_checking_counts(tmp_path: Path) -> None:
    """An import under `if TYPE_CHECKING:` is an edge like any other."""
    root = write_tree(
        tmp_path,
        {
            "p/__init__.py": "",
            "p/a.py": "from p.b import B\n",
            "p/b.py": (
                "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from p.a import A\n"
            ),
        },
    )
    assert import_cycles(import_graph(root, ["p"])) == [["p.a", "p.b", "p.a"]]


def test_an_import_inside_a_function_counts(tmp_path: Path) -> None:
    """A lazy import inside a function is an edge like any other."""
    root = write_tree(
        tmp_path,
        {
            "p/__init__.py": "",
            "p/a.py": "import p.b\n",
            "p/b.py": "def later():\n    from p.a import f\n    return f\n",
        },
    )
    assert import_cycles(import_graph(root, ["p"])) == [["p.a", "p.b", "p.a"]]


def test_a_three_module_cycle_is_reported_as_a_chain_with_lines(tmp_path: Path) -> None:
    """A cycle reads as a chain of modules, each with the line of its import."""
    root = write_tree(
        tmp_path,
        {
            "p/__init__.py": "",
            "p/a.py": "import os\nimport p.b\n",
            "p/b.py": "from p.c import x\n",
            "p/c.py": "x = 1\nfrom p import a\n",
            "p/d.py": "import p.a\n",
        },
    )
    graph = import_graph(root, ["p"])
    assert import_cycles(graph) == [["p.a", "p.b", "p.c", "p.a"]]
    assert cycle_report(graph) == ["p.a (line 2) -> p.b (line 1) -> p.c (line 2) -> p.a"]


def test_every_component_is_listed_with_its_members(tmp_path: Path) -> None:
    """Each component is reported once, naming all its modules when the chain is shorter."""
    root = write_tree(
        tmp_path,
        {
            "p/__init__.py": "",
            "p/a.py": "import p.b\n",
            "p/b.py": "import p.a\nimport p.c\n",
            "p/c.py": "import p.a\n",
            "q/__init__.py": "",
            "q/x.py": "import q.y\n",
            "q/y.py": "import q.x\n",
        },
    )
    report = cycle_report(import_graph(root, ["p", "q"]))
    assert len(report) == 2
    assert report[0].startswith("p.a (line 1) -> p.b (line 1) -> p.a")
    assert "3 modules: p.a, p.b, p.c" in report[0]
    assert report[1] == "q.x (line 1) -> q.y (line 1) -> q.x"


def test_a_self_import_is_a_cycle(tmp_path: Path) -> None:
    """A module importing itself is reported."""
    root = write_tree(tmp_path, {"p/__init__.py": "", "p/a.py": "from p import a\n"})
    assert import_cycles(import_graph(root, ["p"])) == [["p.a", "p.a"]]


def test_from_import_reaches_the_submodule_if_there_is_one_else_the_package(
    tmp_path: Path,
) -> None:
    """`from X import Y` is an edge to X.Y if that is a module, else to X."""
    root = write_tree(
        tmp_path,
        {
            "p/__init__.py": "VALUE = 1\n",
            "p/sub/__init__.py": "",
            "p/a.py": "from p.sub import b\nfrom p.sub import thing\n",
            "p/sub/b.py": "",
            "q/__init__.py": "",
            "q/x.py": "from p import VALUE\n",
        },
    )
    graph = import_graph(root, ["p", "q"])
    assert set(graph["p.a"]) == {"p.sub", "p.sub.b"}
    assert set(graph["q.x"]) == {"p"}


def test_relative_imports_resolve_against_the_importing_package(tmp_path: Path) -> None:
    """Leading dots count from the importing module's package (a package's own for __init__)."""
    root = write_tree(
        tmp_path,
        {
            "p/__init__.py": "from . import a\n",
            "p/a.py": "from .sub import b\n",
            "p/sub/__init__.py": "from .. import a\n",
            "p/sub/b.py": "from ..a import f\n",
        },
    )
    graph = import_graph(root, ["p"])
    assert set(graph["p"]) == {"p.a"}
    assert set(graph["p.a"]) == {"p.sub", "p.sub.b"}
    assert set(graph["p.sub"]) == {"p.a"}
    assert set(graph["p.sub.b"]) == {"p.a"}


def test_importing_a_submodule_runs_its_parent_packages(tmp_path: Path) -> None:
    """Importing a.b.c runs a's and a.b's __init__ too, so those are edges as well."""
    root = write_tree(
        tmp_path,
        {
            "p/__init__.py": "import q.m\n",
            "p/x.py": "",
            "q/__init__.py": "",
            "q/m.py": "from p.x import thing\n",
        },
    )
    graph = import_graph(root, ["p", "q"])
    assert set(graph["p"]) == {"q", "q.m"}
    assert import_cycles(graph) == [["p", "q.m", "p"]]


def test_a_modules_own_parent_packages_are_no_implied_edge(tmp_path: Path) -> None:
    """A module's own parent packages are already running, so they imply no edge."""
    root = write_tree(
        tmp_path,
        {
            "p/__init__.py": "from p.sub.a import f\n",
            "p/sub/__init__.py": "from p.sub.a import f\n",
            "p/sub/a.py": "import p.sub.b\n",
            "p/sub/b.py": "",
        },
    )
    graph = import_graph(root, ["p"])
    assert set(graph["p.sub.a"]) == {"p.sub.b"}
    assert import_cycles(graph) == []


def test_forbidden_imports_are_found_by_package_not_by_prefix(tmp_path: Path) -> None:
    """A banned package matches itself and its submodules, not names that merely start alike."""
    root = write_tree(
        tmp_path,
        {
            "engine/__init__.py": "",
            "engine/core/__init__.py": "",
            "engine/core/a.py": (
                "from engine import games\nimport engine.gamesx\nimport discord.ext\n"
                "def f():\n    from engine.games.esr import state\n"
            ),
        },
    )
    imports = {m: imports_in(p, m) for m, p in module_files(root, ["engine"]).items()}

    def in_core(module: str) -> bool:
        return is_within(module, "engine.core")

    assert forbidden_imports(imports, in_core, ["engine.games"]) == [
        "engine.core.a:1 imports engine.games",
        "engine.core.a:5 imports engine.games.esr.state",
    ]
    assert forbidden_imports(imports, in_core, ["discord"]) == [
        "engine.core.a:3 imports discord.ext"
    ]


def test_esr_is_found_in_names_strings_and_imports_but_not_comments_or_docstrings(
    tmp_path: Path,
) -> None:
    """ESR is found in names, strings and imports; comments and docstrings are skipped."""
    source = '''"""The ESR docstring is fine."""
# an esr comment is fine
from engine.games import esr
import reserve
LABEL = "the ESR table"
PLAIN = "reserved desrt"


class EsrPresenter:
    """Esr in a class docstring is fine."""

    def show(self, esr_view):
        """ESR in a function docstring is fine."""
        return "no mention"
'''
    path = write_tree(tmp_path, {"m.py": source}) / "m.py"
    assert esr_mentions(path, "m") == [
        "m:3 import of engine.games.esr",
        'm:5 "the ESR table"',
        "m:9 EsrPresenter",
        "m:12 esr_view",
    ]


def test_entry_points_and_game_folders_must_match_both_ways(tmp_path: Path) -> None:
    """Packages without entry points and entry points without packages are both reported."""
    root = write_tree(
        tmp_path,
        {
            "pyproject.toml": (
                '[project.entry-points."juwelier.games"]\n'
                'a = "engine.games.a"\nghost = "engine.games.ghost"\n'
            ),
            "engine/games/__init__.py": "",
            "engine/games/a/__init__.py": "",
            "engine/games/b/__init__.py": "",
            "engine/games/not_a_package/notes.txt": "",
        },
    )
    assert entry_point_mismatch(root, "engine.games", "juwelier.games") == [
        "engine.games.b: a package without a 'juwelier.games' entry point",
        "engine.games.ghost: a 'juwelier.games' entry point without a package",
    ]


def test_a_game_being_built_may_wait_for_its_entry_point_if_it_says_why(tmp_path: Path) -> None:
    """A package marked NOT_YET_REGISTERED (with a reason) is not reported; others still are."""
    root = write_tree(
        tmp_path,
        {
            "pyproject.toml": '[project.entry-points."juwelier.games"]\na = "engine.games.a"\n',
            "engine/games/__init__.py": "",
            "engine/games/a/__init__.py": "",
            "engine/games/wip/__init__.py": 'NOT_YET_REGISTERED = "no presenter yet"\n',
            "engine/games/forgotten/__init__.py": "# NOT_YET_REGISTERED\n",
        },
    )
    assert entry_point_mismatch(root, "engine.games", "juwelier.games") == [
        "engine.games.forgotten: a package without a 'juwelier.games' entry point",
    ]


def test_an_upward_import_is_found_and_a_downward_one_is_not(tmp_path: Path) -> None:
    """A store module importing the service breaks the layers; the service importing the store
    does not; the top-level package's own module is the top layer."""
    root = write_tree(tmp_path, {
        "engine/__init__.py": "", "engine/catalog.py": "",
        "engine/core/__init__.py": "", "engine/core/game.py": "import engine.catalog\n",
        "engine/store/__init__.py": "", "engine/store/rows.py": "from engine.service import live\n",
        "engine/service/__init__.py": "", "engine/service/live.py": "import engine.store.rows\n",
        "engine/games/__init__.py": "", "engine/games/a/__init__.py": "",
        "engine/games/b/__init__.py": "from engine.games.a import x\n",
        "engine/games/a/x.py": "",
    })
    modules = module_files(root, ["engine"])
    imports = {module: imports_in(path, module) for module, path in modules.items()}
    assert upward_imports(imports, modules, ENGINE_LAYERS) == [
        "engine.core.game:1 imports engine.catalog",
        "engine.games.b:1 imports engine.games.a.x",
        "engine.store.rows:1 imports engine.service.live",
    ]

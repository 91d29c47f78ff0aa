"""The package's import graph, read from the source: no circle, no import hidden in a function.

A module imports what sits below it at its top; an import written inside a
function is either an optional extra (a plotting library, the web server)
or a circle held apart by hand, which this test refuses. The graph has an
edge for each import a module makes when it is loaded (relative imports
resolved, ``from package import submodule`` read as the submodule);
``TYPE_CHECKING`` blocks run only for the type checker and are left out.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import solitaire_solver
from solitaire_solver.games import GAMES

PACKAGE = "solitaire_solver"
ROOT = Path(solitaire_solver.__file__).parent

OPTIONAL_EXTRAS = {
    # The browser game's server needs Starlette and Uvicorn, which the plain install lacks.
    ("solitaire_solver.cli.play", "solitaire_solver.pages.web.app"),
}
"""Function-level imports of the package's own modules allowed: (importer, imported)."""

LOADED_BY_NAME = {f"{PACKAGE}.games": {f"{PACKAGE}.games.{name}" for name in GAMES}}
"""Modules a module loads at its top by name (``importlib.import_module``), which no import
statement shows: the registry loads each game named in its ``GAMES``."""


def module_names() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name).

    A compiled kernel is a module too (named by its C source, which imports
    nothing of the package), so ``from . import _kernel`` is not read as an
    import of the package that holds it.
    """
    names = {}
    for path in sorted([*ROOT.rglob("*.py"), *ROOT.rglob("*.c")]):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


MODULES = module_names()


def is_package(name: str) -> bool:
    """Whether ``name`` is a package (its file is an ``__init__.py``)."""
    return MODULES[name].name == "__init__.py"


def is_type_checking(test: ast.expr) -> bool:
    """Whether an ``if`` test is ``TYPE_CHECKING`` or ``typing.TYPE_CHECKING``."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def imports(tree: ast.AST, in_function: bool = False) -> Iterator[tuple[ast.stmt, bool]]:
    """Each import statement that runs at some point, and whether it sits in a function.

    The body of an ``if TYPE_CHECKING:`` block is skipped (its ``else``
    branch runs, so it is kept).
    """
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, in_function
        elif isinstance(node, ast.If) and is_type_checking(node.test):
            for child in node.orelse:
                yield from imports(ast.Module(body=[child], type_ignores=[]), in_function)
        else:
            inner = in_function or isinstance(
                node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
            )
            yield from imports(node, inner)


def targets(module: str, node: ast.stmt) -> set[str]:
    """The package's own modules an import statement of ``module`` loads by name."""
    found = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in MODULES:
                found.add(alias.name)
        return found
    assert isinstance(node, ast.ImportFrom)
    if node.level:
        # Relative: the importer's package, then one level up per extra dot.
        base = module.split(".") if is_package(module) else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        if node.module:
            base = [*base, *node.module.split(".")]
        source = ".".join(base)
    else:
        source = node.module or ""
    if source not in MODULES:
        return found
    for alias in node.names:
        # ``from package import name``: a submodule when one has that name,
        # else a name the package's ``__init__`` defines.
        sub = f"{source}.{alias.name}"
        found.add(sub if sub in MODULES else source)
    return found


def graph() -> tuple[dict[str, set[str]], list[tuple[str, str, int]]]:
    """The import edges at load time, and the function-level imports (importer, target, line)."""
    edges: dict[str, set[str]] = {name: set(LOADED_BY_NAME.get(name, ())) for name in MODULES}
    hidden = []
    for name, path in MODULES.items():
        if path.suffix != ".py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node, in_function in imports(tree):
            for target in targets(name, node):
                if in_function:
                    hidden.append((name, target, node.lineno))
                elif target != name:
                    edges[name].add(target)
    return edges, hidden


def circles(edges: dict[str, set[str]]) -> list[set[str]]:
    """The import circles: each set of modules that reach one another (Tarjan's
    strongly connected components of two modules or more, or one importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(name: str) -> None:
        index[name] = low[name] = len(index)
        stack.append(name)
        for target in sorted(edges[name]):
            if target not in index:
                visit(target)
                low[name] = min(low[name], low[target])
            elif target in stack:
                low[name] = min(low[name], index[target])
        if low[name] == index[name]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == name:
                    break
            if len(component) > 1 or name in edges[name]:
                found.append(component)

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return found


def one_loop(edges: dict[str, set[str]], circle: set[str]) -> list[str]:
    """A path around ``circle`` from its first module back to it (the shortest, by breadth)."""
    start = min(circle)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for name in frontier:
            for target in sorted(edges[name] & circle):
                if target == start:
                    path = [name]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [*reversed(path), start]
                if target not in came_from:
                    came_from[target] = name
                    following.append(target)
        frontier = following
    raise AssertionError(f"{start} is not on a circle")


def circle_report(edges: dict[str, set[str]]) -> str:
    """Each import circle in words: its size, its modules and one loop through it."""
    lines = []
    for circle in sorted(circles(edges), key=len, reverse=True):
        lines.append(f"an import circle of {len(circle)} modules: {', '.join(sorted(circle))}")
        lines.append("  for one: " + " -> ".join(one_loop(edges, circle)))
    return "\n".join(lines)


def test_the_graph_sees_the_package() -> None:
    edges, _ = graph()
    assert "solitaire_solver.api" in edges["solitaire_solver"]
    assert "solitaire_solver.search" in edges["solitaire_solver.api"]
    # A relative import two levels up, resolved to a module and not to a name in it.
    assert "solitaire_solver.search.compiled" in edges["solitaire_solver.games.windmill.kernel"]
    # The registry's games, loaded by name, are in the graph, each a package of the tree.
    games = {name for name in edges["solitaire_solver.games"] if is_package(name)}
    assert games == {f"solitaire_solver.games.{name}" for name in GAMES}
    assert "solitaire_solver.games.black_hole" in games


def test_a_circle_is_found_and_named() -> None:
    edges = {"a": {"b", "d"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"}}
    assert circles(edges) == [{"d", "e"}, {"a", "b", "c"}]
    assert one_loop(edges, {"a", "b", "c"}) == ["a", "b", "c", "a"]
    assert circle_report(edges).splitlines() == [
        "an import circle of 3 modules: a, b, c",
        "  for one: a -> b -> c -> a",
        "an import circle of 2 modules: d, e",
        "  for one: d -> e -> d",
    ]
    assert circles({"a": {"b"}, "b": set()}) == []
    assert circles({"a": {"a"}}) == [{"a"}]


def test_type_checking_imports_and_function_imports_are_told_apart() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from . import hidden\n"
        "else:\n"
        "    from . import shown\n"
        "def f():\n"
        "    from . import late\n"
    )
    found = [(ast.unparse(node), inner) for node, inner in imports(ast.parse(source))]
    assert found == [
        ("from typing import TYPE_CHECKING", False),
        ("from . import shown", False),
        ("from . import late", True),
    ]


def test_there_is_no_import_circle() -> None:
    edges, hidden = graph()
    # An import inside a function is a dependency all the same: one that
    # closes a circle is counted here (and refused by the test below).
    for name, target, _ in hidden:
        if (name, target) not in OPTIONAL_EXTRAS:
            edges[name].add(target)
    report = circle_report(edges)
    assert not report, report


def test_no_module_imports_its_neighbours_inside_a_function() -> None:
    _, hidden = graph()
    late = [
        f"{MODULES[name].relative_to(ROOT.parent)}:{line} imports {target}"
        for name, target, line in hidden
        if (name, target) not in OPTIONAL_EXTRAS
    ]
    assert not late, "imports inside functions:\n" + "\n".join(late)


LAYERS = {
    # The engine knows nothing about cards, games or requests, and reads no file (plan files
    # are read in records); its bad values are the library's errors.
    "search": {"errors"},
    # The caps on what is read: the standard library alone.
    "reading": set(),
    # The games sit on the cards and the engine; a request reaches them from above.
    "games": {"cards", "errors", "numbering", "search"},
    # What is kept (the store, verdict files, deal files) needs no front door.
    "records": {"cards", "errors", "games", "maths", "numbering", "progress", "reading", "search"},
    "cards": {"errors"},
    "numbering": {"errors"},
}
"""What each lower part of the package may import (top-level names under the package)."""


def part(name: str) -> str:
    """The top-level part of the package a module belongs to: ``games`` for
    ``solitaire_solver.games.windmill.rules``."""
    return name.split(".")[1] if name != PACKAGE else ""


def test_the_lower_parts_import_nothing_above_them() -> None:
    edges, _ = graph()
    above = sorted(
        f"{name} imports {target}"
        for name, targets in edges.items()
        if part(name) in LAYERS
        for target in targets
        if part(target) != part(name) and part(target) not in LAYERS[part(name)]
    )
    assert not above, "\n".join(above)


NEVER = {
    # The engine knows no game, no advice and no page.
    "search": {"games", "advice", "pages", "cli", "stats", "request", "api", "records"},
    # A game knows no advice, no page and no command.
    "games": {"advice", "pages", "cli", "stats", "request", "api"},
    # The advice (what to play, the game in play) is shown by the pages and the commands,
    # and knows neither.
    "advice": {"pages", "cli"},
    # A page is reached from a command, never the other way round.
    "pages": {"cli"},
}
"""The arrows refused between the upper parts of the package: a part never imports these."""

SHARED_BY_PAGES = {"solitaire_solver.pages.words", "solitaire_solver.pages.viewer"}
"""What one page may take from another: the words of the advice, and the drawing of cards
on a board (the viewer's, which the browser game shares). Never a model of the game."""


def test_the_upper_parts_keep_their_arrows() -> None:
    edges, hidden = graph()
    for name, target, _ in hidden:
        edges[name].add(target)
    refused = sorted(
        f"{name} imports {target}"
        for name, targets in edges.items()
        if part(name) in NEVER
        for target in targets
        if part(target) in NEVER[part(name)]
    )
    assert not refused, "\n".join(refused)


def test_a_page_takes_only_words_and_drawing_from_another() -> None:
    edges, hidden = graph()
    for name, target, _ in hidden:
        edges[name].add(target)

    def page(name: str) -> str:
        # The page a module belongs to: pages.web.table -> pages.web.
        return ".".join(name.split(".")[:3])

    crossing = sorted(
        f"{name} imports {target}"
        for name, targets in edges.items()
        if part(name) == "pages"
        for target in targets
        if part(target) == "pages"
        and page(target) != page(name)
        and target not in SHARED_BY_PAGES
        and target != "solitaire_solver.pages"
    )
    assert not crossing, "\n".join(crossing)
    # The game in play is the advice's: the browser's table takes it from there.
    assert "solitaire_solver.advice.session" in edges["solitaire_solver.pages.web.table"]


# ---------------------------------------------------------------- the tests and the scripts

PROJECT = ROOT.parent
"""The project folder: the package, the tests, the benchmarks and the docs."""


def imported_names(path: Path) -> Iterator[tuple[str, int]]:
    """Each module ``path`` imports, anywhere in the file, with its line; a relative import
    is resolved against the folder ``path`` sits in, as a dotted name from the project."""
    here = list(path.relative_to(PROJECT).parent.parts)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            yield module, node.lineno
            # ``from . import test_x`` names the module in the imported names.
            for alias in node.names:
                yield f"{module}.{alias.name}", node.lineno


def is_test_file(module: str) -> bool:
    """Whether a dotted name is a test file of the suite
    (``tests.games.windmill.test_windmill``, say)."""
    parts = module.split(".")
    return parts[0] == "tests" and any(p.startswith("test_") for p in parts[1:])


def test_the_import_reader_names_test_files_and_modules() -> None:
    assert is_test_file("tests.games.test_windmill")
    assert not is_test_file("tests.support") and not is_test_file("tests.helpers")
    one = PROJECT / "tests" / "test_imports.py"
    names = {name for name, _ in imported_names(one)}
    assert "solitaire_solver" in names and "ast" in names


def test_no_test_file_imports_another() -> None:
    # Shared positions and checks live in tests.helpers, shared
    # pytest helpers in tests/support.py: a test file that imports another
    # runs that file's module-level setup and ties the two together.
    found = [
        f"{path.relative_to(PROJECT)}:{line} imports {name}"
        for path in sorted((PROJECT / "tests").rglob("*.py"))
        for name, line in imported_names(path)
        if is_test_file(name)
    ]
    assert not found, "\n".join(found)


def test_no_script_changes_the_import_path() -> None:
    # A benchmark or a docs script that needs tests.helpers is run from the
    # project folder with PYTHONPATH=. (or as pytest runs benchmarks/bench):
    # none puts folders on sys.path itself.
    scripts = [*(PROJECT / "benchmarks").rglob("*.py"), *(PROJECT / "docs").rglob("*.py")]
    found = [
        f"{path.relative_to(PROJECT)}:{node.lineno}"
        for path in sorted(scripts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute)
        and node.attr == "path"
        and isinstance(node.value, ast.Name)
        and node.value.id == "sys"
    ]
    assert not found, "sys.path used at:\n" + "\n".join(found)


def test_the_helpers_need_only_the_package_and_the_standard_library() -> None:
    # Benchmarks and the docs' scripts import them where pytest and Hypothesis may be missing.
    outside = [
        f"{path.relative_to(PROJECT)}:{line} imports {name}"
        for path in sorted((PROJECT / "tests" / "helpers").rglob("*.py"))
        for name, line in imported_names(path)
        if name.split(".")[0] not in {PACKAGE, *sys.stdlib_module_names}
        and not name.startswith("tests.helpers")
    ]
    assert not outside, "\n".join(outside)

"""The README's set-up and command list say what a newcomer needs, and the tests keep to it."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import solitaire_solver
from solitaire_solver.cli import build_parser
from tests.support import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    """The text of the README's ``## title`` section."""
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end >= 0 else len(README)]


def test_set_up_makes_a_virtual_environment_before_pip_install() -> None:
    # A Debian or Ubuntu system Python refuses `pip install` outside a
    # virtual environment (PEP 668, "externally managed").
    commands = re.search(r"```sh\n(.*?)```", section("Set up"), re.DOTALL)
    assert commands is not None
    lines = commands.group(1).splitlines()
    assert lines[0] == "python3 -m venv .venv && . .venv/bin/activate"
    assert lines[1].startswith("python3 -m pip install .")
    assert "externally" in section("Set up")


def test_set_up_says_the_browser_tests_need_chromium_and_skip_without_it() -> None:
    text = " ".join(section("Set up").split())
    assert "`chromium` (`apt-get install chromium`)" in text
    assert "without it they skip" in text


def test_the_browser_tests_skip_where_chromium_is_missing() -> None:
    # Run them in a new process where no Chromium can be found, as on a
    # machine without Debian's package: every one skips, none fails.
    script = (
        "import sys, pytest, tests.chromium as c\n"
        "c.chromium_executable = lambda: None\n"
        "sys.exit(pytest.main(['-q', '-rs', '-p', 'no:cacheprovider', "
        "'tests/pages/test_viewer_browser.py']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"\b\d+ skipped\b", done.stdout), done.stdout
    assert not re.search(r"\b(passed|failed|error)\b", done.stdout), done.stdout
    assert "needs Chromium" in done.stdout


def test_the_command_list_names_every_command() -> None:
    listed = set(re.findall(r"^solitaire-solver (\w+)", section("The command line"), re.MULTILINE))
    parser = build_parser()
    commands = {
        name
        for action in parser._actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    }
    assert commands - listed == set()
    assert "solitaire-solver deals GAME --verify" in section("The command line")


def _anchors(text: str) -> set[str]:
    """The anchors GitHub makes of a Markdown file's headings (fenced code left out)."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        if fenced or not line.startswith("#"):
            continue
        slug = re.sub(r"[^\w\- ]", "", line.lstrip("#").strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found


def test_links_between_the_docs_resolve() -> None:
    # Every relative link of the README, the changelog and docs/ names a
    # file that exists, and a heading of it when it has an #anchor.
    files = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").rglob("*.md"))]
    bad = []
    for page in files:
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
        for target in re.findall(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            path, _, anchor = target.partition("#")
            dest = page.parent / path if path else page
            if not dest.exists():
                bad.append(f"{page.name}: {target}: no such file")
            elif (
                anchor
                and dest.suffix == ".md"
                and anchor not in _anchors(dest.read_text(encoding="utf-8"))
            ):
                bad.append(f"{page.name}: {target}: no such heading")
    assert bad == []


def _links(page: Path) -> set[Path]:
    """The files a Markdown page links to (fenced code left out), resolved."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    return {
        (page.parent / target.partition("#")[0]).resolve()
        for target in re.findall(r"(?<!!)\[[^\]]*\]\(([^)\s#]+)[^)\s]*\)", text)
        if not re.match(r"[a-z]+:", target)
    }


def test_the_docs_index_lists_every_page() -> None:
    # docs/README.md is the way into the docs: every page is listed there,
    # under one of the four kinds, and nothing sits loose at the top.
    docs = ROOT / "docs"
    index = docs / "README.md"
    pages = {p.resolve() for p in docs.rglob("*.md")} - {index.resolve()}
    assert pages - _links(index) == set()
    kinds = {"guides", "reference", "design", "results"}
    assert {p.relative_to(docs.resolve()).parts[0] for p in pages} <= kinds


def test_the_changelog_names_this_version() -> None:
    # The newest release in the changelog is the version the package and
    # pyproject.toml give, with an Unreleased section above it.
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (\S+)", changelog, re.MULTILINE)
    assert headings[0] == "Unreleased"
    assert headings[1] == solitaire_solver.__version__
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'\nversion = "{solitaire_solver.__version__}"\n' in pyproject

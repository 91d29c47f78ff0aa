"""The README's set-up and command list say what a newcomer needs, and the tests keep to it."""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from setuptools import Extension
from setuptools.command import build_ext
from setuptools.dist import Distribution

import solitaire_solver
from solitaire_solver.cli import build_parser
from tests.support import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
PACKAGE = "solitaire_solver"


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


# ---------------------------------------------------------------- the two entry points


def setup_script() -> ModuleType:
    """The project's setup.py as a module (its ``setup()`` runs only as the main module)."""
    spec = importlib.util.spec_from_file_location("project_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_build_puts_the_kernels_beside_their_sources_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `pip install .` builds in the project folder and installs elsewhere; `python -m
    # solitaire_solver` run from that folder imports the package there, which without the
    # kernels solved a Windmill fair hint 17 times slower than `solitaire-solver`. The build
    # leaves a copy of each kernel beside its C source. (Compiling is left out here: each
    # "kernel" is a few bytes; the slow test below builds the real ones.)
    script = setup_script()
    for ext in script.KERNELS:
        (tmp_path / Path(*ext.name.split(".")[:-1])).mkdir(parents=True)
    monkeypatch.chdir(tmp_path)

    def build_extension(self: build_ext.build_ext, ext: Extension) -> None:
        path = Path(self.get_ext_fullpath(ext.name))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(ext.name.encode())

    monkeypatch.setattr(build_ext.build_ext, "build_extension", build_extension)
    dist = Distribution(
        {
            "name": "solitaire_solver",
            "ext_modules": script.KERNELS,
            "cmdclass": {"build_ext": script.OptionalKernels},
        }
    )
    command = dist.get_command_obj("build_ext")
    command.build_lib = str(tmp_path / "build" / "lib")
    command.build_temp = str(tmp_path / "build" / "temp")
    command.ensure_finalized()
    command.run()
    for ext in script.KERNELS:
        built = Path(command.get_ext_fullpath(ext.name))
        beside = tmp_path / Path(*ext.name.split(".")[:-1]) / built.name
        assert built.is_relative_to(tmp_path / "build")
        assert beside.read_bytes() == ext.name.encode()


@pytest.mark.slow
def test_python_m_from_the_project_folder_has_the_kernels(tmp_path: Path) -> None:
    # The README's set-up for real, in a copy of the project: pip install . into a fresh
    # virtual environment, then both entry points from the project folder.
    project = tmp_path / "project"
    files = subprocess.run(
        ["git", "ls-files", "setup.py", "pyproject.toml", "README.md", "MANIFEST.in", PACKAGE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for name in files:
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / name, project / name)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    python = venv / "bin" / "python"
    subprocess.run(
        [python, "-m", "pip", "install", "-q", "."], cwd=project, check=True, timeout=600
    )
    for argv in ([python, "-m", PACKAGE], [venv / "bin" / "solitaire-solver"]):
        done = subprocess.run(
            [*argv, "--version"], cwd=project, capture_output=True, text=True, check=True
        )
        assert "compiled kernels: eagle-wing, windmill" in done.stdout, (argv, done.stdout)

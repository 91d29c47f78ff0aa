"""Whole ``stats`` commands of two checkouts side by side, in turns, each into a fresh store.

Runs ``python -m solitaire_solver stats PRESET --deals RANGE --db NEW --jobs J``
(with ``--verify`` when asked) once per checkout, per number of jobs and per
round, alternating which checkout goes first, and prints for each the wall
clock, deals a second, the CPU time of the command and its workers together,
and the size of the store. Each checkout runs its own code
(``PYTHONPATH=CHECKOUT``) under this interpreter; the verdict counts must
agree, or the script says so.

Run from the project folder, for example against a checkout of the code
before a change (``git worktree add ../old COMMIT``)::

    nice python benchmarks/stats/stats_runs.py decade 1-200000 --tree old=../old --tree new=. \\
        --jobs 1 --jobs 2 --verify --rounds 2
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run_stats(tree: Path, args: list[str], folder: Path) -> tuple[float, float, dict[str, object]]:
    """One command: wall seconds, CPU seconds (itself and its workers) and its JSON summary."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, "-m", "solitaire_solver", "stats", *args, "--json"]
    started = time.perf_counter()
    with subprocess.Popen(
        command, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    ) as process:
        assert process.stdout is not None
        out = process.stdout.read()
        # wait4 gives the command's own usage with that of the children it
        # waited for: a pool's workers are joined before it exits.
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} in {tree} exited with {process.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, json.loads(out)


def where_from(tree: Path) -> str:
    """The folder the package is imported from with ``PYTHONPATH=tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    code = "import solitaire_solver, os; print(os.path.dirname(solitaire_solver.__file__))"
    # From another folder: ``-c`` puts the working folder first on the path.
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=tempfile.gettempdir(),
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def main(argv: list[str] | None = None) -> int:
    """Run every command in turns and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("preset")
    parser.add_argument("deals")
    parser.add_argument(
        "--tree", action="append", required=True, help="NAME=PATH of a checkout (twice or more)"
    )
    parser.add_argument("--jobs", action="append", type=int, help="worker processes (repeatable)")
    parser.add_argument("--verify", action="store_true", help="replay every winning line")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args(argv)
    trees = {}
    for item in args.tree:
        name, _, path = item.partition("=")
        trees[name] = Path(path).resolve()
        print(f"{name}: {where_from(trees[name])}")
    jobs_list = args.jobs or [2]
    walls: dict[tuple[str, int], list[float]] = {}
    cpus: dict[tuple[str, int], list[float]] = {}
    sizes: dict[tuple[str, int], int] = {}
    counts: dict[tuple[str, int], tuple[object, ...]] = {}
    count = 0
    names = list(trees)
    for round_ in range(args.rounds):
        for jobs in jobs_list:
            order = names if round_ % 2 == 0 else names[::-1]
            for name in order:
                with tempfile.TemporaryDirectory() as tmp:
                    folder = Path(tmp)
                    command = [args.preset, "--deals", args.deals, "--db", "run.sqlite"]
                    command += ["--jobs", str(jobs)] + (["--verify"] if args.verify else [])
                    wall, cpu, doc = run_stats(trees[name], command, folder)
                    size = sum(f.stat().st_size for f in folder.glob("run.sqlite*"))
                key = (name, jobs)
                walls.setdefault(key, []).append(wall)
                cpus.setdefault(key, []).append(cpu)
                sizes[key] = size
                counts[key] = (doc["won"], doc["lost"], doc["unknown"], doc.get("verified"))
                count = int(str(doc["deals"]))
                print(
                    f"  round {round_ + 1} {name} jobs={jobs}: {wall:.2f} s, {cpu:.2f} s CPU, "
                    f"load {os.getloadavg()[0]:.1f}",
                    flush=True,
                )
    verify = " --verify" if args.verify else ""
    print(f"\n{args.preset} {args.deals}{verify}: {count} deals, {args.rounds} rounds in turns")
    print("  checkout  jobs  best wall  median wall  deals/s (best)  CPU a deal (least)  store")
    for key, t in walls.items():
        name, jobs = key
        print(
            f"  {name:<8}  {jobs:>4}  {min(t):8.2f} s  {statistics.median(t):9.2f} s  "
            f"{count / min(t):14.0f}  {min(cpus[key]) / count * 1e6:15.1f} us  "
            f"{sizes[key] / 1e6:6.1f} MB"
        )
    if len(set(counts.values())) > 1:
        print(f"  the verdicts differ: {counts}")
        return 1
    print(f"  every run: won, lost, unknown, verified = {next(iter(counts.values()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

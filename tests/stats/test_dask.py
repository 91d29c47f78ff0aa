"""Dask: bad addresses, schedulers that do not answer, and one lost during a run.

Each failure must be one line on standard error and exit status 2, at once:
no traceback, and no wait in the client's clean-up at exit.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from solitaire_solver import make_game
from solitaire_solver.errors import ClusterError
from solitaire_solver.records.store import Store, StoreKey
from solitaire_solver.stats import connect_dask, solve_deals
from tests.support import ROOT, row_count, run_cli, run_module

distributed = pytest.importorskip("distributed")


@pytest.fixture(autouse=True)
def _restore_log_levels() -> Iterator[None]:
    """The command line silences Dask's loggers; give other tests theirs back."""
    levels = {name: logging.getLogger(name).level for name in logging.Logger.manager.loggerDict}
    yield
    for name, level in levels.items():
        logging.getLogger(name).setLevel(level)


def assert_one_line_error(code: int, out: str, err: str, *words: str) -> None:
    assert code == 2, err
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("solitaire-solver: error: ")
    assert "Traceback" not in err
    for word in words:
        assert word in lines[0]


def no_client_left() -> bool:
    """Whether no Dask client object is alive: one that failed to start waits at exit."""
    gc.collect()
    return not any(isinstance(o, distributed.Client) for o in gc.get_objects())


@pytest.mark.parametrize(
    ("address", "words"),
    [
        ("nonsense", ["bad Dask scheduler address 'nonsense'", "port"]),
        ("tcp://host:notaport", ["bad Dask scheduler address"]),
        ("tcp://127.0.0.1:99999", ["bad Dask scheduler address", "port"]),
        ("foo://x:1", ["bad Dask scheduler address", "scheme 'foo'"]),
        ("tcp://127.0.0.1:1", ["cannot reach the Dask scheduler at 'tcp://127.0.0.1:1'"]),
        ("tcp://no-such-host.invalid:8786", ["cannot reach the Dask scheduler"]),
    ],
)
def test_a_bad_or_unreachable_address_is_one_line_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, address: str, words: list[str]
) -> None:
    db = str(tmp_path / "s.sqlite")
    start = time.monotonic()
    code, out, err = run_cli(
        capsys, "stats", "decade", "--deals", "1-5", "--dask", address, "--db", db
    )
    assert_one_line_error(code, out, err, *words)
    assert time.monotonic() - start < 5
    assert no_client_left()


def test_a_bad_address_ends_the_program_at_once() -> None:
    # In a process of its own: a client that failed to start used to print
    # a traceback and then wait 40 s in its clean-up at exit.
    start = time.monotonic()
    run = run_module("stats", "decade", "--deals", "1-5", "--dask", "nonsense")
    seconds = time.monotonic() - start
    assert_one_line_error(run.returncode, run.stdout, run.stderr, "nonsense")
    # Importing distributed alone takes seconds on a slow disk.
    assert seconds < 15, f"took {seconds:.1f} s"


@pytest.fixture
def silent_server() -> Iterator[str]:
    """An address where something accepts connections and never says a word."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(8)
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"


def test_a_scheduler_that_does_not_answer_times_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, silent_server: str
) -> None:
    db = str(tmp_path / "s.sqlite")
    start = time.monotonic()
    code, out, err = run_cli(
        capsys,
        "stats",
        "decade",
        "--deals",
        "1-5",
        "--dask",
        silent_server,
        "--dask-timeout",
        "0.5",
        "--db",
        db,
    )
    assert_one_line_error(
        code, out, err, f"the Dask scheduler at '{silent_server}' did not answer within 0.5 s"
    )
    assert time.monotonic() - start < 3
    assert no_client_left()


def test_the_library_raises_cluster_errors(silent_server: str) -> None:
    with pytest.raises(ClusterError, match="bad Dask scheduler address 'nonsense'"):
        connect_dask("nonsense")
    start = time.monotonic()
    with pytest.raises(ClusterError, match="cannot reach"):
        solve_deals("decade", "1-3", dask="tcp://127.0.0.1:1", jobs=2)
    with pytest.raises(ClusterError, match=r"did not answer within 0\.5 s"):
        connect_dask(silent_server, timeout=0.5)
    with pytest.raises(ClusterError, match="expected a scheduler address"):
        connect_dask(8786)
    assert time.monotonic() - start < 5


CLUSTER = """
import sys, time
from distributed import LocalCluster
cluster = LocalCluster(
    n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None,
    scheduler_port=0, protocol="tcp://", host="127.0.0.1",
)
print(cluster.scheduler_address, flush=True)
time.sleep(600)
"""
"""A scheduler and its worker in one process, for the test to kill."""


def test_a_scheduler_lost_mid_run_is_one_line_and_keeps_the_results(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cluster = subprocess.Popen(
        [sys.executable, "-c", CLUSTER],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        start_new_session=True,
    )
    db = tmp_path / "mid.sqlite"
    run = None
    try:
        assert cluster.stdout is not None
        address = cluster.stdout.readline().strip()
        assert address.startswith("tcp://"), address
        run = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "solitaire_solver",
                "stats",
                "decade",
                "--deals",
                "1-1000000",
                "--dask",
                address,
                "--db",
                str(db),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=tmp_path,
        )
        deadline = time.monotonic() + 60
        while row_count(db) < 30:
            assert run.poll() is None, run.communicate()
            assert time.monotonic() < deadline, "stored under 30 deals in 60 s"
            time.sleep(0.02)
        os.killpg(cluster.pid, signal.SIGKILL)
        lost = time.monotonic()
        out, err = run.communicate(timeout=30)
        seconds = time.monotonic() - lost
    finally:
        if cluster.poll() is None:
            os.killpg(cluster.pid, signal.SIGKILL)
        cluster.wait()
        if run is not None and run.poll() is None:
            run.kill()
            run.wait()
    assert run.returncode == 2, err
    assert out == ""
    lines = err.splitlines()
    assert lines[-1].startswith(f"solitaire-solver: error: lost the Dask scheduler at '{address}'")
    assert "Traceback" not in err
    # Before the error: the store's path, the plan and maybe progress lines.
    assert all(
        line.startswith(("solitaire-solver: results store", "decade: ")) for line in lines[:-1]
    )
    assert seconds < 15, f"took {seconds:.1f} s to notice"
    # The deals that finished are stored, as a clean run gives them.
    with Store(db) as store:
        stored = store.get(StoreKey.of(make_game("decade")))
    assert len(stored) >= 30
    sample = sorted(int(d) for d in stored)[:: max(1, len(stored) // 40)]
    assert [stored[str(n)] for n in sample] == solve_deals("decade", sample)

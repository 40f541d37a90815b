"""The ports the tests' servers listen on (bench/harness.py: free_port): each test worker has a
range of its own below the kernel's, so no two servers of a run are given one port, and a port
taken by something else is passed over, never handed out."""

from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import harness


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch):
    """Be test worker `name` of a run that has handed out no port yet."""

    def be(name: str) -> None:
        monkeypatch.setenv("PYTEST_XDIST_WORKER", name)
        monkeypatch.delenv(harness.PORTS_HANDED_DOWN, raising=False)
        monkeypatch.setattr(harness, "_ports_given", 0)

    return be


def ports_of(worker, name: str, count: int) -> list[int]:
    worker(name)
    return [harness.free_port() for _ in range(count)]


def test_two_workers_are_never_given_the_same_port(worker):
    first, second = ports_of(worker, "gw0", 20), ports_of(worker, "gw1", 20)
    assert len(set(first)) == len(set(second)) == 20
    assert not set(first) & set(second)


def test_the_ports_lie_below_the_kernels_own(worker):
    lowest_of_the_kernel = int(
        Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0]
    )
    for name in ("gw0", "gw1", "gw2", "gw7"):
        assert max(ports_of(worker, name, 3)) < lowest_of_the_kernel


def test_a_port_something_else_holds_is_passed_over(worker, monkeypatch):
    worker("gw3")
    first = harness.free_port()
    monkeypatch.setattr(harness, "_ports_given", 0)  # as if it had not been handed out
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", first))
        assert harness.free_port() != first


def test_a_block_handed_down_is_never_given_here_and_is_all_the_child_takes(worker, monkeypatch):
    worker("gw2")
    handed = harness.ports_to_hand_down(5)
    first, last = (int(end) for end in handed[harness.PORTS_HANDED_DOWN].split("-"))
    block = set(range(first, last + 1))
    assert len(block) == 5
    assert not block & {harness.free_port() for _ in range(10)}
    monkeypatch.setenv(harness.PORTS_HANDED_DOWN, handed[harness.PORTS_HANDED_DOWN])
    monkeypatch.setattr(harness, "_ports_given", 0)  # the child process starts counting afresh
    assert harness.free_port() in block

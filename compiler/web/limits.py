"""Every bound the playground server enforces, in one place (the README lists the values).

Specs and requests come from a browser and are untrusted: each request body, spec and game
history has a size limit, each piece of work a time limit (enforced by killing the worker
process that runs it), and each lane of work a bounded number of worker processes and of
requests waiting for one.  Beyond that a request is refused at once (503), never queued
without end.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LANES = ("edit", "play", "compare")
"""Work lanes, each with its own worker processes, so a long comparison never delays the
diagnostics of the editor: edit = check and explain, play = game steps, compare = comparisons."""

KIND_LANE = {"check": "edit", "explain": "edit", "play": "play", "compare": "compare"}
"""The lane each kind of work runs in."""


@dataclass(frozen=True)
class Limits:
    """The server's bounds; `durakc serve` options override some of them."""

    max_body: int = 256 * 1024
    """Bytes of a request body (larger: 413 without reading it)."""
    max_spec: int = 64 * 1024
    """Characters of a spec's text (a bundled spec is about 1 KB)."""
    max_history: int = 5000
    """Actions in a game's history (a game is about 100)."""
    max_action_text: int = 100
    """Characters of one action's text."""
    max_games: int = 5000
    """Games per variant in one comparison."""
    max_witness_games: int = 200
    """Joint playouts a comparison searches for a witness position."""
    time_limits: dict = field(default_factory=lambda: {
        "check": 10.0, "explain": 10.0, "play": 20.0, "compare": 120.0})
    """Seconds one piece of work may run before its worker process is killed."""
    bot_budget: float = 3.0
    """Seconds bots may think in one play request; then it returns and the page asks again."""
    workers: int = 1
    """Worker processes per lane."""
    queue: int = 8
    """Requests per lane that may wait for a worker (more: 503 at once)."""
    queue_wait: float = 30.0
    """Seconds a request may wait for a worker before it is refused (503)."""
    recycle_after: int = 500
    """Tasks after which a worker process is replaced (it caches engines it has loaded)."""
    max_memory: int = 2 * 1024 ** 3
    """Bytes of address space of a worker process (Linux: RLIMIT_AS), 0 for no limit."""
    max_connections: int = 64
    """Connections handled at once; more are answered 503 and closed."""
    socket_timeout: float = 20.0
    """Seconds a connection may stay silent while a request is read."""
    request_deadline: float = 10.0
    """Seconds a client has to send a whole request (line, headers and body); then the
    connection is closed.  When every connection is taken, the one that has been sending
    its request longest is closed at once to let a new one in."""
    max_diagnostics: int = 100
    """Diagnostics sent for one spec (the first ones by line and column; the rest counted)."""
    max_engines: int = 32
    """Engines a worker process keeps compiled on disk (the oldest used is removed first)."""
    max_jobs: int = 32
    """Comparison jobs kept (running or finished, for their results); older finished ones go."""
    job_ttl: float = 600.0
    """Seconds a finished job's result is kept."""

    def time_limit(self, kind: str) -> float:
        """The time limit of one kind of work (check, explain, play, compare)."""
        return float(self.time_limits[kind])

    def as_json(self) -> dict:
        """The limits the page shows and respects."""
        return {"max_body": self.max_body, "max_spec": self.max_spec,
                "max_history": self.max_history, "max_games": self.max_games,
                "max_diagnostics": self.max_diagnostics,
                "time_limits": dict(self.time_limits), "workers": self.workers,
                "queue": self.queue}

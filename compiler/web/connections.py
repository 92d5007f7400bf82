"""The playground's HTTP server class: a bounded number of connections, each request with a
deadline, and slow senders never able to keep everyone else out.

A socket timeout bounds one read, not a request: a client that sends a byte every few
seconds would hold its connection (and its place among `max_connections`) for ever.  So the
server notes when each connection began sending its request, and a reaper thread closes
any connection still sending after `deadline` seconds (shut down both ways: a read waiting
on it returns at once, and its handler answers nothing).  When every place is taken, the connection that has been sending its request
longest (and at least `_SLOW` seconds) is cut at once to make room, so a normal request is
served while slow ones are open; only connections whose requests are being worked on make
a newcomer wait (503).
"""

from __future__ import annotations

import socket
import sys
import threading
import time
import traceback
from http.server import ThreadingHTTPServer

_BUSY = (b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: application/json\r\n"
         b"Connection: close\r\n\r\n"
         b'{"error": {"code": "busy", "message": "too many connections: try again"}}')
_SLOW = 0.5          # seconds of sending a request after which a connection may be cut for room
_REAP_EVERY = 0.2    # seconds between the reaper's rounds


class Server(ThreadingHTTPServer):
    """A threading HTTP server: at most `max_connections` connections at once, each
    request to be sent within `deadline` seconds."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128       # the listen backlog: a burst of connections waits, unrefused

    def __init__(self, address, handler, max_connections: int, deadline: float):
        self._slots = threading.BoundedSemaphore(max_connections)
        self._lock = threading.Lock()
        self._sending: dict[socket.socket, float] = {}   # connection -> when its request began
        self._cut: set[socket.socket] = set()
        self._holding: set[socket.socket] = set()     # connections holding one of the places
        self._closing = threading.Event()
        self.deadline = deadline
        self.stop_requested = False          # set by a signal handler; the loop stops on it
        if ":" in address[0]:                      # an IPv6 address such as ::1
            self.address_family = socket.AF_INET6
        super().__init__(address, handler)
        threading.Thread(target=self._reap, daemon=True, name="reaper").start()

    # -- places --------------------------------------------------------------------------------
    def process_request(self, request, client_address):
        if not self._slots.acquire(blocking=False) and not (
                self._cut_slowest() and self._slots.acquire(timeout=1.0)):
            try:
                request.sendall(_BUSY)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        with self._lock:
            self._sending[request] = time.monotonic()
            self._holding.add(request)
        try:
            super().process_request(request, client_address)
        except BaseException:
            # An exception (a KeyboardInterrupt from a caller's own handler) can land while
            # the handler's thread starts: the thread, if it runs, gives the place back too,
            # so a second release must not replace the exception with a ValueError.
            self._give_back(request)
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._give_back(request)

    def _give_back(self, request) -> None:
        """Free the place `request` holds, once, whoever asks first."""
        with self._lock:
            if request not in self._holding:
                return
            self._holding.discard(request)
            self._sending.pop(request, None)
            self._cut.discard(request)
        self._slots.release()

    def service_actions(self):
        """Between two polls (at most `poll_interval` apart): leave `serve_forever` when a
        stop was asked for.  Raising here, not in the signal handler, keeps Ctrl-C from
        landing inside a lock's release while a handler thread starts, where it became a
        RuntimeError that the server logged and served on."""
        if self.stop_requested:
            raise KeyboardInterrupt

    def server_close(self):
        self._closing.set()
        super().server_close()

    # -- requests being sent -------------------------------------------------------------------
    def request_read(self, conn) -> None:
        """The handler has read the whole request of `conn`: its deadline no longer runs."""
        with self._lock:
            self._sending.pop(conn, None)

    def was_cut(self, conn) -> bool:
        """True when `conn` was cut for taking too long to send its request."""
        with self._lock:
            return conn in self._cut

    def _cut_off(self, conn) -> None:
        """(Lock held.) Close `conn` both ways: a read waiting on it returns at once."""
        self._sending.pop(conn, None)
        self._cut.add(conn)
        try:
            conn.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def _cut_slowest(self) -> bool:
        """Cut the connection sending its request the longest (at least `_SLOW` s); False
        when there is none."""
        with self._lock:
            if not self._sending:
                return False
            conn, began = min(self._sending.items(), key=lambda item: item[1])
            if time.monotonic() - began < _SLOW:
                return False
            self._cut_off(conn)
            return True

    def _reap(self) -> None:
        while not self._closing.wait(_REAP_EVERY):
            now = time.monotonic()
            with self._lock:
                for conn in [c for c, began in self._sending.items()
                             if now - began > self.deadline]:
                    self._cut_off(conn)

    def handle_error(self, request, client_address):
        """A client that went away is one line on stderr; anything else its traceback."""
        error = sys.exc_info()[1]
        if self.was_cut(request) or self._closing.is_set():   # cut, or the server stopping
            return
        if isinstance(error, (ConnectionError, TimeoutError)):
            print(f"durakc serve: {client_address[0]} went away before its answer was sent "
                  f"({type(error).__name__})", file=sys.stderr)
            return
        traceback.print_exc(file=sys.stderr)

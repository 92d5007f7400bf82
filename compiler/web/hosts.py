"""Which `Host` a request may name (no DNS rebinding), and which addresses are loopback.

A page of another site can make the browser send requests to the playground under the
other site's name (DNS rebinding: evil.example resolving to 127.0.0.1).  So a request is
answered only when its `Host` is one the server was asked to be reached by: the localhost
names, the address it is bound to, names given with ``--allow-host``, and IP addresses (a
page whose origin is an IP address is the server's own origin, never another site's): any
loopback address, and for a server bound to every interface (0.0.0.0, ::) any address.
"""

from __future__ import annotations

import ipaddress

LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
"""Names of this machine that are always allowed."""

WILDCARDS = frozenset({"", "0.0.0.0", "::"})
"""Bind addresses that mean every interface."""


def is_loopback(host: str) -> bool:
    """True for localhost and the loopback addresses (127.0.0.0/8, ::1)."""
    name = host.strip("[]").lower().rstrip(".")
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def host_name(header: str) -> str:
    """The name of a `Host` header without its port or brackets, lower case."""
    host = header.strip()
    if host.startswith("["):
        host = host[1:host.index("]")] if "]" in host else host[1:]
    elif host.count(":") == 1:
        host = host.rsplit(":", 1)[0]
    return host.lower().rstrip(".")


class HostCheck:
    """The `Host` names a server bound to `bound` answers (plus `extra` names)."""

    def __init__(self, bound: str, extra=()):
        self.names = set(LOCAL_NAMES) | {host_name(bound)} | {host_name(n) for n in extra}
        self.any_address = bound.strip("[]") in WILDCARDS

    def __call__(self, header: str | None) -> bool:
        """True when a request with this `Host` header may be answered."""
        name = host_name(header or "")
        if name in self.names:
            return True
        try:
            address = ipaddress.ip_address(name)
        except ValueError:
            return False
        return address.is_loopback or self.any_address

"""The client's address as the sign-in throttle counts it: the connecting peer, or, when
that peer is one of the configured reverse proxies, the address the proxies name.

Any client can write ``X-Forwarded-For``; only the proxies' own entries can be believed.
The header is read from the right (the entry the nearest proxy appended) leftwards past
every trusted proxy; the first address that is not one is the client. With no proxies
configured (the default) the header is never read.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """Addresses or networks (``10.0.0.0/8``); ValueError names the first that is neither."""
    return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in entries)


def _trusted(address: str, proxies: tuple[Network, ...]) -> bool:
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(parsed in network for network in proxies)


def client_address(
    peer: str | None, forwarded_for: str | None, proxies: tuple[Network, ...]
) -> str | None:
    """The address to count attempts against (None: not known)."""
    if peer is None or not proxies or not _trusted(peer, proxies):
        return peer
    hops = [hop.strip() for hop in (forwarded_for or "").split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _trusted(hop, proxies):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                return peer  # a proxy that writes nonsense: count against the proxy
    return peer

"""TLS for hosted tables (optional): a host given a certificate and its key serves wss://, and a client trusts the
system's certificate authorities, or a certificate file it was given (a host's own self-signed one)."""

from __future__ import annotations

import ssl
from pathlib import Path


def server_context(cert: Path, key: Path) -> ssl.SSLContext:
    """A host's TLS context from a certificate chain and its key (PEM files); OSError / SSLError if unusable."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


def client_context(trusted: Path | None = None) -> ssl.SSLContext:
    """A client's TLS context: the system's authorities, or only the certificate(s) in `trusted` (PEM)."""
    context = ssl.create_default_context(cafile=str(trusted) if trusted is not None else None)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context

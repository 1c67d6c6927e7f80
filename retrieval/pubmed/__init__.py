"""Literature on demand (issue 42): PubMed abstracts fetched through NCBI E-utilities for the queries
the local library answers poorly. ``client`` speaks the protocol, ``cache`` keeps each query and PMID,
``records`` reads EFetch replies with the project's PubMed XML ingestion, ``fetch`` ties them together.
Nothing here runs unless ``CAUSEWAY_PUBMED__ENABLED`` is on; engine.ondemand adds what comes back to
the index and its claim store."""

"""One module per ``python -m engine`` command."""

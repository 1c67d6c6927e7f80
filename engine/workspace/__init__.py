"""The graph being edited: edits, the editing session, and saved workspaces."""

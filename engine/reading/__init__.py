"""Reading sentences into statements: the language layer, the rule reader and the parse reader."""
